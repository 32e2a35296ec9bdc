// An elimination bracket drawn: a column for each round, a box for each match with its two players and
// its score, and a line from each match to the slot its winner goes to (the match's `next`). Double
// elimination draws the winners' bracket, the losers' bracket below it and the grand final after both;
// a player coming down from the winners' bracket is written in his slot ("Perdedor de m3") rather than
// drawn as a line across the page. A bye is not a match: the seed who waits is drawn as a box in the
// round before the one he enters, joined to his slot.
//
// The boxes are positioned from the bracket's own links (`from`, `next`), never from the order of
// `matches`: a match sits halfway between the two boxes that feed it, so no line crosses another.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { playerName, slotText, numberOf, roundName } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";
// the geometry, in CSS pixels (a screen in the club scales the whole drawing)
export const BOX_W = 210, HEAD_H = 20, ROW_H = 27, FOOT_H = 20, GAP_X = 52, UNIT = 112, HEADING_H = 34, SECTION_GAP = 40;
export const BOX_H = HEAD_H + 2 * ROW_H + FOOT_H;
const BYE_H = ROW_H + 8;

// Where each box goes: {boxes: [{kind: "match"|"bye", id?, col, center, section, ...}], width, height,
// sections: [{bracket, top}]}; pure, so it is tested on its own.
export function layout(tour) {
  const byId = new Map(tour.matches.map((m) => [m.id, m]));
  const of = (bracket) => tour.matches.filter((m) => m.bracket === bracket);
  const boxes = [];
  const placed = new Map();
  const sections = [];
  let top = HEADING_H;

  // one tree: from its last match back through the matches whose winners feed it
  function tree(bracket, colOf) {
    const matches = of(bracket);
    if (!matches.length) return;
    const first = Math.min(...matches.map((m) => m.round));
    const last = matches.filter((m) => m.round === Math.max(...matches.map((x) => x.round)));
    let leaves = 0;
    const sectionTop = top;
    const leaf = () => sectionTop + (leaves++) * UNIT + UNIT / 2;
    function visit(match) {
      const centers = [];
      (match.from || []).forEach((from, slot) => {
        const feeder = from && from.winner ? byId.get(from.winner) : null;
        if (feeder && feeder.bracket === bracket) centers.push(visit(feeder));
        else if (from && from.seed !== undefined && match.round > first) {
          // a bye: the seed waits one round, drawn in the column before his match
          const center = leaf();
          boxes.push({ kind: "bye", col: colOf(match) - 1, center, seed: from.seed, player: from.player, to: { match: match.id, slot }, bracket });
          centers.push(center);
        }
      });
      const center = centers.length ? centers.reduce((a, b) => a + b, 0) / centers.length : leaf();
      const box = { kind: "match", id: match.id, col: colOf(match), center, bracket };
      boxes.push(box); placed.set(match.id, box);
      return center;
    }
    last.forEach(visit);
    // a match no winner leads back to (none in a well-formed bracket) still gets its place
    matches.filter((m) => !placed.has(m.id)).forEach(visit);
    sections.push({ bracket, top: sectionTop });
    top = sectionTop + leaves * UNIT + SECTION_GAP + HEADING_H;
  }

  tree("winners", (m) => m.round - 1);
  tree("losers", (m) => m.round - 1);
  const grand = of("grand_final").sort((a, b) => a.round - b.round);
  if (grand.length) {
    const before = boxes.filter((b) => b.kind === "match");
    const col = Math.max(...before.map((b) => b.col)) + 1;
    const feeders = grand[0].from.map((f) => f && f.winner && placed.get(f.winner)).filter(Boolean);
    const center = feeders.length ? feeders.reduce((a, b) => a + b.center, 0) / feeders.length : HEADING_H + UNIT / 2;
    grand.forEach((m, i) => {
      const box = { kind: "match", id: m.id, col: col + i, center, bracket: "grand_final" };
      boxes.push(box); placed.set(m.id, box);
    });
    sections.push({ bracket: "grand_final", top: HEADING_H });
  }
  const cols = boxes.length ? Math.max(...boxes.map((b) => b.col)) + 1 : 1;
  const bottom = boxes.length ? Math.max(...boxes.map((b) => b.center + BOX_H / 2)) : HEADING_H;
  return { boxes, placed, sections, width: cols * (BOX_W + GAP_X) - GAP_X, height: bottom + 8 };
}

function x(col) { return col * (BOX_W + GAP_X); }

// the vertical middle of slot `slot`'s row in a match box centred at `center`
function slotY(center, slot) { return center - BOX_H / 2 + HEAD_H + ROW_H * (slot + 0.5); }

function connector(x1, y1, x2, y2, done) {
  const xm = x2 - GAP_X / 2;
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", `M ${x1} ${y1} H ${xm} V ${y2} H ${x2}`);
  if (done) path.setAttribute("class", "done");
  return path;
}

