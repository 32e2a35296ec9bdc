// The home screen: a new match, open a game by its link, the practice table, the referee assistant.
import { t } from "./i18n.js";
import { get, post, saveSeats, myGames, myTables, madeAt, ApiError } from "./api.js";
import { lang } from "./i18n.js";
import { el, clear, toast } from "./dom.js";
import { TableView, tableGeometry } from "./table.js";
import { triangle } from "./practice.js";
import { named, capital } from "./names.js";
import { togetherCard } from "./together.js";
import { botMatchProfile } from "./profile.js";

export function showHome(root, meta, go) {
  const bots = meta.bots, tables = Object.keys(meta.tables), rulesets = meta.rulesets, defaults = meta.defaults;
  const select = (name, items, value) => el("select", { name, "data-testid": `new-${name}` },
    items.map(([v, label]) => el("option", { value: v, selected: v === value }, label)));
  const modeSel = select("mode", [["bot", t("mode_bot")], ["hotseat", t("mode_hotseat")], ["watch", t("mode_watch")]], "bot");
  const botSel = select("bot", bots.map((b) => [b.kind, b.label]), bots[0].kind);
  const bot2Sel = select("bot2", bots.map((b) => [b.kind, b.label]), bots[bots.length - 1].kind);
  const raceIn = el("input", { type: "number", name: "race", min: "1", max: String(meta.race_max), value: String(defaults.race), "data-testid": "new-race" });
  const tableSel = select("table", tables.map((n) => [n, n]), defaults.table);
  const rulesSel = select("ruleset", rulesets.map((r) => [r, capital(named("rulesets", r))]), defaults.ruleset);
  const name0 = el("input", { name: "name0", placeholder: t("name_0"), maxlength: "40", "data-testid": "new-name-0" });
  const name1 = el("input", { name: "name1", placeholder: t("name_1"), maxlength: "40", "data-testid": "new-name-1" });
  const bot1Row = el("label", {}, t("bot_level"), botSel), bot2Row = el("label", {}, t("bot_level_2"), bot2Sel);
  const name1Row = el("label", {}, t("name_1"), name1), name0Row = el("label", {}, t("name_0"), name0);
  const clockBox = el("input", { type: "checkbox", "data-testid": "new-clock" });
  const clockRow = el("label", { class: "check" }, clockBox, t("new_clock"));
  // against a bot, this browser's profile plays (and may be rated against the bot level's)
  const profile = botMatchProfile();
  if (profile.name) name0.value = profile.name;
  const refresh = () => {
    const m = modeSel.value;
    bot1Row.hidden = m === "hotseat"; bot2Row.hidden = m !== "watch";
    name1Row.hidden = m !== "hotseat"; name0Row.hidden = m === "watch"; clockRow.hidden = m === "watch";
    if (profile.row) profile.row.hidden = m !== "bot";
  };
  modeSel.addEventListener("change", refresh);
  const start = el("button", { type: "submit", class: "primary big", "data-testid": "new-start" }, t("start"));
  const form = el("form", { class: "card new-match", "data-testid": "new-match" },
    el("h2", {}, t("new_match")),
    el("label", {}, t("mode"), modeSel), name0Row, bot1Row, name1Row, bot2Row,
    el("div", { class: "row" }, el("label", {}, t("race"), raceIn), el("label", {}, t("table_size"), tableSel)),
    el("label", {}, t("ruleset"), rulesSel), clockRow, profile.row, start);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const m = modeSel.value;
    const players = m === "hotseat" ? ["person", "person"] : m === "bot" ? ["person", botSel.value] : [botSel.value, bot2Sel.value];
    const names = m === "hotseat" ? [name0.value || t("name_0"), name1.value || t("name_1")]
      : m === "bot" ? [name0.value || t("name_0"), botSel.selectedOptions[0].textContent]
        : [botSel.selectedOptions[0].textContent, bot2Sel.selectedOptions[0].textContent];
    if (names && names[0] === names[1]) names[1] = `${names[1]} (2)`;
    const body = { players, race: Number(raceIn.value), table: tableSel.value, ruleset: rulesSel.value };
    if (names) body.names = names;
    profile.apply(body, m);
    // Art. 24: the people at the table play against the shot clock from the first stroke
    if (clockBox.checked && m !== "watch") body.warned = players.map((p, i) => (p === "person" ? i : null)).filter((i) => i !== null);
    // ?seed=N in the page's address plays a reproducible match (racks, lag ties, bots' noise).
    const seed = new URLSearchParams(location.search).get("seed");
    if (seed !== null && /^\d+$/.test(seed)) body.seed = Number(seed);
    start.disabled = true;
    try {
      const res = await post("/api/games", body);
      saveSeats(res.id, res.seats);
      // a game to watch is drawn from its first shot, at the viewer's pace: the server's bots may
      // have played some already
      if (m === "watch") sessionStorage.setItem(`bola8.from-first.${res.id}`, "1");
      go(`#/game/${res.id}`);
    } catch (e) {
      toast(e instanceof ApiError ? e.message : String(e), "error");
    } finally { start.disabled = false; }
  });
  refresh();

  const joinIn = el("input", { placeholder: "g_…", "aria-label": t("join"), "data-testid": "join-input" });
  const join = el("form", { class: "card" }, el("h2", {}, t("join")), el("p", { class: "hint" }, t("join_hint")),
    el("div", { class: "row" }, joinIn, el("button", { type: "submit", "data-testid": "join-go" }, t("open"))));
  join.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const v = joinIn.value.trim();
    const m = v.match(/#\/(game|table|join)\/([\w-]+)(?:\/([\w-]+))?/);
    if (m) go(m[1] === "join" && m[3] ? `#/join/${m[2]}/${m[3]}` : `#/${m[1]}/${m[2]}`);
    else if (v) go(v.startsWith("t_") ? `#/table/${v}` : `#/game/${v}`);
  });

  const games = myMatches();

  const heroCanvas = el("canvas", { "aria-hidden": "true" });
  const hero = el("div", { class: "hero" }, heroCanvas);
  clear(root).append(el("main", { class: "home" },
    el("header", { class: "home-head" }, el("h1", {}, "bola8"), el("p", {}, t("tagline"))),
    hero,
    el("div", { class: "cards" }, form,
      el("div", { class: "stack" }, togetherCard(),
        el("a", { class: "card action", href: "#/practice", "data-testid": "go-practice" }, el("h2", {}, t("practice")), el("p", {}, t("practice_hint"))),
        el("a", { class: "card action", href: "#/referee", "data-testid": "go-referee" }, el("h2", {}, t("referee")), el("p", {}, t("referee_hint"))),
        el("a", { class: "card action", href: "#/tournament", "data-testid": "go-tournament" }, el("h2", {}, t("tour_title")), el("p", {}, t("tour_hint"))),
        games, join))));
  // the table at the top of the page: a rack waiting for the break, drawn as in a game
  const geom = tableGeometry({ name: meta.defaults.table }, meta);
  const tv = new TableView(heroCanvas, geom);
  const balls = triangle(geom);
  const paint = () => { tv.resize(); tv.drawTable({}); tv.drawAim(balls, 90); tv.drawBalls(balls); tv.drawCue(balls[0][0], balls[0][1], 90, 0.08); };
  paint();
  window.addEventListener("resize", paint);
  window.addEventListener("hashchange", () => window.removeEventListener("resize", paint), { once: true });
}

