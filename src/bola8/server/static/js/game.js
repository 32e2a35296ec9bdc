// The game screen: the table, the HUD, aiming and calling, ball in hand, dialogs, the ruling
// banner, the lag's result, the shot clock, the shot history with replays by address, and the live
// feed. Everything it knows comes from the API.
//
// What the server says arrives as views (VIEW), each numbered by `actions` (the accepted actions
// so far): from this page's own requests, from the WebSocket (the bots play in the background, the
// other seat plays elsewhere) or from polling while the socket is down. A view older than the
// newest one known is dropped, so arrival order never matters. The page keeps a cursor, `shown`:
// the shots it has drawn. Strokes the newest view has and the page has not drawn are animated one
// after the other, at the viewer's chosen speed, before the view itself is applied.
//
// A replay (#/game/<id>/shot/<n>) draws one shot from its starting layout, with pause, speed,
// seek and skip to the result, and can go on through the following shots; the live game waits.
import { t, lang } from "./i18n.js";
import { get, post, seatsOf, live, ApiError } from "./api.js";
import { el, clear, dialog, toast } from "./dom.js";
import { TableView, tableGeometry } from "./table.js";
import { placementProblem, clampToCloth, phiTowards } from "./geometry.js";
import { normaliseTrajectory, layoutAt, beforeOf, numberKeys, duration, eventImpacts, sampleAt, Playback } from "./anim.js";
import { StrokeControls, pullStrip } from "./controls.js";
import { rulingBanner } from "./ruling.js";
import { renderHud, lagText, botLabel } from "./hud.js";
import { Orientations } from "./balls3d.js";
import { play as playSound, soundOn, setSound, armSound } from "./sound.js";
import { showHelp } from "./help.js";
import { CoachPanel, choiceHint } from "./coach.js";

export { botLabel };

const BREAK_SPEED = 8.0;
const LAG_SCENE_S = 2.2;          // how long the lag's two balls stay on the table, at 1x
const SPEEDS = [["0.25", "¼×"], ["0.5", "½×"], ["1", "1×"], ["2", "2×"], ["4", "4×"]];

// the simulator's miscue limit, sqrt(a^2 + b^2) <= limit (physics/params.py CueParams), from /api/meta
export function miscueLimit(meta) {
  const tables = meta && meta.tables ? Object.values(meta.tables) : [];
  return (tables.length && tables[0].miscue_limit) || (meta && meta.miscue_limit) || 0.5;
}