// The drawing. `racks`: {match id: text} - the rack in play at a table, from its live feed.
export function drawBracket(tour, racks = {}) {
  const plan = layout(tour);
  const byId = new Map(tour.matches.map((m) => [m.id, m]));
  const area = el("div", { class: "bracket", "data-testid": "bracket" });
  area.style.width = `${plan.width}px`;
  area.style.height = `${plan.height}px`;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "bracket-lines");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("width", String(plan.width));
  svg.setAttribute("height", String(plan.height));
  area.append(svg);

  // a column's heading and list for each round, in the order they are played (the order a screen reader reads)
  const lists = new Map();
  const sectionTop = (bracket) => (plan.sections.find((s) => s.bracket === bracket) || { top: HEADING_H }).top;
  function listFor(bracket, col, name) {
    const key = `${bracket}/${col}`;
    if (lists.has(key)) return lists.get(key);
    const list = el("ol", { class: "bracket-list" });
    const heading = el("h3", { class: "bracket-heading" }, name);
    heading.style.left = `${x(col)}px`;
    heading.style.top = `${sectionTop(bracket) - HEADING_H}px`;
    heading.style.width = `${BOX_W}px`;
    const round = el("section", { class: "bracket-round", "data-testid": `round-${bracket}-${col + 1}` }, heading, list);
    area.append(round);
    lists.set(key, list);
    return list;
  }
  for (const r of tour.rounds || []) {
    const first = r.matches.map((id) => plan.placed.get(id)).find(Boolean);
    if (first) listFor(r.bracket, first.col, roundName(tour, byId.get(r.matches[0])));
  }

  for (const box of plan.boxes) {
    if (box.kind === "bye") {
      const item = el("li", { class: "bm bye", "data-testid": `bye-${box.player}` },
        el("span", { class: "seed" }, String(box.seed)), el("span", { class: "name" }, playerName(tour, box.player)),
        el("span", { class: "bye-word" }, t("tour_bye")));
      place(item, box.col, box.center, BYE_H);
      listFor(box.bracket, box.col, t("tour_round_n", { n: box.col + 1 })).append(item);
      const to = plan.placed.get(box.to.match);
      if (to) svg.append(connector(x(box.col) + BOX_W, box.center, x(to.col), slotY(to.center, box.to.slot), true));
      continue;
    }
    const m = byId.get(box.id);
    listFor(box.bracket, box.col, roundName(tour, m)).append(matchBox(tour, m, box, racks[m.id]));
    const next = m.next && m.next.winner;
    const to = next && plan.placed.get(next.match);
    if (to) svg.append(connector(x(box.col) + BOX_W, box.center, x(to.col), slotY(to.center, next.slot), m.status === "over"));
  }
  return area;
}

function place(node, col, center, height) {
  node.style.left = `${x(col)}px`;
  node.style.top = `${center - height / 2}px`;
  node.style.width = `${BOX_W}px`;
  node.style.height = `${height}px`;
}

function matchBox(tour, m, box, rack) {
  const number = numberOf(tour, m);
  const seedOf = (i) => (i === null || i === undefined ? "" : String(tour.players[i].seed || ""));
  const row = (slot) => {
    const i = m.players[slot];
    const cls = m.status === "over" && m.winner !== null && i !== null ? (m.winner === i ? " won" : " lost") : "";
    const gone = i !== null && tour.players[i] && tour.players[i].disqualified ? " disqualified" : "";
    return el("div", { class: `bm-row${cls}${gone}`, "data-testid": `slot-${m.id}-${slot}` },
      el("span", { class: "seed" }, seedOf(i)),
      el("span", { class: `name${i === null ? " unknown" : ""}` }, slotText(tour, m, slot)),
      el("span", { class: "score", "data-testid": `score-${m.id}-${slot}` }, m.status === "waiting" || i === null ? "" : String(m.score[slot])));
  };
  const where = number !== null ? t("tour_table_n", { n: number }) : m.game ? t("tour_online") : "";
  // in play: the rack at its table (from the table's live feed); over: nothing more to say than the score
  const foot = m.status === "playing" || m.status === "ready" ? rack || "" : "";
  const item = el("li", { class: `bm status-${m.status}`, "data-testid": `match-${m.id}`, "data-status": m.status },
    el("div", { class: "bm-head" }, el("span", { class: "id" }, m.id), el("span", { class: "where" }, where),
      el("span", { class: "state" }, m.status === "playing" || m.status === "ready" ? t(`tour_status_${m.status}`) : t("race_to", { n: m.race }))),
    row(0), row(1),
    el("div", { class: "bm-foot", "data-rack": m.id }, foot));
  place(item, box.col, box.center, BOX_H);
  const [head, , , bottom] = item.children;
  head.style.height = `${HEAD_H}px`;
  bottom.style.height = bottom.style.lineHeight = `${FOOT_H}px`;
  return item;
}
