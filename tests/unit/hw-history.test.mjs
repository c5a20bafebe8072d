// HW-history ring buffer and chart geometry (www/views/hw-history.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { chartTransform, chartWindow, clearHistory, createHistory, createPaths, extendPaths, historySampler, HW, pathData, recordSample, spreadLabels, transformAttr, truncateAfter } from "../../www/views/hw-history.js";
import { coreFixture } from "./fixtures.mjs";

/** The recorded failover snapshot at `tick`, with P0's leader HW and B0's LEO set (the chart draws whatever the samples say). */
function at(tick, hw, leo0) {
  const s = coreFixture("failover");
  s.tick = tick;
  s.partitions[0].hw = hw;
  s.partitions[0].logs[0].leo = leo0;
  return s;
}

describe("ring buffer", () => {
  test("one sample per tick; a redraw of the same tick replaces it", () => {
    const h = createHistory(10);
    recordSample(h, at(1, 0, 1));
    recordSample(h, at(2, 0, 3));
    recordSample(h, at(2, 1, 4)); // an action at tick 2
    assert.deepEqual(h.samples.map((s) => s.tick), [1, 2]);
    assert.deepEqual(chartWindow(h, 0).leos[0], { broker: 0, leo: 4 });
  });
  test("bounded: the oldest samples drop off", () => {
    const h = createHistory(5);
    for (let t = 0; t < 12; t++) recordSample(h, at(t, t, t));
    assert.deepEqual(h.samples.map((s) => s.tick), [7, 8, 9, 10, 11]);
  });
  test("seeking back keeps the samples up to the tick; clearing empties it", () => {
    const h = createHistory(50);
    for (let t = 0; t < 10; t++) recordSample(h, at(t, t, t));
    const v = h.version;
    truncateAfter(h, 6);
    assert.deepEqual(h.samples.map((s) => s.tick), [0, 1, 2, 3, 4, 5, 6]);
    assert.ok(h.version > v, "changes bump the version (the charts redraw)");
    clearHistory(h);
    assert.equal(h.samples.length, 0);
  });
  test("a snapshot older than the last sample: the history went back, the samples after it go (#14)", () => {
    const h = createHistory(50);
    for (let t = 0; t < 10; t++) recordSample(h, at(t, t, t));
    recordSample(h, at(4, 40, 4)); // a replay from tick 0 passing tick 4 again
    assert.deepEqual(h.samples.map((s) => s.tick), [0, 1, 2, 3, 4]);
    assert.equal(chartWindow(h, 0).hw, 40);
  });
  test("historySampler records the session's snapshot without records or requests, over the history's capacity", () => {
    const h = createHistory(30);
    const asked = [];
    const sampler = historySampler(h);
    assert.equal(sampler.window, 30);
    sampler.sample({ snapshot: (opts) => (asked.push(opts), at(7, 2, 5)) });
    assert.deepEqual(asked, [{ records: 0, requests: 0 }]);
    assert.deepEqual(h.samples.map((s) => s.tick), [7]);
    assert.throws(() => historySampler({}), /historySampler: hist must be a history from createHistory\(\)/);
  });
});

/** Path data → [[command, x, y?], …] for readable assertions. */
const steps = (d) => [...d.matchAll(/([MHV])(-?[\d.e+]+)(?:,(-?[\d.]+))?/g)].map((m) => [m[1], Number(m[2]), ...(m[3] === undefined ? [] : [Number(m[3])])]);

describe("chart window", () => {
  test("tick and value range of the HW and every LEO; the latest values; no leader = no HW", () => {
    const h = createHistory();
    recordSample(h, at(1, 5, 7));
    recordSample(h, at(2, -1, 8));
    const w = chartWindow(h, 0);
    assert.equal(w.tickMin, 1);
    assert.equal(w.tickMax, 2);
    assert.equal(w.yMin, 5, "the y axis starts at the smallest value shown");
    assert.equal(w.yMax, 12, "the fixture's B1 LEO");
    assert.equal(w.hw, null);
    assert.deepEqual(w.leos.map((l) => l.broker), [0, 1, 2]);
    assert.equal(w.leos[0].leo, 8);
    assert.equal(chartWindow(h, 9), null, "unknown partition: nothing to draw");
    assert.equal(chartWindow(createHistory(), 0), null);
  });
  test("the transform puts the window's first tick at x 0, its last at the width, its lowest value at the bottom", () => {
    const win = { tickMin: 10, tickMax: 20, yMin: 100, yMax: 110 };
    const tf = chartTransform(win, { tick: 5, value: 90 }, 200, 60, 6);
    const x = (tick) => (tick - 5) * tf.sx + tf.e;
    assert.equal(x(10), 0);
    assert.equal(x(20), 200);
    assert.equal(tf.y(100), 54);
    assert.equal(tf.y(110), 6);
    assert.equal(tf.f - (100 - 90) * tf.sy, 54, "the matrix and y() agree");
  });
  test("the attribute keeps tiny scales: a long window of a large log still fills the plot", () => {
    const win = { tickMin: 1000, tickMax: 25_000, yMin: 2_000_000, yMax: 3_000_000 };
    const base = { tick: 900, value: 1_999_000 };
    const [a, , , d, e, f] = transformAttr(chartTransform(win, base, 400, 70, 6)).match(/-?[\d.e+-]+/g).map(Number);
    const at = (tick, value) => [(tick - base.tick) * a + e, (value - base.value) * d + f];
    for (const [got, want] of [[at(1000, 2_000_000), [0, 64]], [at(25_000, 3_000_000), [400, 6]]]) {
      assert.ok(Math.abs(got[0] - want[0]) < 0.01 && Math.abs(got[1] - want[1]) < 0.01, `${got} ≈ ${want}`);
    }
  });
});

