// The "place" mode: the cue ball in hand (Art. 13; behind the head string when VIEW.kitchen_only,
// Art. 7.1 and 8.2), dragged or moved by the arrows to a spot with a live legal mark, then placed.
// Its state is the turn's `place`: the spot the ball stands on while the person moves it.
import { t } from "../i18n.js";
import { placementProblem, clampToCloth } from "../geometry.js";

// where the ball in hand starts: where the cue ball stands, unless that spot is not allowed
export function startPlace(g, view) {
  const geom = g.geom, have = g.balls[0];
  const line = geom.head_string_y;
  let p = have ? [have[0], have[1]] : [geom.width / 2, line - 0.1];
  if (view.kitchen_only && p[1] > line) p = [geom.width / 2, line - 0.1];
  if (placementProblem(geom, g.balls, p[0], p[1], view.kitchen_only)) p = [geom.width / 2, view.kitchen_only ? line / 2 : line - 0.1];
  return p;
}

export function placeProblem(g) {
  const p = g.turn.place;
  return placementProblem(g.geom, g.balls, p[0], p[1], g.view.kitchen_only);
}

function moveTo(g, x, y) { g.turn.place = clampToCloth(g.geom, x, y, false); }

// the action that puts the ball where it stands, or null while that spot is not allowed; the spot is
// checked as it is sent (rounded to 10 µm: rounding may carry a ball at the edge of the cloth past it)
export function placeAction(g) {
  const r = (v) => Math.round(v * 100000) / 100000;
  const x = r(g.turn.place[0]), y = r(g.turn.place[1]);
  if (placeProblem(g) || placementProblem(g.geom, g.balls, x, y, g.view.kitchen_only)) return null;
  return { path: "place", body: { x, y } };
}

export const placeMode = {
  pointerDown(g, x, y) { moveTo(g, x, y); return {}; },
  pointerMove(g, x, y) { moveTo(g, x, y); return null; },
  pointerUp() { return null; },

  key(g, ev) {
    const step = ev.shiftKey ? 0.05 : 0.01;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[ev.key]) {
      // the arrows move the ball as it is seen: turned into the table's frame
      const [wx, wy] = g.tv.dirToWorld(moves[ev.key][0], moves[ev.key][1]);
      moveTo(g, g.turn.place[0] + wx * step, g.turn.place[1] + wy * step);
      return true;
    }
    if (ev.key === "Enter" || ev.key === " ") return placeAction(g) || true;
    return false;
  },

  // the ball in hand with its mark: a green ring where it may go, a red cross where not
  drawMark(g, tv) {
    const p = g.turn.place, bad = placeProblem(g);
    const [px, py] = tv.toPx(p[0], p[1]);
    const ctx = tv.ctx, r = g.geom.ball_radius * tv.scale;
    ctx.save(); ctx.lineWidth = 3; ctx.strokeStyle = bad ? "#ff4d4d" : "#5dff8a";
    ctx.beginPath(); ctx.arc(px, py, r + 5, 0, 2 * Math.PI); ctx.stroke();
    if (bad) { ctx.beginPath(); ctx.moveTo(px - r, py - r); ctx.lineTo(px + r, py + r); ctx.moveTo(px + r, py - r); ctx.lineTo(px - r, py + r); ctx.stroke(); }
    ctx.restore();
  },
};

// the line under the table: "✓ legal spot" or "✗ <why not>"
export function renderPlaceStatus(box, button, g) {
  const bad = placeProblem(g);
  box.textContent = bad ? `✗ ${t(bad)}` : `✓ ${t("place_ok")}`;
  box.className = `place-status ${bad ? "bad" : "ok"}`;
  box.dataset.legal = bad ? "no" : "yes";
  button.disabled = !!bad || !!g.sending;
}
