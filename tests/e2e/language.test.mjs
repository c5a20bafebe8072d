// The language switch: the toggle and ?lang= change the visible text of the page (header,
// panels, the views drawn from the snapshot, dialogs), and back; the choice is remembered.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { inspectorOpen, openReady, ready, stepClicks } from "./helpers.mjs";

const TIMEOUT = { timeout: 120_000 };
const CJK = /[\u4e00-\u9fff]/;

/** Texts a reader sees, from static markup and from views drawn out of the snapshot. */
const SAMPLES = ["h1", "#play .btn-text", "#cluster-title", "#partitions-title", ".legend summary", "#producer-title", '[data-partition="0"] h3', '#brokers [data-action="crash"][data-broker="1"]', ".guarantee-status", "#timeline-status", "#speed-value", ".event-empty", "#view-mode", '#brokers .broker[data-broker="2"] .status', ".node[data-broker='1'] .node-status"];
const visibleTexts = (page) => page.evaluate((sels) => sels.map((s) => document.querySelector(s)?.textContent.trim() ?? null), SAMPLES);

describe("the language switch", () => {
  let ctx;
  before(async () => {
    ctx = await openReady();
    await stepClicks(ctx.page, 3);
  });
  after(async () => {
    await ctx?.close();
  });

  test("the toggle switches every visible text to Chinese and back", TIMEOUT, async () => {
    const { page, errors } = ctx;
    const en = await visibleTexts(page);
    assert.equal(en[0], "Kafka replication playground");
    assert.ok(en.every((x) => x && !CJK.test(x)), `English: ${en.join(" | ")}`);
    assert.equal(await page.textContent("#lang .lang-text"), "中文", "the toggle names the other language");
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
    const zh = await visibleTexts(page);
    for (const [i, text] of zh.entries()) {
      assert.notEqual(text, en[i], `${SAMPLES[i]} changed`);
      assert.match(text, CJK, `${SAMPLES[i]} is Chinese: ${text}`);
    }
    assert.equal(zh[0], "Kafka 副本复制演练场");
    assert.equal(await page.textContent("#lang .lang-text"), "English");
    assert.equal(await page.getAttribute("#play", "aria-label"), "播放");
    assert.equal(await page.title(), "Kafka 副本复制演练场");
    assert.match(page.url(), /[?&]lang=zh/, "the address keeps the language");
    // Dialogs too.
    await page.click("#help-button");
    assert.match(await page.textContent("#help .help-keys"), /播放 \/ 暂停/);
    await page.keyboard.press("Escape");
    await page.click('.node[data-broker="0"]');
    assert.match(await inspectorOpen(page), /Broker 0/);
    assert.match(await page.textContent("#inspector .inspector-body"), /状态/);
    await page.keyboard.press("Escape");
    // And back.
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    assert.deepEqual(await visibleTexts(page), en);
    assert.deepEqual(errors, []);
  });

  test("?lang=zh opens in Chinese; the choice is remembered without it", TIMEOUT, async () => {
    const { page, url } = ctx;
    await page.goto(`${url}?lang=zh`);
    await ready(page);
    assert.equal(await page.textContent("h1"), "Kafka 副本复制演练场");
    assert.equal(await page.textContent("#play .btn-text"), "播放");
    await page.click("#lang"); // to English, remembered (once its dictionary, a chunk of its own, is loaded)
    await page.waitForFunction(() => document.documentElement.lang === "en");
    await page.goto(url);
    await ready(page);
    assert.equal(await page.textContent("h1"), "Kafka replication playground");
    await page.click("#lang"); // to Chinese, remembered
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
    await page.goto(url);
    await ready(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), "zh-CN");
    await page.goto(`${url}?lang=en`);
    await ready(page);
    assert.equal(await page.textContent("h1"), "Kafka replication playground", "the URL wins over the saved choice");
  });

  test("events read in the reader's language, and again after a switch", TIMEOUT, async () => {
    const { page, url, errors } = ctx;
    await page.goto(`${url}?lang=zh`);
    await ready(page);
    await page.click('#brokers [data-action="crash"][data-broker="1"]');
    await stepClicks(page, 2);
    const texts = () => page.$$eval("#events .ev-text", (els) => els.map((e) => e.textContent));
    const zh = await texts();
    assert.ok(zh.length > 0, "events are listed");
    assert.ok(zh.every((x) => CJK.test(x)), `Chinese: ${zh.join(" | ")}`);
    assert.ok(zh.some((x) => /b1 宕机；它的 ZooKeeper 会话将在 \d+ ms 后过期/.test(x)), zh.join(" | "));
    const kindTitle = () => page.getAttribute("#events .event.ev-broker-fail .ev-kind", "title");
    assert.match(await kindTitle(), /^某个 broker 被设为故障/, "the kind's meaning in Chinese");
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    const en = await texts();
    assert.ok(en.some((x) => /^b1 crashed; its ZooKeeper session expires in \d+ ms$/.test(x)), en.join(" | "));
    assert.ok(en.every((x) => !CJK.test(x)), en.join(" | "));
    assert.match(await kindTitle(), /^a broker was made to fail/, "and in the core's English");
    assert.deepEqual(errors, []);
  });
});
