// HW-history ring buffer and chart geometry (www/views/hw-history.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { chartGeometry, clearHistory, createHistory, partitionSeries, recordSample, spreadLabels, truncateAfter } from "../../www/views/hw-history.js";
import { snapshotFixture } from "./fixtures.mjs";

/** The fixture at `tick` with P0's leader HW and B0's LEO set. */
function at(tick, hw, leo0) {
  const s = snapshotFixture();
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
    assert.equal(partitionSeries(h, 0).leos.get(0)[1], 4);
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
});

describe("series", () => {
  test("HW and each replica's LEO, aligned; no leader = null", () => {
    const h = createHistory();
    recordSample(h, at(1, 5, 7));
    recordSample(h, at(2, -1, 8));
    const s = partitionSeries(h, 0);
    assert.deepEqual(s.ticks, [1, 2]);
    assert.deepEqual(s.hw, [5, null]);
    assert.deepEqual([...s.leos.keys()], [0, 1, 2]);
    assert.deepEqual(s.leos.get(0), [7, 8]);
    assert.deepEqual(partitionSeries(h, 9).ticks, [], "unknown partition: empty");
  });
  test("a replica missing from some samples gets nulls there", () => {
    const h = createHistory();
    const a = at(1, 0, 0);
    a.partitions[0].logs = a.partitions[0].logs.slice(0, 2);
    recordSample(h, a);
    recordSample(h, at(2, 0, 0));
    assert.deepEqual(partitionSeries(h, 0).leos.get(2), [null, 11]);
  });
});

describe("chart geometry", () => {
  test("step lines inside the box, labels at the last values", () => {
    const h = createHistory();
    recordSample(h, at(0, 0, 2));
    recordSample(h, at(10, 2, 6));
    const g = chartGeometry(partitionSeries(h, 0), 200, 60);
    assert.equal(g.yMin, 0);
    assert.equal(g.yMax, 12, "B1's LEO 12 is the highest");
    assert.equal(g.hw.last, 2);
    assert.match(g.hw.d, /^M[\d.]+,[\d.]+H[\d.]+V[\d.]+$/, "a step: move, across, then up");
    for (const n of g.hw.d.match(/[\d.]+/g).map(Number)) assert.ok(n >= 0 && n <= 200);
    assert.equal(g.leos.find((l) => l.broker === 0).last, 6);
  });
  test("a run of equal values is one segment; a gap (null) breaks the line", () => {
    const series = { ticks: [0, 1, 2, 3, 4, 5, 6], hw: [1, 1, 1, 2, 2, null, 2], leos: new Map() };
    const g = chartGeometry(series, 144, 60, { left: 4, right: 40, top: 6, bottom: 6 });
    // x = 4 + t * 100 / 6; HW 1 at y 54, HW 2 at y 6.
    assert.equal(g.hw.d, "M4,54H54V6H70.7M104,6");
  });
  test("nothing to draw", () => {
    assert.equal(chartGeometry(partitionSeries(createHistory(), 0), 200, 60), null);
  });
  test("labels are pushed apart, in order, inside the box", () => {
    assert.deepEqual(spreadLabels([50, 50, 50], 10, 0, 100), [50, 60, 70]);
    assert.deepEqual(spreadLabels([95, 95], 10, 0, 100), [90, 100]);
    assert.deepEqual(spreadLabels([30, 10], 10, 0, 100), [30, 10], "far apart: unchanged");
  });
});
