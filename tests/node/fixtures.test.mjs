// The fixtures recorded from the core (tests/fixtures/core.json) are what the core records now:
// after a core change, `node scripts/record-fixtures.mjs` rewrites them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import init, { Cluster } from '../../www/pkg/kafka_replication.js';
import { FIXTURE, record } from '../../scripts/record-fixtures.mjs';

await init({ module_or_path: fs.readFileSync(new URL('../../www/pkg/kafka_replication_bg.wasm', import.meta.url)) });

test('tests/fixtures/core.json is what the core records', () => {
  assert.ok(fs.readFileSync(FIXTURE, 'utf8') === record(Cluster), 'stale: run `node scripts/record-fixtures.mjs`');
});
