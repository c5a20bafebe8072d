// The operator-metrics panel's model (www/views/metrics-model.js) on the recorded "failover"
// snapshot (tests/fixtures/core.json, with the metrics of its last 60 ticks: B1 crashed while leading
// P1; at tick 215 the controller removed it from P0's ISR, at 216 elected B2 for P1 without it),
// on the 4.2 "kraftElr" one (its voters are the controllers), and on copies whose figures are
// edited as the core would report a rate.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { formatRate, METRICS, metricsRows, sparkline, sparklineView } from "../../www/views/metrics-model.js";
import { coreFixture } from "./fixtures.mjs";

const BOX = { height: 20 };
const row = (rows, key) => rows.find((r) => r.key === key);

describe("operator metrics", () => {
  test("one row per MBean, in order, named as JMX names them", () => {
    const rows = metricsRows(coreFixture("failover"), BOX);
    assert.deepEqual(
      rows.map((r) => r.name),
      [
        "UnderReplicatedPartitions",
        "UnderMinIsrPartitionCount",
        "OfflinePartitionsCount",
        "ActiveControllerCount",
        "IsrShrinksPerSec",
        "IsrExpandsPerSec",
        "UncleanLeaderElectionsPerSec",
      ],
    );
    assert.equal(rows[0].mbean, "kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions");
    assert.equal(METRICS.length, rows.length);
  });

  test("the core's values, each leader's broker's gauges, and the down broker reporting nothing", () => {
    const rows = metricsRows(coreFixture("failover"), BOX);
    const urp = row(rows, "underReplicatedPartitions");
    assert.equal(urp.value, "2");
    assert.equal(urp.alert, true);
    assert.deepEqual(urp.nodes, [
      { label: "B0", value: 1 },
      { label: "B1", value: null },
      { label: "B2", value: 1 },
      { label: "B3", value: 0 },
    ]);
    const active = row(rows, "activeControllerCount");
    assert.equal(active.value, "1");
    assert.equal(active.alert, false, "1 is the healthy value");
    assert.deepEqual(
      active.nodes.map((n) => n.value),
      [1, null, 0, 0],
    );
    // The controller removed B1 from ISRs: no leader shrank one.
    const shrinks = row(rows, "isrShrinksPerSec");
    assert.deepEqual([shrinks.value, shrinks.count, shrinks.alert, shrinks.nodes], ["0.0/s", 0, false, null]);
    assert.equal(row(rows, "offlinePartitionsCount").nodes, null);
  });

  test("the sparkline steps where the history changes, at the samples' ticks", () => {
    const snap = coreFixture("failover");
    // The core sends the oldest of the 60 ticks and the changes: B1's removal, then P1's election.
    assert.deepEqual(
      snap.metrics.history.map((s) => [s.tick, s.underReplicatedPartitions]),
      [
        [190, 0],
        [215, 1],
        [216, 2],
      ],
    );
    const urp = row(metricsRows(snap, BOX), "underReplicatedPartitions");
    assert.equal(urp.top, 2);
    // In tick space, from a window before the oldest sample's (tick 190: from -300) to three
    // windows after: 0 at the bottom (y 18) until tick 215, then 1 half way, from 216 2 at the top (y 2).
    assert.equal(urp.path, "M-300 18H215V10H216V2H900");
    assert.equal(row(metricsRows(snap, BOX), "offlinePartitionsCount").path, "M-300 18H900");
    // Ticks 190..249 onto 100 px of which the last 300 ticks: tick 249 at x 100, 190 at 80.3. The
    // picture holds the ticks -299..300 (the window of tick 249 and the one before); the box
    // shows it from x 83.278 (tick -50) on, as far as tick 249.
    const view = sparklineView(249, 100);
    assert.deepEqual(view, { transform: "translate(100 0) scale(0.33445 1)", x: 83.278 });
    const at = (tick) => 100 + 0.33445 * tick - view.x;
    assert.ok(Math.abs(at(190) - 80.3) < 0.1 && Math.abs(at(249) - 100) < 0.01);
    // The line moves once a window, the picture every tick.
    assert.equal(sparklineView(299, 100).transform, view.transform);
    assert.deepEqual(sparklineView(300, 100), { transform: "translate(-0.334 0) scale(0.33445 1)", x: 0 });
    // A snapshot without history draws no line.
    snap.metrics.history = [];
    assert.equal(row(metricsRows(snap, BOX), "underReplicatedPartitions").path, "");
  });

  test("a rate is printed per second and scaled to at least one event per window", () => {
    const snap = coreFixture("failover");
    snap.metrics.now.isrShrinksPerSec = 0.1;
    snap.metrics.isrShrinksCount = 3;
    const shrinks = row(metricsRows(snap, BOX), "isrShrinksPerSec");
    assert.deepEqual([shrinks.value, shrinks.count, shrinks.alert, shrinks.top], ["0.1/s", 3, true, 0.1]);
    assert.equal(formatRate(0), "0.0/s");
    assert.equal(formatRate(0.25), "0.3/s");
    assert.equal(formatRate(0.05), "0.05/s");
  });

  test("KRaft: the controller voters report ActiveControllerCount, by their ids", () => {
    const active = row(metricsRows(coreFixture("kraftElr"), BOX), "activeControllerCount");
    assert.deepEqual(
      active.nodes.map((n) => n.label),
      ["3000", "3001", "3002"],
    );
    assert.equal(active.value, "1");
    assert.equal(row(metricsRows(coreFixture("kraftElr"), BOX), "offlinePartitionsCount").value, "1");
  });

  test("sparkline: one sample is a flat line; it moves on a window at a time; a bad box is refused", () => {
    assert.equal(sparkline([{ tick: 299, x: 1 }], "x", 1, 20), "M-300 2H900");
    assert.equal(sparkline([{ tick: 300, x: 0 }], "x", 1, 20), "M0 18H1200");
    assert.equal(sparkline([], "x", 1, 20), "");
    assert.throws(() => metricsRows(coreFixture("failover"), { height: 0 }), /box: height must be a positive number, got 0/);
  });
});
