// The coach in the game page: "Pista / Hint" asks the server for the searching bot's advice on the
// position (GET /api/games/{id}/hint, docs/server-api.md), shows the suggestions ranked with their
// chances and the coach's own sentence, draws the chosen one on the table (the first contact, the
// balls' paths as the stroke plays without noise, where the cue ball stops, or where to put it in
// hand) and, when tapped, hands it to the page to put on the controls (aim, power, spin,
// elevation, call) or to move the cue ball in hand, so the person shoots it or adjusts it first.
import { t, lang } from "./i18n.js";
import { get, ApiError } from "./api.js";
import { el, clear } from "./dom.js";
import { chip } from "./balls.js";
import { BALL_COLOURS } from "./table.js";
import { named, pocketName, capital } from "./names.js";

const LEVEL_KEY = "bola8.hint-level";

// the levels the server's bots have, with their names, from /api/meta (bot:<level>; the baseline bot
// is no coach): [[level, label], ...]
export function coachLevels(meta) {
  return meta.bots.filter((b) => b.kind.startsWith("bot:") && b.kind !== "bot:baseline").map((b) => [b.kind.slice(4), b.label]);
}

// A spot on the cloth as a player says it: how far from the nearer end cushion (or on the head
// string), and from the nearer long cushion unless it is on the long string - "a 20 cm de la banda de
// cabecera, en el centro". Distances are the ball's centre from the cushion nose, in whole centimetres.
export function whereOnTable(geom, x, y) {
  const cm = (d) => Math.round(100 * d);
  const along = Math.abs(y - geom.head_string_y) < 0.005 ? t("where_head_string")
    : y <= geom.length / 2 ? t("where_from", { d: cm(y), c: named("cushions", "head") })
      : t("where_from", { d: cm(geom.length - y), c: named("cushions", "foot") });
  const centre = geom.width / 2;
  const across = Math.abs(x - centre) < 0.02 ? t("where_centre")
    : x < centre ? t("where_from", { d: cm(x), c: named("cushions", "left") })
      : t("where_from", { d: cm(geom.width - x), c: named("cushions", "right") });
  return t("where_and", { a: along, b: across });
}

function pct(v) { return lang() === "es" ? `${Math.round(100 * v)} %` : `${Math.round(100 * v)}%`; }

export class CoachPanel {
  // ask(level) -> Promise of the endpoint's answer; apply(kind, suggestion, advice) puts it on the page
  // geom() -> the table the game is played on (its cushions and head string: where a spot is said to be)
  constructor(meta, { ask, apply, redraw, geom }) {
    this.askServer = ask; this.applyOnPage = apply; this.redraw = redraw; this.geom = geom;
    this.state = "idle";             // idle | asking | shown | error
    this.answer = null; this.selected = null; this.applied = null; this.token = 0;
    const levels = coachLevels(meta), known = levels.map(([level]) => level);
    // the saved level, else the second strongest: a coach that sees most of what the best one does, sooner
    const saved = localStorage.getItem(LEVEL_KEY);
    const initial = known.includes(saved) ? saved : known[Math.max(0, known.length - 2)];
    this.level = el("select", { "data-testid": "hint-level", "aria-label": t("hint_level") },
      levels.map(([level, label]) => el("option", { value: level, selected: level === initial }, label)));
    this.level.addEventListener("change", () => { localStorage.setItem(LEVEL_KEY, this.level.value); if (this.state !== "idle") this.ask(); });
    this.collapsed = false;          // on a phone the list closes once a suggestion is taken
    this.button = el("button", { type: "button", class: "small hint-button", "data-testid": "coach-ask",
      onclick: () => { if (this.state === "shown" && this.collapsed) { this.collapsed = false; this.render(); } else this.ask(); } }, t("hint"));
    this.list = el("div", { class: "coach-list", "data-testid": "hint-list" });
    this.element = el("div", { class: "coach", "data-testid": "coach" },
      el("div", { class: "row coach-row" }, this.button, el("label", { class: "inline coach-level" }, t("hint_level"), this.level)), this.list);
    this.render();
  }

  // a new position: whatever the coach said is about another one
  clear() {
    this.token += 1;
    this.state = "idle"; this.answer = null; this.selected = null; this.applied = null; this.collapsed = false;
    this.render();
  }

