// The default page's first frame without the wasm (issue #16, www/app/first-frame.js): drawn from
// the snapshot the build recorded, before the wasm is requested; the core's first snapshot is the
// same, and taking over changes no pixel; what is pressed before the core is ready runs in order
// once it is, to the state the same presses make on a ready page; a page with URL state loads the
// wasm first, as before, and so does a background tab; a wasm that cannot be loaded is said in the
// error banner. Runs against the built page in dist/ (`npx vite build` first).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openPage } from "./browser.mjs";
import { ready } from "./helpers.mjs";

const TIMEOUT = { timeout: 120_000 };
const WASM = /\.wasm$/;
/** How long the slowed wasm response waits (ms): the presses land before the core is there. */
const WASM_DELAY_MS = 1500;

/** Marks of the load: the first frame's and the wasm request's start (ms), and the hooks there. */
const loadMarks = (page) =>
  page.evaluate(() => ({
    frame: performance.getEntriesByName("playground:first-frame")[0]?.startTime ?? null,
    wasm: performance.getEntriesByType("resource").find((e) => e.name.endsWith(".wasm"))?.startTime ?? null,
    preloads: document.querySelectorAll('link[rel="preload"][as="fetch"]').length,
  }));

/** Wait for the first frame drawn from the build's snapshot (the core not there yet). */
async function firstFrameDrawn(page) {
  await page.waitForFunction(() => performance.getEntriesByName("playground:first-frame").length > 0 && document.querySelector(".node[data-broker]"));
  assert.equal(await page.evaluate(() => window.__playground), undefined, "the core is not there yet");
}

/** Reload the page with the wasm's response held back WASM_DELAY_MS. */
async function slowWasm(page, url) {
  await page.route(WASM, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, WASM_DELAY_MS));
    await route.continue();
  });
  await page.goto(url, { waitUntil: "domcontentloaded" });
}

describe("the default page's first frame", () => {
  let ctx;
  before(async () => {
    ctx = await openPage();
    await ctx.page.setViewportSize({ width: 1280, height: 800 });
  });
  after(async () => {
    await ctx?.close();
  });

  test("is drawn before the wasm is requested, from the snapshot the core then gives", TIMEOUT, async () => {
    const { page, errors, url } = ctx;
    await page.goto(url, { waitUntil: "load" });
    await ready(page);
    const marks = await loadMarks(page);
    assert.ok(marks.frame !== null && marks.wasm !== null, JSON.stringify(marks));
    assert.ok(marks.wasm > marks.frame, `the wasm was requested at ${marks.wasm} ms, the first frame drawn at ${marks.frame} ms`);
    assert.equal(marks.preloads, 0, "the default page does not preload the wasm");
    const [built, live] = await page.evaluate(() => [window.__playgroundFirstFrame.snapshot(), window.__playground.snapshot()]);
    assert.deepEqual(live, built, "the core's first snapshot is the one the build recorded");
    assert.deepEqual(errors, []);
  });

  test("the core taking over changes nothing that is seen, on a desktop and on a phone", TIMEOUT, async () => {
    const { page, url, errors } = ctx;
    for (const [width, height] of [[375, 812], [1280, 800]]) {
      await page.setViewportSize({ width, height });
      await slowWasm(page, url);
      await firstFrameDrawn(page);
      // The frame painted, and the views' work after it (none before the core) done.
      await page.waitForTimeout(300);
      const drawn = await page.screenshot();
      assert.equal(await page.evaluate(() => window.__playground), undefined, "the picture is the build's snapshot's");
      await ready(page);
      await page.waitForTimeout(300);
      const live = await page.screenshot();
      assert.ok(drawn.equals(live), `${width}×${height}: the first screen is the same, pixel for pixel, before and after the core took over`);
      await page.unroute(WASM);
    }
    assert.deepEqual(errors, []);
  });

  test("presses before the core is ready run in order once it is, as on a ready page", TIMEOUT, async () => {
    const { page, url, errors } = ctx;
    const presses = async () => {
      await page.click("#step");
      await page.click("#step");
      await page.fill("#produce-count", "3");
      await page.click("#produce");
      await page.click("#step");
    };
    await slowWasm(page, url);
    await firstFrameDrawn(page);
    await presses();
    assert.equal(await page.evaluate(() => window.__playground), undefined, "pressed before the core was there");
    await ready(page);
    const early = await page.evaluate(() => ({ tick: window.__playground.snapshot().tick, actions: window.__playground.actions.map((a) => [a.tick, a.method, a.args[0].count]), hash: String(window.__playground.cluster.stateHash()) }));
    assert.equal(early.tick, 3);
    assert.deepEqual(early.actions, [[2, "produce", 3]], "Step, Step, Produce 3 records, Step");
    await page.unroute(WASM);

    await page.goto(url, { waitUntil: "load" });
    await ready(page);
    await presses();
    const late = await page.evaluate(() => ({ tick: window.__playground.snapshot().tick, hash: String(window.__playground.cluster.stateHash()) }));
    assert.deepEqual(late, { tick: early.tick, hash: early.hash }, "the same presses on a ready page: the same state");
    assert.deepEqual(errors, []);
  });

  test("a page with URL state loads the wasm first, as before", TIMEOUT, async () => {
    const { page, url, errors } = ctx;
    await page.goto(`${url}?lang=en`, { waitUntil: "load" });
    await ready(page);
    const marks = await loadMarks(page);
    assert.equal(marks.preloads, 1, "the wasm is preloaded with the HTML");
    assert.ok(marks.wasm < marks.frame, `the wasm was requested at ${marks.wasm} ms, the first frame drawn at ${marks.frame} ms`);
    assert.equal(await page.evaluate(() => window.__playgroundFirstFrame), undefined);
    assert.deepEqual(errors, []);
  });

  test("a page opened in a background tab starts loading the wasm at once", TIMEOUT, async () => {
    const page = await ctx.page.context().newPage();
    try {
      // Headless pages are never hidden: this one says it is (no frame would be painted there).
      await page.addInitScript(() => Object.defineProperty(document, "hidden", { get: () => true }));
      await page.goto(ctx.url, { waitUntil: "load" });
      await ready(page);
      const marks = await loadMarks(page);
      assert.ok(marks.wasm < marks.frame, `the wasm was requested at ${marks.wasm} ms, the first frame drawn at ${marks.frame} ms`);
      assert.equal(marks.preloads, 0, "no preload: the default page's HTML is the same");
    } finally {
      await page.close();
    }
  });

  test("a wasm that cannot be loaded is said in the error banner", TIMEOUT, async () => {
    const { page, url } = ctx;
    await page.route(WASM, (route) => route.abort());
    for (const query of ["", "?lang=en"]) {
      await page.goto(`${url}${query}`, { waitUntil: "load" });
      await page.locator("#banner:not([hidden])").waitFor();
      assert.match(await page.textContent("#banner .banner-text"), /could not start: the simulator core .* did not load/, `the page ${query || "without a query"}`);
    }
    await page.unroute(WASM);
  });
});
