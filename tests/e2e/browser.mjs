// Browser harness for the e2e tests: serves the built page (dist/, from `vite build`) with a tiny
// static server and opens it in headless Chromium through playwright-core.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, findChromium } from '../../scripts/toolchain.mjs';

const DIST = path.join(ROOT, 'dist');
const OUTPUT = path.join(ROOT, 'test-output');
const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.map': 'application/json',
  '.wasm': 'application/wasm', // without it, WebAssembly.instantiateStreaming refuses the module
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.txt': 'text/plain',
};
// Root needs --no-sandbox; the networking flags stop Chromium from calling home on a closed network.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Serves `dir` under the URL prefix `base` on 127.0.0.1, on a free port. */
async function serve(dir, base) {
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    // Chromium asks for the site's /favicon.ico by itself: not the page's doing, so no 404 error.
    if (pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const rel = pathname.startsWith(base) ? decodeURIComponent(pathname.slice(base.length)) : null;
    let file = rel === null ? null : path.join(dir, rel || 'index.html');
    if (file && !file.startsWith(dir + path.sep)) file = null; // no ../ escapes
    if (file && fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) file = path.join(file, 'index.html');
    if (!file || !fs.existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * Opens the built page in a fresh headless Chromium. It is served under a sub-path (`base`), as
 * a real static host might, which checks that the build uses relative URLs.
 * Console errors and uncaught page errors are collected into `errors`.
 */
export async function openPage({ base = '/playground/', query = '' } = {}) {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/index.html is missing: run `npx vite build` first');
  const server = await serve(DIST, base);
  const url = `http://127.0.0.1:${server.address().port}${base}${query}`;
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kafka-playground-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium() ?? undefined, headless: true, args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  const close = async () => {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  try {
    await page.goto(url, { waitUntil: 'load' });
  } catch (e) {
    await close();
    throw e;
  }
  return { page, errors, url, close };
}

/** Saves a PNG of the page as test-output/<name>.png, for a human to look at. */
export async function screenshot(page, name) {
  fs.mkdirSync(OUTPUT, { recursive: true });
  const file = path.join(OUTPUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
