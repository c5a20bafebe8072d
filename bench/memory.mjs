// Wasm memory of the core under a long produce workload, in node on the wasm build (www/pkg):
// the default cluster (default log retention: 65 536 records a replica, whole 4096-record
// segments below the HW deleted; consumers and event feed on, as on the page) gets 10 records
// per partition per tick, one acks=all request each, until 10 M records have been produced.
// The size of the module's WebAssembly.Memory is sampled every 1 M records. Wasm memory never
// shrinks, so a flat line means nothing keeps growing.
//
// Why 10-record requests: the logs are bounded by retention, and what the invariant checks
// remember is bounded at 65 536 entries a partition (per request); 10 records a request fills
// both within the first ~2 M records, so the rest of the run shows whether the total is flat.
//
//   node bench/memory.mjs          prints a table
//   node bench/memory.mjs --json   prints the figures as JSON (bench/browser.mjs runs it so, in
//                                  a process of its own: a fresh wasm instance)
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import init, { Cluster } from '../www/pkg/kafka_replication.js';
import { mb, printTable } from './lib.mjs';

export const TOTAL_RECORDS = 10_000_000;
export const RECORDS_PER_REQUEST = 10;
export const SAMPLE_EVERY = 1_000_000;
export const MAX_MEMORY = 64 * 2 ** 20;
/** "Flat after warm-up": growth over the second half of the run, at most this. */
export const MAX_LATE_GROWTH = 1 * 2 ** 20;

export async function measureMemory() {
  const exports = await init({ module_or_path: fs.readFileSync(new URL('../www/pkg/kafka_replication_bg.wasm', import.meta.url)) });
  const bytes = () => exports.memory.buffer.byteLength;
  const cluster = new Cluster({});
  const partitions = cluster.snapshot({ records: 0 }).partitions.length;
  const samples = [{ records: 0, bytes: bytes() }];
  const started = performance.now();
  let produced = 0;
  while (produced < TOTAL_RECORDS) {
    for (let p = 0; p < partitions; p++) cluster.produce({ partition: p, count: RECORDS_PER_REQUEST });
    produced += partitions * RECORDS_PER_REQUEST;
    cluster.step(1);
    if (produced % SAMPLE_EVERY < partitions * RECORDS_PER_REQUEST) samples.push({ records: produced, bytes: bytes() });
  }
  const seconds = (performance.now() - started) / 1000;
  const snap = cluster.snapshot({ records: 0 });
  const logRecords = Math.max(...snap.partitions.flatMap((p) => p.logs.map((l) => l.leo - l.logStartOffset)));
  cluster.free();
  const last = samples[samples.length - 1].bytes;
  const half = samples.find((s) => s.records >= TOTAL_RECORDS / 2).bytes;
  return { samples, produced, ticks: snap.tick, seconds, logRecords, last, lateGrowth: last - half };
}

/** The table rows for these figures. */
export function memoryRows(m) {
  const curve = m.samples.filter((s) => s.records > 0).map((s) => (s.bytes / 2 ** 20).toFixed(1)).join(' ');
  return [
    [`wasm memory after ${(m.produced / 1e6).toFixed(0)} M records (node)`, mb(m.last), `≤ ${mb(MAX_MEMORY)}`, m.last <= MAX_MEMORY],
    ['  growth over the last half (flat after warm-up)', `+${mb(m.lateGrowth)}`, `≤ +${mb(MAX_LATE_GROWTH)}`, m.lateGrowth <= MAX_LATE_GROWTH],
    ['  memory per 1 M records produced, MB', curve, '', null],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const m = await measureMemory();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(m));
  } else {
    printTable(`memory: default cluster, ${RECORDS_PER_REQUEST} records/request/partition/tick, ${m.ticks} ticks, ${m.seconds.toFixed(1)} s; longest log ${m.logRecords} records`,
      memoryRows(m));
  }
}
