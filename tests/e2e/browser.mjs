// Browser harness for the e2e tests: serves the built page (dist/, from `vite build`) with a tiny
// static server and opens it in headless Chromium through playwright-core.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/static-server.mjs';
import { CHROMIUM_ARGS, ROOT, findChromium } from '../../scripts/toolchain.mjs';

const DIST = path.join(ROOT, 'dist');
const OUTPUT = path.join(ROOT, 'test-output');

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
