// Playing together from two devices: the invitation a person makes and shares (#/friend, then its
// waiting screen #/invite/<id>), and the friend's side of the link (#/join/<id>/<code>). What the
// game page shows of it (who of the two is connected now) is presence.js.
//
// The server decides everything (bola8.server.invitations): these screens only ask for a name and
// the match's terms, and show the server's refusal as it words it. The maker's and the friend's seat
// tokens are kept like every seat's (api.js saveSeats), so either comes back to his seat from the
// same browser; the maker's browser also keeps the invitation's code, to show the link again.
import { t } from "./i18n.js";
import { get, post, saveSeats, seatsOf, myProfile, saveProfile, saveInvite, inviteOf, forgetInvite, live, ApiError } from "./api.js";
import { el, toast } from "./dom.js";
import { profileBox } from "./profile.js";
import { sheet, errorLine } from "./pages.js";

// the name this browser last played under: its profile's, else the last one typed
export function rememberedName() {
  const profile = myProfile();
  return profile ? profile.name : localStorage.getItem("bola8.name") || "";
}

function rememberName(name) { localStorage.setItem("bola8.name", name); }

function terms(view) {
  return [t("match_terms", { n: view.race, t: view.table.name || view.table }),
    view.rated ? t("rated_tag") : null, view.public ? t("public_tag") : null].filter(Boolean).join(" · ");
}

// The home page's card: play a friend, the lobby, the leaderboard, and this browser's profile.
export function togetherCard() {
  return el("section", { class: "card together", "data-testid": "together" },
    el("h2", {}, t("together_links")),
    el("a", { class: "button primary", href: "#/friend", "data-testid": "go-friend" }, t("together")),
    el("p", { class: "hint" }, t("together_hint")),
    el("div", { class: "row links" },
      el("a", { href: "#/lobby", "data-testid": "go-lobby" }, t("lobby")),
      el("a", { href: "#/ratings", "data-testid": "go-ratings" }, t("ratings"))),
    profileBox());
}

// #/friend: the maker's name and the match's terms; the game is made with its invitation.
export function showFriend(root, meta, go) {
  const profile = myProfile();
  const tables = Object.keys(meta.tables), defaults = meta.defaults;
  const name = el("input", { name: "name", maxlength: "40", required: true, autocomplete: "nickname", value: rememberedName(), "data-testid": "friend-name" });
  const race = el("input", { type: "number", name: "race", min: "1", max: String(meta.race_max), value: String(defaults.race), required: true, "data-testid": "friend-race" });
  const table = el("select", { name: "table", "data-testid": "friend-table" },
    tables.map((n) => el("option", { value: n, selected: n === defaults.table }, n)));
  const isPublic = el("input", { type: "checkbox", name: "public", "data-testid": "friend-public" });
  const rated = el("input", { type: "checkbox", name: "rated", disabled: !profile, "data-testid": "friend-rated" });
  const error = errorLine("friend-error");
  const make = el("button", { type: "submit", class: "primary big", "data-testid": "friend-make" }, t("friend_create"));
  const form = el("form", { class: "card", "data-testid": "friend-form" },
    el("h1", {}, t("together")), el("p", { class: "hint" }, t("together_hint")),
    el("label", {}, t("your_name"), name),
    el("div", { class: "row" }, el("label", {}, t("race"), race), el("label", {}, t("table_size"), table)),
    el("label", { class: "check" }, isPublic, t("friend_public")),
    el("label", { class: "check" }, rated, t("friend_rated")),
    profile ? null : el("p", { class: "hint" }, t("friend_rated_needs"), " ", el("a", { href: "#/profile" }, t("profile_make"))),
    error, make);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { players: ["person", "person"], race: Number(race.value), table: table.value, invite: true,
      public: isPublic.checked, names: [name.value.trim(), t("friend_seat")] };
    if (profile) body.profile = profile.token;
    if (rated.checked) body.rated = true;
    // ?seed=N in the page's address makes a reproducible match (its racks and lag ties), as on the home page
    const seed = new URLSearchParams(location.search).get("seed");
    if (seed !== null && /^\d+$/.test(seed)) body.seed = Number(seed);
    make.disabled = true; error.textContent = "";
    try {
      const res = await post("/api/games", body);
      saveSeats(res.id, res.seats);
      saveInvite(res.id, res.invite);
      rememberName(body.names[0]);
      go(`#/invite/${res.id}`);
    } catch (e) {
      error.textContent = e instanceof ApiError ? e.message : String(e);
    } finally { make.disabled = false; }
  });
  sheet(root, [form]);
}

