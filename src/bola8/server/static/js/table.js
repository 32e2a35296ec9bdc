// The table drawn top-down on a canvas, like bola8's SVG diagram (game/render.py): wood rail,
// cloth, cushions, pockets with their jaws, diamonds, head string, foot spot, numbered balls
// (stripes drawn as stripes). World frame of spec/simulate-json.md: x across, y from the head
// cushion, metres. Landscape (head on the left, x = 0 at the top, as render.py) when the box is
// wider than tall; portrait (head at the bottom, x = 0 on the left) on a phone held upright.

import { aimContact } from "./geometry.js";
import { drawSphere } from "./balls3d.js";

export const BALL_COLOURS = {
  0: "#f8f8f0", 1: "#f2c200", 2: "#1f4fbf", 3: "#d22424", 4: "#5b2a86", 5: "#f07f13",
  6: "#1b7a3a", 7: "#7a1f1f", 8: "#111111", 9: "#f2c200", 10: "#1f4fbf", 11: "#d22424",
  12: "#5b2a86", 13: "#f07f13", 14: "#1b7a3a", 15: "#7a1f1f",
};
const RAIL = 0.14;          // cushion plus wood drawn around the cloth, metres (wider than render.py's 0.09 so the pockets sit inside the wood)
const CUSHION = 0.045;      // the rubber cushion between the nose and the wood

// The table's geometry: /api/meta's, the simulator's own TableSpec - its size, ball, head string and
// spots, cushion noses, jaws and drop circles - so the page draws and checks what the server plays.
export function tableGeometry(table, meta) {
  const fromServer = meta && meta.tables && meta.tables[table.name];
  if (!fromServer) throw new Error(`/api/meta has no table ${table.name}`);
  return { ...fromServer, name: table.name };
}

