// HW-history ring buffer and chart geometry (www/views/hw-history.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { chartLines, chartScale, chartWindow, clearHistory, createHistory, HW, linesCross, recordSample, spreadLabels, truncateAfter } from "../../www/views/hw-history.js";
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
});

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
});

/** A plot of 100 × 60 px inside a 4 px left and 6 px top margin. */
const PLOT = { left: 4, right: 104, top: 6, bottom: 66 };

/**
 * A history of partition 0 from rows [tick, hw, { broker: leo, … }] (a row of null: the sample
 * lacks the partition), and its lines in PLOT.
 */
function linesOf(rows) {
  const h = createHistory();
  for (const [tick, hw, leos] of rows) {
    const partitions = hw === null ? [] : [{ hw, logs: Object.entries(leos).map(([broker, leo]) => ({ broker: Number(broker), leo })) }];
    recordSample(h, { tick, partitions });
  }
  const win = chartWindow(h, 0);
  const lines = chartLines(h, 0, win, PLOT);
  return { win, lines, byId: Object.fromEntries(lines.map((l) => [l.id, l.segments])) };
}

describe("chart lines", () => {
  test("the scale: the first tick at the left edge, the last at the right; the smallest value at the bottom, the largest at the top", () => {
    const { x, y } = chartScale({ tickMin: 10, tickMax: 20, yMin: 100, yMax: 110 }, PLOT);
    assert.deepEqual([x(10), x(15), x(20)], [4, 54, 104]);
    assert.deepEqual([y(100), y(105), y(110)], [66, 36, 6]);
    assert.equal(x(10.04), 4, "whole px");
    const large = chartScale({ tickMin: 1000, tickMax: 25_000, yMin: 2_000_000, yMax: 3_000_000 }, PLOT);
    assert.deepEqual([large.x(1000), large.x(25_000), large.y(2_000_000), large.y(3_000_000)], [4, 104, 66, 6], "a long window of a large log fills the plot");
  });
  test("step lines: a value holds until a sample changes it, then the line moves across to that tick and up", () => {
    // Ticks 0–10 over 100 px (10 px a tick), offsets 0–6 over 60 px (10 px an offset).
    const { byId } = linesOf([[0, 1, { 0: 2 }], [2, 1, { 0: 2 }], [4, 3, { 0: 6 }], [10, 3, { 0: 0 }]]);
    assert.deepEqual(byId[HW], [[[4, 56], [44, 56], [44, 36], [104, 36]]], "equal values add no point; the last runs to the right edge");
    assert.deepEqual(byId[0], [[[4, 46], [44, 46], [44, 6], [104, 6], [104, 66]]], "a change at the last sample: up or down at the right edge");
  });
  test("no leader breaks the HW line: it ends at its last value's tick and starts again at the next value", () => {
    const { byId } = linesOf([[0, 1, { 0: 1 }], [3, 1, { 0: 1 }], [5, -1, { 0: 1 }], [7, 2, { 0: 2 }], [10, 2, { 0: 2 }]]);
    assert.deepEqual(byId[HW], [
      [[4, 66], [34, 66]],
      [[74, 6], [104, 6]],
    ]);
    assert.equal(byId[0].length, 1, "the LEO line goes on");
  });
  test("a replica missing from samples breaks its line; one that left keeps its past; a lone value is a point", () => {
    const { lines, byId } = linesOf([[0, 0, { 0: 0, 1: 0 }], [5, 0, { 0: 0 }], [6, 0, { 0: 0, 1: 0 }], [7, 0, { 0: 0 }], [10, 0, { 0: 1, 2: 1 }]]);
    assert.deepEqual(byId[1], [[[4, 66]], [[64, 66]]], "B1 at ticks 0 and 6 only: two points, nothing to stroke");
    assert.deepEqual(byId[0], [[[4, 66], [104, 66], [104, 6]]]);
    assert.deepEqual(byId[2], [[[104, 6]]]);
    assert.deepEqual(lines.map((l) => l.id), [HW, 0, 1, 2], "the HW first, then the LEOs as they appear");
  });
  test("a sample without the partition breaks every line", () => {
    const { win, byId } = linesOf([[0, 1, { 0: 1 }], [4, null], [10, 1, { 0: 1 }]]);
    assert.deepEqual([win.tickMin, win.tickMax], [0, 10]);
    assert.deepEqual(byId[HW], [[[4, 66]], [[104, 66]]]);
    assert.deepEqual(byId[0], [[[4, 66]], [[104, 66]]]);
  });
  test("samples outside the window are left out; a partition that never had a leader has no HW line", () => {
    const { lines } = linesOf([[0, null], [3, -1, { 0: 4 }], [8, -1, { 0: 5 }], [9, null]]);
    assert.deepEqual(lines, [{ id: 0, segments: [[[4, 66], [104, 66], [104, 6]]] }]);
  });
  test("a single sample draws a flat line across the plot, at the bottom", () => {
    const { win, byId } = linesOf([[7, 3, { 0: 3 }]]);
    assert.deepEqual([win.tickMin, win.tickMax, win.yMin, win.yMax], [7, 7, 3, 4]);
    assert.deepEqual(byId[HW], [[[4, 66], [104, 66]]]);
    assert.deepEqual(byId[0], [[[4, 66], [104, 66]]]);
  });
  test("whether a line crosses a box: its moves, edges included, and its points", () => {
    const lines = [{ id: HW, segments: [[[4, 66], [44, 66], [44, 36], [104, 36]], [[60, 10]]] }];
    assert.equal(linesCross(lines, { left: 10, right: 40, top: 40, bottom: 60 }), false, "between the moves");
    assert.equal(linesCross(lines, { left: 40, right: 50, top: 40, bottom: 60 }), true, "the vertical move");
    assert.equal(linesCross(lines, { left: 10, right: 40, top: 60, bottom: 66 }), true, "touching the horizontal one");
    assert.equal(linesCross(lines, { left: 55, right: 65, top: 5, bottom: 15 }), true, "a lone point");
    assert.equal(linesCross([], { left: 0, right: 100, top: 0, bottom: 100 }), false);
  });
});

describe("labels", () => {
  test("labels are pushed apart, in order, inside the box", () => {
    assert.deepEqual(spreadLabels([50, 50, 50], 10, 0, 100), [50, 60, 70]);
    assert.deepEqual(spreadLabels([95, 95], 10, 0, 100), [90, 100]);
    assert.deepEqual(spreadLabels([30, 10], 10, 0, 100), [30, 10], "far apart: unchanged");
  });
});
