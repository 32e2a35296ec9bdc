// Profiles and ratings: a person's profile made from the page (a name; the token stays in this
// browser), a profile's page (#/profile/<id>: the rating, the matches ended and in play, the
// statistics of its records), the leaderboard (#/ratings), and the home page's rated game against a
// bot. Everything shown comes from PROFILE (docs/server-api.md); a token is never put on a page.
import { t } from "./i18n.js";
import { get, post, myProfile, saveProfile, seatsOf, ApiError } from "./api.js";
import { el, clear, toast } from "./dom.js";
import { botLabel } from "./hud.js";
import { sheet, dateText, errorLine } from "./pages.js";

function ratingText(r) { return t("rating_value", { r: Math.round(r.rating), d: Math.round(r.deviation) }); }

function percent(share) { return `${Math.round(share * 100)} %`; }

// a profile's name, a bot level's in the page's language
function nameOf(p, meta) {
  if (!p.kind || !p.kind.startsWith("bot")) return p.name;
  const known = meta && meta.bots ? meta.bots.find((b) => b.kind === p.kind) : null;
  return known && known.label ? known.label : botLabel(p.kind);
}

// Make this browser's profile; resolves with it ({id, token, name}), or rejects with the server's sentence.
async function makeProfile(name) {
  const res = await post("/api/profiles", { name });
  saveProfile(res.id, res.token, res.profile.name);
  toast(t("profile_made", { p: res.profile.name }));
  return myProfile();
}

// The home page's line: this browser's profile, or a name to make one.
export function profileBox() {
  const box = el("div", { class: "profile-box", "data-testid": "profile-box" });
  const render = () => {
    const profile = myProfile();
    if (profile) {
      clear(box).append(el("a", { href: `#/profile/${encodeURIComponent(profile.id)}`, "data-testid": "go-profile" }, `${t("my_profile")}: ${profile.name}`));
      return;
    }
    clear(box).append(makeForm(() => render()));
  };
  render();
  return box;
}

// a name and "make my profile"; `made(profile)` once the server has it
function makeForm(made) {
  const name = el("input", { name: "profile-name", maxlength: "40", required: true, autocomplete: "nickname", "data-testid": "profile-name", "aria-label": t("your_name"), placeholder: t("your_name"), value: localStorage.getItem("bola8.name") || "" });
  const error = errorLine("profile-error");
  const button = el("button", { type: "submit", "data-testid": "profile-make" }, t("profile_make"));
  const form = el("form", { class: "profile-make" }, el("p", { class: "hint" }, t("profile_hint")),
    el("div", { class: "row" }, name, button), error);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    button.disabled = true; error.textContent = "";
    try { made(await makeProfile(name.value.trim())); } catch (e) { error.textContent = e instanceof ApiError ? e.message : String(e); } finally { button.disabled = false; }
  });
  return form;
}

// The home page's new-match form, against a bot: with a profile, the game is tied to it (its
// matches and statistics) and may be rated (the person's profile against the bot level's).
// {row, apply(body, mode)}: the row to show, and what it adds to the request's body.
export function botMatchProfile() {
  const profile = myProfile();
  if (!profile) return { row: null, apply: () => {}, name: "" };
  const rated = el("input", { type: "checkbox", name: "rated", "data-testid": "new-rated" });
  const row = el("label", { class: "check" }, rated, `${t("rated_vs_bot")} (${profile.name})`);
  return {
    row, name: profile.name,
    apply(body, mode) {
      if (mode !== "bot") return;
      body.profile = profile.token;
      if (rated.checked) body.rated = true;
    },
  };
}

// #/profile/<id> (anyone's), #/profile (this browser's, or the form to make it)
export async function showProfile(root, id, meta, go) {
  const own = myProfile();
  if (!id) {
    if (own) { location.replace(`#/profile/${encodeURIComponent(own.id)}`); return; }
    sheet(root, [el("section", { class: "card", "data-testid": "profile-new" },
      el("h1", {}, t("profile_make")), makeForm((p) => go(`#/profile/${encodeURIComponent(p.id)}`)))]);
    return;
  }
  const p = await get(`/api/profiles/${encodeURIComponent(id)}`);
  const mine = own && own.id === p.id;
  const head = el("section", { class: "card profile-head", "data-testid": "profile" },
    el("h1", { "data-testid": "profile-name-shown" }, nameOf(p, meta), mine ? el("small", {}, ` · ${t("profile_you")}`) : null,
      p.kind !== "person" ? el("small", {}, ` · ${t("profile_bot")}`) : null),
    el("p", { class: "rating-line" }, `${t("rating_word")}: `, el("strong", { "data-testid": "profile-rating" }, ratingText(p.rating))),
    el("p", { class: "hint" }, t("rating_hint")),
    el("p", {}, t("rated_matches", { n: p.rated_matches }), " · ", el("span", { "data-testid": "profile-record" }, t("won_lost", { w: p.wins, l: p.games - p.wins }))));
  sheet(root, [el("nav", { class: "row links" }, el("a", { href: "#/ratings" }, t("ratings")), el("a", { href: "#/lobby" }, t("lobby"))),
    head, playingCard(p), matchesCard(p, meta), statsCard(p.stats)], true);
}

