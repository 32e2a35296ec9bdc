// The referee assistant for a REAL table: the person keeping the match taps what happened in each
// shot (the call, the first ball hit, each pocketed ball and its pocket, ...) and the server's
// referee answers the ruling, with every reason and article, and who shoots next.
//
// The common shot takes three taps: the called ball, its pocket, "went in as called". On a phone the
// table is drawn across the screen's width, so the facts and the buttons to record them stay in view
// below it; the buttons and the shot clock keep to the bottom of the screen.
import { t, lang } from "../i18n.js";
import { get, post, saveTableToken, tableToken, ApiError } from "../api.js";
import { el, clear, toast, dialog } from "../dom.js";
import { TableView, tableGeometry } from "../table.js";
import { chip } from "../balls.js";
import { rulingBanner } from "../ruling.js";
import { headline } from "../headline.js";
import { ballAt, pocketReach, drawDiagram, slots, tapRadius } from "./diagram.js";
import { RefereeClock } from "./clock.js";
import { named, capital, articleOf, pocketName, members, objectBalls, declarationLabel } from "../names.js";

export function emptyFacts() {
  return { call: null, first_contact: null, pocketed: [], off_table: [], rail_after_contact: false,
    object_balls_to_rail: 0, illegal_first_contact_behind_head_string: false, referee_fouls: [] };
}

// facts as the server stored them (an undone shot's), back into the form
function factsFrom(entered) {
  const f = { ...emptyFacts(), ...entered };
  return { ...f, pocketed: [...(f.pocketed || [])], off_table: [...(f.off_table || [])], referee_fouls: [...(f.referee_fouls || [])] };
}

function nothingEntered(f) { return JSON.stringify(f) === JSON.stringify(emptyFacts()); }

