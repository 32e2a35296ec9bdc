// The frame of the plain pages around the table (an invitation, the lobby, a profile, the
// leaderboard): a sheet with the way home, and dates in the page's language.
import { t, lang } from "./i18n.js";
import { el, clear } from "./dom.js";

// root's content replaced by a sheet: the way home, then `parts`
export function sheet(root, parts, wide = false) {
  clear(root).append(el("div", { class: `sheet${wide ? " wide" : ""}` },
    el("a", { href: "#/", class: "back", "data-testid": "back-home" }, `← ${t("home")}`), ...parts));
}

// a unix time (seconds) as a short date and time (the year only when it is not this one)
export function dateText(seconds) {
  const when = new Date(seconds * 1000);
  const year = when.getFullYear() === new Date().getFullYear() ? undefined : "numeric";
  return when.toLocaleString(lang() === "es" ? "es-ES" : "en-GB", { day: "numeric", month: "short", year, hour: "2-digit", minute: "2-digit" });
}

// a unix time (seconds) as how long ago, to the minute
export function agoText(seconds) {
  const minutes = Math.floor((Date.now() / 1000 - seconds) / 60);
  return minutes < 1 ? t("ago_now") : t("ago_min", { n: minutes });
}

// a line for a refusal: the server's one sentence, read out when it appears
export function errorLine(testid) { return el("p", { class: "form-error", role: "alert", "data-testid": testid }); }
