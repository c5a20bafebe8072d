// The time-travel bookkeeping of app/session.js, as pure functions plus one small store (unit-tested in
// tests/unit/).
//
// The core is deterministic: the state at tick t is a function of the config and of the user's
// actions before t. So the page keeps an action log [{tick, method, args}] instead of snapshots,
// and going back to t means replaying the log up to t. An action at tick t is applied after the
// cluster has reached t and before it steps past it, so "the state at t" includes every action
// taken at t.
//
// Replaying from tick 0 costs the whole distance (seconds for 100 000 ticks with traffic), so the
// page also keeps checkpoints (Checkpoints below): copies of the handle taken with its fork()
// every `every` ticks, thinned out as the history grows. A fork shares the logs and ledgers with
// its original (the core keeps them in shared chunks), so it costs little time and memory. Seeking
// back is then "fork the nearest checkpoint at or before the target, replay the log from there":
// at most `every` ticks of replay, and only the last few need their events (QUIET_REPLAY). A checkpoint at tick t holds the state on arriving at t, before the
// actions logged at t (so replaying from it includes them, exactly as from a fresh cluster at 0).

import { atOnce, SLICE_ITEMS } from "./slices.js";

/** Ticks per step() call while replaying (the core accepts up to 100000). */
export const REPLAY_CHUNK_TICKS = 2000;

/**
 * The log to keep when the user acts at `tick` while looking at the past: the actions up to and
 * including `tick`. As in RaftScope, acting in the past forks history and discards the recorded
 * future (the rest of the log would no longer describe what happens next).
 */
export function forkAt(actions, tick) {
  const i = firstAfter(actions, tick);
  return i === actions.length ? actions : actions.slice(0, i);
}

/**
 * The operations that take a cluster from tick `from` to tick `to` while applying the recorded
 * actions on the way: a list of { step: n } (n ≤ chunk), { apply: action } and, with `every`,
 * { checkpoint: tick }. Actions at tick `from` itself are included only with `includeFrom` (a
 * fresh cluster at tick 0, or one restored from a checkpoint, has not applied them yet; a running
 * one already has). `actions` is in tick order, as the log is appended.
 *
 * With `every` (a Checkpoints store's `every`), steps also stop at the multiples of `every` on
 * the way, and { checkpoint: tick } marks the moment to offer the handle to the store: on
 * arriving at that tick, before the actions logged at it.
 * @returns {{ step?: number, apply?: any, checkpoint?: number }[]}
 */
export function replayPlan(actions, from, to, options = {}) {
  return atOnce(replayPlanSteps(actions, from, to, options));
}

/**
 * replayPlan() as steps (slices.js): the plan of a long history (a link of 100 000 actions: 200 000
 * operations) takes longer than a task should. Yields how far it got every SLICE_ITEMS actions.
 * @returns {Generator<number, { step?: number, apply?: any, checkpoint?: number }[], void>}
 */
export function* replayPlanSteps(actions, from, to, { includeFrom = false, chunk = REPLAY_CHUNK_TICKS, every = 0 } = {}) {
  const ops = [];
  let at = from;
  const stepTo = (t) => {
    while (at < t) {
      let n = Math.min(chunk, t - at);
      if (every > 0) n = Math.min(n, every - (at % every)); // stop at the next multiple
      ops.push({ step: n });
      at += n;
      if (every > 0 && at % every === 0) ops.push({ checkpoint: at });
    }
  };
  if (includeFrom && every > 0 && from % every === 0) ops.push({ checkpoint: from });
  // The log only grows at its end (or is cut by forkAt), so the start is found by bisection:
  // a long session's log is not walked from the beginning every frame.
  const first = firstAfter(actions, includeFrom ? from - 1 : from);
  for (let i = first; i < actions.length; i++) {
    const a = actions[i];
    if (a.tick > to) break;
    stepTo(a.tick);
    ops.push({ apply: a });
    if ((i - first + 1) % SLICE_ITEMS === 0) yield (i - first) / (actions.length - first);
  }
  stepTo(to);
  return ops;
}

/**
 * Seeking from tick `from` (a restored checkpoint with `includeFrom`, or the running handle) to
 * `to`: the operations to run without events (up to QUIET_REPLAY_MARGIN ticks before `to`: the
 * events of that stretch are the ones the page already lists), then those to run with events,
 * from tick `loud` on. Returns { loud, quiet, audible } (op lists as replayPlan makes them).
 */
