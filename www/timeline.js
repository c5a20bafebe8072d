// The time-travel bookkeeping of main.js, as pure functions (unit-tested in tests/unit/).
//
// The core is deterministic: the state at tick t is a function of the config and of the user's
// actions before t. So the page keeps an action log [{tick, method, args}] instead of snapshots,
// and going back to t means `new Cluster(config)` + replaying the log up to t. An action at tick t
// is applied after the cluster has reached t and before it steps past it, so "the state at t"
// includes every action taken at t.

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
 * actions on the way: a list of { step: n } (n ≤ chunk) and { apply: action }. Actions at tick
 * `from` itself are included only with `includeFrom` (a fresh cluster at tick 0 has not applied
 * them yet; a running one already has). `actions` is in tick order, as the log is appended.
 */
export function replayPlan(actions, from, to, { includeFrom = false, chunk = REPLAY_CHUNK_TICKS } = {}) {
  const ops = [];
  let at = from;
  const stepTo = (t) => {
    while (at < t) {
      const n = Math.min(chunk, t - at);
      ops.push({ step: n });
      at += n;
    }
  };
  // The log only grows at its end (or is cut by forkAt), so the start is found by bisection:
  // a long session's log is not walked from the beginning every frame.
  for (let i = firstAfter(actions, includeFrom ? from - 1 : from); i < actions.length; i++) {
    const a = actions[i];
    if (a.tick > to) break;
    stepTo(a.tick);
    ops.push({ apply: a });
  }
  stepTo(to);
  return ops;
}

/**
 * The broker links cut at `tick`: a Set of linkKey(a, b), from the cut / heal actions applied up
 * to that tick. The page draws cut links from its own log because it is the record of what the
 * user did to the network; broker-level isolation is drawn from the broker's status instead.
 */
export function cutLinksAt(actions, tick) {
  const cuts = new Set();
  for (const a of actions) {
    if (a.tick > tick) break;
    if (a.method === "cut") cuts.add(linkKey(a.args[0], a.args[1]));
    else if (a.method === "heal") cuts.delete(linkKey(a.args[0], a.args[1]));
  }
  return cuts;
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
