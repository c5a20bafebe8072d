// The operator-metrics panel's model (www/views/metrics-model.js) on the recorded "failover"
// snapshot (tests/fixtures/core.json, with the metrics of its last 60 ticks: B1 crashed while leading
// P1; at tick 215 the controller removed it from P0's ISR, at 216 elected B2 for P1 without it),
// on the 4.2 "kraftElr" one (its voters are the controllers), and on copies whose figures are
// edited as the core would report a rate.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { formatRate, METRICS, metricsRows, sparkline } from "../../www/views/metrics-model.js";
import { coreFixture } from "./fixtures.mjs";

const BOX = { width: 100, height: 20 };
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
    // 300 ticks across 100 px: tick 190 (the oldest sample) at x 80.3, 215 at 88.6, 216 at 89; 0 at
    // the bottom (y 18), 1 half way, 2 at the top (y 2); flat to the newest tick (x 100).
    assert.equal(urp.path, "M80.3 18H88.6V10H89V2H100");
    assert.equal(row(metricsRows(snap, BOX), "offlinePartitionsCount").path, "M80.3 18H100");
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

  test("sparkline: one sample is a flat line to now; a bad box is refused", () => {
    assert.equal(sparkline([{ tick: 299, x: 1 }], "x", 299, 1, 100, 20), "M100 2H100");
    assert.equal(sparkline([], "x", 10, 1, 100, 20), "");
    assert.throws(() => metricsRows(coreFixture("failover"), { width: 0, height: 20 }), /box: width and height must be positive numbers, got 0 × 20/);
  });
});