// "My games": the games and the real tables made in this browser, newest first, each with its players,
// score, state and the day it was made (filled in as the server answers)
function myMatches() {
  const order = (items) => items.map((item, i) => ({ ...item, at: madeAt(item.id), i }))
    .sort((a, b) => (b.at || 0) - (a.at || 0) || b.i - a.i);
  const items = order([...myGames().map((id) => ({ id, kind: "game" })), ...myTables().map((id) => ({ id, kind: "table" }))]).slice(0, 8);
  if (!items.length) return null;
  const list = el("ul", { class: "plain my-games", "data-testid": "my-games" }, items.map((item) => {
    const line = el("span", { class: "what" }, item.id);
    const when = item.at ? new Date(item.at).toLocaleString(lang() === "es" ? "es-ES" : "en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }) : "";
    const row = el("li", { "data-testid": `my-${item.id}` },
      el("a", { href: item.kind === "game" ? `#/game/${item.id}` : `#/table/${item.id}` }, item.kind === "table" ? el("span", { class: "tag" }, t("real_table")) : null, line),
      el("small", { class: "when" }, when));
    fillMatch(item, line);
    return row;
  }));
  return el("div", { class: "card" }, el("h2", {}, t("my_games")), list);
}

async function fillMatch(item, line) {
  let v;
  try { v = await get(item.kind === "game" ? `/api/games/${encodeURIComponent(item.id)}` : `/api/tables/${encodeURIComponent(item.id)}`); } catch (e) { line.textContent = `${item.id} · ${t("match_gone")}`; return; }
  const names = v.players.map((p) => (typeof p === "string" ? p : p.name));
  const over = v.winner !== null && v.winner !== undefined;
  line.textContent = `${names[0]} – ${names[1]} · ${v.score[0]}–${v.score[1]} · ${over ? t("match_finished", { p: names[v.winner] }) : t("match_on")}`;
}
