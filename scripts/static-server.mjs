// A tiny static server for the built page, shared by the browser tests (tests/e2e/browser.mjs)
// and the page benchmark (bench/browser.mjs).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.map': 'application/json',
  '.wasm': 'application/wasm', // without it, WebAssembly.instantiateStreaming refuses the module
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.txt': 'text/plain',
};

/**
 * Serves `dir` under the URL prefix `base` on 127.0.0.1, on a free port; `extra` maps other
 * absolute URL paths to files. No caching headers: every navigation fetches everything.
 * Chromium asks for the site's /favicon.ico by itself: answered 204, so it is not a page error.
 * `isolated`: send COOP/COEP, which makes the page cross-origin isolated, so its clock
 * (performance.now) is precise to microseconds instead of 100 µs (the frame benchmark needs it).
 * `gzip`: compress what is not already compressed when the browser accepts it, as a real host
 * does (the Lighthouse benchmark measures the page served so).
 */
export async function serve(dir, base, extra = {}, { isolated = false, gzip = false } = {}) {
  const isolation = isolated ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } : {};
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    if (pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    let file = extra[pathname] ?? null;
    if (!file && pathname.startsWith(base)) {
      file = path.join(dir, decodeURIComponent(pathname.slice(base.length)) || 'index.html');
      if (!file.startsWith(dir + path.sep)) file = null; // no ../ escapes
      if (file && fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) file = path.join(file, 'index.html');
    }
    if (!file || !fs.existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    const type = MIME[path.extname(file)] ?? 'application/octet-stream';
    const compress = gzip && !/^image\/png|^font\//.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(200, { 'content-type': type, ...isolation, ...(compress ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}) });
    const body = fs.createReadStream(file);
    if (compress) body.pipe(zlib.createGzip()).pipe(res);
    else body.pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