  async ask() {
    const token = ++this.token;
    this.state = "asking"; this.answer = null; this.selected = null; this.applied = null; this.collapsed = false;
    this.render(); this.redraw();
    let answer = null;
    try {
      answer = await this.askServer(this.level.value);
    } catch (e) {
      if (token !== this.token) return;
      this.state = "error"; this.error = e instanceof ApiError ? e.message : String(e);
      this.render(); return;
    }
    if (token !== this.token) return;       // cleared or asked again meanwhile
    if (!answer) { this.state = "error"; this.error = t("hint_moved_on"); this.render(); return; }
    this.answer = answer; this.state = "shown";
    const advice = answer.advice;
    this.selected = advice.suggestions.length ? advice.suggestions[0] : advice.safety;
    this.render(); this.redraw();
  }

  // Does the advice still hold for view v? Only after the cue ball in hand was put where the coach
  // said: the same balls, so the same suggestions, one action later.
  carries(v) {
    const a = this.answer, p = a && a.advice.placement, cue = v.balls && v.balls["0"];
    return this.state === "shown" && !!p && !!cue && a.actions === v.actions - 1 && !!v.to_act &&
      v.to_act.action === "shot" && v.to_act.seat === a.to_act.seat && Math.hypot(cue[0] - p.x, cue[1] - p.y) < 1e-4;
  }

  // the page's own checks passed: show the button (a person to act, or a bot-only match watched)
  show(can) { this.element.hidden = !can; if (!can) this.clear(); }

  pick(suggestion, kind) {
    this.selected = suggestion;
    this.applied = suggestion;
    this.collapsed = window.matchMedia("(max-width: 860px)").matches;
    this.applyOnPage(kind, suggestion, this.answer.advice);
    this.render(); this.redraw();
  }

  render() {
    const busy = this.state === "asking";
    this.button.disabled = busy;
    this.button.textContent = busy ? t("hint_thinking") : t("hint");
    this.button.classList.toggle("thinking", busy);
    this.list.hidden = this.collapsed;
    clear(this.list);
    if (this.state === "error") { this.list.append(el("p", { class: "hint coach-error", "data-testid": "hint-error" }, this.error)); return; }
    if (this.state !== "shown") return;
    const advice = this.answer.advice, words = lang();
    const items = [];
    if (advice.action === "choice" && advice.choice) {
      const c = advice.choice;
      items.push(el("button", { type: "button", class: "coach-item", "data-testid": "hint-choice", onclick: () => this.pick(c, "choice") },
        el("div", { class: "coach-head" }, el("strong", {}, `${t("hint_choose")}: ${named("choices", c.option)}`)),
        el("div", { class: "coach-text" }, c.explanation[words])));
    }
    if (advice.placement) {
      const p = advice.placement;
      // the spot is drawn on the table (a blue ring) and said as a player says it, never as coordinates
      items.push(el("button", { type: "button", class: "coach-item", "data-testid": "hint-place", onclick: () => this.pick(p, "place") },
        el("div", { class: "coach-head" }, chip(0), el("strong", {}, t("hint_place"))),
        el("div", { class: "coach-text", "data-testid": "hint-place-where" }, t("hint_place_text", { w: capital(whereOnTable(this.geom(), p.x, p.y)) }))));
    }
    for (const s of advice.suggestions) items.push(this.item(s, s.kind === "break" ? "break" : "shot"));
    if (advice.safety) items.push(this.item(advice.safety, "safety"));
    if (!items.length) items.push(el("p", { class: "hint" }, t("hint_nothing")));
    const best = advice.best === "safety" ? t("hint_best_safety") : null;
    this.list.append(el("p", { class: "hint coach-note" }, best ? `${best} ` : "", t("hint_tap")), ...items);
  }

