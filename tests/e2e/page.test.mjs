// The page, driven like a user would: produce with acks=all and watch every replica's HW marker
// move; fail the leader's broker and watch the controller elect a new leader once the ZooKeeper
// session expires. Screenshots go to test-output/page-*.png.
//
// Written to docs/api.md's contract: runs against the real wasm core in dist/. To try the page
// logic without the core, PAGE_QUERY='?toy=1' runs it on www/dev/toy-cluster.js.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openPage, screenshot } from "./browser.mjs";

const QUERY = process.env.PAGE_QUERY ?? "";
const TIMEOUT = { timeout: 120_000 };

/**
 * Wait until the page has drawn a real snapshot (the partitions and brokers views exist), or
 * fail with the words the page shows when it cannot (e.g. the core is still a placeholder).
 */
async function ready(page) {
  await page.waitForFunction(
    () => {
      const s = window.__playground?.snapshot?.();
      const drawn = s && Array.isArray(s.partitions) && document.querySelectorAll("[data-partition]").length === s.partitions.length;
      return drawn || document.querySelector("#banner.banner-error:not([hidden])");
    },
    null,
    { timeout: 15_000 },
  );
  const problem = await page.$eval("#banner", (b) => (b.classList.contains("banner-error") && !b.hidden ? b.textContent : null));
  if (problem) throw new Error(`the page shows an error instead of the cluster: ${problem}`);
}

/** Click the Step button `n` times (in the page: each click is one tick, then a re-render). */
async function stepClicks(page, n) {
  await page.evaluate((count) => {
    const btn = document.querySelector("#step");
    for (let i = 0; i < count; i++) btn.click();
  }, n);
}

const tickOf = (page) => page.evaluate(() => window.__playground.snapshot().tick);
const leaderShown = (page, p) => page.$eval(`[data-partition="${p}"]`, (el) => Number(el.dataset.leader));
const hwsShown = (page, p) =>
  page.$$eval(`[data-partition="${p}"] [data-broker]`, (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.broker, Number(r.querySelector(".hw-marker").dataset.hw)])),
  );

