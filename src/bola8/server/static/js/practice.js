// The practice table: put any balls anywhere, play a shot (simulated by the server), take it
// back and try again.
import { t } from "./i18n.js";
import { get, post, ApiError } from "./api.js";
import { el, clear, toast } from "./dom.js";
import { TableView, tableGeometry } from "./table.js";
import { phiTowards, clampToCloth } from "./geometry.js";
import { normaliseTrajectory, layoutAt, numberKeys, duration, Playback, reducedMotion } from "./anim.js";
import { Orientations } from "./balls3d.js";
import { StrokeControls, miscueLimit } from "./controls.js";
import { chip } from "./balls.js";
import { rulingBanner } from "./ruling.js";

// a rack as the game sets one (Art. 3: /api/meta's, from bola8.game.racking) with the cue ball on the
// head spot
export function triangle(geom) {
  const balls = { 0: [...geom.head_spot] };
  for (const [n, p] of Object.entries(geom.rack)) balls[Number(n)] = [...p];
  return balls;
}

export async function showPractice(root, meta, hooks) {
  const tables = Object.keys(meta.tables);
  let tableName = meta.defaults.table;
  let geom = tableGeometry({ name: tableName }, meta);
  const s = { balls: numberKeys({ 0: [...geom.head_spot], 1: [geom.width * 0.3, geom.length * 0.72], 8: [geom.width * 0.6, geom.length * 0.8] }),
    mode: "shoot", phi: 90, history: [], selected: null, animating: false, busy: false, orient: new Orientations() };
  const canvas = el("canvas", { "data-testid": "table", tabindex: "0" });
  const box = el("div", { class: "table-box" }, canvas);
  const banner = el("div", { class: "banner", "data-testid": "ruling", hidden: true });
  const tray = el("div", { class: "tray", "data-testid": "tray" });
  const modeBtns = el("div", { class: "seg" },
    el("button", { type: "button", "data-testid": "mode-place", onclick: () => setMode("place") }, t("practice_place")),
    el("button", { type: "button", "data-testid": "mode-shoot", onclick: () => setMode("shoot") }, t("practice_shoot")));
  const controlsBox = el("div", { class: "controls" });
  const shootBtn = el("button", { type: "button", class: "primary big", "data-testid": "shoot", onclick: () => shoot() }, t("shoot"));
  const undoBtn = el("button", { type: "button", "data-testid": "undo", onclick: () => undo() }, t("practice_undo"));
  const rackBtn = el("button", { type: "button", class: "small", "data-testid": "rack", onclick: () => { keep(); s.balls = triangle(geom); draw(); renderTray(); } }, t("practice_rack"));
  const clearBtn = el("button", { type: "button", class: "small", "data-testid": "clear", onclick: () => { keep(); s.balls = { 0: s.balls[0] || [...geom.head_spot] }; draw(); renderTray(); } }, t("practice_clear"));
  const tableSel = el("select", { "data-testid": "practice-table" }, tables.map((n) => el("option", { value: n, selected: n === tableName }, n)));
  tableSel.addEventListener("change", () => {
    tableName = tableSel.value;
    geom = tableGeometry({ name: tableName }, meta); tv.setGeometry(geom);
    s.balls = triangle(geom); draw(); renderTray();
  });
  const result = el("div", { class: "status", "data-testid": "practice-result" });
  const shootGroup = el("div", {}, controlsBox, shootBtn);
  const placeGroup = el("div", {}, el("p", { class: "hint" }, t("practice_tray")), tray, el("div", { class: "row" }, rackBtn, clearBtn));
  const panel = el("aside", { class: "panel" }, el("h2", {}, t("practice")), el("label", {}, t("table_size"), tableSel), modeBtns, result, placeGroup, shootGroup, undoBtn);
  clear(root).append(el("div", { class: "game practice" },
    el("header", { class: "hud" }, el("a", { href: "#/", class: "logo", "data-testid": "home-link" }, "bola8"), el("div", { class: "middle" }, t("practice"))),
    el("main", { class: "board" }, el("h1", { class: "sr-only" }, t("practice")), el("div", { class: "banner-slot" }, banner), box), panel));
  const tv = new TableView(canvas, geom);
  const controls = new StrokeControls(controlsBox, () => draw(), miscueLimit(meta));
  const onResize = () => { tv.resize(); draw(); };
  window.addEventListener("resize", onResize);
  const observer = new ResizeObserver(() => onResize());
  observer.observe(box);
  banner.addEventListener("click", (ev) => { if (!ev.target.closest("button, summary, a, .article-text")) banner.classList.toggle("open"); });
  hooks.onLeave(() => { window.removeEventListener("resize", onResize); observer.disconnect(); });
  hooks.expose({
    get balls() { return s.balls; }, get mode() { return s.mode; }, get phi() { return s.phi; }, get animating() { return s.animating; },
    toClient(x, y) { const r = canvas.getBoundingClientRect(); const [px, py] = tv.toPx(x, y); return [r.left + px, r.top + py]; },
    geom: () => geom,
  });

  function keep() { s.history.push(JSON.parse(JSON.stringify(s.balls))); undoBtn.disabled = false; }
  // back to the layout before the last change; a stroke still rolling is stopped where it is and
  // taken back with it
  function undo() {
    if (!s.history.length) return;
    if (s.animating && s.playback) { s.taken = s.playback; s.playback.finish(); }
    s.paths = null; s.balls = numberKeys(s.history.pop()); undoBtn.disabled = !s.history.length; banner.hidden = true; draw(); renderTray();
  }

  function setMode(m) {
    s.mode = m;
    modeBtns.children[0].classList.toggle("on", m === "place"); modeBtns.children[1].classList.toggle("on", m === "shoot");
    placeGroup.hidden = m !== "place"; shootGroup.hidden = m !== "shoot";
    draw();
  }

  // The balls not on the table: tap one, then the cloth; or drag it onto the cloth.
  function renderTray() {
    clear(tray);
    for (let n = 0; n <= 15; n++) {
      if (s.balls[n]) continue;
      const b = el("button", { type: "button", class: `tray-ball${s.selected === n ? " on" : ""}`, "data-testid": `tray-${n}`,
        "aria-label": n === 0 ? t("cue_ball") : t("ball_n", { n }), "aria-pressed": String(s.selected === n),
        onclick: () => { s.selected = n; renderTray(); } }, chip(n));
      b.addEventListener("pointerdown", (ev) => { trayDrag = { ball: n, x: ev.clientX, y: ev.clientY }; b.releasePointerCapture(ev.pointerId); });
      tray.append(b);
    }
  }

  // a ball dragged from the tray and let go over the cloth is put there
  let trayDrag = null;
  window.addEventListener("pointerup", onTrayDrop);
  hooks.onLeave(() => window.removeEventListener("pointerup", onTrayDrop));
  function onTrayDrop(ev) {
    const d = trayDrag; trayDrag = null;
    if (!d || s.animating || Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 8) return;
    const r = canvas.getBoundingClientRect();
    if (ev.clientX < r.left || ev.clientX > r.right || ev.clientY < r.top || ev.clientY > r.bottom) return;
    const [x, y] = tv.toWorld(ev.clientX - r.left, ev.clientY - r.top);
    const R = geom.ball_radius;
    if (x < -R || y < -R || x > geom.width + R || y > geom.length + R) return;
    keep();
    s.balls[d.ball] = clampToCloth(geom, x, y, false);
    pushApart(d.ball);
    s.selected = null; renderTray(); draw();
  }

  // a ball put onto another is pushed out along the line between them
  function pushApart(ball) {
    const R = geom.ball_radius, p = s.balls[ball];
    for (const [k, q] of Object.entries(s.balls)) {
      if (Number(k) === ball) continue;
      const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
      if (d < 2 * R) { const f = (2 * R + 0.0005) / (d || 1); s.balls[ball] = clampToCloth(geom, q[0] + (p[0] - q[0]) * f || q[0] + 2.1 * R, q[1] + (p[1] - q[1]) * f, false); }
    }
  }

  function draw() {
    tv.drawTable({});
    if (s.paths && !s.animating) tv.drawPaths(s.paths, 0.4);
    if (s.mode === "shoot" && s.balls[0] && !s.animating) tv.drawAim(s.balls, s.phi);
    tv.drawBalls(s.balls, { orient: s.orient });
    if (s.mode === "shoot" && s.balls[0] && !s.animating) tv.drawCue(s.balls[0][0], s.balls[0][1], s.phi, 0.02 + controls.speed * 0.012);
  }

  let drag = null;
  canvas.addEventListener("pointerdown", (ev) => {
    if (s.animating) return;
    canvas.setPointerCapture(ev.pointerId);
    const [x, y] = tv.eventToWorld(ev);
    if (s.mode === "place") {
      const hit = tv.ballAt(s.balls, x, y);
      if (hit !== null) { keep(); drag = { ball: hit }; }
      else if (s.selected !== null) { keep(); s.balls[s.selected] = clampToCloth(geom, x, y, false); drag = { ball: s.selected }; s.selected = null; renderTray(); draw(); }
    } else if (s.balls[0]) { drag = { aim: true }; s.phi = phiTowards(s.balls[0], x, y); draw(); }
  });
  canvas.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const [x, y] = tv.eventToWorld(ev);
    if (drag.aim) { s.phi = phiTowards(s.balls[0], x, y); draw(); return; }
    const R = geom.ball_radius;
    if (x < -2 * R || y < -2 * R || x > geom.width + 2 * R || y > geom.length + 2 * R) { delete s.balls[drag.ball]; drag.off = true; }
    else { s.balls[drag.ball] = clampToCloth(geom, x, y, false); drag.off = false; }
    draw(); renderTray();
  });
  canvas.addEventListener("pointerup", () => {
    if (drag && drag.ball !== undefined && !drag.off) { pushApart(drag.ball); draw(); }
    drag = null;
  });
  canvas.addEventListener("keydown", (ev) => {
    if (s.mode !== "shoot") return;
    const step = ev.shiftKey ? 1 : 0.1;
    if (ev.key === "ArrowLeft") { s.phi = (s.phi + step) % 360; draw(); ev.preventDefault(); }
    if (ev.key === "ArrowRight") { s.phi = (s.phi - step + 360) % 360; draw(); ev.preventDefault(); }
    if (ev.key === " " || ev.key === "Enter") { shoot(); ev.preventDefault(); }
  });

  async function shoot() {
    if (s.busy || s.animating || !s.balls[0]) return;
    s.busy = true; shootBtn.disabled = true;
    try {
      const res = await post("/api/practice/shot", { table: tableName, balls: s.balls, strike: controls.strike(s.phi) });
      const shot = res.shot || res;
      keep();
      const traj = normaliseTrajectory(shot.trajectory);
      const before = { ...s.balls }, after = numberKeys(shot.balls_after || shot.final || {});
      s.animating = true;
      let prev = layoutAt(traj, before, after, 0);
      const pb = s.playback = new Playback(duration(traj), (time) => {
        if (s.taken === pb) return;                  // taken back: the layout is the one before it
        const layout = layoutAt(traj, before, after, time);
        if (!reducedMotion()) for (const [k, p] of Object.entries(layout)) if (prev[k] && !(p[2] > 0.002)) s.orient.roll(Number(k), p[0] - prev[k][0], p[1] - prev[k][1], geom.ball_radius);
        prev = layout; s.balls = layout; draw();
      });
      await pb.run();
      s.playback = null; s.animating = false;
      if (s.taken === pb) return;
      s.balls = after; s.paths = traj;
      const pocketed = (shot.events || []).filter((e) => e.type === "pocket");
      result.textContent = t("practice_result", { n: pocketed.length });
      if (shot.ruling) { clear(banner).append(rulingBanner(shot.ruling, null, { shot, onClose: () => { banner.hidden = true; } })); banner.hidden = false; }
      draw(); renderTray();
    } catch (e) {
      toast(e instanceof ApiError ? e.message : String(e), "error");
    } finally { s.busy = false; s.animating = false; shootBtn.disabled = false; }
  }

  undoBtn.disabled = true;
  s.phi = phiTowards(s.balls[0], s.balls[1][0], s.balls[1][1]);
  setMode("shoot"); renderTray(); draw();
}
