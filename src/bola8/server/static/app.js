// bola8's browser app: a hash router over the screens. Plain ES modules, no build step, nothing
// loaded from the network but this server's own files and API.
import { t, lang, setLang } from "./js/i18n.js";
import { get, inviteOf } from "./js/api.js";
import { el, clear, toast } from "./js/dom.js";
import { setMeta } from "./js/names.js";

// Each screen's modules are fetched and run the first time one of its addresses is shown, not all 45
// of js/ with the first page: the home page needs 19 of them, the referee assistant 13, the game
// screen 26 (the four imported above among them), and a phone at a real table never loads the game
// screen's. The browser keeps each module once: a screen shown again costs nothing more.
const SCREENS = {
  home: () => import("./js/home.js"),
  game: () => import("./js/game/screen.js"),
  practice: () => import("./js/practice.js"),
  referee: () => import("./js/referee/screen.js"),
  tournament: () => import("./js/tournament/route.js"),
  together: () => import("./js/together.js"),
  lobby: () => import("./js/lobby.js"),
  profile: () => import("./js/profile.js"),
};

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

// The screen an address shows (``parts``: the address after "#/", split at "/"): the key of its modules in
// SCREENS and how it is drawn with them. An address that names no screen shows the home page.
function screenFor(parts) {
  const [first, second, third, fourth] = parts;
  const id = second ? decodeURIComponent(second) : null;
  if (first === "game" && id) {
    // a game this browser invited a friend to: its waiting screen until the seat is taken
    if (!third && inviteOf(id)) return ["together", () => location.replace(`#/invite/${encodeURIComponent(id)}`)];
    // #/game/<id>, #/game/<id>/shot/<n> (a replay), #/game/<id>/from-start (the whole game)
    const replay = third === "shot" && Number(fourth) >= 1 ? { shot: Number(fourth) }
      : third === "from-start" ? { shot: 1, cont: true } : {};
    return ["game", (m) => m.showGame(root, id, meta, hooks, replay)];
  }
  if (first === "practice") return ["practice", (m) => m.showPractice(root, meta, hooks)];
  if (first === "tournament") return ["tournament", (m) => m.showTournament(root, meta, hooks, parts.slice(1), go)];
  if (first === "friend") return ["together", (m) => m.showFriend(root, meta, go)];
  if (first === "invite" && id) return ["together", (m) => m.showInvite(root, id, hooks)];
  if (first === "join" && id) return ["together", (m) => m.showJoin(root, id, third ? decodeURIComponent(third) : null)];
  if (first === "lobby") return ["lobby", (m) => m.showLobby(root, hooks, go)];
  if (first === "profile") return ["profile", (m) => m.showProfile(root, id, meta, go)];
  if (first === "ratings") return ["profile", (m) => m.showRatings(root, meta)];
  if (first === "referee" || first === "table") return ["referee", (m) => m.showReferee(root, meta, hooks, id, go)];
  return ["home", (m) => m.showHome(root, meta, go)];
}

// The latest call of route: one still waiting for its screen's modules when the address changes again
// draws nothing (the later address's screen would be drawn over by the older one's).
let routed = 0;

async function route(ev = null) {
  const parts = hashParts();
  if (ev && onHash && onHash(parts)) return;      // only an address change can stay on the same screen
  const mine = ++routed;
  for (const fn of leave) { try { fn(); } catch (e) { /* the old screen is gone */ } }
  leave = []; onHash = null; testApi.screen = null; testApi.ready = false;
  document.querySelectorAll("dialog.modal").forEach((d) => d.remove());
  document.body.dataset.screen = parts[0] || "home";
  // installed from the referee assistant, the app opens on it (a phone's home screen at a real table)
  const referee = parts[0] === "referee" || parts[0] === "table" || (parts[0] === "tournament" && parts[2] === "table");
  document.getElementById("manifest").setAttribute("href", referee ? "/referee.webmanifest" : "/manifest.webmanifest");
  // the screen's modules are fetched while /api/meta is asked (the first page asks both at once)
  const [screen, draw] = screenFor(parts);
  const loading = SCREENS[screen]();
  loading.catch(() => null);      // (not unhandled while /api/meta is waited for: told below)
  try {
    // every screen names what it shows from /api/meta: without it (asked again at each address) there
    // is nothing to show but why
    if (!meta) await loadMeta();
    if (!meta) throw new Error(t("network_error"));
    // (a module that could not be fetched is the network's fault, told in the page's language)
    const modules = await loading.catch(() => { throw new Error(t("network_error")); });
    if (mine !== routed) return;
    await draw(modules);
  } catch (e) {
    if (mine !== routed) return;
    clear(root).append(el("div", { class: "card error", "data-testid": "screen-error" }, el("h2", {}, t("error")), el("p", {}, e.message || String(e)), el("a", { href: "#/" }, t("home"))));
  }
  if (mine === routed) testApi.ready = true;    // (a later address's screen is not ready because this one is)
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
