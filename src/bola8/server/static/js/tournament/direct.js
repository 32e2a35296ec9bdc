// The director's pages. #/tournament: a new tournament (its name, format, races, tables, seeding, the
// players) and the tournaments this browser directs. #/tournament/<id>/direct: the players entered or
// pasted and withdrawn until the draw, the start, a card for each table number with its referee's
// link and QR code and what it plays now, who plays where next, a match moved to another table, an
// Art. 22 disqualification, the exports. Every change is the server's answer to the director's token,
// which this browser keeps (store.js); the page follows the tournament's live feed, so a result
// entered at a table shows here by itself.
import { t } from "../i18n.js";
import { get, post, liveFeed, ApiError } from "../api.js";
import { el, clear, toast, dialog } from "../dom.js";
import { directorOf, saveDirector, directed } from "./store.js";
import { parseEntries, resolveEntries } from "./entries.js";
import { drawBracket } from "./bracket.js";
import { standingsTable, scroller } from "./standings.js";
import { termsText } from "./live.js";
import { matchLine, playerName, champion, resultText, formatName } from "./words.js";
import { members, named, served } from "../names.js";
import { statsSection } from "./stats.js";

function failed(e) { toast(e instanceof ApiError || e instanceof Error ? e.message : String(e), "error"); }

// a control with its visible label (the label wraps it, so it is named for screen readers)
function field(label, control, extra = {}) { return el("label", extra, label, control); }

// ------------------------------------------------------------------ a new tournament
export function showNew(root, meta, go) {
  // every choice offered and its name from /api/meta (js/names.js), which app.js loads before any screen;
  // the first of each set is chosen at first (for the seeding and the way of play, the library's default)
  const offer = (set) => members(set).map((m) => [m, named(set, m)]);
  const select = (testid, items, value) => el("select", { "data-testid": testid }, items.map(([v, label]) => el("option", { value: v, selected: v === value }, label)));
  const name = el("input", { required: true, maxlength: "80", "data-testid": "tour-new-name", placeholder: t("tour_name_example") });
  const format = select("tour-new-format", offer("formats"), members("formats")[0]);
  const race = el("input", { type: "number", min: "1", max: "99", value: "3", required: true, "data-testid": "tour-new-race" });
  const longer = el("input", { type: "checkbox", "data-testid": "tour-new-later" });
  const laterRace = el("input", { type: "number", min: "2", max: "99", value: "5", "data-testid": "tour-new-later-race" });
  const laterRounds = el("input", { type: "number", min: "1", max: "20", value: "2", "data-testid": "tour-new-later-rounds" });
  const laterBox = el("div", { class: "row" }, field(t("tour_later_race"), laterRace), field(t("tour_later_rounds"), laterRounds));
  const longerRow = el("div", {}, el("label", { class: "check" }, longer, t("tour_later")), laterBox);
  const play = select("tour-new-play", offer("plays"), members("plays")[0]);
  const tables = el("input", { type: "number", min: "1", max: "64", value: "2", required: true, "data-testid": "tour-new-tables" });
  const tablesRow = field(t("tour_tables"), tables);
  const seeding = select("tour-new-seeding", offer("seedings"), members("seedings")[0]);
  const rated = el("input", { type: "checkbox", "data-testid": "tour-new-rated" });
  const ratedRow = el("label", { class: "check" }, rated, t("tour_rated"));
  const ruleset = select("tour-new-ruleset", offer("rulesets"), served().defaults.ruleset);
  const players = el("textarea", { rows: "6", "data-testid": "tour-new-players", placeholder: t("tour_players_example") });
  const refresh = () => {
    const elimination = format.value !== "round_robin";
    longerRow.hidden = !elimination; laterBox.hidden = !longer.checked;
    tablesRow.hidden = play.value !== "real"; ratedRow.hidden = play.value !== "online";
  };
  [format, longer, play].forEach((c) => c.addEventListener("change", refresh));
  const create = el("button", { type: "submit", class: "primary big", "data-testid": "tour-create" }, t("tour_create"));
  const form = el("form", { class: "card", "data-testid": "tour-new" },
    el("h2", {}, t("tour_new")),
    field(t("tour_name"), name),
    el("div", { class: "row" }, field(t("tour_format"), format), field(t("race"), race)),
    longerRow,
    el("div", { class: "row" }, field(t("tour_play"), play), tablesRow),
    el("div", { class: "row" }, field(t("tour_seeding"), seeding), field(t("ruleset"), ruleset)),
    ratedRow,
    field(t("tour_players_lines"), players),
    el("p", { class: "hint" }, t("tour_players_hint")),
    create);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    create.disabled = true;
    try {
      const body = { name: name.value.trim(), format: format.value, race: Number(race.value), play: play.value,
        seeding: seeding.value, ruleset: ruleset.value, players: await resolveEntries(parseEntries(players.value)) };
      if (format.value !== "round_robin" && longer.checked) body.race_later = { race: Number(laterRace.value), rounds: Number(laterRounds.value) };
      if (play.value === "real") body.tables = Number(tables.value);
      else body.rated = rated.checked;
      // a random draw is reproducible from its seed, which the export keeps
      if (seeding.value === "random") body.seed = crypto.getRandomValues(new Uint32Array(1))[0] % 2147483647;
      const res = await post("/api/tournaments", body);
      saveDirector(res.id, res.token, body.name);
      go(`#/tournament/${encodeURIComponent(res.id)}/direct`);
    } catch (e) { failed(e); } finally { create.disabled = false; }
  });
  refresh();
  const mine = directed();
  const list = mine.length ? el("div", { class: "card" }, el("h2", {}, t("tour_mine")),
    el("ul", { class: "plain tour-mine", "data-testid": "tour-mine" }, mine.map((d) => el("li", {},
      el("a", { href: `#/tournament/${encodeURIComponent(d.id)}/direct` }, d.name),
      el("a", { class: "hint", href: `#/tournament/${encodeURIComponent(d.id)}` }, t("tour_live_page")))))) : null;
  clear(root).append(el("main", { class: "home" },
    el("header", { class: "home-head" }, el("a", { href: "#/", class: "logo" }, "bola8"), el("h1", {}, t("tour_title"))),
    el("div", { class: "cards single" }, form, list)));
}

