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

  test("records a follower truncated are drawn leaving for a few seconds", TIMEOUT, async () => {
    const { page, errors } = ctx;
    // 0.8 truncates to the HW: B2 got m4 (acks=1) that the next leader B1 never had.
    await applyConfig(page, { brokers: 3, partitions: 1, networkLatencyMsMin: 100, networkLatencyMsMax: 100 }, "0.8");
    await page.evaluate(() => document.querySelectorAll("dialog[open]").forEach((d) => d.close()));
    const produce = async (count, acks) => {
      await page.selectOption("#produce-acks", acks);
      await page.fill("#produce-count", String(count));
      await page.click("#produce");
    };
    const toggleLink = async () => {
      await page.focus('.link[data-link="0-1"]');
      await page.keyboard.press("Enter");
    };
    await produce(3, "all");
    await stepClicks(page, 20);
    await toggleLink();
    await produce(1, "1");
    await stepClicks(page, 5);
    await page.click(`#brokers [data-action="crash"][data-broker="0"]`);
    await toggleLink();
    assert.ok((await stepUntil(page, (s) => s.partitions[0].truncated.length > 0, 200)) >= 0, "B2 truncated");
    const leaving = () => page.getAttribute('[data-partition="0"] .replica[data-broker="2"] canvas.cells', "data-leaving");
    assert.equal(await leaving(), "3:0:high-watermark");
    assert.match(await page.getAttribute('[data-partition="0"] .replica[data-broker="2"] canvas.cells', "aria-label"), /1 just truncated/);
    await stepClicks(page, 31);
    assert.equal(await leaving(), "", "gone after three seconds of Kafka time");
    assert.deepEqual(errors, []);
  });
});
