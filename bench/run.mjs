// `npm run bench`: the replication workload natively (crate/examples/bench.rs) and in node on the
// wasm build (Cluster.benchWorkload), in replicated records (follower appends) per second.
// Exits 1 if a budget is missed. Both sides run the default cluster config (no consumers, no event feed) with the same
// workload size: the native example takes it as `<ticks> <recordsPerTick>` and prints
//   native replicated_records=N seconds=S
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { ROOT, run } from '../scripts/toolchain.mjs';
import init, { Cluster } from '../www/pkg/kafka_replication.js';

const TICKS = 2_000; // the example's own defaults, so a bare `cargo run --example bench` matches
const RECORDS_PER_TICK = 1_000;
const RUNS = 3;
const NATIVE_MIN_RATE = 5e6; // replicated records/s
const WASM_MAX_SLOWDOWN = 1.6; // native rate / wasm rate

/** The fastest of RUNS measurements `{ records, seconds }`: the one least disturbed by other load. */
function fastest(measure) {
  const results = Array.from({ length: RUNS }, measure);
  return results.reduce((a, b) => (b.seconds < a.seconds ? b : a));
}

function native() {
  run('cargo', ['build', '--release', '-p', 'kafka-replication', '--example', 'bench']);
  return fastest(() => {
    const out = execFileSync('cargo', ['run', '--quiet', '--release', '-p', 'kafka-replication', '--example', 'bench', '--',
      String(TICKS), String(RECORDS_PER_TICK)], { cwd: ROOT, encoding: 'utf8' });
    const m = /native replicated_records=(\d+) seconds=([\d.eE+-]+)/.exec(out);
    if (!m) throw new Error(`the bench example printed no "native replicated_records=N seconds=S" line:\n${out}`);
    return { records: Number(m[1]), seconds: Number(m[2]) };
  });
}

async function wasm() {
  await init({ module_or_path: fs.readFileSync(new URL('../www/pkg/kafka_replication_bg.wasm', import.meta.url)) });
  const measure = (ticks) => {
    // As the native example: replication alone, no consumers, no event feed.
    const cluster = new Cluster({ consumers: false, events: false });
    const started = performance.now();
    const records = cluster.benchWorkload(ticks, RECORDS_PER_TICK);
    const seconds = (performance.now() - started) / 1000;
    cluster.free();
    return { records: Number(records), seconds };
  };
  measure(TICKS / 10); // warm-up: let V8 tier the wasm up before timing
  return fastest(() => measure(TICKS));
}

const n = native();
const w = await wasm();
const nativeRate = n.records / n.seconds;
const wasmRate = w.records / w.seconds;
const slowdown = nativeRate / wasmRate;
const mega = (rate) => `${(rate / 1e6).toFixed(2)} M/s`;
const rows = [
  ['native replicated records/s', mega(nativeRate), `≥ ${mega(NATIVE_MIN_RATE)}`, nativeRate >= NATIVE_MIN_RATE],
  ['wasm (node) replicated records/s', mega(wasmRate), '', null],
  ['wasm slowdown vs native', `${slowdown.toFixed(2)}×`, `≤ ${WASM_MAX_SLOWDOWN}×`, slowdown <= WASM_MAX_SLOWDOWN],
  // The same seeded workload must replicate the same records on both targets.
  ['records replicated, native / wasm', `${n.records} / ${w.records}`, 'equal', n.records === w.records],
];
const table = [['what', 'figure', 'budget', 'ok'],
  ...rows.map(([what, figure, budget, ok]) => [what, figure, budget, ok === null ? '' : ok ? 'yes' : 'NO'])];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
console.log(`\nworkload: default cluster, ${TICKS} ticks × ${RECORDS_PER_TICK} records/tick, best of ${RUNS}`);
for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join(' | '));
if (rows.some(([, , , ok]) => ok === false)) process.exit(1);