// ------------------------------------------------------------------ the director's page
export async function showDirect(root, id, hooks, go, linkToken = null) {
  const enc = encodeURIComponent(id);
  let tour = await get(`/api/tournaments/${enc}`);
  if (linkToken) {
    // the director's link handed to this browser: kept, and taken out of the address bar
    saveDirector(id, linkToken, tour.name);
    history.replaceState(null, "", `#/tournament/${enc}/direct`);
  }
  const held = directorOf(id);
  if (!held) {
    clear(root).append(el("main", { class: "home" }, el("div", { class: "card error", "data-testid": "not-director" },
      el("h2", {}, tour.name), el("p", {}, t("tour_not_director")), el("a", { href: `#/tournament/${enc}` }, t("tour_live_page")))));
    return;
  }
  const token = held.token;
  let tokens = {};                      // table number -> its token (the referee's link)
  if (tour.play === "real") {
    try { tokens = Object.fromEntries((await get(`/api/tournaments/${enc}/tables`, token)).tables.map((x) => [x.number, x.token])); } catch (e) {
      if (e instanceof ApiError && e.status === 403) {
        clear(root).append(el("main", { class: "home" }, el("div", { class: "card error", "data-testid": "not-director" },
          el("h2", {}, tour.name), el("p", {}, t("tour_wrong_director")), el("a", { href: `#/tournament/${enc}` }, t("tour_live_page")))));
        return;
      }
      throw e;
    }
  }
  let busy = false;
  async function act(path, body = {}) {
    if (busy) return null;
    busy = true;
    try { tour = await post(`/api/tournaments/${enc}/${path}`, body, token); render(); return tour; } catch (e) { failed(e); return null; } finally { busy = false; }
  }

  // ---- what stays on the page while the tournament changes: the forms (a director may be typing)
  const head = el("header", { class: "tour-head" });
  const links = el("nav", { class: "tour-links", "aria-label": t("tour_links") },
    el("a", { href: `#/tournament/${enc}`, "data-testid": "live-page" }, t("tour_live_page")),
    el("a", { href: `#/tournament/${enc}/screen`, "data-testid": "big-screen" }, t("tour_big_screen")),
    el("a", { href: `/api/tournaments/${enc}/export.csv`, download: `${id}.csv`, "data-testid": "export-csv" }, t("tour_export_csv")),
    el("a", { href: `/api/tournaments/${enc}/export.json`, download: `${id}.json`, "data-testid": "export-json" }, t("tour_export_json")));

  const addName = el("input", { maxlength: "40", "data-testid": "add-name" });
  const addProfile = el("input", { maxlength: "200", "data-testid": "add-profile", placeholder: "p_…" });
  const addForm = el("form", { class: "box", "data-testid": "add-player" }, el("h3", {}, t("tour_add")),
    el("div", { class: "row" }, field(t("tour_player_name"), addName), field(t("tour_player_profile"), addProfile)),
    el("button", { type: "submit", "data-testid": "add-go" }, t("tour_add_go")));
  addForm.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const line = [addName.value.trim(), addProfile.value.trim()].filter(Boolean).join(", ");
    if (!line) return;
    if (await enter(line)) { addName.value = ""; addProfile.value = ""; addName.focus(); }
  });
  const pasteArea = el("textarea", { rows: "6", "data-testid": "paste-players", placeholder: t("tour_players_example") });
  const pasteForm = el("form", {}, field(t("tour_players_lines"), pasteArea), el("p", { class: "hint" }, t("tour_players_hint")),
    el("button", { type: "submit", "data-testid": "paste-go" }, t("tour_paste_go")));
  pasteForm.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (await enter(pasteArea.value)) pasteArea.value = "";
  });
  const paste = el("details", { class: "box", "data-testid": "paste" }, el("summary", {}, t("tour_paste")), pasteForm);
  const startBtn = el("button", { type: "button", class: "primary big", "data-testid": "tour-start", onclick: () => start() }, t("tour_start"));
  const openBox = el("div", { class: "tour-open" }, addForm, paste, startBtn);

  const dqPlayer = el("select", { "data-testid": "dq-player" });
  const dqReason = el("input", { maxlength: "200", "data-testid": "dq-reason", placeholder: t("tour_dq_reason_example") });
  const dqForm = el("form", { class: "box", "data-testid": "disqualify" }, el("h3", {}, t("tour_dq")), el("p", { class: "hint" }, t("tour_dq_hint")),
    el("div", { class: "row" }, field(t("tour_player"), dqPlayer), field(t("tour_dq_reason"), dqReason)),
    el("button", { type: "submit", class: "danger", "data-testid": "dq-go" }, t("tour_dq_go")));
  dqForm.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const player = Number(dqPlayer.value), reason = dqReason.value.trim();
    if (dqPlayer.value === "" || !reason) { toast(t("tour_dq_needs"), "error"); return; }
    const name = playerName(tour, player);
    const ok = await dialog(t("tour_dq_title", { p: name }), el("div", {}, el("p", {}, t("tour_dq_confirm", { p: name })), el("p", { class: "quote" }, reason)),
      [[t("cancel"), null], [t("tour_dq_go"), "yes", "primary danger"]], "dq-dialog");
    if (ok && await act("disqualify", { player, reason })) { dqReason.value = ""; toast(t("tour_dq_done", { p: name })); }
  });

  // ---- what is drawn again at each change
  const champ = el("div", {});
  const playersBox = el("div", { "data-testid": "players" });
  const tablesBox = el("div", { class: "table-cards", "data-testid": "tables" });
  const nextBox = el("div", { "data-testid": "next" });
  const drawingBox = el("div", {});
  const stats = statsSection(id);
  const cards = new Map();              // table number -> its card (the QR code is not fetched again)
  const linkOf = (n) => `${location.origin}${location.pathname}#/tournament/${enc}/table/${n}/${tokens[n]}`;
  const directorLink = `${location.origin}${location.pathname}#/tournament/${enc}/direct/${token}`;

  clear(root).append(el("main", { class: "tour-page direct", "data-testid": "director" },
    el("a", { href: "#/tournament", class: "back", "data-testid": "back-tournaments" }, `← ${t("tour_title")}`),
    head, links, champ,
    el("section", { class: "tour-section" }, el("h2", {}, t("tour_players")), playersBox, openBox, dqForm),
    el("section", { class: "tour-section", "data-testid": "tables-section" }, el("h2", {}, tour.play === "real" ? t("tour_tables_now") : t("tour_online_now")), tablesBox),
    el("section", { class: "tour-section" }, el("h2", {}, t("tour_next")), nextBox),
    el("section", { class: "tour-section" }, drawingBox, stats.node),
    el("details", { class: "box" }, el("summary", {}, t("tour_director_link")), el("p", { class: "hint" }, t("tour_director_link_hint")),
      el("a", { href: directorLink, "data-testid": "director-link" }, t("tour_director_link")))));

  const closeFeed = liveFeed(`/api/tournaments/${enc}/live`, (data) => { if (!data.error) { tour = data; render(); stats.changed(); } });
  hooks.onLeave(() => closeFeed());
  hooks.expose({ get tour() { return tour; }, link(n) { return linkOf(n); } });

  async function enter(text) {
    let entries;
    try { entries = await resolveEntries(parseEntries(text)); } catch (e) { failed(e); return false; }
    for (const [k, entry] of entries.entries()) {
      const body = typeof entry === "string" ? { name: entry } : entry;
      if (!await act("players", body)) { toast(t("tour_entered_until", { n: k }), "error"); return false; }
    }
    return true;
  }

  async function start() {
    const ok = await dialog(t("tour_start"), el("p", {}, t("tour_start_confirm", { n: tour.players.length, f: formatName(tour.format) })),
      [[t("cancel"), null], [t("tour_start"), "yes", "primary"]], "start-dialog");
    if (ok) await act("start");
  }

  function render() {
    const focused = document.activeElement && root.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    clear(head).append(el("h1", { "data-testid": "tour-name" }, tour.name), el("p", { class: "tour-meta" }, termsText(tour)));
    const won = champion(tour);
    clear(champ).append(won ? el("p", { class: "tour-champion", role: "status", "data-testid": "tour-champion" }, el("span", { class: "cup", "aria-hidden": "true" }, "🏆"), t("tour_champion", { p: won })) : "");
    renderPlayers();
    openBox.hidden = tour.status !== "open";
    startBtn.disabled = tour.players.length < 2;
    dqForm.hidden = tour.status !== "running";
    stats.node.hidden = tour.status === "open";
    renderTables();
    renderNext();
    clear(drawingBox);
    if (tour.status !== "open") {
      drawingBox.append(tour.format === "round_robin"
        ? el("div", {}, el("h2", {}, t("tour_standings")), standingsTable(tour))
        : el("div", {}, el("h2", {}, t("tour_bracket")), scroller(drawBracket(tour), t("tour_bracket"))));
    }
    if (focused) { const back = root.querySelector(`[data-testid="${focused}"]`); if (back && back !== document.activeElement) back.focus(); }
  }

  function renderPlayers() {
    const open = tour.status === "open";
    clear(playersBox).append(tour.players.length ? el("ol", { class: "tour-players", "data-testid": "player-list" }, tour.players.map((p, i) =>
      el("li", { "data-testid": `player-${i}` },
        el("span", { class: "name" }, p.name), p.seed ? el("small", { class: "hint" }, ` · ${t("tour_seed_n", { n: p.seed })}`) : null,
        p.profile ? el("a", { class: "hint", href: `#/profile/${encodeURIComponent(p.profile)}` }, ` ${t("tour_profile")}`) : null,
        p.disqualified ? el("small", { class: "dq" }, ` · ${t("tour_disqualified")}: ${p.disqualified}`) : null,
        open ? el("button", { type: "button", class: "small", "data-testid": `withdraw-${i}`, "aria-label": t("tour_withdraw_p", { p: p.name }),
          onclick: () => act("withdraw", { player: i }) }, t("tour_withdraw")) : null)))
      : el("p", { class: "hint" }, t("tour_no_players")));
    if (tour.seeding === "given" && open) playersBox.append(el("p", { class: "hint" }, t("tour_given_order")));
    // the disqualification's choices: the players still in it
    const keep = dqPlayer.value;
    clear(dqPlayer).append(el("option", { value: "" }, "—"), ...tour.players.map((p, i) => (p.disqualified ? null : el("option", { value: String(i), selected: String(i) === keep }, p.name))));
  }

  function renderTables() {
    if (tour.play !== "real") {
      const online = tour.matches.filter((m) => m.game && (m.status === "ready" || m.status === "playing"));
      clear(tablesBox).append(online.length ? el("ul", { class: "plain" }, online.map((m) => el("li", { "data-testid": `online-${m.id}` },
        el("a", { href: `#/game/${encodeURIComponent(m.game)}` }, matchLine(tour, m)), ` · ${m.score[0]}–${m.score[1]}`)))
        : el("p", { class: "hint" }, t("tour_online_none")));
      if (online.length) tablesBox.append(el("p", { class: "hint" }, t("tour_online_hint")));
      return;
    }
    const free = (tour.tables || []).filter((x) => !x.match).map((x) => x.number);
    for (const entry of tour.tables || []) {
      const n = entry.number;
      if (!cards.has(n)) {
        const now = el("div", { class: "table-now", "data-testid": `table-now-${n}` });
        const card = el("article", { class: "card table-card", "data-testid": `table-card-${n}` },
          el("h3", {}, t("tour_table_n", { n })),
          el("img", { class: "qr", src: `/api/qr?text=${encodeURIComponent(linkOf(n))}`, alt: t("tour_qr_alt", { n }), width: "160", height: "160", "data-testid": `qr-${n}` }),
          el("div", { class: "row" },
            el("a", { href: linkOf(n), "data-testid": `table-link-${n}`, target: "_blank", rel: "noopener" }, t("tour_referee_link")),
            el("button", { type: "button", class: "small", "data-testid": `copy-${n}`, "aria-label": t("tour_copy_n", { n }), onclick: () => copy(linkOf(n)) }, t("tour_copy"))),
          now);
        cards.set(n, { card, now });
      }
      const { card, now } = cards.get(n);
      const match = entry.match ? tour.matches.find((m) => m.id === entry.match) : null;
      card.classList.toggle("busy", !!match);
      clear(now);
      if (!match) { now.append(el("p", { class: "hint" }, t("tour_table_free"))); continue; }
      now.append(el("p", { class: "plays" }, matchLine(tour, match)),
        el("p", { class: "score-line" }, el("strong", {}, `${match.score[0]}–${match.score[1]}`), " · ", t(`tour_status_${match.status}`)));
      // a match nothing was entered for yet may go to a free table
      if (match.status === "ready" && free.length) {
        const to = el("select", { "data-testid": `move-to-${n}`, "aria-label": t("tour_move_to") }, free.map((f) => el("option", { value: String(f) }, t("tour_table_n", { n: f }))));
        now.append(el("div", { class: "row" }, to, el("button", { type: "button", class: "small", "data-testid": `move-${n}`,
          onclick: () => act("reassign", { match: match.id, table: Number(to.value) }) }, t("tour_move"))));
      }
    }
    clear(tablesBox).append(...[...cards.values()].map((c) => c.card));
  }

  // who plays where next: the matches ready but waiting for a table, then those waiting for a result
  function renderNext() {
    const queued = tour.matches.filter((m) => m.status === "ready" && !m.table && !m.game);
    const later = tour.matches.filter((m) => m.status === "waiting");
    const items = [
      ...queued.map((m) => el("li", { "data-testid": `next-${m.id}` }, matchLine(tour, m), el("small", { class: "hint" }, ` · ${t("tour_next_free_table")}`))),
      ...later.map((m) => el("li", { "data-testid": `next-${m.id}` }, matchLine(tour, m), el("small", { class: "hint" }, ` · ${waitsFor(m)}`))),
    ];
    const over = tour.matches.filter((m) => m.status === "over");
    clear(nextBox).append(items.length ? el("ol", { class: "plain next-list" }, items) : el("p", { class: "hint" }, tour.status === "open" ? t("tour_next_after_draw") : t("tour_next_none")));
    if (over.length) nextBox.append(el("details", { class: "box" }, el("summary", {}, t("tour_results", { n: over.length })),
      el("ol", { class: "plain" }, over.map((m) => el("li", {}, `${matchLine(tour, m)}: ${resultText(tour, m)}`)))));
  }

  function waitsFor(m) {
    const pending = (m.from || []).filter((f, slot) => m.players[slot] === null && f && (f.winner || f.loser)).map((f) => f.winner || f.loser);
    return pending.length ? t("tour_next_after", { m: pending.join(", ") }) : t("tour_status_waiting");
  }

  render();
}

async function copy(text) {
  try { await navigator.clipboard.writeText(text); toast(t("tour_copied")); } catch (e) { toast(t("tour_copy_failed"), "error"); }
}

