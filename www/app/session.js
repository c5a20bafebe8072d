// A Session: one simulated cluster and its history. No DOM: it never toasts or draws; a bad call
// throws an Error naming what is wrong and changes nothing.
//
// The core is deterministic, so a Session keeps the config and an action log [{tick, method,
// args}] (timeline.js) instead of snapshots. Going back to tick t is the nearest checkpoint at or
// before t (a fork() kept by timeline.js Checkpoints) + the log replayed from there; the result is
// the very state seen before (stateHash() agrees). Acting in the past forks: the recorded future
// is discarded (as in RaftScope).

import { Checkpoints, forkAt, REPLAY_CHUNK_TICKS, replayPlan, replayPlanSteps, runPlan, seekPlan } from "./timeline.js";
import { replayEstimateMs } from "./share.js";
import { replaySliced, splitAfter } from "./replay-sliced.js";
import { atOnce, SLICE_ITEMS, SLICE_MS } from "./slices.js";
import { errorMessage, mergeEvents } from "../views/model.js";

/** step() accepts at most this many ticks, and produce() this many records, per call. */
export const MAX_CALL = 100000;
/**
 * A replay (a share link opened, a far seek) estimated longer than this runs in slices of
 * SLICE_MS (slices.js), the page getting its turn between them; a shorter one at once.
 */
export const SLICED_MS = 50;

/** Whether `err` is a wasm trap (a panic): the handle is then unusable, unlike after a validation Error. */
export function isPanic(err) {
  return err instanceof WebAssembly.RuntimeError || /unreachable|panicked/i.test(errorMessage(err));
}

const isConfig = (c) => c !== null && typeof c === "object" && !Array.isArray(c);

/**
 * The core's debug option (`setDebug`: User Timing measures of its phases for the DevTools
 * performance panel, violations on the console), for every session's handle: the configuration
 * panel's switch. Page-wide, so compare panes and every new handle (a reset, a seek) follow it.
 */
let debugOn = false;
const sessions = new Set();

/** Turn the core's debug option on or off for every session's handle, now and from now on. */
export function setDebug(on) {
  debugOn = !!on;
  for (const s of sessions) s.cluster?.setDebug(debugOn);
}

export class Session {
  /**
   * `Cluster`: the core's class; `config`: its constructor's options (the core validates them);
   * `words(key, vars)`: the page's own error texts (i18n.js t; by default the key and its values).
   */
  constructor(Cluster, config = {}, words = (key, vars) => `${key} ${JSON.stringify(vars)}`) {
    if (typeof Cluster !== "function") throw new Error(`Session: Cluster must be the core's Cluster class, got ${typeof Cluster}`);
    this.Cluster = Cluster;
    this.words = words;
    this.cluster = null;
    this.checkpoints = new Checkpoints();
    this.events = { items: [], version: 0 };
    /** Bumped by every change of state (act, advance, seek, reset): a lesson notices the reader moved. */
    this.stamp = 0;
    /**
     * null, or { window, sample(session) }: every advance and replay then steps its last `window`
     * ticks one at a time and calls sample after each that changed something (it had events, or
     * an action was applied): the app sets it for a jump, so that the HW chart gets the history
     * the jump replays (hw-history.js historySampler). The HW and the LEOs move only with an
     * event (hw, append, replicate, truncate, leader …: docs/api.md), so the ticks skipped hold
     * the values of the last sample.
     */
    this.sampler = null;
    this.reset(config);
    sessions.add(this);
  }

  /** The handle's current tick. */
  get tick() {
    return this.at;
  }

  /** Start over with `config` (default: the same): a new handle at tick 0, an empty history. */
  reset(config = this.config) {
    if (!isConfig(config)) throw new Error(`reset: config must be an object of Cluster options, got ${JSON.stringify(config)}`);
    const next = new this.Cluster(config); // throws on a bad config: nothing changed
    this.replace(next, 0);
    this.checkpoints.clear();
    this.checkpoints.add(0, next);
    this.config = config;
    this.actions = [];
    this.horizon = 0;
    this.synced = { actions: this.actions, length: 0 };
  }

