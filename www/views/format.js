// Formatting for the views (times, countdowns, id sets, acks, the speed slider): pure, no DOM,
// no wasm. Re-exported by model.js, where the views import it from; unit-tested in
// tests/unit/model.test.mjs.

import { t } from "../i18n.js";

// ---------------------------------------------------------------- formatting

/** 12345 → "12.3 s" (Kafka time, one decimal). */
export function formatSeconds(ms) {
  if (!Number.isFinite(ms)) return "–";
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A duration for request latencies: 80 → "80 ms", 1500 → "1.5 s". */
export function formatDuration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return formatSeconds(ms);
}

/**
 * The step a lag clock moves in: whole seconds once replica.lag.time.max.ms is 10 s or more
 * (Kafka's defaults are 10 s, and 30 s since 2.5), tenths below. A healthy follower catches up
 * on every fetch, so its clock rests at 0 instead of changing on every tick (issue #6).
 */
export function lagClockStep(maxMs) {
  return maxMs >= 10000 ? 1000 : 100;
}

/** sinceMs rounded down to the lag clock's step (it never shows the limit before it is reached). */
export function lagClockShown(sinceMs, maxMs) {
  const step = lagClockStep(maxMs);
  return Math.floor(Math.max(0, sinceMs) / step) * step;
}

/** The share of replica.lag.time.max.ms the lag clock shows (its ring and the row's label): 0…1, in the clock's steps. */
export function lagClockFraction(sinceMs, maxMs) {
  return Math.min(1, lagClockShown(sinceMs, maxMs) / maxMs);
}

/** Time since a follower last caught up, out of the limit: (1200, 2500) → "1.2/2.5 s", (1200, 10000) → "1/10 s". */
export function formatLagTime(sinceMs, maxMs) {
  if (!Number.isFinite(sinceMs) || !Number.isFinite(maxMs)) return "";
  const max = maxMs / 1000;
  const shown = lagClockShown(sinceMs, maxMs) / 1000;
  return `${shown.toFixed(lagClockStep(maxMs) >= 1000 ? 0 : 1)}/${Number.isInteger(max) ? max : max.toFixed(1)} s`;
}

/**
 * A countdown as a clock of `totalMs` shows it: `ms` rounded up to the clock's step
 * (lagClockStep), so it never reads 0 before the time is up and changes once a step, not on
 * every tick. (11900, 18000) → 12000.
 */
export function countdownShown(ms, totalMs) {
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`ms: must be a time left in ms (a number ≥ 0), got ${ms}`);
  if (!(totalMs > 0)) throw new Error(`totalMs: must be the clock's whole time in ms (a number > 0), got ${totalMs}`);
  const step = lagClockStep(totalMs);
  return Math.ceil(ms / step) * step;
}

/** A countdown's time left in words: (12000, 18000) → "12 s", (1500, 3000) → "1.5 s" (after countdownShown). */
export function formatCountdown(ms, totalMs) {
  const shown = countdownShown(ms, totalMs) / 1000;
  return `${shown.toFixed(lagClockStep(totalMs) >= 1000 ? 0 : 1)} s`;
}

/** "0,1,2" style set, as Kafka prints an ISR: [1, 3] → "{1,3}". */
export function formatIdSet(ids) {
  return `{${(ids ?? []).join(",")}}`;
}

/** acks as the producer config spells it. */
export function formatAcks(acks) {
  return acks === "all" || acks === -1 || acks === "-1" ? "all" : String(acks);
}

/** The value of the acks <select> → what Cluster.produce accepts (0 | 1 | "all"). */
export function parseAcks(value) {
  const v = String(value).trim();
  if (v === "all" || v === "-1") return "all";
  if (v === "0") return 0;
  if (v === "1") return 1;
  return v; // let the core reject it with its own message
}

// ---------------------------------------------------------------- speed slider

// The speed slider is logarithmic: position p in [-0.5, 3] ↦ 10^p ticks per second (0.3 … 1000).
// At 100 ms per tick, 10 ticks/s is Kafka time at 1×; below it messages are slow enough to follow.
export const SPEED_SLIDER_MIN = -0.5;
export const SPEED_SLIDER_MAX = 3;

/** Slider position → ticks per second, rounded to two significant digits. */
export function speedFromSlider(pos) {
  const p = Math.min(SPEED_SLIDER_MAX, Math.max(SPEED_SLIDER_MIN, Number(pos)));
  const raw = 10 ** p;
  const digits = raw < 10 ? 1 : 0;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const rounded = Math.round(raw / mag * 10) / 10 * mag; // two significant digits
  return Number(rounded.toFixed(digits));
}

/** "10 ticks/s · 1× Kafka time" for a tick length in ms. */
export function formatSpeed(tps, tickMs = 100) {
  const factor = (tps * tickMs) / 1000;
  const f = factor >= 10 ? Math.round(factor) : Number(factor.toFixed(factor < 1 ? 2 : 1));
  return t("speed", { tps, factor: f });
}

/**
 * The rAF loop's tick budget: how many whole ticks to run for `dtMs` of wall time at `tps`,
 * carrying the fraction over. dt is clamped (a backgrounded tab must not replay minutes at once).
 * Returns { ticks, carry }.
 */
export function ticksForFrame(dtMs, tps, carry = 0, maxDtMs = 250) {
  const dt = Math.min(Math.max(0, dtMs), maxDtMs);
  const budget = carry + (dt * tps) / 1000;
  const ticks = Math.floor(budget);
  return { ticks, carry: budget - ticks };
}

/**
 * What the lag ring means under this config, said where it is drawn (the stats head's and each
 * lag box's title): the leader checks every half of replica.lag.time.max.ms (Kafka's
 * isr-expiration task), and a broker that stops heart-beating leaves earlier when its ZooKeeper
 * session expires first.
 */
export function ringHelp(m) {
  const vars = { max: formatSeconds(m.lagMaxMs), half: formatSeconds(m.lagMaxMs / 2), zk: formatSeconds(m.zkSessionMs) };
  return t(Number.isFinite(m.zkSessionMs) && m.zkSessionMs < m.lagMaxMs ? "ring.help.zk" : "ring.help", vars);
}

/** ok / warn (half the time used) / over (past replica.lag.time.max.ms): the clock's colour. */
export function lagState(lagTime) {
  return lagTime.over ? "over" : lagTime.fraction >= 0.5 ? "warn" : "ok";
}
