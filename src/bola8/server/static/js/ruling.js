// The ruling banner: foul or legal, who shoots next, and each reason with its article; a reason
// opens to the article's full text (GET /api/articles: the reglamento's words in Spanish, the
// project's reading in English), the paragraph it cites marked. Opened, it is the "why" panel.
import { t, lang } from "./i18n.js";
import { get } from "./api.js";
import { el } from "./dom.js";
import { chip } from "./balls.js";
import { headline } from "./headline.js";
import { pocketName } from "./names.js";

const articleCache = {};

function articles() {
  const l = lang();
  if (!articleCache[l]) {
    articleCache[l] = get("/api/articles").catch(() => { delete articleCache[l]; return null; });
  }
  return articleCache[l];
}

// The article a citation ("12.1.b") points at, drawn with the cited paragraph marked; the server
// says where each citation points (there are two articles 12 and two 18).
export async function articleBox(citation) {
  const all = await articles();
  const where = all && all.citations ? all.citations[citation] : null;
  const article = where ? all.articles.find((a) => a.id === where.article) : null;
  if (!article) return el("div", { class: "article-text" }, t("no_text"));
  const cited = where.ref;
  return el("div", { class: "article-text", "data-testid": "article-text" },
    el("div", { class: "article-title" }, `Art. ${article.number} · ${article.title}`),
    article.paragraphs.map((p) => el("p", { class: p.ref && (p.ref === cited || cited.startsWith(`${p.ref}.`)) ? "cited" : "" },
      p.ref ? el("span", { class: "ref" }, `${p.ref} `) : null, p.text)));
}

export function reasonItem(r) {
  const full = el("div", { class: "article-slot" });
  const d = el("details", { "data-article": r.article },
    el("summary", {}, el("span", { class: "art" }, `Art. ${r.article}`), " ", r.text), full);
  d.addEventListener("toggle", async () => { if (d.open && !full.firstChild) full.append(await articleBox(r.article)); });
  return el("li", {}, d);
}

// opts: shot (the SHOT: its seat, call, pocketed balls and state_after), or shooter and after (the
// seat that shot and the STATE after the ruling) for a ruling without a SHOT;
// compact; onClose (the strip folds and opens)
export function rulingBanner(ruling, view, opts = {}) {
  const shot = opts.shot;
  const shooter = opts.shooter !== undefined ? opts.shooter : shot ? shot.seat : null;
  const after = opts.after !== undefined ? opts.after : shot ? shot.state_after || null : null;
  const names = view ? view.players.map((p) => (typeof p === "string" ? p : p.name)) : [];
  const h = headline(ruling, after, shooter, names);
  const who = ["foul", "legal", "choice"].includes(h.kind) && shooter !== null && names[shooter] ? names[shooter] : "";
  const head = el("div", { class: `ruling-head ${h.kind}`, "data-testid": "ruling-head" },
    el("strong", { "data-testid": "ruling-title" }, h.label),
    who ? el("span", {}, ` · ${who}`) : null,
    el("span", { class: "turn", "data-testid": "ruling-turn" }, ` · ${h.text}`),
    opts.onClose ? el("button", { type: "button", class: "more", "data-testid": "ruling-more", "aria-expanded": "false",
      "aria-label": t("ruling_open") }, "▾") : null);
  const facts = [];
  if (shot) {
    const call = shot.call;
    facts.push(el("div", {}, `${t("call")}: `, call ? t("call_in", { b: call.ball, p: pocketName(call.pocket) }) : t("call_none")));
    const pocketed = (shot.events || []).filter((e) => e.type === "pocket");
    if (pocketed.length) facts.push(el("div", { class: "pocketed" }, `${t("pocketed")}: `, pocketed.map((e) => el("span", { class: "pk" }, chip(e.balls[0]), ` ${pocketName(e.pocket)} `))));
  }
  if (ruling.respotted && ruling.respotted.length) facts.push(el("div", {}, `${t("respotted")}: `, ruling.respotted.map((b) => chip(b))));
  const reasons = el("ul", { class: "reasons", "data-testid": "reasons" }, (ruling.reasons || []).map(reasonItem));
  return el("div", { class: `ruling${opts.compact ? " compact" : ""}`, role: "status", "aria-live": "polite" }, head, facts, reasons);
}

// every reason open at once, each with its article: the referee's "why" panel
export function openAllReasons(box) {
  for (const d of box.querySelectorAll("details[data-article]")) d.open = true;
}
