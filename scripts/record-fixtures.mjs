// Fixtures recorded from the real core (www/pkg), for the page's unit tests: `Cluster.schema()`,
// the snapshots at the end of a few short stories (tests/unit/fixtures.mjs `coreFixture`) and the
// events of those that keep them (`eventsFixture`).
// `node scripts/record-fixtures.mjs` rewrites tests/fixtures/core.json after a core change;
// tests/node/fixtures.test.mjs fails while the file differs from what the core records.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIXTURE = new URL('../tests/fixtures/core.json', import.meta.url);

const SETTLED = { networkLatencyMsMin: 100, networkLatencyMsMax: 100 };

/**
 * Each story: a config and actions ([method, ...args]; ["produceEachTick", partition, ticks];
 * ["stepUntil", path, value, max] steps until the snapshot's `path` (dotted: "partitions.1.leader")
 * is `value`, at most `max` ticks). `events: true` keeps the events of its steps; `metricsHistory: N`
 * records the snapshot with its last N metrics samples.
 */
export const STORIES = {
  // The views' main fixture (3.7 defaults; 4 brokers, 3 partitions, RF 3, seed 1), at 24 s: B1
  // led P1 and crashed with m76 at offset 8 (acks=1: acknowledged, but its links to the followers
  // were cut, so no follower had it). After the 18 s ZooKeeper session the controller removed B1
  // from P0's ISR and elected B2 for P1 (leader_epoch 1), which wrote m78 at offset 8: B1's
  // offset 8 diverges and would be truncated. Meanwhile an acks=all request to P1 timed out
  // (delivery.timeout.ms 10 s). P2 has a long log (57 records, windowed); on P0 an acks=all
  // request waits for B2 while B2's HW trails the leader's.
  failover: {
    config: { brokers: 4, partitions: 3, replicationFactor: 3, seed: 1, deliveryTimeoutMs: 10000 },
    events: true,
    // The operator metrics' chart (tests/unit/metrics-model.test.mjs): the last 60 ticks, from
    // before B1's removal from P0's ISR (tick 215) and P1's election (216).
    metricsHistory: 60,
    actions: [
      ['produce', { partition: 0, count: 10, acks: 'all' }],
      ['produce', { partition: 1, count: 8, acks: 1 }],
      ['produce', { partition: 2, count: 57, acks: 1 }],
      ['step', 30],
      ['cut', 1, 2], ['cut', 1, 3],
      ['produce', { partition: 1, count: 1, acks: 1 }],
      ['step', 3],
      ['fail', 1], ['heal', 1, 2], ['heal', 1, 3],
      ['produce', { partition: 1, count: 1, acks: 'all' }],
      ['stepUntil', 'partitions.1.leader', 2, 400],
      ['step', 5],
      ['produce', { partition: 1, count: 2, acks: 1 }],
      ['step', 20],
      ['produce', { partition: 0, count: 2, acks: 'all' }],
      ['stepUntil', 'partitions.0.hw', 12, 50],
      ['produce', { partition: 2, count: 2, acks: 0 }],
      ['produce', { partition: 0, count: 1, acks: 'all' }],
      ['step', 2],
    ],
  },
  // 0.11 (KAFKA-4485): B2, slow, is out of the ISR but caught up, and the HW waits for it.
  caughtUpOutsideIsr: {
    config: { version: '0.11', brokers: 4, partitions: 1, replicationFactor: 3, zookeeperSessionTimeoutMs: 600000 },
    actions: [['fail', 2, 'slow', { delayMs: 3000 }], ['produceEachTick', 0, 161]],
  },
  // 3.7: B2's link to the leader was cut 39.8 s ago: past replica.lag.time.max.ms (30 s), still in
  // the ISR until the leader's next ISR check (every 15 s) removes it, in 4.2 s (removeInMs).
  followerLeaving: {
    config: { version: '3.7', brokers: 3, partitions: 1, replicationFactor: 3, ...SETTLED },
    actions: [['produce', { partition: 0, count: 2, acks: 1 }], ['step', 10], ['cut', 0, 2], ['produce', { partition: 0, count: 1, acks: 1 }], ['step', 398]],
  },
  // 0.11, strategy=quorum: B2 is stuck at LEO 0 yet still in the ISR; the HW (3) followed a
  // majority (leader and B1), and m4 waits for B1 alone (hwQuorum 2).
  quorum: {
    config: { version: '0.11', brokers: 3, partitions: 1, replicationFactor: 3, strategy: 'quorum', ...SETTLED },
    actions: [['fail', 2, 'stuck'], ['produce', { partition: 0, count: 3, acks: 'all' }], ['step', 12], ['produce', { partition: 0, count: 1, acks: 'all' }], ['step', 1]],
  },
  // min.insync.replicas 3 on RF 2: 3.7 caps it at RF (KAFKA-15583), so the full ISR {0,1}
  // takes acks=all; 2.8 refuses it with NOT_ENOUGH_REPLICAS for ever (the producer retries).
  minIsrAboveRf: {
    config: { version: '3.7', brokers: 3, partitions: 1, replicationFactor: 2, minInsyncReplicas: 3, ...SETTLED },
    actions: [['produce', { partition: 0, count: 2, acks: 'all' }], ['step', 10]],
  },
  minIsrAboveRf28: {
    config: { version: '2.8', brokers: 3, partitions: 1, replicationFactor: 2, minInsyncReplicas: 3, ...SETTLED },
    actions: [['produce', { partition: 0, count: 2, acks: 'all' }], ['step', 10]],
  },
  // The leader of 5 committed records crashed a moment ago: no HW, the records still committed.
  leaderCrashed: {
    config: { version: '3.7', brokers: 3, partitions: 1, replicationFactor: 3, ...SETTLED },
    actions: [['produce', { partition: 0, count: 5, acks: 'all' }], ['step', 10], ['fail', 0], ['step', 2]],
  },
  // 0.8 (truncation to the HW): B2 had m4, uncommitted, which the new leader B1 never got; B2
  // truncated it a tick ago (snapshot.truncated).
  truncated: {
    config: { version: '0.8', brokers: 3, partitions: 1, replicationFactor: 3, ...SETTLED },
    actions: [['produce', { partition: 0, count: 3, acks: 'all' }], ['step', 20], ['cut', 0, 1], ['produce', { partition: 0, count: 1, acks: 1 }], ['step', 5], ['fail', 0], ['heal', 0, 1], ['step', 62]],
  },
  // 3.7, 4 brokers: P0 on [0,1,2] is being reassigned to [1,2,3] (KIP-455) and B3 is stuck, so
  // the reassignment runs: replicas RS = [1,2,3,0], adding B3 (empty, out of the ISR), removing B0.
  reassigning: {
    config: { version: '3.7', brokers: 4, partitions: 1, replicationFactor: 3, ...SETTLED },
    actions: [['produce', { partition: 0, count: 3, acks: 'all' }], ['step', 10], ['fail', 3, 'stuck'], ['reassign', 0, [1, 2, 3]], ['step', 5]],
  },
  // 3.7, min.insync.replicas 2: both followers gone, the ISR is {0}: writes and the HW blocked.
  minIsrBlocked: {
    config: { version: '3.7', brokers: 3, partitions: 1, replicationFactor: 3, minInsyncReplicas: 2, ...SETTLED },
    actions: [['fail', 1, 'stuck'], ['fail', 2, 'stuck'], ['step', 200], ['cut', 1, 2]],
  },
  // 3.7: B2 was stuck long enough to leave the ISR, recovered, caught up and was added back a
  // moment ago (joinedIsr "caught-up").
  rejoined: {
    config: { version: '3.7', brokers: 3, partitions: 1, replicationFactor: 3, ...SETTLED },
    actions: [
      ['fail', 2, 'stuck'], ['produce', { partition: 0, count: 2, acks: 1 }],
      ['stepUntil', 'partitions.0.isr.length', 2, 600],
      ['recover', 2], ['stepUntil', 'partitions.0.isr.length', 3, 600], ['step', 5],
    ],
  },
  // 4.2 (KRaft, ELR on), min.insync.replicas 2: B2, B1 and the leader B0 paused one after the
  // other and were fenced: no leader, the ISR empty, the ELR {0,1}, the last known leader B0. The
  // paused brokers replayed the metadata log only up to where they stopped.
  kraftElr: {
    config: { version: '4.2', brokers: 3, partitions: 1, replicationFactor: 3, minInsyncReplicas: 2, ...SETTLED },
    actions: [
      ['produce', { partition: 0, count: 2, acks: 'all' }],
      ['step', 20],
      ['fail', 2, 'stuck'], ['stepUntil', 'kraft.brokers.2.fenced', true, 200],
      ['fail', 1, 'stuck'], ['stepUntil', 'kraft.brokers.1.fenced', true, 200],
      ['fail', 0, 'stuck'], ['stepUntil', 'kraft.brokers.0.fenced', true, 200],
    ],
  },
};

