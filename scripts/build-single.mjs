// `npm run build:single`: the whole playground as ONE self-contained HTML file,
// dist-single/kafka-replication-playground.html, that opens from file:// (no server, no network):
// the JS in one inline module script, the CSS inline, and the wasm module's bytes inline as
// base64 (window.__KRP_WASM_BASE64__, which core.js passes to init({ module_or_path })). The
// chunks the served page loads on demand (scenario files, the second language, lessons, compare
// mode, the inspector, the exports) are inlined into the one script (codeSplitting: false turns
// its dynamic imports into modules of the same file).
//
// It needs www/pkg (scripts/build-wasm.mjs); `npm run build:single` builds that first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { firstFramePlugin } from './first-frame.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WWW = path.join(ROOT, 'www');
export const SINGLE_DIR = path.join(ROOT, 'dist-single');
export const SINGLE_FILE = path.join(SINGLE_DIR, 'kafka-replication-playground.html');

/** Text that may sit inside an inline <script> element without ending it early. */
function scriptSafe(js) {
  return js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

function styleSafe(css) {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/**
 * `hostedUrl` (or KRP_HOSTED_URL): the URL of a hosted copy of the page (`npm run build` served
 * somewhere). With it the file's Share dialog links and embeds that copy; without, it offers the
 * exports only (a link to a file:// page works on one computer). `file`: where to write.
 */
export async function buildSingle({ quiet = false, hostedUrl = process.env.KRP_HOSTED_URL || null, file = SINGLE_FILE } = {}) {
  if (hostedUrl !== null) {
    let url = null;
    try {
      url = new URL(hostedUrl);
    } catch {
      /* reported below */
    }
    if (!url || !["http:", "https:"].includes(url.protocol)) throw new Error(`buildSingle: hostedUrl must be an http(s) URL of the hosted page, got ${JSON.stringify(hostedUrl)}`);
  }
  const wasmFile = path.join(WWW, 'pkg', 'kafka_replication_bg.wasm');
  if (!fs.existsSync(wasmFile)) throw new Error('www/pkg is missing: run `node scripts/build-wasm.mjs` first (npm run build:single does)');
  const { build } = await import('vite');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kafka-playground-single-'));
  try {
    await build({
      configFile: false,
      root: WWW,
      base: './',
      logLevel: quiet ? 'warn' : 'info',
      plugins: [firstFramePlugin()], // the default page's first frame (www/app/first-frame.js)
      build: {
        outDir: tmp,
        emptyOutDir: true,
        assetsInlineLimit: 0, // the wasm travels as base64 below, once
        cssCodeSplit: false,
        modulePreload: false,
        rolldownOptions: {
          input: path.join(WWW, 'index.html'),
          output: { codeSplitting: false, entryFileNames: 'assets/[name].js' },
        },
      },
    });
    let html = fs.readFileSync(path.join(tmp, 'index.html'), 'utf8');
    const assets = path.join(tmp, 'assets');
    const read = (ref) => fs.readFileSync(path.join(tmp, ref.replace(/^\.\//, '')), 'utf8');

    // CSS: each stylesheet link becomes a <style>.
    html = html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_, href) => `<style>\n${styleSafe(read(href))}\n</style>`);
    // No other file may be referenced: module preloads are not needed with one chunk.
    html = html.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
    // JS: the one module script becomes inline, after the wasm bytes.
    const wasm = fs.readFileSync(wasmFile).toString('base64');
    let scripts = 0;
    html = html.replace(/<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/g, (_, src) => {
      scripts++;
      const hosted = hostedUrl === null ? '' : ` window.__KRP_HOSTED_URL__ = ${JSON.stringify(hostedUrl).replace(/</g, '\\u003c')};`;
      return `<script>window.__KRP_WASM_BASE64__ = "${wasm}";${hosted}</script>\n<script type="module">\n${scriptSafe(read(src))}\n</script>`;
    });
    if (scripts !== 1) throw new Error(`expected one module script in the built page, found ${scripts}`);
    const left = html.match(/(?:src|href)="\.\/assets\/[^"]+"/g);
    if (left) throw new Error(`the single file still references ${left.join(', ')}`);
    const chunks = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
    if (chunks.length !== 1) throw new Error(`expected one JS chunk, got ${chunks.join(', ')}`);

    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
    if (!quiet) console.log(`${path.relative(ROOT, file)}: ${(fs.statSync(file).size / 1024).toFixed(0)} kB, opens from file://`);
    return file;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildSingle().catch((err) => {
    console.error(`build:single failed: ${err.message}`);
    process.exit(1);
  });
}
