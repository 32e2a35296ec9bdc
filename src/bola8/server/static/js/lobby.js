// #/lobby: the public invitations whose second seat still waits, as the server lists them live
// (WS /api/lobby/live: the list again whenever one is made, taken or ended, or a public match ends).
// Sitting down is one tap: a public invitation needs no code, and the name is this browser's (its
// profile's, or the one typed once at the top). Below, the public matches being played: one tap
// watches one (the game's page without a seat).
import { t } from "./i18n.js";
import { liveFeed, myProfile, seatsOf, ApiError } from "./api.js";
import { el, clear } from "./dom.js";
import { sheet, agoText, errorLine } from "./pages.js";
import { joinGame, rememberedName } from "./together.js";

export function showLobby(root, hooks, go) {
  const profile = myProfile();
  const name = el("input", { name: "name", maxlength: "40", autocomplete: "nickname", value: rememberedName(), "data-testid": "lobby-name" });
  const list = el("ul", { class: "plain list lobby", "data-testid": "lobby-list", "aria-live": "polite" });
  const error = errorLine("lobby-error");
  const status = el("p", { class: "hint", role: "status", "data-testid": "lobby-live" });
  const now = el("ul", { class: "plain list lobby", "data-testid": "lobby-playing", "aria-live": "polite" });
  let games = null;           // until the server's first list
  let playing = [];

  const render = () => {
    clear(list);
    if (games === null) return;
    renderPlaying();
    if (!games.length) {
      list.append(el("li", { class: "hint", "data-testid": "lobby-empty" }, t("lobby_empty"), " ", el("a", { href: "#/friend" }, t("lobby_make"))));
      return;
    }
    for (const g of games) {
      const maker = g.players[0];
      const words = [t("match_terms", { n: g.race, t: g.table }), g.rated ? t("rated_tag") : null, agoText(g.created)].filter(Boolean).join(" · ");
      // the maker's rating (his profile's), to pick an opponent of one's level; new profiles say so
      const r = g.maker && g.maker.rating;
      const rating = !r ? null : g.maker.rated_matches ? t("rating_value", { r: Math.round(r.rating), d: Math.round(r.deviation) }) : t("lobby_unrated");
      const yours = seatsOf(g.id).length > 0;
      const needsProfile = g.rated && !profile;
      const action = yours
        ? el("a", { class: "button small", href: `#/invite/${encodeURIComponent(g.id)}` }, t("lobby_yours"))
        : el("button", { type: "button", class: "primary small", disabled: needsProfile, "data-testid": `lobby-join-${g.id}`,
          "aria-label": t("lobby_play_with", { p: maker }), onclick: (ev) => sit(g, ev.currentTarget) }, t("lobby_play"));
      list.append(el("li", { "data-testid": `lobby-${g.id}` },
        el("div", {}, el("strong", {}, maker), rating ? el("span", { class: "rating", "data-testid": `lobby-rating-${g.id}` }, ` · ${rating}`) : null,
          el("div", { class: "hint" }, words),
          needsProfile ? el("div", { class: "hint" }, t("lobby_needs_profile"), " ", el("a", { href: "#/profile" }, t("profile_make"))) : null),
        action));
    }
  };

  function renderPlaying() {
    clear(now);
    if (!playing.length) {
      now.append(el("li", { class: "hint", "data-testid": "lobby-playing-empty" }, t("lobby_playing_empty")));
      return;
    }
    for (const g of playing) {
      const [a, b] = g.players;
      const words = [t("match_terms", { n: g.race, t: g.table }), g.rated ? t("rated_tag") : null].filter(Boolean).join(" · ");
      const mine = seatsOf(g.id).length > 0;
      now.append(el("li", { "data-testid": `lobby-now-${g.id}` },
        el("div", {}, el("strong", {}, `${a} – ${b}`), el("div", { class: "hint" }, words)),
        el("a", { class: "button small", href: `#/game/${encodeURIComponent(g.id)}`, "data-testid": `lobby-watch-${g.id}`,
          "aria-label": mine ? t("lobby_your_game") : t("lobby_watch_game", { a, b }) }, mine ? t("lobby_your_game") : t("lobby_watch"))));
    }
  }

  async function sit(g, button) {
    error.textContent = "";
    button.disabled = true;
    try {
      await joinGame(g.id, null, name.value.trim());
      go(`#/game/${encodeURIComponent(g.id)}`);
    } catch (e) {
      error.textContent = e instanceof ApiError ? e.message : String(e);
      button.disabled = false;
    }
  }

  sheet(root, [el("section", { class: "card", "data-testid": "lobby" },
    el("h1", {}, t("lobby")), el("p", { class: "hint" }, t("lobby_hint")),
    el("label", {}, t("your_name"), name),
    profile ? el("p", { class: "hint" }, t("join_as_profile")) : null,
    error, list, status),
    el("section", { class: "card" }, el("h2", {}, t("lobby_playing")), now)]);
  render();
  const stop = liveFeed("/api/lobby/live", (msg) => {
    if (msg && Array.isArray(msg.games)) { games = msg.games; playing = Array.isArray(msg.playing) ? msg.playing : []; render(); }
  }, (up) => { status.textContent = up ? "" : t("live_off"); });
  hooks.onLeave(stop);
  hooks.expose({ get games() { return games && games.map((g) => g.id); } });
}