export class TableView {
  constructor(canvas, geom) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.geom = geom;
    this.portrait = false;
    this.scale = 100;
    this.resize();
  }

  setGeometry(geom) { this.geom = geom; this.resize(); }

  // Fit the table in the canvas's parent box, crisp at the device's pixel ratio.
  resize() {
    const box = this.canvas.parentElement.getBoundingClientRect();
    const g = this.geom;
    const outerL = g.length + 2 * RAIL, outerW = g.width + 2 * RAIL;
    const availW = Math.max(box.width, 100), availH = Math.max(box.height, 100);
    this.portrait = availH > availW * 1.05;
    const [across, along] = this.portrait ? [outerW, outerL] : [outerL, outerW];
    this.scale = Math.min(availW / across, availH / along);
    const cssW = Math.floor(across * this.scale), cssH = Math.floor(along * this.scale);
    const dpr = window.devicePixelRatio || 1;
    this.canvas.style.width = `${cssW}px`;
    this.canvas.style.height = `${cssH}px`;
    this.canvas.width = Math.round(cssW * dpr);
    this.canvas.height = Math.round(cssH * dpr);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.cssW = cssW; this.cssH = cssH;
  }

  // world (x, y) -> CSS pixels on the canvas
  toPx(x, y) {
    const s = this.scale;
    if (this.portrait) return [(x + RAIL) * s, (this.geom.length - y + RAIL) * s];
    return [(y + RAIL) * s, (x + RAIL) * s];
  }

  // CSS pixels (relative to the canvas) -> world (x, y)
  toWorld(px, py) {
    const s = this.scale;
    if (this.portrait) return [px / s - RAIL, this.geom.length - (py / s - RAIL)];
    return [py / s - RAIL, px / s - RAIL];
  }

  eventToWorld(ev) {
    const r = this.canvas.getBoundingClientRect();
    return this.toWorld(ev.clientX - r.left, ev.clientY - r.top);
  }

  // the angle on screen of a world direction phi (degrees, 0 = +x, 90 = +y)
  screenAngle(phiDeg) {
    const p = (phiDeg * Math.PI) / 180;
    const dx = Math.cos(p), dy = Math.sin(p);
    return this.portrait ? Math.atan2(-dy, dx) : Math.atan2(dx, dy);
  }

  // the pocket within `reach` metres of (x, y), or null
  pocketAt(x, y, reach = 0.13) {
    let best = null, bestD = Infinity;
    for (const [name, p] of Object.entries(this.geom.pockets)) {
      const d = Math.hypot(x - p.hole[0], y - p.hole[1]);
      if (d < bestD) { bestD = d; best = name; }
    }
    return bestD < reach ? best : null;
  }

  ballAt(balls, x, y, slack = 1.6) {
    const R = this.geom.ball_radius;
    let best = null, bestD = Infinity;
    for (const [n, p] of Object.entries(balls)) {
      const d = Math.hypot(x - p[0], y - p[1]);
      if (d < bestD) { bestD = d; best = Number(n); }
    }
    return bestD <= R * slack ? best : null;
  }

  // ---- drawing --------------------------------------------------------------------------------
  drawTable(marks = {}) {
    const ctx = this.ctx, g = this.geom, s = this.scale;
    ctx.clearRect(0, 0, this.cssW, this.cssH);
    // wood
    const [w0x, w0y] = this.toPx(-RAIL, -RAIL), [w1x, w1y] = this.toPx(g.width + RAIL, g.length + RAIL);
    roundRect(ctx, Math.min(w0x, w1x), Math.min(w0y, w1y), Math.abs(w1x - w0x), Math.abs(w1y - w0y), 0.05 * s);
    const wood = ctx.createLinearGradient(0, 0, this.cssW, this.cssH);
    wood.addColorStop(0, "#6b4020"); wood.addColorStop(0.5, "#5a3518"); wood.addColorStop(1, "#4a2a12");
    ctx.fillStyle = wood; ctx.fill();
    // cushions (rubber) then the cloth inside the noses
    this.fillRect(-CUSHION, -CUSHION, g.width + CUSHION, g.length + CUSHION, "#155a39");
    this.fillRect(0, 0, g.width, g.length, null);
    const [c0x, c0y] = this.toPx(g.width / 2, g.length / 2);
    const cloth = ctx.createRadialGradient(c0x, c0y, 0, c0x, c0y, Math.max(this.cssW, this.cssH) * 0.6);
    cloth.addColorStop(0, "#23805a"); cloth.addColorStop(1, "#1d6b45");
    ctx.fillStyle = cloth; ctx.fill();
    // pockets: the throat cut through the cushion, the jaws, the hole
    for (const [name, p] of Object.entries(g.pockets)) this.drawPocket(name, p, marks);
    // diamonds on the wood
    const mid = CUSHION + (RAIL - CUSHION) / 2;
    const pts = [];
    for (const k of [1, 2, 3, 5, 6, 7]) { pts.push([-mid, (g.length * k) / 8]); pts.push([g.width + mid, (g.length * k) / 8]); }
    for (const k of [1, 2, 3]) { pts.push([(g.width * k) / 4, -mid]); pts.push([(g.width * k) / 4, g.length + mid]); }
    ctx.fillStyle = "#efe6c8";
    const d = 0.011 * s;
    for (const [x, y] of pts) {
      const [px, py] = this.toPx(x, y);
      ctx.beginPath(); ctx.moveTo(px, py - d); ctx.lineTo(px + d, py); ctx.lineTo(px, py + d); ctx.lineTo(px - d, py); ctx.closePath(); ctx.fill();
    }
    // head string (dashed), long string, foot spot, head spot
    ctx.save();
    ctx.strokeStyle = marks.kitchen ? "rgba(255,230,120,0.9)" : "rgba(207,232,216,0.75)";
    ctx.lineWidth = marks.kitchen ? 2 : 1.5;
    ctx.setLineDash([6, 5]);
    this.line(0, g.head_string_y, g.width, g.head_string_y);
    ctx.setLineDash([]);
    ctx.strokeStyle = "rgba(47,138,92,0.9)"; ctx.lineWidth = 1;
    this.line(g.width / 2, 0, g.width / 2, g.length);
    ctx.restore();
    if (marks.kitchen) {
      this.fillRect(0, 0, g.width, g.head_string_y, "rgba(255,230,120,0.08)");
    }
    ctx.fillStyle = "#cfe8d8";
    for (const [x, y] of [g.foot_spot, g.head_spot]) {
      const [px, py] = this.toPx(x, y);
      ctx.beginPath(); ctx.arc(px, py, Math.max(2, 0.006 * s), 0, 2 * Math.PI); ctx.fill();
    }
  }

  drawPocket(name, p, marks) {
    const ctx = this.ctx, s = this.scale;
    const [hx, hy] = this.toPx(p.hole[0], p.hole[1]);
    const tips = p.tips || null;
    if (tips) {
      // the throat: from the two jaw tips out along the pocket's axis, cloth-coloured over the cushion
      const ax = p.axis[0], ay = p.axis[1], far = 0.12;
      const poly = [tips[0], [tips[0][0] + ax * far, tips[0][1] + ay * far], [tips[1][0] + ax * far, tips[1][1] + ay * far], tips[1]];
      ctx.beginPath();
      poly.forEach(([x, y], i) => { const [px, py] = this.toPx(x, y); if (i === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py); });
      ctx.closePath();
      ctx.fillStyle = "#1a6340"; ctx.fill();
    }
    if (this.geom.segments) {
      // jaw faces of the simulator's geometry belonging to this pocket: drawn as the rubber edge
      ctx.save(); ctx.strokeStyle = "#0f3f27"; ctx.lineWidth = Math.max(1.5, 0.006 * s);
      for (const seg of this.geom.segments) if (seg.length >= 7 && seg[6] === p.index) this.line(seg[0], seg[1], seg[2], seg[3]);
      ctx.restore();
    }
    const r = p.hole[2] * s;
    const grad = ctx.createRadialGradient(hx, hy, r * 0.2, hx, hy, r);
    grad.addColorStop(0, "#000"); grad.addColorStop(1, "#111");
    ctx.beginPath(); ctx.arc(hx, hy, r, 0, 2 * Math.PI); ctx.fillStyle = grad; ctx.fill();
    ctx.strokeStyle = "#2a1a0c"; ctx.lineWidth = 1.5; ctx.stroke();
    if (marks.pockets && marks.pockets[name]) {
      ctx.save();
      ctx.strokeStyle = marks.pockets[name]; ctx.lineWidth = 3.5;
      ctx.beginPath(); ctx.arc(hx, hy, r + 0.012 * s, 0, 2 * Math.PI); ctx.stroke();
      ctx.restore();
    }
  }

  fillRect(x0, y0, x1, y1, colour) {
    const [ax, ay] = this.toPx(x0, y0), [bx, by] = this.toPx(x1, y1);
    this.ctx.beginPath();
    this.ctx.rect(Math.min(ax, bx), Math.min(ay, by), Math.abs(bx - ax), Math.abs(by - ay));
    if (colour) { this.ctx.fillStyle = colour; this.ctx.fill(); }
  }

  line(x0, y0, x1, y1) {
    const [ax, ay] = this.toPx(x0, y0), [bx, by] = this.toPx(x1, y1);
    this.ctx.beginPath(); this.ctx.moveTo(ax, ay); this.ctx.lineTo(bx, by); this.ctx.stroke();
  }

  // a world direction (x, y) on the screen (right, down), and back: for turning the balls
  dirToScreen(x, y) { return this.portrait ? [x, -y] : [y, x]; }
  dirToWorld(sx, sy) { return this.portrait ? [sx, -sy] : [sy, sx]; }

  // A ball at (x, y), turned as `opts.m` says (balls3d.js), lifted `opts.z` metres when in the air:
  // drawn larger, its shadow left behind on the cloth.
  drawBall(n, x, y, opts = {}) {
    const ctx = this.ctx;
    const [cx, cy] = this.toPx(x, y);
    const R = opts.radius || this.geom.ball_radius;
    const z = Math.max(0, opts.z || 0);
    const lift = Math.min(1.8, 1 + 0.25 * z / this.geom.ball_radius);
    const r = R * this.scale * lift;
    const alpha = opts.alpha === undefined ? 1 : opts.alpha;
    ctx.save();
    ctx.globalAlpha = alpha * (z > 0 ? Math.max(0.12, 0.28 - z * 1.5) : 0.28);
    const away = z * this.scale;
    ctx.beginPath(); ctx.arc(cx + R * this.scale * 0.18 + away * 0.6, cy + R * this.scale * 0.22 + away * 0.8, R * this.scale, 0, 2 * Math.PI);
    ctx.fillStyle = "#000"; ctx.fill();
    ctx.restore();
    drawSphere(ctx, n, cx, cy, r, opts.m || [1, 0, 0, 0, 1, 0, 0, 0, 1], BALL_COLOURS[n] || "#cccccc",
      (sx, sy) => this.dirToWorld(sx, sy), (wx, wy) => this.dirToScreen(wx, wy), alpha);
    if (opts.ring) {
      ctx.save();
      ctx.beginPath(); ctx.arc(cx, cy, r + 3, 0, 2 * Math.PI);
      ctx.strokeStyle = opts.ring; ctx.lineWidth = 2.5; ctx.stroke();
      ctx.restore();
    }
  }

  // balls: n -> [x, y] or [x, y, z]; opts.orient: an Orientations (balls3d.js)
  drawBalls(balls, opts = {}) {
    const order = Object.keys(balls).map(Number).sort((a, b) => {
      const za = (balls[a] || [])[2] || 0, zb = (balls[b] || [])[2] || 0;
      return za - zb || b - a;                 // balls in the air over the others
    });
    for (const n of order) {
      const p = balls[n] || balls[String(n)];
      this.drawBall(n, p[0], p[1], { ring: opts.rings && opts.rings[n], alpha: opts.alpha && opts.alpha[n],
        z: p[2] || 0, m: opts.orient ? opts.orient.get(n) : null });
    }
  }

  // each ball's path of a shot, in its colour (the cue ball's dashed white), as render.py draws them
  drawPaths(traj, alpha = 0.55) {
    const ctx = this.ctx;
    ctx.save();
    ctx.globalAlpha = alpha; ctx.lineWidth = 2; ctx.lineJoin = "round";
    for (const [k, samples] of Object.entries(traj)) {
      const n = Number(k);
      if (samples.length < 2) continue;
      ctx.strokeStyle = n === 0 ? "#ffffff" : BALL_COLOURS[n];
      ctx.setLineDash(n === 0 ? [7, 4] : []);
      ctx.beginPath();
      samples.forEach(([, x, y], i) => { const [px, py] = this.toPx(x, y); if (i === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py); });
      ctx.stroke();
    }
    ctx.restore();
  }

  // the aim line to the ghost ball at the first contact, the object ball's departure line and
  // the cue ball's tangent line; returns the ball the aim line meets first (or null). foul: that
  // first contact would be a foul - the ghost ball drawn red and crossed
  drawAim(balls, phi, foul = false) {
    const ctx = this.ctx, c = balls[0];
    const hit = aimContact(this.geom, balls, c, phi);
    ctx.save();
    ctx.strokeStyle = "rgba(255,255,255,0.8)"; ctx.lineWidth = 1.5; ctx.setLineDash([6, 5]);
    this.line(c[0], c[1], hit.ghost[0], hit.ghost[1]);
    ctx.setLineDash([]);
    const [gx, gy] = this.toPx(hit.ghost[0], hit.ghost[1]);
    ctx.beginPath(); ctx.arc(gx, gy, this.geom.ball_radius * this.scale, 0, 2 * Math.PI);
    ctx.strokeStyle = foul ? "#ff4d4d" : "rgba(255,255,255,0.9)"; ctx.fillStyle = foul ? "rgba(255,77,77,0.25)" : "rgba(255,255,255,0.18)";
    ctx.fill(); ctx.stroke();
    if (foul) {
      const r = this.geom.ball_radius * this.scale * 0.7;
      ctx.lineWidth = 2.5; ctx.beginPath();
      ctx.moveTo(gx - r, gy - r); ctx.lineTo(gx + r, gy + r); ctx.moveTo(gx + r, gy - r); ctx.lineTo(gx - r, gy + r); ctx.stroke();
    }
    if (hit.ball !== null) {
      const q = balls[hit.ball];
      ctx.strokeStyle = "rgba(255,216,74,0.95)"; ctx.lineWidth = 2.5;
      this.line(q[0], q[1], q[0] + hit.objectDir[0] * 0.45, q[1] + hit.objectDir[1] * 0.45);
      ctx.strokeStyle = "rgba(255,255,255,0.45)"; ctx.lineWidth = 1.5; ctx.setLineDash([3, 4]);
      this.line(hit.ghost[0], hit.ghost[1], hit.ghost[0] + hit.tangentDir[0] * 0.25, hit.ghost[1] + hit.tangentDir[1] * 0.25);
    }
    ctx.restore();
    return hit.ball;
  }

  // the cue stick behind the cue ball, pulled back by `pull` metres
  drawCue(x, y, phiDeg, pull) {
    const ctx = this.ctx, s = this.scale, R = this.geom.ball_radius;
    const ang = this.screenAngle(phiDeg);
    const [cx, cy] = this.toPx(x, y);
    const start = (R + 0.01 + pull) * s, len = 1.2 * s;
    const ux = -Math.cos(ang), uy = -Math.sin(ang), nx = -uy, ny = ux;
    const tip = 0.0065 * s, butt = 0.015 * s;
    const p0 = [cx + ux * start, cy + uy * start], p1 = [cx + ux * (start + len), cy + uy * (start + len)];
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(p0[0] + nx * tip, p0[1] + ny * tip); ctx.lineTo(p1[0] + nx * butt, p1[1] + ny * butt);
    ctx.lineTo(p1[0] - nx * butt, p1[1] - ny * butt); ctx.lineTo(p0[0] - nx * tip, p0[1] - ny * tip); ctx.closePath();
    const grad = ctx.createLinearGradient(p0[0], p0[1], p1[0], p1[1]);
    grad.addColorStop(0, "#e9d9b0"); grad.addColorStop(0.62, "#d9b778"); grad.addColorStop(0.66, "#2b1a10"); grad.addColorStop(1, "#5a2d14");
    ctx.fillStyle = grad; ctx.fill();
    ctx.beginPath(); ctx.moveTo(p0[0] + nx * tip, p0[1] + ny * tip); ctx.lineTo(p0[0] - nx * tip, p0[1] - ny * tip);
    ctx.strokeStyle = "#3d6fb6"; ctx.lineWidth = 3; ctx.stroke();
    ctx.restore();
  }
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y); ctx.arcTo(x + w, y, x + w, y + h, r); ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r); ctx.arcTo(x, y, x + w, y, r); ctx.closePath();
}
