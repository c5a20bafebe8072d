// The shared determinism fixture played by the wasm build: it must reach the same state hash as
// the native core (crate/tests/determinism.rs), and twice in a row.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import init, { Cluster } from '../../www/pkg/kafka_replication.js';

await init({ module_or_path: fs.readFileSync(new URL('../../www/pkg/kafka_replication_bg.wasm', import.meta.url)) });
const fixture = JSON.parse(fs.readFileSync(new URL('../fixtures/determinism.json', import.meta.url), 'utf8'));

function play() {
  const c = new Cluster(fixture.config);
  for (const [name, ...args] of fixture.actions) c[name](...args);
  const hash = c.stateHash();
  c.free();
  return hash;
}

test('wasm reaches the native state hash for the shared fixture', () => {
  const hash = play();
  assert.equal(typeof hash, 'bigint');
  assert.equal(hash.toString(), fixture.stateHash, `put ${hash} in tests/fixtures/determinism.json if the model changed on purpose`);
  assert.equal(play(), hash, 'same seed and actions, same state');
});
