// Geometry for drawing only: the aim line's first contact (ghost ball) and the legal/not-legal
// mark of a cue ball in hand. No physics here: every shot is simulated by the server.

// The first thing the cue ball's centre meets going from `c` along `phi` (degrees): an object
// ball (ghost-ball position, the object ball's departure direction) or a cushion nose.
export function aimContact(geom, balls, c, phiDeg) {
  const R = geom.ball_radius;
  const p = (phiDeg * Math.PI) / 180, dx = Math.cos(p), dy = Math.sin(p);
  let best = Infinity, hit = null;
  for (const [key, q] of Object.entries(balls)) {
    const n = Number(key);
    if (n === 0) continue;
    const ox = q[0] - c[0], oy = q[1] - c[1];
    const along = ox * dx + oy * dy;
    if (along <= 0) continue;
    const perp2 = ox * ox + oy * oy - along * along, reach = 4 * R * R;
    if (perp2 > reach) continue;
    const s = along - Math.sqrt(reach - perp2);
    if (s >= 0 && s < best) { best = s; hit = n; }
  }
  // cushion noses (the cloth's edge minus a radius)
  let wall = Infinity;
  const lim = [[dx, R, geom.width - R, c[0]], [dy, R, geom.length - R, c[1]]];
  for (const [d, lo, hi, v] of lim) {
    if (d > 1e-12) wall = Math.min(wall, (hi - v) / d);
    else if (d < -1e-12) wall = Math.min(wall, (lo - v) / d);
  }
  if (hit !== null && best <= wall) {
    const gx = c[0] + dx * best, gy = c[1] + dy * best;
    const q = balls[hit] || balls[String(hit)];
    const ux = q[0] - gx, uy = q[1] - gy, norm = Math.hypot(ux, uy) || 1;
    const ox = ux / norm, oy = uy / norm;
    // the cue ball's tangent line (stun shot): perpendicular to the object's line, on the aim's side
    let tx = -oy, ty = ox;
    if (tx * dx + ty * dy < 0) { tx = -tx; ty = -ty; }
    const cut = Math.acos(Math.max(-1, Math.min(1, ox * dx + oy * dy))) * 180 / Math.PI;
    return { ball: hit, ghost: [gx, gy], objectDir: [ox, oy], tangentDir: [tx, ty], cut };
  }
  const s = Math.max(0, wall);
  return { ball: null, ghost: [c[0] + dx * s, c[1] + dy * s], objectDir: null, tangentDir: null, cut: null };
}

// Where a cue ball in hand may go, as the server's check (bola8.game.placement) says it, from the
// table /api/meta serves: on the cloth inside the cushion noses, touching no ball (centres 2R apart
// at least), and with its centre on or behind the head string when the cue ball is in hand there
// (Art. 8.2, 9.1; VIEW.kitchen_only). Returns null or a reason key.
export function placementProblem(geom, balls, x, y, kitchenOnly) {
  const R = geom.ball_radius;
  if (x < R || x > geom.width - R || y < R || y > geom.length - R) return "place_bad_cloth";
  if (kitchenOnly && y > geom.head_string_y) return "place_bad_kitchen";
  for (const [key, q] of Object.entries(balls)) {
    if (Number(key) === 0) continue;
    if (Math.hypot(q[0] - x, q[1] - y) < 2 * R) return "place_bad_overlap";
  }
  return null;
}

export function clampToCloth(geom, x, y, kitchenOnly) {
  const R = geom.ball_radius;
  const maxY = kitchenOnly ? geom.head_string_y : geom.length - R;
  return [Math.min(Math.max(x, R), geom.width - R), Math.min(Math.max(y, R), maxY)];
}

// The tip offset (a, b) kept inside the miscue limit: sqrt(a^2 + b^2) <= limit (physics/strike.py).
export function clampTip(a, b, limit) {
  const r = Math.hypot(a, b);
  if (r <= limit) return [a, b];
  return [(a * limit) / r, (b * limit) / r];
}

export function phiTowards(c, x, y) {
  let phi = (Math.atan2(y - c[1], x - c[0]) * 180) / Math.PI;
  if (phi < 0) phi += 360;
  return phi;
}
