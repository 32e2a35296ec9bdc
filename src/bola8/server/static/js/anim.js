// A shot drawn from the server's trajectory: for each ball that moved, samples [t, x, y] (and a
// fourth number, the height z of a ball in the air, when the simulator gives it); the positions in
// between are interpolated linearly (the samples are dense: every event plus at least 60 a
// second), never simulated here.

// the viewer asked the system for less motion: balls slide without turning
export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function normaliseTrajectory(traj) {
  // accepts {"3": [[t, x, y], ...]} or [{"ball": 3, "samples": [[t, x, y], ...]}, ...]
  const out = {};
  if (Array.isArray(traj)) {
    for (const item of traj) out[Number(item.ball)] = item.samples || item.points || [];
  } else if (traj) {
    for (const [k, v] of Object.entries(traj)) out[Number(k)] = v;
  }
  return out;
}

export function duration(traj) {
  let end = 0;
  for (const samples of Object.values(traj)) if (samples.length) end = Math.max(end, samples[samples.length - 1][0]);
  return end;
}

// one ball's [x, y, z] at time t from its samples (z = 0 when the samples have no height)
export function sampleAt(samples, t) {
  const z = (s) => (s.length > 3 ? s[3] : 0);
  const first = samples[0], last = samples[samples.length - 1];
  if (t <= first[0]) return [first[1], first[2], z(first)];
  if (t >= last[0]) return [last[1], last[2], z(last)];
  let lo = 0, hi = samples.length - 1;
  while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (samples[mid][0] <= t) lo = mid; else hi = mid; }
  const a = samples[lo], b = samples[hi];
  const f = b[0] > a[0] ? (t - a[0]) / (b[0] - a[0]) : 1;
  return [a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f, z(a) + (z(b) - z(a)) * f];
}

// the layout at time t: ball -> [x, y, z]; a ball whose samples ended and that is not in `after`
// (pocketed or off the table) disappears at its last sample
export function layoutAt(traj, before, after, t) {
  const out = {};
  for (const [k, p] of Object.entries(before)) out[Number(k)] = [p[0], p[1], 0];
  for (const [k, samples] of Object.entries(traj)) {
    const n = Number(k);
    if (!samples.length) continue;
    if (t >= samples[samples.length - 1][0] && after && !(n in after) && !(String(n) in after)) { delete out[n]; continue; }
    out[n] = sampleAt(samples, t);
  }
  return out;
}

// The layout a shot was played from: SHOT.balls_before when the server gives it, otherwise the
// first sample of each moving ball and the after-position of the others.
export function beforeOf(shot, traj) {
  if (shot.balls_before) return numberKeys(shot.balls_before);
  const out = numberKeys(shot.balls_after || {});
  for (const [k, samples] of Object.entries(traj)) if (samples.length) out[Number(k)] = [samples[0][1], samples[0][2]];
  return out;
}

export function numberKeys(balls) {
  const out = {};
  for (const [k, v] of Object.entries(balls || {})) out[Number(k)] = v;
  return out;
}

// How hard each event of a shot sounded: the relative speed of the balls it names just before it,
// read from the trajectory (m/s). Returns [{t, type, speed}] in time order.
export function eventImpacts(shot, traj) {
  const out = [];
  const dt = 0.012;
  const velocity = (n, t) => {
    const samples = traj[n];
    if (!samples || !samples.length) return [0, 0];
    const a = sampleAt(samples, Math.max(0, t - dt)), b = sampleAt(samples, t);
    return [(b[0] - a[0]) / dt, (b[1] - a[1]) / dt];
  };
  for (const e of shot.events || []) {
    if (!["strike", "ball_ball", "cushion", "pocket", "jaw"].includes(e.type)) continue;
    const balls = e.balls || [];
    let speed;
    if (e.type === "strike") speed = shot.strike ? shot.strike.speed : 2;
    else if (e.type === "ball_ball" && balls.length >= 2) {
      const va = velocity(balls[0], e.t), vb = velocity(balls[1], e.t);
      speed = Math.hypot(va[0] - vb[0], va[1] - vb[1]);
    } else {
      const v = velocity(balls[0], e.t);
      speed = Math.hypot(v[0], v[1]);
    }
    out.push({ t: e.t, type: e.type, speed });
  }
  return out;
}

// A shot played at a chosen pace: speed (1 = real time), pause, seek, skip to the result. `draw(t)`
// is called every frame with the shot's time; run() resolves once the end is drawn.
export class Playback {
  constructor(end, draw, speed = 1) {
    this.end = end; this.draw = draw; this.speed = speed;
    this.t = 0; this.paused = false; this.done = false; this.resolve = null;
  }

  run() {
    return new Promise((resolve) => {
      this.resolve = resolve;
      if (this.end <= 0 || this.speed <= 0) { this.finish(); return; }
      let last = performance.now();
      const frame = (now) => {
        if (this.done) return;
        // a frame late by more than 0.1 s (a hidden tab) does not jump the balls
        const dt = Math.min(0.1, Math.max(0, (now - last) / 1000));
        last = now;
        if (!this.paused) this.t = Math.min(this.end, this.t + dt * this.speed);
        this.draw(this.t);
        if (this.t >= this.end) this.finish(); else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }

  finish() {
    if (this.done) return;
    this.done = true; this.t = this.end;
    this.draw(this.end);
    if (this.resolve) this.resolve();
  }

  seek(t) { this.t = Math.max(0, Math.min(this.end, t)); if (this.paused) this.draw(this.t); }
}