describe("chart paths", () => {
  const series = (ticks, hws) => {
    const h = createHistory(10);
    ticks.forEach((tick, i) => recordSample(h, at(tick, hws[i], 0)));
    return h;
  };
  test("step lines in data space: a run of equal values is one segment, a gap (no leader) breaks the line", () => {
    const h = series([0, 1, 2, 3, 4, 5, 6], [1, 1, 1, 2, 2, -1, 2]);
    const p = createPaths(h, 0);
    assert.deepEqual(p.base, { tick: 0, value: 0 }, "the first sample's smallest value");
    assert.deepEqual(steps(pathData(p, HW)), [["M", 0, 1], ["H", 3], ["V", 2], ["H", 4], ["M", 6, 2], ["H", p.horizon]]);
    assert.ok(p.horizon > 4 * 10, "a flat line runs on far past the window");
  });
  test("extending by new samples gives the same paths as building them at once", () => {
    const ticks = [0, 1, 2, 3, 4, 5, 6];
    const hws = [1, 1, 3, 3, -1, 4, 4];
    const h = series(ticks.slice(0, 3), hws.slice(0, 3));
    const p = createPaths(h, 0);
    for (let i = 3; i < ticks.length; i++) {
      recordSample(h, at(ticks[i], hws[i], 0));
      assert.ok(extendPaths(p, h, 0));
    }
    const whole = createPaths(series(ticks, hws), 0);
    assert.equal(pathData(p, HW), pathData(whole, HW));
    assert.equal(pathData(p, 0), pathData(whole, 0));
  });
  test("a flat line keeps its data from tick to tick", () => {
    const h = series([0, 1], [2, 2]);
    const p = createPaths(h, 0);
    const before = pathData(p, HW);
    recordSample(h, at(2, 2, 0));
    assert.ok(extendPaths(p, h, 0));
    assert.equal(pathData(p, HW), before);
  });
  test("rebuilt after anything but new samples, and before they hold twice the history", () => {
    const h = series([0, 1, 2], [1, 1, 1]);
    const p = createPaths(h, 0);
    truncateAfter(h, 1);
    assert.equal(extendPaths(p, h, 0), false, "a seek back");
    const q = createPaths(h, 0);
    recordSample(h, at(1, 3, 0));
    assert.equal(extendPaths(q, h, 0), false, "a redraw of the same tick");
    const r = createPaths(h, 0);
    let ok = true;
    for (let t = 2; t < 40 && ok; t++) {
      recordSample(h, at(t, 1, 0));
      ok = extendPaths(r, h, 0);
    }
    assert.equal(ok, false, "a capacity of 10 samples: rebuilt within 20 more");
  });
  test("a replica missing from a sample ends its line there", () => {
    const h = createHistory();
    recordSample(h, at(1, 0, 0));
    const b = at(2, 0, 0);
    b.partitions[0].logs = b.partitions[0].logs.slice(0, 2);
    recordSample(h, b);
    const p = createPaths(h, 0);
    assert.deepEqual(steps(pathData(p, 2)), [["M", 1 - 1, 12], ["H", 0]], "B2's LEO 12 at tick 1, then nothing");
  });
});

describe("labels", () => {
  test("labels are pushed apart, in order, inside the box", () => {
    assert.deepEqual(spreadLabels([50, 50, 50], 10, 0, 100), [50, 60, 70]);
    assert.deepEqual(spreadLabels([95, 95], 10, 0, 100), [90, 100]);
    assert.deepEqual(spreadLabels([30, 10], 10, 0, 100), [30, 10], "far apart: unchanged");
  });
});
