// The HW-history samples behind the per-partition charts: a bounded ring buffer filled from the
// successive snapshots the app draws (the core keeps no history) and, during a jump (a lesson
// stop, a share link, a seek), from the core's snapshots at each tick the replay passes
// (historySampler). Pure data, unit-tested.
//
// History is deterministic, so samples at or before a tick stay true when the user seeks back to
// it (truncateAfter); a jump forward further than the samples kept, or a new cluster, clears them
// (there would be a gap).

/** Samples kept: at one sample per drawn frame, a few hundred ticks of Kafka time. */
export const HISTORY_SAMPLES = 240;

/**
 * `version` bumps on every change, so the charts can skip redrawing an unchanged history;
 * `revision` on every change but a new sample (the charts' paths are then rebuilt).
 */
export function createHistory(capacity = HISTORY_SAMPLES) {
  return { capacity, samples: [], version: 0, revision: 0 };
}

/**
 * Add the snapshot's per-partition leader HW and replica LEOs, once per tick (a redraw of the
 * same tick replaces its sample). A snapshot older than the last sample means the history went
 * back (a seek, a replay from tick 0): the samples after it go first. Oldest samples drop off
 * past the capacity.
 */
export function recordSample(hist, snap) {
  if (hist.samples.length && hist.samples.at(-1).tick > snap.tick) truncateAfter(hist, snap.tick);
  const last = hist.samples.at(-1);
  hist.version++;
  if (last && last.tick === snap.tick) {
    hist.samples[hist.samples.length - 1] = sampleOf(snap); // an action at this tick
    hist.revision++;
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

/**
 * A Session sampler (app/session.js `sampler`) that records into `hist` each of the last
 * `hist.capacity` ticks a replay or an advance passes, from the core's own snapshot at that tick
 * (no records or requests: the chart needs the HW and the LEOs only).
 */
export function historySampler(hist) {
  if (!Array.isArray(hist?.samples)) throw new Error(`historySampler: hist must be a history from createHistory(), got ${JSON.stringify(hist)}`);
  return { window: hist.capacity, sample: (session) => recordSample(hist, session.snapshot({ records: 0, requests: 0 })) };
}

/** Drop the samples after `tick` (the user went back to it). */
export function truncateAfter(hist, tick) {
  let n = hist.samples.length;
  while (n > 0 && hist.samples[n - 1].tick > tick) n--;
  hist.samples.length = n;
  hist.version++;
  hist.revision++;
  return hist;
}

export function clearHistory(hist) {
  hist.samples.length = 0;
  hist.version++;
  hist.revision++;
  return hist;
}

/**
 * What one partition's chart shows now: the tick range of the samples, the value range of its
 * HW and LEOs (the y axis starts at the smallest value shown, so small differences between
 * replicas stay visible on long logs), and the latest values. Null when there is nothing to draw.
 */
export function chartWindow(hist, partition) {
  let lo = Infinity;
  let hi = -Infinity;
  let count = 0;
  // Indexed loops: this runs over every sample of every chart on every tick.
  const samples = hist.samples;
  for (let i = 0; i < samples.length; i++) {
    const p = samples[i].parts[partition];
    if (!p) continue;
    count++;
    if (p.hw >= 0) {
      if (p.hw < lo) lo = p.hw;
      if (p.hw > hi) hi = p.hw;
    }
    const leos = p.leos;
    for (let j = 0; j < leos.length; j++) {
      const leo = leos[j][1];
      if (leo < lo) lo = leo;
      if (leo > hi) hi = leo;
    }
  }
  if (count === 0 || lo === Infinity) return null;
  const first = hist.samples.find((s) => s.parts[partition]);
  const last = hist.samples.findLast((s) => s.parts[partition]);
  const p = last.parts[partition];
  return {
    tickMin: first.tick,
    tickMax: last.tick,
    yMin: lo,
    yMax: Math.max(lo + 1, hi),
    hw: p.hw >= 0 ? p.hw : null,
    leos: p.leos.map(([broker, leo]) => ({ broker, leo })),
  };
}

/**
 * The SVG transform from data space (x = tick − base.tick, y = value − base.value) to a plot of
 * `width` × `height` px with `pad` px inside its top and bottom edges: the window's first tick at
 * x 0, its last at `width`, its smallest value at the bottom.
 */
export function chartTransform(win, base, width, height, pad = 6) {
  const sx = width / Math.max(1, win.tickMax - win.tickMin);
  const sy = (height - 2 * pad) / (win.yMax - win.yMin);
  const e = (base.tick - win.tickMin) * sx;
  const f = height - pad - (base.value - win.yMin) * sy;
  return { sx, sy, e, f, y: (v) => f - (v - base.value) * sy };
}

/**
 * The transform as an SVG attribute. The scales keep 6 significant digits, not a number of
 * decimals: a window of 24 000 ticks or a million offsets has scales far below 0.001 px.
 */
export function transformAttr(tf) {
  const sig = (v) => Number(v.toPrecision(6));
  const px = (v) => Math.round(v * 1000) / 1000;
  return `matrix(${sig(tf.sx)} 0 0 ${sig(-tf.sy)} ${px(tf.e)} ${px(tf.f)})`;
}

/** The chart's line ids: "hw" for the leader's HW, a broker id for that replica's LEO. */
export const HW = "hw";

/**
 * Step-line paths of one partition in data space relative to `base` (small numbers whatever
 * the offsets), built once and then extended by each new sample (extendPaths): a tick costs its
 * own sample, not the whole window, and a line that did not move keeps its path data
 * (`changes` counts the moves, so a chart can tell its paths are as drawn). Samples
 * that scroll off the window stay in the paths (the plot clips them) until the next rebuild.
 */
export function createPaths(hist, partition) {
  const first = hist.samples.find((s) => s.parts[partition]);
  const base = { tick: first?.tick ?? 0, value: 0 };
  if (first) {
    const p = first.parts[partition];
    base.value = Math.min(p.hw >= 0 ? p.hw : Infinity, ...p.leos.map(([, leo]) => leo));
    if (base.value === Infinity) base.value = 0;
  }
  // Lines that stay flat run on to `horizon` (data space), far past the window's right edge; the
  // paths are rebuilt before the window gets half way there.
  const span = (hist.samples.at(-1)?.tick ?? 0) - base.tick;
  const horizon = 4 * Math.max(hist.capacity, span) + 1000;
  const paths = { partition, base, horizon, lines: new Map(), revision: hist.revision, lastTick: -Infinity, samples: 0, changes: 0 };
  extendPaths(paths, hist, partition);
  return paths;
}

/**
 * Add the samples newer than the paths' last one. False when the paths cannot be extended and
 * must be rebuilt: the history changed other than by new samples (a seek back, a redraw of the
 * same tick, a reset), they would hold twice the history's capacity (old samples off the
 * window), or the window would come half way to their horizon.
 */
export function extendPaths(paths, hist, partition) {
  if (paths.revision !== hist.revision) return false;
  let i = hist.samples.length;
  while (i > 0 && hist.samples[i - 1].tick > paths.lastTick) i--;
  if (paths.samples + hist.samples.length - i > 2 * hist.capacity) return false;
  if ((hist.samples.at(-1)?.tick ?? 0) - paths.base.tick > paths.horizon / 2) return false;
  for (; i < hist.samples.length; i++) {
    const s = hist.samples[i];
    const p = s.parts[partition];
    if (!p) continue;
    const seen = new Set();
    stepTo(paths, HW, s.tick, p.hw >= 0 ? p.hw : null);
    for (const [broker, leo] of p.leos) {
      seen.add(broker);
      stepTo(paths, broker, s.tick, leo);
    }
    for (const id of paths.lines.keys()) if (id !== HW && !seen.has(id)) stepTo(paths, id, s.tick, null);
    paths.lastTick = s.tick;
    paths.samples++;
  }
  return true;
}

/** One line's next value (null: no value at this sample, which ends the line until the next). */
function stepTo(paths, id, tick, value) {
  let line = paths.lines.get(id);
  if (!line) {
    if (value === null) return;
    line = { d: "", value: null, tick: null };
    paths.lines.set(id, line);
  }
  const x = tick - paths.base.tick;
  if (value === null) {
    if (line.value !== null) line.d += `H${line.tick - paths.base.tick}`;
  } else if (line.value === null) line.d += `M${x},${value - paths.base.value}`;
  else if (value !== line.value) line.d += `H${x}V${value - paths.base.value}`;
  if (value !== line.value) paths.changes++;
  line.value = value;
  if (value !== null) line.tick = tick;
}

/**
 * A line's path data ("" for a line never drawn). One that has a value at the last sample runs
 * on to the horizon, so it needs no new data while it stays flat.
 */
export function pathData(paths, id) {
  const line = paths.lines.get(id);
  if (!line) return "";
  return line.value === null ? line.d : `${line.d}H${paths.horizon}`;
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

