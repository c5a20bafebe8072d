// Shared by bench/browser.mjs and bench/memory.mjs: the figures table, small statistics, and a
// tiny static server (the approach of tests/e2e/browser.mjs, with extra routes for the bench).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.map': 'application/json',
  '.wasm': 'application/wasm', // without it, WebAssembly.instantiateStreaming refuses the module
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.txt': 'text/plain',
};

/**
 * Serves `dir` under the URL prefix `base` on 127.0.0.1, on a free port; `extra` maps other
 * absolute URL paths to files. No caching headers: every navigation fetches everything.
 */
export async function serve(dir, base, extra = {}) {
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
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The q-quantile (0..1) of numbers, by nearest rank. */
export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
export const median = (xs) => quantile(xs, 0.5);

export const ms = (x) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * Prints rows [what, figure, budget, ok] (ok: true, false, or null for an unbudgeted figure) as
 * bench/run.mjs does: `what | figure | budget | ok` with yes / NO.
 */
export function printTable(title, rows) {
  const table = [['what', 'figure', 'budget', 'ok'],
    ...rows.map(([what, figure, budget, ok]) => [what, figure, budget, ok === null ? '' : ok ? 'yes' : 'NO'])];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  console.log(`\n${title}`);
  for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join(' | ').trimEnd());
}
