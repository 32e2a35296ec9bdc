// Small HTML ball chips for the HUD, trays and lists (the canvas draws the table's own balls).
import { BALL_COLOURS } from "./table.js";
import { el } from "./dom.js";
import { isStripe } from "./names.js";

export function chip(n, attrs = {}) {
  const colour = BALL_COLOURS[n];
  let style = `background:${colour}`;
  if (isStripe(n)) style = `background:linear-gradient(#f8f8f0 0 24%, ${colour} 24% 76%, #f8f8f0 76%)`;
  return el("span", { class: `chip${n === 0 ? " cue" : ""}`, style, title: String(n), ...attrs },
    n === 0 ? "" : el("span", { class: "num" }, String(n)));
}
