// Fixtures recorded from the real core (www/pkg), for the page's unit tests: `Cluster.schema()`
// and the snapshots at the end of a few short stories (tests/unit/fixtures.mjs `coreFixture`).
// `node scripts/record-fixtures.mjs` rewrites tests/fixtures/core.json after a core change;
// tests/node/fixtures.test.mjs fails while the file differs from what the core records.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIXTURE = new URL('../tests/fixtures/core.json', import.meta.url);

const SETTLED = { networkLatencyMsMin: 100, networkLatencyMsMax: 100 };

/** Each story: a config and actions ([method, ...args]; ["stepUntil", path, value, max] steps until snapshot path = value). */
export const STORIES = {
  // 0.11 (KAFKA-4485): B2, slow, is out of the ISR but caught up, and the HW waits for it.
  caughtUpOutsideIsr: {
    config: { version: '0.11', brokers: 4, partitions: 1, replicationFactor: 3, zookeeperSessionTimeoutMs: 600000 },
    actions: [['fail', 2, 'slow', { delayMs: 3000 }], ['produceEachTick', 0, 161]],
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
  // 3.7, min.insync.replicas 2: both followers gone, the ISR is {0}: writes and the HW blocked.
  minIsrBlocked: {
    config: { version: '3.7', brokers: 3, partitions: 1, replicationFactor: 3, minInsyncReplicas: 2, ...SETTLED },
    actions: [['fail', 1, 'stuck'], ['fail', 2, 'stuck'], ['step', 200], ['cut', 1, 2]],
  },
};

/** Plays one story on a new handle of `Cluster`; returns its final snapshot. */
export function play(Cluster, { config, actions }) {
  const c = new Cluster(config);
  try {
    for (const [method, ...args] of actions) {
      if (method === 'produceEachTick') {
        const [partition, ticks] = args;
        for (let i = 0; i < ticks; i++) {
          c.produce({ partition, count: 1, acks: 1 });
          c.step(1);
        }
      } else c[method](...args);
    }
    return c.snapshot({ records: 40, requests: 12 });
  } finally {
    c.free();
  }
}

/** The fixture file's content, as the core records it now. */
export function record(Cluster) {
  const snapshots = Object.fromEntries(Object.entries(STORIES).map(([name, story]) => [name, play(Cluster, story)]));
  return `${JSON.stringify({ about: 'Recorded from the core by scripts/record-fixtures.mjs: do not edit by hand.', schema: Cluster.schema(), snapshots }, null, 1)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = new URL('../www/pkg/', import.meta.url);
  const { default: init, Cluster } = await import(new URL('kafka_replication.js', pkg));
  await init({ module_or_path: fs.readFileSync(new URL('kafka_replication_bg.wasm', pkg)) });
  fs.writeFileSync(FIXTURE, record(Cluster));
  console.log(`record-fixtures: wrote ${fileURLToPath(FIXTURE)}`);
}