  /**
   * Start over with `config` and `actions` replayed exactly up to `tick` (a share link, a lesson
   * stop); the history reaches `horizon`. Returns the events of the replay.
   */
  restore(config, actions, tick, horizon = tick) {
    return this.replay(this.restorePlan(config, actions, tick, horizon));
  }

  /**
   * restore()'s first half: the new handle and log, and the replay to run (replay() at once, or
   * replaySliced()). Ticks per step are sized so that one step takes about SLICE_MS.
   */
  restorePlan(config, actions, tick, horizon = tick) {
    return atOnce(this.restorePlanSteps(config, actions, tick, horizon));
  }

  /**
   * restorePlan() as steps (slices.js): copying and planning a link's 100 000 actions takes
   * longer than a task should. The history is the session's once the plan is made: stopped
   * halfway, the session is a fresh cluster with `config`.
   * @returns {Generator<number, { loud: number, quiet: any[], audible: any[], to: number, before: any[], estimateMs: number }, void>}
   */
  *restorePlanSteps(config, actions, tick, horizon = tick) {
    if (!Array.isArray(actions)) throw new Error("restore: actions must be an array of {tick, method, args}");
    if (!Number.isInteger(tick) || tick < 0) throw new Error(`restore: tick must be an integer ≥ 0, got ${tick}`);
    this.reset(config);
    const log = [];
    for (const a of actions) {
      log.push({ tick: a.tick, method: a.method, args: a.args });
      if (log.length % SLICE_ITEMS === 0) yield log.length / actions.length / 2;
    }
    const plan = replayPlanSteps(log, 0, tick, { includeFrom: true, every: this.checkpoints.every, chunk: this.chunk() });
    const audible = yield* scaled(plan, 0.5);
    this.actions = log;
    // The whole history is there at once: a replay cancelled halfway can be seeked or played on.
    this.horizon = Math.max(horizon, tick);
    return { loud: 0, quiet: [], audible, to: tick, before: [], estimateMs: this.estimate(tick, log.length) };
  }

  /** Ticks per step of a replay: about half of SLICE_MS of work (share.js replayEstimateMs). */
  chunk() {
    return Math.max(1, Math.min(REPLAY_CHUNK_TICKS, Math.floor(SLICE_MS / 2 / replayEstimateMs(this.config, 1, 0))));
  }

  /** Estimated milliseconds to replay `ticks` ticks and `actions` actions of this cluster. */
  estimate(ticks, actions = 0) {
    return replayEstimateMs(this.config, ticks, actions);
  }

  /** Run a replay plan (restorePlan, seekPlan) at once. Returns the events. */
  replay(plan) {
    const from = this.sampleFrom(plan.to);
    this.run(plan.quiet, false, from);
    const events = this.run(plan.audible, true, from);
    this.replayed(plan, events);
    return events;
  }

  /**
   * Run a replay plan in slices of about SLICE_MS, the page getting its turn between them.
   * `progress(tick, to)` after each slice; `cancelled()` is asked before each step: the replay
   * then stops where it is (the history kept); so it does, touching nothing, when the session got
   * another handle meanwhile (a reset). Resolves to { cancelled, events } (the newest
   * MAX_EVENTS at least, as the page's list keeps). An error of the core rejects it, as replay()
   * throws.
   * @param {{ progress?: (tick: number, to: number) => void, cancelled?: () => boolean, now?: () => number, pause?: () => Promise<unknown> }} [options]
   */
  replaySliced(plan, options = {}) {
    return replaySliced(this, plan, options);
  }

  /** After a replay: the events list rebuilt from the plan's `loud` tick on, the horizon reached. */
  replayed(plan, events) {
    this.horizon = Math.max(this.horizon, this.at);
    this.events = { items: mergeEvents(eventsBefore(plan.before, Math.min(plan.loud, this.at), events), events), version: this.events.version + 1 };
  }

