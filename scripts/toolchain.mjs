// Finds the tools the build and the tests need. Shared by setup.mjs (which installs what is
// missing), build-wasm.mjs, test.mjs, bench/run.mjs and tests/e2e/browser.mjs.
// Node built-ins only: setup.mjs imports this before node_modules exist.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WASM_TARGET = 'wasm32-unknown-unknown';
export const WASM_OPT = path.join(ROOT, 'node_modules', '.bin', 'wasm-opt'); // npm `binaryen`, pinned

// rustup's cargo and `cargo install`ed tools (wasm-bindgen) live in $CARGO_HOME/bin, which a
// non-login shell such as CI's may lack on PATH. Put it first, as rustup's own env script does,
// so this process and every child find them.
const CARGO_BIN = path.join(process.env.CARGO_HOME || path.join(os.homedir(), '.cargo'), 'bin');
if (!process.env.PATH.split(path.delimiter).includes(CARGO_BIN)) {
  process.env.PATH = CARGO_BIN + path.delimiter + process.env.PATH;
}

/** Runs a command in the repo root with inherited stdio; throws if it does not exit 0. */
export function run(cmd, args, { env, ...opts } = {}) {
  console.log(`$ ${[cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, env: { ...process.env, ...env }, ...opts });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args[0] ?? ''} failed (${r.signal ?? `exit ${r.status}`})`);
}

/** Stdout of a command, or null if it cannot start, fails or takes over 30 s. */
export function output(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 });
  return r.status === 0 ? r.stdout : null;
}

/** Full path of an executable on PATH, or null. */
export function which(name) {
  for (const dir of process.env.PATH.split(path.delimiter)) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch { /* not here */ }
  }
  return null;
}

// Debian 12's way to wasm (see shared/TOOLCHAIN.md): rustc-web has the wasm32 target but no
// prebuilt std for it, rust-web-src has std's sources to build it from, lld-22 has the linker.
export const DEBIAN_WASM_PACKAGES = ['rustc-web', 'cargo-web', 'rust-web-src', 'lld-22'];

/** The given Debian packages that are not installed (all of them where dpkg is absent). */
export function missingDebianPackages(pkgs) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Package} ${Status}\n', ...pkgs], { encoding: 'utf8' });
  const installed = (r.stdout ?? '').split('\n').filter((l) => l.endsWith(' install ok installed'));
  return pkgs.filter((p) => !installed.some((l) => l.startsWith(`${p} `)));
}

/**
 * How to build the crate for wasm32, or null if no toolchain here can. First choice: a rustup
 * toolchain with the target installed. Else Debian's rustc-web, building std from source.
 */
export function wasmToolchain() {
  if (which('rustup') && output('rustup', ['target', 'list', '--installed'])?.split('\n').includes(WASM_TARGET)) {
    return { name: 'rustup', cargo: 'cargo', args: [], env: {}, targetDir: path.join(ROOT, 'target') };
  }
  if (missingDebianPackages(DEBIAN_WASM_PACKAGES).length === 0
      && fs.existsSync('/usr/lib/rustlib/src/rust/library') && which('wasm-ld-22')) {
    return {
      name: "Debian's rustc-web",
      cargo: '/usr/bin/cargo',
      args: ['-Zbuild-std=std,panic_abort'], // a nightly flag: hence RUSTC_BOOTSTRAP
      // RUSTC: else cargo runs the first `rustc` on PATH, which may be rustup's (no wasm32 std).
      env: { RUSTC_BOOTSTRAP: '1', RUSTC: '/usr/bin/rustc', CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER: 'wasm-ld-22' },
      // Its own target dir: sharing target/ with rustup's native builds makes each rebuild the other.
      targetDir: path.join(ROOT, 'target', 'wasm-debian'),
    };
  }
  return null;
}

/** The exact wasm-bindgen crate version, which the wasm-bindgen CLI must match. */
export function wasmBindgenVersion() {
  const read = (f) => (fs.existsSync(path.join(ROOT, f)) ? fs.readFileSync(path.join(ROOT, f), 'utf8') : '');
  const locked = /^name = "wasm-bindgen"\nversion = "([^"]+)"/m.exec(read('Cargo.lock'));
  const pinned = /^wasm-bindgen\s*=\s*(?:\{[^}\n]*version\s*=\s*)?"=([^"]+)"/m.exec(read('crate/Cargo.toml'));
  const version = (locked ?? pinned)?.[1];
  if (!version) throw new Error('crate/Cargo.toml must pin the wasm-bindgen crate exactly (wasm-bindgen = "=X.Y.Z")');
  return version;
}

/** Path of a wasm-bindgen CLI of exactly `version`, or null. */
export function findWasmBindgen(version) {
  const bin = which('wasm-bindgen');
  return bin && output(bin, ['--version'])?.trim() === `wasm-bindgen ${version}` ? bin : null;
}

// Root needs --no-sandbox; the networking flags stop Chromium from calling home on a closed network.
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A Chrome or Chromium executable for the browser tests, or null. */
export function findChromium() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    const bin = which(name);
    if (bin) return bin;
  }
  try { // the browser `playwright-core install chromium` downloads, on machines where it can
    const managed = createRequire(import.meta.url)('playwright-core').chromium.executablePath();
    return fs.existsSync(managed) ? managed : null;
  } catch {
    return null; // playwright-core not installed yet, or no build for this platform
  }
}
