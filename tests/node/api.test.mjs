// The JS API contract of docs/api.md, checked against the real wasm build (www/pkg) in node.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import init, { Cluster } from '../../www/pkg/kafka_replication.js';

await init({ module_or_path: fs.readFileSync(new URL('../../www/pkg/kafka_replication_bg.wasm', import.meta.url)) });

// Enough ticks for a controller to be elected and every partition to get its first leader.
const SETTLE_TICKS = 50;

// The documented defaults: the "3.7" version preset.
const DOCUMENTED_DEFAULTS = {
  version: '3.7', truncation: 'kip-279', isrUpdate: 'alter-partition', strategy: 'isr', strictMinIsr: true,
  replicaLagMaxMessages: 0, uncleanLeaderElectionEnable: false, logRetentionRecords: 65536,
  brokers: 4, partitions: 3, replicationFactor: 3, minInsyncReplicas: 1, replicaLagTimeMaxMs: 30000,
  replicaFetchWaitMaxMs: 500, replicaFetchBackoffMs: 1000, zookeeperSessionTimeoutMs: 18000,
  requestTimeoutMs: 30000, replicaHighWatermarkCheckpointIntervalMs: 5000, networkLatencyMsMin: 100,
  networkLatencyMsMax: 300, seed: 1,
};

const sorted = (ids) => [...ids].sort((a, b) => a - b);
const request = (c, id) => c.snapshot().requests.find((r) => r.id === id);

/** Steps one tick at a time until `done(snapshot)` holds; returns the events of those ticks. */
function stepUntil(c, done, maxTicks) {
  const events = [];
  for (let i = 0; i < maxTicks && !done(c.snapshot()); i++) events.push(...c.step(1));
  assert.ok(done(c.snapshot()), `condition not reached within ${maxTicks} ticks`);
  return events;
}

/** Asserts that `call` throws a JS Error, whose message names `argument` if given. */
function assertRejects(call, argument) {
  assert.throws(call, (e) => {
    assert.ok(e instanceof Error, `expected an Error, got ${e}`);
    if (argument) assert.match(e.message, new RegExp(argument), `the message should name "${argument}"`);
    return true;
  }, `${call} should throw`);
}

test('defaults: 4 brokers, 3 partitions of 3 replicas, led by their first replica', () => {
  const c = new Cluster({});
  let s = c.snapshot();
  assert.deepEqual({ ...s.config, ...DOCUMENTED_DEFAULTS }, s.config, 'config holds every documented default');
  assert.equal(s.tickMs, 100);
  assert.equal(s.seed, 1);
  assert.deepEqual(s.brokers.map((b) => b.id), [0, 1, 2, 3]);
  assert.equal(s.partitions.length, 3);

  c.step(SETTLE_TICKS);
  s = c.snapshot();
  assert.ok(s.controller.broker >= 0, 'a controller is elected');
  for (const p of s.partitions) {
    assert.equal(new Set(p.replicas).size, 3, `p${p.partition} has 3 distinct replicas`);
    assert.ok(p.replicas.every((b) => b >= 0 && b < 4));
    assert.deepEqual(p.logs.map((l) => l.broker), p.replicas, 'one log per replica, in assignment order');
    assert.equal(p.leader, p.replicas[0], `p${p.partition}: the preferred replica leads`);
    assert.deepEqual(sorted(p.isr), sorted(p.replicas), `p${p.partition}: all replicas in sync`);
  }
  c.free();
});

test('step: advances the clock by n ticks (default 1) and returns event records', () => {
  const c = new Cluster({});
  const events = c.step(SETTLE_TICKS);
  assert.ok(Array.isArray(events));
  for (const e of events) assert.deepEqual(Object.keys(e).sort(), ['broker', 'kind', 'params', 'partition', 'text', 'tick', 'timeMs']);
  c.step();
  const s = c.snapshot();
  assert.equal(s.tick, SETTLE_TICKS + 1);
  assert.equal(s.timeMs, s.tick * s.tickMs);
  c.free();
});

