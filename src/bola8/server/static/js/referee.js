// The referee assistant for a REAL table: the person keeping the match taps what happened in each
// shot (the call, the first ball hit, each pocketed ball and its pocket, ...) and the server's
// referee answers the ruling, with every reason and article, and who shoots next.
import { t, lang } from "./i18n.js";
import { get, post, saveTableToken, tableToken, ApiError } from "./api.js";
import { el, clear, toast, dialog } from "./dom.js";
import { TableView, tableGeometry } from "./table.js";
import { chip } from "./balls.js";
import { rulingBanner } from "./ruling.js";

const BIG = 1.5;            // balls drawn larger than life on the diagram: they are buttons to tap
const FOULS = ["foot_off_floor", "touched_ball", "illegal_jump", "team_advice", "slow_play"];

export async function showReferee(root, meta, hooks, id, go) {
  if (!id) return setup(root, meta, go);
  const token = tableToken(id);
  let view = await get(`/api/tables/${encodeURIComponent(id)}`);
  const base = meta && meta.tables && meta.tables["9ft"] ? meta.tables["9ft"] : { length: 2.54, width: 1.27, ball_radius: 0.028575 };
  const geom = tableGeometry({ name: "9ft", ...base }, meta);
  const s = { tool: "call", pending: null, facts: emptyFacts(), ruling: null, busy: false, whyTimer: null, whyAsked: 0,
    clockTimer: null, clockOffset: 0 };

  const canvas = el("canvas", { "data-testid": "table" });
  const box = el("div", { class: "table-box" }, canvas);
  const hud = el("header", { class: "hud", "data-testid": "hud" });
  const next = el("div", { class: "status", "data-testid": "next", "aria-live": "polite" });
  const bannerBox = el("div", { class: "ref-ruling", "data-testid": "ruling" });
  const entry = el("div", { class: "entry" });
  const rulingsList = el("ol", { class: "history", "data-testid": "rulings" });
  const undoBtn = el("button", { type: "button", "data-testid": "undo", onclick: () => undo() }, t("ref_undo"));
  const exportBtn = el("button", { type: "button", "data-testid": "export", onclick: () => exportRecord() }, t("ref_export"));
  const whyBox = el("div", { class: "box why", "data-testid": "why", hidden: true });
  const officials = el("details", { class: "box officials", "data-testid": "officials" });
  const clockLine = el("div", { class: "clock-line", "data-testid": "clock-line", hidden: true });
  const panel = el("aside", { class: "panel" }, next, clockLine, entry, whyBox, bannerBox, el("div", { class: "row" }, undoBtn, exportBtn), officials,
    el("details", { class: "box", open: true }, el("summary", {}, t("ref_rulings")), rulingsList),
    token ? null : el("p", { class: "hint" }, t("token_missing")));
  clear(root).append(el("div", { class: "game referee" }, hud, el("main", { class: "board" }, box), panel));
  const tv = new TableView(canvas, geom);
  const onResize = () => { tv.resize(); draw(); };
  window.addEventListener("resize", onResize);
  hooks.onLeave(() => { window.removeEventListener("resize", onResize); clearInterval(s.clockTimer); clearTimeout(s.whyTimer); });
  hooks.expose({
    get view() { return view; }, get facts() { return s.facts; }, get tool() { return s.tool; },
    ballClient(n) { const p = layout()[n]; const r = canvas.getBoundingClientRect(); const [px, py] = tv.toPx(p[0], p[1]); return [r.left + px, r.top + py]; },
    pocketClient(name) { const p = geom.pockets[name]; const r = canvas.getBoundingClientRect(); const [px, py] = tv.toPx(p.hole[0], p.hole[1]); return [r.left + px, r.top + py]; },
  });

  function emptyFacts() {
    return { call: null, first_contact: null, pocketed: [], off_table: [], rail_after_contact: false,
      object_balls_to_rail: 0, illegal_first_contact_behind_head_string: false, referee_fouls: [] };
  }

  function st() { return view.state || {}; }
  function onTable() { return st().on_table || [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]; }

  // where each ball is drawn: a neat grid on the cloth (a real table's positions are not known)
  function layout() {
    const out = { 0: [geom.width / 2, geom.length * 0.18] };
    const balls = onTable();
    const cols = 4;
    balls.forEach((n, i) => {
      const c = i % cols, r = Math.floor(i / cols);
      out[n] = [geom.width * (0.2 + 0.2 * c), geom.length * (0.36 + 0.09 * r)];
    });
    return out;
  }

  function draw() {
    const marks = { pockets: {} };
    const f = s.facts;
    if (f.call) marks.pockets[f.call.pocket] = "#ffd84a";
    tv.drawTable(marks);
    const pos = layout();
    const gone = new Set([...f.pocketed.map((p) => p.ball), ...f.off_table]);
    const rings = {};
    if (f.call) rings[f.call.ball] = "#ffd84a";
    if (f.first_contact !== null) rings[f.first_contact] = "#5dd0ff";
    if (s.pending !== null) rings[s.pending] = "#ffffff";
    for (const [k, p] of Object.entries(pos)) {
      const n = Number(k);
      tv.drawBall(n, p[0], p[1], { alpha: gone.has(n) ? 0.3 : 1, ring: rings[n], radius: BIG * geom.ball_radius });
    }
    // pocketed balls drawn small at their pocket
    const per = {};
    for (const p of f.pocketed) {
      const hole = geom.pockets[p.pocket].hole, k = (per[p.pocket] = (per[p.pocket] || 0) + 1) - 1;
      const toward = [geom.width / 2 - hole[0], geom.length / 2 - hole[1]], norm = Math.hypot(...toward);
      tv.drawBall(p.ball, hole[0] + (toward[0] / norm) * (0.09 + k * 0.045), hole[1] + (toward[1] / norm) * (0.09 + k * 0.045), { radius: geom.ball_radius * 0.8 });
    }
  }

  function renderHud() {
    const sc = view.score || [0, 0];
    const players = view.players.map((p) => (typeof p === "string" ? p : p.name));
    const groups = st().groups;
    const shooter = st().shooter;
    const card = (i) => el("div", { class: `player${shooter === i && st().phase !== "over" ? " active" : ""}`, "data-testid": `player-${i}` },
      el("div", { class: "name" }, players[i]), el("div", { class: "score", "data-testid": `score-${i}` }, String(sc[i])),
      el("div", { class: "group" }, groups ? t(groups[i]) : t("open_table")));
    const middle = el("div", { class: "middle" }, el("div", { class: "race" }, t("race_to", { n: view.race })),
      el("div", { class: "gameno" }, t("game_n", { n: view.game_number || 1 })));
    clear(hud).append(el("a", { href: "#/", class: "logo" }, "bola8"), card(0), middle, card(1));
  }

  function nextText() {
    const players = view.players.map((p) => (typeof p === "string" ? p : p.name));
    const act = view.to_act;
    if (view.winner !== null && view.winner !== undefined && !act) return t("wins", { p: players[view.winner] });
    if (lagDue()) return t("ref_lag");
    const d = st().decision;
    if (d) return t("ref_next_choice", { p: players[d.player] });
    const p = players[st().shooter || 0];
    if (st().cue_ball === "in_hand") return t("ref_next_bih", { p });
    if (st().cue_ball === "in_hand_behind_head_string") return t("ref_next_bih_kitchen", { p });
    return t("ref_next", { p });
  }

  function lagDue() {
    if (view.to_act) return view.to_act.action === "lag";
    return view.breaker === null || view.breaker === undefined;
  }

  function renderEntry() {
    clear(entry);
    if (!token || lagDue() || st().decision || !view.to_act) whyBox.hidden = true;
    if (!token) return;
    if (view.to_act === null && view.winner !== null && view.winner !== undefined) return;
    const players = view.players.map((p) => (typeof p === "string" ? p : p.name));
    if (lagDue()) {
      const pick = (name) => el("select", { "data-testid": `lag-${name}` }, players.map((p, i) => el("option", { value: String(i) }, p)));
      const winner = pick("winner"), breaks = pick("breaks");
      entry.append(el("div", { class: "box" }, el("h3", {}, t("ref_lag")),
        el("label", {}, t("ref_lag_winner"), winner), el("label", {}, t("ref_breaks"), breaks),
        el("button", { type: "button", class: "primary", "data-testid": "lag-go", onclick: () => send("lag", { winner: Number(winner.value), breaks: Number(breaks.value) }) }, t("confirm"))));
      return;
    }
    const d = st().decision;
    if (d) {
      entry.append(el("div", { class: "box" }, el("h3", {}, t("ref_next_choice", { p: players[d.player] })),
        el("div", { class: "buttons" }, d.options.map((o) => el("button", { type: "button", class: "primary", "data-testid": `option-${o}`, onclick: () => send("choice", { option: o }) }, t(o))))));
      return;
    }
    const f = s.facts;
    const tool = (name, label) => el("button", { type: "button", class: s.tool === name ? "on" : "", "data-testid": `tool-${name}`, onclick: () => { s.tool = name; s.pending = null; renderEntry(); draw(); } }, label);
    const callText = f.call ? t("call_in", { b: f.call.ball, p: t(f.call.pocket) }) : t("call_none");
    const firstText = f.first_contact === null ? t("ref_first_none") : String(f.first_contact);
    const pk = f.pocketed.map((p, i) => el("button", { type: "button", class: "pk", title: "×", onclick: () => { f.pocketed.splice(i, 1); renderEntry(); draw(); } }, chip(p.ball), ` ${t(p.pocket)} ×`));
    const check = (key, label, testid) => {
      const c = el("input", { type: "checkbox", "data-testid": testid, checked: f[key] });
      c.addEventListener("change", () => { f[key] = c.checked; askWhy(); });
      return el("label", { class: "check" }, c, label);
    };
    const isBreak = st().phase === "break";
    const toRail = el("input", { type: "number", min: "0", max: "15", value: String(f.object_balls_to_rail), "data-testid": "to-rail" });
    toRail.addEventListener("input", () => { f.object_balls_to_rail = Math.max(0, Math.min(15, Number(toRail.value) || 0)); askWhy(); });
    const fouls = FOULS.map((code) => {
      const c = el("input", { type: "checkbox", "data-testid": `foul-${code}`, checked: f.referee_fouls.includes(code) });
      c.addEventListener("change", () => { f.referee_fouls = c.checked ? [...f.referee_fouls, code] : f.referee_fouls.filter((x) => x !== code); askWhy(); });
      return el("label", { class: "check" }, c, t(code));
    });
    const hintText = s.pending !== null ? t("ref_tap_pocket_for", { b: s.pending === 0 ? t("cue_ball") : s.pending })
      : { call: t("ref_step_call"), first: t("ref_step_first"), pocketed: t("ref_step_pocketed"), off: t("ref_off_table") }[s.tool];
    entry.append(el("div", { class: "box" },
      el("div", { class: "seg tools" }, tool("call", t("call")), tool("first", t("tool_first")), tool("pocketed", t("pocketed")), tool("off", t("tool_off"))),
      el("p", { class: "hint", "data-testid": "ref-hint" }, hintText),
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
        el("button", { type: "button", class: "small", "data-testid": "clear-shot", onclick: () => { s.facts = emptyFacts(); s.pending = null; renderEntry(); draw(); } }, t("ref_clear")),
        el("button", { type: "button", class: "primary big", "data-testid": "judge", disabled: s.busy, onclick: () => judge() }, t("ref_record")))));
    askWhy();
  }

  // ---- why and what if: the ruling the facts entered so far would get, and with each doubtful
  // fact the other way - asked of the server's referee, never decided here
  function askWhy() {
    clearTimeout(s.whyTimer);
    s.whyTimer = setTimeout(async () => {
      const asked = ++s.whyAsked;
      if (lagDue() || st().decision || !view.to_act) { whyBox.hidden = true; return; }
      let answer;
      try { answer = await post(`/api/tables/${encodeURIComponent(id)}/preview`, shotBody()); } catch (e) { whyBox.hidden = true; return; }
      if (asked !== s.whyAsked) return;
      renderWhy(answer);
    }, 120);
  }

  function renderWhy(answer) {
    const variants = answer.what_if.map((v) => {
      const r = v.ruling;
      const outcome = v.same ? t("whatif_same")
        : `${r.foul ? t("foul") : t("legal")} · ${r.turn_passes ? t("turn_passes") : t("shoots_again")} · ${(r.reasons || []).map((x) => `Art. ${x.article}`).join(", ")}`;
      return el("li", { class: v.same ? "same" : "differs", "data-testid": `whatif-${v.fact}` },
        el("span", { class: "if" }, whatIfLabel(v.fact, v.value)), " → ", el("strong", {}, outcome), " ",
        el("button", { type: "button", class: "small", "data-testid": `whatif-apply-${v.fact}`, onclick: () => applyFact(v.fact, v.value) }, t("whatif_apply")));
    });
    clear(whyBox).append(el("h3", {}, t("ref_why")), rulingBanner(answer.ruling, view, { compact: true }),
      el("h3", {}, t("ref_whatif")), el("ul", { class: "whatif" }, variants));
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
    const players = view.players.map((p) => (typeof p === "string" ? p : p.name));
    const over = !view.to_act;
    const warned = new Set(view.warned || []);
    clear(officials).append(el("summary", {}, t("officials")),
      ...players.map((p, i) => el("div", { class: "row" },
        el("button", { type: "button", class: "small", "data-testid": `warn-${i}`, disabled: !token || over || warned.has(i),
          onclick: () => send("warn", { player: i }) }, warned.has(i) ? t("warned_player", { p }) : t("warn_player", { p })),
        el("button", { type: "button", class: "small danger", "data-testid": `disqualify-${i}`, disabled: !token || over,
          onclick: async () => {
            const ok = await dialog(t("disqualify_player", { p }), el("p", {}, t("disqualify_confirm", { p })), [[t("cancel"), null], [t("confirm"), "yes", "primary danger"]], "disqualify-dialog");
            if (ok) send("disqualify", { player: i });
          } }, t("disqualify_player", { p })))));
  }

  function startClock() {
    clearInterval(s.clockTimer);
    const c = view.clock;
    if (!c || c.deadline === null || c.deadline === undefined) { clockLine.hidden = true; return; }
    s.clockOffset = c.now - Date.now() / 1000;
    const tick = () => {
      const left = Math.max(0, c.deadline - (Date.now() / 1000 + s.clockOffset));
      clockLine.hidden = false;
      clockLine.className = `clock-line${left <= 10 ? " late" : ""}${left <= 0 ? " out" : ""}`;
      clockLine.textContent = left <= 0 ? t("clock_out_ref") : t("shot_clock", { s: Math.ceil(left) });
    };
    tick(); s.clockTimer = setInterval(tick, 250);
  }

  canvas.addEventListener("pointerup", (ev) => {
    if (!token || lagDue() || st().decision) return;
    const [x, y] = tv.eventToWorld(ev);
    const ball = tv.ballAt(layout(), x, y, 1.9 * BIG), pocket = tv.pocketAt(x, y);
    const f = s.facts;
    if (s.tool === "call") {
      if (ball !== null && ball !== 0) s.pending = ball;
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
  });

  async function send(path, body) {
    if (s.busy) return null;
    s.busy = true;
    try {
      const res = await post(`/api/tables/${encodeURIComponent(id)}/${path}`, body, token);
      view = res.view || res;
      if (res.ruling) showRuling(res.ruling);
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
    if (res) { s.facts = emptyFacts(); s.tool = "call"; s.pending = null; renderEntry(); draw(); }
  }

  async function undo() {
    const ok = await dialog(t("ref_undo"), el("p", {}, t("ref_undo")), [[t("cancel"), null], [t("confirm"), "undo", "primary"]], "undo-dialog");
    if (ok) { const res = await send("undo", {}); if (res) clear(bannerBox); }
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

  function showRuling(ruling) { clear(bannerBox).append(rulingBanner(ruling, view, {})); }

  function refresh() {
    renderHud(); next.textContent = nextText(); renderOfficials(); startClock();
    clear(rulingsList);
    const list = view.rulings || [];
    const players = view.players.map((p) => (typeof p === "string" ? p : p.name));
    list.slice().reverse().forEach((r, i) => {
      if (r.kind === "warn" || r.kind === "disqualify") {
        rulingsList.append(el("li", {}, `#${list.length - i} ${t(r.kind === "warn" ? "warned_player" : "disqualified_player", { p: players[r.player] || "" })}`));
        return;
      }
      if (r.kind === "lag" || !r.ruling) {
        const e = r.entered || {};
        rulingsList.append(el("li", {}, `#${list.length - i} ${t("ref_lag_done", { w: players[e.winner] || "", b: players[e.breaks] || "" })}`));
        return;
      }
      const ru = r.ruling;
      rulingsList.append(el("li", {}, el("details", {}, el("summary", {}, `#${list.length - i} ${ru.foul ? t("foul") : t("legal")} · ${(ru.reasons || []).map((x) => `Art. ${x.article}`).join(", ")}`),
        el("ul", { class: "reasons" }, (ru.reasons || []).map((x) => el("li", {}, `Art. ${x.article} — ${x.text}`))))));
    });
    draw();
  }

  refresh(); renderEntry();
  const judged = (view.rulings || []).filter((r) => r.ruling);
  if (judged.length) showRuling(judged[judged.length - 1].ruling);
}

function setup(root, meta, go) {
  const rulesets = meta && meta.rulesets ? meta.rulesets : ["spanish", "spanish-coin-op"];
  const n0 = el("input", { placeholder: t("name_0"), "data-testid": "ref-name-0", maxlength: "40" });
  const n1 = el("input", { placeholder: t("name_1"), "data-testid": "ref-name-1", maxlength: "40" });
  const race = el("input", { type: "number", min: "1", max: "15", value: "5", "data-testid": "ref-race" });
  const rules = el("select", { "data-testid": "ref-ruleset" }, rulesets.map((r) => el("option", { value: r }, t(`ruleset_${r}`))));
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
  clear(root).append(el("div", { class: "home" }, el("header", { class: "home-head" }, el("a", { href: "#/", class: "logo" }, "bola8"), el("h1", {}, t("referee"))), el("div", { class: "cards single" }, form)));
}
