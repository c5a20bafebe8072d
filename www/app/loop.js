// The Loop: the page's only requestAnimationFrame. Commands never draw: they change the state and
// call dirty(); the loop draws once, at the end of the task that changed it (several commands in
// one task, e.g. a burst of clicks, make one draw) or in the animation frame while something plays.
// Frames are requested only while something plays (a paused playground costs no CPU) or a redraw
// waits for the next frame (a resize, a theme change); none while the page is held (hidden tab,
// scrolled out of view). Work a draw leaves for later (the panels under the first screen, which
// the first frame leaves out) runs after that frame is painted, a task at a time (drawLater).
//
// A frame budget at any speed: the ticks of a frame are as many as the speed asks, but at most
// what fits in FRAME_BUDGET_MS of work with the draw (each measured as it runs); a cluster too
// large for the speed runs slower (`capped`, shown by the speed readout) instead of freezing the
// page, and a tick that alone takes longer than the budget runs every few frames, so input (Pause)
// is answered within about one frame.

import { ticksForFrame } from "../views/model.js";

/** The hold of an embed while the host page's other embeds start (main.js, host.js bootOrder). */
export const BOOTING = "booting";
/** Milliseconds of work (ticks and drawing) one frame may take. */
export const FRAME_BUDGET_MS = 12;
/** How fast the measured costs follow a change (the weight of the newest frame). */
const SMOOTHING = 0.3;
/** The rate run is that of about the last second of frames (each older frame weighs this much less). */
const RECENT_DECAY = 0.95;
/** "Capped" is said for this many frames after the last capped one. */
const CAPPED_FRAMES = 30;

export class Loop {
  /**
   * hooks: { animating() → bool, tps() → ticks per second, advance(ticks) (time passes: a frame
   * of playing; 0 on the first frame), draw() (true when it left work for drawLater), animate(carry)
   * (the frame's in-between motion, after the draw), drawLater?() (some of the work a draw left,
   * in a task after the frame is painted; true while some is left) };
   * `raf`: requestAnimationFrame; `microtask`: queueMicrotask; `timeout`: setTimeout (a task of
   * its own); `clock`: performance.now (the work measured).
   */
  constructor(hooks, { raf = (fn) => requestAnimationFrame(fn), microtask = (fn) => queueMicrotask(fn), timeout = (fn) => setTimeout(fn), clock = () => performance.now() } = {}) {
    for (const k of ["animating", "tps", "advance", "draw", "animate"]) {
      if (typeof hooks?.[k] !== "function") throw new Error(`Loop: hooks.${k} must be a function`);
    }
    if (hooks.drawLater !== undefined && typeof hooks.drawLater !== "function") throw new Error("Loop: hooks.drawLater must be a function or absent");
    this.hooks = hooks;
    this.raf = raf;
    this.microtask = microtask;
    this.timeout = timeout;
    this.laterQueued = false; // drawLater's tasks are scheduled
    this.leftForLater = false; // a draw left work for drawLater that is not done
    this.pending = null; // the requested frame, if any
    this.isDirty = false;
    this.flushQueued = false;
    this.carry = 0;
    this.lastFrame = null;
    this.held = new Set(); // why the page holds the loop: "hidden", "offscreen", BOOTING
    this.beforeFrame = [];
    this.nextFrame = false;
    this.clock = clock;
    /** The measured costs: ms per tick, ms per draw; the work credit (ms) the next frame may spend on ticks. */
    this.cost = { tick: null, draw: 0, credit: 0 };
    /** Frames left to say "capped" after the last one that ran fewer ticks than the speed asked (so the readout does not flicker). */
    this.cappedFrames = 0;
    /** The ticks and milliseconds of the recent frames, decaying: their ratio is the rate run. */
    this.recent = { ticks: 0, ms: 0 };
  }

