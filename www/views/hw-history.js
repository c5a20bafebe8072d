// The HW-history samples behind the per-partition charts: a bounded ring buffer filled from the
// successive snapshots main.js draws (the core keeps no history). Pure data, unit-tested.
//
// History is deterministic, so samples at or before a tick stay true when the user seeks back to
// it (truncateAfter); a jump forward or a new cluster clears them (there would be a gap).

/** Samples kept: at one sample per drawn frame, a few hundred ticks of Kafka time. */
export const HISTORY_SAMPLES = 240;

/** `version` bumps on every change, so the charts can skip redrawing an unchanged history. */
export function createHistory(capacity = HISTORY_SAMPLES) {
  return { capacity, samples: [], version: 0 };
}

/**
 * Add the snapshot's per-partition leader HW and replica LEOs, once per tick (a redraw of the
 * same tick adds nothing). Oldest samples drop off past the capacity.
 */
export function recordSample(hist, snap) {
  const last = hist.samples.at(-1);
  hist.version++;
  if (last && last.tick >= snap.tick) {
    if (last.tick === snap.tick) hist.samples[hist.samples.length - 1] = sampleOf(snap); // an action at this tick
    return hist;
  }
  hist.samples.push(sampleOf(snap));
  if (hist.samples.length > hist.capacity) hist.samples.splice(0, hist.samples.length - hist.capacity);
  return hist;
}

function sampleOf(snap) {
  return {
    tick: snap.tick,
    parts: snap.partitions.map((p) => ({ hw: p.hw, leos: p.logs.map((l) => [l.broker, l.leo]) })),
  };
}

/** Drop the samples after `tick` (the user went back to it). */
export function truncateAfter(hist, tick) {
  let n = hist.samples.length;
  while (n > 0 && hist.samples[n - 1].tick > tick) n--;
  hist.samples.length = n;
  hist.version++;
  return hist;
}

export function clearHistory(hist) {
  hist.samples.length = 0;
  hist.version++;
  return hist;
}

/**
 * One partition's series: ticks, the leader HW (null while there is no leader) and each
 * replica's LEO, aligned by sample.
 */
export function partitionSeries(hist, partition) {
  // One pass (it runs for every partition on every frame): each broker's values are padded with
  // null for the samples before it first appears and those it is missing from.
  const ticks = [];
  const hw = [];
  const leos = new Map();
  for (const s of hist.samples) {
    const p = s.parts[partition];
    if (!p) continue;
    ticks.push(s.tick);
    hw.push(p.hw >= 0 ? p.hw : null);
    for (const [b, leo] of p.leos) {
      let values = leos.get(b);
      if (!values) leos.set(b, (values = new Array(ticks.length - 1).fill(null)));
      values.push(leo);
    }
    for (const values of leos.values()) if (values.length < ticks.length) values.push(null);
  }
  return { ticks, hw, leos };
}

/**
 * The chart's drawing for a series in a width × height box (px): step-line path data for the HW
 * and for each LEO (offsets change in steps), the y range and the last values for the labels.
 * The y axis starts at the smallest value shown, so small differences between replicas stay
 * visible on long logs.
 */
export function chartGeometry(series, width, height, pad = { left: 4, right: 40, top: 6, bottom: 6 }) {
  const { ticks } = series;
  let lo = Infinity;
  let hi = -Infinity;
  for (const values of [series.hw, ...series.leos.values()]) {
    for (const v of values) {
      if (v === null) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (ticks.length === 0 || lo === Infinity) return null;
  const yMin = lo;
  const yMax = Math.max(yMin + 1, hi);
  const x0 = ticks[0];
  const x1 = Math.max(x0 + 1, ticks.at(-1));
  const sx = (t) => round(pad.left + ((t - x0) / (x1 - x0)) * (width - pad.left - pad.right));
  const sy = (v) => round(height - pad.bottom - ((v - yMin) / (yMax - yMin)) * (height - pad.top - pad.bottom));
  // A run of equal values is one horizontal segment, and coordinates are computed only where
  // the line turns (the path is redrawn every frame: fewer numbers to format and parse).
  const path = (values) => {
    let d = "";
    let prevV = null;
    let prevY = null;
    let runEnd = -1; // the last index of a horizontal run not yet written
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null) {
        if (runEnd >= 0) d += `H${sx(ticks[runEnd])}`;
        prevV = prevY = null;
        runEnd = -1;
        continue;
      }
      const y = v === prevV ? prevY : sy(v);
      if (prevY === null) d += `M${sx(ticks[i])},${y}`;
      else if (y !== prevY) d += `H${sx(ticks[i])}V${y}`;
      runEnd = prevY !== null && y === prevY ? i : -1;
      prevV = v;
      prevY = y;
    }
    return runEnd >= 0 ? `${d}H${sx(ticks[runEnd])}` : d;
  };
  const last = (values) => {
    for (let i = values.length - 1; i >= 0; i--) if (values[i] !== null) return values[i];
    return null;
  };
  return {
    yMin,
    yMax,
    tickMin: x0,
    tickMax: ticks.at(-1),
    hw: { d: path(series.hw), last: last(series.hw), y: last(series.hw) === null ? null : sy(last(series.hw)) },
    leos: [...series.leos].map(([broker, values]) => ({ broker, d: path(values), last: last(values), y: last(values) === null ? null : sy(last(values)) })),
  };
}

/**
 * Vertical positions for end-of-line labels that would overlap: keeps their order, pushes them
 * apart to at least `gap` px and inside [min, max]. `ys` in, positions out (same order).
 */
export function spreadLabels(ys, gap, min, max) {
  const order = ys.map((y, i) => [y, i]).sort((a, b) => a[0] - b[0]);
  const out = new Array(ys.length);
  let prev = -Infinity;
  for (const [y, i] of order) {
    out[i] = Math.max(y, prev + gap, min);
    prev = out[i];
  }
  // Shift the whole stack up if it ran past the bottom.
  const over = prev - max;
  if (over > 0) for (let i = 0; i < out.length; i++) out[i] = Math.max(min, out[i] - over);
  return out;
}

function round(v) {
  return Math.round(v * 10) / 10;
}
