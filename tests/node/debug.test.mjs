// `setDebug(true)`: the core's phases as User Timing measures (the performance panel) and
// violations as console warnings, through web-sys; with it off, neither (docs/api.md).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import init, { Cluster } from '../../www/pkg/kafka_replication.js';

await init({ module_or_path: fs.readFileSync(new URL('../../www/pkg/kafka_replication_bg.wasm', import.meta.url)) });

const ours = () => performance.getEntriesByType('measure').filter((m) => m.name.startsWith('kafka-replication:'));
const count = (name) => ours().filter((m) => m.name === `kafka-replication:${name}`).length;

test('with debug on, a step measures itself, each tick its deliveries and invariants, and a snapshot itself', () => {
  const c = new Cluster({ seed: 3 });
  c.step(5);
  c.snapshot();
  assert.equal(ours().length, 0, 'off by default: no measures');
  c.setDebug(true);
  c.step(3);
  assert.deepEqual([count('step'), count('deliveries'), count('invariants'), count('snapshot')], [1, 3, 3, 0]);
  c.snapshot({ records: 10 });
  assert.equal(count('snapshot'), 1);
  for (const m of ours()) assert.ok(m.duration >= 0 && m.startTime > 0, m.name);
  // Each step starts the buffer afresh: a long session does not grow it.
  c.step(2);
  assert.deepEqual([count('step'), count('deliveries'), count('snapshot')], [1, 2, 0]);
  const f = c.fork();
  f.step(1);
  assert.equal(count('step'), 1, 'a fork keeps the option');
  c.setDebug(false);
  performance.clearMeasures();
  c.step(2);
  c.snapshot();
  assert.equal(ours().length, 0);
  assert.throws(() => c.setDebug(1), /on: must be true or false, got 1/);
  c.free();
  f.free();
});

test('with debug on, a step warns on the console of each violation it found', () => {
  const warned = [];
  const warn = console.warn;
  console.warn = (...args) => warned.push(args.join(' '));
  try {
    for (const debug of [false, true]) {
      // Lesson 9: an acks=1 record acknowledged by an isolated leader is lost when it fails.
      const c = new Cluster({ version: '0.8', brokers: 3, partitions: 1, replicationFactor: 3, networkLatencyMsMin: 100, networkLatencyMsMax: 100 });
      c.setDebug(debug);
      c.produce({ count: 3, acks: 'all' });
      c.step(100);
      c.cut(0, 1);
      c.produce({ count: 1, acks: 1 });
      c.step(10);
      c.fail(0);
      c.heal(0, 1);
      c.step(100);
      c.produce({ count: 1, acks: 'all' });
      c.step(40);
      assert.ok(c.snapshot().violations.some((v) => v.kind === 'acks1-lost'));
      assert.equal(warned.some((w) => w.includes('violation acks1-lost on p0')), debug, warned.join('\n'));
      c.free();
    }
  } finally {
    console.warn = warn;
  }
});
