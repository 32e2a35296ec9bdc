// The page's help: how to play with the keyboard alone, with a mouse, or by touch.
import { t } from "./i18n.js";
import { el, dialog } from "./dom.js";

export const KEYS = [
  ["← →", "key_aim"], ["Shift + ← →", "key_aim_coarse"], ["↑ ↓", "key_power"],
  ["I K J L", "key_spin"], ["O", "key_spin_centre"], ["[ ]", "key_elevation"],
  ["B", "key_ball"], ["P", "key_pocket"], ["S", "key_safety"],
  [null, "key_shoot"], ["← → ↑ ↓ · Enter", "key_place"],
  ["C", "key_hint"], ["R", "key_replay"], ["M", "key_mute"], ["H · ?", "key_help"],
];

export function showHelp() {
  const rows = KEYS.map(([keys, word]) => el("tr", {}, el("th", {}, el("kbd", {}, keys || t("keys_space"))), el("td", {}, t(word))));
  const body = el("div", { class: "help" },
    el("p", {}, t("help_intro")),
    el("table", { class: "keys", "data-testid": "help-keys" }, rows),
    el("p", { class: "hint" }, t("help_touch")));
  return dialog(t("help_title"), body, [[t("close"), "close", "primary"]], "help-dialog");
}
