// The tournament's addresses: #/tournament (a new one, and the ones this browser directs),
// #/tournament/<id> (live), #/tournament/<id>/screen (the club's screen), #/tournament/<id>/direct[/<token>]
// (the director's), #/tournament/<id>/table/<number>[/<token>] (a referee's phone at that table).
import { showNew, showDirect } from "./direct.js";
import { showLive } from "./live.js";
import { showTable } from "./table.js";

export async function showTournament(root, meta, hooks, parts, go) {
  const [rawId, page, arg, secret] = parts.map((p) => decodeURIComponent(p || ""));
  const id = rawId || null;
  if (!id) return showNew(root, meta, go);
  if (page === "direct") return showDirect(root, id, hooks, go, arg || null);
  if (page === "table" && /^\d+$/.test(arg || "")) return showTable(root, meta, hooks, id, Number(arg), go, secret || null);
  return showLive(root, id, hooks, page === "screen");
}
