// What the page draws is what the core says (issue #13): committed records stay drawn committed
// when their leader crashes (the page reads snapshot.committedOffset, not the current leader's
// HW), and cut links are drawn from snapshot.cutLinks.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { applyConfig, openReady, recordsDrawn, snapshot, stepClicks, stepUntil } from "./helpers.mjs";

const TIMEOUT = { timeout: 120_000 };

describe("the page draws the core's truth", () => {
  let ctx;
  before(async () => {
    ctx = await openReady();
  });
  after(async () => {
    await ctx?.close();
  });

  test("after a leader crash, the committed records are still drawn committed", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await applyConfig(page);
    await page.selectOption("#produce-partition", "0");
    await page.selectOption("#produce-acks", "all");
    await page.fill("#produce-count", "5");
    await page.click("#produce");
    assert.ok((await stepUntil(page, (s) => s.partitions[0].logs.every((l) => l.hw >= 5), 100)) >= 0, "every replica learned HW 5");
    for (const b of [0, 1, 2]) {
      assert.deepEqual((await recordsDrawn(page, 0, b)).map((r) => r.state), ["c", "c", "c", "c", "c"], `B${b} before the crash`);
    }
    await page.click(`#brokers [data-action="crash"][data-broker="0"]`);
    await page.click("#step");
    const snap = await snapshot(page);
    assert.deepEqual([snap.partitions[0].hw, snap.partitions[0].committedOffset], [-1, 5], "the crashed leader has no HW; 5 records committed");
    for (const b of [0, 1, 2]) {
      assert.deepEqual((await recordsDrawn(page, 0, b)).map((r) => r.state), ["c", "c", "c", "c", "c"], `B${b} after the leader crashed`);
    }
    // Still so once the controller has elected a new leader (in a new epoch).
    assert.ok((await stepUntil(page, (s) => s.partitions[0].leader > 0, 400)) >= 0, "a new leader");
    for (const b of [1, 2]) assert.ok((await recordsDrawn(page, 0, b)).slice(0, 5).every((r) => r.state === "c"), `B${b} under the new leader`);
    assert.deepEqual(errors, []);
  });

  test("a cut link is drawn from the core's cutLinks, also after going back in time", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await applyConfig(page);
    const isCut = () => page.evaluate(() => document.querySelector('.link[data-link="0-1"]').classList.contains("cut"));
    await page.evaluate(() => document.querySelectorAll("dialog[open]").forEach((d) => d.close()));
    await stepClicks(page, 2); // the cut is made at tick 2
    await page.focus('.link[data-link="0-1"]');
    await page.keyboard.press("Enter");
    await stepClicks(page, 1);
    assert.deepEqual((await snapshot(page)).cutLinks, [[0, 1]]);
    assert.equal(await isCut(), true);
    await page.evaluate(() => window.__playground.seek(1));
    await page.waitForFunction(() => window.__playground.snapshot().tick === 1);
    assert.deepEqual((await snapshot(page)).cutLinks, []);
    assert.equal(await isCut(), false, "before the cut, the link is drawn whole");
    assert.deepEqual(errors, []);
  });
});
