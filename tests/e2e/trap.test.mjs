// Restart after a trap (issue #17): when a wasm call throws a WebAssembly.RuntimeError, the page
// drops every handle, instantiates the module afresh (a new memory), replays its history to where
// it was and says so; an embed does so in its own frame, the others untouched.
//
// The core has no trap a user can reach (the memory budget refuses what would exhaust memory),
// so the test makes a real one: it points the live handle at an address past the end of the
// wasm memory (`__wbg_ptr`, wasm-bindgen's pointer), and the next call traps with "memory access
// out of bounds" inside the instance, as a budget that was wrong would.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { lastToast, openReady, ready, snapshot, stateHash, stepClicks, tickOf } from "./helpers.mjs";

const TIMEOUT = { timeout: 180_000 };

/** Makes the next call on `target`'s (a page or a frame) live handle trap inside the instance. */
const corruptHandle = (target) => target.evaluate(() => (window.__playground.cluster.__wbg_ptr = 0x7ffffff0));
/** Waits until `target` has restarted its core `instances - 1` times and is done replaying. */
const restarted = (target, instances) =>
  target.waitForFunction((n) => !window.__playground.recovering && !window.__playground.replaying && window.__playground.coreInstances === n, instances, { timeout: 60_000 });

describe("a trap in the page's core", () => {
  let ctx;
  before(async () => {
    ctx = await openReady({ query: "?seed=5" });
  });
  after(async () => {
    await ctx?.close();
  });

  test("a fresh instance replays the history to the same state, says so, and the controls work", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.fill("#produce-count", "4");
    await page.click("#produce");
    await stepClicks(page, 12);
    await page.click(`#brokers [data-action="crash"][data-broker="1"]`);
    await stepClicks(page, 8);
    const before = { tick: await tickOf(page), hash: await stateHash(page), actions: await page.evaluate(() => window.__playground.actions.length) };
    assert.equal(await page.evaluate(() => window.__playground.coreInstances), 1);
    await corruptHandle(page);
    await page.click("#step"); // traps: step reads the handle through the bad pointer
    await restarted(page, 2);
    assert.equal(await tickOf(page), before.tick, "back at the tick it had reached (the trapped Step did not count)");
    assert.equal(await stateHash(page), before.hash, "the same state, exactly");
    assert.equal(await page.evaluate(() => window.__playground.actions.length), before.actions, "the history kept");
    assert.match(await lastToast(page), new RegExp(`started it afresh.*tick ${before.tick}`), "the toast says what happened");
    assert.equal(await page.isHidden("#banner"), true, "no error banner");
    // The controls work on the new instance.
    await page.click("#step");
    assert.equal(await tickOf(page), before.tick + 1, "Step advances one tick");
    await page.click(`#brokers [data-action="recover"][data-broker="1"]`);
    await stepClicks(page, 30);
    assert.equal((await snapshot(page)).brokers[1].status, "up", "a recovered broker runs again");
    await page.evaluate(() => window.__playground.seek(3));
    assert.equal(await tickOf(page), 3, "seeking back replays on the new instance");
    assert.deepEqual(errors, []);
  });
});

describe("a trap again while replaying", () => {
  let ctx;
  before(async () => {
    ctx = await openReady({ query: "?seed=7" });
  });
  after(async () => {
    await ctx?.close();
  });

  test("the page starts over with the same configuration on a fresh instance, and says so", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await stepClicks(page, 10);
    const config = (await snapshot(page)).config;
    // The seam of the brief: the binding's step replaced by one that throws the trap's error, for
    // the next two calls (the Step click, then the replay of the recovery).
    await page.evaluate(() => {
      let proto = window.__playground.cluster;
      while (!Object.hasOwn(proto, "step")) proto = Object.getPrototypeOf(proto);
      const step = proto.step;
      window.__traps = 2;
      proto.step = function (...args) {
        if (window.__traps > 0) {
          window.__traps--;
          throw new WebAssembly.RuntimeError("unreachable");
        }
        return step.apply(this, args);
      };
    });
    await page.click("#step");
    await restarted(page, 3);
    assert.equal(await page.evaluate(() => window.__traps), 0, "the replay trapped too");
    assert.equal(await tickOf(page), 0, "a fresh start");
    assert.deepEqual((await snapshot(page)).config, config, "with the same configuration");
    assert.equal(await page.evaluate(() => window.__playground.actions.length), 0);
    assert.match(await lastToast(page), /started over with the same configuration/);
    assert.equal(await page.isHidden("#banner"), true, "no error banner");
    await page.click("#step");
    assert.equal(await tickOf(page), 1, "Step works");
    assert.deepEqual(errors, []);
  });
});

describe("a trap in one of two embeds sharing the compiled module", () => {
  let ctx;
  let frames;
  before(async () => {
    ctx = await openReady();
    // Two same-origin embeds in the page: they take the host's compiled module (core.js sharedModule).
    await ctx.page.evaluate((src) => {
      for (const id of ["one", "two"]) {
        const f = document.createElement("iframe");
        Object.assign(f, { id, src });
        f.style.cssText = "width:900px;height:700px";
        document.body.append(f);
      }
    }, `${ctx.url.split("?")[0]}?seed=9`);
    frames = {};
    for (const id of ["one", "two"]) {
      const handle = await ctx.page.waitForSelector(`#${id}`);
      frames[id] = await handle.contentFrame();
      await frames[id].waitForFunction(() => window.__playground?.snapshot?.()?.partitions?.length > 0, null, { timeout: 60_000 });
      await ready(frames[id]);
    }
  });
  after(async () => {
    await ctx?.close();
  });

  test("the trapped embed restarts from the shared module; the other keeps its instance and state", TIMEOUT, async () => {
    const { page, errors } = ctx;
    assert.equal(await page.evaluate(async () => (await window.__kafkaPlaygroundWasm) instanceof WebAssembly.Module), true, "the host keeps one compiled module");
    const { one, two } = frames;
    for (const f of [one, two]) await stepClicks(f, 5);
    const twoBefore = { tick: await tickOf(two), hash: await stateHash(two) };
    const oneBefore = { tick: await tickOf(one), hash: await stateHash(one) };
    await corruptHandle(one);
    await one.click("#step");
    await restarted(one, 2);
    assert.deepEqual({ tick: await tickOf(one), hash: await stateHash(one) }, oneBefore, "the trapped embed is back where it was");
    assert.match(await lastToast(one), /started it afresh/);
    assert.equal(await two.evaluate(() => window.__playground.coreInstances), 1, "the other embed kept its instance");
    assert.deepEqual({ tick: await tickOf(two), hash: await stateHash(two) }, twoBefore, "and its state");
    for (const f of [one, two]) {
      const t = await tickOf(f);
      await f.click("#step");
      assert.equal(await tickOf(f), t + 1, "Step works in both");
    }
    assert.deepEqual(errors, []);
  });
});
