// The TypeScript declarations wasm-bindgen writes (www/pkg/kafka_replication.d.ts): the outputs'
// interfaces are derived from the Rust types (tsify), every argument and result is typed, and the
// hand-listed unions agree with the core's own lists (Cluster.schema()).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import init, { Cluster } from '../../www/pkg/kafka_replication.js';

await init({ module_or_path: fs.readFileSync(new URL('../../www/pkg/kafka_replication_bg.wasm', import.meta.url)) });
const dts = fs.readFileSync(new URL('../../www/pkg/kafka_replication.d.ts', import.meta.url), 'utf8');
// What follows is the loader's own surface (InitInput, InitOutput: the raw wasm exports).
const publicApi = dts.slice(0, dts.indexOf('export type InitInput'));

test('no `any` on the public API of the declarations', () => {
  assert.ok(publicApi.includes('export class Cluster'), 'the public part holds the Cluster class');
  const lines = publicApi.split('\n').filter((l) => /\bany\b/.test(l.replace(/\/\/.*|\/\*.*?\*\/|^\s*\*.*/g, '')));
  assert.deepEqual(lines, []);
});

test('every output shape is declared', () => {
  for (const name of ['Snapshot', 'PartitionView', 'LogView', 'FollowerView', 'BrokerView', 'RequestView', 'MessageView',
    'ZnodeView', 'Config', 'Event', 'Violation', 'Truncated', 'ConsumerView', 'ElectionResult', 'Schema', 'KeySchema',
    'LineView', 'ExpectResult', 'SnapshotOptions', 'StepOptions']) {
    assert.match(publicApi, new RegExp(`export (interface|type) ${name}\\b`), name);
  }
  // Optional arguments may be left out, as in JS.
  assert.match(publicApi, /snapshot\(options\?: SnapshotOptions\): Snapshot;/);
  assert.match(publicApi, /step\(ticks\?: number, options\?: StepOptions\): Event\[\];/);
  assert.match(publicApi, /fail\(broker: number, kind\?: FailKind, options\?: FailOptions\): void;/);
  assert.match(publicApi, /constructor\(config\?: Partial<Config>\);/);
});

const union = (name) => {
  const m = publicApi.match(new RegExp(`export type ${name} = ([^;]+);`));
  assert.ok(m, name);
  // A member that names another type (AcksArg's Acks) is kept as its name.
  return m[1].split('|').map((s) => s.trim()).map((s) => (/^[A-Z]/.test(s) ? s : JSON.parse(s)));
};

test('the declared choices are the core\'s', () => {
  const schema = Cluster.schema();
  const choices = (key) => schema.keys.find((k) => k.key === key).choices;
  assert.deepEqual(union('Version'), schema.versions);
  for (const [type, key] of [['Truncation', 'truncation'], ['IsrUpdate', 'isrUpdate'], ['Strategy', 'strategy']]) {
    assert.deepEqual(union(type), choices(key), type);
  }
  assert.deepEqual(union('Acks').map(String).sort(), [...choices('acks')].sort());
  assert.deepEqual(union('AcksArg').map(String).sort(), ['-1', '-1', '0', '1', 'Acks'], 'acks also as -1 and as strings');
  assert.deepEqual(new Cluster({ acks: '-1' }).snapshot().config.acks, 'all');
  assert.throws(() => new Cluster().fail(0, 'bogus'), (e) => union('FailKind').every((k) => e.message.includes(`"${k}"`)));
});
