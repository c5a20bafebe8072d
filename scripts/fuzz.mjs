// `npm run fuzz [-- CASES] [--seed=N] [--only=share|scenario|hostile]` (after building www/pkg if
// it is stale): CASES generated inputs per target (default a million; scripts/fuzz-cases.mjs) thrown
// at the share-link decoder (www/app/share.js; every moment it accepts is also replayed on the wasm
// core, as the page would), at the core's scenario parser (parseScenario), and hostile arguments
// (throwing getters, Proxies, re-entrant calls; scripts/hostile-cases.mjs) at the wasm handle,
// which must refuse each with an Error and stay usable. Prints the cases
// per second; on a failure, the seed and case number that reproduce it and the input minimised,
// and exits 1.
import fs from 'node:fs';
import path from 'node:path';
import init, { Cluster, parseScenario } from '../www/pkg/kafka_replication.js';
import { minimise, minimiseShare, scenarioCase, scenarioProblem, shareCase, shareProblem } from './fuzz-cases.mjs';
import { hostileCase, hostileProblem } from './hostile-cases.mjs';
import { ROOT } from './toolchain.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const cases = Number(args.find((a) => !a.startsWith('--')) ?? 1_000_000);
const seed = Number(option('seed', 1));
const only = option('only', null);
if (!Number.isSafeInteger(cases) || cases < 1 || !Number.isSafeInteger(seed)) {
  console.error('usage: node scripts/fuzz.mjs [CASES] [--seed=N] [--only=share|scenario|hostile]');
  process.exit(2);
}

const wasm = await init({ module_or_path: fs.readFileSync(path.join(ROOT, 'www', 'pkg', 'kafka_replication_bg.wasm')) });
// A panic prints its message through console.error before it traps: the fuzzer reports it itself.
console.error = () => {};

const scripts = [];
for (const group of fs.readdirSync(path.join(ROOT, 'scenarios'))) {
  for (const f of fs.readdirSync(path.join(ROOT, 'scenarios', group))) {
    if (f.endsWith('.txt')) scripts.push(fs.readFileSync(path.join(ROOT, 'scenarios', group, f), 'utf8'));
  }
}

/** Long inputs (megabytes of payload, deep nesting) shown by their two ends. */
const shorten = (text) => (text.length > 600 ? `${text.slice(0, 300)} …(${(text.length - 600).toLocaleString('en')} chars)… ${text.slice(-300)}` : text);

const hostile = { cluster: new Cluster({ seed }) };
function hostileCall(k, tally) {
  tally[k.entry.method] = (tally[k.entry.method] ?? 0) + 1;
  return hostileProblem(k, { Cluster, cluster: hostile.cluster });
}

const TARGETS = [
  { name: 'share', what: 'share links (decodeShare, embedOptions; accepted moments replayed on the core)',
    input: (i) => shareCase(seed, i), problem: (q, tally) => shareProblem(q, { Cluster, tally }), small: minimiseShare,
    explain: (q) => ((s) => s && `its payload: ${JSON.stringify(Buffer.from(s, 'base64url').toString('utf8'))}`)(new URLSearchParams(q).get('s')) },
  { name: 'scenario', what: 'scenario scripts (parseScenario)',
    input: (i) => scenarioCase(seed, i, scripts), problem: (t, tally) => scenarioProblem(parseScenario, t, { tally }), small: minimise },
  // One handle takes every call: a poisoned handle or a trapped module fails the cases after it.
  { name: 'hostile', what: 'hostile arguments to the wasm Cluster handle (getters, Proxies, re-entrant calls)',
    input: (i) => hostileCase(seed, i, hostile), problem: (k, tally) => hostileCall(k, tally), small: (k) => k,
    describe: (k) => `${k.entry.method}, argument "${k.expectName}" hostile` },
];

let failed = false;
for (const target of TARGETS.filter((t) => !only || t.name === only)) {
  console.log(`\n${target.what}: ${cases.toLocaleString('en')} cases, seed ${seed}`);
  const started = performance.now();
  const cpu = process.cpuUsage();
  let slowest = { ms: 0, index: -1, length: 0 };
  let failure = null;
  let done = 0;
  const tally = {};
  for (; done < cases && !failure; done++) {
    const input = target.input(done);
    const t0 = performance.now();
    const problem = target.problem(input, tally);
    const ms = performance.now() - t0;
    if (ms > slowest.ms) slowest = { ms, index: done, length: input.length ?? 0 };
    if (problem) failure = { index: done, input, problem };
    if ((done + 1) % 500_000 === 0) console.log(`  ${(done + 1).toLocaleString('en')} cases…`);
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  // CPU time too: on a shared machine the wall-clock rate says more about the other jobs.
  const rate = (s) => Math.round(done / s).toLocaleString('en');
  console.log(`  ${done.toLocaleString('en')} cases in ${seconds.toFixed(1)} s: ${rate(seconds)} cases/s (${rate(cpuSeconds)} per CPU second)`);
  console.log(`  outcomes: ${Object.entries(tally).sort((x, y) => y[1] - x[1]).map(([k, n]) => `${k} ${((100 * n) / done).toFixed(1)}%`).join(', ')}`);
  console.log(`  slowest case: #${slowest.index}, ${slowest.length.toLocaleString('en')} chars, ${slowest.ms.toFixed(1)} ms`);
  if (failure) {
    failed = true;
    // The same kind of failure (the words before the first colon, numbers aside), not just any.
    const kind = (p) => p?.split(':')[0].replace(/\d+/g, 'N');
    const small = target.small(failure.input, (x) => kind(target.problem(x)) === kind(failure.problem));
    console.log(`FAIL case ${failure.index} (--seed=${seed}): ${failure.problem}`);
    const shown = target.describe ? target.describe(small) : `(${small.length} of ${failure.input.length} chars): ${shorten(JSON.stringify(small))}`;
    console.log(`  minimised input ${shown}`);
    console.log(`  its failure: ${target.problem(small)}`);
    const explained = target.explain?.(small);
    if (explained) console.log(`  ${shorten(explained)}`);
  } else console.log('  no failure');
}
console.log(`\nwasm memory at the end: ${(wasm.memory.buffer.byteLength / 2 ** 20).toFixed(1)} MB`);
process.exit(failed ? 1 : 0);
