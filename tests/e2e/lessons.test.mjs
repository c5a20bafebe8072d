// The lesson player, driven like a reader: lesson 01 walked forward stop by stop (captions
// change, checkpoints pass, ticks animate between stops) and back (each stop's state hash comes
// back exactly, by replay), leaving the script and returning to it, the picker, and the
// reference screenshots of the player in English and Chinese (test-output/lesson-player-*.png).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openPage } from "./browser.mjs";
import { ready, stateHash, tickOf, viewShot } from "./helpers.mjs";

const TIMEOUT = { timeout: 180_000 };
const CJK = /[\u4e00-\u9fff]/;

const lesson = (page) => page.evaluate(() => window.__playground.lesson());
/** Wait until the lesson rests at stop `n` (not playing). */
const atStop = (page, n, timeout = 60_000) =>
  page.waitForFunction((k) => {
    const l = window.__playground.lesson();
    return l && !l.playing && l.stop === k;
  }, n, { timeout });
const caption = (page) => page.textContent("#lesson-caption");
/** Choose `value` in the lesson picker as a reader does: it is filled when it gets focus. */
const pick = async (page, value) => {
  await page.focus("#lesson-select");
  await page.selectOption("#lesson-select", value);
};

describe("the lesson player", () => {
  let ctx;
  before(async () => {
    ctx = await openPage({ query: "?scenario=01-anatomy&lang=en" });
    await ctx.page.setViewportSize({ width: 1280, height: 1000 });
    await ready(ctx.page);
    await atStop(ctx.page, 1);
  });
  after(async () => {
    await ctx?.close();
  });

  test("walks lesson 01 forward: captions change, checkpoints pass, ticks animate between stops", TIMEOUT, async () => {
    const { page, errors } = ctx;
    assert.equal(await page.isVisible("#lesson"), true);
    assert.match(await page.textContent("#lesson-title"), /Anatomy of a partition/);
    assert.equal(await page.textContent("#lesson-progress"), "Stop 1 of 8");
    assert.equal(await page.locator("#lesson-dots .lesson-dot").count(), 8);
    assert.equal(await page.isDisabled("#lesson-back"), true, "nothing before the first stop");
    const seen = [await caption(page)];
    let checks = await page.locator("#lesson-checkpoints .checkpoint.ok").count();
    assert.ok(checks >= 6, "stop 1's checkpoints listed");
    const first = checks;

    for (let n = 2; n <= 6; n++) {
      const tickBefore = await tickOf(page);
      await page.click("#lesson-next");
      if (n === 6) {
        // Stop 5 → 6 is `step 30`: it plays over frames, not at once.
        await page.waitForFunction(() => window.__playground.lesson().playing, null, { timeout: 5_000 });
        const mid = await page.evaluate(() => window.__playground.lesson().tick);
        assert.ok(mid < tickBefore + 30, `animating (tick ${mid} on the way to ${tickBefore + 30})`);
        assert.match(await page.textContent("#lesson-status"), /Playing/);
        assert.equal((await page.textContent("#lesson-next")).trim(), "Skip ahead");
      }
      await atStop(page, n);
      const text = await caption(page);
      assert.ok(!seen.includes(text), `stop ${n} has its own caption`);
      seen.push(text);
      assert.equal(await page.textContent("#lesson-progress"), `Stop ${n} of 8`);
      const now = await page.locator("#lesson-checkpoints .checkpoint.ok").count();
      assert.ok(now >= checks, `stop ${n} keeps its checkpoints`);
      checks = now;
      assert.equal(await page.locator("#lesson-checkpoints .checkpoint.bad").count(), 0, "none fails");
    }
    assert.ok(checks > first + 10, `checkpoints pass as they are reached (${first} → ${checks})`);
    const l = await lesson(page);
    assert.equal(l.tick, await tickOf(page));
    assert.ok(l.tick >= 30, "time went on between stops");
    assert.deepEqual(errors, []);
  });

  test("back restores each earlier stop exactly (state hash), and forward again reaches the same states", TIMEOUT, async () => {
    const { page } = ctx;
    await page.evaluate(() => window.__playground.lesson()); // at stop 6
    // Remember stops 3–6 by going through them from the start.
    await page.click("#lesson-restart");
    const hashes = {};
    const ticks = {};
    for (let n = 1; n <= 6; n++) {
      if (n > 1) await page.click("#lesson-next");
      await atStop(page, n);
      hashes[n] = await stateHash(page);
      ticks[n] = await tickOf(page);
    }
    for (let n = 5; n >= 2; n--) {
      await page.click("#lesson-back");
      await atStop(page, n);
      assert.equal(await tickOf(page), ticks[n], `back at stop ${n}'s tick`);
      assert.equal(await stateHash(page), hashes[n], `stop ${n}: the same state hash`);
    }
    assert.equal((await lesson(page)).checkpoints.every((c) => c.ok), true);
    // Forward again from stop 2: the same states (the core is deterministic).
    await page.click("#lesson-next");
    await atStop(page, 3);
    assert.equal(await stateHash(page), hashes[3]);
    // A dot jumps straight to a stop (played at once).
    await page.click('#lesson-dots [data-stop="6"]');
    await atStop(page, 6);
    assert.equal(await stateHash(page), hashes[6]);
    await page.click('#lesson-dots [data-stop="2"]');
    await atStop(page, 2);
    assert.equal(await stateHash(page), hashes[2]);
  });

  test("a second Next while playing jumps to the stop at once", TIMEOUT, async () => {
    const { page } = ctx;
    await page.click('#lesson-dots [data-stop="5"]');
    await atStop(page, 5);
    await page.evaluate(() => {
      document.querySelector("#lesson-next").click();
      document.querySelector("#lesson-next").click();
    });
    const l = await lesson(page);
    assert.equal(l.stop, 6);
    assert.equal(l.playing, false);
  });

  test("leaving the script (play, step, a fault) is noticed; Next returns to the stop and plays on", TIMEOUT, async () => {
    const { page } = ctx;
    await page.click('#lesson-dots [data-stop="3"]');
    await atStop(page, 3);
    const hash3 = await stateHash(page);
    await page.click(`#brokers [data-action="crash"][data-broker="1"]`);
    await page.click("#step");
    const l = await lesson(page);
    assert.equal(l.offScript, true);
    assert.match(await page.textContent("#lesson-status"), /moved away from the lesson/);
    await page.click("#lesson-back"); // back to the stop the reader left
    await atStop(page, 3);
    assert.equal(await stateHash(page), hash3);
    assert.equal((await lesson(page)).offScript, false);
  });

  test("the picker opens another lesson; scenarios without captions say so", TIMEOUT, async () => {
    const { page } = ctx;
    await page.locator("#lesson-select").blur();
    const options = () => page.$$eval("#lesson-select option:not([disabled])", (os) => os.map((o) => o.value));
    assert.deepEqual(await options(), [(await lesson(page)).id], "until opened, the picker lists the open lesson only (the others not parsed)");
    await pick(page, "05-acks");
    await atStop(page, 1);
    assert.ok((await options()).length > 20, "opened: every lesson and scenario");
    assert.match(await page.textContent("#lesson-title"), /acks=0, 1, all/);
    assert.equal((await lesson(page)).stops, 9);
    await pick(page, "core/leader-crash-election");
    await page.waitForFunction(() => window.__playground.lesson()?.id === "leader-crash-election" && !window.__playground.lesson().playing, null, { timeout: 60_000 });
    assert.match(await caption(page), /regression test/);
    assert.equal(await page.locator("#lesson-checkpoints .checkpoint.bad").count(), 0);
    await page.click("#lesson-close");
    assert.equal(await page.isVisible("#lesson"), false);
  });

  test("screenshots of the player in English and Chinese", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.click("#lessons-button");
    await pick(page, "05-acks");
    await atStop(page, 1);
    await page.click('#lesson-dots [data-stop="4"]');
    await atStop(page, 4);
    const en = await caption(page);
    assert.match(en, /^The leader b0 crashes/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await viewShot(page, "lesson-player-en");
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
    const zh = await caption(page);
    assert.notEqual(zh, en);
    assert.match(zh, CJK);
    assert.match(await page.textContent("#lesson-progress"), /第 4 \/ 9 步/);
    assert.match(await page.textContent("#lesson-title"), /各自会丢什么/);
    await page.waitForTimeout(400);
    await viewShot(page, "lesson-player-zh");
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    assert.equal(await caption(page), en);
    assert.deepEqual(errors, []);
  });

  test("lesson 10 stops before the truncation and the election; checkpoints read as sentences", TIMEOUT, async () => {
    const { page, errors } = ctx;
    const snap = () => page.evaluate(() => window.__playground.snapshot().partitions[0]);
    const b1 = async () => (await snap()).logs.find((l) => l.broker === 1).records.map((r) => r.value);
    await pick(page, "10-hw-truncation-loss-0.8");
    await atStop(page, 1);
    assert.equal((await lesson(page)).stops, 7);
    await page.click('#lesson-dots [data-stop="3"]');
    await atStop(page, 3);
    assert.deepEqual(await b1(), [1, 2], "stop 3: b1 out of the ISR, m2 not yet truncated");
    const says = page.locator('#lesson-checkpoints .checkpoint.ok .cp-says[data-expect="p0.b1.values == [1,2]"]').last();
    assert.equal(await says.textContent(), "b1 still has m1, m2");
    assert.equal(await says.getAttribute("title"), "p0.b1.values == [1,2]", "the expression one hover away");
    await page.click("#lesson-next");
    await atStop(page, 4);
    assert.deepEqual(await b1(), [1], "the next Next plays the truncation");
    assert.match(await page.textContent("#lesson-checkpoints"), /truncated to its HW, b1 has m1 only/);
    await page.click("#lesson-next");
    await atStop(page, 5);
    assert.equal((await snap()).leader, 0, "stop 5: b0 crashed, no election yet");
    await page.click("#lesson-next");
    await atStop(page, 6);
    assert.equal((await snap()).leader, 1, "the next Next plays the election");
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
    assert.match(await page.textContent("#lesson-checkpoints"), /b1 以 leader_epoch 2 成为 leader/);
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    assert.equal(await page.locator("#lesson-checkpoints .checkpoint.bad").count(), 0);
    assert.deepEqual(errors, []);
  });
});
