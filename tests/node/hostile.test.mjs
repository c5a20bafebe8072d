// Hostile arguments never poison a handle or the module (issue #17): 100 000 calls with throwing
// getters, throwing or revoked Proxies, re-entrant getters, frozen objects holding bad values and
// values whose conversions throw (scripts/hostile-cases.mjs). Each throws an Error naming the
// argument and changes nothing; afterwards the handle, a fork and a new handle still work, and the
// module's memory has not grown with them (a JS exception unwinding through wasm leaks its shadow
// stack, and after a few thousand such calls the module traps).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import init, { Cluster } from '../../www/pkg/kafka_replication.js';
import { hostileCase, hostileProblem } from '../../scripts/hostile-cases.mjs';

const wasm = await init({ module_or_path: fs.readFileSync(new URL('../../www/pkg/kafka_replication_bg.wasm', import.meta.url)) });

test('100 000 hostile calls: each an Error naming its argument, nothing changed, nothing poisoned', () => {
  const handle = { cluster: new Cluster({ seed: 7 }) };
  handle.cluster.step(60);
  let memoryAfterWarmUp = 0;
  for (let i = 0; i < 100_000; i++) {
    if (i === 10_000) memoryAfterWarmUp = wasm.memory.buffer.byteLength;
    const problem = hostileProblem(hostileCase(1, i, handle), { Cluster, cluster: handle.cluster });
    assert.equal(problem, null, `case ${i}`);
  }
  // The allocator settles after a few hundred thousand calls at ~1 MB more; a leak of 24 bytes a
  // call would exceed this bound.
  const grown = wasm.memory.buffer.byteLength - memoryAfterWarmUp;
  assert.ok(grown <= 2 ** 21, `the last 90 000 calls grew the module's memory by ${grown} bytes`);
  const c = handle.cluster;
  const hash = c.stateHash();
  const copy = c.fork();
  c.step(20);
  copy.step(20);
  assert.equal(c.stateHash(), copy.stateHash(), 'the handle and its fork go on alike');
  assert.notEqual(c.stateHash(), hash);
  assert.ok(c.produce({ partition: 0, count: 3, acks: 'all' }) > 0);
  assert.equal(c.snapshot().partitions.length, 3);
  copy.free();
  c.free();
  new Cluster({ seed: 7 }).free();
});

test('the cases of issue #17 by hand', () => {
  const c = new Cluster({ seed: 1 });
  const hash = c.stateHash();
  assert.throws(() => c.step(1, { get events() { throw new Error('boom'); } }), /^Error: options: reading it threw "Error: boom"$/);
  assert.equal(c.stateHash(), hash, 'the handle is not left borrowed');
  assert.throws(() => c.step(1, { get events() { return c.step(1); } }), /re-entrant call refused/);
  assert.equal(c.stateHash(), hash, 'a call from a getter is refused and changes nothing');
  // A getter may use another handle: only the handle whose call is running is busy.
  const other = new Cluster({ seed: 2 });
  c.step(1, { get events() { other.step(1); return false; } });
  assert.equal(other.snapshot().tick, 1);
  assert.throws(() => new Cluster({ brokers: 32.0000001 }), /got 32\.0000001$/);
  assert.throws(() => new Cluster({ seed: 2 ** 53 }), /got 9007199254740992$/);
  assert.throws(() => new Cluster({ version: 'x'.repeat(200_000) }), (e) => /… \(200000 characters\)$/.test(e.message) && e.message.length < 200);
});
