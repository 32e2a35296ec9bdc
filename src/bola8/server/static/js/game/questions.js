// The "lag" and "choice" modes, and the stalemate the other seat proposes: questions asked in a dialog.
// Each resolves with the action to send ({path, body}), or null when the person closed it.
import { t } from "../i18n.js";
import { el, dialog } from "../dom.js";
import { rulingBanner } from "../ruling.js";
import { choiceHint } from "../coach.js";
import { named, capital, declarationLabel } from "../names.js";

// Art. 4: the lag's stroke toward the foot cushion, and whether its winner breaks
export async function askLag(view) {
  const speed = el("input", { type: "range", min: "0.5", max: "4", step: "0.05", value: "2.0", "data-testid": "lag-speed", "aria-label": t("power") });
  const out = el("output", {}, "2.00 m/s");
  speed.addEventListener("input", () => { out.textContent = `${Number(speed.value).toFixed(2)} m/s`; });
  const breaks = el("input", { type: "checkbox", checked: true, "data-testid": "lag-breaks" });
  const who = view.players[view.to_act.seat].name;
  const go = await dialog(`${t("lag_title")} · ${who}`, el("div", {}, el("p", {}, t("lag_text")), el("label", {}, t("power"), " ", out), speed,
    el("label", { class: "check" }, breaks, t("lag_breaks"))),
  [[t("lag_go"), "lag", "primary"]], "lag-dialog");
  if (!go) return null;
  return { path: "lag", body: breaks.checked ? { speed: Number(speed.value) } : { speed: Number(speed.value), breaks: false } };
}

// Art. 6 and 7.2: the option the opponent of the breaker takes, with the ruling that gave it and
// the coach's advice
export async function askChoice(view, ruling, coach) {
  const options = (view.to_act && view.to_act.options) || [];
  const body = el("div", {}, ruling ? rulingBanner(ruling, view, { compact: true }) : null,
    view.hints === false ? null : choiceHint((level) => coach.askServer(level), coach.level.value));
  const pick = await dialog(t("choice_title"), body, options.map((o) => [capital(named("choices", o)), o, "primary", `option-${o}`]), "choice-dialog");
  return pick ? { path: "choice", body: { option: pick } } : null;
}

// Art. 21.2: the other seat (a bot before its shot, a person on his device) proposes a stalemate;
// the person here answers
export async function askProposal(proposer) {
  const answer = await dialog(declarationLabel("stalemate"), el("p", {}, t("stalemate_offered", { p: proposer })),
    [[t("stalemate_decline"), "decline", "", "proposal-decline"], [t("stalemate_accept"), "accept", "primary", "proposal-accept"]],
    "proposal-dialog");
  return { path: "proposal", body: { accept: answer === "accept" } };
}

// a declaration of the person's own (Art. 21 stalemate, or a forfeit); against a bot a stalemate
// is proposed and the server asks the bot, which may refuse (Art. 21.2); against a person on
// another device it is proposed to him
export async function askDeclare(view, what) {
  const toBot = what === "stalemate" && view.players.some((p) => p.kind !== "person");
  // a stalemate is named as the rules name it; a forfeit is the person's own: he concedes the game.
  // Between two persons apart (an invitation) a stalemate is proposed to the other, who answers on his device
  const stalemate = what === "stalemate";
  const apart = stalemate && !toBot && view.invitation;
  const other = view.to_act ? view.players[1 - view.to_act.seat].name : "";
  const text = toBot ? t("stalemate_propose") : apart ? t("stalemate_propose_person", { p: other })
    : stalemate ? t("stalemate_confirm") : t("concede_confirm");
  const ok = await dialog(stalemate ? declarationLabel(what) : t("concede"), el("p", {}, text),
    [[t("cancel"), null], [t("confirm"), what, "primary danger"]], "declare-dialog");
  return ok ? { path: "declare", body: { what } } : null;
}