  /** The state changed: draw once, at the end of this task (or in the frame, while playing). */
  dirty() {
    this.isDirty = true;
    if (this.flushQueued) return;
    this.flushQueued = true;
    this.microtask(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  /** Draw now if something changed since the last draw (the test hooks read the DOM in the same task). */
  flush() {
    if (!this.isDirty) return;
    this.isDirty = false;
    if (this.hooks.draw() === true) {
      this.leftForLater = true;
      this.later();
    }
  }

  /**
   * Run the work the draw left (hooks.drawLater) once the frame is painted: the frame after this
   * one has begun, then a task at a time, so the page answers input between them.
   */
  later() {
    if (this.laterQueued || !this.hooks.drawLater) return;
    this.laterQueued = true;
    const run = () => {
      // Held for the host's other embeds (main.js): released, hold() calls this again.
      if (this.held.has(BOOTING)) this.laterQueued = false;
      else if (this.hooks.drawLater()) this.timeout(run);
      else this.laterQueued = this.leftForLater = false;
    };
    this.raf(() => this.timeout(run));
  }

  /** Draw on the next animation frame (after a resize or a theme change), however often called. */
  redraw() {
    this.nextFrame = true;
    this.request();
  }

  /** Run `fn` at the start of the next frame (coalescing inputs that fire faster than frames). */
  onNextFrame(fn) {
    this.beforeFrame.push(fn);
    this.request();
  }

  /** Something may have started playing: frames run (from a fresh clock). */
  kick() {
    if (this.pending === null) {
      this.carry = 0;
      this.lastFrame = null;
      this.recent = { ticks: 0, ms: 0 };
    }
    this.request();
  }

  /**
   * Hold the loop for `why` (true) or release it (false); held, no frame runs. Held for BOOTING
   * (the host page's other embeds are starting), the work the first frame left waits too.
   */
  hold(why, on) {
    if (on) this.held.add(why);
    else if (this.held.delete(why)) {
      this.kick();
      if (why === BOOTING && this.leftForLater) this.later();
    }
  }

  request() {
    if (this.pending !== null || this.held.size) return;
    if (!this.hooks.animating() && !this.nextFrame && !this.beforeFrame.length) return;
    this.pending = this.raf((now) => this.frame(now));
  }

  frame(now) {
    this.pending = null;
    for (const fn of this.beforeFrame.splice(0)) fn();
    if (this.nextFrame) {
      this.nextFrame = false;
      this.isDirty = true;
    }
    if (this.hooks.animating() && !this.held.size) {
      const dt = this.lastFrame === null ? 0 : now - this.lastFrame;
      const wanted = ticksForFrame(dt, this.hooks.tps(), this.carry);
      const ticks = this.budgeted(wanted.ticks);
      const short = ticks < wanted.ticks;
      this.cappedFrames = short ? CAPPED_FRAMES : Math.max(0, this.cappedFrames - 1);
      // Capped, the time not run is dropped (no catching up later), so the carry starts over.
      this.carry = short ? 0 : wanted.carry;
      this.recent = { ticks: this.recent.ticks * RECENT_DECAY + ticks, ms: this.recent.ms * RECENT_DECAY + Math.min(dt, 250) };
      this.lastFrame = now;
      const t0 = this.clock();
      this.hooks.advance(ticks);
      const t1 = this.clock();
      this.flush();
      this.hooks.animate(this.carry);
      this.measured(ticks, t1 - t0, this.clock() - t1);
      this.request();
    } else {
      this.lastFrame = null;
      this.flush();
    }
  }

  /** Whether the speed is capped by the frame budget (recently), and the ticks per second run. */
  get capped() {
    return this.cappedFrames > 0;
  }

  get rate() {
    return this.recent.ms > 0 ? (this.recent.ticks * 1000) / this.recent.ms : 0;
  }

  /**
   * The ticks this frame runs of `wanted`: what the credit pays for at the measured cost per tick.
   * Each frame adds the budget left after the draw (at least a quarter of it, so ticks go on when
   * the draw alone takes the budget), kept to one tick's cost at most, so a tick that costs more
   * than a frame runs every few frames.
   */
  budgeted(wanted) {
    const c = this.cost;
    if (wanted === 0) return 0;
    if (c.tick === null) return 1; // nothing measured yet: one tick, to measure
    if (c.tick === 0) return wanted;
    const share = Math.max(FRAME_BUDGET_MS - c.draw, FRAME_BUDGET_MS / 4);
    c.credit = Math.min(c.credit + share, Math.max(share, c.tick));
    const ticks = Math.min(wanted, Math.floor(c.credit / c.tick));
    c.credit -= ticks * c.tick;
    return ticks;
  }

  /** A frame's work measured: `ticks` run in `tickMs`, the draw in `drawMs`. */
  measured(ticks, tickMs, drawMs) {
    const c = this.cost;
    if (ticks > 0) c.tick = c.tick === null ? tickMs / ticks : c.tick + SMOOTHING * (tickMs / ticks - c.tick);
    c.draw += SMOOTHING * (drawMs - c.draw);
  }
}