test('produce acks=all: acked once every ISR replica has the records; HW covers them', () => {
  const c = new Cluster({ seed: 7 });
  c.step(SETTLE_TICKS);
  const id = c.produce({ partition: 0, count: 5, acks: 'all' });
  const events = stepUntil(c, (s) => s.requests.find((r) => r.id === id).status !== 'pending', 200);

  const s = c.snapshot();
  const r = request(c, id);
  assert.equal(r.status, 'acked', `request ${JSON.stringify(r)}`);
  assert.equal(r.error, null);
  assert.deepEqual([r.partition, r.acks, r.count], [0, 'all', 5]);
  const end = r.offset + r.count;
  assert.ok(r.offset >= 0);
  const p = s.partitions[0];
  assert.ok(p.hw >= end, `HW ${p.hw} ≥ ${end}`);
  for (const broker of p.isr) {
    const log = p.logs.find((l) => l.broker === broker);
    assert.ok(log.leo >= end, `ISR member ${broker}: LEO ${log.leo} ≥ ${end}`);
  }
  assert.ok(events.some((e) => e.kind === 'request-acked'), 'a request-acked event was reported');
  c.free();
});

test('produce acks=-1 is acks=all', () => {
  const c = new Cluster({});
  c.step(SETTLE_TICKS);
  const id = c.produce({ partition: 1, count: 1, acks: -1 });
  assert.equal(request(c, id).acks, 'all');
  c.free();
});

test('leader failure: after the ZooKeeper session expires, an ISR member leads in a new epoch', () => {
  const c = new Cluster({ seed: 3 });
  c.step(SETTLE_TICKS);
  const before = c.snapshot().partitions[0];
  c.fail(before.leader);

  const { config, tickMs } = c.snapshot();
  // Session expiry, then the controller (possibly re-elected) tells the new leader: a few hops.
  c.step(Math.ceil((config.zookeeperSessionTimeoutMs + 10 * config.networkLatencyMsMax) / tickMs));
  const s = c.snapshot();
  const after = s.partitions[0];
  const dead = s.brokers.find((b) => b.id === before.leader);
  assert.equal(dead.status, 'crashed');
  assert.equal(dead.registered, false, 'its ZooKeeper registration expired');
  assert.notEqual(after.leader, before.leader);
  assert.ok(before.isr.includes(after.leader), `new leader ${after.leader} was in the old ISR ${before.isr}`);
  assert.ok(after.leaderEpoch > before.leaderEpoch, `epoch ${before.leaderEpoch} → ${after.leaderEpoch}`);
  assert.ok(!after.isr.includes(before.leader), 'the dead broker left the ISR');
  c.free();
});

test('bad arguments throw an Error naming the argument', () => {
  assertRejects(() => new Cluster({ brokers: 0 }), 'brokers');
  assertRejects(() => new Cluster({ brokers: 33 }), 'brokers');
  assertRejects(() => new Cluster({ bogus: 1 }), 'bogus');
  assertRejects(() => new Cluster({ brokers: 2, replicationFactor: 3 }), 'replicationFactor');
  assertRejects(() => new Cluster({ networkLatencyMsMin: 500, networkLatencyMsMax: 100 }), 'networkLatencyMs');
  assertRejects(() => new Cluster({ seed: -1 }), 'seed');
  assertRejects(() => new Cluster({ seed: 1.5 }), 'seed');
});

test('a rejected call changes nothing', () => {
  const c = new Cluster({ seed: 5 });
  c.step(SETTLE_TICKS);
  c.produce({ partition: 0, count: 2, acks: 1 });
  c.step(3);
  const hash = c.stateHash();
  const snapshot = c.snapshot();
  const rejected = [
    [() => c.fail(99), 'broker'],
    [() => c.recover(99), 'broker'],
    [() => c.produce({ partition: 9 }), 'partition'],
    [() => c.produce({ partition: 0, acks: 2 }), 'acks'],
    [() => c.produce({ partition: 0, acks: 'some' }), 'acks'],
    [() => c.produce({ partition: 0, bogus: 1 }), 'bogus'],
    [() => c.step(-1)],
    [() => c.step(1.5)],
    [() => c.step(100001)],
    [() => c.step(1, { events: 'no' }), 'events'],
    [() => c.step(1, { quiet: true }), 'quiet'],
    [() => c.step(1, 5), 'options'],
    [() => c.reassign(0, []), 'replicas'],
    [() => c.reassign(0, [1, 1]), 'replicas'],
    [() => c.reassign(0, [0, 9]), 'replicas'],
    [() => c.reassign(0, 'b1'), 'replicas'],
    [() => c.reassign(9, [0, 1]), 'partition'],
  ];
  for (const [call, argument] of rejected) {
    assertRejects(call, argument);
    assert.equal(c.stateHash(), hash, `state changed by ${call}`);
  }
  assert.deepEqual(c.snapshot(), snapshot);
  c.free();
});

