// Builds the Rust core to wasm and its JS binding into www/pkg/ (Cargo profile `wasm`, wasm-opt -Oz).
// Skipped when www/pkg is newer than every input, so `npm start` is quick when nothing changed.
//   node scripts/build-wasm.mjs        (run scripts/setup.mjs first; the npm scripts do)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, WASM_OPT, WASM_TARGET, findWasmBindgen, run, wasmBindgenVersion, wasmToolchain } from './toolchain.mjs';

const NAME = 'kafka_replication';
const OUT_DIR = path.join(ROOT, 'www', 'pkg');
const OUT_WASM = path.join(OUT_DIR, `${NAME}_bg.wasm`);
const INPUTS = ['crate/src', 'crate/Cargo.toml', 'Cargo.toml', 'Cargo.lock', 'scripts/build-wasm.mjs'];
// The wasm features rustc enables by default for wasm32-unknown-unknown; wasm-opt refuses
// a module that uses a feature it was not told about.
const WASM_FEATURES = ['sign-ext', 'mutable-globals', 'bulk-memory', 'nontrapping-float-to-int',
  'multivalue', 'reference-types'].map((f) => `--enable-${f}`);

/** Newest modification time of a file, or of any file under a directory; 0 if missing. */
function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(p).map((e) => newestMtime(path.join(p, e))));
}

export function buildWasm() {
  const built = fs.statSync(OUT_WASM, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (Math.max(...INPUTS.map((i) => newestMtime(path.join(ROOT, i)))) < built) {
    console.log('build-wasm: www/pkg is up to date');
    return;
  }
  const started = new Date();
  const toolchain = wasmToolchain();
  const bindgen = findWasmBindgen(wasmBindgenVersion());
  if (!toolchain || !bindgen) throw new Error('the wasm toolchain or wasm-bindgen is missing: run node scripts/setup.mjs');

  console.log(`build-wasm: cargo build for ${WASM_TARGET} with ${toolchain.name}`);
  run(toolchain.cargo, ['build', '--profile', 'wasm', '--target', WASM_TARGET, '-p', 'kafka-replication',
    '--target-dir', toolchain.targetDir, ...toolchain.args], { env: toolchain.env });

  // Generate into a staging dir and swap it in whole at the end, so a failed step never leaves
  // a half-made www/pkg that looks up to date.
  const staging = path.join(ROOT, 'target', 'wasm-pkg');
  const stagedWasm = path.join(staging, path.basename(OUT_WASM));
  fs.rmSync(staging, { recursive: true, force: true });
  run(bindgen, ['--target', 'web', '--out-dir', staging,
    path.join(toolchain.targetDir, WASM_TARGET, 'wasm', `${NAME}.wasm`)]);
  // --converge repeats -Oz while it still shrinks the module (about 1 KB gzip); the producers and
  // target_features sections are metadata no engine reads. --low-memory-unused: the first KB of
  // memory is the far end of the stack (rustc puts the stack first, at 1 MB growing down to 0),
  // reached only by a stack about to overflow, so wasm-opt may fold constant additions to
  // pointers into load and store offsets (1.3 KB gzip less). --one-caller-inline-max-function-size:
  // -Oz inlines every function that has one caller, whatever its size; with those of over 50 bytes
  // left apart the module is 6 KB larger but 15.6 KB smaller in gzip (issue #16), and the step and
  // snapshot run as fast in V8; at 20 bytes 18 KB smaller, but 7-11 % slower (README, *Where the
  // module's bytes are*).
  run(WASM_OPT, ['-Oz', '--converge', '--low-memory-unused', '--one-caller-inline-max-function-size=50', '--strip-producers',
    '--strip-target-features', ...WASM_FEATURES, stagedWasm, '-o', stagedWasm]);
  // The glue keeps one instance for good; after a trap the page needs another (www/core.js
  // reinstantiate), so the glue gets a way to drop it: init() then instantiates afresh.
  fs.appendFileSync(path.join(staging, `${NAME}.js`), '\n/** Drops the instance (after a trap): the next init() instantiates the module afresh. */\n'
    + 'export function __wbg_reset() { wasm = undefined; wasmInstance = undefined; wasmModule = undefined; __wbg_init_promise = undefined; }\n');
  // Stamp with the start time: a source saved during the build is then newer, and rebuilt next time.
  fs.utimesSync(stagedWasm, started, started);
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  fs.renameSync(staging, OUT_DIR);
  console.log(`build-wasm: www/pkg/${path.basename(OUT_WASM)} ${(fs.statSync(OUT_WASM).size / 1024).toFixed(0)} KiB`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    buildWasm();
  } catch (e) {
    console.error(`build-wasm: ${e.message}`);
    process.exit(1);
  }
}