  /**
   * A user action: one handle call at the current tick, logged for replay. Acting in the past
   * first discards the recorded future. Returns { result, forked } (forked: the tick the history
   * was cut at, or null).
   */
  act(method, args = []) {
    if (typeof method !== "string" || !method) throw new Error(`act: method must be a Cluster method name, got ${JSON.stringify(method)}`);
    if (!Array.isArray(args)) throw new Error(`act: args must be an array, got ${JSON.stringify(args)}`);
    const result = call(this.cluster, method, args, this.words);
    this.stamp++;
    let forked = null;
    if (this.at < this.horizon) {
      this.actions = forkAt(this.actions, this.at);
      this.checkpoints.dropAfter(this.at);
      this.synced = { actions: this.actions, length: this.actions.length };
      this.horizon = forked = this.at;
    }
    this.actions.push({ tick: this.at, method, args });
    return { result, forked };
  }

  /** Run `n` ticks, replaying any recorded actions on the way. Returns the events, oldest first. */
  advance(n) {
    const events = this.run(this.advancePlan(n).audible, true, this.sampleFrom(this.at + n));
    this.horizon = Math.max(this.horizon, this.at);
    if (events.length) this.events = { items: mergeEvents(this.events.items, events), version: this.events.version + 1 };
    return events;
  }

  /**
   * Go to tick `to` of this history (clamped to 0 … horizon). Forward with no checkpoint on the
   * way: keep stepping. Back, or forward past a checkpoint: a copy of the nearest checkpoint at
   * or before it (a new handle at tick 0 if none) and the log replayed from there, exactly.
   * Returns { from, to, restored }.
   */
  seek(to) {
    const plan = this.seekPlan(to);
    if (plan.ops) this.replay(plan.ops);
    return plan.result;
  }

  /**
   * seek()'s first half: the handle set to where the replay starts, and the replay to run
   * (`ops`: for replay() or replaySliced(); null when already there). Returns { result, ops }.
   */
  seekPlan(to) {
    if (typeof to !== "number" || Number.isNaN(to)) throw new Error(`seek: the tick must be a number, got ${to}`);
    const from = this.at;
    const target = Math.max(0, Math.min(this.horizon, Math.round(to)));
    if (target === from) return { result: { from, to: target, restored: false }, ops: null };
    this.stamp++;
    this.sync();
    if (target > from && !(this.checkpoints.nearest(target)?.tick > from)) return { result: { from, to: target, restored: false }, ops: this.advancePlan(target - from) };
    let restored = this.checkpoints.restore(target);
    if (!restored) {
      restored = { tick: 0, handle: new this.Cluster(this.config) };
      this.checkpoints.clear();
      this.checkpoints.add(0, restored.handle);
    }
    const before = this.events.items;
    this.replace(restored.handle, restored.tick);
    // Without events up to `loud` (the list has those: the history up to there is the same), then
    // with them, so the list is rebuilt from `loud` on exactly.
    const plan = seekPlan(this.actions, restored.tick, target, { includeFrom: true, every: this.checkpoints.every, chunk: this.chunk() });
    return { result: { from, to: target, restored: true }, ops: { ...plan, to: target, before, estimateMs: this.estimate(target - restored.tick) } };
  }

  /** advance(n) as a replay plan (for replaySliced: `?ticks=N` on a large cluster). */
  advancePlan(n) {
    if (!Number.isInteger(n) || n < 0) throw new Error(`advance: n must be an integer ≥ 0, got ${n}`);
    this.stamp++;
    const audible = replayPlan(this.actions, this.at, this.at + n, { every: this.checkpoints.every, chunk: this.chunk() });
    return { loud: this.at, quiet: [], audible, to: this.at + n, before: this.events.items, estimateMs: this.estimate(n) };
  }

  /** The core's snapshot (options as Cluster.snapshot takes them). */
  snapshot(opts) {
    return opts === undefined ? this.cluster.snapshot() : this.cluster.snapshot(opts);
  }

  /** A checkpoint of the scenario language (`p0.hw == 2`) against the current state: the core's { ok, … }. */
  expect(text) {
    return this.cluster.expect(text);
  }

