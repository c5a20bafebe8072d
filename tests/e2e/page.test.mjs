// The page, driven like a user would: produce with acks=all and watch every replica's HW marker
// move; crash the leader's broker and watch the controller elect a new leader once the ZooKeeper
// session expires (in the partition view and in the ZooKeeper panel); recover it.
// Runs against the real wasm core in dist/ (`npx vite build` first). Pictures: test-output/page-*.png.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { screenshot } from "./browser.mjs";
import { clippedBoxes, leaderShown, openReady, recordPoint, recordsDrawn, setSpeed, snapshot, stepClicks, tickOf, zkStateShown } from "./helpers.mjs";

const TIMEOUT = { timeout: 120_000 };

const hwsShown = (page, p) =>
  page.$$eval(`[data-partition="${p}"] .replica[data-broker]`, (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.broker, Number(r.querySelector(".hw-marker").dataset.hw)])),
  );

describe("the playground page", () => {
  let ctx;
  before(async () => {
    ctx = await openReady();
  });
  after(async () => {
    await ctx?.close();
  });

  test("loads the default cluster with no console errors", TIMEOUT, async () => {
    const { page, errors } = ctx;
    const snap = await snapshot(page);
    assert.equal(snap.config.version, "3.7", "the default version preset");
    assert.equal(snap.brokers.length, 4, "4 brokers");
    assert.equal(snap.partitions.length, 3, "3 partitions");
    assert.equal(await page.locator("[data-partition]").count(), 3);
    for (const p of [0, 1, 2]) {
      assert.equal(await page.locator(`[data-partition="${p}"] .replica[data-broker]`).count(), 3, `P${p} draws 3 replica rows`);
      assert.equal(await page.locator(`[data-partition="${p}"] .hw-marker[data-hw]`).count(), 3);
      assert.equal(await page.locator(`[data-partition="${p}"] .hw-chart`).count(), 1, `P${p} has its HW chart`);
      assert.equal(await leaderShown(page, p), snap.partitions[p].leader);
    }
    for (const b of [0, 1, 2, 3]) {
      assert.equal(await page.locator(`.node[data-broker="${b}"]`).count(), 1, `B${b} in the cluster picture`);
      for (const action of ["crash", "recover", "menu"]) {
        assert.equal(await page.locator(`#brokers [data-action="${action}"][data-broker="${b}"]`).count(), 1, `B${b} has ${action}`);
      }
    }
    assert.equal(await page.locator(".link[data-link]").count(), 6, "a link per broker pair");
    assert.equal(await page.locator('[data-znode="/controller"]').count(), 1, "the ZooKeeper panel");
    for (const sel of ["#play", "#step", "#step-back", "#scrubber", "#speed", "#reset", "#produce", "#produce-partition", "#produce-acks", "#produce-count", "#produce-idempotence", "#auto-on", "#auto-rate"]) {
      assert.equal(await page.locator(sel).count(), 1, `${sel} exists`);
    }
    // Every button and input has a name a screen reader can say.
    const unnamed = await page.$$eval("button, input, select, [role=button]", (els) =>
      els.filter((el) => !(el.getAttribute("aria-label") || el.labels?.length || el.textContent.trim())).map((el) => el.outerHTML.slice(0, 80)),
    );
    assert.deepEqual(unnamed, []);
    await page.waitForTimeout(300);
    await screenshot(page, "page-initial");
    assert.deepEqual(errors, []);
  });

  test("step advances exactly one tick per click", TIMEOUT, async () => {
    const { page } = ctx;
    const t0 = await tickOf(page);
    await stepClicks(page, 3);
    assert.equal(await tickOf(page), t0 + 3);
    assert.match(await page.textContent("#clock"), new RegExp(`tick ${t0 + 3}\\b`));
  });

  test("produce with acks=all, then play: the HW marker moves on every replica", TIMEOUT, async () => {
    const { page, errors } = ctx;
    const before = await hwsShown(page, 0);
    await page.selectOption("#produce-partition", "0");
    await page.selectOption("#produce-acks", "all");
    await page.fill("#produce-count", "5");
    await page.click("#produce");
    await page.waitForSelector(".request-list .request", { timeout: 5_000 });

    await setSpeed(page, 2); // 100 ticks/s
    await page.click("#play");
    assert.equal(await page.getAttribute("#play", "aria-pressed"), "true");
    await page.waitForFunction(
      (old) => {
        const rows = [...document.querySelectorAll('[data-partition="0"] .replica[data-broker]')];
        return rows.length > 0 && rows.every((r) => Number(r.querySelector(".hw-marker").dataset.hw) >= (old[r.dataset.broker] ?? 0) + 5);
      },
      before,
      { timeout: 30_000 },
    );
    await page.click("#play");
    assert.equal(await page.getAttribute("#play", "aria-pressed"), "false");

    const after = await hwsShown(page, 0);
    for (const [b, hw] of Object.entries(after)) assert.ok(hw > before[b], `B${b}: HW ${before[b]} → ${hw}`);
    for (const b of Object.keys(after)) {
      const records = await recordsDrawn(page, 0, b);
      const committed = records.filter((r) => r.state === "c").length;
      assert.ok(committed >= 5, `B${b} draws ${committed} committed records`);
      assert.deepEqual(records.map((r) => r.offset), Array.from({ length: records.length }, (_, i) => records[0].offset + i), "in offset order, no gaps");
    }
    // A record's tooltip is written when the pointer reaches it.
    const b0 = Object.keys(after)[0];
    const first = (await recordsDrawn(page, 0, b0))[0];
    const at = await recordPoint(page, 0, b0, first.offset);
    await page.mouse.move(at.x, at.y);
    const canvas = `[data-partition="0"] .replica[data-broker="${b0}"] canvas.cells`;
    assert.match(await page.getAttribute(canvas, "title"), new RegExp(`^offset ${first.offset} · leader epoch 0 · committed`));
    assert.match(await page.getAttribute(canvas, "aria-label"), /committed/);
    const snap = await snapshot(page);
    const req = snap.requests.at(-1);
    assert.equal(req.status, "acked", `request #${req.id} acked (error ${req.error})`);
    assert.equal(await page.locator(`.request[data-request="${req.id}"].req-acked`).count(), 1);
    for (const log of snap.partitions[0].logs) assert.equal(after[log.broker], log.hw);
    // The chart has drawn the HW and a LEO line per replica.
    assert.equal(await page.locator('[data-partition="0"] .hw-chart path.hw-line').count(), 1);
    assert.equal(await page.locator('[data-partition="0"] .hw-chart path.leo-line').count(), 3);
    assert.match(await page.textContent(".consumer-text"), /P0 at 5 \/ HW 5/, "the consumer read the five records, up to the HW");
    await page.waitForTimeout(500); // let the markers' transitions finish for the picture
    await screenshot(page, "page-hw-moved");
    assert.deepEqual(errors, []);
  });

  test("crash the leader's broker: drawn crashed at once; after the ZooKeeper session timeout the ZooKeeper panel shows the new leader and leader_epoch", TIMEOUT, async () => {
    const { page, errors } = ctx;
    const p = 0;
    const oldLeader = await leaderShown(page, p);
    assert.ok(oldLeader >= 0, "P0 has a leader");
    const zkBefore = await zkStateShown(page, p);
    assert.equal(zkBefore.leader, oldLeader, "the state znode names the leader");
    const sessionTicks = await page.evaluate(() => {
      const s = window.__playground.snapshot();
      return Math.ceil(s.config.zookeeperSessionTimeoutMs / s.tickMs);
    });
    assert.equal(sessionTicks, 180, "3.7's zookeeper.session.timeout.ms is 18 s");

    await page.click(`#brokers [data-action="crash"][data-broker="${oldLeader}"]`);
    const failTick = await tickOf(page);
    const card = page.locator(`.broker[data-broker="${oldLeader}"]`);
    assert.match(await card.getAttribute("class"), /\bstatus-crashed\b/);
    assert.match(await page.getAttribute(`.node[data-broker="${oldLeader}"]`, "class"), /\bstatus-crashed\b/, "crashed in the picture");
    assert.equal(await page.isDisabled(`#brokers [data-action="crash"][data-broker="${oldLeader}"]`), true);
    assert.equal(await page.isEnabled(`#brokers [data-action="recover"][data-broker="${oldLeader}"]`), true);
    assert.match(await page.getAttribute(`[data-partition="${p}"] .replica[data-broker="${oldLeader}"]`, "class"), /\bis-down\b/);

    // Half the session timeout: the controller has not noticed, the dead broker is still leader.
    await stepClicks(page, sessionTicks / 2);
    assert.equal(await leaderShown(page, p), oldLeader, "no election before the ZooKeeper session expires");
    assert.equal((await zkStateShown(page, p)).leader, oldLeader);

    await stepClicks(page, 200 - sessionTicks / 2);
    const newLeader = await leaderShown(page, p);
    assert.notEqual(newLeader, oldLeader, "the leader changed");
    assert.ok(newLeader >= 0, `a live replica was elected (data-leader=${newLeader})`);
    const zk = await zkStateShown(page, p);
    assert.equal(zk.leader, newLeader, "ZooKeeper: the new leader");
    assert.equal(zk.leader_epoch, zkBefore.leader_epoch + 1, "ZooKeeper: leader_epoch bumped");
    assert.ok(!zk.isr.includes(oldLeader), "ZooKeeper: the old leader left the ISR");
    assert.equal(await page.locator(`[data-znode="/brokers/ids/${oldLeader}"]`).count(), 0, "its registration expired");
    const snap = await snapshot(page);
    assert.ok(snap.tick - failTick >= sessionTicks, "the election came after the session timeout");
    const row = `[data-partition="${p}"] .replica[data-broker="${oldLeader}"]`;
    assert.match(await page.getAttribute(row, "class"), /\bis-down\b/);
    assert.doesNotMatch(await page.getAttribute(row, "class"), /\bis-leader\b/);
    assert.match(await page.textContent(`${row} .down-badge`), /crashed/);
    assert.match(await page.getAttribute(`[data-partition="${p}"] .replica[data-broker="${newLeader}"]`, "class"), /\bis-leader\b/);
    assert.equal(await page.locator(`[data-partition="${p}"] .set-osr .chip[data-broker="${oldLeader}"]`).count(), 1, "drawn in the OSR");
    const events = await page.textContent("#events");
    assert.match(events, /broker-fail/);
    assert.match(events, /leader-election/);
    // Screen readers hear about it (the live region is summarised at most every 2 s).
    await page.waitForFunction(() => /Leader change|ISR shrink/.test(document.querySelector("#announcer").textContent), null, { timeout: 5_000 });
    await page.waitForTimeout(800); // let the animations finish for the picture
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "page-leader-failed");
    assert.deepEqual(errors, []);
  });

  test("recover the old leader: it comes back as a follower, catches up and rejoins the ISR", TIMEOUT, async () => {
    const { page, errors } = ctx;
    const p = 0;
    const snap0 = await snapshot(page);
    const old = snap0.brokers.find((b) => b.status === "crashed").id;
    await page.click(`#brokers [data-action="recover"][data-broker="${old}"]`);
    assert.doesNotMatch(await page.getAttribute(`.broker[data-broker="${old}"]`, "class"), /\bstatus-crashed\b/);
    await page.selectOption("#produce-partition", String(p));
    await page.fill("#produce-count", "3");
    await page.click("#produce");
    const row = `[data-partition="${p}"] .replica[data-broker="${old}"]`;
    for (let i = 0; i < 40; i++) {
      if ((await page.textContent(`${row} .membership`)) === "ISR") break;
      await stepClicks(page, 10);
    }
    assert.equal(await page.textContent(`${row} .membership`), "ISR", "back in the ISR within 400 ticks");
    assert.equal(await page.locator(`[data-partition="${p}"] .set-isr .chip[data-broker="${old}"]`).count(), 1, "its chip moved back to the ISR");
    let snap = await snapshot(page);
    assert.ok(snap.partitions[p].isr.includes(old));
    // It rejoins once its LEO reaches the HW (§2.2), which may be before the produced records
    // reach it: a few fetches later it has the leader's whole log.
    const leos = (s) => {
      const logs = s.partitions[p].logs;
      return [logs.find((l) => l.broker === old).leo, logs.find((l) => l.broker === s.partitions[p].leader).leo];
    };
    for (let i = 0; i < 10 && leos(snap)[0] !== leos(snap)[1]; i++) {
      await stepClicks(page, 5);
      snap = await snapshot(page);
    }
    assert.equal(leos(snap)[0], leos(snap)[1], "caught up to the leader's LEO");
    assert.ok(snap.partitions[p].isr.includes(old), "and still in the ISR");
    assert.deepEqual(errors, []);
  });

  test("the events panel: newest first, the latest 200, tick after tick and across a filter change", TIMEOUT, async () => {
    const { page, errors } = ctx;
    // What the list must show: the trace's events (the whole history, oldest first) newest first.
    const expected = async (kind = "") => {
      const { json } = await page.evaluate(() => window.__playground.trace());
      return json.events.filter((e) => !kind || e.kind === kind).reverse().slice(0, 200).map((e) => `${e.tick} ${e.kind} ${e.text}`);
    };
    const shown = () => page.$$eval("#events [role=listitem] .event", (lines) => lines.map((b) => `${b.dataset.jumpTick} ${b.querySelector(".ev-kind").textContent} ${b.querySelector(".ev-text").textContent}`));
    await page.fill("#produce-count", "3");
    // Many ticks, each adding a few events at the head (and, past 200, dropping the oldest).
    await page.evaluate(() => {
      for (let i = 0; i < 120; i++) {
        if (i % 3 === 0) document.querySelector("#produce").click();
        document.querySelector("#step").click();
      }
    });
    let want = await expected();
    assert.equal(want.length, 200, "more than 200 events happened");
    assert.deepEqual(await shown(), want);
    await page.selectOption("#event-kind", "replicate");
    assert.deepEqual(await shown(), await expected("replicate"));
    // The chosen kind's meaning (the core's schema) is said under the filters, as the select's
    // description, and each line's kind carries it; the panel lists every kind's meaning.
    const meaning = await page.evaluate(() => window.__playground.cluster.constructor.schema().eventKinds.find((k) => k.kind === "replicate").meaning);
    assert.equal(await page.textContent("#event-kind-meaning"), meaning);
    assert.ok(await page.isVisible("#event-kind-meaning"));
    assert.equal(await page.getAttribute("#event-kind", "aria-describedby"), "event-kind-meaning");
    assert.equal(await page.getAttribute("#events .ev-kind", "title"), meaning);
    await page.click(".event-kinds-help summary");
    const listed = await page.$$eval(".event-kind-list dt", (dts) => dts.map((dt) => `${dt.textContent}: ${dt.nextElementSibling.textContent}`));
    assert.ok(listed.includes(`replicate: ${meaning}`), listed.join(" | "));
    assert.ok(listed.length > 30, "every kind");
    await page.selectOption("#event-kind", "");
    await stepClicks(page, 15);
    want = await expected();
    assert.deepEqual(await shown(), want, "after the filter is cleared, ticks still add at the head");
    assert.deepEqual(errors, []);
  });

  test("at 375 px wide the panels stack and nothing overflows sideways", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(400);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
    assert.deepEqual(await clippedBoxes(page), [], "every text in a box of its own fits in it");
    await screenshot(page, "page-375");
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(errors, []);
  });
});
