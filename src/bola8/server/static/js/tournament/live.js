// The tournament's live page, #/tournament/<id>: the bracket drawn (or a round robin's table), every
// match's score as it moves (the tournament's WebSocket), the rack in play at each table (that table's
// own feed), the champion at the end; and its big-number mode, #/tournament/<id>/screen, for a screen
// in the club: large type, nothing to press (Escape goes back to the page).
import { t } from "../i18n.js";
import { named } from "../names.js";
import { get, post, saveSeats, seatsOf, myProfile, liveFeed, ApiError } from "../api.js";
import { el, clear, toast } from "../dom.js";
import { directorOf } from "./store.js";
import { drawBracket } from "./bracket.js";
import { standingsTable, roundRobinRounds, scroller } from "./standings.js";
import { slotText, roundName, numberOf, formatName, champion } from "./words.js";
import { statsSection } from "./stats.js";

const inPlay = (m) => m.status === "ready" || m.status === "playing";

export async function showLive(root, id, hooks, big = false) {
  let tour = await get(`/api/tournaments/${encodeURIComponent(id)}`);
  const racks = {};                    // match id -> the rack in play at its table, in words
  const tableFeeds = new Map();        // table id -> {match, close}
  let connected = true, updates = 0;
  const stats = statsSection(id);     // one box kept across redraws (open or closed as the reader left it)

  if (big) document.body.classList.add("big-screen");
  const onKey = (ev) => { if (big && ev.key === "Escape") location.hash = `#/tournament/${encodeURIComponent(id)}`; };
  const onResize = () => fit();
  window.addEventListener("keydown", onKey);
  window.addEventListener("resize", onResize);
  const closeTour = liveFeed(`/api/tournaments/${encodeURIComponent(id)}/live`, (data) => {
    if (data.error) { toast(data.error, "error"); return; }
    tour = data; updates += 1; follow(); render(); stats.changed();
  }, (on) => { connected = on; renderLiveState(); });
  hooks.onLeave(() => {
    closeTour();
    for (const f of tableFeeds.values()) f.close();
    document.body.classList.remove("big-screen");
    window.removeEventListener("keydown", onKey);
    window.removeEventListener("resize", onResize);
  });
  hooks.expose({ get tour() { return tour; }, get racks() { return racks; }, get updates() { return updates; } });

  // each match in play at a table: its table's feed says the rack in play and who shoots
  function follow() {
    const wanted = new Map(tour.matches.filter((m) => inPlay(m) && m.table).map((m) => [m.table, m.id]));
    for (const [table, f] of tableFeeds) {
      if (!wanted.has(table)) { f.close(); tableFeeds.delete(table); delete racks[f.match]; }
    }
    for (const [table, match] of wanted) {
      if (tableFeeds.has(table)) continue;
      const close = liveFeed(`/api/tables/${encodeURIComponent(table)}/live`, (data) => {
        if (!data.view) return;
        racks[match] = rackText(data.view);
        root.querySelectorAll(`[data-rack="${match}"]`).forEach((cell) => { cell.textContent = racks[match]; });
      });
      tableFeeds.set(table, { match, close });
    }
  }

  const liveState = el("p", { class: "live-state", "data-testid": "live-state", "aria-live": "polite" });
  function renderLiveState() { liveState.textContent = connected ? t("tour_live") : t("live_off"); liveState.classList.toggle("off", !connected); }

  let drawing = null;
  function render() {
    // the page is drawn again at each change: the keyboard's place and the bracket's scroll stay where they were
    const focused = document.activeElement && root.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    const scroll = root.querySelector(".bracket-scroll");
    const scrolled = scroll ? [scroll.scrollLeft, scroll.scrollTop] : null;
    drawing = null;
    const won = champion(tour);
    const head = el("header", { class: "tour-head" },
      big ? null : el("a", { href: "#/", class: "back", "data-testid": "back-home" }, `← ${t("home")}`),
      el("h1", { "data-testid": "tour-name" }, tour.name),
      el("p", { class: "tour-meta" }, termsText(tour)),
      won ? el("p", { class: "tour-champion", role: "status", "data-testid": "tour-champion" }, el("span", { class: "cup", "aria-hidden": "true" }, "🏆"), t("tour_champion", { p: won })) : null);
    const parts = [head];
    if (!big) parts.push(links());
    if (tour.status === "open") parts.push(el("p", { class: "box", "data-testid": "not-started" }, t("tour_not_started", { n: tour.players.length })));
    const now = nowPlaying();
    if (now) parts.push(now);
    if (tour.status !== "open") {
      if (tour.format === "round_robin") {
        parts.push(el("section", { class: "tour-section" }, el("h2", {}, t("tour_standings")), standingsTable(tour)));
        parts.push(el("section", { class: "tour-section" }, el("h2", {}, t("tour_rounds")), roundRobinRounds(tour)));
      } else {
        drawing = drawBracket(tour, racks);
        const box = big ? el("div", { class: "bracket-fit" }, drawing) : scroller(drawing, t("tour_bracket"));
        if (!big) box.classList.add("bracket-scroll");
        parts.push(el("section", { class: "tour-section" }, el("h2", {}, t("tour_bracket")), box));
        if (!big) parts.push(el("section", { class: "tour-section" }, el("h2", {}, t("tour_standings")), standingsTable(tour)));
      }
      if (!big) parts.push(stats.node);
    } else parts.push(el("section", { class: "tour-section" }, el("h2", {}, t("tour_players")),
      el("ol", { class: "tour-players" }, tour.players.map((p) => el("li", {}, p.name)))));
    if (!big) parts.push(liveState);
    clear(root).append(el("main", { class: `tour-page${big ? " big" : ""}`, "data-testid": "tournament" }, ...parts));
    renderLiveState();
    const again = root.querySelector(".bracket-scroll");
    if (again && scrolled) [again.scrollLeft, again.scrollTop] = scrolled;
    if (focused) { const back = root.querySelector(`[data-testid="${focused}"]`); if (back) back.focus(); }
    fit();
  }

  // the big screen: the whole bracket scaled to the screen's width (and never so small it cannot be read)
  function fit() {
    if (!big || !drawing) return;
    const box = drawing.parentElement;
    const w = parseFloat(drawing.style.width), h = parseFloat(drawing.style.height);
    const room = Math.max(200, window.innerHeight - box.getBoundingClientRect().top - 16);
    const k = Math.max(0.45, Math.min(box.clientWidth / w, room / h, 2.2));
    drawing.style.transform = `scale(${k})`;
    box.style.height = `${h * k}px`;
  }

  function links() {
    const enc = encodeURIComponent(id);
    return el("nav", { class: "tour-links", "aria-label": t("tour_links") },
      el("a", { href: `#/tournament/${enc}/screen`, "data-testid": "big-screen" }, t("tour_big_screen")),
      el("a", { href: `/api/tournaments/${enc}/export.csv`, download: `${id}.csv`, "data-testid": "export-csv" }, t("tour_export_csv")),
      el("a", { href: `/api/tournaments/${enc}/export.json`, download: `${id}.json`, "data-testid": "export-json" }, t("tour_export_json")),
      directorOf(id) ? el("a", { href: `#/tournament/${enc}/direct`, "data-testid": "go-direct" }, t("tour_direct")) : null);
  }

  // the matches being played now, in big numbers: at which table (or online), the score, the rack
  function nowPlaying() {
    const matches = tour.matches.filter((m) => inPlay(m) && (m.table || m.game));
    if (!matches.length) return null;
    return el("section", { class: "tour-section now", "data-testid": "now-playing" }, el("h2", {}, t("tour_now")),
      el("ul", { class: "plain now-list" }, matches.map((m) => {
        const number = numberOf(tour, m);
        return el("li", { class: `now-item status-${m.status}`, "data-testid": `now-${m.id}` },
          el("div", { class: "now-where" }, number !== null ? t("tour_table_n", { n: number }) : t("tour_online"), " · ", roundName(tour, m)),
          el("div", { class: "now-score" },
            el("span", { class: "name" }, slotText(tour, m, 0)), el("strong", {}, String(m.score[0])), el("span", { class: "dash" }, "–"),
            el("strong", {}, String(m.score[1])), el("span", { class: "name" }, slotText(tour, m, 1))),
          el("div", { class: "now-rack", "data-testid": `rack-${m.id}`, "data-rack": m.id }, racks[m.id] || t("race_to", { n: m.race })),
          big ? null : onlineSeat(m));
      })));
  }

  // an online match: a link to watch it, and for a player whose profile this browser holds, his seat
  function onlineSeat(m) {
    if (!m.game) return null;
    const watch = el("a", { href: `#/game/${encodeURIComponent(m.game)}`, "data-testid": `watch-${m.id}` }, t("tour_watch"));
    const mine = myProfile();
    const seat = mine ? m.players.findIndex((i) => i !== null && tour.players[i].profile === mine.id) : -1;
    if (seat < 0) return el("div", { class: "row" }, watch);
    if (seatsOf(m.game).length) return el("div", { class: "row" }, el("a", { class: "button primary", href: `#/game/${encodeURIComponent(m.game)}`, "data-testid": `my-match-${m.id}` }, t("tour_my_match")));
    const sit = el("button", { type: "button", class: "primary", "data-testid": `sit-${m.id}`, onclick: async () => {
      sit.disabled = true;
      try {
        const res = await post(`/api/games/${encodeURIComponent(m.game)}/join`, { profile: mine.token });
        saveSeats(m.game, [{ seat: res.seat, token: res.token }]);
        location.hash = `#/game/${encodeURIComponent(m.game)}`;
      } catch (e) { toast(e instanceof ApiError ? e.message : String(e), "error"); sit.disabled = false; }
    } }, t("tour_sit"));
    return el("div", { class: "row" }, sit, watch);
  }

  follow();
  render();
}

// "Eliminación directa · carrera a 3 (a 5 en las 2 últimas rondas) · 8 jugadores · en juego"
export function termsText(tour) {
  const later = tour.race_later ? ` ${t("tour_race_later", { n: tour.race_later.race, k: tour.race_later.rounds })}` : "";
  return [formatName(tour.format), `${t("race_to", { n: tour.race })}${later}`, t("tour_n_players", { n: tour.players.length }),
    tour.play === "online" ? named("plays", tour.play) : null, t(`tour_state_${tour.status}`)].filter(Boolean).join(" · ");
}

// the rack in play at a table, from its TABLE_VIEW: "Partida 2 · tira Ana", or the lag before the first
export function rackText(view) {
  const names = view.players.map((p) => (typeof p === "string" ? p : p.name));
  if (view.winner !== null && view.winner !== undefined) return t("tour_table_done", { p: names[view.winner] });
  if (view.to_act && view.to_act.action === "lag") return t("tour_rack_lag");
  const shooter = view.state && view.state.shooter !== undefined ? names[view.state.shooter] : null;
  return shooter ? `${t("game_n", { n: view.game_number || 1 })} · ${t("tour_rack_shoots", { p: shooter })}` : t("game_n", { n: view.game_number || 1 });
}
