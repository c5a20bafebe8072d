// The HW-history samples behind the per-partition charts: a bounded ring buffer filled from the
// successive snapshots main.js draws (the core keeps no history), and the charts' geometry in
// pixels. Pure data, unit-tested.
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
 * What one partition's chart shows now: the tick range of the samples, the value range of its
 * HW and LEOs (the y axis starts at the smallest value shown, so small differences between
 * replicas stay visible on long logs), and the latest values. Null when there is nothing to draw.
 */
export function chartWindow(hist, partition) {
  let lo = Infinity;
  let hi = -Infinity;
  let count = 0;
  for (const s of hist.samples) {
    const p = s.parts[partition];
    if (!p) continue;
    count++;
    if (p.hw >= 0) {
      if (p.hw < lo) lo = p.hw;
      if (p.hw > hi) hi = p.hw;
    }
    for (const [, leo] of p.leos) {
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

/** The chart's line ids: "hw" for the leader's HW, a broker id for that replica's LEO. */
export const HW = "hw";

/**
 * The mapping of `win` (chartWindow) onto a plot in px: its first tick at x `left`, its last at
 * `right`, its smallest value at y `bottom`, its largest at `top`. Rounded to whole px, so that
 * lines land on the pixel grid and a run of samples in one pixel repeats its point.
 */
export function chartScale(win, { left, right, top, bottom }) {
  const sx = (right - left) / Math.max(1, win.tickMax - win.tickMin);
  const sy = (bottom - top) / (win.yMax - win.yMin);
  return {
    x: (tick) => Math.round(left + (tick - win.tickMin) * sx),
    y: (value) => Math.round(bottom - (value - win.yMin) * sy),
  };
}

/**
 * The step lines of `partition` over `win` in px (see chartScale): the HW first, then each
 * replica's LEO in the order they appear. A value holds until the next sample that changes it;
 * there the line moves along to that sample's tick, then up or down to the new value. A line has
 * no value at a sample where the partition has no leader (HW), the replica is not assigned, or
 * the partition is missing: it breaks there, ending at its last value's tick, so a line is a list
 * of `segments`, each a list of [x, y] points. A segment that lasts to the last sample runs on to
 * the plot's right edge (so a single sample draws a flat line across the plot); a value alone
 * between two breaks is a segment of one point, which draws nothing. Lines without any value are
 * left out. Built from the samples on each redraw: at most a few hundred points per line.
 */
export function chartLines(hist, partition, win, plot) {
  const { x, y } = chartScale(win, plot);
  // run: the segment being drawn (null in a break); value, tick: its last value and that tick's;
  // seen: the last sample that assigned the replica.
  const newLine = (id) => ({ id, segments: [], run: null, value: null, tick: 0, seen: null });
  const lines = new Map([[HW, newLine(HW)]]);
  const step = (line, tick, value) => {
    if (value === null) {
      if (line.run) to(line.run, x(line.tick), y(line.value));
      line.run = null;
    } else if (!line.run) {
      line.run = [[x(tick), y(value)]];
      line.segments.push(line.run);
    } else if (value !== line.value) {
      to(line.run, x(tick), y(line.value));
      to(line.run, x(tick), y(value));
    }
    line.value = value;
    line.tick = tick;
  };
  for (const s of hist.samples) {
    if (s.tick < win.tickMin || s.tick > win.tickMax) continue;
    const p = s.parts[partition];
    if (!p) {
      for (const line of lines.values()) step(line, s.tick, null);
      continue;
    }
    step(lines.get(HW), s.tick, p.hw >= 0 ? p.hw : null);
    for (const [broker, leo] of p.leos) {
      let line = lines.get(broker);
      if (!line) lines.set(broker, (line = newLine(broker)));
      line.seen = s.tick;
      step(line, s.tick, leo);
    }
    for (const line of lines.values()) if (line.id !== HW && line.seen !== s.tick) step(line, s.tick, null);
  }
  const out = [];
  for (const line of lines.values()) {
    if (line.run) to(line.run, Math.round(plot.right), y(line.value));
    if (line.segments.length) out.push({ id: line.id, segments: line.segments });
  }
  return out;
}

/** Add a point to a segment unless it is where the segment already is. */
function to(run, px, py) {
  const last = run[run.length - 1];
  if (last[0] !== px || last[1] !== py) run.push([px, py]);
}

/**
 * Whether any of `lines` (chartLines) passes through `box` ({ left, right, top, bottom } px,
 * edges included): the chart keeps its range notes out of the lines' way. Exact for step lines,
 * whose moves are all horizontal or vertical.
 */
export function linesCross(lines, box) {
  for (const { segments } of lines) {
    for (const seg of segments) {
      for (let i = 0; i < seg.length; i++) {
        const [x0, y0] = seg[i];
        const [x1, y1] = seg[i + 1] ?? seg[i];
        if (Math.max(x0, x1) >= box.left && Math.min(x0, x1) <= box.right && Math.max(y0, y1) >= box.top && Math.min(y0, y1) <= box.bottom) return true;
      }
    }
  }
  return false;
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

