// A shot drawn from the server's trajectory: for each ball that moved, samples [t, x, y]; the
// positions in between are interpolated linearly (the samples are dense: every event plus at
// least 60 a second), never simulated here.

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

// the layout at time t: moving balls interpolated, a ball whose samples ended and that is not in
// `after` (pocketed or off the table) disappears at its last sample
export function layoutAt(traj, before, after, t) {
  const out = {};
  for (const [k, p] of Object.entries(before)) out[Number(k)] = p;
  for (const [k, samples] of Object.entries(traj)) {
    const n = Number(k);
    if (!samples.length) continue;
    const last = samples[samples.length - 1];
    if (t >= last[0]) {
      if (after && !(n in after) && !(String(n) in after)) delete out[n];
      else out[n] = [last[1], last[2]];
      continue;
    }
    if (t <= samples[0][0]) { out[n] = [samples[0][1], samples[0][2]]; continue; }
    let lo = 0, hi = samples.length - 1;
    while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (samples[mid][0] <= t) lo = mid; else hi = mid; }
    const a = samples[lo], b = samples[hi];
    const f = b[0] > a[0] ? (t - a[0]) / (b[0] - a[0]) : 1;
    out[n] = [a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
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

// Run an animation at the display's frame rate (60 fps); resolves when done. `speed` scales time.
export function play(traj, draw, speed = 1) {
  const end = duration(traj);
  return new Promise((resolve) => {
    const start = performance.now();
    function frame(now) {
      const t = ((now - start) / 1000) * speed;
      draw(Math.min(t, end));
      if (t >= end) resolve(); else requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  });
}
