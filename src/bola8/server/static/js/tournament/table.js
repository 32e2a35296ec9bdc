// A tournament's table number on the referee's phone, #/tournament/<id>/table/<number>: opened once by
// the QR code on the director's page (the number's token comes in the link, is kept on the phone and
// taken out of the address bar), then good for the whole tournament. It opens the referee assistant
// on the match the server has put at this table now ("Mesa 3 · Semifinal · Ana – Luis, a 3"); when
// that match ends - its result is already in the bracket, nothing is entered twice - it says so and
// waits for the next match the server puts at this table (the tournament's live feed), then opens it.
//
// The end of a match stays on the screen NEXT_DELAY_S seconds at least - a next match already given to
// this table is announced with a countdown, and the referee may stay on the ended match to undo a
// wrong last entry at its table; a next match that comes later, while the page waits, opens at once.
import { t } from "../i18n.js";
import { get, liveFeed } from "../api.js";
import { el, clear } from "../dom.js";
import { showReferee } from "../referee/screen.js";
import { tableTokenOf, saveTableNumberToken } from "./store.js";
import { matchLine, matchOf, numberOf, resultText, champion } from "./words.js";

export const NEXT_DELAY_S = 8;

export async function showTable(root, meta, hooks, id, number, go, linkToken = null) {
  const enc = encodeURIComponent(id);
  if (linkToken) {
    saveTableNumberToken(id, number, linkToken);
    history.replaceState(null, "", `#/tournament/${enc}/table/${number}`);
  }
  let tour = await get(`/api/tournaments/${enc}`);
  const token = tableTokenOf(id, number);
  if (!(tour.tables || []).some((x) => x.number === number)) throw new Error(t("tour_no_such_table", { n: number }));
  if (!token) {
    clear(root).append(el("main", { class: "home" }, el("div", { class: "card error", "data-testid": "table-no-token" },
      el("h2", {}, `${t("tour_table_n", { n: number })} · ${tour.name}`), el("p", {}, t("tour_table_needs_link", { n: number })),
      el("a", { href: `#/tournament/${enc}` }, t("tour_live_page")))));
    return;
  }

  let current = null;          // {match, table} refereed on this page
  let phase = "waiting";       // waiting (no match here) | refereeing | ended (the match over, its screen still shown)
  let countdown = null;        // {left, timer} while a next match is about to open
  let stayed = false;          // the referee chose to stay on the ended match
  let endedAt = 0;             // when this page saw its match end (Date.now())
  let screen = null;           // the referee assistant's state (its view) while it is shown
  let leaveReferee = [];
  const line = el("span", { class: "line", "data-testid": "table-line" });
  const notice = el("div", { class: "notice", "data-testid": "table-notice", role: "status" });
  const context = el("div", { class: "hud-context", "data-testid": "table-context" }, line, notice);

  const closeFeed = liveFeed(`/api/tournaments/${enc}/live`, (data) => { if (!data.error) { tour = data; sync(); } });
  hooks.onLeave(() => { closeFeed(); stopCountdown(); leaveScreen(); });
  const status = () => ({ phase, number, match: current ? current.match : null, table: current ? current.table : null, countdown: countdown ? countdown.left : null });
  const subHooks = {
    onLeave(fn) { leaveReferee.push(fn); },
    onHash() {},
    // the referee assistant's state for the tests, with where this table stands in the tournament
    expose(obj) { Object.defineProperty(obj, "tournament", { get: status }); screen = obj; hooks.expose(obj); },
  };

  function leaveScreen() { for (const fn of leaveReferee) { try { fn(); } catch (e) { /* gone */ } } leaveReferee = []; }
  function stopCountdown() { if (countdown) { clearInterval(countdown.timer); countdown = null; } }
  const here = () => (tour.tables || []).find((x) => x.number === number) || { match: null, table: null };

  async function open(entry, note = null) {
    stopCountdown(); leaveScreen();
    current = { match: entry.match, table: entry.table };
    phase = "refereeing"; stayed = false;
    clear(notice);
    if (note) notice.append(el("p", {}, note));
    line.textContent = `${t("tour_table_n", { n: number })} · ${matchLine(tour, matchOf(tour, entry.match))}`;
    await showReferee(root, meta, subHooks, entry.table, go, { token, context });
  }

  function waiting(note = null) {
    stopCountdown(); leaveScreen();
    current = null; phase = "waiting"; screen = null;
    const won = champion(tour);
    const words = tour.status === "open" ? t("tour_table_before_start") : won ? t("tour_over_champion", { p: won }) : t("tour_table_waiting");
    clear(root).append(el("main", { class: "home" }, el("div", { class: "card table-wait", "data-testid": "table-waiting" },
      el("h1", {}, `${t("tour_table_n", { n: number })} · ${tour.name}`),
      note ? el("p", { "data-testid": "table-note" }, note) : null,
      el("p", { class: "big-line", role: "status" }, words),
      el("a", { href: `#/tournament/${enc}` }, t("tour_live_page")))));
    hooks.expose({ get tournament() { return status(); } });
  }

  function sync() {
    const entry = here();
    if (!current) { if (entry.match) open(entry); else waiting(); return; }
    const match = matchOf(tour, current.match);
    if (match.status !== "over" && match.table !== current.table) {
      // the director moved it to another table before anything was entered here: nothing to keep
      const note = t("tour_moved_away", { m: matchLine(tour, match), n: numberOf(tour, match) });
      if (entry.match) open(entry, note); else waiting(note);
      return;
    }
    if (match.status !== "over") {
      // still in play here (or in play again: the table's undo took its result back)
      if (phase === "ended") { phase = "refereeing"; stopCountdown(); clear(notice); }
      line.textContent = `${t("tour_table_n", { n: number })} · ${matchLine(tour, match)}`;
      return;
    }
    if (phase !== "ended") {
      phase = "ended"; endedAt = Date.now();
      // ended by the director (a disqualification), not by what was entered here: the table's end shown
      if (screen && screen.view && (screen.view.winner === null || screen.view.winner === undefined)) reload();
    }
    if (countdown) return;
    const next = entry.match && entry.table !== current.table ? entry : null;
    if (next && !stayed) {
      // the end stays on the screen NEXT_DELAY_S seconds at least, with the next match announced
      const left = Math.ceil(NEXT_DELAY_S - (Date.now() - endedAt) / 1000);
      if (left > 0) startCountdown(match, left); else open(next);
      return;
    }
    showEnded(match, next);
  }

  async function reload() {
    leaveScreen();
    await showReferee(root, meta, subHooks, current.table, go, { token, context });
  }

  function showEnded(match, next) {
    clear(notice).append(el("p", {}, t("tour_match_ended", { r: resultText(tour, match) })),
      next ? el("p", {}, t("tour_next_here", { m: matchLine(tour, matchOf(tour, next.match)) }), " ",
        el("button", { type: "button", class: "small primary", "data-testid": "next-open", onclick: () => open(here()) }, t("tour_open_next")))
        : el("p", { class: "waiting" }, tour.status === "over" ? t("tour_over_champion", { p: champion(tour) }) : t("tour_table_waiting")));
  }

  function startCountdown(match, seconds) {
    countdown = { left: seconds, timer: null };
    const left = el("span", { "data-testid": "next-countdown" }, String(countdown.left));
    const next = here();
    clear(notice).append(el("p", {}, t("tour_match_ended", { r: resultText(tour, match) })),
      el("p", {}, t("tour_next_here", { m: matchLine(tour, matchOf(tour, next.match)) }), " ", t("tour_opens_in"), " ", left, " s"),
      el("div", { class: "row" },
        el("button", { type: "button", class: "small primary", "data-testid": "next-open", onclick: () => open(here()) }, t("tour_open_now")),
        el("button", { type: "button", class: "small", "data-testid": "next-stay", onclick: () => { stopCountdown(); stayed = true; showEnded(match, here()); } }, t("tour_stay"))));
    countdown.timer = setInterval(() => {
      if (!countdown) return;
      countdown.left -= 1;
      left.textContent = String(countdown.left);
      if (countdown.left > 0) return;
      stopCountdown();
      const entry = here();
      if (entry.match && entry.table !== current.table) open(entry); else showEnded(match, null);
    }, 1000);
  }

  const entry = here();
  if (entry.match) await open(entry); else waiting();
}
