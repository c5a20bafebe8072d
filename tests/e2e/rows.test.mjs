// The replica rows say why (issue #14): a crashed follower's row counts down its broker's
// ZooKeeper session and then names why it is out of the ISR, the broker card counts the session
// down with a ring, acknowledged records are marked with their acks, the ISR set shows the time
// to the next ISR check, and a follower the lag rule removes says so; none of it changes a row's
// height (at 1280 px and on a phone). Runs against the built page in dist/ (`npx vite build` first).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openPage } from "./browser.mjs";
import { applyConfig, openReady, ready, snapshot, stepClicks, stepUntil, viewShot } from "./helpers.mjs";

const TIMEOUT = { timeout: 120_000 };
const row = (p, b) => `[data-partition="${p}"] .replica[data-broker="${b}"]`;
const text = (page, sel) => page.$eval(sel, (el) => (el.hidden || !el.getClientRects().length ? "" : el.textContent));
const heights = (page, p) => page.$$eval(`[data-partition="${p}"] .replica`, (rows) => rows.map((r) => Math.round(r.getBoundingClientRect().height)));

async function produce(page, count, acks) {
  await page.selectOption("#produce-partition", "0");
  await page.selectOption("#produce-acks", acks);
  await page.fill("#produce-count", String(count));
  await page.click("#produce");
}

describe("the rows say why, at 1280 px", () => {
  let ctx;
  before(async () => {
    ctx = await openReady();
  });
  after(async () => {
    await ctx?.close();
  });

  test("a crashed follower: the session countdown on its row, its card and the picture, then why it left the ISR", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await applyConfig(page);
    await page.evaluate(() => document.querySelectorAll("dialog[open]").forEach((d) => d.close()));
    await produce(page, 3, "all");
    assert.ok((await stepUntil(page, (s) => s.partitions[0].logs.every((l) => l.hw >= 3), 100)) >= 0);
    await produce(page, 2, "1");
    assert.ok((await stepUntil(page, (s) => s.partitions[0].acked.some((a) => a.acks === 1), 100)) >= 0);
    assert.equal(await page.getAttribute(`${row(0, 0)} canvas.cells`, "data-acked"), "0:all 1:all 2:all 3:1 4:1", "acks=all, then acks=1");
    assert.match(await page.getAttribute(`${row(0, 0)} canvas.cells`, "aria-label"), /5 acknowledged to the producer/);
    const before = await heights(page, 0);
    assert.equal(await text(page, `${row(0, 2)} .row-note`), "", "in the ISR, nothing removes it");

    await page.click(`#brokers [data-action="crash"][data-broker="2"]`);
    await stepClicks(page, 1);
    const snap = await snapshot(page);
    assert.deepEqual([snap.brokers[2].zkSession, snap.brokers[2].sessionExpiresInMs], ["expiring", 17900]);
    assert.equal(await text(page, `${row(0, 2)} .row-note`), "ZK session ends in 18 s");
    assert.match(await page.getAttribute(`${row(0, 2)} .row-note`, "title"), /controller removes it from the ISR/);
    assert.match(await text(page, `${row(2, 2)} .row-note`), /^ZK session ends in 18 s$/, "B2 leads P2: the same countdown");
    assert.match(await page.getAttribute(`${row(2, 2)} .row-note`, "title"), /elects another leader/);
    const card = '#brokers .broker[data-broker="2"]';
    assert.equal(await text(page, `${card} .broker-zk-text`), "ZK session expires in 18 s: the controller has not noticed yet");
    assert.equal(await page.$eval(`${card} .zk-ring`, (el) => !el.hidden && el.getBoundingClientRect().width > 0), true, "the ring is drawn");
    assert.match(await text(page, '#cluster .node[data-broker="2"] .node-status'), /crashed · ZK 18 s/);
    await viewShot(page, "rows-1280-crashed");

    await stepClicks(page, 50);
    assert.equal(await text(page, `${row(0, 2)} .row-note`), "ZK session ends in 13 s");
    assert.equal(await text(page, `${card} .broker-zk-text`), "ZK session expires in 13 s: the controller has not noticed yet");
    assert.equal(await page.$eval(`${card} .zk-ring`, (el) => el.style.getPropertyValue("--left")), (13000 / 18000).toFixed(3));
    assert.match(await text(page, '[data-partition="0"] .isr-check'), /^\d+ s$/);
    assert.match(await page.getAttribute('[data-partition="0"] .isr-check', "title"), /next ISR check .* runs in \d+ s/);
    const idle = (p) => page.$eval(`[data-partition="${p}"] .isr-check`, (el) => el.classList.contains("idle"));
    assert.deepEqual([await idle(0), await idle(2)], [false, true], "P2's leader B2 crashed: no ISR check runs");

    assert.ok((await stepUntil(page, (s) => !s.partitions[0].isr.includes(2), 200)) >= 0, "the controller removed B2");
    await stepClicks(page, 1);
    assert.equal((await snapshot(page)).partitions[0].logs[2].outOfIsr, "crashed");
    assert.equal(await text(page, `${row(0, 2)} .row-note`), "out: crashed");
    // (The stage's cards show only a warning there: the ZooKeeper panel lists the registrations.)
    assert.equal(await page.textContent(`${card} .broker-zk-text`), "/brokers/ids/2 gone: session expired");
    assert.equal(await page.$eval(`${card} .zk-ring`, (el) => el.hidden), true);
    assert.doesNotMatch(await text(page, '#cluster .node[data-broker="2"] .node-status'), /ZK/);
    assert.deepEqual(await heights(page, 0), before, "the rows kept their height");
    assert.deepEqual(errors, []);
  });

  test("a stuck follower the lag rule removes: the time left, then the cause", TIMEOUT, async () => {
    const { page, errors } = ctx;
    // A long session: the leader's lag rule (10 s, checked every 5 s) removes it first.
    await applyConfig(page, { replicaLagTimeMaxMs: 10000, zookeeperSessionTimeoutMs: 600000 });
    await page.evaluate(() => document.querySelectorAll("dialog[open]").forEach((d) => d.close()));
    await page.click(`#brokers [data-action="menu"][data-broker="2"]`);
    await page.click('[data-menu-action="stuck"]');
    await produce(page, 2, "1");
    assert.ok((await stepUntil(page, (s) => { const f = s.partitions[0].logs[2].follower; return f.removeInMs >= 0 && f.removeInMs <= 5000; }, 200)) >= 0, "removal near");
    await stepClicks(page, 1);
    const f = (await snapshot(page)).partitions[0].logs[2].follower;
    assert.equal(await text(page, `${row(0, 2)} .row-note`), `leaves ISR in ${Math.ceil(f.removeInMs / 1000)} s`);
    assert.ok((await stepUntil(page, (s) => !s.partitions[0].isr.includes(2), 100)) >= 0, "the leader removed B2");
    await stepClicks(page, 1);
    assert.equal(await text(page, `${row(0, 2)} .row-note`), "out: lag time exceeded");
    assert.deepEqual(errors, []);
  });
});