test('step without events reaches the same state and returns no events', () => {
  const play = (events) => {
    const c = new Cluster({ seed: 9 });
    c.produce({ partition: 0, count: 3, acks: 'all' });
    const out = events ? c.step(40) : c.step(40, { events: false });
    c.fail(1);
    if (events) c.step(60);
    else c.step(60, { events: false });
    const h = c.stateHash();
    c.free();
    return { out, h };
  };
  const loud = play(true);
  const quiet = play(false);
  assert.ok(loud.out.length > 0);
  assert.deepEqual(quiet.out, []);
  assert.equal(quiet.h, loud.h);
});

test('determinism: same seed and same actions give the same state', () => {
  const run = () => {
    const c = new Cluster({ seed: 42 });
    const events = [c.step(30)];
    c.produce({ partition: 0, count: 3, acks: 'all' });
    c.produce({ partition: 1, count: 2, acks: 1 });
    events.push(c.step(20));
    c.fail(1);
    events.push(c.step(80));
    c.recover(1);
    c.produce({ partition: 2, count: 4, acks: 0 });
    events.push(c.step(150));
    const result = { hash: c.stateHash(), snapshot: c.snapshot(), events };
    c.free();
    return result;
  };
  const a = run();
  const b = run();
  assert.equal(typeof a.hash, 'bigint');
  assert.equal(a.hash, b.hash);
  assert.deepEqual(a.snapshot, b.snapshot);
  assert.deepEqual(a.events, b.events);
});

test('the snapshot is plain JSON data (no Map, no BigInt)', () => {
  const c = new Cluster({});
  c.step(SETTLE_TICKS);
  c.produce({ partition: 0, count: 3, acks: 'all' });
  c.step(5);
  const s = c.snapshot();
  assert.deepEqual(JSON.parse(JSON.stringify(s)), s);
  for (const key of ['tick', 'timeMs', 'tickMs', 'seed', 'config', 'controller', 'brokers', 'partitions', 'requests', 'inflight']) {
    assert.ok(key in s, `snapshot.${key}`);
  }
  c.free();
});

test('snapshot({ requests: n }): the latest n requests; requestCounts counts every kept one; bad values throw and change nothing', () => {
  const c = new Cluster();
  c.step(SETTLE_TICKS);
  for (let i = 0; i < 5; i++) c.produce({ partition: i % 3, count: 2 });
  c.step(1);
  const all = c.snapshot();
  assert.equal(all.requests.length, 5);
  const s = c.snapshot({ records: 0, requests: 2 });
  assert.deepEqual(s.requests, all.requests.slice(-2), 'the two latest, oldest first');
  assert.deepEqual(s.requestCounts, all.requestCounts);
  assert.equal(Object.values(s.requestCounts).reduce((a, b) => a + b, 0), 5);
  assert.deepEqual(c.snapshot({ requests: 0 }).requests, []);
  c.step(SETTLE_TICKS);
  assert.equal(c.snapshot().requestCounts.acked, 5, 'all acked (acks=all, nothing failed)');
  for (const bad of [-1, 1.5, '3', 2e6]) assert.throws(() => c.snapshot({ requests: bad }), /requests/);
  assert.throws(() => c.snapshot({ request: 2 }), /records, requests/);
  assert.equal(c.snapshot().requests.length, 5, 'unchanged');
});

