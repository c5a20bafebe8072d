// The core's debug option in the browser (docs/api.md, "Debug timing"): with the configuration
// panel's "Performance marks" switch on (`setDebug(true)` on the page's handles), pressing Step
// leaves User Timing measures of the core's phases in the performance timeline (what DevTools'
// performance panel shows), and none with it off.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openReady, stepClicks } from './helpers.mjs';

const measures = (page) =>
  page.evaluate(() => performance.getEntriesByType('measure').filter((m) => m.name.startsWith('kafka-replication:')).map((m) => m.name));
const count = (names, phase) => names.filter((n) => n === `kafka-replication:${phase}`).length;

// The panel is unfolded through its `open` property, as applyConfig does: a click on the summary
// lands wherever the summary was when Playwright measured it, and on a loaded machine the panels
// above it (events, metrics) can still be growing from the last Step's frame.
const setSwitch = async (page, on) => {
  await page.evaluate(() => (document.querySelector('#config-panel').open = true));
  await page.locator('#debug-timing').setChecked(on);
  await page.evaluate(() => (document.querySelector('#config-panel').open = false));
};

test('with debug on, Step leaves measures of step, deliveries, invariants and snapshot; off, none', { timeout: 60_000 }, async () => {
  const { page, errors, close } = await openReady();
  try {
    await stepClicks(page, 3);
    assert.deepEqual(await measures(page), [], 'off by default');
    await setSwitch(page, true);
    await stepClicks(page, 1);
    const names = await measures(page);
    // One step call of one tick, then the frame's snapshot(s).
    assert.equal(count(names, 'step'), 1, names.join());
    assert.equal(count(names, 'deliveries'), 1, names.join());
    assert.equal(count(names, 'invariants'), 1, names.join());
    assert.ok(count(names, 'snapshot') >= 1, names.join());
    const durations = await page.evaluate(() => performance.getEntriesByName('kafka-replication:step').map((m) => m.duration));
    assert.ok(durations.every((d) => d >= 0 && d < 1000), String(durations));
    await setSwitch(page, false);
    await page.evaluate(() => performance.clearMeasures());
    await stepClicks(page, 2);
    assert.deepEqual(await measures(page), []);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
