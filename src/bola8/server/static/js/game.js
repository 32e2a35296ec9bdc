// The game screen: the table, the HUD, aiming and calling, ball in hand, dialogs, the ruling
// banner, the shot history and the live feed. Everything it knows comes from the API.
import { t, lang } from "./i18n.js";
import { get, post, seatsOf, live, ApiError } from "./api.js";
import { el, clear, dialog, toast } from "./dom.js";
import { TableView, tableGeometry } from "./table.js";
import { placementProblem, clampToCloth, phiTowards } from "./geometry.js";
import { normaliseTrajectory, layoutAt, beforeOf, numberKeys, play } from "./anim.js";
import { StrokeControls } from "./controls.js";
import { chip, SOLIDS, STRIPES } from "./balls.js";
import { rulingBanner } from "./ruling.js";

const BREAK_SPEED = 8.0;

// the simulator's miscue limit, sqrt(a^2 + b^2) <= limit (physics/params.py CueParams), from /api/meta
export function miscueLimit(meta) {
  const tables = meta && meta.tables ? Object.values(meta.tables) : [];
  return (tables.length && tables[0].miscue_limit) || (meta && meta.miscue_limit) || 0.5;
}

export function botLabel(kind) {
  const level = kind.startsWith("bot:") ? kind.slice(4) : null;
  return level === null ? t("bot") : t("bot_level_n", { n: level });
}

