// The "shot" mode: aiming, calling a ball and a pocket, the stroke's controls. Its state lives in
// the turn (g.turn: phi, call, pendingBall), made afresh for every new action of the game.
// `call` is undefined before anything is called, null for a safety, {ball, pocket} once called.
//
// Input handlers change the turn and return null, or return the action to send ({path, body}).
import { t } from "../i18n.js";
import { el, clear, toast } from "../dom.js";
import { phiTowards } from "../geometry.js";

export const BREAK_SPEED = 8.0;

// a new turn to shoot: the cue turned toward the nearest ball, a break's power for the break
export function enterAim(g, turn, view) {
  turn.phi = defaultPhi(g.balls);
  g.controls.setSpeed(view.state && view.state.phase === "break" ? BREAK_SPEED : Math.min(g.controls.speed, 5));
}

function defaultPhi(balls) {
  const c = balls[0];
  if (!c) return 90;
  let best = null, bestD = Infinity;
  for (const [k, p] of Object.entries(balls)) {
    if (Number(k) === 0) continue;
    const d = Math.hypot(p[0] - c[0], p[1] - c[1]);
    if (d < bestD) { bestD = d; best = p; }
  }
  return best ? phiTowards(c, best[0], best[1]) : 90;
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
  drawAim(g, tv, balls) { if (balls[0]) g.aimBall = tv.drawAim(balls, g.turn.phi); },
  drawCue(g, tv, balls) { if (balls[0]) tv.drawCue(balls[0][0], balls[0][1], g.turn.phi, 0.02 + (g.pull || g.controls.speed) * 0.012); },
};

// the call as a line of text beside the controls
export function renderCall(box, turn) {
  const c = turn ? turn.call : undefined;
  let text;
  if (turn && turn.pendingBall !== null) text = t("call_pick_pocket", { b: turn.pendingBall });
  else if (c === null) text = t("safety");
  else if (c && c.pocket) text = t("call_in", { b: c.ball, p: t(c.pocket) });
  else text = t("call_ball_first");
  clear(box).append(el("strong", {}, `${t("call")}: `), text);
}
