// The tables of a tournament: the standings (every format has them; a round robin is decided by them,
// docs/tournaments.md "How ties are broken") and a round robin's rounds, each match with its score.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { playerName, pairText, roundName, numberOf, resultText, statusWord } from "./words.js";

// a wide table on a phone scrolls sideways in its own box, which the keyboard can reach and scroll
export function scroller(node, label) {
  return el("div", { class: "tour-scroll", tabindex: "0", role: "region", "aria-label": label }, node);
}

export function standingsTable(tour) {
  const head = ["tour_place", "tour_player", "tour_played", "tour_wins", "tour_losses", "tour_racks_won", "tour_racks_lost", "tour_racks_diff"];
  const rows = tour.standings.map((s) => {
    const p = tour.players[s.player];
    const diff = s.racks_won - s.racks_lost;
    return el("tr", { class: p.disqualified ? "disqualified" : s.player === tour.winner && tour.status === "over" ? "tour-champion" : "", "data-testid": `standing-${s.player}` },
      el("td", { class: "num" }, s.place === null || s.place === undefined ? "" : String(s.place)),
      el("th", { scope: "row" }, p.name, p.disqualified ? el("small", { class: "dq" }, ` · ${t("tour_disqualified")}`) : null),
      ...[s.matches, s.wins, s.losses, s.racks_won, s.racks_lost].map((v) => el("td", { class: "num" }, String(v))),
      el("td", { class: "num" }, diff > 0 ? `+${diff}` : String(diff)));
  });
  const table = el("table", { class: "tour-table", "data-testid": "standings" },
    el("thead", {}, el("tr", {}, head.map((k, i) => el("th", { scope: "col", class: i === 1 ? "" : "num" }, t(k))))),
    el("tbody", {}, rows));
  return scroller(table, t("tour_standings"));
}

// a round robin: each round's matches, with who rests when the number of players is odd
export function roundRobinRounds(tour) {
  const rounds = (tour.rounds || []).map((r) => {
    const matches = r.matches.map((id) => tour.matches.find((m) => m.id === id)).filter(Boolean);
    const playing = new Set(matches.flatMap((m) => m.players));
    const rests = tour.players.map((_, i) => i).filter((i) => !playing.has(i));
    return el("section", { class: "rr-round", "data-testid": `round-${r.round}` },
      el("h3", {}, roundName(tour, matches[0] || { id: "", round: r.round })),
      el("ul", { class: "plain rr-matches" }, matches.map((m) => matchLine(tour, m))),
      rests.length ? el("p", { class: "hint" }, t("tour_rests", { p: rests.map((i) => playerName(tour, i)).join(", ") })) : null);
  });
  return el("div", { class: "rr-rounds" }, rounds);
}

function matchLine(tour, m) {
  const number = numberOf(tour, m);
  const score = m.status === "waiting" ? "" : ` ${m.score[0]}–${m.score[1]}`;
  return el("li", { class: `status-${m.status}`, "data-testid": `match-${m.id}`, "data-status": m.status },
    el("span", { class: "what" }, pairText(tour, m)), el("strong", { class: "score" }, score),
    el("small", { class: "hint" }, ` · ${m.status === "over" ? resultText(tour, m) : statusWord(m)}${number !== null ? ` · ${t("tour_table_n", { n: number })}` : ""}`));
}
