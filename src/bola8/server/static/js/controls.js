// The stroke controls: power (cue speed), spin (tip position on the ball, inside the miscue
// limit), elevation, the cue. Values in the units of the Strike (physics/strike.py): speed m/s in
// (0, 12], a and b fractions of the radius (a right, b up), theta degrees in [0, 80], cue one of the
// simulator's named cues (physics/params.py CUES; "playing" is the default and is not sent).
//
// On a phone the same values are set by a pull-back strip beside the table (drag down to draw the
// cue back, let go to shoot) and a small cue ball that opens the spin widget; on a desktop by the
// slider, the widget and the keyboard.
import { t } from "./i18n.js";
import { clampTip } from "./geometry.js";
import { el } from "./dom.js";
import { members, named } from "./names.js";

// the simulator's miscue limit, sqrt(a^2 + b^2) <= limit (physics/params.py CueParams), from /api/meta
export function miscueLimit(meta) {
  return Object.values(meta.tables)[0].miscue_limit;
}

export const MAX_SPEED = 10;   // the controls' top; the simulator accepts up to 12 m/s

// the simulator's named cues and their names come from /api/meta (physics/params.py CUES, CUE_LABELS):
// a light jump cue lifts an elevated stroke over a ball where the heavy playing cue traps it against
// the slate. The playing cue is the simulator's default: a stroke with it names no cue.
const PLAYING_CUE = "playing";
export const MIN_SPEED = 0.2;

function drawTipBall(canvas, a, b, limit, size) {
  const ctx = canvas.getContext("2d");
  const R = size * 0.45, cx = size / 2, cy = size / 2;
  ctx.clearRect(0, 0, size, size);
  const g = ctx.createRadialGradient(cx - R / 3, cy - R / 2.7, R * 0.08, cx, cy, R);
  g.addColorStop(0, "#ffffff"); g.addColorStop(1, "#cfcfc4");
  ctx.beginPath(); ctx.arc(cx, cy, R, 0, 2 * Math.PI); ctx.fillStyle = g; ctx.fill();
  ctx.strokeStyle = "#777"; ctx.lineWidth = 1; ctx.stroke();
  // the miscue limit
  ctx.beginPath(); ctx.arc(cx, cy, R * limit, 0, 2 * Math.PI);
  ctx.setLineDash([4, 3]); ctx.strokeStyle = "#c0392b"; ctx.stroke(); ctx.setLineDash([]);
  ctx.strokeStyle = "rgba(0,0,0,0.15)";
  ctx.beginPath(); ctx.moveTo(cx - R, cy); ctx.lineTo(cx + R, cy); ctx.moveTo(cx, cy - R); ctx.lineTo(cx, cy + R); ctx.stroke();
  const tx = cx + a * R, ty = cy - b * R;
  ctx.beginPath(); ctx.arc(tx, ty, Math.max(3, size * 0.066), 0, 2 * Math.PI); ctx.fillStyle = "#3d6fb6"; ctx.fill();
  ctx.strokeStyle = "#fff"; ctx.lineWidth = 2; ctx.stroke();
}

function crisp(canvas, size) {
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = `${size}px`; canvas.style.height = `${size}px`;
  canvas.width = size * dpr; canvas.height = size * dpr;
  canvas.getContext("2d").setTransform(dpr, 0, 0, dpr, 0, 0);
}

