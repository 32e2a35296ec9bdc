// Keeping up with the server: the newest view (VIEW) of a game and the strokes (SHOT) it has played.
//
// Views come from three places: the answer to this page's own action, the WebSocket (every change
// of the game, this page's own included) and polling while the socket is down. They are ordered by
// `actions`, the number of actions the game has accepted, which only grows; between two views of
// the same action by the server's clock (`clock.now`), because a stalemate proposal, a bot starting
// to think and the shot clock change without an action. A view that is not strictly newer than the
// newest one is dropped. So the answer to an action and the WebSocket's copy of it count once,
// whichever comes first, and the order views arrive in never matters.
import { get } from "../api.js";

function serverTime(v) { return v.clock && typeof v.clock.now === "number" ? v.clock.now : -Infinity; }

// is view a strictly newer than view b (null: nothing known yet)?
export function newer(a, b) {
  if (!b) return true;
  if (a.actions !== b.actions) return a.actions > b.actions;
  return serverTime(a) > serverTime(b);
}

export class ViewSync {
  // onNewer(view, source) is called for each view taken as the newest
  constructor(id, onNewer) {
    this.id = id; this.onNewer = onNewer;
    this.latest = null;
    this.shots = {};          // n -> SHOT, as given with views or fetched
    this.offered = 0;         // views offered, taken or not
    this.taken = 0;
  }

  // a view (and the strokes that came with it) from `source`: "answer", "live", "poll", "load"
  offer(view, shots = [], source = "") {
    for (const shot of shots) if (shot && shot.n !== undefined) this.shots[shot.n] = shot;
    this.offered += 1;
    if (!view || view.id !== this.id || !newer(view, this.latest)) return false;
    this.taken += 1;
    this.latest = view;
    this.onNewer(view, source);
    return true;
  }

  // stroke n, fetched once (null when the server has no such stroke)
  async shot(n) {
    if (!this.shots[n]) {
      try { this.shots[n] = await get(`/api/games/${encodeURIComponent(this.id)}/shots/${n}`); } catch (e) { return null; }
    }
    return this.shots[n];
  }
}
