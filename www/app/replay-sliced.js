// Session.replaySliced: a replay plan run in slices of about SLICE_MS, so that opening a long
// share link or a far seek never freezes the page (#17).

import { SLICE_MS, yieldToPage } from "./slices.js";
import { MAX_EVENTS } from "../views/model.js";

/**
 * Run `plan` on `session` in slices (Session.replaySliced documents the options and the result).
 * @param {import("./session.js").Session} session
 * @param {any} plan
 * @param {{ progress?: (tick: number, to: number) => void, cancelled?: () => boolean, now?: () => number, pause?: () => Promise<unknown> }} [options]
 */
export async function replaySliced(session, plan, options = {}) {
  const { progress = () => {}, cancelled = () => false, now = () => performance.now(), pause = yieldToPage } = options;
  const from = session.sampleFrom(plan.to);
  // Split as they come (the ticks sampled one by one are sliced too), not up front: a long
  // history's plan has hundreds of thousands of operations.
  const ops = tagged(splitAfter(plan.quiet, session.at, from), splitAfter(plan.audible, plan.loud, from));
  const events = [];
  // A reset or another seek meanwhile gives the session a new handle: this replay is then stale.
  const handle = session.cluster;
  await pause(); // the page draws what it has first (the plan was made in this task)
  if (session.cluster !== handle) return { cancelled: true, events };
  let start = now();
  /** The page's turn once `ms` more would pass the slice; false when the replay went stale meanwhile. */
  const turn = async (ms) => {
    if (now() - start + ms <= SLICE_MS) return true;
    progress(session.at, plan.to);
    await pause();
    start = now();
    return session.cluster === handle;
  };
  // Milliseconds per tick as measured (null: not yet). A step of the plan is sized by the
  // estimate, which can be far off (a large cluster, a busy machine): it runs in pieces sized by
  // the measured cost instead, so that no piece takes more than half a slice.
  let perTick = null;
  for (const [op, loud] of ops) {
    if (!op.step) {
      // Thousands of actions at one tick are sliced too (but not cancelled: see below).
      if (!(await turn(0))) return { cancelled: true, events };
      session.run([op], loud, from);
      continue;
    }
    for (let left = op.step; left > 0; ) {
      const n = perTick === null ? 1 : Math.min(left, Math.max(1, Math.floor(SLICE_MS / 2 / Math.max(perTick, 1e-6))));
      if (!(await turn(n * (perTick ?? 0)))) return { cancelled: true, events };
      // Cancelled only before a step: the actions at this tick are applied (a replay on from
      // here skips them; a step of the plan spans no action).
      if (cancelled()) {
        session.replayed(plan, events);
        return { cancelled: true, events };
      }
      const t0 = now();
      for (const e of session.run([{ step: n }], loud, from)) events.push(e);
      // The page's list keeps the newest MAX_EVENTS (mergeEvents): a long replay holding every
      // event (millions) spent its slices collecting garbage.
      if (events.length > 2 * MAX_EVENTS) events.splice(0, events.length - MAX_EVENTS);
      perTick = (now() - t0) / n;
      left -= n;
    }
  }
  session.replayed(plan, events);
  return { cancelled: false, events };
}

/** `ops` (starting at tick `at`) with their steps past tick `from` split into steps of one tick, with events. */
export function splitAfter(ops, at, from) {
  return from === Infinity ? ops : splitSteps(ops, at, from);
}

/** splitAfter's split, operation by operation. */
function* splitSteps(ops, at, from) {
  for (const op of ops) {
    if (!op.step) {
      yield op;
      continue;
    }
    const head = Math.min(op.step, Math.max(0, from - at));
    if (head > 0) yield { step: head };
    for (let k = head; k < op.step; k++) yield { step: 1, events: true };
    at += op.step;
  }
}

/** The quiet operations, then the audible ones, each with whether it is audible. */
function* tagged(quiet, audible) {
  for (const op of quiet) yield [op, false];
  for (const op of audible) yield [op, true];
}
