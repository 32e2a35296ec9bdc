// The referee's diagram of a real table: not where the balls really are (nobody knows that here),
// but a button for each ball still on the table and for each pocket. Each ball keeps its own place
// for the whole game - the 1 to the 15 in five rows of three, the cue ball at the head - so a ball
// is where the referee found it a shot ago; and each is at least 44 CSS pixels across (a thumb's
// width), whatever the screen.
export const MIN_TARGET_PX = 22;       // the least radius of a ball or a pocket to tap, in CSS pixels

// ball -> [x, y] on the cloth (the world frame of simulate-json.md)
export function slots(geom) {
  const out = { 0: [geom.width / 2, geom.length * 0.13] };
  for (let n = 1; n <= 15; n++) {
    const row = Math.floor((n - 1) / 3), col = (n - 1) % 3;
    out[n] = [geom.width * (0.2 + 0.3 * col), geom.length * (0.3 + 0.155 * row)];
  }
  return out;
}

// the radius each ball is drawn and tapped at: life size times 1.5 at least, 44 px across at least,
// and never so large that two neighbours touch
export function tapRadius(geom, scale) {
  const spacing = Math.min(geom.width * 0.3, geom.length * 0.155);
  return Math.min(0.45 * spacing, Math.max(1.5 * geom.ball_radius, MIN_TARGET_PX / scale));
}

export function pocketReach(scale) { return Math.max(0.13, MIN_TARGET_PX / scale); }

// the ball drawn at (x, y), or null; `shown`: the balls drawn
export function ballAt(geom, scale, shown, x, y) {
  const r = tapRadius(geom, scale), at = slots(geom);
  let best = null, bestD = Infinity;
  for (const n of shown) {
    const [bx, by] = at[n];
    const d = Math.hypot(x - bx, y - by);
    if (d < bestD) { bestD = d; best = n; }
  }
  return bestD <= r ? best : null;
}

// The table with its balls: those pocketed in the shot being entered drawn faded at their place and
// small at their pocket; rings for the call (yellow), the first ball hit (blue), the ball picked
// waiting for its pocket (white).
export function drawDiagram(tv, geom, onTable, facts, pending) {
  const marks = { pockets: {} };
  if (facts.call) marks.pockets[facts.call.pocket] = "#ffd84a";
  tv.drawTable(marks);
  const at = slots(geom), r = tapRadius(geom, tv.scale);
  const gone = new Set([...facts.pocketed.map((p) => p.ball), ...facts.off_table]);
  const rings = {};
  if (facts.call) rings[facts.call.ball] = "#ffd84a";
  if (facts.first_contact !== null) rings[facts.first_contact] = "#5dd0ff";
  if (pending !== null) rings[pending] = "#ffffff";
  for (const n of [0, ...onTable]) {
    const [x, y] = at[n];
    tv.drawBall(n, x, y, { alpha: gone.has(n) ? 0.3 : 1, ring: rings[n], radius: r });
  }
  const per = {};
  for (const p of facts.pocketed) {
    const hole = geom.pockets[p.pocket].hole, k = (per[p.pocket] = (per[p.pocket] || 0) + 1) - 1;
    const toward = [geom.width / 2 - hole[0], geom.length / 2 - hole[1]], norm = Math.hypot(...toward);
    tv.drawBall(p.ball, hole[0] + (toward[0] / norm) * (0.09 + k * 0.045), hole[1] + (toward[1] / norm) * (0.09 + k * 0.045), { radius: geom.ball_radius * 0.8 });
  }
}
