// The players a director types or pastes, one a line: a name ("Ana"), a name and a profile ("Ana,
// p_3xY…"), or a profile alone - its id or its link ("https://…/#/profile/p_3xY…") - whose own name is
// then used. Profiles are looked up before anything is entered, so a line naming a profile that does
// not exist is refused with the server's sentence and nothing else happens.
import { t } from "../i18n.js";
import { get, ApiError } from "../api.js";

const PROFILE = /(?:https?:\/\/\S*?#\/profile\/|#\/profile\/)?\b(p_[A-Za-z0-9_-]+)/;

// [{line, name, profile}] of the non-empty lines (line: its number, from 1)
export function parseEntries(text) {
  return text.split(/\r?\n/).map((raw, i) => ({ raw: raw.trim(), line: i + 1 })).filter((x) => x.raw).map(({ raw, line }) => {
    const found = raw.match(PROFILE);
    if (!found) return { line, name: raw, profile: null };
    const name = raw.replace(found[0], "").replace(/^[\s,;|·\-–]+|[\s,;|·\-–]+$/g, "");
    return { line, name, profile: found[1] };
  });
}

// the entries as the server takes them (a name, or {name, profile}); a profile's name fills an empty
// name. Throws an Error whose message names the line.
export async function resolveEntries(entries) {
  const out = [];
  for (const e of entries) {
    if (!e.profile) { out.push(e.name); continue; }
    let profile;
    try { profile = await get(`/api/profiles/${encodeURIComponent(e.profile)}`); } catch (err) {
      throw new Error(t("tour_line_error", { n: e.line, e: err instanceof ApiError ? err.message : String(err) }));
    }
    out.push({ name: e.name || profile.name, profile: e.profile });
  }
  return out;
}