  item(s, kind) {
    const words = lang();
    const head = kind === "break" ? [el("strong", {}, t("hint_break"))]
      : kind === "safety" ? [el("strong", {}, t("hint_safety")), s.first_contact !== null && s.first_contact !== undefined ? chip(s.first_contact) : null,
        s.cushion ? el("span", { class: "coach-kind" }, t("hint_safety_kick", { c: named("cushions", s.cushion) })) : null,
        s.call ? el("span", { class: "coach-kind" }, t("hint_two_way", { ball: s.call.ball, pocket: pocketName(s.call.pocket) })) : null]
        : [el("strong", {}, `${s.rank}.`), chip(s.call.ball), el("strong", {}, `→ ${pocketName(s.call.pocket)}`),
          el("span", { class: "coach-kind" }, named("shot_kinds", s.kind), s.cushion ? ` (${t("hint_cushion", { c: named("cushions", s.cushion) })})` : "")];
    const chances = kind === "break" ? (s.chance_keep_table === null || s.chance_keep_table === undefined ? [] : [t("hint_keeps", { p: pct(s.chance_keep_table) })])
      : kind === "safety" ? [t("hint_leaves", { p: pct(s.chance_opponent || 0) }), t("hint_foul", { p: pct(s.chance_foul) })]
        : [t("hint_pot", { p: pct(s.chance_pot) }), t("hint_shape", { p: pct(s.chance_shape) })];
    const on = this.selected === s, applied = this.applied === s;
    return el("button", { type: "button", class: `coach-item${on ? " drawn" : ""}${applied ? " applied" : ""}`,
      "data-testid": kind === "safety" ? "hint-safety" : `hint-${s.rank}`, "aria-pressed": String(applied),
      onclick: () => this.pick(s, kind) },
    el("div", { class: "coach-head" }, ...head),
    el("div", { class: "coach-chances" }, chances.join(" · ")),
    el("div", { class: "coach-text" }, s.explanation[words]));
  }

  // under the balls: the paths of the chosen stroke as the simulator plays it without noise
  drawUnder(tv) {
    const s = this.selected, preview = s && s.preview;
    if (this.state !== "shown" || !preview) return;
    const ctx = tv.ctx;
    ctx.save();
    ctx.lineWidth = 3; ctx.lineJoin = "round"; ctx.lineCap = "round"; ctx.globalAlpha = 0.85;
    for (const [k, points] of Object.entries(preview.paths || {})) {
      if (points.length < 2) continue;
      const n = Number(k);
      ctx.strokeStyle = n === 0 ? "#7fe3ff" : BALL_COLOURS[n] || "#ffd84a";
      ctx.setLineDash(n === 0 ? [8, 5] : []);
      ctx.beginPath();
      points.forEach(([x, y], i) => { const [px, py] = tv.toPx(x, y); if (i === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py); });
      ctx.stroke();
    }
    ctx.restore();
  }

  // over the balls: the ghost ball, where the cue ball stops, where to put the cue ball in hand
  drawOver(tv, placing) {
    if (this.state !== "shown") return;
    const ctx = tv.ctx, r = tv.geom.ball_radius * tv.scale;
    const ring = (x, y, colour, dash) => {
      const [px, py] = tv.toPx(x, y);
      ctx.save(); ctx.strokeStyle = colour; ctx.lineWidth = 2.5; ctx.setLineDash(dash);
      ctx.beginPath(); ctx.arc(px, py, r, 0, 2 * Math.PI); ctx.stroke(); ctx.restore();
    };
    const p = this.answer.advice.placement;
    if (p && placing) ring(p.x, p.y, "#7fe3ff", [4, 3]);
    const preview = this.selected && this.selected.preview;
    if (!preview) return;
    if (preview.ghost) ring(preview.ghost[0], preview.ghost[1], "rgba(127,227,255,0.95)", []);
    if (preview.cue_ball_final) ring(preview.cue_ball_final[0], preview.cue_ball_final[1], "#7fe3ff", [3, 3]);
  }
}

// The coach in the choice dialog (Art. 6, 7.2: accept the table or break again, spot the 8 or rack
// again): the option it takes, with each option's chance to win, and that option's button marked.
export function choiceHint(ask, level) {
  const text = el("p", { class: "hint coach-text", "data-testid": "hint-choice-text" });
  const button = el("button", { type: "button", class: "small hint-button", "data-testid": "coach-ask" }, t("hint"));
  button.addEventListener("click", async () => {
    button.disabled = true; button.textContent = t("hint_thinking");
    try {
      const res = await ask(level);
      const c = res && res.advice.choice;
      text.textContent = c ? c.explanation[lang()] : t("hint_moved_on");
      const dlg = button.closest("dialog");
      const target = c && dlg ? dlg.querySelector(`[data-testid=option-${c.option}]`) : null;
      if (target) target.classList.add("suggested");
    } catch (e) {
      text.textContent = e instanceof ApiError ? e.message : String(e);
    } finally { button.disabled = false; button.textContent = t("hint"); }
  });
  return el("div", { class: "coach coach-choice" }, button, text);
}
