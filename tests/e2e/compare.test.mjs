// Compare mode: two clusters, the same seed and faults, one setting different, stepped together
// by one script; each pane's compact picture and checkpoints, the summary of the difference, going
// back exactly; screenshots test-output/compare-*.png.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openPage } from "./browser.mjs";
import { ready, viewShot } from "./helpers.mjs";

const TIMEOUT = { timeout: 180_000 };
const model = (page) => page.evaluate(() => window.__playground.compare());
const atStop = (page, n) =>
  page.waitForFunction((k) => {
    const c = window.__playground.compare();
    return c && !c.playing && c.stop === k;
  }, n, { timeout: 60_000 });
const row = (page, id) => page.$$eval(`#compare-table tr[data-row="${id}"] td`, (tds) => tds.map((td) => td.textContent));

describe("compare mode", () => {
  let ctx;
  before(async () => {
    ctx = await openPage({ query: "?lang=en" });
    await ctx.page.setViewportSize({ width: 1280, height: 1100 });
    await ready(ctx.page);
  });
  after(async () => {
    await ctx?.close();
  });

  test("acks=1 vs acks=all: stepped together to the end, the summary names the loss and the error", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.click("#compare-button");
    await page.locator("#compare").waitFor(); // compare mode is a chunk of its own, loaded on this first use
    assert.equal(await page.isVisible("#main"), false, "the single cluster's views make room");
    await atStop(page, 1);
    let m = await model(page);
    assert.equal(m.preset, "acks");
    assert.deepEqual(m.values, [1, "all"]);
    assert.equal(await page.locator(".compare-pane .pane-picture svg").count(), 2);
    assert.match(await page.textContent('.compare-pane[data-pane="0"] .pane-label'), /acks=1/);
    assert.match(await page.textContent("#compare-same"), /Same seed \(1\).*only acks differs/);
    const expected = () => page.$$eval("#compare-expected li", (lis) => lis.map((li) => [li.dataset.holds, li.textContent]));
    assert.deepEqual((await expected()).map(([holds]) => holds), ["false", "false"], "stop 1: the contrast is still to watch for");
    assert.match((await expected())[0][1], /acks=1 lost the acknowledged m2; acks=all kept it/);
    assert.match(await page.textContent('.compare-pane[data-pane="0"] .pane-checks'), /m1 is acknowledged/);
    const hashes = {};
    hashes[1] = m.hashes;
    for (let n = 2; n <= 4; n++) {
      await page.click("#compare-next");
      await atStop(page, n);
      m = await model(page);
      hashes[n] = m.hashes;
      assert.equal(m.tick, (await model(page)).tick);
      // The summary never calls "same" what the table highlights (stop 2: acknowledged 2 vs 1).
      const highlighted = await page.$$eval('#compare-table tr[data-differs="true"] th', (ths) => ths.map((th) => th.textContent));
      const said = await page.$$eval("#compare-findings li", (lis) => lis.map((li) => li.textContent).join(" / "));
      if (highlighted.length) assert.doesNotMatch(said, /Same in both panes/, `stop ${n}: ${highlighted.join(", ")} differ`);
      if (n === 2) assert.match(said, /Requests acknowledged: 2 \(acks=1\) vs 1 \(acks=all\)/);
    }
    assert.equal(m.stop, 4);
    assert.deepEqual(await row(page, "lost"), ["1 (m2)", "0"]);
    assert.equal(await page.getAttribute('#compare-table tr[data-row="lost"]', "data-differs"), "true");
    assert.deepEqual(await row(page, "errors"), ["none", "NETWORK_EXCEPTION ×1"]);
    assert.equal(await page.getAttribute('#compare-table tr[data-row="leader"]', "data-differs"), "false");
    const findings = await page.$$eval("#compare-findings li", (lis) => lis.map((li) => li.textContent));
    assert.ok(findings.includes("acks=1: 1 acknowledged record(s) lost."), findings.join(" / "));
    assert.deepEqual(await expected(), [
      ["true", "✓ acks=1 lost the acknowledged m2; acks=all kept it"],
      ["true", "✓ acks=all told the producer instead: m2 failed, and can be sent again"],
    ]);
    assert.match(await page.textContent("#compare-status"), /End of the comparison/);
    assert.equal(await page.getAttribute('.compare-pane[data-pane="1"] .checkpoint.contrast .cp-text', "title"), "request2.status == acked");
    // Each pane lists the checkpoints with its own result: one that holds on the other side only
    // is the contrast (≠), not a failure; none fails on both sides.
    assert.equal(await page.locator('.compare-pane[data-pane="0"] .checkpoint.contrast').count(), 1);
    assert.equal(await page.locator('.compare-pane[data-pane="1"] .checkpoint.contrast').count(), 2);
    assert.equal(await page.locator(".compare-pane .checkpoint.bad").count(), 0);
    assert.match(await page.textContent('.compare-pane[data-pane="1"] .checkpoint.contrast'), /m2 is acknowledged at once, the followers cut off — not on this side \(got pending\)/);
    // Back: exactly the states seen at stop 3 and 2.
    await page.click("#compare-back");
    await atStop(page, 3);
    assert.deepEqual((await model(page)).hashes, hashes[3]);
    await page.click('#compare-dots [data-stop="2"]');
    await atStop(page, 2);
    assert.deepEqual((await model(page)).hashes, hashes[2]);
    await page.click('#compare-dots [data-stop="3"]');
    await atStop(page, 3);
    // The trace of a comparison: one per pane, each with the script's calls and its own events.
    const trace = await page.evaluate(() => window.__playground.trace());
    assert.equal(trace.json.compare.preset, "acks");
    assert.deepEqual(trace.json.panes.map((p) => p.config.acks), [1, "all"]);
    assert.ok(trace.json.panes.every((p) => p.actions.some((a) => a.method === "cut") && p.events.length > 10));
    assert.match(trace.text, /^## Pane 1: acks=1\n# Kafka replication playground trace/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await viewShot(page, "compare-acks-en");
    assert.deepEqual(errors, []);
  });

  test("across the ZooKeeper → KRaft boundary: a 4.2 check on the 3.7 pane says ZooKeeper mode has no such thing, in both languages", TIMEOUT, async () => {
    const { page } = ctx;
    await page.selectOption("#compare-preset", "elr");
    await atStop(page, 1);
    const elrCheck = () => page.$eval('.compare-pane[data-pane="0"] .pane-checks', (ol) => [...ol.children].map((li) => li.textContent).find((t) => /p0\.elr|ELR|eligible|合格/.test(t)) ?? "");
    assert.match(await elrCheck(), /not on this side \(got nothing: ZooKeeper mode has no such thing\)/);
    assert.doesNotMatch(await elrCheck(), /KRaft preset/);
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
    assert.match(await elrCheck(), /这一边不成立（实际为 无：ZooKeeper 模式没有这一项）/);
    await page.click("#lang");
  });

  test("unclean election on vs off, in Chinese; every preset plays", TIMEOUT, async () => {
    const { page } = ctx;
    await page.selectOption("#compare-preset", "unclean");
    await atStop(page, 1);
    await page.click('#compare-dots [data-stop="3"]');
    await atStop(page, 3);
    assert.equal(await page.getAttribute('.compare-pane[data-pane="1"]', "data-unavailable"), "true", "unclean off: offline");
    assert.equal(await page.getAttribute('.compare-pane[data-pane="0"]', "data-unavailable"), "false");
    assert.deepEqual(await row(page, "lost"), ["2 (m2, m3)", "0"]);
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
    assert.match(await page.textContent("#compare-caption"), /[\u4e00-\u9fff]/);
    assert.match(await page.textContent("#compare-diff-title"), /差异/);
    assert.match(await page.textContent('.compare-pane[data-pane="1"] .pane-unavailable'), /当前不可用/);
    assert.match(await page.textContent("#compare-expected"), /开启 unclean 选举丢了已提交的 m2、m3/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await viewShot(page, "compare-unclean-zh");
    await page.click("#lang");
    for (const id of ["lag-rule", "truncation", "strategy"]) {
      await page.selectOption("#compare-preset", id);
      await atStop(page, 1);
      const stops = (await model(page)).stops;
      await page.click(`#compare-dots [data-stop="${stops}"]`);
      await atStop(page, stops);
      const differs = await page.$$eval('#compare-table tr[data-differs="true"]', (trs) => trs.length);
      assert.ok(differs > 0, `${id}: something differs`);
    }
  });

  test("a compare link reopens the same stop; closing returns to the playground", TIMEOUT, async () => {
    const { page } = ctx;
    const link = await page.evaluate(() => window.__playground.shareLink());
    assert.match(link, /mode=compare&preset=strategy&step=4/);
    const hashes = (await model(page)).hashes;
    await page.goto(link);
    await ready(page);
    await atStop(page, 4);
    assert.deepEqual((await model(page)).hashes, hashes);
    await page.click("#compare-close");
    assert.equal(await page.isVisible("#compare"), false);
    assert.equal(await page.isVisible("#main"), true);
  });
});