// #/invite/<id>: the link and its QR code, until the friend takes the seat; then the game.
export async function showInvite(root, id, hooks) {
  const view = await get(`/api/games/${encodeURIComponent(id)}`);
  const code = inviteOf(id);
  const mine = seatsOf(id).find((s) => s.seat === 0);
  if (!view.invite_open || !mine) {
    forgetInvite(id);
    location.replace(`#/game/${encodeURIComponent(id)}`);
    return;
  }
  // the link opens the join screen; a public invitation needs no code
  const path = code ? `/#/join/${id}/${code}` : `/#/join/${id}`;
  const link = `${location.origin}${path}`;
  const linkInput = el("input", { readonly: true, value: link, "data-testid": "invite-link", "aria-label": t("invite_link") });
  const copy = el("button", { type: "button", "data-testid": "invite-copy", onclick: async () => {
    try { await navigator.clipboard.writeText(link); toast(t("copied")); } catch (e) { linkInput.select(); }
  } }, t("copy"));
  const share = navigator.share ? el("button", { type: "button", onclick: () => navigator.share({ title: t("together"), url: link }).catch(() => {}) }, t("share")) : null;
  const status = el("p", { class: "waiting", role: "status", "data-testid": "invite-status" }, t("invite_waiting"));
  sheet(root, [
    el("section", { class: "card invite", "data-testid": "invite" },
      el("h1", {}, t("invite_title")),
      el("p", { class: "terms" }, `${view.players[0].name} · ${terms(view)}`),
      code || view.public ? el("p", {}, t("invite_share")) : el("p", { class: "form-error" }, t("invite_no_code")),
      el("div", { class: "row" }, linkInput, copy, share),
      el("img", { class: "qr", src: `/api/qr?text=${encodeURIComponent(link)}`, alt: t("invite_qr"), width: "220", height: "220", "data-testid": "invite-qr" }),
      status)]);
  // the maker's page is his seat's presence while he waits: the friend finds him "online"
  const stop = live(id, (msg) => {
    if (msg && msg.view && msg.view.invite_open === false) {
      forgetInvite(id);
      location.replace(`#/game/${encodeURIComponent(id)}`);
    }
  }, () => {}, { token: mine.token });
  hooks.onLeave(stop);
}

// Take the waiting seat of game `id` (`code`: the invitation's, null for a public one) under `name`,
// with this browser's profile when it has one; its token is kept like every seat's.
export async function joinGame(id, code, name) {
  const profile = myProfile();
  const body = { name };
  if (code) body.invite = code;
  if (profile) body.profile = profile.token;
  const res = await post(`/api/games/${encodeURIComponent(id)}/join`, body);
  saveSeats(id, [{ seat: res.seat, token: res.token }]);
  rememberName(name);
  return res;
}

// #/join/<id>/<code>: who invites, to what; the friend's name; the seat.
export async function showJoin(root, id, code) {
  if (seatsOf(id).length) { location.replace(`#/game/${encodeURIComponent(id)}`); return; }
  const view = await get(`/api/games/${encodeURIComponent(id)}`);
  const maker = view.players[0].name;
  const watch = el("a", { class: "button", href: `#/game/${encodeURIComponent(id)}`, "data-testid": "join-watch" }, t("watch_it"));
  const card = el("section", { class: "card", "data-testid": "join" }, el("h1", {}, t("join_title", { p: maker })),
    el("p", { class: "terms" }, terms(view)));
  sheet(root, [card]);
  if (!view.to_act) { card.append(el("p", { role: "status", "data-testid": "join-closed" }, t("join_over")), watch); return; }
  if (!view.invite_open) { card.append(el("p", { role: "status", "data-testid": "join-closed" }, t("join_taken")), watch); return; }
  const profile = myProfile();
  const name = el("input", { name: "name", maxlength: "40", required: true, autocomplete: "nickname", value: rememberedName(), "data-testid": "join-name" });
  const error = errorLine("join-error");
  const sit = el("button", { type: "submit", class: "primary big", "data-testid": "join-sit" }, t("join_go"));
  const form = el("form", { class: "join-form" }, el("label", {}, t("your_name"), name),
    profile ? el("p", { class: "hint" }, t("join_as_profile")) : view.rated ? el("p", { class: "hint" }, t("join_makes_profile")) : null,
    error, sit);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    sit.disabled = true; error.textContent = "";
    try {
      // a rated match needs both seats tied to profiles: a friend without one makes it with his name
      if (view.rated && !myProfile()) {
        const made = await post("/api/profiles", { name: name.value.trim() });
        saveProfile(made.id, made.token, made.profile.name);
      }
      await joinGame(id, code, name.value.trim());
      location.replace(`#/game/${encodeURIComponent(id)}`);
    } catch (e) {
      error.textContent = e instanceof ApiError ? e.message : String(e);
    } finally { sit.disabled = false; }
  });
  card.append(form);
}
