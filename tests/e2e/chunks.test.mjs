// Code splitting: a first visit downloads the entry, the stylesheet and the dictionary of its
// language, nothing else, before its first frame (the wasm, the panels under the first screen and
// an English page's event templates come after it: the default page draws the build's snapshot
// first, tests/e2e/first-frame.test.mjs); the other chunks (scenario files, lessons, compare mode, the inspector, the exports,
// the second language) arrive when first used. A chunk that cannot be loaded is said in words,
// and the page keeps working.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openPage } from "./browser.mjs";
import { inspectorOpen, lastToast, ready, stepClicks, tickOf } from "./helpers.mjs";

const TIMEOUT = { timeout: 120_000 };
/**
 * The page's own files fetched so far (their names without the hash), from resource timing; with
 * `beforeFirstFrame`, those requested before the first frame was drawn (draw.js's mark).
 */
const loaded = (page, beforeFirstFrame = false) =>
  page.evaluate(
    (before) =>
      performance
        .getEntriesByType("resource")
        .filter((e) => !before || e.startTime < performance.getEntriesByName("playground:first-frame")[0].startTime)
        .map((e) => new URL(e.name).pathname.split("/").pop())
        .map((f) => f.replace(/-[\w-]{8}\.(js|css|wasm)$/, ".$1")),
    beforeFirstFrame,
  );

describe("code-split chunks", () => {
  let ctx;
  before(async () => {
    ctx = await openPage(); // English: the browser's language, nothing saved yet
    await ready(ctx.page);
  });
  after(async () => {
    await ctx?.close();
  });

  test("a first visit loads one language and no lazy chunk; each arrives on first use", TIMEOUT, async () => {
    const { page, errors } = ctx;
    assert.deepEqual((await loaded(page, true)).sort(), ["en.js", "index.css", "index.js"]);
    await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => /\/en-events-[\w-]{8}\.js$/.test(e.name)));
    assert.deepEqual((await loaded(page)).sort(), ["en-events.js", "en.js", "index.css", "index.js", "kafka_replication_bg.wasm", "later-views.js"], "after the first frame: the wasm, the later panels, the English event templates");
    await page.click("#lessons-button");
    await page.waitForFunction(() => window.__playground.lesson() !== null);
    assert.ok((await loaded(page)).includes("scenario-files.js"), "the lessons brought the scenario files");
    await page.click("#lesson-close");
    await page.click('.node[data-broker="0"]');
    assert.equal(await inspectorOpen(page), "Broker 0");
    await page.keyboard.press("Escape");
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
    assert.ok((await loaded(page)).includes("zh.js") && (await loaded(page)).includes("zh-events.js"));
    assert.deepEqual(errors, []);
  });

  test("a chunk that cannot be loaded is said in words; trying again later works", TIMEOUT, async () => {
    const { page } = ctx;
    await page.goto(`${ctx.url}?lang=en`);
    await ready(page);
    await page.route(/\/compare-[\w-]+\.js$/, (route) => route.abort());
    await page.click("#compare-button");
    await page.waitForFunction(() => document.querySelector("#toasts .toast"));
    assert.match(await lastToast(page), /could not be loaded/);
    assert.equal(await page.isVisible("#compare"), false, "compare mode did not open half-way");
    const tick = await tickOf(page);
    await stepClicks(page, 2);
    assert.equal(await tickOf(page), tick + 2, "the playground goes on");
    await page.unroute(/\/compare-[\w-]+\.js$/);
    await page.click("#compare-button");
    await page.locator("#compare").waitFor();
  });

  test("a link whose lesson cannot be loaded opens free play with a notice", TIMEOUT, async () => {
    const { page } = ctx;
    await page.route(/\/scenario-files-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`${ctx.url}?lang=en&scenario=01-anatomy`);
    await ready(page);
    assert.match(await page.textContent("#notice .notice-text"), /could not be loaded/);
    assert.equal(await page.evaluate(() => window.__playground.lesson()), null);
    await page.unroute(/\/scenario-files-[\w-]+\.js$/);
  });

  test("when the later panels cannot be loaded the page says so, and a frame drawn 5 s later loads them", TIMEOUT, async () => {
    const { page } = ctx;
    await page.route(/\/later-views-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`${ctx.url}?lang=en`);
    await ready(page);
    await page.waitForFunction(() => /could not be loaded/.test(document.querySelector("#notice .notice-text")?.textContent ?? ""));
    assert.equal(await page.$eval("#guarantees", (el) => el.childElementCount), 0, "not drawn");
    await stepClicks(page, 1);
    await page.unroute(/\/later-views-[\w-]+\.js$/);
    await page.waitForTimeout(5_100);
    await stepClicks(page, 1);
    await page.waitForFunction(() => document.querySelector("#guarantees .guarantee-status"));
    assert.equal(await page.isHidden("#notice"), true, "the failure's notice is gone");
  });

  test("when the dictionary cannot be loaded the page says so in both languages", TIMEOUT, async () => {
    const { page } = ctx;
    await page.route(/\/zh-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`${ctx.url}?lang=zh`);
    await page.locator("#banner:not([hidden])").waitFor();
    const text = await page.textContent("#banner .banner-text");
    assert.match(text, /could not be loaded/);
    assert.match(text, /无法加载/);
    await page.unroute(/\/zh-[\w-]+\.js$/);
  });
});