export class StrokeControls {
  constructor(root, onChange, miscueLimit = 0.5) {
    this.limit = miscueLimit;
    this.speed = 2.5; this.a = 0; this.b = 0; this.theta = 0; this.cue = PLAYING_CUE;
    this.onChange = onChange;
    this.powerValue = el("output", { class: "value", "data-testid": "power-value" });
    this.power = el("input", { type: "range", min: String(MIN_SPEED), max: String(MAX_SPEED), step: "0.1", value: String(this.speed), "data-testid": "power", "aria-label": t("power") });
    this.power.addEventListener("input", () => { this.speed = Number(this.power.value); this.update(); });
    this.spinCanvas = el("canvas", { class: "spin", "data-testid": "spin", role: "img", "aria-label": t("spin_keys") });
    this.spinValue = el("output", { class: "value", "data-testid": "spin-value" });
    this.elev = el("input", { type: "range", min: "0", max: "60", step: "1", value: "0", "data-testid": "elevation", "aria-label": t("elevation") });
    this.elevValue = el("output", { class: "value" });
    this.elev.addEventListener("input", () => { this.theta = Number(this.elev.value); this.update(); });
    this.cueSelect = el("select", { "data-testid": "cue", "aria-label": t("cue") },
      members("cues").map((name) => el("option", { value: name }, named("cues", name))));
    this.cueSelect.addEventListener("change", () => { this.cue = this.cueSelect.value; this.update(); });
    const centre = el("button", { class: "small", type: "button", "data-testid": "spin-centre" }, t("centre"));
    // a centre-ball stroke: no spin and the cue level
    centre.addEventListener("click", () => { this.a = 0; this.b = 0; this.setElevation(0); });
    this.spinBox = el("div", { class: "control spin-row" },
      el("div", {}, el("label", {}, t("spin"), " ", this.spinValue), this.spinCanvas, centre),
      el("div", { class: "elev" }, el("label", {}, t("elevation"), " ", this.elevValue), this.elev,
        el("label", { class: "cue" }, t("cue"), " ", this.cueSelect)));
    root.append(el("div", { class: "control power-row" }, el("label", {}, t("power"), " ", this.powerValue), this.power), this.spinBox);
    crisp(this.spinCanvas, 120);
    this.setupSpin();
    // the small cue ball of the phone's dock: it shows the tip and opens the widget
    this.mini = el("canvas", { class: "spin-mini", "data-testid": "spin-mini", role: "button", tabindex: "0", "aria-label": t("spin") });
    crisp(this.mini, 44);
    this.update(false);
  }

  setupSpin() {
    const c = this.spinCanvas;
    const set = (ev) => {
      const r = c.getBoundingClientRect();
      const a = ((ev.clientX - r.left) / r.width - 0.5) * 2 / 0.9;
      const b = -((ev.clientY - r.top) / r.height - 0.5) * 2 / 0.9;
      [this.a, this.b] = clampTip(a, b, this.limit);
      this.update();
    };
    c.addEventListener("pointerdown", (ev) => { c.setPointerCapture(ev.pointerId); set(ev); });
    c.addEventListener("pointermove", (ev) => { if (ev.buttons) set(ev); });
    // by keyboard: the arrows move the tip, Home strikes the centre
    c.setAttribute("tabindex", "0");
    c.addEventListener("keydown", (ev) => {
      const move = { ArrowUp: [0, 0.05], ArrowDown: [0, -0.05], ArrowLeft: [-0.05, 0], ArrowRight: [0.05, 0] }[ev.key];
      if (move) { this.nudgeTip(move[0], move[1]); ev.preventDefault(); }
      else if (ev.key === "Home") { this.nudgeTip(-this.a, -this.b); ev.preventDefault(); }
    });
  }

  // keyboard: move the tip by (da, db), kept inside the limit
  nudgeTip(da, db) { [this.a, this.b] = clampTip(this.a + da, this.b + db, this.limit); this.update(); }

  setElevation(v) { this.theta = Math.max(0, Math.min(60, Math.round(v))); this.elev.value = String(this.theta); this.update(); }

  update(notify = true) {
    this.powerValue.textContent = `${this.speed.toFixed(1)} m/s`;
    this.spinValue.textContent = `a ${this.a.toFixed(2)} · b ${this.b.toFixed(2)}`;
    this.elevValue.textContent = `${this.theta}°`;
    drawTipBall(this.spinCanvas, this.a, this.b, this.limit, 120);
    drawTipBall(this.mini, this.a, this.b, this.limit, 44);
    if (notify && this.onChange) this.onChange();
  }

