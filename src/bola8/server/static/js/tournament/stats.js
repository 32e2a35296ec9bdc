// Each player's figures from the records of his matches (pots per called shot, fouls per rack, breaks
// that made a ball, break-and-runs): the `statistics` of the tournament's JSON export, which the server
// computes from every table's and game's record (bola8.competition.export, bola8.game.player_stats).
// Reading every record costs the server more than a view, so the figures are fetched only while a
// person has them open, and again after a change of the tournament while they stay open.
import { t, lang } from "../i18n.js";
import { get, ApiError } from "../api.js";
import { el, clear } from "../dom.js";
import { scroller } from "./standings.js";

// {node, changed()}: a closed box the page places; changed() after each new TOURNAMENT
export function statsSection(id) {
  const body = el("div", { "data-testid": "stats-body" });
  const box = el("details", { class: "box tour-stats", "data-testid": "stats" },
    el("summary", { "data-testid": "stats-summary" }, t("tour_stats")), el("p", { class: "hint" }, t("tour_stats_hint")), body);
  let loading = false, again = false;
  async function load() {
    if (loading) { again = true; return; }
    loading = true;
    if (!body.firstChild) body.append(el("p", { class: "hint" }, t("tour_stats_loading")));
    try {
      const data = await get(`/api/tournaments/${encodeURIComponent(id)}/export.json`);
      clear(body).append(statsTable(data));
    } catch (e) {
      clear(body).append(el("p", { class: "error" }, e instanceof ApiError ? e.message : t("network_error")));
    } finally {
      loading = false;
      if (again && box.open) { again = false; load(); }
    }
  }
  box.addEventListener("toggle", () => { if (box.open) load(); });
  return { node: box, changed() { if (box.open) load(); } };
}

// the figures of each player, in the standings' order
export function statsTable(data) {
  const tour = data.tournament;
  const byPlayer = new Map(data.statistics.map((s) => [s.player, s]));
  const number = (v, digits = 0) => v.toLocaleString(lang(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const share = (part, whole) => (whole ? `${part}/${whole} · ${number(Math.round((100 * part) / whole))} %` : "—");
  const head = ["tour_player", "tour_stat_racks", "tour_stat_pots", "tour_stat_fouls", "tour_stat_breaks", "tour_stat_runs"];
  const rows = tour.standings.map((standing) => {
    const s = byPlayer.get(standing.player);
    const p = tour.players[standing.player];
    return el("tr", { "data-testid": `stats-${standing.player}` },
      el("th", { scope: "row" }, p.name),
      el("td", { class: "num" }, number(s.racks)),
      el("td", { class: "num" }, share(s.made, s.calls)),
      el("td", { class: "num" }, s.fouls_per_rack === null ? "—" : number(s.fouls_per_rack, 2)),
      el("td", { class: "num" }, share(s.breaks_made, s.breaks)),
      el("td", { class: "num" }, number(s.break_and_runs)));
  });
  const table = el("table", { class: "tour-table", "data-testid": "stats-table" },
    el("thead", {}, el("tr", {}, head.map((k, i) => el("th", { scope: "col", class: i === 0 ? "" : "num" }, t(k))))),
    el("tbody", {}, rows));
  return scroller(table, t("tour_stats"));
}
