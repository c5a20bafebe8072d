// Embedding: the example docs page (dist/examples/embed.html) loads two working instances of
// <kafka-replication-playground> from one script tag (dist/embed.js); the host page drives them
// with postMessage commands and with plain links, and hears their events; the embed parameters
// (controls, lang) take effect. Screenshot: test-output/embed-example.png.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openPage } from "./browser.mjs";
import { viewShot } from "./helpers.mjs";

const TIMEOUT = { timeout: 180_000 };
const CJK = /[\u4e00-\u9fff]/;

/** The playground frame inside the element with id `id` (frames live in its shadow root). */
async function frameOf(page, id) {
  const handle = await page.waitForFunction((x) => document.getElementById(x)?.shadowRoot?.querySelector("iframe"), id);
  return (await handle.asElement()).contentFrame();
}

/** Wait until the frame's lesson rests at `stop`. */
const frameAtStop = (frame, stop) =>
  frame.waitForFunction((k) => {
    const l = window.__playground?.lesson?.();
    return l && !l.playing && l.stop === k;
  }, stop, { timeout: 60_000 });

describe("the example docs page with two embedded playgrounds", () => {
  let ctx;
  let left;
  let right;
  before(async () => {
    ctx = await openPage({ query: "examples/embed.html" });
    await ctx.page.setViewportSize({ width: 1400, height: 1100 });
    left = await frameOf(ctx.page, "left");
    right = await frameOf(ctx.page, "right");
    await frameAtStop(left, 3);
    await frameAtStop(right, 3);
  });
  after(async () => {
    await ctx?.close();
  });

  test("two working instances: the lesson at its stop, each in its language, minimal controls", TIMEOUT, async () => {
    const { page, errors } = ctx;
    assert.match(left.url(), /\/playground\/frame\.html\?scenario=05-acks&step=3&controls=minimal&lang=en&origin=http%3A%2F%2F127\.0\.0\.1%3A\d+$/);
    // frame.html is index.html for a frame (vite.config.js embedFrame): its script blocks the
    // first render, it preloads no wasm (the host's compiled module is taken), and its links name
    // index.html.
    assert.equal(await left.evaluate(() => document.querySelectorAll('script[type="module"][blocking="render"]').length), 1);
    assert.equal(await left.evaluate(() => document.querySelectorAll('link[rel="preload"]').length), 0);
    assert.match(await left.evaluate(() => window.__playground.shareLink()), /\/playground\/index\.html\?/);
    assert.equal(await left.evaluate(() => document.documentElement.lang), "en");
    assert.equal(await right.evaluate(() => document.documentElement.lang), "zh-CN");
    assert.doesNotMatch(await left.textContent("#lesson-caption"), CJK);
    assert.match(await right.textContent("#lesson-caption"), CJK);
    // The same lesson stop in both: the same state.
    const hash = (f) => f.evaluate(() => String(window.__playground.cluster.stateHash()));
    assert.equal(await hash(left), await hash(right));
    // controls=minimal: the lesson navigation and the pictures, not the side panels.
    assert.equal(await left.isVisible("#lesson-next"), true);
    assert.equal(await left.isVisible(".side"), false);
    assert.equal(await left.isVisible(".timeline"), false);
    assert.equal(await left.isVisible('.node[data-broker="0"]'), true);
    // Each embed's first frame is its lesson (no free-play frame drawn before it), and its picker
    // lists that lesson only: the others are parsed when the reader opens it.
    for (const f of [left, right]) {
      assert.deepEqual(await f.evaluate(() => performance.getEntriesByName("playground:first-frame").map((m) => m.detail.mode)), ["lesson"]);
      assert.deepEqual(await f.$$eval("#lesson-select option:not([disabled])", (os) => os.map((o) => o.value)), ["05-acks"]);
    }
    // The lesson texts stay on the host page (same origin) for the next embed to take.
    assert.ok(await page.evaluate(() => Object.keys(window.__kafkaPlaygroundScenarios?.SCENARIO_FILES ?? {}).some((k) => k.endsWith("lessons/05-acks.txt"))));
    // The host heard both instances.
    const heard = await page.evaluate(() => window.__events.filter((e) => e.type === "ready").map((e) => `${e.from}:${e.lang}:${e.scenario}:${e.stops}`));
    assert.deepEqual(heard.sort(), ["left:en:05-acks:9", "right:zh:05-acks:9"]);
    await page.waitForTimeout(500);
    await viewShot(page, "embed-example");
    assert.deepEqual(errors, []);
  });

  test("postMessage commands take effect: produce, then step 20 ticks; the host hears results and state", TIMEOUT, async () => {
    const { page } = ctx;
    const before = await right.evaluate(() => ({ tick: window.__playground.snapshot().tick, requests: window.__playground.cluster.snapshot().requests.length }));
    const replies = await page.evaluate(async () => {
      const frame = document.getElementById("right").shadowRoot.querySelector("iframe");
      const results = [];
      const states = [];
      const done = new Promise((resolve) => {
        window.addEventListener("message", (e) => {
          if (e.source !== frame.contentWindow || e.data?.source !== "kafka-replication-playground") return;
          if (e.data.type === "result") results.push(e.data);
          if (e.data.type === "state") states.push(e.data);
          if (results.length === 3) resolve();
        });
      });
      frame.contentWindow.postMessage({ type: "produce", partition: 0, count: 5, acks: "all", id: "p" }, "*");
      frame.contentWindow.postMessage({ type: "step", ticks: 20, id: "s" }, "*");
      frame.contentWindow.postMessage({ type: "fail", broker: 7, id: "bad" }, "*");
      await done;
      await new Promise((r) => setTimeout(r, 300));
      return { results, lastState: states.at(-1) };
    });
    assert.deepEqual(replies.results.map((r) => [r.id, r.command, r.ok]), [["p", "produce", true], ["s", "step", true], ["bad", "fail", false]]);
    assert.match(replies.results[2].error, /broker/);
    const after = await right.evaluate(() => ({ tick: window.__playground.snapshot().tick, requests: window.__playground.cluster.snapshot().requests }));
    assert.equal(after.tick, before.tick + 20);
    assert.equal(after.requests.length, before.requests + 1);
    const req = after.requests.at(-1);
    assert.equal(req.count, 5);
    assert.equal(req.acks, "all");
    assert.equal(replies.lastState.tick, after.tick, "the host got the new state");
    assert.equal(replies.lastState.source, "kafka-replication-playground");
    assert.equal(replies.lastState.mode, "lesson");
    assert.equal(replies.lastState.lesson.offScript, true, "acting took the lesson off its script");
  });

  test("the element's API and host-page links drive the lesson; lang and theme attributes apply live", TIMEOUT, async () => {
    const { page } = ctx;
    const result = await page.evaluate(() => document.getElementById("left").goTo(5));
    assert.equal(result.ok, true);
    await frameAtStop(left, 5);
    await page.click('a[data-playground-target="left"][data-playground-command="goto"]'); // "go to stop 3"
    await frameAtStop(left, 3);
    await page.click('a[data-playground-target="left"][data-playground-command="next"]');
    await frameAtStop(left, 4);
    await page.click('a[data-playground-target="left"][data-playground-command="back"]');
    await frameAtStop(left, 3);
    await page.click('a[data-playground-target="right"][data-playground-command="fail"]'); // crash broker 1
    await right.waitForFunction(() => window.__playground.snapshot().brokers[1].status === "crashed");
    // Attributes: lang switches the running page without reloading it; theme too.
    const tick = await left.evaluate(() => window.__playground.snapshot().tick);
    await page.evaluate(() => document.getElementById("left").setAttribute("lang", "zh"));
    await left.waitForFunction(() => document.documentElement.lang === "zh-CN");
    assert.match(await left.textContent("#lesson-caption"), CJK);
    assert.equal(await left.evaluate(() => window.__playground.snapshot().tick), tick, "not reloaded");
    await page.evaluate(() => document.getElementById("left").setAttribute("theme", "dark"));
    await left.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    const langEvents = await page.evaluate(() => window.__events.filter((e) => e.type === "lang").map((e) => `${e.from}:${e.lang}`));
    assert.ok(langEvents.includes("left:zh"));
  });
});
