// A Player: a parsed scenario played over one Session (a lesson) or two (compare mode), stop by
// stop. No DOM. lesson-runner.js `play` runs the commands through the ops below: every call goes to each
// session (logged there like the reader's own actions), `step` advances them together, `expect`
// is checked in each (compare: ✓ only when it holds in both). At every stop the sessions' action
// logs and the run are kept, so Back and goto restore a stop exactly (a new handle per session
// and its log replayed: the same state hash); autoplay moves on after a reading pause.

import { checkpointCounts, cloneRun, createRun, hasMore, lessonInfo, pick, play, readingMs } from "./lesson-runner.js";
import { isPanic } from "./session.js";
import { errorMessage } from "../views/model.js";

export class Player {
  /**
   * `commands`: parseScenario's output; `sessions`: [Session] or [Session, Session], at tick 0 of
   * the script. Options: `labels` (one per session, prefixed to a refused call's error),
   * `lockstep(i, session)` (called after each tick of each session: the sessions then step one
   * tick at a time), `capture()` / `restore(data)` (extra state kept per stop, e.g. the panes'
   * counters), `lang()` (the captions' language), `onStop(player)`, `onCheckpoint(c)`,
   * `onWake()` (autoplay started playing), `timers` ({ set, clear }: setTimeout-like).
   */
  constructor(commands, sessions, opts = {}) {
    if (!Array.isArray(commands)) throw new Error("Player: commands must be parseScenario's array");
    if (!Array.isArray(sessions) || sessions.length < 1 || sessions.length > 2) throw new Error(`Player: sessions must be 1 or 2 Sessions, got ${sessions?.length}`);
    this.commands = commands;
    this.sessions = sessions;
    this.info = lessonInfo(commands);
    /** @type {Record<string, any>} the callbacks above, with their defaults */
    this.opts = { labels: null, lockstep: null, capture: () => null, restore: () => {}, lang: () => "en", onStop: () => {}, onCheckpoint: () => {}, onWake: () => {}, ...opts };
    this.timers = opts.timers ?? { set: (fn, ms) => setTimeout(fn, ms), clear: (id) => clearTimeout(id) };
    this.autoplay = false;
    this.timer = null;
    this.autoAt = 0;
    this.events = [];
    this.ops = {
      call: (method, args) => this.call(method, args),
      step: (n) => this.step(n),
      expect: (text) => this.expect(text),
      tick: () => this.sessions[0].tick,
    };
    this.begin();
  }

  /** How many stops the script has. */
  get stops() {
    return this.info.stops;
  }

  /** The last stop reached (0 before the first). */
  get stop() {
    return this.run.stops;
  }

  /** True when no action is left to play. */
  get done() {
    return !hasMore(this.run, this.commands);
  }

  /** True when the sessions are no longer where the script left them (the reader played, stepped, acted). */
  get offScript() {
    return !this.playing && this.sessions.some((s, i) => s.stamp !== this.stamps[i]);
  }

  /** The caption of the current stop in the player's language. */
  caption() {
    return pick(this.run.captions, this.opts.lang());
  }

  /** The title in the player's language. */
  title() {
    const lang = this.opts.lang();
    return pick(this.run.title, lang) || pick(this.info.title, lang);
  }

  /** { ok, bad, total } of the checkpoints so far. */
  counts() {
    return checkpointCounts(this.run.checkpoints);
  }

  /**
   * Play for at most `budget` ticks (Infinity: to the next stop at once). Returns the events of
   * those ticks (of the first session). Reaching a stop keeps its position, calls onStop and,
   * with autoplay, schedules the next one. A core panic is thrown (playing stops).
   */
  advance(budget) {
    if (!(budget >= 0)) throw new Error(`advance: budget must be a number of ticks ≥ 0, got ${budget}`);
    this.events = [];
    let r;
    try {
      r = play(this.run, this.commands, budget, this.ops);
    } catch (err) {
      this.playing = false;
      throw err;
    }
    this.mark();
    for (; this.reported < this.run.checkpoints.length; this.reported++) this.opts.onCheckpoint(this.run.checkpoints[this.reported]);
    if (r.stop !== "budget") {
      this.playing = false;
      this.positions[this.run.stops] = this.capture();
      this.positions.length = this.run.stops + 1;
      this.opts.onStop(this);
      if (this.autoplay) this.schedule();
    }
    return this.events;
  }

