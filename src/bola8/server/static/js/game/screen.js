// The game screen: the table, the HUD, the dock with the turn's controls, the ruling banner, the
// shot history with replays by address, and the live feed. Everything it knows comes from the API.
//
// How it is put together:
//   sync.js      the newest view (VIEW) and the strokes (SHOT), whichever way they come
//   mode.js      what the page is doing: a pure function of that view and of the page's own state
//   aim.js, place.js, questions.js, replay.js, playback.js
//                one module per mode: its input, its drawing, its controls
//   this file    builds the page, draws the strokes not shown yet, applies the newest view, and
//                sends the actions the modes return
//
// The turn (g.turn: the aim, the call, the cue ball in hand) belongs to one action number of the
// game: a view with a new `actions` starts a new turn; a view of the same action (the WebSocket's
// copy of this page's own answer, a proposal, a clock tick) changes nothing the person has set.
import { t, lang } from "../i18n.js";
import { get, post, seatsOf, live, ApiError } from "../api.js";
import { el, clear, toast, dialog } from "../dom.js";
import { TableView, tableGeometry } from "../table.js";
import { numberKeys } from "../anim.js";
import { StrokeControls, pullStrip, miscueLimit } from "../controls.js";
import { renderHud } from "../hud.js";
import { Orientations } from "../balls3d.js";
import { play as playSound, soundOn, setSound, armSound } from "../sound.js";
import { showHelp } from "../help.js";
import { CoachPanel } from "../coach.js";
import { ViewSync } from "./sync.js";
import { modeOf, TransitionLog } from "./mode.js";
import { aimMode, enterAim, shotAction, callSafety, renderCall, aimFoul } from "./aim.js";
import { placeMode, startPlace, placeAction, renderPlaceStatus } from "./place.js";
import { askLag, askChoice, askProposal, askDeclare } from "./questions.js";
import { StrokePlayer, drawLag, lagKey, strokeStatus, LAG_SCENE_S } from "./playback.js";
import { Replay, SPEEDS } from "./replay.js";
import { Banner } from "./banner.js";
import { members, declarationLabel } from "../names.js";
import { presenceText } from "../presence.js";

// the modes a person acts in on the table itself, with their input and drawing
const TABLE_MODES = { shot: aimMode, place: placeMode };