// `opts.token`: the table's token when the caller holds it (a tournament's table number, whose token is
// good for every match played there) rather than this browser's storage; `opts.context`: an element
// shown at the top of the screen (the tournament's "Mesa 3 · Semifinal · Ana – Luis, a 3").
export async function showReferee(root, meta, hooks, id, go, opts = {}) {
  if (!id) return setup(root, meta, go);
  const token = opts.token || tableToken(id);
  let view = await get(`/api/tables/${encodeURIComponent(id)}`);
  // a real table of any size is drawn as the match's default one: the diagram only places the taps
  const geom = tableGeometry({ name: meta.defaults.table }, meta);
  const s = { tool: "call", pending: null, facts: emptyFacts(), busy: false, whyTimer: null, whyAsked: 0, previews: 0, previewing: null,
    cursor: null };            // the ball or pocket the keyboard is on: {ball} or {pocket}

  const canvas = el("canvas", { "data-testid": "table", tabindex: "0", "aria-label": t("ref_table_label") });
  const said = el("span", { class: "sr-only", "aria-live": "polite", "data-testid": "table-said" });
  const box = el("div", { class: "table-box" }, canvas, said);
  const hud = el("header", { class: "hud", "data-testid": "hud" });
  const next = el("div", { class: "status", "data-testid": "next", "aria-live": "polite" });
  const bannerBox = el("div", { class: "ref-ruling", "data-testid": "ruling" });
  const entry = el("div", { class: "entry" });
  const rulingsList = el("ol", { class: "history", "data-testid": "rulings" });
  const undoBtn = el("button", { type: "button", "data-testid": "undo", onclick: () => undo() }, t("ref_undo"));
  const exportBtn = el("button", { type: "button", "data-testid": "export", onclick: () => exportRecord() }, t("ref_export"));
  const whyBox = el("div", { class: "box why", "data-testid": "why", hidden: true });
  const officials = el("details", { class: "box officials", "data-testid": "officials" });
  const summary = el("div", { class: "box ref-summary", "data-testid": "match-summary", hidden: true });
  const clock = new RefereeClock();
  const asCalled = el("button", { type: "button", class: "big", "data-testid": "as-called", onclick: () => wentInAsCalled() }, t("ref_as_called"));
  const judgeBtn = el("button", { type: "button", class: "primary big", "data-testid": "judge", onclick: () => judge() }, t("ref_record"));
  const actions = el("div", { class: "ref-actions", "data-testid": "ref-actions" }, clock.element, el("div", { class: "row" }, asCalled, judgeBtn));
  const panel = el("aside", { class: "panel" }, next, summary, entry, actions, bannerBox, whyBox, el("div", { class: "row" }, undoBtn, exportBtn), officials,
    el("details", { class: "box", open: true }, el("summary", {}, t("ref_rulings")), rulingsList),
    token ? null : el("p", { class: "hint" }, t("token_missing")));
  clear(root).append(el("div", { class: "game referee" }, hud, el("main", { class: "board" }, el("h1", { class: "sr-only" }, t("referee")), box), panel));
  const tv = new TableView(canvas, geom);
  const onResize = () => { tv.resize(); draw(); };
  window.addEventListener("resize", onResize);
  const observer = new ResizeObserver(() => onResize());
  observer.observe(box);
  // A preview that arrives while a finger (or the mouse button) is down in the why box waits for the
  // release: redrawn between the press and the release, the box would swallow the tap, since a click is
  // delivered only when both land on the same element. It is drawn once the tap's click has done its work
  // (a reason opened stays open), or shortly after a release that made no click.
  const why = { drawn: null, pressed: false, held: null, flushTimer: null };
  whyBox.addEventListener("pointerdown", () => { why.pressed = true; clearTimeout(why.flushTimer); });
  const releaseWhy = () => {
    if (!why.pressed) return;
    why.pressed = false;
    why.flushTimer = setTimeout(flushWhy, 300);
  };
  whyBox.addEventListener("click", () => { clearTimeout(why.flushTimer); why.flushTimer = setTimeout(flushWhy, 0); });
  window.addEventListener("pointerup", releaseWhy);
  window.addEventListener("pointercancel", releaseWhy);
  hooks.onLeave(() => {
    window.removeEventListener("resize", onResize); window.removeEventListener("pointerup", releaseWhy);
    window.removeEventListener("pointercancel", releaseWhy);
    observer.disconnect(); clock.stop(); clearTimeout(s.whyTimer); clearTimeout(why.flushTimer);
  });
  hooks.expose({
    get view() { return view; }, get facts() { return s.facts; }, get tool() { return s.tool; },
    // previews asked of the server (none is asked when no shot can be entered)
    get previews() { return s.previews; },
    ballClient(n) { const p = slots(geom)[n]; const r = canvas.getBoundingClientRect(); const [px, py] = tv.toPx(p[0], p[1]); return [r.left + px, r.top + py]; },
    pocketClient(name) { const p = geom.pockets[name]; const r = canvas.getBoundingClientRect(); const [px, py] = tv.toPx(p.hole[0], p.hole[1]); return [r.left + px, r.top + py]; },
    // the radius, in CSS pixels, at which a ball is drawn and can be tapped
    tapRadiusPx() { return tv.scale * tapRadius(geom, tv.scale); },
  });

  function st() { return view.state || {}; }
  function names() { return view.players.map((p) => (typeof p === "string" ? p : p.name)); }
  function onTable() { return (st().on_table || objectBalls()).filter((n) => n !== 0); }
  function over() { return view.to_act === null && view.winner !== null && view.winner !== undefined; }
  function shotDue() { return !!token && !!view.to_act && view.to_act.action === "shot"; }

  function draw() {
    drawDiagram(tv, geom, onTable(), s.facts, s.pending);
    if (s.cursor && document.activeElement === canvas) {
      const c = s.cursor, at = c.pocket ? geom.pockets[c.pocket].hole : slots(geom)[c.ball];
      const [px, py] = tv.toPx(at[0], at[1]), r = (c.pocket ? pocketReach(tv.scale) : tapRadius(geom, tv.scale)) * tv.scale + 4;
      const ctx = tv.ctx;
      ctx.save(); ctx.strokeStyle = "#fff"; ctx.lineWidth = 2.5; ctx.setLineDash([5, 4]);
      ctx.beginPath(); ctx.arc(px, py, r, 0, 2 * Math.PI); ctx.stroke(); ctx.restore();
    }
  }

  function renderHud() {
    const sc = view.score || [0, 0], players = names(), groups = st().groups, shooter = st().shooter;
    const lag = view.to_act && view.to_act.action === "lag";
    const card = (i) => el("div", { class: `player${shooter === i && st().phase !== "over" && !lag ? " active" : ""}`, "data-testid": `player-${i}` },
      el("div", { class: "name" }, players[i]), el("div", { class: "score", "data-testid": `score-${i}` }, String(sc[i])),
      el("div", { class: "group" }, groups ? named("groups", groups[i]) : t("open_table")));
    const middle = el("div", { class: "middle" }, el("div", { class: "race" }, t("race_to", { n: view.race })),
      el("div", { class: "gameno" }, lag ? t(lagWord()) : t("game_n", { n: view.game_number || 1 })));
    // a table with no caller's line has no context: nothing is put in its place (append writes null as "null")
    clear(hud).append(...[el("a", { href: "#/", class: "logo" }, "bola8"), opts.context, card(0), middle, card(1)].filter(Boolean));
  }

  // Art. 4.1 opens the match; Art. 4.2 the deciding game at hill-hill
  function lagWord() { return view.to_act && view.to_act.reason === "hill_hill" ? "lag_title_hill" : "lag_title"; }

  function nextText() {
    const players = names(), act = view.to_act;
    if (over()) return t("match_won", { p: players[view.winner], a: view.score[view.winner], b: view.score[1 - view.winner] });
    if (act && act.action === "lag") return act.reason === "hill_hill" ? t("ref_lag_hill", { n: view.score[0] }) : t("ref_lag_first");
    const d = st().decision;
    if (d) return t("ref_next_choice", { p: players[d.player] });
    const p = players[st().shooter || 0];
    if (st().cue_ball === "in_hand") return t("ref_next_bih", { p });
    if (st().cue_ball === "in_hand_behind_head_string") return t("ref_next_bih_kitchen", { p });
    return t("ref_next", { p });
  }

  // the match's end: each game's result, and the final score
  function renderSummary() {
    summary.hidden = !over();
    if (summary.hidden) return;
    const players = names();
    const games = (view.rulings || []).filter((r) => r.state && r.state.phase === "over").map((r) => {
      const s2 = r.state;
      const what = s2.result === "stalemate" ? named("declarations", "stalemate") : t("ref_game_won", { p: players[s2.winner] });
      return el("li", {}, `${t("game_n", { n: r.game_number })}: ${what}`);
    });
    if (view.result === "disqualification") games.push(el("li", {}, t("disqualified_player", { p: players[1 - view.winner] })));
    clear(summary).append(el("h2", { class: "box-title" }, t("game_over")), el("p", { class: "final" }, nextText()), el("ol", { class: "plain" }, games));
  }

  function renderEntry() {
    clear(entry);
    const due = shotDue();
    actions.hidden = !due;
    if (!token || over()) { hideWhy(); return; }
    const players = names();
    if (view.to_act.action === "lag") {
      hideWhy();
      const pick = (name) => el("select", { "data-testid": `lag-${name}`, "aria-label": t(name === "winner" ? "ref_lag_winner" : "ref_breaks") },
        players.map((p, i) => el("option", { value: String(i) }, p)));
      const winner = pick("winner"), breaks = pick("breaks");
      entry.append(el("div", { class: "box" }, el("h2", { class: "box-title" }, t("ref_lag_question")),
        el("label", {}, t("ref_lag_winner"), winner), el("label", {}, t("ref_breaks"), breaks),
        el("button", { type: "button", class: "primary", "data-testid": "lag-go", onclick: () => send("lag", { winner: Number(winner.value), breaks: Number(breaks.value) }) }, t("confirm"))));
      return;
    }
    const d = st().decision;
    if (d) {
      hideWhy();
      entry.append(el("div", { class: "box" }, el("h2", { class: "box-title" }, t("ref_next_choice", { p: players[d.player] })),
        el("div", { class: "buttons" }, d.options.map((o) => el("button", { type: "button", class: "primary", "data-testid": `option-${o}`, onclick: () => send("choice", { option: o }) }, capital(named("choices", o)))))));
      return;
    }
    const f = s.facts;
    const tool = (name, label) => el("button", { type: "button", class: s.tool === name ? "on" : "", "aria-pressed": String(s.tool === name), "data-testid": `tool-${name}`,
      onclick: () => { s.tool = name; s.pending = null; renderEntry(); draw(); } }, label);
    const callText = f.call ? t("call_in", { b: f.call.ball, p: pocketName(f.call.pocket) }) : t("call_none");
    const firstText = f.first_contact === null ? t("ref_first_none") : String(f.first_contact);
    const pk = f.pocketed.map((p, i) => el("button", { type: "button", class: "pk small", "aria-label": t("ref_remove", { b: p.ball }),
      onclick: () => { f.pocketed.splice(i, 1); renderEntry(); draw(); } }, chip(p.ball), ` ${pocketName(p.pocket)} ×`));
    const check = (key, label, testid) => {
      const c = el("input", { type: "checkbox", "data-testid": testid, checked: f[key] });
      c.addEventListener("change", () => { f[key] = c.checked; askWhy(); });
      return el("label", { class: "check" }, c, label);
    };
    const isBreak = st().phase === "break";
    const toRail = el("input", { type: "number", min: "0", max: "15", value: String(f.object_balls_to_rail), "data-testid": "to-rail" });
    toRail.addEventListener("input", () => { f.object_balls_to_rail = Math.max(0, Math.min(15, Number(toRail.value) || 0)); askWhy(); });
    const fouls = members("referee_fouls").map((code) => {
      const c = el("input", { type: "checkbox", "data-testid": `foul-${code}`, checked: f.referee_fouls.includes(code) });
      c.addEventListener("change", () => { f.referee_fouls = c.checked ? [...f.referee_fouls, code] : f.referee_fouls.filter((x) => x !== code); askWhy(); });
      return el("label", { class: "check" }, c, `${capital(named("referee_fouls", code))} (Art. ${articleOf("referee_fouls", code)})`);
    });
    const hintText = s.pending !== null ? t("ref_tap_pocket_for", { b: s.pending === 0 ? t("cue_ball") : s.pending })
      : { call: t("ref_step_call"), first: t("ref_step_first"), pocketed: t("ref_step_pocketed"), off: t("ref_off_table") }[s.tool];
    entry.append(el("div", { class: "box" },
      el("div", { class: "seg tools", role: "group", "aria-label": t("ref_tools") }, tool("call", t("call")), tool("first", t("tool_first")), tool("pocketed", t("pocketed")), tool("off", t("tool_off"))),
      el("p", { class: "hint", "data-testid": "ref-hint", "aria-live": "polite" }, hintText),
      el("div", { class: "facts" },
        el("div", {}, el("strong", {}, `${t("call")}: `), callText, " ", el("button", { type: "button", class: "small", "data-testid": "call-none", onclick: () => { f.call = null; renderEntry(); draw(); } }, t("call_none"))),
        el("div", {}, el("strong", {}, `${t("tool_first")}: `), firstText, " ", el("button", { type: "button", class: "small", "data-testid": "first-none", onclick: () => { f.first_contact = null; renderEntry(); draw(); } }, t("ref_first_none"))),
        el("div", { "data-testid": "pocketed-list" }, el("strong", {}, `${t("pocketed")}: `), pk.length ? pk : t("none")),
        el("div", {}, el("strong", {}, `${t("ref_off_table")}: `), f.off_table.length ? f.off_table.map((b) => chip(b)) : t("none"))),
      check("rail_after_contact", t("ref_rail"), "rail"),
      isBreak ? el("label", {}, t("ref_to_rail"), toRail) : null,
      st().cue_ball === "in_hand_behind_head_string" && !isBreak ? check("illegal_first_contact_behind_head_string", t("ref_head_string"), "head-string") : null,
      el("details", {}, el("summary", {}, t("ref_fouls")), fouls),
      el("div", { class: "row" },
        el("button", { type: "button", class: "small", "data-testid": "clear-shot", onclick: () => { s.facts = emptyFacts(); s.tool = "call"; s.pending = null; renderEntry(); draw(); } }, t("ref_clear")))));
    asCalled.disabled = s.busy || !f.call;
    judgeBtn.disabled = s.busy;
    askWhy();
  }

  // ---- why and what if: the ruling the facts entered so far would get, and with each doubtful
  // fact the other way - asked of the server's referee, never decided here. Nothing is asked before
  // a fact is entered (an empty shot would preview a foul beside the ruling just recorded) or when
  // no shot can be entered (the lag, a choice, the match's end).
  function askWhy() {
    clearTimeout(s.whyTimer);
    if (!shotDue() || st().decision || nothingEntered(s.facts)) { hideWhy(); s.whyAsked += 1; return; }
    s.whyTimer = setTimeout(async () => {
      const asked = ++s.whyAsked;
      if (s.busy) return;
      if (!shotDue() || nothingEntered(s.facts)) { hideWhy(); return; }
      let answer;
      s.previews += 1;
      const asking = post(`/api/tables/${encodeURIComponent(id)}/preview`, shotBody());
      s.previewing = asking.catch(() => null);
      try { answer = await asking; } catch (e) {
        // facts that cannot go together: the referee's sentence says which, beside them
        if (asked === s.whyAsked && e instanceof ApiError && e.status === 422) {
          why.held = null; why.drawn = null;
          clear(whyBox).append(el("p", { class: "coach-error", role: "alert", "data-testid": "why-refused" }, e.message));
          whyBox.hidden = false;
        } else if (asked === s.whyAsked) hideWhy();
        return;
      }
      if (asked !== s.whyAsked) return;
      renderWhy(answer);
    }, 120);
  }

  // the box hidden: a preview held for a release is stale by then
  function hideWhy() { whyBox.hidden = true; why.held = null; }

  function flushWhy() {
    if (why.pressed || !why.held) return;
    const answer = why.held;
    why.held = null;
    renderWhy(answer);
  }

  function renderWhy(answer) {
    if (why.pressed) { why.held = answer; return; }
    // the same answer already shown is not drawn again: nothing under the referee's finger moves
    const key = `${lang()} ${JSON.stringify(answer)}`;
    if (key === why.drawn && !whyBox.hidden) return;
    why.drawn = key;
    const shooter = st().shooter;
    const variants = answer.what_if.map((v) => {
      const h = headline(v.ruling, v.state || null, shooter, names());
      const outcome = v.same ? t("whatif_same") : `${h.label} · ${h.text} · ${(v.ruling.reasons || []).map((x) => `Art. ${x.article}`).join(", ")}`;
      return el("li", { class: v.same ? "same" : "differs", "data-testid": `whatif-${v.fact}` },
        el("span", { class: "if" }, whatIfLabel(v.fact, v.value)), " → ", el("strong", {}, outcome), " ",
        el("button", { type: "button", class: "small", "data-testid": `whatif-apply-${v.fact}`, onclick: () => applyFact(v.fact, v.value) }, t("whatif_apply")));
    });
    // the reasons the referee opened stay open when a newer preview redraws the box
    const opened = [...whyBox.querySelectorAll("details")].map((d) => d.open);
    clear(whyBox).append(el("h2", { class: "box-title" }, t("ref_why")),
      rulingBanner(answer.ruling, view, { compact: true, after: answer.state || null, shooter }),
      el("h2", { class: "box-title" }, t("ref_whatif")), el("ul", { class: "whatif" }, variants));
    whyBox.querySelectorAll("details").forEach((d, i) => { if (opened[i]) d.open = true; });
    whyBox.hidden = false;
  }

  function whatIfLabel(fact, value) {
    if (fact === "object_balls_to_rail") return t("whatif_to_rail", { n: value });
    const key = { rail_after_contact: "whatif_rail", illegal_first_contact_behind_head_string: "whatif_kitchen", "referee_fouls.touched_ball": "whatif_touched" }[fact];
    return key ? t(`${key}_${value ? "yes" : "no"}`) : `${fact} = ${value}`;
  }

  function applyFact(fact, value) {
    const f = s.facts;
    if (fact.startsWith("referee_fouls.")) {
      const code = fact.slice("referee_fouls.".length);
      f.referee_fouls = value ? [...new Set([...f.referee_fouls, code])] : f.referee_fouls.filter((x) => x !== code);
    } else f[fact] = value;
    renderEntry(); draw();
  }

  // ---- the officials: a warning for slow play (Art. 24), a disqualification (Art. 22)
  function renderOfficials() {
    const players = names();
    const warned = new Set(view.warned || []);
    clear(officials).append(el("summary", {}, t("officials")),
      ...players.map((p, i) => el("div", { class: "row" },
        el("button", { type: "button", class: "small", "data-testid": `warn-${i}`, disabled: !token || over() || warned.has(i),
          onclick: () => send("warn", { player: i }) }, warned.has(i) ? t("warned_player", { p }) : t("warn_player", { p })),
        el("button", { type: "button", class: "small danger", "data-testid": `disqualify-${i}`, disabled: !token || over(),
          onclick: async () => {
            const ok = await dialog(t("disqualify_player", { p }), el("p", {}, t("disqualify_confirm", { p })), [[t("cancel"), null], [t("confirm"), "yes", "primary danger"]], "disqualify-dialog");
            if (ok) send("disqualify", { player: i });
          } }, t("disqualify_player", { p })),
        // a game lost without a shot: a player concedes it, or a repeated intentional foul after a warning (Art. 18)
        el("button", { type: "button", class: "small danger", "data-testid": `forfeit-${i}`, disabled: !shotDue(),
          onclick: async () => {
            const ok = await dialog(t("ref_forfeit", { p }), el("p", {}, t("ref_forfeit_confirm", { p })), [[t("cancel"), null], [t("confirm"), "yes", "primary danger"]], "forfeit-dialog");
            if (ok) send("declare", { what: "forfeit", player: i });
          } }, t("ref_forfeit", { p })))),
      el("div", { class: "row" }, el("button", { type: "button", class: "small", "data-testid": "stalemate", disabled: !shotDue(),
        onclick: async () => {
          const ok = await dialog(declarationLabel("stalemate"), el("p", {}, t("stalemate_confirm")), [[t("cancel"), null], [t("confirm"), "yes", "primary"]], "stalemate-dialog");
          if (ok) send("declare", { what: "stalemate" });
        } }, declarationLabel("stalemate"))));
  }

  // ---- taps on the table: the tool decides what a ball or a pocket means
  canvas.addEventListener("pointerup", (ev) => {
    if (!shotDue() || st().decision) return;
    const [x, y] = tv.eventToWorld(ev);
    tap(ballAt(geom, tv.scale, [0, ...onTable()], x, y), tv.pocketAt(x, y, pocketReach(tv.scale)));
  });

  // by keyboard: the arrows go from ball to ball and pocket to pocket, Enter or Space taps it
  canvas.addEventListener("keydown", (ev) => {
    if (!shotDue() || st().decision) return;
    const targets = [...[0, ...onTable()].map((ball) => ({ ball })), ...Object.keys(geom.pockets).map((pocket) => ({ pocket }))];
    const now = s.cursor ? targets.findIndex((x) => x.ball === s.cursor.ball && x.pocket === s.cursor.pocket) : -1;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
    if (step !== undefined) {
      s.cursor = targets[(now + step + targets.length) % targets.length];
      said.textContent = s.cursor.pocket ? pocketName(s.cursor.pocket) : s.cursor.ball === 0 ? t("cue_ball") : t("ball_n", { n: s.cursor.ball });
      draw(); ev.preventDefault();
    } else if ((ev.key === "Enter" || ev.key === " ") && s.cursor) {
      tap(s.cursor.ball === undefined ? null : s.cursor.ball, s.cursor.pocket || null); ev.preventDefault();
    }
  });
  canvas.addEventListener("blur", () => draw());

  // a call the referee would refuse, said at the tap instead of as a refused preview: the break is never
  // called (Art. 2.1); otherwise only the balls the view lists as callable (Art. 2.5, rules.callable_balls)
  function callRefused(ball) {
    if (st().phase === "break") return t("ref_break_uncalled");
    if (st().phase === "play" && !(view.callable || []).includes(ball)) return t("ref_not_callable", { b: ball, list: (view.callable || []).join(", ") });
    return null;
  }

  function tap(ball, pocket) {
    const f = s.facts;
    if (s.tool === "call") {
      const refused = ball !== null && ball !== 0 ? callRefused(ball) : null;
      if (refused) toast(refused, "info");
      else if (ball !== null && ball !== 0) s.pending = ball;
      else if (pocket && s.pending !== null) { f.call = { ball: s.pending, pocket }; s.pending = null; s.tool = "first"; }
    } else if (s.tool === "first") {
      if (ball !== null && ball !== 0) { f.first_contact = ball; s.tool = "pocketed"; }
    } else if (s.tool === "pocketed") {
      if (ball !== null && !f.pocketed.some((p) => p.ball === ball)) s.pending = ball;
      else if (pocket && s.pending !== null) { f.pocketed.push({ ball: s.pending, pocket }); s.pending = null; }
    } else if (s.tool === "off") {
      if (ball !== null) f.off_table = f.off_table.includes(ball) ? f.off_table.filter((b) => b !== ball) : [...f.off_table, ball];
    }
    renderEntry(); draw();
  }

  async function send(path, body) {
    if (s.busy) return null;
    s.busy = true; asCalled.disabled = judgeBtn.disabled = true;
    clearTimeout(s.whyTimer); s.whyAsked += 1;          // a preview of facts being recorded would come late
    // a preview already on its way is answered first: sent after it, the shot recorded would make the server
    // judge the preview's facts on the next shot's table (and refuse them)
    if (s.previewing) await s.previewing;
    try {
      const res = await post(`/api/tables/${encodeURIComponent(id)}/${path}`, body, token);
      view = res.view || res;
      if (res.ruling) showRuling(res.ruling, res.state || null, view.rulings[view.rulings.length - 1].player);
      refresh();
      return res;
    } catch (e) {
      toast(e instanceof ApiError ? e.message : String(e), "error");
      return null;
    } finally { s.busy = false; renderEntry(); }
  }

  function shotBody() {
    const f = s.facts;
    const shot = { call: f.call, first_contact: f.first_contact, pocketed: f.pocketed, off_table: f.off_table,
      rail_after_contact: f.rail_after_contact, referee_fouls: f.referee_fouls };
    if (st().phase === "break") shot.object_balls_to_rail = f.object_balls_to_rail;
    if (st().cue_ball === "in_hand_behind_head_string" && st().phase !== "break") shot.illegal_first_contact_behind_head_string = f.illegal_first_contact_behind_head_string;
    return shot;
  }

  async function judge() {
    const res = await send("shot", shotBody());
    if (res) {
      s.facts = emptyFacts(); s.tool = "call"; s.pending = null; renderEntry(); draw();
      window.scrollTo({ top: 0 });       // the next shot starts on the table
    }
  }

  // the called ball went in the called pocket, and nothing else happened worth a fact
  function wentInAsCalled() {
    const f = s.facts;
    if (!f.call) return;
    f.first_contact = f.call.ball;
    if (!f.pocketed.some((p) => p.ball === f.call.ball)) f.pocketed.push({ ball: f.call.ball, pocket: f.call.pocket });
    judge();
  }

  // undo names the decision it takes back; an undone shot's facts come back into the form to correct
  async function undo() {
    const last = (view.rulings || [])[view.rulings.length - 1];
    if (!last) return;
    const what = last.ruling ? `#${last.n} · ${entryWords(last)}` : `#${last.n} · ${t(last.kind === "lag" ? "lag_title" : last.kind === "warn" ? "ref_warning" : "ref_disqualification")}`;
    const ok = await dialog(t("ref_undo"), el("div", {}, el("p", { "data-testid": "undo-what" }, t("ref_undo_this", { what })),
      last.kind === "shot" ? el("p", { class: "hint" }, t("ref_undo_facts")) : null),
    [[t("cancel"), null], [t("confirm"), "undo", "primary"]], "undo-dialog");
    if (!ok) return;
    const res = await send("undo", {});
    if (!res) return;
    clear(bannerBox);
    if (last.kind === "shot") { s.facts = factsFrom(last.entered); s.tool = "pocketed"; s.pending = null; renderEntry(); draw(); }
  }

  function entryWords(r) {
    const h = headline(r.ruling, r.state || null, r.player, names());
    return `${h.label} · ${h.text} · ${(r.ruling.reasons || []).map((x) => `Art. ${x.article}`).join(", ")}`;
  }

  async function exportRecord() {
    let text, name = `bola8-${id}.jsonl`;
    try {
      const resp = await fetch(`/api/tables/${encodeURIComponent(id)}/record?lang=${lang()}`);
      if (!resp.ok) throw new Error(String(resp.status));
      text = await resp.text();
    } catch (e) { text = JSON.stringify(view, null, 2); name = `bola8-${id}.json`; }
    const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: name });
    document.body.append(a); a.click(); a.remove();
  }

  function showRuling(ruling, after, shooter) { clear(bannerBox).append(rulingBanner(ruling, view, { after, shooter })); }

  function refresh() {
    renderHud(); next.textContent = nextText(); renderOfficials(); renderSummary(); clock.follow(view);
    clear(rulingsList);
    const list = view.rulings || [];
    const players = names();
    list.slice().reverse().forEach((r) => {
      if (r.kind === "warn" || r.kind === "disqualify") {
        rulingsList.append(el("li", {}, `#${r.n} ${t(r.kind === "warn" ? "warned_player" : "disqualified_player", { p: players[r.player] || "" })}`));
        return;
      }
      if (r.kind === "lag" || !r.ruling) {
        const e = r.entered || {};
        rulingsList.append(el("li", {}, `#${r.n} ${t("ref_lag_done", { w: players[e.winner] || "", b: players[e.breaks] || "" })}`));
        return;
      }
      rulingsList.append(el("li", {}, el("details", {}, el("summary", {}, `#${r.n} ${entryWords(r)}`),
        el("ul", { class: "reasons" }, (r.ruling.reasons || []).map((x) => el("li", {}, `Art. ${x.article} — ${x.text}`))))));
    });
    undoBtn.disabled = !token || !list.length;
    draw();
  }

  refresh(); renderEntry();
  const judged = (view.rulings || []).filter((r) => r.ruling);
  if (judged.length) { const last = judged[judged.length - 1]; showRuling(last.ruling, last.state || null, last.player); }
}

