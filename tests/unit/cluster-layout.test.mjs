// Geometry of the cluster picture (www/views/cluster-layout.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  clusterLayout,
  CONSUMER,
  curvePathData,
  linkCurve,
  messageGlyph,
  messagePoint,
  messageProgress,
  nodePoint,
  pointOnCurve,
  PRODUCER,
} from "../../www/views/cluster-layout.js";

const dist = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);

describe("layout", () => {
  test("every broker inside the drawing, none overlapping", () => {
    for (const n of [1, 3, 4, 7, 12, 24, 32]) {
      for (const width of [320, 640, 1200]) {
        const ids = Array.from({ length: n }, (_, i) => i);
        const l = clusterLayout(ids, width);
        for (const id of ids) {
          const p = l.nodes.get(id);
          assert.ok(p.x - l.nodeR >= 0 && p.x + l.nodeR <= l.width, `n=${n} w=${width}: B${id} x inside`);
          assert.ok(p.y - l.nodeR >= 0 && p.y + l.nodeR <= l.height, `n=${n} w=${width}: B${id} y inside`);
        }
        for (let i = 1; i < n; i++) {
          assert.ok(dist(l.nodes.get(i), l.nodes.get(i - 1)) > l.nodeR * 1.5, `n=${n} w=${width}: B${i - 1}, B${i} apart`);
        }
      }
    }
  });
  test("four brokers make a square, B0 top-left, clockwise", () => {
    const l = clusterLayout([0, 1, 2, 3], 800);
    const [b0, b1, b2, b3] = [0, 1, 2, 3].map((i) => l.nodes.get(i));
    assert.ok(b0.x < b1.x && b0.y === b1.y, "B1 right of B0");
    assert.ok(b2.y > b1.y && b2.x === b1.x, "B2 below B1");
    assert.ok(b3.x < b2.x && b3.y === b2.y, "B3 left of B2");
  });
  test("the clients sit in the middle: producer left, consumer right", () => {
    const l = clusterLayout([0, 1, 2], 600);
    const p = nodePoint(l, PRODUCER);
    const c = nodePoint(l, CONSUMER);
    assert.equal(p.y, l.center.y);
    assert.equal(c.y, l.center.y);
    assert.ok(p.x < l.center.x && c.x > l.center.x);
    assert.ok(c.x - p.x > 2 * l.clientR, "not overlapping");
    assert.equal(nodePoint(l, 9), null);
  });
});

describe("links", () => {
  const l = clusterLayout([0, 1, 2, 3], 800);
  test("diagonals bow around the producer; sides stay straight", () => {
    const diag = linkCurve(l, 0, 2);
    const mid = pointOnCurve(diag, 0.5);
    assert.ok(dist(mid, l.center) >= l.clearance - 1, "the curve's middle clears the clients");
    const side = linkCurve(l, 0, 1);
    assert.deepEqual(pointOnCurve(side, 0.5), { x: (side.x0 + side.x1) / 2, y: (side.y0 + side.y1) / 2 });
  });
  test("both directions share one curve", () => {
    const ab = linkCurve(l, 1, 3);
    const ba = linkCurve(l, 3, 1);
    assert.deepEqual([ab.cx, ab.cy], [ba.cx, ba.cy]);
    assert.deepEqual(pointOnCurve(ab, 0.25), pointOnCurve(ba, 0.75));
  });
  test("path data", () => {
    assert.match(curvePathData(linkCurve(l, 0, 1)), /^M[\d.]+,[\d.]+ Q[\d.]+,[\d.]+ [\d.]+,[\d.]+$/);
  });
});

describe("messages", () => {
  const l = clusterLayout([0, 1, 2, 3], 800);
  const m = { from: 1, to: 0, sentTick: 10, deliverTick: 14 };
  test("progress interpolates between ticks and is clamped", () => {
    assert.equal(messageProgress(m, 10), 0);
    assert.equal(messageProgress(m, 12), 0.5);
    assert.equal(messageProgress(m, 12, 0.5), 0.625);
    assert.equal(messageProgress(m, 20), 1);
    assert.equal(messageProgress(m, 5), 0);
    assert.equal(messageProgress({ sentTick: 3, deliverTick: 3 }, 3), 1, "zero latency: arrived");
  });
  test("drawn from the sender's edge to the receiver's edge", () => {
    const start = messagePoint(l, m, 0);
    const end = messagePoint(l, m, 1);
    assert.ok(Math.abs(dist(start, l.nodes.get(1)) - l.nodeR) < 1.5, "starts at the sender's edge");
    assert.ok(Math.abs(dist(end, l.nodes.get(0)) - l.nodeR) < 1.5, "ends at the receiver's edge");
    const fromProducer = messagePoint(l, { from: PRODUCER, to: 2 }, 0);
    assert.ok(Math.abs(dist(fromProducer, nodePoint(l, PRODUCER)) - l.clientR) < 1.5);
    const toConsumer = messagePoint(l, { from: 1, to: CONSUMER }, 1);
    assert.ok(Math.abs(dist(toConsumer, nodePoint(l, CONSUMER)) - l.clientR) < 1.5);
    assert.equal(messagePoint(l, { from: 0, to: 9 }, 0.5), null, "unknown broker: not drawn");
    assert.equal(messagePoint(l, { from: 0, to: 0 }, 0.5), null, "the controller's request to its own broker: not drawn over its name");
  });
  test("glyphs: a request and its response share letter and colour, the response is hollow", () => {
    assert.deepEqual(messageGlyph("Fetch"), { letter: "F", family: "fetch", response: false });
    assert.deepEqual(messageGlyph("FetchResponse"), { letter: "F", family: "fetch", response: true });
    assert.deepEqual(messageGlyph("ProduceResponse"), { letter: "P", family: "produce", response: true });
    assert.deepEqual(messageGlyph("ConsumerFetch"), { letter: "C", family: "consume", response: false });
    assert.deepEqual(messageGlyph("OffsetsForLeaderEpochResponse"), { letter: "E", family: "epoch", response: true });
    assert.deepEqual(messageGlyph("AlterPartition"), { letter: "A", family: "alter", response: false });
    assert.deepEqual(messageGlyph("LeaderAndIsr"), { letter: "L", family: "control", response: false });
    assert.deepEqual(messageGlyph("Heartbeat"), { letter: "H", family: "other", response: false }, "a new kind still draws");
  });
});
