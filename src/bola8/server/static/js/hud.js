// The game's heads-up display: each player with his score, group, the balls he still has to pot
// and the tray of those he has potted; the race, the game's number, the shot clock (Art. 24) and,
// while no group is assigned, the balls pocketed so far. Read from VIEW only.
import { t } from "./i18n.js";
import { el, clear } from "./dom.js";
import { chip } from "./balls.js";
import { named, groupBalls, objectBalls } from "./names.js";
import { presenceMark } from "./presence.js";

export function botLabel(kind) {
  const level = kind.startsWith("bot:") ? kind.slice(4) : null;
  return level === null ? t("bot") : t("bot_level_n", { n: level });
}

export function renderHud(hud, v, meta) {
  const st = v.state || {};
  const groups = st.groups || null;
  const onTable = new Set(st.on_table || Object.keys(v.balls || {}).map(Number));
  const act = v.to_act;
  const card = (i) => {
    const p = v.players[i];
    const group = groups ? groups[i] : null;
    const mine = group ? groupBalls(group) : [];
    const left = mine.filter((b) => onTable.has(b));
    const potted = mine.filter((b) => !onTable.has(b));
    const onEight = group && left.length === 0;
    const known = meta && meta.bots ? meta.bots.find((b) => b.kind === p.kind) : null;
    const label = known && known.label ? known.label : botLabel(p.kind);
    const kind = p.kind === "person" || p.name === label ? "" : ` · ${label}`;
    return el("div", { class: `player${act && act.seat === i ? " active" : ""}`, "data-testid": `player-${i}` },
      el("div", { class: "name" }, presenceMark(v, i), p.name, el("small", {}, kind), v.breaker === i && st.phase === "break" ? el("span", { class: "tag", title: t("breaks") }, "▶") : null),
      el("div", { class: "score", "data-testid": `score-${i}` }, String(v.score[i])),
      el("div", { class: "group" }, group ? named("groups", group) : t("open_table"),
        el("span", { class: "chips" }, onEight ? chip(8) : left.map((b) => chip(b)))),
      el("div", { class: "tray", "data-testid": `tray-${i}`, title: t("potted") }, potted.map((b) => chip(b, { class: "chip small" }))));
  };
  // before the groups: the object balls already down, nobody's yet
  const down = groups ? [] : objectBalls().filter((b) => st.on_table && !onTable.has(b));
  const clock = el("div", { class: "clock", "data-testid": "shot-clock", hidden: true });
  const middle = el("div", { class: "middle" },
    el("div", { class: "race" }, t("race_to", { n: v.race })),
    el("div", { class: "gameno" }, v.game_number ? t("game_n", { n: v.game_number }) : t("lag_title")),
    clock,
    down.length ? el("div", { class: "tray common", "data-testid": "tray-open" }, down.map((b) => chip(b, { class: "chip small" }))) : null);
  clear(hud).append(el("a", { href: "#/", class: "logo", "data-testid": "home-link" }, "bola8"), card(0), middle, card(1));
  return clock;
}

// The lag (Art. 4) in words: each stroke's distance to the head cushion, who won, by how much, and
// who breaks (the result names both distances: a folded strip shows only that line).
export function lagText(lag, players) {
  const name = (seat) => players[seat] ? players[seat].name : String(seat);
  const strokes = lag.strokes || [];
  const far = (s) => (s.distance === null ? t("lag_lost") : t("lag_m", { d: s.distance.toFixed(2) }));
  const parts = strokes.map((s) => `${name(s.seat)}: ${s.distance === null ? t("lag_lost") : t("lag_distance", { d: s.distance.toFixed(2) })}`);
  let result = "";
  if (lag.winner !== undefined && lag.winner !== null) {
    const won = strokes.find((s) => s.seat === lag.winner), lost = strokes.find((s) => s.seat !== lag.winner);
    result = lag.coin_toss || !won || !lost ? t("lag_coin", { w: name(lag.winner), b: name(lag.breaker) })
      : t("lag_won_by", { w: name(lag.winner), dw: far(won), l: name(lost.seat), dl: far(lost), b: name(lag.breaker) });
  } else if (lag.tied) result = t("lag_tied");
  return { strokes: parts, result };
}
