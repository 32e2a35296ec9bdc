// The "shot" mode: aiming, calling a ball and a pocket, the stroke's controls. Its state lives in
// the turn (g.turn: phi, call, pendingBall), made afresh for every new action of the game.
// `call` is undefined before anything is called, null for a safety, {ball, pocket} once called.
//
// Input handlers change the turn and return null, or return the action to send ({path, body}).
import { t } from "../i18n.js";
import { el, clear, toast } from "../dom.js";
import { phiTowards, aimContact } from "../geometry.js";
import { pocketName } from "../names.js";

export const BREAK_SPEED = 8.0;

// A new turn to shoot: the cue turned toward the nearest ball the cue ball may hit first (VIEW.
// legal_first; on the break any ball), a break's power for the break, the tip at the centre and the
// cue level - a coach's spin or elevation was for its own stroke, not for the turns after it.
export function enterAim(g, turn, view) {
  turn.phi = defaultPhi(g.balls, view.legal_first || []);
  const speed = view.state && view.state.phase === "break" ? BREAK_SPEED : Math.min(g.controls.speed, 5);
  g.controls.setStroke({ speed, a: 0, b: 0, theta: 0 });
}

function defaultPhi(balls, legal) {
  const c = balls[0];
  if (!c) return 90;
  let best = null, bestD = Infinity;
  for (const [k, p] of Object.entries(balls)) {
    const n = Number(k);
    if (n === 0 || (legal.length && !legal.includes(n))) continue;
    const d = Math.hypot(p[0] - c[0], p[1] - c[1]);
    if (d < bestD) { bestD = d; best = p; }
  }
  return best ? phiTowards(c, best[0], best[1]) : 90;
}

// The ball the aim would meet first when that would be a foul (Art. 10.1: not a ball the cue ball
// may hit first), else null. An aim at a cushion is a kick or a bank, not marked.
export function aimFoul(g) {
  const legal = g.view && g.view.legal_first, c = g.balls[0];
  if (!legal || !legal.length || !c || !g.turn) return null;
  const hit = aimContact(g.geom, g.balls, c, g.turn.phi).ball;
  return hit !== null && !legal.includes(hit) ? hit : null;
}

export function shotAction(g) {
  const call = g.turn.call === undefined ? null : g.turn.call;
  return { path: "shot", body: { strike: g.controls.strike(g.turn.phi), call } };
}

function aimAt(g, x, y) { const c = g.balls[0]; if (c) g.turn.phi = phiTowards(c, x, y); }

export function callSafety(g) { g.turn.call = null; g.turn.pendingBall = null; }

// a tap on a pocket: the ball picked before it (or the one the aim meets first) called there
function choosePocket(g, pocket) {
  const turn = g.turn;
  const ball = turn.pendingBall !== null ? turn.pendingBall : (turn.call && turn.call.ball !== undefined ? turn.call.ball : g.aimBall);
  if (ball === null || ball === undefined) { toast(t("call_ball_first")); return; }
  turn.call = { ball, pocket }; turn.pendingBall = null;
}

// keyboard calling: B steps through the balls the shooter may call, P through the pockets
function cycleBall(g) {
  const turn = g.turn;
  const callable = (g.view.callable || []).filter((b) => g.balls[b]);
  if (!callable.length) return;
  const now = turn.call && turn.call.ball !== undefined ? turn.call.ball : turn.pendingBall;
  const next = callable[(callable.indexOf(now) + 1) % callable.length];
  if (turn.call && turn.call.pocket) { turn.call = { ball: next, pocket: turn.call.pocket }; turn.pendingBall = null; }
  else { turn.pendingBall = next; turn.call = undefined; }
}

function cyclePocket(g) {
  const turn = g.turn, names = Object.keys(g.geom.pockets);
  const ball = turn.pendingBall !== null ? turn.pendingBall : turn.call && turn.call.ball;
  if (ball === null || ball === undefined) { cycleBall(g); return; }
  const now = turn.call && turn.call.pocket;
  turn.call = { ball, pocket: names[(names.indexOf(now) + 1) % names.length] }; turn.pendingBall = null;
}

export const aimMode = {
  pointerDown(g, x, y) {
    return { ball: g.tv.ballAt(g.balls, x, y), pocket: g.tv.pocketAt(x, y) };
  },
  pointerMove(g, x, y, press) { if (press.moved) aimAt(g, x, y); return null; },
  pointerUp(g, x, y, press) {
    if (press.moved) return null;
    if (press.ball !== null && press.ball !== 0) { g.turn.pendingBall = press.ball; }
    else if (press.pocket) choosePocket(g, press.pocket);
    else if (press.ball === null) aimAt(g, x, y);
    return null;
  },

  // true when the key was this mode's; an action when it shoots
  key(g, ev) {
    const step = ev.shiftKey ? 1 : 0.1, c = g.controls, turn = g.turn;
    const keys = {
      ArrowLeft: () => { turn.phi = (turn.phi + step + 360) % 360; },
      ArrowRight: () => { turn.phi = (turn.phi - step + 360) % 360; },
      ArrowUp: () => c.setSpeed(c.speed + 0.1),
      ArrowDown: () => c.setSpeed(c.speed - 0.1),
      " ": () => shotAction(g), Enter: () => shotAction(g),
      i: () => c.nudgeTip(0, 0.05), k: () => c.nudgeTip(0, -0.05),
      j: () => c.nudgeTip(-0.05, 0), l: () => c.nudgeTip(0.05, 0),
      o: () => c.nudgeTip(-c.a, -c.b),
      "[": () => c.setElevation(c.theta - 1), "]": () => c.setElevation(c.theta + 1),
      b: () => cycleBall(g), p: () => cyclePocket(g), s: () => callSafety(g),
    };
    const fn = keys[ev.key.length === 1 ? ev.key.toLowerCase() : ev.key];
    return fn ? (fn() || true) : false;
  },

  // the aim line, the ghost ball and the cue over the balls (drawn between the balls' layers)
  drawAim(g, tv, balls) { if (balls[0]) g.aimBall = tv.drawAim(balls, g.turn.phi, aimFoul(g) !== null); },
  drawCue(g, tv, balls) { if (balls[0]) tv.drawCue(balls[0][0], balls[0][1], g.turn.phi, 0.02 + (g.pull || g.controls.speed) * 0.012); },
};

// the call as a line of text beside the controls, and a warning when the aim would foul
export function renderCall(box, turn, foulBall = null) {
  const c = turn ? turn.call : undefined;
  let text;
  if (turn && turn.pendingBall !== null) text = t("call_pick_pocket", { b: turn.pendingBall });
  else if (c === null) text = t("safety");
  else if (c && c.pocket) text = t("call_in", { b: c.ball, p: pocketName(c.pocket) });
  else text = t("call_ball_first");
  clear(box).append(el("strong", {}, `${t("call")}: `), text);
  if (foulBall !== null) box.append(el("div", { class: "aim-foul", role: "alert", "data-testid": "aim-foul" }, t("aim_foul", { b: foulBall })));
}
