// Snapshots for the view helpers' unit tests. `coreFixture(name)` and `schemaFixture()` are
// recorded from the real core (tests/fixtures/core.json, by scripts/record-fixtures.mjs): tests of
// what the core decides (who the HW waits for, what is committed, what blocks writes) use them.
// `snapshotFixture()` is hand-written, a story for the drawing helpers; the fields the core
// decides are filled in as the core would for that story.
//
// The story of `snapshotFixture()` (default cluster: 4 brokers, 3 partitions, RF 3, seed 1),
// at tick 245 (24.5 s):
//   * P0 on [0,1,2], leader 0, epoch 0: healthy. Follower 1 caught up; follower 2 one message
//     behind, its HW trailing the leader's HW by one fetch round.
//   * P1 on [1,2,3]: broker 3 (the first leader) crashed at 12.0 s; after the 6 s ZooKeeper
//     session timeout the controller elected broker 1 (epoch 1) from the ISR. Broker 3's log still
//     holds offset 8 from epoch 0, never committed, which it will truncate when it comes back.
//   * P2 on [2,3,0], leader 2, epoch 1: a long log (57 records, drawn with an ellipsis); broker 3
//     out of the ISR; follower 0 two messages behind and 1.2 s since it last caught up.
//   * Broker 0 is the controller (controller_epoch 1).

import fs from "node:fs";

/** Records offsets [from, to) appended in `epoch` (values are numbers, as the core's: m1 at offset 0). */
function recs(from, to, epoch) {
  const out = [];
  for (let o = from; o < to; o++) out.push({ offset: o, leaderEpoch: epoch, value: o + 1 });
  return out;
}

const CONFIG = {
  version: "0.11",
  truncation: "leader-epoch",
  isrUpdate: "zookeeper",
  strategy: "isr",
  strictMinIsr: false,
  replicaLagMaxMessages: 0,
  uncleanLeaderElectionEnable: false,
  logRetentionRecords: 65536,
  brokers: 4,
  partitions: 3,
  replicationFactor: 3,
  minInsyncReplicas: 1,
  replicaLagTimeMaxMs: 10000,
  replicaFetchWaitMaxMs: 500,
  replicaFetchBackoffMs: 1000,
  zookeeperSessionTimeoutMs: 6000,
  requestTimeoutMs: 30000,
  replicaHighWatermarkCheckpointIntervalMs: 5000,
  networkLatencyMsMin: 100,
  networkLatencyMsMax: 300,
  seed: 1,
};

