// The Loop: the page's only requestAnimationFrame. Commands never draw: they change the state and
// call dirty(); the loop draws once, at the end of the task that changed it (several commands in
// one task, e.g. a burst of clicks, make one draw) or in the animation frame while something plays.
// Frames are requested only while something plays (a paused playground costs no CPU) or a redraw
// waits for the next frame (a resize, a theme change); none while the page is held (hidden tab,
// scrolled out of view).

import { ticksForFrame } from "../views/model.js";

export class Loop {
  /**
   * hooks: { animating() → bool, tps() → ticks per second, advance(ticks) (time passes: a frame
   * of playing; 0 on the first frame), draw(), animate(carry) (the frame's in-between motion, after the draw) };
   * `raf`: requestAnimationFrame; `microtask`: queueMicrotask.
   */
  constructor(hooks, { raf = (fn) => requestAnimationFrame(fn), microtask = (fn) => queueMicrotask(fn) } = {}) {
    for (const k of ["animating", "tps", "advance", "draw", "animate"]) {
      if (typeof hooks?.[k] !== "function") throw new Error(`Loop: hooks.${k} must be a function`);
    }
    this.hooks = hooks;
    this.raf = raf;
    this.microtask = microtask;
    this.pending = null; // the requested frame, if any
    this.isDirty = false;
    this.flushQueued = false;
    this.carry = 0;
    this.lastFrame = null;
    this.held = new Set(); // why the page holds the loop: "hidden", "offscreen"
    this.beforeFrame = [];
    this.nextFrame = false;
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
    this.hooks.draw();
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
    }
    this.request();
  }

  /** Hold the loop for `why` (true) or release it (false); held, no frame runs. */
  hold(why, on) {
    if (on) this.held.add(why);
    else if (this.held.delete(why)) this.kick();
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
      const { ticks, carry } = ticksForFrame(dt, this.hooks.tps(), this.carry);
      this.carry = carry;
      this.lastFrame = now;
      this.hooks.advance(ticks);
      this.flush();
      this.hooks.animate(this.carry);
      this.request();
    } else {
      this.lastFrame = null;
      this.flush();
    }
  }
}
