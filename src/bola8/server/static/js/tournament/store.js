// What this browser keeps of the tournaments it directs or referees at, in localStorage like a game's
// seats: the director's token of each tournament it made (or was handed by the director's link), and
// each table number's token a referee's phone was given by the table's QR code. The tokens act as the
// director and as the table: they never appear on a page or in the address bar once kept.

const DIRECTS = "bola8.directs";
const TABLES = "bola8.tournament-tables";

function read(key) {
  try {
    const all = JSON.parse(localStorage.getItem(key) || "{}");
    return all && typeof all === "object" ? all : {};
  } catch (e) { return {}; }
}

function write(key, id, value) {
  const all = read(key);
  all[id] = value;
  localStorage.setItem(key, JSON.stringify(all));
}

// the director's token of tournament `id` ({token, name, made}), or null
export function directorOf(id) {
  const d = read(DIRECTS)[id];
  return d && typeof d.token === "string" ? d : null;
}

export function saveDirector(id, token, name) {
  const before = directorOf(id);
  write(DIRECTS, id, { token, name: name || (before && before.name) || id, made: (before && before.made) || Date.now() });
}

// the tournaments this browser directs, newest first: [{id, name, made}]
export function directed() {
  return Object.entries(read(DIRECTS)).filter(([, d]) => d && typeof d.token === "string")
    .map(([id, d]) => ({ id, name: d.name || id, made: d.made || 0 })).sort((a, b) => b.made - a.made);
}

// the token of table `number` of tournament `id` on this phone, or null
export function tableTokenOf(id, number) {
  const v = read(TABLES)[`${id}/${number}`];
  return typeof v === "string" ? v : null;
}

export function saveTableNumberToken(id, number, token) { write(TABLES, `${id}/${number}`, token); }
