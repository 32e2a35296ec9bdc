// The strip above the table: the stroke being drawn, then its ruling (headline, every reason with
// its article); the lag's result; a tap opens every reason over the table. What it has shown, in
// order, is kept for the tests ({kind, n}).
import { t } from "../i18n.js";
import { el, clear } from "../dom.js";
import { rulingBanner } from "../ruling.js";
import { lagText } from "../hud.js";
import { pocketName } from "../names.js";

export class Banner {
  constructor() {
    this.element = el("div", { class: "banner", "data-testid": "ruling", hidden: true });
    this.shown = [];
    // one strip above the table; a tap on it (or its ▾ button, by keyboard) opens every reason over the
    // table, another folds it
    this.element.addEventListener("click", (ev) => {
      if (ev.target.closest(".more") || !ev.target.closest("button, summary, a, .article-text, input")) this.toggle();
    });
  }

  put(kind, n, node) {
    clear(this.element).append(node);
    this.element.hidden = false;
    this.toggle(false);
    this.shown.push({ kind, n });
    if (this.shown.length > 200) this.shown.shift();
  }

  // a stroke on its way across the table: who plays it and what was called
  stroke(shot, view) {
    const who = view.players[shot.seat] ? view.players[shot.seat].name : "";
    const call = shot.call ? t("call_in", { b: shot.call.ball, p: pocketName(shot.call.pocket) }) : t("call_none");
    this.put("stroke", shot.n, el("div", { class: "ruling stroke", role: "status", "aria-live": "polite", "data-testid": "stroke-banner" },
      el("div", { class: "ruling-head" }, el("strong", {}, t("shot_by", { n: shot.n, p: who })), el("span", { class: "turn" }, ` · ${t("call")}: ${call}`))));
  }

  // a stroke's ruling, headlined from the state after it
  ruling(shot, view) {
    if (!shot.ruling) return;
    this.put("ruling", shot.n, rulingBanner(shot.ruling, view, { shot, onClose: () => { this.element.hidden = true; } }));
  }

  // a game ended by a declaration, not a stroke: a forfeit (Art. 18.5, 22) or an agreed stalemate
  // (Art. 21.2) - the view's last ruling, headlined from the game's result
  declared(view, game) {
    if (!view.last_ruling) return;
    const after = { phase: "over", result: game.result, winner: game.winner, decision: null };
    const shooter = game.result === "forfeit" && game.winner !== null ? 1 - game.winner : null;
    this.put("ruling", null, rulingBanner(view.last_ruling, view, { after, shooter, onClose: () => { this.element.hidden = true; } }));
  }

  // Art. 4: each ball's distance to the head cushion, who won and who breaks
  lag(view) {
    const lag = view.lag;
    if (!lag) return;
    const words = lagText(lag, view.players);
    this.put("lag", null, el("div", { class: "ruling lag-result", role: "status", "aria-live": "polite", "data-testid": "lag-result" },
      el("div", { class: "ruling-head legal" }, el("strong", {}, t(lag.reason === "hill_hill" ? "lag_title_hill" : "lag_title")),
        el("span", {}, ` · ${words.result || t("lag_waiting")}`)),
      el("ul", { class: "reasons" }, words.strokes.map((line) => el("li", {}, line)))));
  }

  toggle(open = !this.element.classList.contains("open")) {
    this.element.classList.toggle("open", open);
    const more = this.element.querySelector(".more");
    if (more) more.setAttribute("aria-expanded", String(open));
  }

  hide() { this.element.hidden = true; }
}
