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
  const samples = hist.samples.filter((s) => s.parts[partition]);
  const brokers = [];
  for (const s of samples) for (const [b] of s.parts[partition].leos) if (!brokers.includes(b)) brokers.push(b);
  const leoAt = (s, b) => s.parts[partition].leos.find(([x]) => x === b)?.[1] ?? null;
  return {
    ticks: samples.map((s) => s.tick),
    hw: samples.map((s) => (s.parts[partition].hw >= 0 ? s.parts[partition].hw : null)),
    leos: new Map(brokers.map((b) => [b, samples.map((s) => leoAt(s, b))])),
  };
}

/**
 * The chart's drawing for a series in a width × height box (px): step-line path data for the HW
 * and for each LEO (offsets change in steps), the y range and the last values for the labels.
 * The y axis starts at the smallest value shown, so small differences between replicas stay
 * visible on long logs.
 */
export function chartGeometry(series, width, height, pad = { left: 4, right: 40, top: 6, bottom: 6 }) {
  const { ticks } = series;
  const all = [...series.hw, ...[...series.leos.values()].flat()].filter((v) => v !== null);
  if (ticks.length === 0 || all.length === 0) return null;
  const yMin = Math.min(...all);
  const yMax = Math.max(yMin + 1, Math.max(...all));
  const x0 = ticks[0];
  const x1 = Math.max(x0 + 1, ticks.at(-1));
  const sx = (t) => round(pad.left + ((t - x0) / (x1 - x0)) * (width - pad.left - pad.right));
  const sy = (v) => round(height - pad.bottom - ((v - yMin) / (yMax - yMin)) * (height - pad.top - pad.bottom));
  const path = (values) => {
    let d = "";
    let prevY = null;
    values.forEach((v, i) => {
      if (v === null) {
        prevY = null;
        return;
      }
      const x = sx(ticks[i]);
      const y = sy(v);
      d += prevY === null ? `M${x},${y}` : `H${x}V${y}`;
      prevY = y;
    });
    return d;
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
