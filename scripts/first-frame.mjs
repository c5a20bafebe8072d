// The default page's first snapshot, recorded at build time (issue #16, www/app/first-frame.js):
// the core of www/pkg (scripts/build-wasm.mjs) run in node, so what the page draws before its
// wasm is loaded is never older than the wasm it then loads. vite.config.js and
// scripts/build-single.mjs build with firstFramePlugin; tests/node/first-frame.test.mjs checks it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { firstSnapshot } from '../www/app/first-frame.js';

const PKG = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'www', 'pkg');
export const WASM_FILE = path.join(PKG, 'kafka_replication_bg.wasm');
/** The module the page imports it from (www/first-snapshot.d.ts declares it). */
export const MODULE_ID = 'virtual:first-snapshot';

/**
 * The core of www/pkg, instantiated in node from the bytes there now (the glue imported afresh
 * when they changed: a dev server outlives a rebuild of the wasm).
 */
export async function loadBuiltCore() {
  if (!fs.existsSync(WASM_FILE)) throw new Error('www/pkg is missing: run `node scripts/build-wasm.mjs` first');
  const bytes = fs.readFileSync(WASM_FILE);
  const glue = await import(`${pathToFileURL(path.join(PKG, 'kafka_replication.js')).href}?mtime=${fs.statSync(WASM_FILE).mtimeMs}`);
  glue.initSync({ module: bytes });
  return glue;
}

/**
 * The snapshot the default page draws first (first-frame.js firstSnapshot). Throws when it would
 * depend on what the page measures (the records each log shows, from the partitions' width): then
 * no build-time snapshot can stand for the live one.
 */
export async function recordFirstSnapshot() {
  const { Cluster } = await loadBuiltCore();
  const snap = firstSnapshot(Cluster);
  if (JSON.stringify(firstSnapshot(Cluster, 200)) !== JSON.stringify(snap)) {
    throw new Error('first-frame: the first snapshot depends on the records shown, so the build cannot record it');
  }
  return snap;
}

/** The Vite plugin that serves recordFirstSnapshot() as the module MODULE_ID (www/main.js imports it). */
export function firstFramePlugin() {
  const resolved = `\0${MODULE_ID}`;
  return {
    name: 'first-frame',
    resolveId: (id) => (id === MODULE_ID ? resolved : null),
    async load(id) {
      if (id !== resolved) return null;
      this.addWatchFile(WASM_FILE);
      const snap = await recordFirstSnapshot();
      // JSON.parse of a string: parsed faster than the same object as a literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(snap))});`;
    },
  };
}
