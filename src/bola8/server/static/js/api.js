// The HTTP API of shared/spec/server-api.md, and nothing else.
import { lang, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

function url(path) {
  const sep = path.includes("?") ? "&" : "?";
  return `${path}${sep}lang=${lang()}`;
}

export async function request(method, path, body = undefined, token = null) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let resp;
  try {
    resp = await fetch(url(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, t("network_error"));
  }
  const text = await resp.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
  if (!resp.ok) {
    const message = data && typeof data.error === "string" ? data.error : `HTTP ${resp.status}`;
    throw new ApiError(resp.status, message);
  }
  return data;
}

export async function requestText(path) {
  const resp = await fetch(url(path));
  if (!resp.ok) throw new ApiError(resp.status, `HTTP ${resp.status}`);
  return resp.text();
}

export const get = (path, token = null) => request("GET", path, undefined, token);
export const post = (path, body, token = null) => request("POST", path, body, token);

// Seat tokens live in localStorage, one per game and seat, for the browser that created the seat;
// with them, when this browser made each game or table (for "My games").
export function saveSeats(id, seats) {
  const all = JSON.parse(localStorage.getItem("bola8.seats") || "{}");
  all[id] = seats.filter((s) => s.token).map((s) => ({ seat: s.seat, token: s.token }));
  localStorage.setItem("bola8.seats", JSON.stringify(all));
  noteMade(id);
}

function noteMade(id) {
  const all = JSON.parse(localStorage.getItem("bola8.made") || "{}");
  if (!all[id]) { all[id] = Date.now(); localStorage.setItem("bola8.made", JSON.stringify(all)); }
}

// when this browser made game or table `id` (milliseconds since 1970), or null before it kept that
export function madeAt(id) { return JSON.parse(localStorage.getItem("bola8.made") || "{}")[id] || null; }

export function seatsOf(id) {
  const all = JSON.parse(localStorage.getItem("bola8.seats") || "{}");
  return all[id] || [];
}

export function myGames() {
  return Object.keys(JSON.parse(localStorage.getItem("bola8.seats") || "{}"));
}

export function saveTableToken(id, token) {
  const all = JSON.parse(localStorage.getItem("bola8.tables") || "{}");
  all[id] = token;
  localStorage.setItem("bola8.tables", JSON.stringify(all));
  noteMade(id);
}

export function myTables() {
  return Object.keys(JSON.parse(localStorage.getItem("bola8.tables") || "{}"));
}

export function tableToken(id) {
  return JSON.parse(localStorage.getItem("bola8.tables") || "{}")[id] || null;
}

// The profile this browser holds ({id, token, name}) or null: its token acts as the profile (no
// password), so it stays in this browser's storage and is never shown on a page.
export function myProfile() {
  try {
    const p = JSON.parse(localStorage.getItem("bola8.profile") || "null");
    return p && typeof p.id === "string" && typeof p.token === "string" ? p : null;
  } catch (e) { return null; }
}

export function saveProfile(id, token, name) {
  localStorage.setItem("bola8.profile", JSON.stringify({ id, token, name }));
}

// An invitation's code, kept by the browser that made it, so its waiting screen can show the link again
export function saveInvite(id, code) {
  const all = JSON.parse(localStorage.getItem("bola8.invites") || "{}");
  all[id] = code;
  localStorage.setItem("bola8.invites", JSON.stringify(all));
}

export function inviteOf(id) { return JSON.parse(localStorage.getItem("bola8.invites") || "{}")[id] || null; }

// the seat is taken: the code has done its work
export function forgetInvite(id) {
  const all = JSON.parse(localStorage.getItem("bola8.invites") || "{}");
  if (id in all) { delete all[id]; localStorage.setItem("bola8.invites", JSON.stringify(all)); }
}

// The live feed of a game; reconnects after a drop. onMessage gets the parsed JSON. `hello`, when
// given, is sent first on every connection: {"token"} says which seat this page plays (presence).
export function live(id, onMessage, onState, hello = null) {
  return liveFeed(`/api/games/${encodeURIComponent(id)}/live`, onMessage, onState, hello);
}

// A WebSocket of the API at `path` (a game's feed, the lobby's, a tournament's or a table's), opened again
// after each drop; the returned function closes it for good.
export function liveFeed(path, onMessage, onState = () => {}, hello = null) {
  let ws = null;
  let closed = false;
  let delay = 500;
  function open() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}${path}?lang=${lang()}`);
    ws.onopen = () => { delay = 500; if (hello) ws.send(JSON.stringify(hello)); onState(true); };
    ws.onmessage = (ev) => { try { onMessage(JSON.parse(ev.data)); } catch (e) { /* not JSON: ignored */ } };
    ws.onclose = (ev) => {
      if (closed) return;
      onState(false);
      if (ev.code === 4404) return;            // the server has no such game, table or tournament: nothing to wait for
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  }
  open();
  return () => { closed = true; if (ws) ws.close(); };
}
