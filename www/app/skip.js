// "Next change": play on, tick by tick, until the core reports a change a reader waits for (an
// ISR shrink or expand, a leader change or election, an acknowledgement or a failed request, a
// truncation, a ZooKeeper session expiry), so nobody watches 45 s of nothing after a crash. The
// rules stay in the core: this only reads the kinds of the events step() returns (docs/api.md).

/** The event kinds that stop the skip. */
export const CHANGE_KINDS = new Set([
  "isr-shrink",
  "isr-expand",
  "leader",
  "leader-election",
  "truncate",
  "lost-unflushed",
  "request-acked",
  "request-failed",
  "zk-session-expired",
  "controller",
]);

/** The longest skip, in ticks (10 minutes of Kafka time): past it, nothing is coming. */
export const MAX_SKIP_TICKS = 6000;

/** True for an event (from step()) that a skip stops at. */
export function isChange(event) {
  if (!event || typeof event.kind !== "string") throw new Error("isChange: event must be an object with a string kind (an event from step())");
  return CHANGE_KINDS.has(event.kind);
}

/**
 * Call `stepOne()` (one tick; returns that tick's events) until a tick brings a change or
 * `max` ticks have passed. Returns { ticks, events (all of them, oldest first), change (the
 * first change event, or null) }.
 */
export function skipToChange(stepOne, max = MAX_SKIP_TICKS) {
  if (typeof stepOne !== "function") throw new Error("skipToChange: stepOne must be a function returning the tick's events");
  if (!Number.isInteger(max) || max < 1) throw new Error(`skipToChange: max must be a whole number of ticks ≥ 1, got ${max}`);
  const events = [];
  for (let ticks = 1; ticks <= max; ticks++) {
    const tickEvents = stepOne();
    if (!Array.isArray(tickEvents)) throw new Error("skipToChange: stepOne must return an array of events");
    events.push(...tickEvents);
    const change = tickEvents.find(isChange);
    if (change) return { ticks, events, change };
  }
  return { ticks: max, events, change: null };
}
