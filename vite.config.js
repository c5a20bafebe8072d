// The page lives in www/ and imports the wasm binding from www/pkg/ (made by scripts/build-wasm.mjs).
//
// Two entries: the page (index.html) and the embed script (embed.js → dist/embed.js, a fixed
// name next to index.html, so docs pages can load it with one script tag and it finds the page
// relative to itself). The example docs pages in www/examples/ are copied as they are: they load
// ../embed.js like any docs page would. scripts/build-single.mjs reuses this config for the
// one-file build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { firstFramePlugin } from './scripts/first-frame.mjs';
import { defaultPage } from './www/app/first-frame.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const www = path.join(here, 'www');

/** Copy www/examples/*.html into the build as they are (not bundled: they are "someone else's" pages). */
function copyExamples() {
  let outDir;
  return {
    name: 'copy-examples',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const src = path.join(www, 'examples');
      if (!fs.existsSync(src)) return;
      fs.mkdirSync(path.join(outDir, 'examples'), { recursive: true });
      for (const f of fs.readdirSync(src)) fs.copyFileSync(path.join(src, f), path.join(outDir, 'examples', f));
    },
  };
}

/**
 * Start downloading the wasm core with the HTML instead of after the page's script has run:
 * core.js fetches it (wasm-bindgen's glue, fetch() + instantiateStreaming), which then takes this
 * preloaded response (as=fetch with crossorigin matches fetch()'s defaults). Not on the default
 * page (www/app/first-frame.js defaultPage, whose source the script runs): it draws its first
 * frame from the build's snapshot and loads the wasm after that frame (issue #16), so a preload
 * would only compete with the page's script and stylesheet. The script comes first in <head>
 * (after the charset): a script after a stylesheet waits for it.
 */
function preloadWasm() {
  return {
    name: 'preload-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const wasm = Object.keys(bundle ?? {}).filter((f) => f.endsWith('.wasm')).map((f) => `./${f}`);
        const preload = `document.head.append(Object.assign(document.createElement("link"), { rel: "preload", href, as: "fetch", type: "application/wasm", crossOrigin: "" }))`;
        const script = `<script id="preload-wasm">if (!(${defaultPage})(window)) for (const href of ${JSON.stringify(wasm)}) ${preload};</script>`;
        const charset = '<meta charset="utf-8" />';
        if (!html.includes(charset)) throw new Error(`preload-wasm: index.html has no ${charset} to put the script after`);
        return html.replace(charset, `${charset}\n    ${script}`);
      },
    },
  };
}

/**
 * The page as an embed's frame loads it (embed.js): frame.html, index.html with two changes. Its
 * module script is render-blocking, so the frame is not styled, laid out and painted as the bare
 * skeleton first and then again as the embed (the header and panels an embed hides or redraws);
 * and it does not preload the wasm, which the embeds of a same-origin host take compiled from the
 * host (core.js). Issue #18: six embeds on one page share its main thread; by turns, the last
 * first frame 1.76 → 1.61 s (median of 10 cold loads). index.html keeps both for a page of its own (its
 * header paints before the script has run; the wasm downloads with the HTML unless the page is the
 * default one, see preloadWasm). In `vite` (dev),
 * /frame.html is index.html.
 */
function embedFrame() {
  const rewrite = (req, _res, next) => {
    if (req.url?.startsWith('/frame.html')) req.url = `/index.html${req.url.slice('/frame.html'.length)}`;
    next();
  };
  return {
    name: 'embed-frame',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const html = String(index.source);
        const frame = html
          .replace(/<script type="module"/, '<script type="module" blocking="render"')
          .replace(/\s*<script id="preload-wasm">[^<]*<\/script>/, '');
        if (!frame.includes('blocking="render"')) this.error('embed-frame: index.html has no module script to make render-blocking');
        if (frame.includes('id="preload-wasm"')) this.error("embed-frame: index.html's wasm preload script was not removed");
        this.emitFile({ type: 'asset', fileName: 'frame.html', source: frame });
      },
    },
  };
}

/**
 * The scenario files the page imports (`?raw`, www/scenario-files.js) without the output recorded
 * under their `status` and `trace` lines: cargo test checks it, the page never plays or shows it
 * (the core's parser leaves both out of parseScenario), and it is half of the files' text. The
 * format is crate/src/scenario.rs's: the command, a `----` line, the output up to a blank line.
 */
function scenarioWithoutRecords() {
  const dir = `${path.sep}scenarios${path.sep}`;
  return {
    name: 'scenario-without-records',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (query !== 'raw' || !file.endsWith('.txt') || !path.resolve(file).includes(dir)) return null;
      const kept = [];
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      for (let i = 0; i < lines.length; i++) {
        if (/^(status|trace)\b/.test(lines[i].trim()) && lines[i + 1]?.trimEnd() === '----') {
          for (i += 2; i < lines.length && lines[i].trim() !== ''; i++);
        } else kept.push(lines[i]);
      }
      return `export default ${JSON.stringify(kept.join('\n'))}`;
    },
  };
}

export default defineConfig({
  root: 'www',
  base: './', // relative URLs: dist/ works from any static server, under any sub-path
  server: { host: '127.0.0.1' }, // local only; `npm start -- --host 0.0.0.0` to share
  plugins: [copyExamples(), preloadWasm(), embedFrame(), scenarioWithoutRecords(), firstFramePlugin()],
  build: {
    outDir: '../dist', // outside root: emptied explicitly
    emptyOutDir: true,
    // No modulepreload polyfill (it fetches <link rel=modulepreload> targets where the browser
    // does not, Safari < 17 and Firefox < 115): the page's entry has no chunk to preload, and the
    // chunks imported on demand load the same without it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: path.join(www, 'index.html'), embed: path.join(www, 'embed.js') },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'embed' ? 'embed.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
