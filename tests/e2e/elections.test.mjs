// Controlled shutdown and the preferred leader election from the page (issue #15): a broker's
// Faults menu shuts it down cleanly (its leadership moves at once, its status reads stopped);
// after it recovers and rejoins the ISR, "Elect preferred" gives the leadership back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage } from './browser.mjs';

const leaderOf = (page, p) => page.evaluate((q) => window.__playground.snapshot().partitions[q].leader, p);
const statusOf = (page, b) => page.evaluate((x) => window.__playground.snapshot().brokers[x].status, b);

/** Presses Step until `done()` holds (at most `max` presses). */
async function stepUntil(page, done, max) {
  for (let i = 0; i < max && !(await done()); i++) await page.click('#step');
  assert.ok(await done(), `not reached within ${max} steps`);
}

test('a controlled shutdown from the Faults menu, then Elect preferred', { timeout: 120_000 }, async () => {
  const { page, errors, close } = await openPage({ query: '?autoLeaderRebalanceEnable=false' });
  try {
    await page.waitForFunction(() => window.__playground?.snapshot()?.partitions?.length === 3, null, { timeout: 15_000 });
    assert.equal(await leaderOf(page, 0), 0);
    await page.click('button[data-action="menu"][data-broker="0"]');
    await page.click('[data-menu-action="shutdown"]');
    assert.equal(await statusOf(page, 0), 'shutting-down');
    await stepUntil(page, async () => (await statusOf(page, 0)) === 'stopped', 40);
    assert.equal(await leaderOf(page, 0), 1, 'the leadership moved to the first live ISR member before b0 stopped');
    assert.match(await page.textContent('.broker[data-broker="0"] .status'), /stopped/);
    await page.click('button[data-action="recover"][data-broker="0"]');
    await stepUntil(page, () => page.evaluate(() => window.__playground.snapshot().partitions[0].isr.length === 3), 400);
    await page.click('#elect-preferred');
    await page.evaluate(() => window.__playground.flush());
    assert.equal(await leaderOf(page, 0), 0, 'b0 leads p0 again');
    assert.match(await page.textContent('#toasts'), /P0 led by their preferred replica again/);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
