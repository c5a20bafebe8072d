// Web quality (issue #18): Lighthouse 12 (lighthouse@12.2.3, a devDependency) on the built page,
// served gzip-compressed by scripts/static-server.mjs from 127.0.0.1, in the Chromium the tests
// use (chrome-launcher with CHROME_PATH's or toolchain.mjs's executable), with Lighthouse's mobile
// preset (its default: a Moto G class phone, simulated slow 4G and 4× CPU slowdown) and its
// desktop preset. Prints the four category scores, cumulative layout shift, total blocking time
// and largest contentful paint beside the targets. `npm run bench` runs it after
// bench/browser.mjs; as there, a missed target fails the run only with `--strict`.
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { serve } from '../scripts/static-server.mjs';
import { CHROMIUM_ARGS, ROOT, findChromium, run } from '../scripts/toolchain.mjs';
import { printTable } from './lib.mjs';

// A folder of its own, as bench/browser.mjs does: dist/ may be in use by the browser tests.
const DIST = path.join(ROOT, 'target', 'lighthouse-dist');
const BASE = '/playground/';
// The targets: performance 95 on mobile and 100 on desktop; 100 elsewhere; CLS ≤ 0.02;
// TBT ≤ 150 ms on mobile (on desktop, none given: reported).
const TARGET = {
  mobile: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.02, tbtMs: 150 },
  desktop: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.02, tbtMs: null },
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const strict = process.argv.includes('--strict');

/** One Lighthouse run of `url` with `config` (undefined: the mobile default); its result object. */
async function audit(url, config) {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('no Chromium found: set CHROME_PATH');
  // Lighthouse's own headless mode; the tests' flags otherwise (their --headless is the old one).
  const flags = ['--headless=new', ...CHROMIUM_ARGS.filter((f) => f !== '--headless')];
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config);
    if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** The rows for one preset: each category's score and the three timings, against the targets. */
function rowsOf(preset, lhr) {
  const want = TARGET[preset];
  const rows = CATEGORIES.map((c) => {
    const score = Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const failed = Object.values(lhr.audits)
      .filter((a) => lhr.categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1)
      .map((a) => a.id);
    const why = score < want[c] && failed.length ? ` (${failed.slice(0, 4).join(', ')})` : '';
    return [`${preset}: ${c}`, `${score}${why}`, `≥ ${want[c]}`, score >= want[c]];
  });
  const cls = lhr.audits['cumulative-layout-shift'].numericValue;
  const tbt = lhr.audits['total-blocking-time'].numericValue;
  const lcp = lhr.audits['largest-contentful-paint'].numericValue;
  rows.push(
    [`${preset}: cumulative layout shift`, cls.toFixed(3), `≤ ${want.cls}`, cls <= want.cls],
    [`${preset}: total blocking time`, `${Math.round(tbt)} ms`, want.tbtMs === null ? '' : `≤ ${want.tbtMs} ms`, want.tbtMs === null ? null : tbt <= want.tbtMs],
    [`${preset}: largest contentful paint`, `${(lcp / 1000).toFixed(2)} s`, '', null],
  );
  return rows;
}

run(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn']);
const server = await serve(DIST, BASE, {}, { gzip: true });
const url = `http://127.0.0.1:${server.address().port}${BASE}`;
const rows = [];
let version = '';
try {
  for (const [preset, config] of [['mobile', undefined], ['desktop', desktopConfig]]) {
    const lhr = await audit(url, config);
    version = `Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}`;
    rows.push(...rowsOf(preset, lhr));
  }
} finally {
  await new Promise((resolve) => server.close(resolve));
}
printTable(`web quality: ${version}, the built page served gzip-compressed from 127.0.0.1`, rows);
if (strict && rows.some(([, , , ok]) => ok === false)) process.exit(1);
