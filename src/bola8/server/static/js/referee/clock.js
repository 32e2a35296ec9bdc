// Art. 24 at a real table: the warned player's shot clock, kept by the referee. It runs from when the
// last decision was entered (the server's `clock.started_at`); the referee starts it again when the
// balls stop, pauses it (a ball cleaned, a question to the referee) and lets it go on.
import { t } from "../i18n.js";
import { el } from "../dom.js";

export class RefereeClock {
  constructor() {
    this.text = el("span", { class: "clock-text", "data-testid": "clock-line" });
    this.pauseBtn = el("button", { type: "button", class: "small", "data-testid": "clock-pause", onclick: () => this.toggle() }, t("clock_pause"));
    this.restartBtn = el("button", { type: "button", class: "small", "data-testid": "clock-restart", title: t("clock_restart_hint"),
      onclick: () => this.restart() }, t("clock_restart"));
    this.element = el("div", { class: "ref-clock", "data-testid": "ref-clock", role: "timer", hidden: true }, this.text, this.restartBtn, this.pauseBtn);
    this.key = null; this.start = 0; this.paused = null; this.limit = 60; this.timer = null;
  }

  now() { return Date.now() / 1000; }

  // the clock of the shot the view waits for: a new shot due starts a new count
  follow(view) {
    const c = view.clock;
    if (!c || c.seat === null || c.seat === undefined || c.deadline === null || c.deadline === undefined) {
      this.element.hidden = true; clearInterval(this.timer); this.key = null; return;
    }
    const key = `${(view.rulings || []).length}/${c.seat}`;
    if (key !== this.key) {
      this.key = key; this.limit = c.limit_s; this.paused = null;
      this.start = c.started_at - (c.now - this.now());      // the server's time on this device's clock
    }
    this.element.hidden = false;
    clearInterval(this.timer);
    this.tick(); this.timer = setInterval(() => this.tick(), 250);
  }

  left() { return this.limit - ((this.paused === null ? this.now() : this.paused) - this.start); }

  restart() { this.start = this.now(); if (this.paused !== null) this.paused = this.start; this.tick(); }

  toggle() {
    if (this.paused === null) this.paused = this.now();
    else { this.start += this.now() - this.paused; this.paused = null; }
    this.tick();
  }

  tick() {
    const left = Math.max(0, this.left());
    this.element.className = `ref-clock${left <= 10 ? " late" : ""}${left <= 0 ? " out" : ""}${this.paused !== null ? " paused" : ""}`;
    this.text.textContent = left <= 0 ? t("clock_out_ref") : t("shot_clock", { s: Math.ceil(left) });
    this.pauseBtn.textContent = this.paused === null ? t("clock_pause") : t("clock_go_on");
  }

  stop() { clearInterval(this.timer); }
}