export async function showGame(root, id, meta, hooks, fromStart = false) {
  const s = {
    id, meta, view: null, shown: 0, geom: null, tv: null, mode: "idle", phi: 90, call: undefined,
    pendingBall: null, place: null, balls: {}, animating: false, queue: null, turnKey: null,
    shots: {}, seats: {}, wsUp: false, epoch: 0, advancing: false, pollTimer: null, clockTimer: null, stopLive: null, busy: false,
  };
  for (const seat of seatsOf(id)) s.seats[seat.seat] = seat.token;

  const canvas = el("canvas", { "data-testid": "table", tabindex: "0", "aria-label": t("title") });
  const box = el("div", { class: "table-box" }, canvas);
  const banner = el("div", { class: "banner", "data-testid": "ruling", hidden: true });
  // the banner is one strip above the table; a tap opens every reason over the table, another closes it
  banner.addEventListener("click", (ev) => { if (!ev.target.closest("button, summary, a, .article-text")) banner.classList.toggle("open"); });
  const hud = el("header", { class: "hud", "data-testid": "hud" });
  const status = el("div", { class: "status", "data-testid": "status", "aria-live": "polite" });
  const hint = el("p", { class: "hint", "data-testid": "hint" });
  const callLine = el("div", { class: "call-line", "data-testid": "call" });
  const safety = el("button", { type: "button", "data-testid": "safety" }, t("safety"));
  const shootBtn = el("button", { type: "button", class: "primary big", "data-testid": "shoot" }, t("shoot"));
  const placeBtn = el("button", { type: "button", class: "primary big", "data-testid": "place" }, t("place"));
  const placeStatus = el("div", { class: "place-status", "data-testid": "place-status" });
  const controlsBox = el("div", { class: "controls" });
  const declareBox = el("div", { class: "declare" },
    el("button", { type: "button", class: "small", "data-testid": "declare-stalemate", onclick: () => declare("stalemate") }, t("stalemate")),
    el("button", { type: "button", class: "small danger", "data-testid": "declare-forfeit", onclick: () => declare("forfeit") }, t("forfeit")));
  const speedSel = el("select", { "data-testid": "anim-speed", "aria-label": t("anim_speed") },
    [["1", "1×"], ["2", "2×"], ["4", "4×"], ["0", t("anim_instant")]].map(([v, label]) =>
      el("option", { value: v, selected: v === (localStorage.getItem("bola8.speed") || "1") }, label)));
  speedSel.addEventListener("change", () => localStorage.setItem("bola8.speed", speedSel.value));
  const pathsBox = el("input", { type: "checkbox", checked: localStorage.getItem("bola8.paths") !== "no", "data-testid": "show-paths" });
  pathsBox.addEventListener("change", () => { localStorage.setItem("bola8.paths", pathsBox.checked ? "yes" : "no"); draw(); });
  const historyList = el("ol", { class: "history", "data-testid": "history" });
  const linkInput = el("input", { readonly: true, value: `${location.origin}/#/game/${id}`, "data-testid": "match-link" });
  const copyBtn = el("button", { type: "button", class: "small", onclick: async () => {
    try { await navigator.clipboard.writeText(linkInput.value); toast(t("copied")); } catch (e) { linkInput.select(); }
  } }, t("copy"));
  const download = el("a", { href: `/api/games/${encodeURIComponent(id)}/record?lang=${lang()}`, download: `bola8-${id}.jsonl`, class: "button small", "data-testid": "download" }, t("download"));
  const aimGroup = el("div", { class: "aim-group" }, callLine, el("div", { class: "row" }, safety), controlsBox, shootBtn);
  const placeGroup = el("div", { class: "place-group" }, placeStatus, placeBtn);
  const panel = el("aside", { class: "panel" }, status, hint, aimGroup, placeGroup, declareBox,
    el("details", { class: "box", open: true }, el("summary", {}, t("history")),
      el("label", { class: "inline" }, t("anim_speed"), speedSel),
      el("label", { class: "check" }, pathsBox, t("show_paths")), historyList),
    el("div", { class: "box" }, el("label", {}, t("link")), el("div", { class: "row" }, linkInput, copyBtn), download));
  clear(root).append(el("div", { class: "game" }, hud, el("main", { class: "board" }, el("div", { class: "banner-slot" }, banner), box), panel));

  const controls = new StrokeControls(controlsBox, () => draw(), miscueLimit(meta));

  // ---- state from the server ------------------------------------------------------------------
  const first = await get(`/api/games/${encodeURIComponent(id)}`);
  s.geom = tableGeometry(first.table, meta);
  s.tv = new TableView(canvas, s.geom);
  if (fromStart && first.shot_count > 0) {
    // every shot from the first, as they were played; the table starts from the first shot's layout
    s.view = first;
    s.balls = {};
    renderHud(); updatePanel();
    sync(first);
  } else {
    s.shown = first.shot_count;
    applyView(first);
    for (let n = 1; n <= first.shot_count; n++) addHistory(n);
    loadLastRuling(first);
  }

  const onResize = () => { s.tv.resize(); draw(); };
  window.addEventListener("resize", onResize);
  const observer = new ResizeObserver(() => onResize());
  observer.observe(box);
  hooks.onLeave(() => observer.disconnect());
  // while an action of ours is being answered, its answer brings the newest view: live messages wait
  s.stopLive = live(id, (msg) => { const v = msg.view || msg; if (v && v.id === id && !s.busy) sync(v, msg.shot ? [msg.shot] : []); },
    (up) => { s.wsUp = up; schedulePoll(); });
  schedulePoll();

  hooks.expose({
    get view() { return s.view; }, get mode() { return s.mode; }, get phi() { return s.phi; },
    get call() { return s.call; }, get animating() { return s.animating; }, get shown() { return s.shown; },
    // an action of this page is on its way to the server: what the page shows may be about to change
    get busy() { return s.busy; },
    get balls() { return s.balls; }, get place() { return s.place; },
    // client coordinates of a world point, for tests that click and drag like a person
    toClient(x, y) { const r = canvas.getBoundingClientRect(); const [px, py] = s.tv.toPx(x, y); return [r.left + px, r.top + py]; },
    pocketClient(name) { const p = s.geom.pockets[name]; return this.toClient(p.hole[0], p.hole[1]); },
    geom: () => s.geom,
  });
  hooks.onLeave(() => { window.removeEventListener("resize", onResize); if (s.stopLive) s.stopLive(); clearInterval(s.pollTimer); clearInterval(s.clockTimer); clearTimeout(s.advanceTimer); });

  function schedulePoll() {
    clearInterval(s.pollTimer);
    // polling only stands in for the live feed while it is down, or while a bot or the other seat plays
    s.pollTimer = setInterval(async () => {
      if (s.animating || s.busy) return;
      const v = s.view;
      const waiting = v && v.to_act && !mine(v.to_act.seat);
      if (s.wsUp && !waiting) return;
      // a view fetched while an action of ours was answered is older than that answer: dropped
      const epoch = s.epoch;
      try {
        const fresh = await get(`/api/games/${encodeURIComponent(id)}`);
        if (epoch === s.epoch && !s.busy) sync(fresh);
      } catch (e) { /* next tick */ }
    }, s.wsUp ? 2500 : 1200);
  }

  function mine(seat) { return seat !== null && seat !== undefined && s.seats[seat] !== undefined && s.seats[seat] !== null; }
  function tokenFor() { const a = s.view && s.view.to_act; return a ? s.seats[a.seat] : Object.values(s.seats)[0]; }

  // Show every shot the view has that the screen has not animated yet, then the view itself.
  async function sync(v, given = []) {
    for (const shot of given) if (shot && shot.n !== undefined) s.shots[shot.n] = shot;
    if (s.view && v.shot_count < s.view.shot_count) return;      // older than what is shown
    if (s.animating) { s.queue = v; return; }
    s.animating = true;
    try {
      while (s.shown < v.shot_count) {
        const n = s.shown + 1;
        let shot = s.shots[n];
        if (!shot) { try { shot = await get(`/api/games/${encodeURIComponent(id)}/shots/${n}`); } catch (e) { shot = null; } }
        if (shot) { s.shots[n] = shot; await animate(shot); showRuling(shot); }
        s.shown = n;
        addHistory(n);
      }
    } finally { s.animating = false; }
    applyView(v);
    if (s.queue) { const q = s.queue; s.queue = null; if (q.shot_count > s.shown || q !== v) sync(q); }
  }

  async function animate(shot, fallbackSpeed = 0) {
    const traj = normaliseTrajectory(shot.trajectory);
    const before = beforeOf(shot, traj), after = numberKeys(shot.balls_after || {});
    s.mode = "anim"; updatePanel();
    const speed = Number(speedSel.value) || fallbackSpeed;
    if (speed > 0) await play(traj, (time) => { s.balls = layoutAt(traj, before, after, time); draw(); }, speed);
    s.balls = after; s.paths = traj; draw();
  }

  async function advanceBots() {
    const v = s.view;
    if (s.advancing || !v || !v.to_act || localStorage.getItem(`bola8.watch.${id}`) !== "1") return;
    if (v.players[v.to_act.seat].kind === "person") return;
    s.advancing = true;
    try {
      const res = await post(`/api/games/${encodeURIComponent(id)}/advance`, {});
      s.epoch += 1;
      await sync(res.view, [...(res.shots || []), ...(res.shot ? [res.shot] : [])]);
    } catch (e) {
      toast(e instanceof ApiError ? e.message : String(e), "error");
    } finally { s.advancing = false; }
    scheduleAdvance(Number(speedSel.value) === 0 ? 50 : 600);
  }

  function scheduleAdvance(delay) {
    clearTimeout(s.advanceTimer);
    s.advanceTimer = setTimeout(advanceBots, delay);
  }

  function applyView(v) {
    const key = `${v.game_number}/${v.shot_count}/${v.to_act ? v.to_act.seat + v.to_act.action : "over"}`;
    const newTurn = key !== s.turnKey;
    s.view = v; s.turnKey = key;
    s.balls = numberKeys(v.balls);
    if (v.table && (!s.geom || v.table.name !== s.geom.name)) { s.geom = tableGeometry(v.table, meta); s.tv.setGeometry(s.geom); }
    const act = v.to_act;
    if (!act) s.mode = "over";
    else if (!mine(act.seat)) s.mode = "wait";
    else s.mode = act.action;
    if (newTurn) {
      s.call = undefined; s.pendingBall = null;
      if (s.mode === "place") s.place = startPlace(v);
      if (s.mode === "shot") {
        s.phi = defaultPhi();
        controls.setSpeed(v.state && v.state.phase === "break" ? BREAK_SPEED : Math.min(controls.speed, 5));
      }
    }
    renderHud(); updatePanel(); draw(); startClock();
    const asking = document.querySelector("dialog[data-testid=lag-dialog], dialog[data-testid=choice-dialog]");
    if (newTurn && !asking && s.mode === "lag") lagDialog();
    if (newTurn && !asking && s.mode === "choice") choiceDialog(act.options || []);
    if (!act) overBanner();
    if (act && !s.advancing && v.players.every((p) => p.kind !== "person")) scheduleAdvance(300);
  }

  function startPlace(v) {
    const g = s.geom;
    const have = s.balls[0];
    let p = have ? [have[0], have[1]] : [g.width / 2, g.length / 4 - 0.1];
    if (v.kitchen_only && p[1] > g.length / 4) p = [g.width / 2, g.length / 4 - 0.1];
    if (placementProblem(g, s.balls, p[0], p[1], v.kitchen_only)) p = [g.width / 2, v.kitchen_only ? g.length / 8 : g.length / 4 - 0.1];
    return p;
  }

  function cuePos() { return s.mode === "place" && s.place ? s.place : s.balls[0]; }

  function defaultPhi() {
    const c = s.balls[0];
    if (!c) return 90;
    let best = null, bestD = Infinity;
    for (const [k, p] of Object.entries(s.balls)) {
      if (Number(k) === 0) continue;
      const d = Math.hypot(p[0] - c[0], p[1] - c[1]);
      if (d < bestD) { bestD = d; best = p; }
    }
    return best ? phiTowards(c, best[0], best[1]) : 90;
  }

  // ---- drawing --------------------------------------------------------------------------------
  function draw() {
    const tv = s.tv;
    if (!tv) return;
    const marks = { pockets: {}, kitchen: s.mode === "place" && s.view && s.view.kitchen_only };
    const call = s.call;
    if (call && call.pocket) marks.pockets[call.pocket] = "#ffd84a";
    tv.drawTable(marks);
    if (s.paths && pathsBox.checked && s.mode !== "anim") tv.drawPaths(s.paths, 0.4);
    const balls = { ...s.balls };
    if (s.mode === "place" && s.place) balls[0] = s.place;
    const rings = {};
    if (call && call.ball !== undefined) rings[call.ball] = "#ffd84a";
    if (s.pendingBall !== null) rings[s.pendingBall] = "#ffffff";
    if (s.mode === "shot" && balls[0]) drawAim(balls);
    tv.drawBalls(balls, { rings });
    if (s.mode === "place" && s.place) {
      const bad = placementProblem(s.geom, s.balls, s.place[0], s.place[1], s.view.kitchen_only);
      const [px, py] = tv.toPx(s.place[0], s.place[1]);
      const ctx = tv.ctx, r = s.geom.ball_radius * tv.scale;
      ctx.save(); ctx.lineWidth = 3; ctx.strokeStyle = bad ? "#ff4d4d" : "#5dff8a";
      ctx.beginPath(); ctx.arc(px, py, r + 5, 0, 2 * Math.PI); ctx.stroke();
      if (bad) { ctx.beginPath(); ctx.moveTo(px - r, py - r); ctx.lineTo(px + r, py + r); ctx.moveTo(px + r, py - r); ctx.lineTo(px - r, py + r); ctx.stroke(); }
      ctx.restore();
    }
    if (s.mode === "shot" && balls[0]) tv.drawCue(balls[0][0], balls[0][1], s.phi, 0.02 + controls.speed * 0.012);
  }

  function drawAim(balls) { s.aimBall = s.tv.drawAim(balls, s.phi); }

  // ---- HUD and panel --------------------------------------------------------------------------
  function renderHud() {
    const v = s.view, st = v.state || {};
    const groups = st.groups || null, onTable = new Set(st.on_table || Object.keys(v.balls).map(Number));
    const act = v.to_act;
    const card = (i) => {
      const p = v.players[i];
      const group = groups ? groups[i] : null;
      const left = group ? (group === "solids" ? SOLIDS : STRIPES).filter((b) => onTable.has(b)) : [];
      const onEight = group && left.length === 0;
      const known = meta && meta.bots ? meta.bots.find((b) => b.kind === p.kind) : null;
      const label = known && known.label ? known.label : botLabel(p.kind);
      const kind = p.kind === "person" || p.name === label ? "" : ` · ${label}`;
      return el("div", { class: `player${act && act.seat === i ? " active" : ""}`, "data-testid": `player-${i}` },
        el("div", { class: "name" }, p.name, el("small", {}, kind), st.breaker === i && st.phase === "break" ? el("span", { class: "tag" }, "▶") : null),
        el("div", { class: "score", "data-testid": `score-${i}` }, String(v.score[i])),
        el("div", { class: "group" }, group ? `${t(group)}` : t("open_table"),
          el("span", { class: "chips" }, onEight ? chip(8) : left.map((b) => chip(b)))));
    };
    const middle = el("div", { class: "middle" },
      el("div", { class: "race" }, t("race_to", { n: v.race })),
      el("div", { class: "gameno" }, t("game_n", { n: v.game_number })),
      el("div", { class: "clock", "data-testid": "shot-clock", hidden: true }));
    clear(hud).append(el("a", { href: "#/", class: "logo", "data-testid": "home-link" }, "bola8"), card(0), middle, card(1));
  }

  function startClock() {
    clearInterval(s.clockTimer);
    const v = s.view, clock = hud.querySelector(".clock");
    const sc = v.shot_clock, act = v.to_act;
    const warned = Array.isArray(sc) ? sc : (sc && sc.warned) || [];
    if (!clock || !act || !warned.includes(act.seat)) return;
    const started = performance.now(), limit = (sc && sc.limit_s) || 60;
    const tick = () => {
      const left = Math.max(0, Math.ceil(limit - (performance.now() - started) / 1000));
      clock.hidden = false; clock.textContent = t("shot_clock", { s: left }); clock.classList.toggle("late", left <= 10);
    };
    tick(); s.clockTimer = setInterval(tick, 250);
  }

  function updatePanel() {
    const v = s.view, act = v && v.to_act;
    const name = act ? v.players[act.seat].name : "";
    const words = { shot: "to_shoot", place: "to_place", choice: "to_choose", lag: "to_lag" };
    status.textContent = !act ? t("game_over") : `${name} ${t(words[act.action] || "to_shoot")}`;
    if (act && !mine(act.seat)) {
      const kind = v.players[act.seat].kind;
      status.textContent += ` · ${kind.startsWith("bot") ? t("bot_thinking") : (Object.keys(s.seats).length ? t("waiting_other") : t("spectator"))}`;
    }
    aimGroup.hidden = s.mode !== "shot";
    placeGroup.hidden = s.mode !== "place";
    declareBox.hidden = !(act && mine(act.seat) && (s.mode === "shot" || s.mode === "place"));
    declareBox.querySelector("[data-testid=declare-stalemate]").hidden = v.players.some((p) => p.kind !== "person");
    if (s.mode === "shot") hint.textContent = t("aim_hint");
    else if (s.mode === "place") hint.textContent = `${t(v.kitchen_only ? "place_kitchen" : "place_anywhere")} ${t("place_hint")}`;
    else hint.textContent = "";
    shootBtn.disabled = s.busy; placeBtn.disabled = s.busy;
    renderCall();
    if (s.mode === "place") renderPlaceStatus();
  }

  function renderCall() {
    const c = s.call;
    let text;
    if (s.pendingBall !== null) text = t("call_pick_pocket", { b: s.pendingBall });
    else if (c === null) text = t("safety");
    else if (c && c.pocket) text = t("call_in", { b: c.ball, p: t(c.pocket) });
    else text = t("call_ball_first");
    clear(callLine).append(el("strong", {}, `${t("call")}: `), text);
  }

  function renderPlaceStatus() {
    const bad = placementProblem(s.geom, s.balls, s.place[0], s.place[1], s.view.kitchen_only);
    placeStatus.textContent = bad ? `✗ ${t(bad)}` : `✓ ${t("place_ok")}`;
    placeStatus.className = `place-status ${bad ? "bad" : "ok"}`;
    placeStatus.dataset.legal = bad ? "no" : "yes";
    placeBtn.disabled = !!bad || s.busy;
  }

  // ---- input ----------------------------------------------------------------------------------
  let down = null;
  canvas.addEventListener("pointerdown", (ev) => {
    if (s.mode !== "shot" && s.mode !== "place") return;
    canvas.setPointerCapture(ev.pointerId);
    const [x, y] = s.tv.eventToWorld(ev);
    down = { cx: ev.clientX, cy: ev.clientY, moved: false, ball: s.tv.ballAt(s.balls, x, y), pocket: s.tv.pocketAt(x, y) };
    if (s.mode === "place") movePlace(x, y);
    ev.preventDefault();
  });
  canvas.addEventListener("pointermove", (ev) => {
    if (!down) return;
    if (Math.hypot(ev.clientX - down.cx, ev.clientY - down.cy) > 6) down.moved = true;
    const [x, y] = s.tv.eventToWorld(ev);
    if (s.mode === "place") movePlace(x, y);
    else if (s.mode === "shot" && down.moved) aimAt(x, y);
  });
  canvas.addEventListener("pointerup", (ev) => {
    if (!down) return;
    const d = down; down = null;
    if (s.mode !== "shot" || d.moved) return;
    const [x, y] = s.tv.eventToWorld(ev);
    if (d.ball !== null && d.ball !== 0) { s.pendingBall = d.ball; renderCall(); draw(); }
    else if (d.pocket) choosePocket(d.pocket);
    else if (d.ball === null) aimAt(x, y);
  });
  canvas.addEventListener("keydown", (ev) => {
    if (s.mode !== "shot") return;
    const step = ev.shiftKey ? 1 : 0.1;
    if (ev.key === "ArrowLeft") { s.phi = (s.phi + step + 360) % 360; draw(); ev.preventDefault(); }
    else if (ev.key === "ArrowRight") { s.phi = (s.phi - step + 360) % 360; draw(); ev.preventDefault(); }
    else if (ev.key === "ArrowUp") { controls.setSpeed(Math.min(10, controls.speed + 0.1)); ev.preventDefault(); }
    else if (ev.key === "ArrowDown") { controls.setSpeed(Math.max(0.2, controls.speed - 0.1)); ev.preventDefault(); }
    else if (ev.key === " " || ev.key === "Enter") { shoot(); ev.preventDefault(); }
  });

  function aimAt(x, y) { const c = s.balls[0]; if (!c) return; s.phi = phiTowards(c, x, y); draw(); }

  function movePlace(x, y) {
    s.place = clampToCloth(s.geom, x, y, false);
    draw(); renderPlaceStatus();
  }

  function choosePocket(pocket) {
    const ball = s.pendingBall !== null ? s.pendingBall : (s.call && s.call.ball !== undefined ? s.call.ball : s.aimBall);
    if (ball === null || ball === undefined) { toast(t("call_ball_first")); return; }
    s.call = { ball, pocket }; s.pendingBall = null;
    renderCall(); draw();
  }

  safety.addEventListener("click", () => { s.call = null; s.pendingBall = null; renderCall(); draw(); });
  shootBtn.addEventListener("click", () => shoot());
  placeBtn.addEventListener("click", () => placeCue());

  async function act(path, body) {
    if (s.busy) return null;
    s.busy = true; s.epoch += 1; updatePanel();
    try {
      const res = await post(`/api/games/${encodeURIComponent(id)}/${path}`, body, tokenFor());
      s.busy = false;
      s.epoch += 1;
      s.turnKey = null;          // whatever comes next is a new step (a tied lag is lagged again)
      const given = [];
      if (res.shot) given.push(res.shot);
      for (const sh of res.shots || []) given.push(sh);
      await sync(res.view, given);
      return res;
    } catch (e) {
      s.busy = false; updatePanel();
      toast(e instanceof ApiError ? e.message : String(e), "error");
      return null;
    }
  }

  function shoot() {
    if (s.mode !== "shot" || s.busy) return;
    const call = s.call === undefined ? null : s.call;
    act("shot", { strike: controls.strike(s.phi), call });
  }

  function placeCue() {
    if (s.mode !== "place") return;
    const r = (v) => Math.round(v * 100000) / 100000;
    act("place", { x: r(s.place[0]), y: r(s.place[1]) });
  }

  async function declare(what) {
    const ok = await dialog(t(what), el("p", {}, t(`${what}_confirm`)), [[t("cancel"), null], [t("confirm"), what, "primary danger"]], "declare-dialog");
    if (ok) act("declare", { what });
  }

  async function lagDialog() {
    const speed = el("input", { type: "range", min: "0.5", max: "4", step: "0.05", value: "2.0", "data-testid": "lag-speed" });
    const out = el("output", {}, "2.00 m/s");
    speed.addEventListener("input", () => { out.textContent = `${Number(speed.value).toFixed(2)} m/s`; });
    const breaks = el("input", { type: "checkbox", checked: true, "data-testid": "lag-breaks" });
    const who = s.view.players[s.view.to_act.seat].name;
    const go = await dialog(`${t("lag_title")} · ${who}`, el("div", {}, el("p", {}, t("lag_text")), el("label", {}, t("power"), " ", out), speed,
      el("label", { class: "check" }, breaks, t("lag_breaks"))),
      [[t("lag_go"), "lag", "primary"]], "lag-dialog");
    if (go) act("lag", breaks.checked ? { speed: Number(speed.value) } : { speed: Number(speed.value), breaks: false });
  }

  async function choiceDialog(options) {
    const ruling = s.lastRuling;
    const body = el("div", {}, ruling ? rulingBanner(ruling, s.view, { compact: true }) : null);
    const pick = await dialog(t("choice_title"), body, options.map((o) => [t(o), o, "primary", `option-${o}`]), "choice-dialog");
    if (pick) act("choice", { option: pick });
  }

  function showRuling(shot) {
    if (!shot.ruling) return;
    s.lastRuling = shot.ruling;
    clear(banner).append(rulingBanner(shot.ruling, s.view, { shot, onClose: () => { banner.hidden = true; } }));
    banner.hidden = false;
    banner.classList.remove("open");
  }

  async function loadLastRuling(v) {
    if (v.last_ruling) { s.lastRuling = v.last_ruling; return; }
    if (v.shot_count > 0) {
      try { const sh = await get(`/api/games/${encodeURIComponent(id)}/shots/${v.shot_count}`); s.shots[v.shot_count] = sh; showRuling(sh); } catch (e) { /* none */ }
    }
  }

  function overBanner() {
    const v = s.view;
    if (v.winner === null || v.winner === undefined) return;
    const box2 = el("div", { class: "over", "data-testid": "match-over" },
      el("h2", {}, t("game_over")), el("p", {}, t("wins", { p: v.players[v.winner].name }), ` · ${v.score[0]}–${v.score[1]}`),
      el("div", { class: "row" }, el("a", { href: "#/", class: "button primary" }, t("new_game_screen")), download.cloneNode(true)));
    clear(banner).append(box2); banner.hidden = false;
  }

  function addHistory(n) {
    if (historyList.querySelector(`[data-n="${n}"]`)) return;
    const sh = s.shots[n];
    const who = sh && s.view ? s.view.players[sh.seat] && s.view.players[sh.seat].name : "";
    const mark = sh && sh.ruling ? (sh.ruling.foul ? ` · ${t("foul")}` : "") : "";
    const item = el("li", { "data-n": String(n) },
      el("button", { type: "button", class: "link", "data-testid": `replay-${n}`, onclick: () => replay(n) }, `#${n} ${who || ""}${mark}`));
    historyList.prepend(item);
  }

  async function replay(n) {
    if (s.animating) return;
    let shot = s.shots[n];
    if (!shot) { try { shot = await get(`/api/games/${encodeURIComponent(id)}/shots/${n}`); s.shots[n] = shot; } catch (e) { toast(e.message, "error"); return; } }
    s.animating = true;
    const saved = s.mode;
    try { await animate(shot, 1); showRuling(shot); } finally { s.animating = false; }
    s.mode = saved;
    const v = s.queue || s.view; s.queue = null;
    applyView(v);
    if (v.shot_count > s.shown) sync(v);
  }
}