test("a controlled shutdown moves leaderships first; electLeaders as kafka-leader-election.sh", () => {
  const c = new Cluster({ brokers: 3, partitions: 1, replicationFactor: 3, autoLeaderRebalanceEnable: false });
  c.step(5);
  c.fail(0, "shutdown");
  assert.equal(c.snapshot().brokers[0].status, "shutting-down");
  assertRejects(() => c.recover(0), "broker");
  stepUntil(c, (s) => s.brokers[0].status === "stopped", 50);
  const s = c.snapshot();
  assert.equal(s.partitions[0].leader, 1, "the first live ISR member in assignment order leads");
  assert.deepEqual(sorted(s.partitions[0].isr), [1, 2]);
  assert.equal(s.brokers[0].down, true);
  assert.equal(s.brokers[0].registered, false, "its ZooKeeper session closed at once");
  c.recover(0);
  stepUntil(c, (x) => x.partitions[0].isr.length === 3, 300);
  assert.deepEqual(c.electLeaders({ type: "preferred" }), [{ partition: 0, error: null }]);
  assert.equal(c.snapshot().partitions[0].leader, 0);
  assert.equal(c.snapshot().partitions[0].leaderEpoch, 2);
  assert.deepEqual(c.electLeaders({ type: "preferred", partitions: [0] }), [{ partition: 0, error: "ELECTION_NOT_NEEDED" }]);
  assert.deepEqual(c.electLeaders({ type: "unclean" }), [{ partition: 0, error: "ELECTION_NOT_NEEDED" }]);
  const hash = c.stateHash();
  assertRejects(() => c.electLeaders({ type: "fair" }), "type");
  assertRejects(() => c.electLeaders(), "type");
  assertRejects(() => c.electLeaders({ type: "preferred", partitions: [7] }), "partitions");
  assertRejects(() => c.electLeaders({ type: "preferred", partitions: "0" }), "partitions");
  assertRejects(() => c.electLeaders({ type: "preferred", partitions: [0.5] }), "partitions");
  assertRejects(() => c.electLeaders({ type: "preferred", bogus: 1 }), "bogus");
  assert.equal(c.stateHash(), hash, "rejected calls change nothing");
  c.free();
});

test("electLeaders type preferred in a KRaft preset: the controller's PartitionChangeRecord, seen once committed (#19)", () => {
  const c = new Cluster({ version: "4.2", brokers: 3, partitions: 1, replicationFactor: 3, autoLeaderRebalanceEnable: false });
  assert.deepEqual(c.electLeaders({ type: "preferred" }), [{ partition: 0, error: "ELECTION_NOT_NEEDED" }]);
  c.fail(0, "crash");
  stepUntil(c, (s) => s.partitions[0].leader === 1, 200);
  assert.deepEqual(c.electLeaders({ type: "preferred" }), [{ partition: 0, error: "PREFERRED_LEADER_NOT_AVAILABLE" }]);
  c.recover(0);
  stepUntil(c, (s) => s.partitions[0].isr.length === 3, 300);
  assert.deepEqual(c.electLeaders({ type: "preferred" }), [{ partition: 0, error: null }]);
  stepUntil(c, (s) => s.partitions[0].leader === 0, 20);
  assert.equal(c.snapshot().partitions[0].leaderEpoch, 2);
  c.free();
});

test('Cluster.schema(): every config key with its kind, range and Kafka name; per-version defaults; the kinds', () => {
  const s = Cluster.schema();
  assert.deepEqual(s.versions, ['0.8', '0.11', '2.8', '3.7', '4.0', '4.2']);
  assert.equal(s.presets['3.7'], '3.7 (ZooKeeper mode)');
  const keys = Object.keys(new Cluster({}).snapshot().config);
  assert.deepEqual(new Set(s.keys.map((k) => k.key)), new Set(keys), 'the schema lists exactly the config keys');
  const lag = s.keys.find((k) => k.key === 'replicaLagTimeMaxMs');
  assert.deepEqual(lag, { key: 'replicaLagTimeMaxMs', kind: 'int', min: 100, max: 600000, choices: null, kafka: 'replica.lag.time.max.ms' });
  assert.deepEqual(s.keys.find((k) => k.key === 'strategy').choices, ['isr', 'quorum']);
  assert.equal(s.keys.find((k) => k.key === 'brokers').kafka, null);
  for (const v of s.versions) assert.deepEqual(s.defaults[v], new Cluster({ version: v }).snapshot().config, `the ${v} defaults`);
  assert.deepEqual(s.defaults['3.7'], { ...s.defaults['3.7'], ...DOCUMENTED_DEFAULTS });
  assert.equal(s.violationKinds[0].kind, 'committed-lost');
  assert.ok(s.violationKinds.every((k) => k.meaning.length > 10));
  assert.ok(['isr-shrink', 'truncate', 'leader-election'].every((k) => s.eventKinds.some((e) => e.kind === k)));
});

