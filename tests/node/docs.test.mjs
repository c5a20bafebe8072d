// docs/api.md's config table, violation kinds and event kinds are generated from
// `Cluster.schema()` (scripts/gen-docs.mjs): this fails while they differ from the core's.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { API_MD, loadSchema, renderDocs } from '../../scripts/gen-docs.mjs';

const { schema, version } = await loadSchema();

test('docs/api.md lists the config keys, violation kinds and event kinds of Cluster.schema()', () => {
  const doc = fs.readFileSync(API_MD, 'utf8');
  assert.ok(doc === renderDocs(doc, schema, version), 'docs/api.md is stale: run `node scripts/gen-docs.mjs` (after `node scripts/build-wasm.mjs`)');
});

test('every key, violation kind and event kind has its line, and a missing marker is an error', () => {
  const doc = renderDocs(fs.readFileSync(API_MD, 'utf8'), schema, version);
  for (const k of schema.keys) assert.match(doc, new RegExp(`^\\| ${k.key} \\|`, 'm'), k.key);
  for (const k of [...schema.violationKinds, ...schema.eventKinds]) assert.ok(doc.includes(`- \`${k.kind}\`: ${k.meaning}\n`), k.kind);
  assert.match(doc, /\| replicaLagTimeMaxMs \| `replica.lag.time.max.ms` \| 100..=600000 \| 30000 \| 10000 in 0.8, 0.11 \|/);
  assert.throws(() => renderDocs('no markers', schema, version), /lacks the markers of the config table/);
});