export function seekPlan(actions, from, to, { includeFrom = false, every = 0, chunk = REPLAY_CHUNK_TICKS } = {}) {
  const loud = Math.max(from, to - QUIET_REPLAY_MARGIN);
  return {
    loud,
    quiet: loud > from ? replayPlan(actions, from, loud, { includeFrom, every, chunk }) : [],
    audible: replayPlan(actions, loud, to, { includeFrom: includeFrom && loud === from, every, chunk }),
  };
}

/**
 * Runs replay operations on `handle`: steps with handle.step(n), actions with
 * `apply(handle, action)` (default: handle[action.method](...action.args)), checkpoint marks by
 * offering the handle to `checkpoints` (if given). `onStep(n, events)` is called after each step
 * (its events: also for a step marked { events: true } in a run without them), so a caller that
 * tracks the tick stays right when an action throws halfway. Returns the events of the steps,
 * oldest first (none with `events` false).
 */
export function runPlan(handle, ops, { apply = applyAction, checkpoints = null, onStep = null, events: wanted = true } = {}) {
  const events = [];
  for (const op of ops) {
    if (op.apply) {
      apply(handle, op.apply);
    } else if (op.checkpoint !== undefined) {
      checkpoints?.add(op.checkpoint, handle);
    } else {
      const evs = (wanted || op.events ? handle.step(op.step) : handle.step(op.step, { events: false })) ?? [];
      onStep?.(op.step, evs);
      if (wanted && Array.isArray(evs)) for (const e of evs) events.push(e);
    }
  }
  return events;
}

function applyAction(handle, a) {
  return handle[a.method](...a.args);
}

/** The first checkpoint spacing, in ticks (it doubles as the history outgrows the budgets). */
export const CHECKPOINT_EVERY = 250;
/** At most this many checkpoints: 100 000 ticks of history keep one every 500 ticks. */
export const MAX_CHECKPOINTS = 256;
/**
 * At most this many bytes of wasm memory for them, estimated (checkpointBytes); beyond the budget
 * the spacing doubles, and seeking replays more.
 */
export const MAX_CHECKPOINT_BYTES = 128 * 1024 * 1024;
/**
 * Seeking replays from a checkpoint without events (step's `{ events: false }`, several times
 * faster) up to this many ticks before the target: the events before that are the same as in the
 * page's list, which keeps them.
 */
export const QUIET_REPLAY_MARGIN = 50;

/**
 * Checkpoints for seeking: handle copies (fork()) at ticks that are multiples of `every`, tick 0
 * included. When there are more than `max`, or they take more than `maxBytes` (as estimated by
 * `sizeOf(handle)`), `every` doubles and the checkpoints off the new spacing are freed, so they
 * stay spread evenly over the whole history. The store owns its copies: restore() hands out a
 * fresh fork, and every copy it drops is free()d.
 *
 * Used by the handle's owner like this:
 *   on a new cluster:      checkpoints.clear(); checkpoints.add(0, cluster)
 *   on replaying / running: runPlan(cluster, replayPlan(log, from, to, { every: checkpoints.every }), { checkpoints })
 *   on seeking back to t:  const { tick, handle } = checkpoints.restore(t);  (free the old handle)
 *                          runPlan(handle, replayPlan(log, tick, t, { includeFrom: true, every: checkpoints.every }), { checkpoints })
 *   on acting in the past (the log is cut after t): checkpoints.dropAfter(t)
 */
export class Checkpoints {
  constructor({ every = CHECKPOINT_EVERY, max = MAX_CHECKPOINTS, maxBytes = MAX_CHECKPOINT_BYTES, sizeOf = checkpointBytes } = {}) {
    if (!(Number.isInteger(every) && every > 0)) throw new Error(`every must be a positive integer, got ${every}`);
    if (!(Number.isInteger(max) && max >= 1)) throw new Error(`max must be an integer of at least 1, got ${max}`);
    this.initialEvery = every;
    this.every = every;
    this.max = max;
    this.maxBytes = maxBytes;
    this.sizeOf = sizeOf;
    this.list = []; // [{ tick, handle, bytes }], in tick order
    this.bytes = 0;
  }

  /** How many checkpoints are kept. */
  get size() {
    return this.list.length;
  }

  /** The ticks of the checkpoints, ascending. */
  ticks() {
    return this.list.map((c) => c.tick);
  }

