// `npm run bench`: the replication workload natively (crate/examples/bench.rs) and in node on the
// wasm build (Cluster.benchWorkload), in replicated records (follower appends) per second; then
// the two cost curves on the wasm build (costCurves: ticks/s by RF, also natively with
// crate/examples/idle.rs, and step(100) by pending requests).
// Exits 1 if a budget is missed. Both sides run the default cluster config (no consumers, no event feed) with the same
// workload size: the native example takes it as `<ticks> <recordsPerTick>` and prints
//   native replicated_records=N seconds=S
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { ROOT, run } from '../scripts/toolchain.mjs';
import init, { Cluster } from '../www/pkg/kafka_replication.js';
import { replayEstimateMs } from '../www/app/share.js';

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

/**
 * The two cost curves of issue #17, on the wasm build: ticks per second of an idle cluster of 32
 * brokers × 256 partitions by replication factor (the per-tick work must grow with the replicas,
 * not with partitions × RF²), and the time of step(100) after N acks=all produce requests were
 * sent at once (it must grow with the work those requests bring, not with N² through scans of
 * everything pending).
 */
function costCurves() {
  const rows = [];
  // The native side of the RF curve: crate/examples/idle.rs, the same clusters and loop.
  run('cargo', ['build', '--release', '-p', 'kafka-replication', '--example', 'idle']);
  const out = execFileSync('cargo', ['run', '--quiet', '--release', '-p', 'kafka-replication', '--example', 'idle'], { cwd: ROOT, encoding: 'utf8' });
  const native = new Map([...out.matchAll(/native rf=(\d+) ticks=(\d+) seconds=([\d.]+)/g)].map((m) => [Number(m[1]), (Number(m[3]) * 1000) / Number(m[2])]));
  for (const rf of [3, 8, 16, 32]) {
    const cluster = new Cluster({ brokers: 32, partitions: 256, replicationFactor: rf });
    cluster.step(20); // settled: the first fetches answered
    let ticks = 0;
    const started = performance.now();
    while (performance.now() - started < 1000 && ticks < 500) {
      cluster.step(1);
      ticks++;
    }
    const ms = performance.now() - started;
    cluster.free();
    // Per replica and tick: flat when the cost is linear in the replicas (256 × RF of them).
    const perReplica = (tickMs) => `${((tickMs * 1000) / (256 * rf)).toFixed(2)} µs/replica`;
    const nativeMs = native.get(rf);
    rows.push([
      `idle 32 brokers × 256 partitions, RF ${rf}`,
      `${((ticks * 1000) / ms).toFixed(1)} ticks/s (${(ms / ticks).toFixed(2)} ms/tick, ${perReplica(ms / ticks)}); native ${nativeMs === undefined ? '?' : `${nativeMs.toFixed(2)} ms/tick (${perReplica(nativeMs)})`}; link replay estimate ${replayEstimateMs({ partitions: 256, replicationFactor: rf }, 1, 0).toFixed(2)} ms/tick`,
    ]);
  }
  for (const pending of [5_000, 10_000, 20_000, 40_000, 200_000]) {
    const cluster = new Cluster({});
    for (let i = 0; i < pending; i++) cluster.produce({ partition: i % 3, count: 1, acks: 'all' });
    const started = performance.now();
    cluster.step(100);
    const ms = performance.now() - started;
    cluster.free();
    rows.push([`step(100) after ${pending} pending requests`, `${ms.toFixed(0)} ms`]);
  }
  return rows;
}

const n = native();
const w = await wasm();
const curves = costCurves();
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
console.log('\ncost curves (wasm in node; the RF curve natively too)');
const curveWidth = Math.max(...curves.map(([what]) => what.length));
for (const [what, figure] of curves) console.log(`${what.padEnd(curveWidth)} | ${figure}`);
if (rows.some(([, , , ok]) => ok === false)) process.exit(1);