describe("the playground page", () => {
  let ctx;
  before(async () => {
    ctx = await openPage({ query: QUERY });
    await ready(ctx.page);
  });
  after(async () => {
    await ctx?.close();
  });

  test("loads the default cluster with no console errors", TIMEOUT, async () => {
    const { page, errors } = ctx;
    const snap = await page.evaluate(() => window.__playground.snapshot());
    assert.equal(snap.brokers.length, 4, "4 brokers");
    assert.equal(snap.partitions.length, 3, "3 partitions");
    for (const p of snap.partitions) assert.equal(p.replicas.length, 3, `P${p.partition} has RF 3`);
    assert.equal(await page.locator("[data-partition]").count(), 3);
    for (const p of [0, 1, 2]) {
      assert.equal(await page.locator(`[data-partition="${p}"] [data-broker]`).count(), 3, `P${p} draws 3 replica rows`);
      assert.equal(await page.locator(`[data-partition="${p}"] .hw-marker[data-hw]`).count(), 3);
      assert.equal(await leaderShown(page, p), snap.partitions[p].leader);
    }
    for (const b of [0, 1, 2, 3]) {
      assert.equal(await page.locator(`[data-action="fail"][data-broker="${b}"]`).count(), 1);
      assert.equal(await page.locator(`[data-action="recover"][data-broker="${b}"]`).count(), 1);
    }
    for (const sel of ["#play", "#step", "#produce", "#produce-partition", "#produce-acks", "#produce-count"]) {
      assert.equal(await page.locator(sel).count(), 1, `${sel} exists`);
    }
    // Every button has a name a screen reader can say.
    const unnamed = await page.$$eval("button", (bs) => bs.filter((b) => !(b.getAttribute("aria-label") || b.textContent.trim())).length);
    assert.equal(unnamed, 0);
    await page.waitForTimeout(300);
    await screenshot(page, "page-initial");
    assert.deepEqual(errors, []);
  });

  test("step advances exactly one tick per click", TIMEOUT, async () => {
    const { page } = ctx;
    const t0 = await tickOf(page);
    await stepClicks(page, 3);
    assert.equal(await tickOf(page), t0 + 3);
    const clock = await page.textContent("#clock");
    assert.match(clock, new RegExp(`tick ${t0 + 3}\\b`));
  });

  test("produce with acks=all, then play: the HW marker moves on every replica", TIMEOUT, async () => {
    const { page, errors } = ctx;
    const before = await hwsShown(page, 0);
    await page.selectOption("#produce-partition", "0");
    await page.selectOption("#produce-acks", "all");
    await page.fill("#produce-count", "5");
    await page.click("#produce");
    await page.waitForSelector(".request-list .request", { timeout: 5_000 });

    // Play at 100 ticks/s until every replica's HW has passed its old value.
    await page.$eval("#speed", (el) => {
      el.value = "2";
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.click("#play");
    assert.equal(await page.getAttribute("#play", "aria-pressed"), "true");
    await page.waitForFunction(
      (old) => {
        const rows = [...document.querySelectorAll('[data-partition="0"] [data-broker]')];
        return rows.length > 0 && rows.every((r) => Number(r.querySelector(".hw-marker").dataset.hw) >= (old[r.dataset.broker] ?? 0) + 5);
      },
      before,
      { timeout: 30_000 },
    );
    await page.click("#play");
    assert.equal(await page.getAttribute("#play", "aria-pressed"), "false");

    const after = await hwsShown(page, 0);
    for (const [b, hw] of Object.entries(after)) assert.ok(hw > before[b], `B${b}: HW ${before[b]} → ${hw}`);
    // The five records are drawn as committed cells on every replica.
    for (const b of Object.keys(after)) {
      const committed = await page.locator(`[data-partition="0"] [data-broker="${b}"] .cell.committed`).count();
      assert.ok(committed >= 5, `B${b} draws ${committed} committed cells`);
    }
    // The request is acked, and the marker's data-hw matches the snapshot.
    const snap = await page.evaluate(() => window.__playground.snapshot());
    const req = snap.requests.at(-1);
    assert.equal(req.status, "acked", `request #${req.id} acked (error ${req.error})`);
    assert.equal(await page.locator(`.request[data-request="${req.id}"].req-acked`).count(), 1);
    for (const log of snap.partitions[0].logs) assert.equal(after[log.broker], log.hw);
    await page.waitForTimeout(500); // let the markers' transitions finish for the picture
    await screenshot(page, "page-hw-moved");
    assert.deepEqual(errors, []);
  });

  test("fail the leader's broker: crashed at once, a new leader after the ZooKeeper session timeout", TIMEOUT, async () => {
    const { page, errors } = ctx;
    const p = 0;
    const oldLeader = await leaderShown(page, p);
    assert.ok(oldLeader >= 0, "P0 has a leader");
    const sessionTicks = await page.evaluate(() => {
      const s = window.__playground.snapshot();
      return Math.ceil(s.config.zookeeperSessionTimeoutMs / s.tickMs);
    });

    await page.click(`[data-action="fail"][data-broker="${oldLeader}"]`);
    const failTick = await tickOf(page);
    // Drawn as crashed right away; Fail disabled, Recover enabled.
    const card = page.locator(`.broker[data-broker="${oldLeader}"]`);
    assert.match(await card.getAttribute("class"), /\bcrashed\b/);
    assert.match(await card.textContent(), /crashed/);
    assert.equal(await page.isDisabled(`[data-action="fail"][data-broker="${oldLeader}"]`), true);
    assert.equal(await page.isEnabled(`[data-action="recover"][data-broker="${oldLeader}"]`), true);
    assert.match(await page.getAttribute(`[data-partition="${p}"] [data-broker="${oldLeader}"]`, "class"), /\bis-down\b/);

    // Half the session timeout: the controller has not noticed, the dead broker is still leader.
    await stepClicks(page, Math.floor(sessionTicks / 2));
    assert.equal(await leaderShown(page, p), oldLeader, "no election before the ZooKeeper session expires");

    // The session expired, the controller elected a new leader from the ISR (a few ticks later).
    await stepClicks(page, sessionTicks - Math.floor(sessionTicks / 2) + 10);
    const newLeader = await leaderShown(page, p);
    assert.notEqual(newLeader, oldLeader, "the leader changed");
    assert.ok(newLeader >= 0, `a live replica was elected (data-leader=${newLeader})`);
    const snap = await page.evaluate(() => window.__playground.snapshot());
    assert.equal(snap.partitions[p].leader, newLeader);
    assert.ok(snap.tick - failTick >= sessionTicks, "the election came after the session timeout");
    assert.equal(snap.brokers.find((b) => b.id === oldLeader).status, "crashed");
    // The old leader's row is drawn as crashed and no longer as leader.
    const row = `[data-partition="${p}"] [data-broker="${oldLeader}"]`;
    assert.match(await page.getAttribute(row, "class"), /\bis-down\b/);
    assert.doesNotMatch(await page.getAttribute(row, "class"), /\bis-leader\b/);
    assert.match(await page.textContent(`${row} .down-badge`), /crashed/);
    assert.match(await page.getAttribute(`[data-partition="${p}"] [data-broker="${newLeader}"]`, "class"), /\bis-leader\b/);
    // The event log tells the story.
    const events = await page.textContent("#events");
    assert.match(events, /broker-fail/);
    assert.match(events, /leader-election/);
    await page.waitForTimeout(500); // let the markers' transitions finish for the picture
    await screenshot(page, "page-leader-failed");
    assert.deepEqual(errors, []);
  });

  test("recover the old leader: it comes back as a follower, catches up and rejoins the ISR", TIMEOUT, async () => {
    const { page, errors } = ctx;
    const p = 0;
    const snap0 = await page.evaluate(() => window.__playground.snapshot());
    const old = snap0.brokers.find((b) => b.status === "crashed").id;
    assert.ok(!snap0.partitions[p].isr.includes(old), "the crashed broker left P0's ISR");
    await page.click(`[data-action="recover"][data-broker="${old}"]`);
    assert.doesNotMatch(await page.getAttribute(`.broker[data-broker="${old}"]`, "class"), /\bcrashed\b/);
    // Produce a little more so there is something to catch up on, then step until it is back.
    await page.selectOption("#produce-partition", String(p));
    await page.fill("#produce-count", "3");
    await page.click("#produce");
    const row = `[data-partition="${p}"] [data-broker="${old}"]`;
    for (let i = 0; i < 30; i++) {
      if ((await page.textContent(`${row} .membership`)) === "ISR") break;
      await stepClicks(page, 10);
    }
    assert.equal(await page.textContent(`${row} .membership`), "ISR", "back in the ISR within 300 ticks");
    assert.doesNotMatch(await page.getAttribute(row, "class"), /\bis-down\b/);
    const snap = await page.evaluate(() => window.__playground.snapshot());
    assert.ok(snap.partitions[p].isr.includes(old));
    await page.waitForTimeout(500);
    await screenshot(page, "page-recovered");
    assert.deepEqual(errors, []);
  });

  test("bad input to the core is shown in words, not a blank view", TIMEOUT, async () => {
    const { page, errors } = ctx;
    // A partition the core does not have: its Error message must reach the user as a toast.
    await page.$eval("#produce-partition", (sel) => {
      const opt = document.createElement("option");
      opt.value = "99";
      opt.textContent = "P99";
      sel.append(opt);
      sel.value = "99";
    });
    await page.click("#produce");
    const toast = page.locator(".toast").last();
    await toast.waitFor({ timeout: 5_000 });
    assert.match(await toast.textContent(), /partition/i);
    assert.equal(await page.locator("[data-partition]").count(), 3, "the views are still drawn");
    await page.$eval("#produce-partition", (sel) => {
      sel.querySelector('option[value="99"]')?.remove();
      sel.value = "0";
    });
    assert.deepEqual(errors, []);
  });

  test("at 375 px wide the panels stack and nothing overflows sideways", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(400);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
    await screenshot(page, "page-375");
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.waitForTimeout(400);
    await screenshot(page, "page-1920");
    assert.deepEqual(errors, []);
  });
});
