// The closed sets the page shows - balls, seats, tables, rulesets, pockets, choices, decisions,
// declarations, groups, the fouls only a referee sees, the coach's cushions and kinds of shot - and
// their names, all from GET /api/meta in the page's language (the library's registries and bola8.rules.messages.NAMES
// on the server). The page keeps no copy of any of them: app.js loads /api/meta before the first
// screen and again on a language switch, and hands it here.

let meta = null;

export function setMeta(m) { meta = m; }

// /api/meta as last loaded (null only before the first load)
export function served() { return meta; }

// the members of a closed set: served("pockets"), or a key of /api/meta holding a list
export function members(set) { return (meta && meta[set]) || []; }

// a member of a closed set in words (named("pockets", pocket) -> "pie izquierda"); an unknown
// identifier is shown as it is (never silently blank)
export function named(set, id) {
  const names = meta && meta.names && meta.names[set];
  return names && Object.prototype.hasOwnProperty.call(names, id) ? names[id] : String(id);
}

// the article a member is decided by, where the server cites one (referee fouls, declarations), or null
export function articleOf(set, id) {
  const articles = meta && meta.articles && meta.articles[set];
  return articles && articles[id] ? articles[id] : null;
}

export const pocketName = (pocket) => named("pockets", pocket);

// a declaration as a control or a dialog names it, with its article: "Juego empatado (Art. 21.2)"
export function declarationLabel(what) {
  const article = articleOf("declarations", what);
  return article ? `${capital(named("declarations", what))} (Art. ${article})` : capital(named("declarations", what));
}

// a name at the head of a button or a heading: "aceptar la mesa" -> "Aceptar la mesa"
export function capital(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

// the balls of a group (Art. 1.2): groupBalls("solids") -> [1, ..., 7]
export function groupBalls(group) { return (meta && meta.balls && meta.balls[group]) || []; }

// a striped ball (drawn with its band)
export function isStripe(n) { return groupBalls("stripes").includes(Number(n)); }

// every object ball: the solids, the 8 and the stripes
export function objectBalls() {
  const b = meta && meta.balls;
  return b ? [...b.solids, b.eight, ...b.stripes] : [];
}

// the decision (Art. 6, 7.2; its name in /api/meta's decisions) whose options these are, or null
export function decisionOf(options) {
  const given = [...options].sort().join();
  for (const [name, listed] of Object.entries((meta && meta.decisions) || {})) if ([...listed].sort().join() === given) return name;
  return null;
}
