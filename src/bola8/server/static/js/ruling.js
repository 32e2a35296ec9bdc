// The ruling banner: foul or legal, who shoots next, and each reason with its article; a reason
// opens to the article's full text (GET /api/articles).
import { t, lang } from "./i18n.js";
import { get } from "./api.js";
import { el } from "./dom.js";
import { chip } from "./balls.js";

const articleCache = {};

async function articles() {
  const l = lang();
  if (!articleCache[l]) articleCache[l] = get("/api/articles").catch(() => ({}));
  return articleCache[l];
}

// the article's own text, or the nearest enclosing one ("12.1.b" -> "12.1" -> "12")
async function articleText(article) {
  const all = await articles();
  let key = String(article);
  while (key) {
    if (all[key]) return all[key];
    const cut = key.lastIndexOf(".");
    if (cut < 0) break;
    key = key.slice(0, cut);
  }
  return t("no_text");
}

export function rulingBanner(ruling, view, opts = {}) {
  const shot = opts.shot;
  const who = shot && view && view.players[shot.seat] ? view.players[shot.seat].name : "";
  const head = el("div", { class: `ruling-head ${ruling.foul ? "foul" : "legal"}` },
    el("strong", { "data-testid": "ruling-title" }, ruling.foul ? t("foul") : t("legal")),
    who ? el("span", {}, ` · ${who}`) : null,
    el("span", { class: "turn" }, ` · ${ruling.turn_passes ? t("turn_passes") : t("shoots_again")}`),
    opts.onClose ? el("span", { class: "more" }, "▾") : null);
  const facts = [];
  if (shot) {
    const call = shot.call;
    facts.push(el("div", {}, `${t("call")}: `, call ? t("call_in", { b: call.ball, p: t(call.pocket) }) : t("call_none")));
    const pocketed = (shot.events || []).filter((e) => e.type === "pocket");
    if (pocketed.length) facts.push(el("div", { class: "pocketed" }, `${t("pocketed")}: `, pocketed.map((e) => el("span", { class: "pk" }, chip(e.balls[0]), ` ${t(e.pocket)} `))));
  }
  if (ruling.respotted && ruling.respotted.length) facts.push(el("div", {}, `${t("respotted")}: `, ruling.respotted.map((b) => chip(b))));
  const reasons = el("ul", { class: "reasons", "data-testid": "reasons" }, (ruling.reasons || []).map((r) => {
    const full = el("div", { class: "article-text" }, "…");
    const d = el("details", { "data-article": r.article },
      el("summary", {}, el("span", { class: "art" }, `Art. ${r.article}`), " ", r.text), full);
    d.addEventListener("toggle", async () => { if (d.open) full.textContent = await articleText(r.article); }, { once: true });
    return el("li", {}, d);
  }));
  return el("div", { class: `ruling${opts.compact ? " compact" : ""}`, role: "status", "aria-live": "polite" }, head, facts, reasons);
}
