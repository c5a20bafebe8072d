// `kafka-metadata-quorum describe` (www/views/quorum-model.js) on the recorded 4.2 snapshot
// "kraftElr" (tests/fixtures/core.json), on a copy where voter 3002 lags (the core's figures
// edited as it reports a crashed follower voter), and without a leader; 3.7 prints nothing.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { quorumReplication, quorumStatus } from "../../www/views/quorum-model.js";
import { coreFixture } from "./fixtures.mjs";

describe("metadata quorum", () => {
  test("--status prints the core's leader, epoch, HW and lag figures as the tool does", () => {
    assert.equal(
      quorumStatus(coreFixture("kraftElr")),
      [
        "LeaderId:               3000",
        "LeaderEpoch:            1",
        "HighWatermark:          14",
        "MaxFollowerLag:         0",
        "MaxFollowerLagTimeMs:   0",
        'CurrentVoters:          [{"id": 3000}, {"id": 3001}, {"id": 3002}]',
        'CurrentObservers:       [{"id": 0}, {"id": 1}, {"id": 2}]',
      ].join("\n"),
    );
  });
  test("--replication: the leader first, then each follower with its lag and times", () => {
    const s = structuredClone(coreFixture("kraftElr"));
    Object.assign(s.kraft.quorum, { maxFollowerLag: 4, maxFollowerLagTimeMs: 2300 });
    Object.assign(s.kraft.quorum.voters[2], { status: "crashed", knownEndOffset: 10, lag: 4, lastFetchMs: 2300, lastCaughtUpMs: 2300 });
    assert.match(quorumStatus(s), /MaxFollowerLag: {9}4\nMaxFollowerLagTimeMs: {3}2300/);
    assert.equal(
      quorumReplication(s),
      [
        "NodeId  LogEndOffset  Lag  LastFetchTimestamp  LastCaughtUpTimestamp  Status",
        "3000    14            0    0 ms ago            0 ms ago               Leader",
        "3001    14            0    0 ms ago            0 ms ago               Follower",
        "3002    10            4    2300 ms ago         2300 ms ago            Follower",
      ].join("\n"),
    );
  });
  test("no leader: the request has no one to answer it; ZooKeeper presets: nothing", () => {
    const s = structuredClone(coreFixture("kraftElr"));
    s.kraft.quorum.leader = null;
    assert.match(quorumStatus(s), /^Error: the quorum has no leader/);
    assert.match(quorumReplication(s), /^Error: the quorum has no leader/);
    assert.equal(quorumStatus(coreFixture("failover")), null);
    assert.equal(quorumReplication(coreFixture("failover")), null);
  });
});
