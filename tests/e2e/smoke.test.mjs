// The built page loads in a real browser, shows something, and reports no errors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, screenshot } from './browser.mjs';

test('the built page loads without errors and renders into #app', { timeout: 60_000 }, async () => {
  const { page, errors, close } = await openPage();
  try {
    await page.waitForFunction(() => document.querySelector('#app')?.textContent.trim(), null, { timeout: 10_000 });
    await page.waitForTimeout(500); // let the first frames run, so their errors show up too
    await screenshot(page, 'smoke');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