// route: {shot: n} replays shot n; {shot: 1, cont: true} plays the game from its first shot
export async function showGame(root, id, meta, hooks, route = {}) {
  const g = {
    id, meta, geom: null, tv: null,
    view: null,            // the view the page shows (its players, table, balls)
    applied: null,         // the newest view applied (null while strokes before it are still drawn)
    turn: null,            // {actions, phi, call, pendingBall, place}: what the person set this turn
    balls: {}, paths: null, shown: 0, seats: {}, sending: null, mode: "idle", animShot: null, aimBall: null,
    summaries: {}, pull: null, orient: new Orientations(), animation: Promise.resolve(), lastRuling: null, lagKey: null,
    gameShown: null, gamesSeen: null, asked: null, proposalShown: null, wsUp: false, pumping: false,
    clockOffset: 0, clockBeeped: null, pollTimer: null, clockTimer: null,
  };
  for (const seat of seatsOf(id)) g.seats[seat.seat] = seat.token;
  const mine = (seat) => seat !== null && seat !== undefined && !!g.seats[seat];
  const log = new TransitionLog();
  armSound();

  // ---- the page ---------------------------------------------------------------------------------
  const canvas = el("canvas", { "data-testid": "table", tabindex: "0", "aria-label": t("table_label") });
  const strip = pullStrip((v) => { g.pull = v; draw(); }, (v) => { controls.setSpeed(v); shoot(); });
  const canvasBox = el("div", { class: "canvas-box" }, canvas);
  const box = el("div", { class: "table-box" }, canvasBox, strip);
  const banner = new Banner();
  const hud = el("header", { class: "hud", "data-testid": "hud" });
  const status = el("div", { class: "status", "data-testid": "status", "aria-live": "polite" });
  // two persons apart: whether the other one's page is open now
  const presence = el("div", { class: "presence-line", "data-testid": "presence", "aria-live": "polite", hidden: true });
  const hint = el("p", { class: "hint", "data-testid": "hint" });
  const callLine = el("div", { class: "call-line", "data-testid": "call" });
  const safety = el("button", { type: "button", class: "small", "data-testid": "safety" }, t("safety"));
  const shootBtn = el("button", { type: "button", class: "primary big", "data-testid": "shoot" }, t("shoot"));
  const placeBtn = el("button", { type: "button", class: "primary big", "data-testid": "place" }, t("place"));
  const placeStatus = el("div", { class: "place-status", "data-testid": "place-status" });
  const controlsBox = el("div", { class: "controls" });
  const controls = g.controls = new StrokeControls(controlsBox, () => draw(), miscueLimit(meta));
  const coach = new CoachPanel(meta, { ask: (level) => askCoach(level), apply: (kind, sug, advice) => applyHint(kind, sug, advice), redraw: () => draw(), geom: () => g.geom });
  const spinSheet = el("div", { class: "spin-sheet", "data-testid": "spin-sheet", hidden: true });
  controls.mini.addEventListener("click", () => toggleSpinSheet());
  controls.mini.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { toggleSpinSheet(); ev.preventDefault(); } });
  const declareBox = el("div", { class: "declare" },
    el("button", { type: "button", class: "small", "data-testid": "declare-stalemate", onclick: () => declare("stalemate") }, declarationLabel("stalemate")),
    el("button", { type: "button", class: "small danger", "data-testid": "declare-forfeit", onclick: () => declare("forfeit") }, t("concede")));
  // the match, not a rack: conceded by a player of this page, or claimed from a person apart who left it
  const concedeMatchBtn = el("button", { type: "button", class: "small danger", "data-testid": "concede-match", onclick: () => concedeMatch() }, t("concede_match"));
  const claimText = el("span", { "data-testid": "claim-text" });
  const claimBtn = el("button", { type: "button", class: "small danger", "data-testid": "claim", onclick: () => claimMatch() }, t("claim"));
  const claimBox = el("div", { class: "claim-line", "data-testid": "claim-box", role: "status", hidden: true }, claimText, " ", claimBtn);
  const speedSel = el("select", { "data-testid": "anim-speed", "aria-label": t("anim_speed") },
    [...SPEEDS, ["0", t("anim_instant")]].map(([v, label]) =>
      el("option", { value: v, selected: v === (localStorage.getItem("bola8.speed") || "1") }, label)));
  speedSel.addEventListener("change", () => { localStorage.setItem("bola8.speed", speedSel.value); if (player.playback && !replay.on) player.playback.speed = liveSpeed(); });
  const pathsBox = el("input", { type: "checkbox", checked: localStorage.getItem("bola8.paths") !== "no", "data-testid": "show-paths" });
  pathsBox.addEventListener("change", () => { localStorage.setItem("bola8.paths", pathsBox.checked ? "yes" : "no"); draw(); });
  const soundBtn = el("button", { type: "button", class: "small", "data-testid": "sound", "aria-pressed": String(soundOn()), onclick: () => toggleSound() });
  const helpBtn = el("button", { type: "button", class: "small", "data-testid": "help", onclick: () => showHelp() }, `? ${t("help")}`);
  const historyList = el("ol", { class: "history", "data-testid": "history" });
  const linkInput = el("input", { readonly: true, value: `${location.origin}/#/game/${id}`, "data-testid": "match-link", "aria-label": t("link") });
  const copyBtn = el("button", { type: "button", class: "small", onclick: () => copy(linkInput) }, t("copy"));
  const download = el("a", { href: `/api/games/${encodeURIComponent(id)}/record?lang=${lang()}`, download: `bola8-${id}.jsonl`, class: "button small", "data-testid": "download" }, t("download"));
  const fromStart = el("a", { class: "button small", href: `#/game/${id}/from-start`, "data-testid": "watch-from-start" }, t("watch_from_start"));
  const clockLine = el("div", { class: "clock-line", "data-testid": "clock-line", hidden: true });
  const aimGroup = el("div", { class: "aim-group" }, el("div", { class: "row call-row" }, callLine, safety),
    controlsBox, el("div", { class: "row shoot-row" }, controls.mini, shootBtn), spinSheet);
  const placeGroup = el("div", { class: "place-group" }, el("div", { class: "row shoot-row" }, placeStatus, placeBtn));
  const replayBar = el("div", { class: "replay-bar", "data-testid": "replay-bar", hidden: true });
  const overBox = el("div", { class: "over", "data-testid": "match-over", role: "status", hidden: true });
  // a page drawing strokes far behind the game (a spectator at 1x): how far, and a way to catch up
  const behindText = el("span", {});
  const behind = el("div", { class: "behind", "data-testid": "behind", role: "status", hidden: true }, behindText,
    el("button", { type: "button", class: "small", "data-testid": "catch-up", onclick: () => catchUp() }, t("catch_up")));
  const dock = el("section", { class: "dock", "data-testid": "dock" }, overBox, status, presence, claimBox, behind, clockLine, hint, aimGroup, placeGroup, coach.element);
  const extras = el("div", { class: "extras" }, declareBox, el("div", { class: "declare" }, concedeMatchBtn),
    el("details", { class: "box", open: true }, el("summary", {}, t("history")),
      el("div", { class: "row" }, el("label", { class: "inline" }, t("anim_speed"), speedSel), soundBtn, helpBtn),
      el("label", { class: "check" }, pathsBox, t("show_paths")), historyList, fromStart),
    el("div", { class: "box" }, el("label", {}, t("link"), el("div", { class: "row" }, linkInput, copyBtn)), download));
  const panel = el("aside", { class: "panel" }, dock, extras);
  clear(root).append(el("div", { class: "game" }, hud,
    el("main", { class: "board" }, el("h1", { class: "sr-only" }, t("game_heading")), el("div", { class: "banner-slot" }, banner.element), box, replayBar), panel));
  renderSoundBtn();

  // ---- the game as the server has it ------------------------------------------------------------
  const sync = g.sync = new ViewSync(id, (v) => { noteClock(v); pump(); showBehind(); });
  const player = g.player = new StrokePlayer(g);
  Object.assign(g, { draw, refresh, fit: fitPhone, run: runAnimation, hudAfter, showRuling, copy, backToLive });
  const replay = new Replay(g, replayBar);
  const first = await get(`/api/games/${encodeURIComponent(id)}`);
  g.geom = tableGeometry(first.table, meta);
  g.tv = new TableView(canvas, g.geom);
  g.view = first;
  g.lagKey = lagKey(first.lag);
  g.gamesSeen = (first.games || []).length;
  if (route.shot) {
    renderHud(hud, first, meta);
    g.shown = first.shot_count;
    for (let n = 1; n <= first.shot_count; n++) addHistory(n);
    replay.start(Math.min(route.shot, Math.max(1, first.shot_count)), !!route.cont);
    sync.offer(first, [], "load");          // the live game waits behind the replay
  } else if (sessionStorage.getItem(`bola8.from-first.${id}`)) {
    // a match to watch just made here: every shot from the first, at the viewer's pace
    sessionStorage.removeItem(`bola8.from-first.${id}`);
    g.shown = 0; g.lagKey = null;
    renderHud(hud, first, meta);
    sync.offer(first, [], "load");
  } else {
    g.shown = first.shot_count;
    for (let n = 1; n <= first.shot_count; n++) addHistory(n);
    sync.offer(first, [], "load");
    loadLastRuling(first);
  }

  if (first.shot_count > 0) loadShotList();
  const onResize = () => { fitPhone(); g.tv.resize(); draw(); };
  window.addEventListener("resize", onResize);
  // the table follows its box, and on a phone the box follows what the HUD and the dock leave
  const observer = new ResizeObserver(() => onResize());
  for (const part of [canvasBox, hud, dock]) observer.observe(part);
  fitPhone();
  // the page says which seat it plays as its first message: the other device shows it present
  const held = Object.values(g.seats).filter(Boolean);
  const stopLive = live(id, (msg) => { if (msg && msg.view) sync.offer(msg.view, msg.shot ? [msg.shot] : [], "live"); },
    (up) => { g.wsUp = up; schedulePoll(); }, held.length ? { token: held[0] } : null);
  schedulePoll();
  canvas.addEventListener("keydown", onKey);

  hooks.expose({
    get view() { return g.view; }, get mode() { return g.mode; }, get phi() { return g.turn ? g.turn.phi : null; },
    get call() { return g.turn ? g.turn.call : undefined; }, get shown() { return g.shown; },
    // strokes are being drawn (live or replayed): what the page shows is about to change
    get animating() { return g.mode === "anim" || (replay.on && replay.state.state !== "done"); },
    // an action of this page is on its way to the server: what the page shows may be about to change
    get busy() { return !!g.sending; },
    get balls() { return g.balls; }, get aimFoul() { return g.mode === "shot" ? aimFoul(g) : null; },
    get stroke() { return { speed: controls.speed, a: controls.a, b: controls.b, theta: controls.theta }; }, get pathsDrawn() { return g.pathsDrawn || []; }, get place() { return g.turn ? g.turn.place : null; },
    get replay() { const r = replay.state, pb = player.playback; return r ? { n: r.n, cont: r.cont, state: r.state, playing: !!pb, t: pb ? pb.t : null } : null; },
    get clockLeft() { return clockLeft(); },
    get orientation() { return g.orient.m; },
    // the coach's panel: idle | asking | shown | error, its answer, the suggestion put on the controls
    get coach() { return { state: coach.state, level: coach.level.value, answer: coach.answer, applied: coach.applied }; },
    // what the strip above the table showed, in order: {kind: stroke | ruling | lag, n}
    get banners() { return banner.shown.slice(); },
    // views the page was given (by its answers, the live feed, polling) and views it took as newest
    get views() { return { offered: sync.offered, taken: sync.taken }; },
    // the page's last mode changes, oldest first: {from, to, actions, why}
    get transitions() { return log.items.slice(); },
    // client coordinates of a world point, for tests that click and drag like a person
    toClient(x, y) { const r = canvas.getBoundingClientRect(); const [px, py] = g.tv.toPx(x, y); return [r.left + px, r.top + py]; },
    pocketClient(name) { const p = g.geom.pockets[name]; return this.toClient(p.hole[0], p.hole[1]); },
    geom: () => g.geom,
  });
  hooks.onHash((parts) => {
    if (parts[0] !== "game" || decodeURIComponent(parts[1] || "") !== id) return false;
    replay.follow(parts);
    return true;
  });
  hooks.onLeave(() => {
    window.removeEventListener("resize", onResize); observer.disconnect();
    stopLive(); clearInterval(g.pollTimer); clearInterval(g.clockTimer); clearInterval(g.claimTimer);
    replay.token += 1; replay.state = null; player.finish();
  });

  // the animation's speed; 0 (straight to each stroke's result) while catching up with the game
  function liveSpeed() { return g.catchingUp ? 0 : Number(speedSel.value) || 0; }

  function catchUp() { g.catchingUp = true; player.finish(); showBehind(); }

  function showBehind() {
    const v = sync.latest, ahead = v ? v.shot_count - g.shown : 0;
    const over = v && !v.to_act && v.winner !== null && v.winner !== undefined;
    behind.hidden = g.catchingUp || replay.on || !(ahead >= 2 || (over && ahead >= 1)) || g.mode !== "anim";
    if (behind.hidden) return;
    behindText.textContent = over ? t("behind_over", { n: ahead, p: v.players[v.winner].name, a: v.score[v.winner], b: v.score[1 - v.winner] })
      : t("behind", { n: ahead });
  }

  function schedulePoll() {
    clearInterval(g.pollTimer);
    // polling stands in for the live feed while it is down, and checks on it while others play
    g.pollTimer = setInterval(async () => {
      const v = sync.latest;
      const waiting = v && v.to_act && !mine(v.to_act.seat);
      if (g.wsUp && !waiting) return;
      try { sync.offer(await get(`/api/games/${encodeURIComponent(id)}`), [], "poll"); } catch (e) { /* next tick */ }
    }, g.wsUp ? 2500 : 1200);
  }

  function tokenFor() { const a = g.view && g.view.to_act; return a && mine(a.seat) ? g.seats[a.seat] : Object.values(g.seats).find((tok) => tok); }

  // ---- the mode ---------------------------------------------------------------------------------
  // After every change: the mode again (mode.js), the controls and the table to match.
  function refresh(why) {
    const mode = modeOf(sync.latest, { applied: g.applied, replay: replay.on, sending: g.sending, mine });
    if (mode !== g.mode) { log.add(g.mode, mode, sync.latest ? sync.latest.actions : null, why); g.mode = mode; }
    updatePanel(); draw();
  }

  // the mode whose controls stay on the page: an action sent keeps the question it answered in
  // view (disabled) until the answer replaces it, so nothing jumps under the person's finger
  function shownMode() { return g.mode === "sent" ? g.sending.mode : g.mode; }

  // ---- the coach ------------------------------------------------------------------------------------
  // Who may ask is the server's to decide (bola8.server.hints); the page offers the button where the
  // server would answer: a person's own turn (not the lag), or a match of bots being watched live.
  function canAskCoach() {
    const v = g.view, act = v && v.to_act, mode = shownMode();
    if (!v || replay.on || v.hints === false || !act || act.action === "lag") return false;
    if (mine(act.seat)) return mode === "shot" || mode === "place";
    const botsOnly = v.players.every((p) => p.kind !== "person");
    return botsOnly && mode === "wait";
  }

  // the coach's answer for the position on the page, or null when the game moved on meanwhile
  async function askCoach(level) {
    const v = g.view, act = v.to_act;
    const token = act && mine(act.seat) ? g.seats[act.seat] : null;
    const res = await get(`/api/games/${encodeURIComponent(id)}/hint?level=${encodeURIComponent(level)}&top=3`, token);
    return g.view && res.actions === g.view.actions ? res : null;
  }

  // a suggestion put on the page: the stroke on the controls, the call, or the cue ball in hand moved
  function applyHint(kind, sug, advice) {
    if (g.mode === "place") {
      const spot = kind === "place" ? sug : advice.placement;
      if (spot) g.turn.place = [spot.x, spot.y];
    } else if (g.mode === "shot" && sug.strike) {
      g.turn.phi = sug.strike.phi;
      controls.setStroke(sug.strike);
      // a safety may carry a call (a two-way shot: it counts as an attempt, Art. 21.1)
      g.turn.call = sug.call ? { ball: sug.call.ball, pocket: sug.call.pocket } : kind === "safety" ? null : undefined;
      g.turn.pendingBall = null;
    }
    updatePanel(); draw();
  }

  // ---- views in ---------------------------------------------------------------------------------
  // draw every stroke (and the lag) the newest view has and the page has not shown, then apply it
  async function pump() {
    if (g.pumping || replay.on) return;
    g.pumping = true;
    try {
      for (;;) {
        const v = sync.latest;
        const key = lagKey(v.lag);
        const next = g.shown < v.shot_count ? await sync.shot(g.shown + 1) : null;
        if (replay.on) return;
        if (key !== g.lagKey && (!next || lagBefore(v, next))) {
          g.lagKey = key;
          banner.lag(v);
          if (liveSpeed() > 0) {
            refresh("lag");
            await player.lag(v.lag, liveSpeed);
            if (v.lag.strokes.length === 2 && v.state && liveSpeed() > 0) await player.lagResult(v.lag, LAG_SCENE_S / liveSpeed());
          }
          continue;
        }
        if (g.shown < v.shot_count) {
          if (next) {
            g.animShot = next; refresh("stroke");
            if (liveSpeed() > 0) banner.stroke(next, g.view);
            await runAnimation(() => player.stroke(next, liveSpeed));
            if (replay.on) return;
            hudAfter(next); showRuling(next);
          }
          g.shown += 1; g.animShot = null;
          addHistory(g.shown);
          continue;
        }
        applyView(v);
        if (sync.latest === v) return;
      }
    } finally { g.pumping = false; }
  }

  // Does the lag of view v come before stroke `shot`? A lag comes before every stroke of the game it
  // opens (VIEW.lag.game: game 1 for Art. 4.1's, the deciding game for Art. 4.2's) and after every
  // stroke of the games before it - a lag still being played, after every stroke drawn so far.
  function lagBefore(v, shot) {
    if (!v.lag || !v.state) return false;
    return shot.game_number >= v.lag.game;
  }

  function runAnimation(fn) { const p = g.animation.then(fn, fn); g.animation = p.catch(() => {}); return p; }

  // the newest view on the page: the table, the HUD, the turn, the question to ask
  function applyView(v) {
    answeredProposal(g.view, v);
    g.view = v; g.applied = v; g.catchingUp = false;
    g.balls = numberKeys(v.balls);
    if (v.table && (!g.geom || v.table.name !== g.geom.name)) { g.geom = tableGeometry(v.table, meta); g.tv.setGeometry(g.geom); }
    if (!g.turn || g.turn.actions !== v.actions) newTurn(v);
    if (v.game_number !== g.gameShown) { g.gameShown = v.game_number; g.orient.reset(); }   // a new rack
    const games = v.games || [];
    if (g.gamesSeen !== null && games.length > g.gamesSeen && members("declarations").includes(games[games.length - 1].result)) {
      banner.declared(v, games[games.length - 1]);
    }
    g.gamesSeen = games.length;
    renderHud(hud, v, meta);
    // the match is over (a rack won, or the match conceded or claimed): no question is left to answer
    if (!v.to_act) { document.querySelectorAll("dialog.modal").forEach((d) => d.remove()); overCard(); }
    refresh("view");
    startClock();
    if ((g.mode === "lag" || g.mode === "choice") && g.asked !== v.actions) {
      g.asked = v.actions;
      (g.mode === "lag" ? askLag(v) : askChoice(v, g.lastRuling, coach)).then(send);
    }
    // Art. 21.2: the other seat proposes a stalemate (a bot before its shot, a person on his device); this page answers
    if (v.proposal && mine(1 - v.proposal.by) && g.proposalShown !== v.actions) {
      g.proposalShown = v.actions;
      askProposal(v.players[v.proposal.by].name).then(send);
    }
  }

  // Art. 21.2 between persons apart: this page's proposal declined (the same rack and stroke, no
  // proposal) is told; a proposal withdrawn (its proposer played on) closes the question still open here
  function answeredProposal(before, v) {
    if (v.proposal) return;
    document.querySelectorAll("dialog[data-testid=proposal-dialog]").forEach((d) => d.remove());
    if (before && before.proposal && mine(before.proposal.by) && v.players[1 - before.proposal.by].kind === "person"
      && v.actions > before.actions && v.game_number === before.game_number && v.shot_count === before.shot_count) {
      toast(t("proposal_declined", { p: v.players[1 - before.proposal.by].name }));
    }
  }

  // a new action of the game: what the person had set belonged to the position before it
  function newTurn(v) {
    g.turn = { actions: v.actions, phi: g.turn ? g.turn.phi : 90, call: undefined, pendingBall: null, place: null };
    // the coach's advice holds for its own position only (or for the one after the cue ball was put
    // in hand where it said: the same balls, the same suggestions)
    if (!coach.carries(v)) coach.clear();
    const act = v.to_act;
    if (!act || !mine(act.seat)) return;
    if (act.action === "place") g.turn.place = startPlace(g, v);
    if (act.action === "shot") enterAim(g, g.turn, v);
  }

  function backToLive() { refresh("live"); pump(); }

  // ---- actions out ------------------------------------------------------------------------------
  // an action a mode returned, sent with the seat's token; its answer is offered like any view
  async function send(action) {
    if (!action || g.sending) return null;
    g.sending = { path: action.path, actions: (sync.latest || g.view).actions, mode: g.mode };
    refresh("sent");
    try {
      const res = await post(`/api/games/${encodeURIComponent(id)}/${action.path}`, action.body, tokenFor());
      sync.offer(res.view, [...(res.shots || []), ...(res.shot ? [res.shot] : [])], "answer");
      return res;
    } catch (e) {
      toast(e instanceof ApiError ? e.message : String(e), "error");
      return null;
    } finally { g.sending = null; refresh("answered"); }
  }

  function shoot() {
    if (g.mode !== "shot" || g.sending) return;
    spinSheet.hidden = true; controlsBox.append(controls.spinBox);
    playSound("strike", controls.speed);
    send(shotAction(g));
  }

  function placeCue() { if (g.mode === "place" && !g.sending) send(placeAction(g)); }

  // a declaration; a stalemate proposed to a bot comes back with its answer (Art. 21.2): a refusal is
  // the bot's say, told as such - not an error
  async function declare(what) {
    const res = await send(await askDeclare(g.view, what));
    if (res && res.stalemate && !res.stalemate.accepted) toast(res.stalemate.reason, "info");
  }

  // the whole match conceded by the seat this page acts for (the one to act when it holds both): the
  // other wins with the score as it stands, and a rated match counts as lost
  async function concedeMatch() {
    const v = g.view, act = v && v.to_act;
    if (!act) return;
    const me = mine(act.seat) ? act.seat : Number(Object.keys(g.seats).find((seat) => g.seats[seat]));
    const text = [t("concede_match_confirm", { p: v.players[1 - me].name }), v.rated ? t("concede_match_rated") : null].filter(Boolean).join(" ");
    const ok = await dialog(t("concede_match"), el("p", {}, text), [[t("cancel"), null], [t("confirm"), "concede", "primary danger"]], "concede-match-dialog");
    if (ok) await send({ path: "concede" });
  }

  // the match claimed from a person apart who left it while it waited for him (VIEW.claim)
  async function claimMatch() {
    const c = g.view && g.view.claim;
    if (!c) return;
    const ok = await dialog(t("claim"), el("p", {}, t("claim_confirm", { p: g.view.players[c.seat].name })), [[t("cancel"), null], [t("confirm"), "claim", "primary danger"]], "claim-dialog");
    if (ok) await send({ path: "claim" });
  }

  // A person apart gone while the match waits for him, told to the other player: the seconds until
  // the match may be claimed (by the server's clock), then the button to claim it.
  function showClaim(v) {
    clearInterval(g.claimTimer); g.claimTimer = null;
    const c = v && v.claim;
    claimBox.hidden = !(c && !replay.on && mine(1 - c.seat) && !mine(c.seat));
    if (claimBox.hidden) return;
    const name = v.players[c.seat].name;
    const tick = () => {
      const left = Math.ceil(c.from - (Date.now() / 1000 + (g.clockOffset || 0)));
      claimText.textContent = left > 0 ? t("claim_wait", { p: name, s: left }) : t("claim_ready", { p: name });
      claimBtn.hidden = left > 0;
      claimBtn.disabled = !!g.sending;
      if (left <= 0) { clearInterval(g.claimTimer); g.claimTimer = null; }
    };
    tick();
    if (claimBtn.hidden) g.claimTimer = setInterval(tick, 1000);
  }

  safety.addEventListener("click", () => { if (g.mode === "shot") { callSafety(g); updatePanel(); draw(); } });
  shootBtn.addEventListener("click", () => shoot());
  placeBtn.addEventListener("click", () => placeCue());

  // ---- the ruling banner and the history ----------------------------------------------------------
  function showRuling(shot) {
    if (!shot.ruling) return;
    g.lastRuling = shot.ruling;
    banner.ruling(shot, g.view);
  }

  async function loadLastRuling(v) {
    if (v.last_ruling) g.lastRuling = v.last_ruling;
    if (v.shot_count > 0) {
      const sh = await sync.shot(v.shot_count);
      if (sh && !replay.on) showRuling(sh);
    } else if (v.lag) banner.lag(v);
  }

  // the match's end, in the dock (the table and its last ruling stay in view): who won, the score
  function overCard() {
    const v = g.view;
    if (v.winner === null || v.winner === undefined) return;
    const score = { w: v.players[v.winner].name, l: v.players[1 - v.winner].name, a: v.score[v.winner], b: v.score[1 - v.winner] };
    // a match conceded or abandoned says so: the score alone would not explain the winner
    const ended = { concession: "match_conceded", abandonment: "match_abandoned" }[v.result];
    clear(overBox).append(
      el("h2", {}, t("game_over")), el("p", { class: "final", "data-testid": "match-result" }, ended ? t(ended, score) : t("match_won", { p: score.w, a: score.a, b: score.b })),
      el("div", { class: "row" }, el("a", { href: "#/", class: "button primary" }, t("new_game_screen")),
        el("a", { href: `#/game/${id}/from-start`, class: "button" }, t("watch_from_start")), download.cloneNode(true)));
  }

  // the shot list: each stroke's number, who played it and whether it was a foul - from its SHOT, or
  // from the server's list of shots when the page came late (a reload, a spectator)
  function addHistory(n) {
    const sh = sync.shots[n] || g.summaries[n];
    const who = sh && g.view ? g.view.players[sh.seat] && g.view.players[sh.seat].name : "";
    const foul = sh ? (sh.ruling ? sh.ruling.foul : sh.foul) : false;
    const text = `#${n} ${who || ""}${foul ? ` · ${t("foul")}` : ""}`;
    const there = historyList.querySelector(`[data-n="${n}"] a`);
    if (there) { there.textContent = text; return; }
    historyList.prepend(el("li", { "data-n": String(n) }, el("a", { class: "link", href: `#/game/${id}/shot/${n}`, "data-testid": `replay-${n}` }, text)));
  }

  async function loadShotList() {
    try { for (const line of await get(`/api/games/${encodeURIComponent(id)}/shots`)) g.summaries[line.n] = line; } catch (e) { return; }
    for (let n = 1; n <= g.shown; n++) addHistory(n);
  }

  async function copy(input) {
    try { await navigator.clipboard.writeText(input.value); toast(t("copied")); } catch (e) { input.select(); }
  }

  // the HUD as it stood after a drawn stroke (the page may be drawing strokes far behind the
  // newest view: a match watched from its first shot, a replay): its game's score, its state
  function hudAfter(shot) {
    const v = sync.latest;
    if (!v || !shot.state_after) return;
    const score = [0, 0];
    for (const game of v.games || []) if (game.number < shot.game_number && game.winner !== null && game.winner !== undefined && game.result !== "stalemate") score[game.winner] += 1;
    const st = shot.state_after;
    renderHud(hud, { ...v, score, game_number: shot.game_number, state: st, balls: shot.balls_after || {},
      breaker: st.breaker, to_act: st.phase === "over" ? null : { seat: st.decision ? st.decision.player : st.shooter } }, meta);
  }

  // ---- drawing ------------------------------------------------------------------------------------
  function draw() {
    const tv = g.tv;
    if (!tv) return;
    const v = g.view, turn = g.turn, mode = shownMode();
    const placing = mode === "place" && turn && turn.place, aiming = mode === "shot" && turn;
    const call = aiming ? turn.call : null;
    const marks = { pockets: {}, kitchen: placing && v && v.kitchen_only };
    if (call && call.pocket) marks.pockets[call.pocket] = "#ffd84a";
    tv.drawTable(marks);
    // the lag: the two balls where they stopped, and their distance to the head cushion
    const lag = player.lagScene || (v && !v.state && v.lag && !replay.on ? v.lag : null);
    if (lag) { drawLag(tv, g.geom, lag, v.players); return; }
    // the last shot's paths, unless the coach's lines are on the table (one set of lines at a time)
    if (g.paths && pathsBox.checked && mode !== "anim" && coach.state !== "shown") tv.drawPaths(pathsWorthDrawing(g.paths), 0.4);
    const balls = { ...g.balls };
    if (placing) balls[0] = turn.place;
    const rings = {};
    if (call && call.ball !== undefined) rings[call.ball] = "#ffd84a";
    if (aiming && turn.pendingBall !== null) rings[turn.pendingBall] = "#ffffff";
    const coaching = mode !== "anim" && !replay.on;
    if (coaching) coach.drawUnder(tv);
    if (aiming) aimMode.drawAim(g, tv, balls);
    tv.drawBalls(balls, { rings, orient: g.orient });
    if (coaching) coach.drawOver(tv, !!placing);
    if (placing) placeMode.drawMark(g, tv);
    if (aiming) aimMode.drawCue(g, tv, balls);
  }

  // A stroke's paths, unless they would cover the table: after a break (or any stroke that sets more
  // than three object balls rolling) only the cue ball's.
  function pathsWorthDrawing(paths) {
    const moved = Object.keys(paths).filter((k) => Number(k) !== 0 && paths[k].length > 1);
    g.pathsDrawn = moved.length > 3 ? (paths[0] ? [0] : []) : Object.keys(paths).map(Number);
    const out = {};
    for (const n of g.pathsDrawn) out[n] = paths[n];
    return out;
  }

  // ---- HUD, clock and panel -------------------------------------------------------------------------
  function noteClock(v) { if (v.clock && typeof v.clock.now === "number") g.clockOffset = v.clock.now - Date.now() / 1000; }

  function clockLeft() {
    const c = g.view && g.view.clock;
    if (!c || c.deadline === null || c.deadline === undefined || c.seat === null) return null;
    const now = Date.now() / 1000 + g.clockOffset;
    return Math.max(0, Math.min(c.limit_s, c.deadline - now));
  }

  function startClock() {
    clearInterval(g.clockTimer);
    const v = g.view, c = v.clock, clock = hud.querySelector(".clock");
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
      if (left <= 10 && left > 0 && g.clockBeeped !== whole && g.mode !== "anim") { g.clockBeeped = whole; playSound("beep"); }
    };
    tick(); g.clockTimer = setInterval(tick, 250);
  }

  function updatePanel() {
    const v = g.view, act = v && v.to_act, mode = shownMode();
    const name = act ? v.players[act.seat].name : "";
    const words = { shot: "to_shoot", place: "to_place", choice: "to_choose", lag: "to_lag" };
    status.textContent = !act ? t("game_over") : `${name} ${t(words[act.action] || "to_shoot")}`;
    status.classList.remove("thinking");
    if (v && v.invite_open) status.textContent = t("invite_open_wait");
    else if (act && v.proposal && mine(v.proposal.by)) status.textContent = t("proposal_waiting", { p: v.players[1 - v.proposal.by].name });
    else if (act && !mine(act.seat)) {
      const kind = v.players[act.seat].kind;
      if (v.proposal) status.textContent = `${name} ${t("proposes_stalemate")}`;
      else if (kind.startsWith("bot")) { status.textContent += ` · ${t("bot_thinking")}`; status.classList.add("thinking"); }
      else status.textContent += ` · ${Object.keys(g.seats).length ? t("waiting_other") : t("spectator")}`;
    }
    if (g.mode === "anim" && g.animShot) status.textContent = strokeStatus(g.animShot, v.players);
    if (player.lagScene) status.textContent = t("lag_title");
    if (replay.on) status.textContent = t("replaying", { n: replay.state.n, m: (sync.latest || v).shot_count });
    presence.textContent = presenceText(v, mine);
    presence.hidden = !presence.textContent;
    overBox.hidden = replay.on || !v || !!v.to_act || !overBox.firstChild;
    status.hidden = !overBox.hidden;
    showBehind();
    aimGroup.hidden = mode !== "shot";
    placeGroup.hidden = mode !== "place";
    strip.hidden = mode !== "shot";
    if (aimGroup.hidden) spinSheet.hidden = true;
    declareBox.hidden = !(act && mine(act.seat) && (mode === "shot" || mode === "place"));
    concedeMatchBtn.hidden = !(act && Object.values(g.seats).some(Boolean) && !v.invite_open && !v.tournament && !replay.on);
    concedeMatchBtn.disabled = !!g.sending;
    showClaim(v);
    for (const b of declareBox.querySelectorAll("button")) b.disabled = !!g.sending;
    if (mode === "shot") hint.textContent = t("aim_hint");
    else if (mode === "place") hint.textContent = `${t(placeRule(v))} ${t("place_hint")}`;
    else hint.textContent = "";
    shootBtn.disabled = g.mode !== "shot" || !!g.sending;
    coach.show(canAskCoach());
    fromStart.hidden = !v || v.shot_count === 0;
    renderCall(callLine, mode === "shot" ? g.turn : null, mode === "shot" ? aimFoul(g) : null);
    if (mode === "place") renderPlaceStatus(placeStatus, placeBtn, g);
  }

  // where the cue ball in hand may go, and the article: behind the head string for the break (Art.
  // 7.1) or after a foul on it (Art. 8.2), anywhere after any other foul (Art. 13)
  function placeRule(v) {
    if (!v.kitchen_only) return "place_anywhere";
    return v.state && v.state.phase === "break" ? "place_break" : "place_kitchen";
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

  // ---- input: to the mode on the table --------------------------------------------------------------
  let press = null;
  function afterInput(result) {
    updatePanel(); draw();
    if (result && result.path) send(result);
  }
  canvas.addEventListener("pointerdown", (ev) => {
    const handler = TABLE_MODES[g.mode];
    if (!handler || g.sending) return;
    canvas.setPointerCapture(ev.pointerId);
    const [x, y] = g.tv.eventToWorld(ev);
    press = { mode: g.mode, cx: ev.clientX, cy: ev.clientY, moved: false, ...handler.pointerDown(g, x, y) };
    afterInput(null);
    ev.preventDefault();
  });
  canvas.addEventListener("pointermove", (ev) => {
    if (!press || press.mode !== g.mode) return;
    if (Math.hypot(ev.clientX - press.cx, ev.clientY - press.cy) > 6) press.moved = true;
    const [x, y] = g.tv.eventToWorld(ev);
    afterInput(TABLE_MODES[g.mode].pointerMove(g, x, y, press));
  });
  canvas.addEventListener("pointerup", (ev) => {
    const p = press; press = null;
    if (!p || p.mode !== g.mode) return;
    const [x, y] = g.tv.eventToWorld(ev);
    afterInput(TABLE_MODES[g.mode].pointerUp(g, x, y, p));
  });

  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const key = ev.key;
    const global = {
      h: () => showHelp(), "?": () => showHelp(), m: () => toggleSound(),
      r: () => { if (g.shown > 0 && g.mode !== "anim") location.hash = `#/game/${id}/shot/${g.shown}`; },
      c: () => { if (!replay.on && !coach.element.hidden) coach.ask(); },
    }[key.length === 1 ? key.toLowerCase() : key];
    if (global) { global(); ev.preventDefault(); return; }
    const handler = TABLE_MODES[g.mode];
    if (!handler || g.sending || replay.on) return;
    const result = handler.key(g, ev);
    if (result) { ev.preventDefault(); afterInput(result); }
  }
}