const SNAPSHOT = {
  tick: 245,
  timeMs: 24500,
  tickMs: 100,
  seed: 1,
  config: CONFIG,
  controller: { broker: 0, epoch: 1 },
  brokers: [
    { id: 0, status: "up", down: false, controller: true, registered: true, zkSession: "active", sessionExpiresInMs: -1 },
    { id: 1, status: "up", down: false, controller: false, registered: true, zkSession: "active", sessionExpiresInMs: -1 },
    { id: 2, status: "up", down: false, controller: false, registered: true, zkSession: "active", sessionExpiresInMs: -1 },
    { id: 3, status: "crashed", down: true, controller: false, registered: false, zkSession: "none", sessionExpiresInMs: -1 },
  ],
  partitions: [
    {
      partition: 0,
      leader: 0,
      leaderEpoch: 0,
      isr: [0, 1, 2],
      replicas: [0, 1, 2],
      hw: 10,
      zkVersion: 0,
      controllerEpoch: 1,
      committedOffset: 10, acked: [], hwCounted: [{ broker: 1, leo: 12, why: "isr" }, { broker: 2, leo: 10, why: "isr" }], hwWaitingFor: [2], hwQuorum: null,
      minIsr: 1, writesBlocked: null, hwBlocked: null, underReplicated: false, nextIsrCheckMs: 3000, truncated: [],
      logs: [
        {
          broker: 0, role: "leader", leaderEpoch: 0, leo: 12, hw: 10, logStartOffset: 0,
          records: recs(0, 12, 0),
          follower: null,
        },
        {
          broker: 1, role: "follower", leaderEpoch: 0, leo: 12, hw: 10, logStartOffset: 0,
          records: recs(0, 12, 0),
          follower: { leo: 12, lagMessages: 0, lastCaughtUpMs: 24400, sinceCaughtUpMs: 100, inIsr: true, fetchInFlight: true },
        },
        {
          broker: 2, role: "follower", leaderEpoch: 0, leo: 11, hw: 9, logStartOffset: 0,
          records: recs(0, 11, 0),
          follower: { leo: 10, lagMessages: 2, lastCaughtUpMs: 24200, sinceCaughtUpMs: 300, inIsr: true, fetchInFlight: true },
        },
      ],
    },
    {
      partition: 1,
      leader: 1,
      leaderEpoch: 1,
      isr: [1, 2],
      replicas: [1, 2, 3],
      hw: 9,
      zkVersion: 2,
      controllerEpoch: 1,
      committedOffset: 8, acked: [], hwCounted: [{ broker: 2, leo: 8, why: "isr" }], hwWaitingFor: [2], hwQuorum: null,
      minIsr: 1, writesBlocked: null, hwBlocked: null, underReplicated: true, nextIsrCheckMs: 2000, truncated: [],
      logs: [
        {
          broker: 1, role: "leader", leaderEpoch: 1, leo: 10, hw: 9, logStartOffset: 0,
          records: [...recs(0, 8, 0), ...recs(8, 10, 1)],
          follower: null,
        },
        {
          broker: 2, role: "follower", leaderEpoch: 1, leo: 9, hw: 8, logStartOffset: 0,
          records: [...recs(0, 8, 0), ...recs(8, 9, 1)],
          follower: { leo: 9, lagMessages: 1, lastCaughtUpMs: 24300, sinceCaughtUpMs: 200, inIsr: true, fetchInFlight: false },
        },
        {
          broker: 3, role: "offline", leaderEpoch: 0, leo: 9, hw: 7, logStartOffset: 0,
          records: recs(0, 9, 0),
          follower: { leo: -1, lagMessages: 0, lastCaughtUpMs: 12000, sinceCaughtUpMs: 12500, inIsr: false, fetchInFlight: false },
        },
      ],
    },
    {
      partition: 2,
      leader: 2,
      leaderEpoch: 1,
      isr: [2, 0],
      replicas: [2, 3, 0],
      hw: 55,
      zkVersion: 3,
      controllerEpoch: 1,
      committedOffset: 55, acked: [], hwCounted: [{ broker: 0, leo: 55, why: "isr" }], hwWaitingFor: [0], hwQuorum: null,
      minIsr: 1, writesBlocked: null, hwBlocked: null, underReplicated: true, nextIsrCheckMs: 1000, truncated: [],
      logs: [
        {
          broker: 2, role: "leader", leaderEpoch: 1, leo: 57, hw: 55, logStartOffset: 0,
          records: [...recs(0, 30, 0), ...recs(30, 57, 1)],
          follower: null,
        },
        {
          broker: 3, role: "offline", leaderEpoch: 0, leo: 50, hw: 48, logStartOffset: 0,
          records: [...recs(0, 30, 0), ...recs(30, 50, 1)],
          follower: { leo: -1, lagMessages: 0, lastCaughtUpMs: 12000, sinceCaughtUpMs: 12500, inIsr: false, fetchInFlight: false },
        },
        {
          broker: 0, role: "follower", leaderEpoch: 1, leo: 55, hw: 55, logStartOffset: 0,
          records: [...recs(0, 30, 0), ...recs(30, 55, 1)],
          follower: { leo: 55, lagMessages: 2, lastCaughtUpMs: 23300, sinceCaughtUpMs: 1200, inIsr: true, fetchInFlight: true },
        },
      ],
    },
  ],
  requests: [
    { id: 1, partition: 0, acks: "all", count: 5, status: "acked", error: null, offset: 0, sentMs: 1000, doneMs: 1800 },
    { id: 2, partition: 1, acks: 1, count: 8, status: "acked", error: null, offset: 0, sentMs: 2000, doneMs: 2300 },
    { id: 3, partition: 1, acks: "all", count: 1, status: "failed", error: "REQUEST_TIMED_OUT", offset: -1, sentMs: 11800, doneMs: 41800 },
    { id: 4, partition: 2, acks: 0, count: 2, status: "acked", error: null, offset: -1, sentMs: 22000, doneMs: 22000 },
    { id: 5, partition: 0, acks: "all", count: 2, status: "pending", error: null, offset: 10, sentMs: 24000, doneMs: -1 },
  ],
  requestCounts: { pending: 1, acked: 3, failed: 1 },
  inflight: [
    { seq: 901, from: 1, to: 0, kind: "Fetch", partition: 0, sentTick: 244, deliverTick: 246, text: "b1->b0 Fetch p0 off=12 epoch=0" },
    { seq: 902, from: 0, to: 2, kind: "FetchResponse", partition: 0, sentTick: 244, deliverTick: 247, text: "b0->b2 FetchResponse p0 records=11..11 hw=10" },
    { seq: 903, from: 0, to: 2, kind: "Fetch", partition: 2, sentTick: 245, deliverTick: 247, text: "b0->b2 Fetch p2 off=55 epoch=1" },
  ],
};