  /** Whether add(tick, …) would keep a copy: tick is on the spacing and not kept yet. */
  wants(tick) {
    return Number.isInteger(tick) && tick >= 0 && tick % this.every === 0 && this.list[this.indexAtOrBefore(tick)]?.tick !== tick;
  }

  /**
   * Offers the state of `handle` at `tick` (on arriving there, before the actions logged at it).
   * Keeps a fork() of it if wanted; returns whether it did. When the new copy would break a
   * budget, the others are thinned out first (so the budget holds at every moment), and the new
   * one is kept only if it falls on the new spacing.
   */
  add(tick, handle) {
    if (!this.wants(tick)) return false;
    const bytes = this.sizeOf(handle);
    this.thin({ tick, bytes });
    if (tick % this.every !== 0) return false;
    this.list.splice(this.indexAtOrBefore(tick) + 1, 0, { tick, handle: handle.fork(), bytes });
    this.bytes += bytes;
    return true;
  }

  /** The nearest checkpoint at or before `tick`: { tick, handle } (the store's own copy; do not free or step it), or null. */
  nearest(tick) {
    const c = this.list[this.indexAtOrBefore(tick)];
    return c ? { tick: c.tick, handle: c.handle } : null;
  }

  /**
   * A new handle (a fork: the caller owns it) at the nearest checkpoint at or before `tick`, as
   * { tick, handle }; null if there is none.
   */
  restore(tick) {
    const c = this.list[this.indexAtOrBefore(tick)];
    return c ? { tick: c.tick, handle: c.handle.fork() } : null;
  }

  /** Frees the checkpoints after `tick` (the history after it was discarded). */
  dropAfter(tick) {
    const i = this.indexAtOrBefore(tick) + 1;
    for (const c of this.list.splice(i)) this.release(c);
  }

  /** Frees every checkpoint and starts the spacing over (a new cluster). */
  clear() {
    for (const c of this.list.splice(0)) this.release(c);
    this.every = this.initialEvery;
  }

  /**
   * While the checkpoints (and `extra`, a copy about to be added: { tick, bytes }) break a
   * budget: double the spacing and free what is off it. Tick 0 always stays; so does a lone copy
   * over the byte budget (at worst, seeking replays from tick 0).
   */
  thin(extra = null) {
    const over = () => this.list.length + (extra ? 1 : 0) > this.max || this.bytes + (extra ? extra.bytes : 0) > this.maxBytes;
    const offNext = (tick) => tick % (this.every * 2) !== 0;
    while (over() && (this.list.some((c) => offNext(c.tick)) || (extra && offNext(extra.tick)))) {
      this.every *= 2;
      const kept = [];
      for (const c of this.list) {
        if (c.tick % this.every === 0) kept.push(c);
        else this.release(c);
      }
      this.list = kept;
      if (extra && extra.tick % this.every !== 0) extra = null;
    }
  }

  release(c) {
    this.bytes -= c.bytes;
    try {
      c.handle.free();
    } catch {
      /* already freed, or a handle poisoned by a panic: dropped either way */
    }
  }

  /** Index of the last checkpoint with tick ≤ `tick`, or -1. */
  indexAtOrBefore(tick) {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.list[mid].tick <= tick) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }
}

/**
 * Estimated bytes of wasm memory a checkpoint (a fork() of `handle`) holds on its own. A fork
 * shares the logs and ledgers in 1024-entry chunks, so what a copy adds is its partly filled
 * chunks (copied when either side appends), the small state, and the chunks the running cluster
 * later drops (retention) that only checkpoints still hold: about 64 KB a partition, 8 KB a
 * replica's log and 16 KB for the rest. Calibrated against the growth of wasm memory over a
 * 100 000-tick history of the default cluster with a checkpoint every 500 ticks. Only the
 * checkpoint budget depends on it.
 */
export function checkpointBytes(handle) {
  const snap = handle.snapshot({ records: 0 });
  let bytes = 16 * 1024;
  for (const p of snap.partitions) bytes += 64 * 1024 + 8 * 1024 * p.logs.length;
  return bytes;
}

/** The key of the undirected link between two nodes: "0-2" for (2, 0). */
export function linkKey(a, b) {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

/** Index of the first action with a tick after `tick` (the log is in tick order). */
function firstAfter(actions, tick) {
  let lo = 0;
  let hi = actions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (actions[mid].tick <= tick) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