export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// route: {shot: n} replays shot n; {shot: 1, cont: true} plays the game from its first shot
export async function showGame(root, id, meta, hooks, route = {}) {
  const s = {
    id, meta, view: null, latest: null, shown: 0, shots: {}, geom: null, tv: null, mode: "idle", phi: 90,
    call: undefined, pendingBall: null, place: null, balls: {}, paths: null, animating: false, pumping: false,
    busy: false, seats: {}, wsUp: false, pollTimer: null, clockTimer: null, stopLive: null, playback: null,
    replay: null, replayToken: 0, animation: Promise.resolve(), orient: new Orientations(), lagKey: null, lagDrawn: null,
    lagScene: null, clockOffset: 0, pull: null, clockBeeped: null, proposalShown: null,
  };
  for (const seat of seatsOf(id)) s.seats[seat.seat] = seat.token;
  armSound();

  // ---- the page ---------------------------------------------------------------------------------
  const canvas = el("canvas", { "data-testid": "table", tabindex: "0", "aria-label": t("table_label") });
  const strip = pullStrip((v) => { s.pull = v; draw(); }, (v) => { controls.setSpeed(v); shoot(); });
  const canvasBox = el("div", { class: "canvas-box" }, canvas);
  const box = el("div", { class: "table-box" }, canvasBox, strip);
  const banner = el("div", { class: "banner", "data-testid": "ruling", hidden: true });
  // the banner is one strip above the table; a tap opens every reason over the table, another closes it
  banner.addEventListener("click", (ev) => { if (!ev.target.closest("button, summary, a, .article-text, input")) banner.classList.toggle("open"); });
  const hud = el("header", { class: "hud", "data-testid": "hud" });
  const status = el("div", { class: "status", "data-testid": "status", "aria-live": "polite" });
  const hint = el("p", { class: "hint", "data-testid": "hint" });
  const callLine = el("div", { class: "call-line", "data-testid": "call" });
  const safety = el("button", { type: "button", class: "small", "data-testid": "safety" }, t("safety"));
  const shootBtn = el("button", { type: "button", class: "primary big", "data-testid": "shoot" }, t("shoot"));
  const placeBtn = el("button", { type: "button", class: "primary big", "data-testid": "place" }, t("place"));
  const placeStatus = el("div", { class: "place-status", "data-testid": "place-status" });
  const controlsBox = el("div", { class: "controls" });
  const controls = new StrokeControls(controlsBox, () => draw(), miscueLimit(meta));
  const coach = new CoachPanel(meta, { ask: (level) => askCoach(level), apply: (kind, sug, advice) => applyHint(kind, sug, advice), redraw: () => draw() });
  const spinSheet = el("div", { class: "spin-sheet", "data-testid": "spin-sheet", hidden: true });
  controls.mini.addEventListener("click", () => toggleSpinSheet());
  controls.mini.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { toggleSpinSheet(); ev.preventDefault(); } });
  const declareBox = el("div", { class: "declare" },
    el("button", { type: "button", class: "small", "data-testid": "declare-stalemate", onclick: () => declare("stalemate") }, t("stalemate")),
    el("button", { type: "button", class: "small danger", "data-testid": "declare-forfeit", onclick: () => declare("forfeit") }, t("forfeit")));
  const speedSel = el("select", { "data-testid": "anim-speed", "aria-label": t("anim_speed") },
    [...SPEEDS, ["0", t("anim_instant")]].map(([v, label]) =>
      el("option", { value: v, selected: v === (localStorage.getItem("bola8.speed") || "1") }, label)));
  speedSel.addEventListener("change", () => { localStorage.setItem("bola8.speed", speedSel.value); if (s.playback && !s.replay) s.playback.speed = liveSpeed(); });
  const pathsBox = el("input", { type: "checkbox", checked: localStorage.getItem("bola8.paths") !== "no", "data-testid": "show-paths" });
  pathsBox.addEventListener("change", () => { localStorage.setItem("bola8.paths", pathsBox.checked ? "yes" : "no"); draw(); });
  const soundBtn = el("button", { type: "button", class: "small", "data-testid": "sound", "aria-pressed": String(soundOn()), onclick: () => toggleSound() });
  const helpBtn = el("button", { type: "button", class: "small", "data-testid": "help", onclick: () => showHelp() }, `? ${t("help")}`);
  const historyList = el("ol", { class: "history", "data-testid": "history" });
  const linkInput = el("input", { readonly: true, value: `${location.origin}/#/game/${id}`, "data-testid": "match-link" });
  const copyBtn = el("button", { type: "button", class: "small", onclick: () => copy(linkInput) }, t("copy"));
  const download = el("a", { href: `/api/games/${encodeURIComponent(id)}/record?lang=${lang()}`, download: `bola8-${id}.jsonl`, class: "button small", "data-testid": "download" }, t("download"));
  const fromStart = el("a", { class: "button small", href: `#/game/${id}/from-start`, "data-testid": "watch-from-start" }, t("watch_from_start"));
  const clockLine = el("div", { class: "clock-line", "data-testid": "clock-line", hidden: true });
  const aimGroup = el("div", { class: "aim-group" }, el("div", { class: "row call-row" }, callLine, safety),
    controlsBox, el("div", { class: "row shoot-row" }, controls.mini, shootBtn), spinSheet);
  const placeGroup = el("div", { class: "place-group" }, el("div", { class: "row shoot-row" }, placeStatus, placeBtn));
  const replayBar = el("div", { class: "replay-bar", "data-testid": "replay-bar", hidden: true });
  const dock = el("section", { class: "dock", "data-testid": "dock" }, status, clockLine, hint, aimGroup, placeGroup, coach.element);
  const extras = el("div", { class: "extras" }, declareBox,
    el("details", { class: "box", open: true }, el("summary", {}, t("history")),
      el("div", { class: "row" }, el("label", { class: "inline" }, t("anim_speed"), speedSel), soundBtn, helpBtn),
      el("label", { class: "check" }, pathsBox, t("show_paths")), historyList, fromStart),
    el("div", { class: "box" }, el("label", {}, t("link")), el("div", { class: "row" }, linkInput, copyBtn), download));
  const panel = el("aside", { class: "panel" }, dock, extras);
  clear(root).append(el("div", { class: "game" }, hud,
    el("main", { class: "board" }, el("div", { class: "banner-slot" }, banner), box, replayBar), panel));
  renderSoundBtn();

  // ---- the game as the server has it ------------------------------------------------------------
  const first = await get(`/api/games/${encodeURIComponent(id)}`);
  s.geom = tableGeometry(first.table, meta);
  s.tv = new TableView(canvas, s.geom);
  s.latest = first; s.view = first; noteClock(first);
  s.lagKey = lagKey(first.lag);
  if (route.shot) {
    renderHud(hud, first, meta);
    for (let n = 1; n <= first.shot_count; n++) addHistory(n);
    s.shown = first.shot_count;
    startReplay(Math.min(route.shot, Math.max(1, first.shot_count)), !!route.cont);
  } else if (sessionStorage.getItem(`bola8.from-first.${id}`)) {
    // a match to watch just made here: every shot from the first, at the viewer's pace
    sessionStorage.removeItem(`bola8.from-first.${id}`);
    s.view = first; s.shown = 0; s.balls = {};
    renderHud(hud, first, meta); updatePanel();
    pump();
  } else {
    s.shown = first.shot_count;
    applyView(first);
    for (let n = 1; n <= first.shot_count; n++) addHistory(n);
    loadLastRuling(first);
  }

  const onResize = () => { fitPhone(); s.tv.resize(); draw(); };
  window.addEventListener("resize", onResize);
  // the table follows its box, and on a phone the box follows what the HUD and the dock leave
  const observer = new ResizeObserver(() => onResize());
  for (const part of [canvasBox, hud, dock]) observer.observe(part);
  fitPhone();
  s.stopLive = live(id, (msg) => { if (msg && msg.view) accept(msg.view, msg.shot ? [msg.shot] : []); },
    (up) => { s.wsUp = up; schedulePoll(); });
  schedulePoll();
  canvas.addEventListener("keydown", onKey);

  hooks.expose({
    get view() { return s.view; }, get mode() { return s.mode; }, get phi() { return s.phi; },
    get call() { return s.call; }, get animating() { return s.animating; }, get shown() { return s.shown; },
    // an action of this page is on its way to the server: what the page shows may be about to change
    get busy() { return s.busy; },
    get balls() { return s.balls; }, get place() { return s.place; },
    get replay() { return s.replay ? { n: s.replay.n, cont: s.replay.cont, state: s.replay.state, playing: !!s.playback, t: s.playback ? s.playback.t : null } : null; },
    get clockLeft() { return clockLeft(); },
    get orientation() { return s.orient.m; },
    // the coach's panel: idle | asking | shown | error, its answer, the suggestion put on the controls
    get coach() { return { state: coach.state, level: coach.level.value, answer: coach.answer, applied: coach.applied }; },
    // client coordinates of a world point, for tests that click and drag like a person
    toClient(x, y) { const r = canvas.getBoundingClientRect(); const [px, py] = s.tv.toPx(x, y); return [r.left + px, r.top + py]; },
    pocketClient(name) { const p = s.geom.pockets[name]; return this.toClient(p.hole[0], p.hole[1]); },
    geom: () => s.geom,
  });
  hooks.onHash((parts) => {
    if (parts[0] !== "game" || decodeURIComponent(parts[1] || "") !== id) return false;
    if (parts[2] === "shot" && Number(parts[3]) >= 1) { if (!s.replay || s.replay.n !== Number(parts[3])) startReplay(Number(parts[3]), s.replay ? s.replay.cont : false); }
    else if (parts[2] === "from-start") startReplay(1, true);
    else if (s.replay) leaveReplay();
    return true;
  });
  hooks.onLeave(() => {
    window.removeEventListener("resize", onResize); observer.disconnect();
    if (s.stopLive) s.stopLive(); clearInterval(s.pollTimer); clearInterval(s.clockTimer);
    s.replayToken += 1; s.replay = null; if (s.playback) s.playback.finish();
  });

  function liveSpeed() { return Number(speedSel.value) || 0; }

  function schedulePoll() {
    clearInterval(s.pollTimer);
    // polling stands in for the live feed while it is down, and checks on it while others play
    s.pollTimer = setInterval(async () => {
      const v = s.latest;
      const waiting = v && v.to_act && !mine(v.to_act.seat);
      if (s.wsUp && !waiting) return;
      try { accept(await get(`/api/games/${encodeURIComponent(id)}`)); } catch (e) { /* next tick */ }
    }, s.wsUp ? 2500 : 1200);
  }

  function mine(seat) { return seat !== null && seat !== undefined && s.seats[seat] !== undefined && s.seats[seat] !== null; }
  function tokenFor() { const a = s.view && s.view.to_act; return a && mine(a.seat) ? s.seats[a.seat] : Object.values(s.seats)[0]; }

  // ---- the coach ------------------------------------------------------------------------------------
  // Who may ask is the server's to decide (bola8.server.hints); the page offers the button where the
  // server would answer: a person's own turn (not the lag), or a match of bots being watched live.
  function canAskCoach() {
    const v = s.view, act = v && v.to_act;
    if (!v || s.replay || v.hints === false || !act || act.action === "lag") return false;
    if (mine(act.seat)) return s.mode === "shot" || s.mode === "place";
    const botsOnly = v.players.every((p) => p.kind !== "person");
    return botsOnly && s.mode === "wait" && !s.animating && s.latest === v;
  }

  // the coach's answer for the position on the page, or null when the game moved on meanwhile
  async function askCoach(level) {
    const v = s.view, act = v.to_act;
    const token = act && mine(act.seat) ? s.seats[act.seat] : null;
    const res = await get(`/api/games/${encodeURIComponent(id)}/hint?level=${encodeURIComponent(level)}&top=3`, token);
    return s.view && res.actions === s.view.actions ? res : null;
  }

  // a suggestion put on the page: the stroke on the controls, the call, or the cue ball in hand moved
  function applyHint(kind, sug, advice) {
    if (s.mode === "place") {
      const spot = kind === "place" ? sug : advice.placement;
      if (spot) { s.place = [spot.x, spot.y]; renderPlaceStatus(); }
    } else if (s.mode === "shot" && sug.strike) {
      s.phi = sug.strike.phi;
      controls.setStroke(sug.strike);
      // a safety may carry a call (a two-way shot: it counts as an attempt, Art. 21.1)
      s.call = sug.call ? { ball: sug.call.ball, pocket: sug.call.pocket } : kind === "safety" ? null : undefined;
      s.pendingBall = null;
      renderCall();
    }
    draw();
  }

  // ---- views in, shots out -----------------------------------------------------------------------
  function accept(v, shots = []) {
    for (const shot of shots) if (shot && shot.n !== undefined) s.shots[shot.n] = shot;
    if (!v || v.id !== id) return;
    if (s.latest && v.actions < s.latest.actions) return;       // older than what is known
    s.latest = v;
    noteClock(v);
    pump();
  }

  async function shotN(n) {
    if (!s.shots[n]) {
      try { s.shots[n] = await get(`/api/games/${encodeURIComponent(id)}/shots/${n}`); } catch (e) { return null; }
    }
    return s.shots[n];
  }

  // draw every stroke not drawn yet, then show the newest view
  async function pump() {
    if (s.pumping || s.replay) return;
    s.pumping = true;
    try {
      for (;;) {
        const v = s.latest;
        if (s.shown < v.shot_count) {
          s.animating = true;
          const n = s.shown + 1;
          const shot = await shotN(n);
          if (s.replay) return;
          if (shot) { await runAnimation(() => animate(shot, liveSpeed())); if (s.replay) return; showRuling(shot); }
          s.shown = n;
          addHistory(n);
          continue;
        }
        const key = lagKey(v.lag);
        if (key !== s.lagKey) {
          s.lagKey = key;
          showLag(v);
          if (liveSpeed() > 0) {
            s.animating = true;
            await lagPlay(v.lag, liveSpeed());
            // the result stays on the table a moment before the rack replaces it
            if (v.lag.strokes.length === 2 && v.state) await lagScene(v.lag, LAG_SCENE_S / liveSpeed());
          }
        }
        s.animating = false;
        applyView(v);
        if (s.latest === v) return;
      }
    } finally { s.pumping = false; if (!s.replay) s.animating = false; }
  }

  function runAnimation(fn) { const p = s.animation.then(fn, fn); s.animation = p.catch(() => {}); return p; }

  async function animate(shot, speed, inReplay = false) {
    const traj = normaliseTrajectory(shot.trajectory);
    const before = beforeOf(shot, traj), after = numberKeys(shot.balls_after || {});
    s.mode = "anim"; s.paths = null; s.animShot = shot; updatePanel();
    s.balls = before;
    if (speed > 0) {
      const impacts = eventImpacts(shot, traj);
      let next = 0, prev = layoutAt(traj, before, after, 0);
      const pb = new Playback(duration(traj), (time) => {
        const layout = layoutAt(traj, before, after, time);
        if (!reducedMotion()) roll(prev, layout);
        prev = layout;
        if (time < (impacts[next - 1] || { t: -1 }).t) next = impacts.findIndex((e) => e.t > time);   // sought back
        while (next >= 0 && next < impacts.length && impacts[next].t <= time) {
          if (!pb.paused && pb.speed <= 2) playSound(impacts[next].type, impacts[next].speed);
          next += 1;
        }
        s.balls = layout; draw();
        if (inReplay) renderReplayTime(pb);
      }, speed);
      s.playback = pb;
      if (inReplay) renderReplayBar();
      await pb.run();
      if (s.playback === pb) s.playback = null;
    }
    s.balls = after; s.paths = traj; draw();
    hudAfter(shot);
    if (inReplay) renderReplayBar();
  }

  // the HUD as it stood after a drawn stroke (the page may be drawing strokes far behind the
  // newest view: a match watched from its first shot, a replay): its game's score, its state
  function hudAfter(shot) {
    const v = s.latest;
    if (!v || !shot.state_after) return;
    const score = [0, 0];
    for (const g of v.games || []) if (g.number < shot.game_number && g.winner !== null && g.winner !== undefined && g.result !== "stalemate") score[g.winner] += 1;
    const st = shot.state_after;
    renderHud(hud, { ...v, score, game_number: shot.game_number, state: st, balls: shot.balls_after || {},
      breaker: st.breaker, to_act: st.phase === "over" ? null : { seat: st.decision ? st.decision.player : st.shooter } }, meta);
  }

  function roll(prev, layout) {
    const R = s.geom.ball_radius;
    for (const [k, p] of Object.entries(layout)) {
      const q = prev[k];
      if (!q || (p[2] || 0) > 0.002) continue;      // a ball in the air does not roll
      s.orient.roll(Number(k), p[0] - q[0], p[1] - q[1], R);
    }
  }

  // ---- the lag (Art. 4) ------------------------------------------------------------------------------
  function lagKey(lag) { return lag ? `${lag.round}/${lag.strokes.length}/${lag.winner}/${lag.tied ? 1 : 0}` : null; }

  function showLag(v) {
    const lag = v.lag;
    if (!lag) return;
    const words = lagText(lag, v.players);
    const box2 = el("div", { class: "ruling lag-result", "data-testid": "lag-result" },
      el("div", { class: "ruling-head legal" }, el("strong", {}, t("lag_title")), el("span", {}, ` · ${words.result || t("lag_waiting")}`)),
      el("ul", { class: "reasons" }, words.strokes.map((line) => el("li", {}, line))));
    clear(banner).append(box2); banner.hidden = false; banner.classList.remove("open");
  }

  async function lagScene(lag, seconds) {
    s.lagScene = lag; s.mode = "anim"; updatePanel(); draw();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    s.lagScene = null;
  }

  // the lag strokes not drawn yet, rolling up the table and back as the simulator played them
  async function lagPlay(lag, speed) {
    let data = null;
    try { data = await get(`/api/games/${encodeURIComponent(id)}/lag`); } catch (e) { return; }
    if (!data || data.round !== lag.round) return;
    const drawn = s.lagDrawn && s.lagDrawn.round === lag.round ? s.lagDrawn.seats : [];
    const fresh = data.strokes.filter((st) => !drawn.includes(st.seat) && st.trajectory && st.trajectory.length);
    s.lagDrawn = { round: lag.round, seats: data.strokes.map((st) => st.seat) };
    if (!fresh.length) return;
    const moving = {};
    for (const st of fresh) moving[st.seat] = st.trajectory;
    const end = Math.max(...fresh.map((st) => st.trajectory[st.trajectory.length - 1][0]));
    s.lagScene = { ...lag, strokes: data.strokes, moving, t: 0 };
    s.mode = "anim"; updatePanel();
    const pb = new Playback(end, (time) => { s.lagScene.t = time; draw(); }, speed);
    s.playback = pb;
    await pb.run();
    if (s.playback === pb) s.playback = null;
    s.lagScene = null;
  }

  // ---- applying a view ---------------------------------------------------------------------------
  function applyView(v) {
    const key = `${v.game_number}/${v.shot_count}/${v.actions}/${v.to_act ? v.to_act.seat + v.to_act.action : "over"}`;
    const turnKey = `${v.game_number}/${v.shot_count}/${v.to_act ? v.to_act.seat + v.to_act.action : "over"}`;
    const newTurn = turnKey !== s.turnKey;
    s.view = v; s.turnKey = turnKey; s.viewKey = key;
    s.balls = numberKeys(v.balls);
    if (v.table && (!s.geom || v.table.name !== s.geom.name)) { s.geom = tableGeometry(v.table, meta); s.tv.setGeometry(s.geom); }
    const act = v.to_act;
    if (!act) s.mode = "over";
    else if (!mine(act.seat)) s.mode = "wait";
    else s.mode = act.action;
    if (newTurn) {
      // the coach's advice holds for its own position only (or for the one after the cue ball was put
      // in hand where it said: the same balls, the same suggestions)
      if (!coach.carries(v)) coach.clear();
      s.call = undefined; s.pendingBall = null;
      if (s.mode === "place") s.place = startPlace(v);
      if (s.mode === "shot") {
        s.phi = defaultPhi();
        controls.setSpeed(v.state && v.state.phase === "break" ? BREAK_SPEED : Math.min(controls.speed, 5));
      }
    }
    if (v.game_number !== s.gameShown) { s.gameShown = v.game_number; s.orient.reset(); }   // a new rack
    renderHud(hud, v, meta); updatePanel(); draw(); startClock();
    const asking = document.querySelector("dialog[data-testid=lag-dialog], dialog[data-testid=choice-dialog]");
    if (newTurn && !asking && s.mode === "lag") lagDialog();
    if (newTurn && !asking && s.mode === "choice") choiceDialog(act.options || []);
    // Art. 21.2: the bot proposes a stalemate before its shot; the person it plays answers
    if (v.proposal && mine(1 - v.proposal.by) && s.proposalShown !== v.actions) {
      s.proposalShown = v.actions;
      proposalDialog(v.players[v.proposal.by].name);
    }
    if (!act) overBanner();
  }

  async function proposalDialog(bot) {
    const answer = await dialog(t("stalemate"), el("p", {}, t("stalemate_offered", { p: bot })),
      [[t("stalemate_decline"), "decline", "", "proposal-decline"], [t("stalemate_accept"), "accept", "primary", "proposal-accept"]],
      "proposal-dialog");
    act("proposal", { accept: answer === "accept" });
  }

  function startPlace(v) {
    const g = s.geom;
    const have = s.balls[0];
    let p = have ? [have[0], have[1]] : [g.width / 2, g.length / 4 - 0.1];
    if (v.kitchen_only && p[1] > g.length / 4) p = [g.width / 2, g.length / 4 - 0.1];
    if (placementProblem(g, s.balls, p[0], p[1], v.kitchen_only)) p = [g.width / 2, v.kitchen_only ? g.length / 8 : g.length / 4 - 0.1];
    return p;
  }

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

  // ---- drawing ------------------------------------------------------------------------------------
  function draw() {
    const tv = s.tv;
    if (!tv) return;
    const v = s.view;
    const marks = { pockets: {}, kitchen: s.mode === "place" && v && v.kitchen_only };
    const call = s.call;
    if (call && call.pocket) marks.pockets[call.pocket] = "#ffd84a";
    tv.drawTable(marks);
    // the lag: the two balls where they stopped, and their distance to the head cushion
    const lag = s.lagScene || (v && !v.state && v.lag && !s.replay ? v.lag : null);
    if (lag) { drawLag(lag); return; }
    // the last shot's paths, unless the coach's lines are on the table (one set of lines at a time)
    if (s.paths && pathsBox.checked && s.mode !== "anim" && coach.state !== "shown") tv.drawPaths(s.paths, 0.4);
    const balls = { ...s.balls };
    if (s.mode === "place" && s.place) balls[0] = s.place;
    const rings = {};
    if (call && call.ball !== undefined) rings[call.ball] = "#ffd84a";
    if (s.pendingBall !== null) rings[s.pendingBall] = "#ffffff";
    const coaching = s.mode !== "anim" && !s.replay;
    if (coaching) coach.drawUnder(tv);
    if (s.mode === "shot" && balls[0]) s.aimBall = tv.drawAim(balls, s.phi);
    tv.drawBalls(balls, { rings, orient: s.orient });
    if (coaching) coach.drawOver(tv, s.mode === "place");
    if (s.mode === "place" && s.place) {
      const bad = placementProblem(s.geom, s.balls, s.place[0], s.place[1], v.kitchen_only);
      const [px, py] = tv.toPx(s.place[0], s.place[1]);
      const ctx = tv.ctx, r = s.geom.ball_radius * tv.scale;
      ctx.save(); ctx.lineWidth = 3; ctx.strokeStyle = bad ? "#ff4d4d" : "#5dff8a";
      ctx.beginPath(); ctx.arc(px, py, r + 5, 0, 2 * Math.PI); ctx.stroke();
      if (bad) { ctx.beginPath(); ctx.moveTo(px - r, py - r); ctx.lineTo(px + r, py + r); ctx.moveTo(px + r, py - r); ctx.lineTo(px - r, py + r); ctx.stroke(); }
      ctx.restore();
    }
    if (s.mode === "shot" && balls[0]) tv.drawCue(balls[0][0], balls[0][1], s.phi, 0.02 + (s.pull || controls.speed) * 0.012);
  }

  function drawLag(lag) {
    const tv = s.tv, ctx = tv.ctx, g = s.geom;
    for (const stroke of lag.strokes) {
      const samples = lag.moving && lag.moving[stroke.seat];
      if (samples && lag.t < samples[samples.length - 1][0]) {
        const [x, y] = sampleAt(samples, lag.t);
        tv.drawBall(0, x, y, {});
        continue;
      }
      if (!stroke.final) continue;
      const [x, y] = stroke.final;
      ctx.save();
      ctx.strokeStyle = stroke.seat === lag.winner ? "#ffd84a" : "rgba(255,255,255,0.7)"; ctx.lineWidth = 2; ctx.setLineDash([4, 4]);
      tv.line(x, y - g.ball_radius, x, 0);
      ctx.restore();
      tv.drawBall(0, x, y, { ring: stroke.seat === lag.winner ? "#ffd84a" : null });
      const [px, py] = tv.toPx(x, y);
      ctx.save(); ctx.fillStyle = "#fff"; ctx.font = "600 13px system-ui, sans-serif"; ctx.textAlign = "center";
      const name = s.view.players[stroke.seat] ? s.view.players[stroke.seat].name : "";
      ctx.fillText(`${name} · ${stroke.distance === null ? "✗" : stroke.distance.toFixed(2) + " m"}`, px, py - g.ball_radius * tv.scale - 8);
      ctx.restore();
    }
  }

  // ---- HUD, clock and panel -------------------------------------------------------------------------
  function noteClock(v) { if (v.clock && typeof v.clock.now === "number") s.clockOffset = v.clock.now - Date.now() / 1000; }

  function clockLeft() {
    const c = s.view && s.view.clock;
    if (!c || c.deadline === null || c.deadline === undefined || c.seat === null) return null;
    const now = Date.now() / 1000 + s.clockOffset;
    return Math.max(0, Math.min(c.limit_s, c.deadline - now));
  }

  function startClock() {
    clearInterval(s.clockTimer);
    const v = s.view, c = v.clock, clock = hud.querySelector(".clock");
    const warned = c ? c.warned : (v.shot_clock || []);
    if (!clock) return;
    if (!warned.length) { clock.hidden = true; clockLine.hidden = true; return; }
    const tick = () => {
      const left = clockLeft();
      clock.hidden = false;
      if (left === null) {
        clock.textContent = t("clock_warned", { n: warned.map((seat) => v.players[seat].name).join(", "), s: c ? c.limit_s : 60 });
        clock.classList.remove("late", "out"); clockLine.hidden = true;
        return;
      }
      const whole = Math.ceil(left);
      clock.textContent = t("shot_clock", { s: whole });
      clock.classList.toggle("late", left <= 10); clock.classList.toggle("out", left <= 0);
      clockLine.hidden = false;
      clockLine.className = `clock-line${left <= 10 ? " late" : ""}${left <= 0 ? " out" : ""}`;
      clockLine.textContent = left <= 0 ? t("clock_out") : t("shot_clock", { s: whole });
      // the referee's warning of the last seconds: a beep each second from ten (sound on)
      if (left <= 10 && left > 0 && s.clockBeeped !== whole && s.mode !== "anim") { s.clockBeeped = whole; playSound("beep"); }
    };
    tick(); s.clockTimer = setInterval(tick, 250);
  }

  function updatePanel() {
    const v = s.view, act = v && v.to_act;
    const name = act ? v.players[act.seat].name : "";
    const words = { shot: "to_shoot", place: "to_place", choice: "to_choose", lag: "to_lag" };
    status.textContent = !act ? t("game_over") : `${name} ${t(words[act.action] || "to_shoot")}`;
    status.classList.remove("thinking");
    if (act && !mine(act.seat)) {
      const kind = v.players[act.seat].kind;
      if (v.proposal) status.textContent = `${name} ${t("proposes_stalemate")}`;
      else if (kind.startsWith("bot")) { status.textContent += ` · ${t("bot_thinking")}`; status.classList.add("thinking"); }
      else status.textContent += ` · ${Object.keys(s.seats).length ? t("waiting_other") : t("spectator")}`;
    }
    if (s.mode === "anim" && s.animShot && v.players[s.animShot.seat]) {
      status.textContent = t("shot_by", { n: s.animShot.n, p: v.players[s.animShot.seat].name });
      status.classList.remove("thinking");
    }
    if (s.lagScene) { status.textContent = t("lag_title"); status.classList.remove("thinking"); }
    if (s.replay) status.textContent = t("replaying", { n: s.replay.n, m: s.latest.shot_count });
    const live_ = !s.replay;
    aimGroup.hidden = !(live_ && s.mode === "shot");
    placeGroup.hidden = !(live_ && s.mode === "place");
    strip.hidden = !(live_ && s.mode === "shot");
    if (aimGroup.hidden) spinSheet.hidden = true;
    declareBox.hidden = !(live_ && act && mine(act.seat) && (s.mode === "shot" || s.mode === "place"));
    if (s.mode === "shot" && live_) hint.textContent = t("aim_hint");
    else if (s.mode === "place" && live_) hint.textContent = `${t(v.kitchen_only ? "place_kitchen" : "place_anywhere")} ${t("place_hint")}`;
    else hint.textContent = "";
    shootBtn.disabled = s.busy; placeBtn.disabled = s.busy;
    coach.show(canAskCoach());
    fromStart.hidden = !v || v.shot_count === 0;
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

  function renderSoundBtn() {
    soundBtn.textContent = soundOn() ? t("sound_on") : t("sound_off");
    soundBtn.setAttribute("aria-pressed", String(soundOn()));
  }
  function toggleSound() { setSound(!soundOn()); renderSoundBtn(); }

  function toggleSpinSheet() {
    if (spinSheet.hidden) { spinSheet.append(controls.spinBox); spinSheet.hidden = false; }
    else { spinSheet.hidden = true; controlsBox.append(controls.spinBox); }
  }

  // On a phone held upright the table, the HUD and the dock share the screen: the board gets what
  // the HUD and the dock leave, so the controls never need a scroll.
  function fitPhone() {
    const board = root.querySelector(".board");
    if (!board) return;
    if (!window.matchMedia("(max-width: 860px)").matches) { board.style.height = ""; return; }
    const used = hud.getBoundingClientRect().height + dock.getBoundingClientRect().height;
    board.style.height = `${Math.max(220, window.innerHeight - used)}px`;
  }

  // ---- input --------------------------------------------------------------------------------------
  let down = null;
  canvas.addEventListener("pointerdown", (ev) => {
    if (s.replay || (s.mode !== "shot" && s.mode !== "place")) return;
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

  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const key = ev.key;
    if (key === "h" || key === "H" || key === "?") { showHelp(); ev.preventDefault(); return; }
    if (key === "m" || key === "M") { toggleSound(); ev.preventDefault(); return; }
    if ((key === "r" || key === "R") && s.shown > 0 && s.mode !== "anim") { location.hash = `#/game/${id}/shot/${s.shown}`; ev.preventDefault(); return; }
    if (s.replay) return;
    if ((key === "c" || key === "C") && !coach.element.hidden) { coach.ask(); ev.preventDefault(); return; }
    if (s.mode === "place" && s.place) {
      const step = ev.shiftKey ? 0.05 : 0.01;
      const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (moves[key]) {
        // the arrows move the ball as it is seen: turned into the table's frame
        const [wx, wy] = s.tv.dirToWorld(moves[key][0], moves[key][1]);
        movePlace(s.place[0] + wx * step, s.place[1] + wy * step); ev.preventDefault();
      } else if (key === "Enter" || key === " ") { placeCue(); ev.preventDefault(); }
      return;
    }
    if (s.mode !== "shot") return;
    const step = ev.shiftKey ? 1 : 0.1;
    const handled = {
      ArrowLeft: () => { s.phi = (s.phi + step + 360) % 360; draw(); },
      ArrowRight: () => { s.phi = (s.phi - step + 360) % 360; draw(); },
      ArrowUp: () => controls.setSpeed(controls.speed + 0.1),
      ArrowDown: () => controls.setSpeed(controls.speed - 0.1),
      " ": () => shoot(), Enter: () => shoot(),
      i: () => controls.nudgeTip(0, 0.05), k: () => controls.nudgeTip(0, -0.05),
      j: () => controls.nudgeTip(-0.05, 0), l: () => controls.nudgeTip(0.05, 0),
      o: () => controls.nudgeTip(-controls.a, -controls.b),
      "[": () => controls.setElevation(controls.theta - 1), "]": () => controls.setElevation(controls.theta + 1),
      b: () => cycleBall(), p: () => cyclePocket(),
      s: () => { s.call = null; s.pendingBall = null; renderCall(); draw(); },
    }[key.length === 1 ? key.toLowerCase() : key];
    if (handled) { handled(); ev.preventDefault(); }
  }

  // keyboard calling: B steps through the balls the shooter may call, P through the pockets
  function cycleBall() {
    const callable = (s.view.callable || []).filter((b) => s.balls[b]);
    if (!callable.length) return;
    const now = s.call && s.call.ball !== undefined ? s.call.ball : s.pendingBall;
    const next = callable[(callable.indexOf(now) + 1) % callable.length];
    s.call = { ball: next, pocket: (s.call && s.call.pocket) || undefined }; s.pendingBall = null;
    if (!s.call.pocket) { s.pendingBall = next; s.call = undefined; }
    renderCall(); draw();
  }
  function cyclePocket() {
    const names = Object.keys(s.geom.pockets);
    const ball = s.pendingBall !== null ? s.pendingBall : s.call && s.call.ball;
    if (ball === null || ball === undefined) { cycleBall(); return; }
    const now = s.call && s.call.pocket;
    s.call = { ball, pocket: names[(names.indexOf(now) + 1) % names.length] }; s.pendingBall = null;
    renderCall(); draw();
  }

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
    s.busy = true; updatePanel();
    try {
      const res = await post(`/api/games/${encodeURIComponent(id)}/${path}`, body, tokenFor());
      const given = [...(res.shots || []), ...(res.shot ? [res.shot] : [])];
      s.turnKey = null;          // whatever comes next is a new step (a tied lag is lagged again)
      accept(res.view, given);
      return res;
    } catch (e) {
      toast(e instanceof ApiError ? e.message : String(e), "error");
      return null;
    } finally { s.busy = false; updatePanel(); if (s.mode === "place") renderPlaceStatus(); }
  }

  function shoot() {
    if (s.mode !== "shot" || s.busy || s.replay) return;
    const call = s.call === undefined ? null : s.call;
    spinSheet.hidden = true; controlsBox.append(controls.spinBox);
    playSound("strike", controls.speed);
    act("shot", { strike: controls.strike(s.phi), call });
  }

  function placeCue() {
    if (s.mode !== "place" || s.busy) return;
    if (placementProblem(s.geom, s.balls, s.place[0], s.place[1], s.view.kitchen_only)) return;
    const r = (v) => Math.round(v * 100000) / 100000;
    act("place", { x: r(s.place[0]), y: r(s.place[1]) });
  }

  async function declare(what) {
    // against a bot a stalemate is proposed: the server asks the bot, which may refuse (Art. 21.2)
    const toBot = what === "stalemate" && s.view.players.some((p) => p.kind !== "person");
    const ok = await dialog(t(what), el("p", {}, t(toBot ? "stalemate_propose" : `${what}_confirm`)), [[t("cancel"), null], [t("confirm"), what, "primary danger"]], "declare-dialog");
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
    const body = el("div", {}, ruling ? rulingBanner(ruling, s.view, { compact: true }) : null,
      s.view.hints === false ? null : choiceHint((level) => askCoach(level), coach.level.value));
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
    if (v.last_ruling) s.lastRuling = v.last_ruling;
    if (v.shot_count > 0) {
      const sh = await shotN(v.shot_count);
      if (sh && !s.replay) showRuling(sh);
    } else if (v.lag) showLag(v);
  }

  function overBanner() {
    const v = s.view;
    if (v.winner === null || v.winner === undefined) return;
    const box2 = el("div", { class: "over", "data-testid": "match-over" },
      el("h2", {}, t("game_over")), el("p", {}, t("wins", { p: v.players[v.winner].name }), ` · ${v.score[0]}–${v.score[1]}`),
      el("div", { class: "row" }, el("a", { href: "#/", class: "button primary" }, t("new_game_screen")),
        el("a", { href: `#/game/${id}/from-start`, class: "button" }, t("watch_from_start")), download.cloneNode(true)));
    clear(banner).append(box2); banner.hidden = false;
  }

  function addHistory(n) {
    if (historyList.querySelector(`[data-n="${n}"]`)) return;
    const sh = s.shots[n];
    const who = sh && s.view ? s.view.players[sh.seat] && s.view.players[sh.seat].name : "";
    const mark = sh && sh.ruling ? (sh.ruling.foul ? ` · ${t("foul")}` : "") : "";
    const item = el("li", { "data-n": String(n) },
      el("a", { class: "link", href: `#/game/${id}/shot/${n}`, "data-testid": `replay-${n}` }, `#${n} ${who || ""}${mark}`));
    historyList.prepend(item);
  }

  async function copy(input) {
    try { await navigator.clipboard.writeText(input.value); toast(t("copied")); } catch (e) { input.select(); }
  }

  // ---- replays -------------------------------------------------------------------------------------
  async function startReplay(n, cont) {
    const token = ++s.replayToken;
    // state: loading (the shot is fetched), playing, done (its result is on the table)
    s.replay = { n, cont, speed: Number(localStorage.getItem("bola8.replay-speed") || "1"), state: "loading", skip: false };
    s.animating = true;
    if (s.playback) s.playback.finish();
    await s.animation;
    if (token !== s.replayToken) return;
    replayBar.hidden = false; fitPhone(); s.tv.resize();
    const want = `#/game/${id}/shot/${n}`;
    if (location.hash !== want && !location.hash.endsWith("/from-start")) history.replaceState(null, "", want);
    while (token === s.replayToken && s.replay) {
      const shot = await shotN(s.replay.n);
      if (token !== s.replayToken) return;
      if (!shot) { toast(t("no_shot"), "error"); break; }
      s.animating = true; s.replay.state = "playing"; updatePanel(); renderReplayBar();
      // a skip pressed while the shot was still coming skips it as soon as it starts
      const speed = s.replay.skip ? 0 : s.replay.speed;
      s.replay.skip = false;
      await runAnimation(() => animate(shot, speed, true));
      if (token !== s.replayToken || !s.replay) return;
      showRuling(shot);
      s.mode = "replay"; updatePanel();
      if (s.replay.cont && s.replay.n < s.latest.shot_count) {
        s.replay.n += 1;
        history.replaceState(null, "", `#/game/${id}/shot/${s.replay.n}`);
        continue;
      }
      break;
    }
    if (token !== s.replayToken || !s.replay) return;
    s.replay.state = "done";
    s.animating = false;
    renderReplayBar();
  }

  async function leaveReplay() {
    s.replayToken += 1; s.replay = null;
    if (s.playback) s.playback.finish();
    await s.animation;
    replayBar.hidden = true; fitPhone(); s.tv.resize();
    if (location.hash !== `#/game/${id}`) history.replaceState(null, "", `#/game/${id}`);
    s.turnKey = null;
    s.animating = false;
    applyView(s.view);
    pump();
  }

  function renderReplayBar() {
    if (!s.replay) return;
    const r = s.replay, total = s.latest.shot_count, pb = s.playback;
    const button = (label, testid, fn, title) => el("button", { type: "button", class: "small", "data-testid": testid, title: title || "", "aria-label": title || label, onclick: fn }, label);
    const speed = el("select", { "data-testid": "replay-speed", "aria-label": t("anim_speed") },
      SPEEDS.map(([v, label]) => el("option", { value: v, selected: Number(v) === r.speed }, label)));
    speed.addEventListener("change", () => { r.speed = Number(speed.value); localStorage.setItem("bola8.replay-speed", speed.value); if (s.playback) s.playback.speed = r.speed; });
    const cont = el("input", { type: "checkbox", checked: r.cont, "data-testid": "replay-continue" });
    cont.addEventListener("change", () => { r.cont = cont.checked; });
    const scrub = el("input", { type: "range", min: "0", max: "1000", value: pb ? String(Math.round((pb.t / (pb.end || 1)) * 1000)) : "1000", "data-testid": "replay-scrub", "aria-label": t("replay_time") });
    scrub.addEventListener("input", () => { if (s.playback) { s.playback.paused = true; s.playback.seek((Number(scrub.value) / 1000) * s.playback.end); renderReplayBar(); } });
    const go = (n) => { location.hash = `#/game/${id}/shot/${n}`; if (s.replay && s.replay.n === n) startReplay(n, r.cont); };
    const link = el("input", { readonly: true, value: `${location.origin}/#/game/${id}/shot/${r.n}`, "data-testid": "shot-link", class: "shot-link" });
    const playing = pb && !pb.paused;
    clear(replayBar).append(
      el("span", { class: "label", "data-testid": "replay-label" }, t("replay_n", { n: r.n, m: total })),
      button("|◀", "replay-prev", () => go(Math.max(1, r.n - 1)), t("replay_prev")),
      button(playing ? "II" : "▶", "replay-play", () => {
        if (s.playback) { s.playback.paused = !s.playback.paused; renderReplayBar(); } else startReplay(r.n, r.cont);
      }, playing ? t("pause") : t("play")),
      button("▶|", "replay-next", () => go(Math.min(total, r.n + 1)), t("replay_next")),
      button("⇥", "replay-skip", () => { if (s.playback) s.playback.finish(); else r.skip = true; }, t("replay_skip")),
      scrub, speed,
      el("label", { class: "check" }, cont, t("replay_continue")),
      link, button(t("copy"), "replay-copy", () => copy(link)),
      button(`● ${t("live")}`, "replay-live", () => { location.hash = `#/game/${id}`; }, t("live")));
  }

  function renderReplayTime(pb) {
    const scrub = replayBar.querySelector("[data-testid=replay-scrub]");
    if (scrub && !pb.paused) scrub.value = String(Math.round((pb.t / (pb.end || 1)) * 1000));
  }
}
