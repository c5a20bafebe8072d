// Share links and exports, in the browser: a link to a moment (config, seed, actions, position)
// reopens the same state hash; a lesson link reopens the lesson stop; a damaged or old link shows
// a clear message and a fresh cluster instead of a broken page; the trace (JSON, text) and the
// picture (SVG, PNG) download.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { openReady, ready, stateHash, stepClicks, tickOf } from "./helpers.mjs";

const TIMEOUT = { timeout: 120_000 };

async function shareDialogLink(page) {
  await page.click("#share-button");
  await page.waitForSelector("#share-dialog[open]");
  const link = await page.inputValue("#share-link");
  assert.equal(link, await page.evaluate(() => window.__playground.shareLink()));
  return link;
}

async function downloaded(page, kind) {
  const [dl] = await Promise.all([page.waitForEvent("download"), page.click(`#share-dialog [data-export="${kind}"]`)]);
  return { name: dl.suggestedFilename(), data: fs.readFileSync(await dl.path()) };
}

describe("share links", () => {
  let ctx;
  before(async () => {
    ctx = await openReady({ query: "?seed=7" });
  });
  after(async () => {
    await ctx?.close();
  });

  test("a link to a moment reopens the same state: config, seed, actions, position, history", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.fill("#produce-count", "5");
    await page.click("#produce");
    await stepClicks(page, 20);
    await page.click(`#brokers [data-action="crash"][data-broker="2"]`);
    await stepClicks(page, 15);
    await page.locator('.link[data-link="0-1"]').dispatchEvent("click"); // cut (the strip's diagonals pass near a side's middle, issue #14)
    await stepClicks(page, 10);
    await page.evaluate(() => window.__playground.seek(30)); // look at the past: the link keeps the future too
    const hash = await stateHash(page);
    const horizon = await page.evaluate(() => window.__playground.horizon);
    const link = await shareDialogLink(page);
    assert.match(link, /\?lang=en#v=2&s=[A-Za-z0-9_-]+&c=[0-9a-f]{8}$/, "the state in the fragment, never sent to a server");
    assert.match(await page.textContent("#share-link-help"), /tick 30/);

    await page.goto(link);
    await ready(page);
    assert.equal(await tickOf(page), 30);
    assert.equal(await stateHash(page), hash, "the same state hash");
    assert.equal(await page.evaluate(() => window.__playground.horizon), horizon, "the recorded future is kept");
    assert.equal(await page.evaluate(() => window.__playground.snapshot().seed), 7);
    assert.equal(await page.locator('.link[data-link="0-1"].cut').count(), 0, "not cut yet at tick 30");
    await page.evaluate((h) => window.__playground.seek(h), horizon);
    assert.equal(await page.locator('.link[data-link="0-1"].cut').count(), 1, "the cut is in the replayed future");
    assert.equal(await page.isVisible("#notice"), false);
    assert.deepEqual(errors, []);
    ctx.link = link;
  });

  test("a damaged link shows a clear message and a fresh cluster", TIMEOUT, async () => {
    const { page } = ctx;
    // The state is in the fragment; the query form (an embed's iframe) is read the same way.
    const u = new URL(`${ctx.link.replace(/\?.*$/, "")}?${new URL(ctx.link).hash.slice(1)}`);
    const s = u.searchParams.get("s");
    u.searchParams.set("s", `${s.slice(0, 30)}${s[30] === "x" ? "y" : "x"}${s.slice(31)}`);
    await page.goto(u.href);
    await ready(page);
    assert.equal(await page.isVisible("#notice"), true);
    assert.match(await page.textContent("#notice .notice-text"), /damaged/);
    assert.equal(await tickOf(page), 0, "a fresh cluster");
    assert.equal(await page.locator("[data-partition]").count(), 3, "the page works");
    await page.click("#notice .notice-close");
    assert.equal(await page.isVisible("#notice"), false);

    const old = new URL(u.href);
    old.searchParams.set("s", s);
    old.searchParams.set("v", "0");
    await page.goto(old.href);
    await ready(page);
    assert.match(await page.textContent("#notice .notice-text"), /another version of the playground \(format v=0/);

    const cut = new URL(u.href);
    cut.searchParams.set("s", s);
    cut.searchParams.delete("c");
    cut.searchParams.set("lang", "zh");
    await page.goto(cut.href);
    await ready(page);
    assert.match(await page.textContent("#notice .notice-text"), /分享链接已损坏/, "in the reader's language");
  });

  test("a lesson link reopens the lesson at its stop", TIMEOUT, async () => {
    const { page } = ctx;
    const url = ctx.url.replace(/\?.*$/, "");
    await page.goto(`${url}?scenario=07-isr-leader-alone&step=3&lang=en`);
    await ready(page);
    await page.waitForFunction(() => window.__playground.lesson()?.stop === 3);
    const hash = await stateHash(page);
    const link = await shareDialogLink(page);
    assert.match(link, /\?scenario=07-isr-leader-alone&step=3&lang=en$/);
    await page.goto(link);
    await ready(page);
    await page.waitForFunction(() => window.__playground.lesson()?.stop === 3);
    assert.equal(await stateHash(page), hash);
  });

  test("exports: the trace as JSON and text, the picture as SVG and PNG", TIMEOUT, async () => {
    const { page } = ctx;
    const url = ctx.url.replace(/\?.*$/, "");
    await page.goto(`${url}?scenario=05-acks&step=5&lang=en`);
    await ready(page);
    await page.waitForFunction(() => window.__playground.lesson()?.stop === 5);
    const tick = await tickOf(page);
    await shareDialogLink(page);
    assert.match(await page.inputValue("#share-embed"), /<kafka-replication-playground scenario="05-acks" step="5"/);

    const json = await downloaded(page, "json");
    assert.equal(json.name, `kafka-replication-trace-t${tick}.json`);
    const trace = JSON.parse(json.data.toString("utf8"));
    assert.equal(trace.format, "kafka-replication-playground-trace");
    assert.equal(trace.tick, tick);
    assert.ok(trace.actions.some((a) => a.method === "cut"), "the lesson's actions");
    assert.ok(trace.events.some((e) => e.kind === "leader-election"), "every event since tick 0");
    assert.ok(trace.events.some((e) => e.kind === "violation"));
    assert.equal(trace.lesson.scenario, "05-acks");

    const text = (await downloaded(page, "text")).data.toString("utf8");
    assert.match(text, /^# Kafka replication playground trace/);
    assert.match(text, /» fail\(0\)/);
    assert.match(text, /acks1-lost/);

    const svg = (await downloaded(page, "svg")).data.toString("utf8");
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(svg, />B0</, "the cluster picture");
    assert.match(svg, /class="pic/, "the partitions");
    assert.doesNotMatch(svg, /class="node/, "styles inlined instead of classes");

    const png = await downloaded(page, "png");
    assert.deepEqual([...png.data.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "a PNG");
    assert.ok(png.data.length > 10_000);
    assert.match(await page.textContent("#share-status"), /Saved kafka-replication-picture/);
  });
});
