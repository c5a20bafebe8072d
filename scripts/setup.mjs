// Installs what the build needs, and with --browser what the tests need. Idempotent: when
// everything is present it only looks (well under a second). Says what it installs; when it cannot
// install a piece it fails naming the piece and how to get it.
//   node scripts/setup.mjs [--browser]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DEBIAN_WASM_PACKAGES, ROOT, WASM_TARGET, findChromium, findWasmBindgen, missingDebianPackages, run,
  wasmBindgenVersion, wasmToolchain, which,
} from './toolchain.mjs';

const RUSTUP_TIMEOUT_MS = 60_000; // where rustup's server is out of reach, `target add` hangs

export function setup({ browser = false } = {}) {
  ensureNodeModules();
  const toolchain = ensureWasmToolchain();
  ensureWasmBindgen();
  if (browser) ensureRustLints();
  const chromium = browser ? ensureChromium() : null;
  console.log(`setup: ok (wasm via ${toolchain.name}${chromium ? `; browser ${chromium}` : ''})`);
}

function ensureNodeModules() {
  // npm writes node_modules/.package-lock.json after every install: older than the lockfile
  // means the lockfile changed since (a pull, a new dependency).
  const mtime = (f) => fs.statSync(path.join(ROOT, f), { throwIfNoEntry: false })?.mtimeMs ?? -1;
  if (mtime('node_modules/.package-lock.json') >= mtime('package-lock.json')) return;
  console.log('setup: installing node modules (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

function ensureWasmToolchain() {
  const found = wasmToolchain();
  if (found) return found;
  if (which('rustup')) {
    console.log(`setup: installing the ${WASM_TARGET} target (rustup target add, at most ${RUSTUP_TIMEOUT_MS / 1000} s)`);
    const r = spawnSync('rustup', ['target', 'add', WASM_TARGET],
      { stdio: 'inherit', timeout: RUSTUP_TIMEOUT_MS, killSignal: 'SIGKILL' });
    const added = r.status === 0 ? wasmToolchain() : null;
    if (added) return added;
    console.log("setup: rustup could not add the target; falling back to Debian's rustc-web");
  }
  if (canApt()) {
    console.log(`setup: installing Debian's Rust-to-wasm toolchain (apt-get install ${DEBIAN_WASM_PACKAGES.join(' ')})`);
    aptInstall(missingDebianPackages(DEBIAN_WASM_PACKAGES));
    const debian = wasmToolchain();
    if (debian) return debian;
  }
  throw new Error(`missing: a Rust toolchain that can build for ${WASM_TARGET}. Get one with `
    + `\`rustup target add ${WASM_TARGET}\` (Rust from https://rustup.rs), or on Debian 12 as root with `
    + `\`apt-get install ${DEBIAN_WASM_PACKAGES.join(' ')}\`.`);
}

function ensureWasmBindgen() {
  const version = wasmBindgenVersion();
  if (findWasmBindgen(version)) return;
  if (!which('cargo')) throw new Error(`missing: cargo, to install wasm-bindgen-cli ${version}. Get Rust from https://rustup.rs.`);
  console.log(`setup: installing wasm-bindgen-cli ${version} to match the wasm-bindgen crate (cargo install, a few minutes, once)`);
  // No --locked: its lockfile pins a dependency version crates.io no longer serves (shared/TOOLCHAIN.md).
  run('cargo', ['install', 'wasm-bindgen-cli', '--version', version]);
  if (!findWasmBindgen(version)) {
    throw new Error(`missing: wasm-bindgen ${version} on PATH after cargo install; is ~/.cargo/bin shadowed by another wasm-bindgen?`);
  }
}

/** rustfmt and clippy, for `npm test`'s style and lint steps (rustup components). */
function ensureRustLints() {
  for (const [tool, component] of [['cargo-fmt', 'rustfmt'], ['cargo-clippy', 'clippy']]) {
    if (which(tool)) continue;
    if (which('rustup')) {
      console.log(`setup: installing ${component} (rustup component add ${component})`);
      spawnSync('rustup', ['component', 'add', component], { stdio: 'inherit', timeout: RUSTUP_TIMEOUT_MS, killSignal: 'SIGKILL' });
    }
    if (!which(tool)) throw new Error(`missing: ${tool}. Get it with \`rustup component add ${component}\`.`);
  }
}

/** A font with Chinese glyphs, so screenshots of the Chinese UI and lessons are legible. */
function ensureCjkFont() {
  const fcList = which('fc-list');
  const has = fcList && spawnSync(fcList, [':lang=zh'], { encoding: 'utf8' }).stdout.trim() !== '';
  if (has) return;
  if (canApt()) {
    console.log('setup: installing a CJK font for the browser screenshots (apt-get install fonts-wqy-microhei)');
    aptInstall(['fonts-wqy-microhei']);
  } else {
    console.log('setup: note: no CJK font found (fc-list :lang=zh); Chinese text in screenshots may show as boxes');
  }
}

function ensureChromium() {
  ensureCjkFont();
  const found = findChromium();
  if (found) return found;
  if (canApt()) {
    console.log('setup: installing Chromium for the browser tests (apt-get install chromium)');
    aptInstall(['chromium']);
  } else {
    console.log("setup: downloading Playwright's Chromium for the browser tests (playwright-core install chromium)");
    run(path.join(ROOT, 'node_modules', '.bin', 'playwright-core'), ['install', 'chromium']);
  }
  const installed = findChromium();
  if (!installed) {
    throw new Error('missing: Chrome or Chromium for the browser tests. Install one '
      + '(apt-get install chromium, or npx playwright-core install chromium) or set CHROME_PATH to its executable.');
  }
  return installed;
}

const canApt = () => process.getuid?.() === 0 && which('apt-get') !== null;

let aptUpdated = false;
function aptInstall(pkgs) {
  const env = { DEBIAN_FRONTEND: 'noninteractive' }; // CI has no stdin to answer prompts
  if (!aptUpdated) run('apt-get', ['update'], { env });
  aptUpdated = true;
  run('apt-get', ['install', '-y', ...pkgs], { env });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    setup({ browser: process.argv.includes('--browser') });
  } catch (e) {
    console.error(`setup: ${e.message}`);
    process.exit(1);
  }
}