/** snapshot.zk of the story above (zkVersion of P1's state: created, then the election). */
const ZK = [
  { path: "/controller", data: '{"version":1,"brokerid":0}', version: 0 },
  { path: "/controller_epoch", data: "1", version: 0 },
  { path: "/brokers/ids/0", data: '{"czxid":1}', version: 0 },
  { path: "/brokers/ids/1", data: '{"czxid":2}', version: 0 },
  { path: "/brokers/ids/2", data: '{"czxid":3}', version: 0 },
  { path: "/brokers/topics/demo", data: '{"version":1,"partitions":{"0":[0,1,2],"1":[1,2,3],"2":[2,3,0]}}', version: 0 },
  { path: "/brokers/topics/demo/partitions/0/state", data: '{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0,1,2]}', version: 1 },
  { path: "/brokers/topics/demo/partitions/1/state", data: '{"controller_epoch":1,"leader":1,"version":1,"leader_epoch":1,"isr":[1,2]}', version: 2 },
  { path: "/brokers/topics/demo/partitions/2/state", data: '{"controller_epoch":1,"leader":2,"version":1,"leader_epoch":1,"isr":[2,0]}', version: 3 },
];
SNAPSHOT.zk = ZK;
SNAPSHOT.violations = [];
SNAPSHOT.violationsDropped = 0;
SNAPSHOT.cutLinks = [];
// The only replicas outside an ISR in the story are on the crashed broker 3.
for (const p of SNAPSHOT.partitions) for (const l of p.logs) l.outOfIsr = p.isr.includes(l.broker) ? null : "crashed";

const EVENTS = [
  { tick: 120, timeMs: 12000, kind: "broker-fail", partition: -1, broker: 3, text: "broker 3 crashed" },
  { tick: 180, timeMs: 18000, kind: "zk-session-expired", partition: -1, broker: 3, text: "ZooKeeper session of broker 3 expired: /brokers/ids/3 deleted" },
  { tick: 180, timeMs: 18000, kind: "leader-election", partition: 1, broker: 1, text: "leader 3→1 epoch 0→1: first live replica of ISR {3,1,2}" },
  { tick: 181, timeMs: 18100, kind: "leader", partition: 1, broker: 1, text: "b1 became leader of p1 at leader_epoch 1 (LEO 8, HW 7, ISR {1,2})" },
  { tick: 244, timeMs: 24400, kind: "hw", partition: 0, broker: 0, text: "HW 9→10: ISR {0,1,2} LEOs 12,12,10" },
];

const CORE = JSON.parse(fs.readFileSync(new URL("../fixtures/core.json", import.meta.url), "utf8"));

/** A fresh copy of a snapshot recorded from the core: one of scripts/record-fixtures.mjs STORIES. */
export function coreFixture(name) {
  if (!(name in CORE.snapshots)) throw new Error(`name: must be one of ${Object.keys(CORE.snapshots).join(", ")}, got ${name}`);
  return structuredClone(CORE.snapshots[name]);
}

/** `Cluster.schema()` as recorded from the core. */
export function schemaFixture() {
  return structuredClone(CORE.schema);
}

/** A fresh deep copy of the fixture snapshot (tests may mutate it). */
export function snapshotFixture() {
  return structuredClone(SNAPSHOT);
}

/** A fresh copy of the fixture events, oldest first (as step() returns them). */
export function eventsFixture() {
  return structuredClone(EVENTS);
}

/** A snapshot like the fixture with `partition`'s logs replaced by a fn of the fixture's. */
export function withPartition(snap, index, change) {
  const copy = structuredClone(snap);
  copy.partitions[index] = change(copy.partitions[index]) ?? copy.partitions[index];
  return copy;
}
