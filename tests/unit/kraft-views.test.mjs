// The KRaft presets' view models: the metadata-log panel (www/views/metadata-model.js) and
// `kafka-topics --describe` (www/views/describe-model.js), on snapshots recorded from the core
// (tests/fixtures/core.json): "kraftElr" (4.2: B2, B1, then the leader B0 paused and were fenced;
// ISR empty, ELR {0,1}, last known leader B0) and "failover" (3.7, ZooKeeper mode).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { metadataLog } from "../../www/views/metadata-model.js";
import { describeCommand, describeTopic } from "../../www/views/describe-model.js";
import { partitionModel } from "../../www/views/model.js";
import { coreFixture } from "./fixtures.mjs";

describe("metadata log", () => {
  test("the records newest first, with Kafka's record types and fields", () => {
    const m = metadataLog(coreFixture("kraftElr"));
    assert.equal(m.controller, 3000);
    assert.equal(m.endOffset, 14);
    assert.deepEqual(m.records.map((r) => r.offset), [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    assert.deepEqual(m.records.filter((r) => r.newest).map((r) => r.offset), [13], "only the last record is the newest");
    const last = m.records[0];
    assert.equal(last.kind, "BrokerRegistrationChangeRecord");
    assert.deepEqual(last.fields, [{ name: "brokerId", value: "0" }, { name: "brokerEpoch", value: "1" }, { name: "fenced", value: "FENCE" }]);
    const emptied = m.records.find((r) => r.offset === 12);
    assert.equal(emptied.kind, "PartitionChangeRecord");
    assert.deepEqual(
      emptied.fields.map((f) => `${f.name}=${f.value}`),
      ["partitionId=0", "leader=-1", "isr=[]", "eligibleLeaderReplicas=[0,1]", "lastKnownElr=[0]"],
      "a PartitionChangeRecord lists only what changed",
    );
    const created = m.records.find((r) => r.offset === 7);
    assert.equal(created.kind, "PartitionRecord");
    assert.ok(created.fields.some((f) => f.name === "partitionEpoch" && f.value === "0"));
  });
  test("who has replayed each record: a paused broker stopped where it was", () => {
    const m = metadataLog(coreFixture("kraftElr"));
    const at = (o) => m.records.find((r) => r.offset === o);
    // Offset 0 is the controller's LeaderChangeMessage. B0 paused last and replayed up to
    // offset 9; B1 and B2 up to offset 7.
    assert.deepEqual(at(7).replayedBy, [0, 1, 2]);
    assert.deepEqual(at(7).pendingFor, []);
    assert.deepEqual(at(9).replayedBy, [0]);
    assert.deepEqual(at(9).pendingFor, [1, 2]);
    assert.deepEqual(at(13).pendingFor, [0, 1, 2], "nobody replayed the fencing of B0: all three are paused");
    assert.deepEqual(
      m.brokers.map((b) => [b.id, b.brokerEpoch, b.fenced, b.replayedThrough, b.behind]),
      [
        [0, 1, true, 9, 4],
        [1, 2, true, 7, 6],
        [2, 3, true, 7, 6],
      ],
    );
  });
  test("fresh: the records written since the previous frame", () => {
    const snap = coreFixture("kraftElr");
    const prev = structuredClone(snap);
    prev.kraft.logEndOffset = 12; // two records ago
    assert.deepEqual(metadataLog(snap, prev).records.filter((r) => r.fresh).map((r) => r.offset), [13, 12]);
    assert.deepEqual(metadataLog(snap).records.filter((r) => r.fresh), [], "nothing is fresh without a previous frame");
  });
  test("null in ZooKeeper mode", () => {
    assert.equal(metadataLog(coreFixture("failover")), null);
  });
});

describe("kafka-topics --describe", () => {
  test("4.2: Elr and LastKnownElr, Leader none while offline", () => {
    const snap = coreFixture("kraftElr");
    assert.equal(
      describeTopic(snap),
      [
        "Topic: demo\tPartitionCount: 1\tReplicationFactor: 3\tConfigs: min.insync.replicas=2",
        "\tTopic: demo\tPartition: 0\tLeader: none\tReplicas: 0,1,2\tIsr: \tElr: 0,1\tLastKnownElr: 0",
      ].join("\n"),
    );
    assert.equal(describeCommand(snap), "kafka-topics.sh --bootstrap-server localhost:9092 --describe --topic demo");
  });
  test("3.7 (ZooKeeper mode): Leader, Replicas and Isr only", () => {
    const snap = coreFixture("failover");
    const lines = describeTopic(snap).split("\n");
    assert.equal(lines[0], "Topic: demo\tPartitionCount: 3\tReplicationFactor: 3\tConfigs: ");
    assert.equal(lines.length, 4);
    for (const [i, p] of snap.partitions.entries()) {
      assert.equal(lines[i + 1], `\tTopic: demo\tPartition: ${i}\tLeader: ${p.leader}\tReplicas: ${p.replicas.join(",")}\tIsr: ${p.isr.join(",")}`);
    }
    assert.match(lines[2], /\tLeader: 2\t/, "B2 leads P1 after the failover");
    assert.doesNotMatch(describeTopic(snap), /Elr/);
  });
  test("a running reassignment prints its adding and removing replicas", () => {
    const snap = coreFixture("failover");
    snap.partitions[0].addingReplicas = [3]; // as if P0 were being moved to B3
    snap.partitions[0].removingReplicas = [0];
    assert.match(describeTopic(snap).split("\n")[1], /\tIsr: [\d,]+\tAdding Replicas: 3\tRemoving Replicas: 0$/);
  });
});

describe("the partition's ELR in its block", () => {
  test("4.2: the core's ELR, and none in a ZooKeeper-era preset", () => {
    const snap = coreFixture("kraftElr");
    assert.deepEqual(partitionModel(snap.partitions[0], snap, 40).elr, [0, 1]);
    const zk = coreFixture("failover");
    assert.equal(partitionModel(zk.partitions[0], zk, 40).elr, null);
  });
});
