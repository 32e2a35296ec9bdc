// The "anim" mode: the strokes the server played, drawn one after the other at the viewer's pace
// from their trajectories (SHOT.trajectory), and the lag's two balls rolling up the table and back
// (Art. 4). Nothing is simulated here.
import { get } from "../api.js";
import { t } from "../i18n.js";
import { normaliseTrajectory, layoutAt, beforeOf, numberKeys, duration, eventImpacts, sampleAt, Playback, reducedMotion } from "../anim.js";
import { play as playSound } from "../sound.js";

export const LAG_SCENE_S = 2.2;          // how long the lag's two balls stay on the table, at 1x

export class StrokePlayer {
  // g: the game screen (id, tv, geom, orient, balls, paths, draw())
  constructor(g) { this.g = g; this.playback = null; this.lagDrawn = null; this.lagScene = null; }

  // one stroke from its starting layout to its result at `speed` (0: straight to the result; a
  // function is asked when the drawing starts); onFrame(playback, first) after each frame drawn
  async stroke(shot, speedOf, onFrame = null) {
    const g = this.g;
    const traj = normaliseTrajectory(shot.trajectory);
    const before = beforeOf(shot, traj), after = numberKeys(shot.balls_after || {});
    g.paths = null; g.balls = before;
    const speed = typeof speedOf === "function" ? speedOf() : speedOf;
    if (speed > 0) {
      const impacts = eventImpacts(shot, traj);
      let next = 0, prev = layoutAt(traj, before, after, 0);
      const pb = new Playback(duration(traj), (time) => {
        const layout = layoutAt(traj, before, after, time);
        if (!reducedMotion()) this.roll(prev, layout);
        prev = layout;
        if (time < (impacts[next - 1] || { t: -1 }).t) next = impacts.findIndex((e) => e.t > time);   // sought back
        while (next >= 0 && next < impacts.length && impacts[next].t <= time) {
          if (!pb.paused && pb.speed <= 2) playSound(impacts[next].type, impacts[next].speed);
          next += 1;
        }
        g.balls = layout; g.draw();
        if (onFrame) onFrame(pb);
      }, speed);
      this.playback = pb;
      if (onFrame) onFrame(pb, true);
      await pb.run();
      if (this.playback === pb) this.playback = null;
    }
    g.balls = after; g.paths = traj; g.draw();
  }

  roll(prev, layout) {
    const R = this.g.geom.ball_radius;
    for (const [k, p] of Object.entries(layout)) {
      const q = prev[k];
      if (!q || (p[2] || 0) > 0.002) continue;      // a ball in the air does not roll
      this.g.orient.roll(Number(k), p[0] - q[0], p[1] - q[1], R);
    }
  }

  // the lag strokes not drawn yet, rolling up the table and back as the simulator played them, at
  // speedOf() (asked once the strokes are fetched: a page catching up meanwhile skips them)
  async lag(lag, speedOf) {
    let data = null;
    try { data = await get(`/api/games/${encodeURIComponent(this.g.id)}/lag`); } catch (e) { return; }
    const speed = speedOf();
    if (speed <= 0) return;
    if (!data || data.round !== lag.round) return;
    const drawn = this.lagDrawn && this.lagDrawn.round === lag.round ? this.lagDrawn.seats : [];
    const fresh = data.strokes.filter((st) => !drawn.includes(st.seat) && st.trajectory && st.trajectory.length);
    this.lagDrawn = { round: lag.round, seats: data.strokes.map((st) => st.seat) };
    if (!fresh.length) return;
    const moving = {};
    for (const st of fresh) moving[st.seat] = st.trajectory;
    const end = Math.max(...fresh.map((st) => st.trajectory[st.trajectory.length - 1][0]));
    this.lagScene = { ...lag, strokes: data.strokes, moving, t: 0 };
    const pb = new Playback(end, (time) => { this.lagScene.t = time; this.g.draw(); }, speed);
    this.playback = pb;
    await pb.run();
    if (this.playback === pb) this.playback = null;
    this.lagScene = null;
  }

  // the lag's result left on the table `seconds` before the rack replaces it (finish() ends it)
  async lagResult(lag, seconds) {
    if (!(seconds > 0 && seconds < Infinity)) return;
    this.lagScene = lag; this.g.draw();
    const pb = this.playback = new Playback(seconds, () => {}, 1);
    await pb.run();
    if (this.playback === pb) this.playback = null;
    this.lagScene = null;
  }

  // stop whatever is being drawn: it jumps to its end
  finish() { if (this.playback) this.playback.finish(); }
}

// The lag on the table: each ball where it stopped (or rolling), a dashed line to the head cushion
// and the player's name with the distance; the winner's ball ringed.
export function drawLag(tv, geom, lag, players) {
  const ctx = tv.ctx;
  for (const stroke of lag.strokes) {
    const samples = lag.moving && lag.moving[stroke.seat];
    if (samples && lag.t < samples[samples.length - 1][0]) {
      const [x, y] = sampleAt(samples, lag.t);
      tv.drawBall(0, x, y, {});
      continue;
    }
    if (!stroke.final) continue;
    const [x, y] = stroke.final;
    const won = stroke.seat === lag.winner;
    ctx.save();
    ctx.strokeStyle = won ? "#ffd84a" : "rgba(255,255,255,0.7)"; ctx.lineWidth = 2; ctx.setLineDash([4, 4]);
    tv.line(x, y - geom.ball_radius, x, 0);
    ctx.restore();
    tv.drawBall(0, x, y, { ring: won ? "#ffd84a" : null });
    const [px, py] = tv.toPx(x, y);
    ctx.save(); ctx.fillStyle = "#fff"; ctx.font = "600 13px system-ui, sans-serif"; ctx.textAlign = "center";
    const name = players[stroke.seat] ? players[stroke.seat].name : "";
    ctx.fillText(`${name} · ${stroke.distance === null ? "✗" : stroke.distance.toFixed(2) + " m"}`, px, py - geom.ball_radius * tv.scale - 8);
    ctx.restore();
  }
}

export function lagKey(lag) { return lag ? `${lag.round}/${lag.strokes.length}/${lag.winner}/${lag.tied ? 1 : 0}` : null; }

// the status line while a stroke is drawn
export function strokeStatus(shot, players) {
  return players[shot.seat] ? t("shot_by", { n: shot.n, p: players[shot.seat].name }) : "";
}
