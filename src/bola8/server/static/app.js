// bola8's browser app: a hash router over the screens. Plain ES modules, no build step, nothing
// loaded from the network but this server's own files and API.
import { t, lang, setLang } from "./js/i18n.js";
import { get, inviteOf } from "./js/api.js";
import { el, clear, toast } from "./js/dom.js";
import { showHome } from "./js/home.js";
import { showGame } from "./js/game/screen.js";
import { showPractice } from "./js/practice.js";
import { showReferee } from "./js/referee/screen.js";
import { showTournament } from "./js/tournament/route.js";
import { setMeta } from "./js/names.js";
import { showFriend, showInvite, showJoin } from "./js/together.js";
import { showLobby } from "./js/lobby.js";
import { showProfile, showRatings } from "./js/profile.js";

const root = document.getElementById("app");
let meta = null;
let leave = [];
let onHash = null;
const testApi = {};
window.bola8 = testApi;            // state inspection for the end-to-end tests (actions go through the UI)

const hooks = {
  expose(obj) { testApi.screen = obj; },
  onLeave(fn) { leave.push(fn); },
  // a screen that can follow a new address itself (a replay of another shot of the same game)
  onHash(fn) { onHash = fn; },
};

function go(hash) { location.hash = hash; }

function hashParts() { return (location.hash || "#/").replace(/^#\/?/, "").split("/"); }

async function route(ev = null) {
  const parts = hashParts();
  if (ev && onHash && onHash(parts)) return;      // only an address change can stay on the same screen
  for (const fn of leave) { try { fn(); } catch (e) { /* the old screen is gone */ } }
  leave = []; onHash = null; testApi.screen = null; testApi.ready = false;
  document.querySelectorAll("dialog.modal").forEach((d) => d.remove());
  document.body.dataset.screen = parts[0] || "home";
  // installed from the referee assistant, the app opens on it (a phone's home screen at a real table)
  const referee = parts[0] === "referee" || parts[0] === "table" || (parts[0] === "tournament" && parts[2] === "table");
  document.getElementById("manifest").setAttribute("href", referee ? "/referee.webmanifest" : "/manifest.webmanifest");
  try {
    // every screen names what it shows from /api/meta: without it (asked again at each address) there
    // is nothing to show but why
    if (!meta) await loadMeta();
    if (!meta) throw new Error(t("network_error"));
    const id = parts[1] ? decodeURIComponent(parts[1]) : null;
    // a game this browser invited a friend to: its waiting screen until the seat is taken
    if (parts[0] === "game" && id && !parts[2] && inviteOf(id)) location.replace(`#/invite/${encodeURIComponent(id)}`);
    else if (parts[0] === "game" && parts[1]) {
      // #/game/<id>, #/game/<id>/shot/<n> (a replay), #/game/<id>/from-start (the whole game)
      const replay = parts[2] === "shot" && Number(parts[3]) >= 1 ? { shot: Number(parts[3]) }
        : parts[2] === "from-start" ? { shot: 1, cont: true } : {};
      await showGame(root, decodeURIComponent(parts[1]), meta, hooks, replay);
    }
    else if (parts[0] === "practice") await showPractice(root, meta, hooks);
    else if (parts[0] === "tournament") await showTournament(root, meta, hooks, parts.slice(1), go);
    else if (parts[0] === "friend") showFriend(root, meta, go);
    else if (parts[0] === "invite" && id) await showInvite(root, id, hooks);
    else if (parts[0] === "join" && id) await showJoin(root, id, parts[2] ? decodeURIComponent(parts[2]) : null);
    else if (parts[0] === "lobby") showLobby(root, hooks, go);
    else if (parts[0] === "profile") await showProfile(root, id, meta, go);
    else if (parts[0] === "ratings") await showRatings(root, meta);
    else if (parts[0] === "referee" || parts[0] === "table") await showReferee(root, meta, hooks, parts[1] ? decodeURIComponent(parts[1]) : null, go);
    else showHome(root, meta, go);
  } catch (e) {
    clear(root).append(el("div", { class: "card error", "data-testid": "screen-error" }, el("h2", {}, t("error")), el("p", {}, e.message || String(e)), el("a", { href: "#/" }, t("home"))));
  }
  testApi.ready = true;
}

function langSwitch() {
  const box = document.getElementById("lang");
  clear(box).append(...["es", "en"].map((l) => el("button", {
    type: "button", class: l === lang() ? "on" : "", "data-testid": `lang-${l}`, "aria-pressed": String(l === lang()),
    onclick: () => switchLang(l),
  }, l.toUpperCase())));
}

// /api/meta in the page's language: the bots' names and every closed set's words come from it. Only the
// answer to the latest question is kept: a language switched while the page's first /api/meta is on its
// way must not be overwritten by that older answer in the other language.
let metaAsked = 0;
async function loadMeta() {
  const asked = ++metaAsked;
  let answer;
  try { answer = await get("/api/meta"); } catch (e) { answer = null; }
  if (asked !== metaAsked) return;
  meta = answer;
  testApi.meta = meta;
  setMeta(meta);
}

async function switchLang(l) {
  setLang(l); document.title = t("title"); langSwitch();
  await loadMeta();
  route();
}

async function start() {
  setLang(lang());
  document.title = t("title");
  langSwitch();
  await loadMeta();
  window.addEventListener("hashchange", route);
  await route();
}

window.addEventListener("unhandledrejection", (ev) => { toast(ev.reason && ev.reason.message ? ev.reason.message : String(ev.reason), "error"); });
start();