/** The value at dotted `path` of `obj` ("partitions.1.leader"). */
const at = (obj, path) => path.split('.').reduce((o, k) => o?.[k], obj);

/** Plays one story on a new handle of `Cluster`; returns its final snapshot and the events of its steps. */
export function play(Cluster, { config, actions, metricsHistory = 0 }) {
  const c = new Cluster(config);
  const events = [];
  const step = (n) => events.push(...c.step(n));
  try {
    for (const [method, ...args] of actions) {
      if (method === 'produceEachTick') {
        const [partition, ticks] = args;
        for (let i = 0; i < ticks; i++) {
          c.produce({ partition, count: 1, acks: 1 });
          step(1);
        }
      } else if (method === 'stepUntil') {
        const [path, value, max] = args;
        let n = 0;
        for (; n < max && at(c.snapshot({ records: 0, requests: 0 }), path) !== value; n++) step(1);
        if (n === max) throw new Error(`stepUntil: ${path} is not ${value} after ${max} ticks`);
      } else if (method === 'step') step(...args);
      else c[method](...args);
    }
    return { snapshot: c.snapshot({ records: 40, requests: 12, metricsHistory }), events };
  } finally {
    c.free();
  }
}

/** The fixture file's content, as the core records it now. */
export function record(Cluster) {
  const played = Object.entries(STORIES).map(([name, story]) => [name, story, play(Cluster, story)]);
  const snapshots = Object.fromEntries(played.map(([name, , r]) => [name, r.snapshot]));
  const events = Object.fromEntries(played.filter(([, story]) => story.events).map(([name, , r]) => [name, r.events]));
  return `${JSON.stringify({ about: 'Recorded from the core by scripts/record-fixtures.mjs: do not edit by hand.', schema: Cluster.schema(), snapshots, events }, null, 1)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = new URL('../www/pkg/', import.meta.url);
  const { default: init, Cluster } = await import(new URL('kafka_replication.js', pkg));
  await init({ module_or_path: fs.readFileSync(new URL('kafka_replication_bg.wasm', pkg)) });
  fs.writeFileSync(FIXTURE, record(Cluster));
  console.log(`record-fixtures: wrote ${fileURLToPath(FIXTURE)}`);
}
