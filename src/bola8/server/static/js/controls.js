// The stroke controls: power (cue speed), spin (tip position on the ball, inside the miscue
// limit), elevation. Values in the units of the Strike (physics/strike.py): speed m/s in (0, 12],
// a and b fractions of the radius (a right, b up), theta degrees in [0, 80].
import { t } from "./i18n.js";
import { clampTip } from "./geometry.js";
import { el } from "./dom.js";

export const MAX_SPEED = 10;   // the slider's top; the simulator accepts up to 12 m/s

export class StrokeControls {
  constructor(root, onChange, miscueLimit = 0.5) {
    this.limit = miscueLimit;
    this.speed = 2.5; this.a = 0; this.b = 0; this.theta = 0;
    this.onChange = onChange;
    this.powerValue = el("output", { class: "value", "data-testid": "power-value" });
    this.power = el("input", { type: "range", min: "0.2", max: String(MAX_SPEED), step: "0.1", value: String(this.speed), "data-testid": "power", "aria-label": t("power") });
    this.power.addEventListener("input", () => { this.speed = Number(this.power.value); this.update(); });
    this.spinCanvas = el("canvas", { class: "spin", width: "120", height: "120", "data-testid": "spin", "aria-label": t("spin") });
    this.spinValue = el("output", { class: "value", "data-testid": "spin-value" });
    this.elev = el("input", { type: "range", min: "0", max: "60", step: "1", value: "0", "data-testid": "elevation", "aria-label": t("elevation") });
    this.elevValue = el("output", { class: "value" });
    this.elev.addEventListener("input", () => { this.theta = Number(this.elev.value); this.update(); });
    const centre = el("button", { class: "small", type: "button", "data-testid": "spin-centre" }, t("centre"));
    centre.addEventListener("click", () => { this.a = 0; this.b = 0; this.update(); });
    root.append(
      el("div", { class: "control" }, el("label", {}, t("power"), " ", this.powerValue), this.power),
      el("div", { class: "control spin-row" },
        el("div", {}, el("label", {}, t("spin"), " ", this.spinValue), this.spinCanvas, centre),
        el("div", { class: "elev" }, el("label", {}, t("elevation"), " ", this.elevValue), this.elev)),
    );
    this.setupSpin();
    this.update(false);
  }

  setupSpin() {
    const c = this.spinCanvas;
    const dpr = window.devicePixelRatio || 1;
    c.style.width = "120px"; c.style.height = "120px";
    c.width = 120 * dpr; c.height = 120 * dpr;
    c.getContext("2d").setTransform(dpr, 0, 0, dpr, 0, 0);
    const set = (ev) => {
      const r = c.getBoundingClientRect();
      const a = ((ev.clientX - r.left) / r.width - 0.5) * 2 / 0.9;
      const b = -((ev.clientY - r.top) / r.height - 0.5) * 2 / 0.9;
      [this.a, this.b] = clampTip(a, b, this.limit);
      this.update();
    };
    c.addEventListener("pointerdown", (ev) => { c.setPointerCapture(ev.pointerId); set(ev); });
    c.addEventListener("pointermove", (ev) => { if (ev.buttons) set(ev); });
  }

  drawSpin() {
    const ctx = this.spinCanvas.getContext("2d");
    const R = 54, cx = 60, cy = 60;
    ctx.clearRect(0, 0, 120, 120);
    const g = ctx.createRadialGradient(cx - 18, cy - 20, 4, cx, cy, R);
    g.addColorStop(0, "#ffffff"); g.addColorStop(1, "#cfcfc4");
    ctx.beginPath(); ctx.arc(cx, cy, R, 0, 2 * Math.PI); ctx.fillStyle = g; ctx.fill();
    ctx.strokeStyle = "#777"; ctx.lineWidth = 1; ctx.stroke();
    // the miscue limit
    ctx.beginPath(); ctx.arc(cx, cy, R * this.limit, 0, 2 * Math.PI);
    ctx.setLineDash([4, 3]); ctx.strokeStyle = "#c0392b"; ctx.stroke(); ctx.setLineDash([]);
    ctx.strokeStyle = "rgba(0,0,0,0.15)";
    ctx.beginPath(); ctx.moveTo(cx - R, cy); ctx.lineTo(cx + R, cy); ctx.moveTo(cx, cy - R); ctx.lineTo(cx, cy + R); ctx.stroke();
    const tx = cx + this.a * R, ty = cy - this.b * R;
    ctx.beginPath(); ctx.arc(tx, ty, 8, 0, 2 * Math.PI); ctx.fillStyle = "#3d6fb6"; ctx.fill();
    ctx.strokeStyle = "#fff"; ctx.lineWidth = 2; ctx.stroke();
  }

  update(notify = true) {
    this.powerValue.textContent = `${this.speed.toFixed(1)} m/s`;
    this.spinValue.textContent = `a ${this.a.toFixed(2)} · b ${this.b.toFixed(2)}`;
    this.elevValue.textContent = `${this.theta}°`;
    this.drawSpin();
    if (notify && this.onChange) this.onChange();
  }

  setSpeed(v) { this.speed = v; this.power.value = String(v); this.update(); }

  strike(phi) {
    const r = (v) => Math.round(v * 10000) / 10000;
    return { speed: r(this.speed), phi: r(phi), theta: this.theta, a: r(this.a), b: r(this.b) };
  }
}