  setSpeed(v) { this.speed = Math.max(MIN_SPEED, Math.min(MAX_SPEED, Math.round(v * 10) / 10)); this.power.value = String(this.speed); this.update(); }

  // a whole stroke as given (the coach's): kept exactly, not rounded to the slider's steps, so the
  // stroke sent is the one suggested; the tip still inside the miscue limit
  setStroke({ speed, a, b, theta, cue }) {
    this.speed = Math.max(MIN_SPEED, Math.min(12, speed));
    [this.a, this.b] = clampTip(a, b, this.limit);
    this.theta = Math.max(0, Math.min(60, theta));
    this.cue = members("cues").includes(cue) ? cue : PLAYING_CUE;
    this.power.value = String(this.speed); this.elev.value = String(this.theta); this.cueSelect.value = this.cue;
    this.update();
  }

  strike(phi) {
    const r = (v) => Math.round(v * 10000) / 10000;
    const stroke = { speed: r(this.speed), phi: r(phi), theta: this.theta, a: r(this.a), b: r(this.b) };
    if (this.cue !== PLAYING_CUE) stroke.cue = this.cue;
    return stroke;
  }
}

// The pull-back power strip: press, drag down to draw the cue back (the further, the harder), let
// go to shoot; let go back near the top to cancel. `onPull(speed | null)` follows the drag,
// `onRelease(speed)` shoots.
export function pullStrip(onPull, onRelease) {
  const fill = el("div", { class: "pull-fill" });
  const label = el("div", { class: "pull-label" }, t("pull"));
  const strip = el("div", { class: "pull", "data-testid": "pull", role: "slider", tabindex: "0", "aria-label": t("pull_hint"),
    "aria-valuemin": "0", "aria-valuemax": String(MAX_SPEED), "aria-valuenow": "0" }, fill, label);
  let start = null;
  const speedAt = (ev) => {
    const r = strip.getBoundingClientRect();
    const f = Math.max(0, Math.min(1, (ev.clientY - start) / (r.height * 0.85)));
    return f < 0.04 ? null : Math.max(MIN_SPEED, Math.round(f * MAX_SPEED * 10) / 10);
  };
  const show = (speed) => {
    fill.style.height = `${speed === null ? 0 : (speed / MAX_SPEED) * 100}%`;
    label.textContent = speed === null ? t("pull") : `${speed.toFixed(1)} m/s`;
    strip.setAttribute("aria-valuenow", speed === null ? "0" : String(speed));
  };
  strip.addEventListener("pointerdown", (ev) => { strip.setPointerCapture(ev.pointerId); start = ev.clientY; show(null); onPull(null); ev.preventDefault(); });
  strip.addEventListener("pointermove", (ev) => { if (start === null) return; const v = speedAt(ev); show(v); onPull(v); });
  const end = (ev, cancel) => {
    if (start === null) return;
    const v = cancel ? null : speedAt(ev);
    start = null; show(null); onPull(null);
    if (v !== null) onRelease(v);
  };
  strip.addEventListener("pointerup", (ev) => end(ev, false));
  // by keyboard: the arrows draw the cue back or let it forward, Enter or Space shoots, Escape lets go
  let held = null;
  strip.addEventListener("keydown", (ev) => {
    const step = { ArrowDown: 0.5, ArrowUp: -0.5, PageDown: 2, PageUp: -2 }[ev.key];
    if (step !== undefined) {
      held = Math.max(0, Math.min(MAX_SPEED, Math.round(((held || 0) + step) * 10) / 10));
      const v = held >= MIN_SPEED ? held : null; show(v); onPull(v); ev.preventDefault();
    } else if ((ev.key === "Enter" || ev.key === " ") && held !== null && held >= MIN_SPEED) {
      const v = held; held = null; show(null); onPull(null); onRelease(v); ev.preventDefault();
    } else if (ev.key === "Escape") { held = null; show(null); onPull(null); }
  });
  strip.addEventListener("pointercancel", (ev) => end(ev, true));
  return strip;
}
