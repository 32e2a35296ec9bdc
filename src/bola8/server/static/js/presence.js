// Presence on the game page: which of the two persons playing apart has his page open now
// (VIEW.players[i].connected, told by the server as the pages come and go).
import { t } from "./i18n.js";
import { el } from "./dom.js";

// Whether a game is played by two persons apart (an invitation taken): only there does it mean
// something that a seat's page is connected.
export function apart(view) { return !!(view && view.invitation && !view.invite_open); }

// The presence line of the game page: the other person's, for a player ("Luis is online", "Waiting
// for Luis…"); both persons', for a spectator; "" where presence means nothing.
export function presenceText(view, mine) {
  if (!apart(view)) return "";
  const seats = [0, 1].filter((i) => view.players[i].kind === "person");
  const player = seats.some((i) => mine(i));
  return seats.filter((i) => !mine(i)).map((i) => {
    const p = view.players[i];
    if (player) return t(p.connected ? "presence_on" : "presence_off", { p: p.name });
    return `${p.name}: ${t(p.connected ? "seat_online" : "seat_offline")}`;
  }).join(" · ");
}

// The HUD's mark beside a person's name in a game played apart (null elsewhere).
export function presenceMark(view, seat) {
  const p = view.players[seat];
  if (!apart(view) || p.kind !== "person") return null;
  const word = t(p.connected ? "seat_online" : "seat_offline");
  return el("span", { class: `presence ${p.connected ? "on" : "off"}`, role: "img", "aria-label": word, title: word, "data-testid": `presence-${seat}` });
}
