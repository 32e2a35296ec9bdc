// How a tournament's parts are said on every page of it: a player, a match, its round, where a slot's
// player comes from, its score - from the TOURNAMENT the server sends (docs/tournaments.md).
import { t, lang } from "../i18n.js";
import { named } from "../names.js";

export function playerName(tour, i) {
  const p = i === null || i === undefined ? null : tour.players[i];
  return p ? p.name : null;
}

export function matchOf(tour, id) { return tour.matches.find((m) => m.id === id) || null; }

// the round's name as the server gives it, in the page's language ("Semifinal", "Winners' round 2")
export function roundName(tour, match) {
  const r = (tour.rounds || []).find((x) => x.matches.includes(match.id));
  return r ? r.name[lang()] || r.name.es : t("tour_round_n", { n: match.round });
}

// what a slot holds while its player is not known: "Ganador de m1", "Perdedor de m3", or a seed's bye
export function slotText(tour, match, slot) {
  const name = playerName(tour, match.players[slot]);
  if (name !== null) return name;
  const from = (match.from || [])[slot];
  if (from && from.winner) return t("tour_winner_of", { m: from.winner });
  if (from && from.loser) return t("tour_loser_of", { m: from.loser });
  return match.status === "over" ? t("tour_nobody") : "—";
}

// "Ana – Luis" with the slots not known yet said as where they come from
export function pairText(tour, match) { return `${slotText(tour, match, 0)} – ${slotText(tour, match, 1)}`; }

// "Semifinal · Ana – Luis, a 3": the words a referee and a director read a match by
export function matchLine(tour, match) {
  return `${roundName(tour, match)} · ${t("tour_pair_race", { pair: pairText(tour, match), n: match.race })}`;
}

export function statusWord(match) {
  return t(`tour_status_${match.status}`);
}

// the match's result in words: "Ana gana 3–1", a forfeit, a walkover
export function resultText(tour, match) {
  if (match.status !== "over") return "";
  if (match.winner === null || match.winner === undefined) return t("tour_no_winner");
  const w = match.players.indexOf(match.winner);
  const score = w === 1 ? [match.score[1], match.score[0]] : match.score;
  const name = playerName(tour, match.winner);
  if (match.players.includes(null)) return t("tour_walkover", { p: name });
  if ((match.forfeit || []).length) return t("tour_won_forfeit", { p: name });
  return t("tour_won", { p: name, a: score[0], b: score[1] });
}

// the table number a match is played at now, from the tournament's `tables` (null when none)
export function numberOf(tour, match) {
  const entry = (tour.tables || []).find((x) => x.match === match.id);
  return entry ? entry.number : null;
}

export function formatName(format) { return named("formats", format); }

export function champion(tour) { return tour.status === "over" ? playerName(tour, tour.winner) : null; }
