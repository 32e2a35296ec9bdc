// Balls drawn as spheres seen from above, turning as they roll: each ball's orientation is a
// rotation matrix advanced by the distance it travels (rolling without sliding: the angle is the
// distance over the radius, about the horizontal axis across its path). Drawing only - the
// positions come from the server's trajectory. Each pixel of a ball is shaded from its normal
// turned into the ball's own frame: the stripe is a band around the ball's x axis, the numbers
// sit in white circles at its two z poles (on the stripe, as on a real striped ball).

import { isStripe } from "./names.js";

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const STRIPE = 0.5;                  // the band: |normal . x| < 0.5, thirty degrees either side
const NUMBER_DISC = Math.cos(0.42);  // the white circle round each number
const LIGHT = normalise([-0.35, -0.45, 0.82]);
const HALF = normalise([LIGHT[0], LIGHT[1], LIGHT[2] + 1]);

function normalise(v) { const n = Math.hypot(...v); return v.map((x) => x / n); }

function rgb(hex) {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

// ball -> orientation matrix (row-major 3x3, ball frame to world frame)
export class Orientations {
  constructor() { this.m = {}; }

  get(n) { return this.m[n] || IDENTITY; }

  reset() { this.m = {}; }

  // roll ball n by the displacement (dx, dy) on the cloth, radius R (metres)
  roll(n, dx, dy, R) {
    const d = Math.hypot(dx, dy);
    if (d < 1e-7) return;
    const kx = -dy / d, ky = dx / d, a = d / R;
    const c = Math.cos(a), s = Math.sin(a), t = 1 - c;
    // rotation about the horizontal axis (kx, ky, 0) (Rodrigues)
    const r = [t * kx * kx + c, t * kx * ky, s * ky,
      t * kx * ky, t * ky * ky + c, -s * kx,
      -s * ky, s * kx, c];
    const m = this.get(n), out = new Array(9);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out[3 * i + j] = r[3 * i] * m[j] + r[3 * i + 1] * m[3 + j] + r[3 * i + 2] * m[6 + j];
    this.m[n] = orthonormal(out);
  }
}

// keep a matrix a rotation after many small products (Gram-Schmidt on its columns)
function orthonormal(m) {
  let a = [m[0], m[3], m[6]], b = [m[1], m[4], m[7]];
  a = normalise(a);
  const d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  b = normalise([b[0] - d * a[0], b[1] - d * a[1], b[2] - d * a[2]]);
  const c = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  return [a[0], b[0], c[0], a[1], b[1], c[1], a[2], b[2], c[2]];
}

const buffers = {};
function buffer(size) {
  let b = buffers[size];
  if (!b) {
    const canvas = document.createElement("canvas");
    canvas.width = size; canvas.height = size;
    b = buffers[size] = { canvas, ctx: canvas.getContext("2d"), image: null };
    b.image = b.ctx.createImageData(size, size);
  }
  return b;
}

// Draw ball n centred at (cx, cy) CSS pixels with radius r, orientation m. `toWorld(ox, oy)` turns a
// screen direction (right, down) into the world's (x, y); `toScreen(x, y)` the other way.
export function drawSphere(ctx, n, cx, cy, r, m, colour, toWorld, toScreen, alpha = 1) {
  const dpr = window.devicePixelRatio || 1;
  const size = Math.max(4, Math.ceil(2 * r * dpr) + 2);
  const rr = r * dpr, mid = size / 2;
  const { canvas, ctx: bctx, image } = buffer(size);
  const data = image.data;
  const base = rgb(colour), white = [248, 248, 240];
  const stripe = isStripe(n), plain = n === 0;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const i = 4 * (py * size + px);
      const ox = (px + 0.5 - mid) / rr, oy = (py + 0.5 - mid) / rr;
      const d2 = ox * ox + oy * oy;
      const edge = (1 - Math.sqrt(d2)) * rr + 0.5;
      if (edge <= 0) { data[i + 3] = 0; continue; }
      const nz = Math.sqrt(Math.max(0, 1 - d2));
      const [wx, wy] = toWorld(ox, oy);
      // the normal in the ball's frame: the transpose of m times the world normal
      const bx = m[0] * wx + m[3] * wy + m[6] * nz;
      const bz = m[2] * wx + m[5] * wy + m[8] * nz;
      let c = base;
      if (plain) c = white;
      else if (Math.abs(bz) > NUMBER_DISC) c = white;
      else if (stripe && Math.abs(bx) > STRIPE) c = white;
      const lambert = Math.max(0, ox * LIGHT[0] + oy * LIGHT[1] + nz * LIGHT[2]);
      const spec = Math.pow(Math.max(0, ox * HALF[0] + oy * HALF[1] + nz * HALF[2]), 40) * 190;
      const k = 0.38 + 0.62 * lambert;
      data[i] = Math.min(255, c[0] * k + spec);
      data[i + 1] = Math.min(255, c[1] * k + spec);
      data[i + 2] = Math.min(255, c[2] * k + spec);
      data[i + 3] = 255 * Math.min(1, edge);
    }
  }
  bctx.putImageData(image, 0, 0);
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.drawImage(canvas, 0, 0, size, size, cx - mid / dpr, cy - mid / dpr, size / dpr, size / dpr);
  if (!plain) {
    // the number on the pole facing up, squeezed as it turns away, hidden near the edge
    let p = [m[2], m[5], m[8]];
    if (p[2] < 0) p = [-p[0], -p[1], -p[2]];
    if (p[2] > 0.3) {
      const [sx, sy] = toScreen(p[0], p[1]);
      const at = [cx + sx * r, cy + sy * r];
      const radial = Math.atan2(sy, sx);
      ctx.translate(at[0], at[1]);
      ctx.rotate(radial); ctx.scale(p[2], 1); ctx.rotate(-radial);
      ctx.fillStyle = "#000";
      ctx.font = `bold ${Math.max(6, r * 0.72)}px system-ui, Helvetica, Arial, sans-serif`;
      ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.fillText(String(n), 0, r * 0.04);
    }
  }
  ctx.restore();
}