function setup(root, meta, go) {
  const rulesets = meta.rulesets;
  const n0 = el("input", { placeholder: t("name_0"), "data-testid": "ref-name-0", maxlength: "40" });
  const n1 = el("input", { placeholder: t("name_1"), "data-testid": "ref-name-1", maxlength: "40" });
  const race = el("input", { type: "number", min: "1", max: String(meta.race_max), value: "5", "data-testid": "ref-race" });
  const rules = el("select", { "data-testid": "ref-ruleset" }, rulesets.map((r) => el("option", { value: r }, capital(named("rulesets", r)))));
  const start = el("button", { type: "submit", class: "primary big", "data-testid": "ref-start" }, t("start"));
  const form = el("form", { class: "card" }, el("h2", {}, t("ref_setup")), el("p", { class: "hint" }, t("referee_hint")),
    el("label", {}, t("name_0"), n0), el("label", {}, t("name_1"), n1),
    el("div", { class: "row" }, el("label", {}, t("race"), race), el("label", {}, t("ruleset"), rules)), start);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    start.disabled = true;
    try {
      const res = await post("/api/tables", { players: [n0.value || t("name_0"), n1.value || t("name_1")], race: Number(race.value), ruleset: rules.value });
      saveTableToken(res.id, res.token);
      go(`#/table/${res.id}`);
    } catch (e) { toast(e instanceof ApiError ? e.message : String(e), "error"); } finally { start.disabled = false; }
  });
  clear(root).append(el("main", { class: "home" }, el("header", { class: "home-head" }, el("a", { href: "#/", class: "logo" }, "bola8"), el("h1", {}, t("referee"))), el("div", { class: "cards single" }, form)));
}
