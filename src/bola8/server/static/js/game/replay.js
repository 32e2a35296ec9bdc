// The "replay" mode: one stroke of the history (#/game/<id>/shot/<n>) drawn from its starting layout,
// with pause, speed, seek, skip to the result, the previous and next strokes, and optionally on
// through the following ones; the live game waits behind it and comes back with "Live".
import { t } from "../i18n.js";
import { el, clear, toast } from "../dom.js";

export const SPEEDS = [["0.25", "¼×"], ["0.5", "½×"], ["1", "1×"], ["2", "2×"], ["4", "4×"]];

export class Replay {
  // g: the game screen (id, sync, player, refresh(), showRuling(shot), hudAfter(shot), copy(input))
  constructor(g, bar) {
    this.g = g; this.bar = bar;
    this.state = null;        // {n, cont, speed, state: loading | playing | done, skip} while replaying
    this.token = 0;           // a newer start or a leave makes an older loop stop
  }

  get on() { return this.state !== null; }

  async start(n, cont) {
    const g = this.g, token = ++this.token;
    this.state = { n, cont, speed: Number(localStorage.getItem("bola8.replay-speed") || "1"), state: "loading", skip: false };
    g.player.finish();
    g.refresh("replay");
    await g.animation;
    if (token !== this.token) return;
    this.bar.hidden = false; g.fit();
    const want = `#/game/${g.id}/shot/${n}`;
    if (location.hash !== want && !location.hash.endsWith("/from-start")) history.replaceState(null, "", want);
    while (token === this.token && this.state) {
      const shot = await g.sync.shot(this.state.n);
      if (token !== this.token) return;
      if (!shot) { toast(t("no_shot"), "error"); break; }
      this.state.state = "playing"; g.refresh("replay"); this.render();
      // a skip pressed while the shot was still coming skips it as soon as it starts
      const speed = this.state.skip ? 0 : this.state.speed;
      this.state.skip = false;
      await g.run(() => g.player.stroke(shot, speed, (pb) => this.renderTime(pb)));
      if (token !== this.token || !this.state) return;
      g.hudAfter(shot);
      g.showRuling(shot);
      if (this.state.cont && this.state.n < g.sync.latest.shot_count) {
        this.state.n += 1;
        history.replaceState(null, "", `#/game/${g.id}/shot/${this.state.n}`);
        continue;
      }
      break;
    }
    if (token !== this.token || !this.state) return;
    this.state.state = "done";
    this.render(); g.refresh("replay done");
  }

  // back to the live game, as the newest view has it
  async leave() {
    const g = this.g;
    this.token += 1; this.state = null;
    g.player.finish();
    await g.animation;
    this.bar.hidden = true; g.fit();
    if (location.hash !== `#/game/${g.id}`) history.replaceState(null, "", `#/game/${g.id}`);
    g.backToLive();
  }

  // the hash names another stroke of this game (or the live game): follow it
  follow(parts) {
    if (parts[2] === "shot" && Number(parts[3]) >= 1) {
      if (!this.state || this.state.n !== Number(parts[3])) this.start(Number(parts[3]), this.state ? this.state.cont : false);
    } else if (parts[2] === "from-start") this.start(1, true);
    else if (this.state) this.leave();
  }

  render() {
    if (!this.state) return;
    const g = this.g, r = this.state, total = g.sync.latest.shot_count, pb = g.player.playback;
    const button = (label, testid, fn, title) => el("button", { type: "button", class: "small", "data-testid": testid, title: title || "", "aria-label": title || label, onclick: fn }, label);
    const speed = el("select", { "data-testid": "replay-speed", "aria-label": t("anim_speed") },
      SPEEDS.map(([v, label]) => el("option", { value: v, selected: Number(v) === r.speed }, label)));
    speed.addEventListener("change", () => { r.speed = Number(speed.value); localStorage.setItem("bola8.replay-speed", speed.value); if (g.player.playback) g.player.playback.speed = r.speed; });
    const cont = el("input", { type: "checkbox", checked: r.cont, "data-testid": "replay-continue" });
    cont.addEventListener("change", () => { r.cont = cont.checked; });
    const scrub = el("input", { type: "range", min: "0", max: "1000", value: pb ? String(Math.round((pb.t / (pb.end || 1)) * 1000)) : "1000", "data-testid": "replay-scrub", "aria-label": t("replay_time") });
    scrub.addEventListener("input", () => { const p = g.player.playback; if (p) { p.paused = true; p.seek((Number(scrub.value) / 1000) * p.end); this.render(); } });
    const go = (n) => { location.hash = `#/game/${g.id}/shot/${n}`; if (this.state && this.state.n === n) this.start(n, r.cont); };
    const link = el("input", { readonly: true, value: `${location.origin}/#/game/${g.id}/shot/${r.n}`, "data-testid": "shot-link", class: "shot-link", "aria-label": t("link") });
    const playing = pb && !pb.paused;
    clear(this.bar).append(
      el("span", { class: "label", "data-testid": "replay-label" }, t("replay_n", { n: r.n, m: total })),
      button("|◀", "replay-prev", () => go(Math.max(1, r.n - 1)), t("replay_prev")),
      button(playing ? "II" : "▶", "replay-play", () => {
        const p = g.player.playback;
        if (p) { p.paused = !p.paused; this.render(); } else this.start(r.n, r.cont);
      }, playing ? t("pause") : t("play")),
      button("▶|", "replay-next", () => go(Math.min(total, r.n + 1)), t("replay_next")),
      button("⇥", "replay-skip", () => { if (g.player.playback) g.player.playback.finish(); else r.skip = true; }, t("replay_skip")),
      scrub, speed,
      el("label", { class: "check" }, cont, t("replay_continue")),
      link, button(t("copy"), "replay-copy", () => g.copy(link)),
      button(`● ${t("live")}`, "replay-live", () => { location.hash = `#/game/${g.id}`; }, t("live")));
  }

  renderTime(pb, first) {
    const scrub = this.bar.querySelector("[data-testid=replay-scrub]");
    if (first || !scrub) this.render();
    else if (!pb.paused) scrub.value = String(Math.round((pb.t / (pb.end || 1)) * 1000));
  }
}