test('snapshot: a leader crash leaves committedOffset, the HW waits as the version rules, cut links', () => {
  const c = new Cluster({ brokers: 3, partitions: 1, replicationFactor: 3, networkLatencyMsMin: 100, networkLatencyMsMax: 100 });
  const id = c.produce({ partition: 0, count: 5, acks: 'all' });
  stepUntil(c, () => request(c, id).status === 'acked', 40);
  let p = c.snapshot().partitions[0];
  assert.deepEqual([p.hw, p.committedOffset, p.minIsr, p.writesBlocked, p.hwBlocked], [5, 5, 1, null, null]);
  assert.deepEqual(p.acked, [{ offset: 0, count: 5, acks: 'all' }]);
  assert.deepEqual(p.hwCounted.map((h) => [h.broker, h.why]), [[1, 'isr'], [2, 'isr']]);
  c.fail(0);
  c.step(1);
  p = c.snapshot().partitions[0];
  assert.deepEqual([p.hw, p.committedOffset, p.writesBlocked, p.hwBlocked], [-1, 5, 'LEADER_NOT_RUNNING', 'NO_LEADER']);
  const b0 = c.snapshot().brokers[0];
  assert.equal(b0.zkSession, 'expiring');
  assert.ok(b0.sessionExpiresInMs > 0 && b0.sessionExpiresInMs <= 18000);
  c.cut(2, 1);
  assert.deepEqual(c.snapshot().cutLinks, [[1, 2]]);
  stepUntil(c, (s) => s.partitions[0].leader === 1, 400);
  p = c.snapshot().partitions[0];
  assert.equal(p.committedOffset, 5);
  assert.equal(p.logs.find((l) => l.broker === 0).outOfIsr, 'crashed');
});

test('snapshot: under strategy=quorum the HW waits for a majority, not for the ISR', () => {
  const c = new Cluster({ version: '0.11', brokers: 3, partitions: 1, replicationFactor: 3, strategy: 'quorum' });
  c.fail(1, 'stuck');
  c.fail(2, 'stuck');
  c.produce({ partition: 0, count: 3, acks: 'all' });
  c.step(5);
  let p = c.snapshot().partitions[0];
  assert.deepEqual([p.hw, p.hwQuorum, p.hwWaitingFor], [0, 2, [1, 2]]);
  c.recover(1);
  c.step(10);
  p = c.snapshot().partitions[0];
  assert.deepEqual([p.hw, p.hwWaitingFor], [3, []]);
  assert.ok(p.isr.includes(2), 'the stuck B2 is still in the ISR: the naive rule would wait for it');
});

test('expect: a KRaft-only path on a ZooKeeper-mode cluster does not hold and says so (a compare pane\'s 3.7 side); a malformed one throws', () => {
  const zk = new Cluster({ version: '3.7' });
  assert.deepEqual(zk.expect('p0.elr == [1]'), { ok: false, actual: '', expectation: 'p0.elr == [1]', needsKraft: true });
  assert.deepEqual(zk.expect('p0.hw == 0'), { ok: true, actual: '0', expectation: 'p0.hw == 0', needsKraft: false });
  assert.throws(() => zk.expect('p0.nothing == 1'), /expectation: unknown path "p0.nothing"/);
  const kraft = new Cluster({ version: '4.2' });
  assert.deepEqual(kraft.expect('p0.elr == []'), { ok: true, actual: '[]', expectation: 'p0.elr == []', needsKraft: false });
});