describe("the rows say why, on a phone", () => {
  test("at 375×812 the crashed follower's note is on its row, which keeps its height", TIMEOUT, async () => {
    const ctx = await openPage();
    try {
      const { page, errors } = ctx;
      await page.setViewportSize({ width: 375, height: 812 });
      await page.reload({ waitUntil: "load" });
      await ready(page);
      await page.evaluate(() => document.querySelectorAll("dialog[open]").forEach((d) => d.close()));
      const before = await heights(page, 0);
      await page.evaluate(() => document.querySelector('#brokers [data-action="crash"][data-broker="2"]').click());
      await stepClicks(page, 1);
      await page.evaluate(() => window.scrollTo(0, 0));
      assert.equal(await text(page, `${row(0, 2)} .row-note`), "ZK session ends in 18 s");
      const [note, label] = await Promise.all([`${row(0, 2)} .row-note`, `${row(0, 2)} .label`].map((s) => page.$eval(s, (el) => el.getBoundingClientRect().toJSON())));
      assert.ok(note.width > 100 && note.bottom <= label.bottom + 0.5 && note.right <= label.right + 0.5, `the note is inside its label: ${JSON.stringify({ note, label })}`);
      assert.ok(note.bottom <= 812, "on the first screen");
      assert.deepEqual(await heights(page, 0), before, "the rows kept their height");
      const sets = await page.$eval('[data-partition="0"] .sets', (el) => el.getBoundingClientRect().height);
      assert.ok(sets < 30, `the ISR and OSR sets and the ISR check are one line (${sets} px)`);
      await viewShot(page, "rows-375-crashed");
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  });
});