function playingCard(p) {
  const items = p.playing || [];
  return el("section", { class: "card", "data-testid": "profile-playing" }, el("h2", {}, t("games_in_play")),
    items.length ? el("ul", { class: "plain list" }, items.map((g) => {
      const held = seatsOf(g.id).some((s) => s.seat === g.seat);
      const words = [t("against", { p: g.opponent || "?" }), t("race_to", { n: g.race }), g.rated ? t("rated_tag") : null, dateText(g.made)].filter(Boolean).join(" · ");
      return el("li", { "data-testid": `playing-${g.id}` }, el("a", { href: `#/game/${encodeURIComponent(g.id)}` }, held ? t("back_to_seat") : t("watch")), " ", el("span", {}, words));
    })) : el("p", { class: "hint" }, t("playing_none")));
}

function matchesCard(p, meta) {
  const items = p.matches || [];
  if (!items.length) return el("section", { class: "card" }, el("h2", {}, t("matches")), el("p", { class: "hint" }, t("matches_none")));
  const rows = items.map((m) => {
    const opponent = m.opponent_profile
      ? el("a", { href: `#/profile/${encodeURIComponent(m.opponent_profile)}` }, m.opponent_profile.startsWith("p_bot_") ? nameOf({ kind: `bot:${m.opponent_profile.slice(6)}`, name: m.opponent }, meta) : m.opponent)
      : m.opponent;
    return el("tr", { "data-testid": `match-${m.id}` },
      el("td", {}, el("a", { href: `#/game/${encodeURIComponent(m.id)}` }, dateText(m.ended))),
      el("td", {}, opponent),
      el("td", {}, el("span", { class: m.won ? "won" : "lost" }, t(m.won ? "won" : "lost")), m.rated ? ` · ${t("rated_tag")}` : ""),
      el("td", { class: "num" }, m.score ? `${m.score[0]}–${m.score[1]}` : ""));
  });
  return el("section", { class: "card", "data-testid": "profile-matches" }, el("h2", {}, t("matches")),
    el("div", { class: "table-scroll" }, el("table", { class: "data" },
      el("thead", {}, el("tr", {}, [t("date"), t("opponent"), t("result"), t("score")].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows))));
}

// the statistics of the records: each share with the counts it comes from ("—" where nothing was counted)
function statsCard(s) {
  const line = (key, value, counts, testid) => el("tr", { "data-testid": testid },
    el("th", { scope: "row" }, t(key)), el("td", { class: "num" }, value === null || value === undefined ? "—" : value), el("td", { class: "hint" }, counts));
  return el("section", { class: "card", "data-testid": "profile-stats" }, el("h2", {}, t("stats")),
    el("table", { class: "data stats" }, el("tbody", {},
      line("stat_pots", s.pots_per_call === null ? null : percent(s.pots_per_call), t("stat_of", { a: s.made, b: s.calls }), "stat-pots"),
      line("stat_fouls", s.fouls_per_rack === null ? null : s.fouls_per_rack.toFixed(2), t("stat_in", { a: s.fouls, b: s.racks }), "stat-fouls"),
      line("stat_breaks", s.breaks_made_share === null ? null : percent(s.breaks_made_share), t("stat_of", { a: s.breaks_made, b: s.breaks }), "stat-breaks"),
      line("stat_runs", s.break_and_run_share === null ? null : percent(s.break_and_run_share), t("stat_of", { a: s.break_and_runs, b: s.breaks }), "stat-runs"))));
}

// #/ratings: the profiles with a rated match, best first; this browser's own marked
export async function showRatings(root, meta) {
  const { players } = await get("/api/ratings");
  const own = myProfile();
  const body = players.length ? el("div", { class: "table-scroll" }, el("table", { class: "data", "data-testid": "ratings" },
    el("thead", {}, el("tr", {}, [t("rank"), t("player"), t("rating_word"), t("rated_col")].map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, players.map((p, i) => el("tr", { class: own && own.id === p.id ? "own" : "", "data-testid": `rating-${p.id}` },
      el("td", { class: "num" }, String(i + 1)),
      el("td", {}, el("a", { href: `#/profile/${encodeURIComponent(p.id)}` }, nameOf(p, meta)), own && own.id === p.id ? el("small", {}, ` (${t("you")})`) : null),
      el("td", { class: "num" }, ratingText(p.rating)),
      el("td", { class: "num" }, String(p.rated_matches)))))))
    : el("p", { class: "hint", "data-testid": "ratings-empty" }, t("ratings_empty"));
  sheet(root, [el("section", { class: "card" }, el("h1", {}, t("ratings")), el("p", { class: "hint" }, t("rating_hint")), body)], true);
}