  /**
   * The trace's parts at this moment: config, actions, tick, horizon, every event from tick 0
   * (replayed on a throwaway handle: the events list keeps only the newest) and the full snapshot.
   */
  trace() {
    const events = [];
    const replay = new this.Cluster(this.config);
    try {
      for (const op of replayPlan(this.actions, 0, this.at, { includeFrom: true })) {
        if (op.apply) call(replay, op.apply.method, op.apply.args, this.words);
        else if (op.step) for (const e of replay.step(op.step) ?? []) events.push(e);
      }
    } finally {
      replay.free();
    }
    return { config: this.config, actions: this.actions, tick: this.at, horizon: this.horizon, events, snapshot: this.cluster.snapshot() };
  }

  /**
   * After a trap: forget the handle and the checkpoints (core.js reinstantiate disarms them: a
   * free() then throws, it never reaches the next instance). restore() or reset() gives the
   * session a handle again.
   */
  drop() {
    this.checkpoints.clear();
    this.cluster = null;
  }

  /** Free the handle and the checkpoints (the session is not used after). */
  free() {
    sessions.delete(this);
    this.checkpoints.clear();
    freeHandle(this.cluster);
    this.cluster = null;
  }

  // ---------------------------------------------------------------- internals

  /** Make `next` the handle, at `tick`. */
  replace(next, tick) {
    freeHandle(this.cluster);
    // A checkpoint's fork keeps the option it was taken with: set it to the page's.
    next.setDebug(debugOn);
    this.cluster = next;
    this.at = tick;
    this.stamp++;
    this.events = { items: [], version: this.events.version + 1 };
  }

  /** The tick after which a run towards `to` samples (see `sampler`); Infinity without a sampler. */
  sampleFrom(to) {
    return this.sampler ? to - this.sampler.window : Infinity;
  }

  /**
   * Run replay operations on the handle; the events of the steps (none with `withEvents` false).
   * The ticks after `sampleFrom` are stepped one at a time, sampled as `sampler` says.
   */
  run(ops, withEvents = true, sampleFrom = Infinity) {
    this.sync();
    const sample = () => this.at > sampleFrom && this.sampler.sample(this);
    return runPlan(this.cluster, splitAfter(ops, this.at, sampleFrom), {
      apply: (cluster, a) => {
        const r = call(cluster, a.method, a.args, this.words);
        sample();
        return r;
      },
      checkpoints: this.checkpoints,
      onStep: (n, events) => {
        this.at += n;
        if (events.length) sample();
      },
      events: withEvents,
    });
  }

  /**
   * Keep the checkpoints consistent with the action log when it changed outside act (the test
   * hook's `actions` is the live log: tests and the benchmark append to it): those after the
   * first new action's tick no longer describe this history. One at tick t is taken before the
   * actions at t, so the ones at that tick stay valid.
   */
  sync() {
    const log = this.actions;
    const seen = this.synced;
    if (log !== seen.actions || log.length < seen.length) this.checkpoints.dropAfter(0);
    else if (log.length > seen.length) {
      let from = Infinity;
      for (let i = seen.length; i < log.length; i++) from = Math.min(from, log[i].tick);
      this.checkpoints.dropAfter(from);
    }
    this.synced = { actions: log, length: log.length };
  }
}

/** Call a handle method that changes the cluster (the core validates the arguments). */
function call(cluster, method, args, t) {
  const fn = cluster[method];
  if (typeof fn !== "function") throw new Error(t("main.noMethod", { method }));
  return fn.apply(cluster, args);
}

/**
 * The steps of `steps`, their fractions mapped onto `from`…1; its value.
 * @template T
 * @param {Generator<number, T, void>} steps
 * @returns {Generator<number, T, void>}
 */
function* scaled(steps, from) {
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
    yield from + (1 - from) * /** @type {number} */ (r.value);
  }
}

function freeHandle(handle) {
  try {
    handle?.free();
  } catch {
    /* a handle poisoned by a panic may refuse; it is dropped either way */
  }
}

/**
 * The events of `items` (newest first) that a replay from tick `from` does not produce again:
 * those before `from`, and those at `from` not among the replay's `events` (the ones the actions
 * at `from` cause are drained by its first step).
 */
function eventsBefore(items, from, events) {
  const key = (e) => `${e.kind}|${e.partition}|${e.broker}|${e.text}`;
  const again = new Set(events.filter((e) => e.tick === from).map(key));
  return items.filter((e) => e.tick < from || (e.tick === from && !again.has(key(e))));
}
