// The shared determinism fixtures played by the wasm build: each must reach the same state hash
// as the native core (crate/tests/determinism.rs), and twice in a row — a ZooKeeper-era preset
// (determinism.json) and KRaft (determinism-4.2.json, with a controller failover).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import init, { Cluster } from '../../www/pkg/kafka_replication.js';

await init({ module_or_path: fs.readFileSync(new URL('../../www/pkg/kafka_replication_bg.wasm', import.meta.url)) });

for (const name of ['determinism.json', 'determinism-4.2.json']) {
  const fixture = JSON.parse(fs.readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
  const play = () => {
    const c = new Cluster(fixture.config);
    for (const [method, ...args] of fixture.actions) c[method](...args);
    const hash = c.stateHash();
    c.free();
    return hash;
  };

  test(`wasm reaches the native state hash for ${name} (version ${fixture.config.version})`, () => {
    const hash = play();
    assert.equal(typeof hash, 'bigint');
    assert.equal(hash.toString(), fixture.stateHash, `put ${hash} in tests/fixtures/${name} if the model changed on purpose`);
    assert.equal(play(), hash, 'same seed and actions, same state');
  });
}
