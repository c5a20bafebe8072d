// docs/api.md's lists that describe the core's vocabulary, generated from `Cluster.schema()` of
// the wasm build (www/pkg; `node scripts/build-wasm.mjs` first) so that they cannot drift from
// it (issue #13): the config keys (kind, range or choices, Kafka's name, each preset's default),
// the violation kinds and the event kinds with their meaning. Each list sits between an HTML
// comment marker and its end marker; the prose around them is hand-written.
// `npm run docs` (or `node scripts/gen-docs.mjs`) rewrites docs/api.md; tests/node/docs.test.mjs
// fails while it is stale.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const API_MD = new URL('../docs/api.md', import.meta.url);
const PKG = new URL('../www/pkg/', import.meta.url);

/** The generated blocks: the marker's name and how the block is made from the schema. */
const BLOCKS = [
  ['config table', configTable],
  ['violation kinds', (s) => kindList(s.violationKinds)],
  ['event kinds', (s) => kindList(s.eventKinds)],
];

const begin = (name) => `<!-- ${name}: generated from Cluster.schema() by scripts/gen-docs.mjs -->\n`;
const end = (name) => `<!-- end of ${name} -->`;

/** A default as the config takes it: numbers bare, words quoted, booleans as true / false. */
function value(v) {
  return typeof v === 'string' ? `"${v}"` : String(v);
}

function range(k, schema) {
  if (k.kind === 'int') return `${k.min}..=${k.max}`;
  if (k.kind === 'bool') return 'true or false';
  if (k.kind === 'text') return 'a string (checked by the core)';
  // A preset's name starts with its version: "3.7 (ZooKeeper mode)".
  if (k.key === 'version') return k.choices.map((v) => `"${v}" ${schema.presets[v].slice(v.length).trim()}`).join(', ');
  return k.choices.map((c) => (/^\d+$/.test(c) ? c : `"${c}"`)).join(', ');
}

/**
 * One row per key: its kind's values, Kafka's name, the default under `version` (the config's
 * own default preset), and the presets whose default differs.
 */
function configTable(schema, version) {
  const rows = schema.keys.map((k) => {
    const here = schema.defaults[version][k.key];
    const others = new Map();
    for (const v of schema.versions) {
      const d = schema.defaults[v][k.key];
      if (v === version || d === here || k.key === 'version') continue;
      const text = value(d);
      others.set(text, [...(others.get(text) ?? []), v]);
    }
    const elsewhere = [...others].map(([text, vs]) => `${text} in ${vs.join(', ')}`).join('; ');
    const kafka = k.kafka ? `\`${k.kafka}\`` : '(the model\'s)';
    return `| ${k.key} | ${kafka} | ${range(k, schema)} | ${value(here)} | ${elsewhere} |`;
  });
  return [`| key | Kafka config | values | default (${version}) | other presets |`, '|---|---|---|---|---|', ...rows].join('\n');
}

function kindList(kinds) {
  return kinds.map((k) => `- \`${k.kind}\`: ${k.meaning}`).join('\n');
}

/**
 * `doc` with every generated block replaced from `schema`; `version` is the default preset
 * (a Cluster's config without `version`). Throws when a marker is missing.
 */
export function renderDocs(doc, schema, version) {
  let out = doc;
  for (const [name, make] of BLOCKS) {
    const start = out.indexOf(begin(name));
    const stop = out.indexOf(end(name), start);
    if (start < 0 || stop < 0) throw new Error(`docs/api.md lacks the markers of the ${name}: ${JSON.stringify(begin(name))} … ${JSON.stringify(end(name))}`);
    out = `${out.slice(0, start + begin(name).length)}${make(schema, version)}\n${out.slice(stop)}`;
  }
  return out;
}

/** The schema and default preset of the wasm build in www/pkg. */
export async function loadSchema() {
  const { default: init, Cluster } = await import(new URL('kafka_replication.js', PKG).href);
  await init({ module_or_path: fs.readFileSync(new URL('kafka_replication_bg.wasm', PKG)) });
  const probe = new Cluster({});
  const version = probe.snapshot({ records: 0, requests: 0 }).config.version;
  probe.free();
  return { schema: Cluster.schema(), version };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { schema, version } = await loadSchema();
  const doc = fs.readFileSync(API_MD, 'utf8');
  const next = renderDocs(doc, schema, version);
  if (next !== doc) fs.writeFileSync(API_MD, next);
  console.log(next === doc ? 'gen-docs: docs/api.md is up to date' : 'gen-docs: docs/api.md rewritten');
}
