// `npm test`: every check, in order, stopping at the first failure. Each runner prints its own
// summary lines; a table of the steps and their times closes the run.
import fs from 'node:fs';
import path from 'node:path';
import { buildWasm } from './build-wasm.mjs';
import { setup } from './setup.mjs';
import { ROOT, run } from './toolchain.mjs';

/** The *.test.mjs files of folders under tests/ (named one by one: `node --test <dir>` differs across Node versions). */
const testFiles = (dirs) => dirs.flatMap((dir) => fs.readdirSync(path.join(ROOT, 'tests', dir))
  .filter((f) => f.endsWith('.test.mjs')).sort().map((f) => path.join('tests', dir, f)));
const nodeTest = (...dirs) => run(process.execPath, ['--test', '--test-reporter=spec', ...testFiles(dirs)]);
const vite = path.join(ROOT, 'node_modules', '.bin', 'vite');

const STEPS = [
  ['setup (toolchain, wasm-bindgen, Chromium)', () => setup({ browser: true })],
  // House style (rustfmt.toml) and lints, before anything slow.
  ['cargo fmt --check', () => run('cargo', ['fmt', '--all', '--check'])],
  ['cargo clippy (-D warnings)', () => run('cargo', ['clippy', '--workspace', '--all-targets', '--', '-D', 'warnings'])],
  // Native, with the rustup cargo on PATH: the core's unit, scenario and invariant tests.
  ['cargo test (core, native)', () => run('cargo', ['test', '--workspace'])],
  ['build wasm (www/pkg)', () => buildWasm()],
  // The page's JS (checkJs, JSDoc) against the core's declarations, www/pkg/*.d.ts from the Rust types.
  ['tsc --noEmit (www against www/pkg/*.d.ts)', () => run(path.join(ROOT, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', 'tsconfig.json'])],
  // tests/node: the wasm API contract; tests/unit: the page's pure view-model code.
  ['node tests (wasm API, page model)', () => nodeTest('node', 'unit')],
  ['vite build (dist/)', () => run(vite, ['build'])],
  // The one-file page (dist-single/), opened from file:// by tests/e2e/single-file.test.mjs.
  ['single-file build (dist-single/)', () => run(process.execPath, [path.join('scripts', 'build-single.mjs')])],
  ['browser tests (headless Chromium)', () => nodeTest('e2e')],
];

const done = [];
let failed = null;
for (const [name, step] of STEPS) {
  console.log(`\n=== ${name}`);
  const started = performance.now();
  try {
    step();
  } catch (e) {
    failed = `${name}: ${e.message}`;
  }
  done.push([name, failed ? 'FAIL' : 'ok', ((performance.now() - started) / 1000).toFixed(1)]);
  if (failed) break;
}

console.log('\n=== summary');
for (const [name, status, seconds] of done) console.log(`${status.padEnd(4)} ${seconds.padStart(6)} s  ${name}`);
for (const [name] of STEPS.slice(done.length)) console.log(`skip           ${name}`);
if (failed) {
  console.error(`\nnpm test failed at ${failed}`);
  process.exit(1);
}
console.log('\nnpm test: all steps passed');
