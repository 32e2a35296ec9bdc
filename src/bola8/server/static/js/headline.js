// The headline of a ruling: what happened, as a referee says it aloud - from the ruling and the state
// after it (SHOT.state_after, the referee's STATE). A game won or lost says so and by whom; an option
// the rules give a player (Art. 6, 7.2) says who chooses and between what; otherwise a foul or a legal
// shot and who shoots next, with ball in hand when it is. Never decided here: the rules' answer is
// read, only put into words.
import { t } from "./i18n.js";
import { named, capital, decisionOf } from "./names.js";

// kind: "win" | "loss" | "stalemate" | "choice" | "foul" | "legal"; label: the badge; text: the
// sentence after it. shooter: the seat that shot; names: the two players' names.
export function headline(ruling, after, shooter, names) {
  const name = (seat) => (seat !== null && seat !== undefined && names[seat] !== undefined ? names[seat] : "");
  const badge = ruling.foul ? t("foul") : t("legal");
  if (after && after.phase === "over") {
    if (after.result === "stalemate") return { kind: "stalemate", label: capital(named("declarations", "stalemate")), text: t("head_rerack") };
    const winner = after.winner;
    if (after.result === "forfeit") return { kind: "loss", label: t("head_abandoned"), text: t("head_abandoned_text", { p: name(1 - winner), w: name(winner) }) };
    if (winner === shooter) return { kind: "win", label: t("head_win"), text: t("head_win_text", { p: name(winner) }) };
    return { kind: "loss", label: ruling.foul ? t("foul") : t("head_loss"), text: t("head_loss_text", { p: name(1 - winner), w: name(winner) }) };
  }
  if (after && after.decision) {
    const d = after.decision, options = d.options || [];
    // Art. 6, 7.2: the badge names the decision (an illegal break is no foul and no legal shot either)
    const decision = decisionOf(options);
    const label = ruling.foul ? t("foul") : decision ? capital(named("decisions", decision)) : t("legal");
    return { kind: ruling.foul ? "foul" : "choice", label, text: t("head_choice", { p: name(d.player), o: options.map((o) => named("choices", o)).join(t("head_or")) }) };
  }
  const kind = ruling.foul ? "foul" : "legal";
  if (!after) return { kind, label: badge, text: ruling.turn_passes ? t("turn_passes") : t("shoots_again") };
  if (!ruling.turn_passes) return { kind, label: badge, text: t("shoots_again") };
  const next = name(after.shooter);
  const text = after.cue_ball === "in_hand" ? t("head_in_hand", { p: next })
    : after.cue_ball === "in_hand_behind_head_string" ? t("head_in_hand_kitchen", { p: next }) : t("head_next", { p: next });
  return { kind, label: badge, text };
}