  /** Start playing to the next stop (the caller's loop calls advance); false when nothing is left. */
  start() {
    if (this.done) return false;
    this.playing = true;
    return true;
  }

  /** Stop playing where it is (the sessions stay there: off the script). */
  pause() {
    this.cancel();
    this.playing = false;
  }

  /** Next: play to the next stop; pressed again while playing, jump there at once. Returns the events. */
  next() {
    this.cancel();
    if (this.playing) return this.advance(Infinity);
    if (this.offScript) this.restoreStop(this.run.stops);
    this.start();
    return [];
  }

  /** Back: the previous stop (while playing or off the script: the one this segment started at). */
  back() {
    this.cancel();
    const target = this.playing || this.offScript ? this.run.stops : this.run.stops - 1;
    if (target < 1) this.restart();
    else this.restoreStop(target);
  }

  /** Stop `n` (1-based, clamped): restored if it was reached before, else played to at once. */
  goto(n) {
    if (typeof n !== "number" || Number.isNaN(n)) throw new Error(`goto: the stop must be a number 1…${this.stops}, got ${n}`);
    this.cancel();
    const stop = Math.max(1, Math.min(this.stops, Math.round(n)));
    const known = Math.min(stop, this.positions.length - 1);
    if (known !== this.run.stops || this.offScript || this.playing) this.restoreStop(known);
    while (this.run.stops < stop && !this.done) this.advance(Infinity);
  }

  /** From the start again, playing to the first stop. */
  restart() {
    this.cancel();
    this.restoreStop(0);
    this.start();
  }

  /** An action on every session as part of the script (compare mode's API calls): the script stays on. */
  act(method, args) {
    const r = this.call(method, args);
    this.mark();
    return r;
  }

  /** Cancel autoplay (the player is not used after; its sessions belong to the caller). */
  close() {
    this.cancel();
  }

  // ---------------------------------------------------------------- the runner's ops

  call(method, args) {
    const errors = [];
    this.sessions.forEach((s, i) => {
      try {
        s.act(method, args);
      } catch (err) {
        if (isPanic(err)) throw err;
        errors.push(this.opts.labels ? `${this.opts.labels()[i]}: ${errorMessage(err)}` : errorMessage(err));
      }
    });
    return errors.length ? { ok: false, error: errors.join("; ") } : { ok: true };
  }

  /** `n` ticks on every session; with `lockstep`, one tick at a time on each in turn. */
  step(n) {
    if (!this.opts.lockstep) {
      for (const s of this.sessions) for (const e of s.advance(n)) this.events.push(e);
      return;
    }
    for (let k = 0; k < n; k++) {
      this.sessions.forEach((s, i) => {
        for (const e of s.advance(1)) if (i === 0) this.events.push(e);
        this.opts.lockstep(i, s);
      });
    }
  }

  expect(text) {
    const results = this.sessions.map((s) => {
      try {
        return s.expect(text);
      } catch (err) {
        return { ok: false, error: errorMessage(err) };
      }
    });
    return results.length === 1 ? results[0] : { ok: results.every((r) => r.ok), panes: results };
  }

  // ---------------------------------------------------------------- stops

  begin() {
    this.run = createRun();
    this.playing = false;
    this.reported = 0;
    this.positions = [this.capture()];
    this.mark();
  }

  /** Where the script left the sessions: their stamps. */
  mark() {
    this.stamps = this.sessions.map((s) => s.stamp);
  }

  capture() {
    return { sessions: this.sessions.map((s) => ({ tick: s.tick, actions: s.actions.slice() })), run: cloneRun(this.run), extra: structuredClone(this.opts.capture()) };
  }

  /** Put every session exactly at recorded stop `n`: a new handle each and its actions replayed. */
  restoreStop(n) {
    const pos = this.positions[n];
    this.sessions.forEach((s, i) => s.restore(s.config, pos.sessions[i].actions, pos.sessions[i].tick));
    this.opts.restore(structuredClone(pos.extra));
    this.run = cloneRun(pos.run);
    this.reported = this.run.checkpoints.length;
    this.playing = false;
    this.positions.length = n + 1;
    this.mark();
  }

  schedule() {
    this.cancel();
    if (this.done) return;
    const ms = readingMs(this.caption(), this.opts.lang());
    this.autoAt = Date.now() + ms;
    this.timer = this.timers.set(() => {
      this.timer = null;
      if (!this.playing && !this.offScript && this.start()) this.opts.onWake();
    }, ms);
  }

  cancel() {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
