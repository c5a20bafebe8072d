// Robustness (issue #6), in the browser: a reload while the page plays with traffic and a fault,
// an hour in a hidden tab (page time, by Playwright's fake clock), and every control clicked in a
// seeded random order with no waiting, during play. After each: no page or console error, no
// error banner, and a page that still draws one consistent state and keeps working.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { rngFor } from "../../scripts/fuzz-cases.mjs";
import { openReady, ready, setHidden, setSpeed, snapshot, stateHash, stepClicks, tickOf } from "./helpers.mjs";

const TIMEOUT = { timeout: 180_000 };
const CLICKS = 400;

const position = (page) => page.evaluate(() => ({ tick: window.__playground.snapshot().tick, hash: String(window.__playground.cluster.stateHash()), horizon: window.__playground.horizon }));
const running = (page) => page.evaluate(() => window.__playground.running);

/** Traffic and a fault, then play fast: the automatic producer on, broker `crash` crashed, 100 ticks/s. */
async function playWithTraffic(page, crash) {
  await page.check("#auto-on");
  await page.click(`#brokers [data-action="crash"][data-broker="${crash}"]`);
  await setSpeed(page, 2);
  await page.click("#play");
}

/** The page works: no error shown or logged, the cluster drawn as its snapshot says, Step and Play (at 100 ticks/s) move time. */
async function assertWorking(page, errors) {
  assert.equal(await page.isHidden("#banner"), true, "no error banner");
  const s = await snapshot(page);
  assert.equal(await page.locator("[data-partition]").count(), s.partitions.length, "every partition drawn");
  assert.equal(await page.locator(".node[data-broker]").count(), s.brokers.length, "every broker drawn");
  if (await running(page)) await page.click("#play");
  const t = await tickOf(page);
  await page.click("#step");
  assert.equal(await tickOf(page), t + 1, "Step advances one tick");
  await setSpeed(page, 2);
  await page.click("#play");
  await page.waitForFunction((from) => window.__playground.snapshot().tick > from + 2, t + 1);
  await page.click("#play");
  assert.equal(await running(page), false, "Play pauses again");
  assert.deepEqual(errors, []);
}

describe("reloading mid-run", () => {
  let ctx;
  before(async () => {
    ctx = await openReady({ query: "?seed=11" });
  });
  after(async () => {
    await ctx?.close();
  });

  test("a share link reloaded while playing comes back at its moment exactly, and works", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.fill("#produce-count", "5");
    await page.click("#produce");
    await stepClicks(page, 15);
    await page.click(`#brokers [data-action="crash"][data-broker="2"]`);
    await stepClicks(page, 10);
    await page.goto(await page.evaluate(() => window.__playground.shareLink()));
    await ready(page);
    const moment = await position(page);
    assert.equal(moment.tick, 25);

    await playWithTraffic(page, 0);
    await page.waitForFunction((t) => window.__playground.snapshot().tick > t + 20, moment.tick);
    await page.reload(); // the address still holds the link: the moment, not what was played after it
    await ready(page);
    assert.deepEqual(await position(page), moment, "the same tick, state hash and recorded history");
    assert.equal(await running(page), false);
    assert.equal((await snapshot(page)).brokers[2].status, "crashed", "drawn as it was at that moment");
    await assertWorking(page, errors);
  });

  test("a lesson link reloaded while the lesson plays on comes back at its stop exactly", TIMEOUT, async () => {
    const { page, errors } = ctx;
    // Stop 3 → 4 of lesson 09 waits for the election (6 s of Kafka time): it plays over frames.
    await page.goto(`${ctx.url.replace(/\?.*$/, "")}?scenario=09-leader-failure&step=3&lang=en`);
    await ready(page);
    await page.waitForFunction(() => window.__playground.lesson()?.stop === 3);
    const stop = await position(page);
    await setSpeed(page, 0); // 1 tick/s: the reload comes on the way to the next stop
    await page.click("#lesson-next");
    await page.waitForFunction((t) => window.__playground.lesson().playing && window.__playground.snapshot().tick > t, stop.tick);
    await page.reload();
    await ready(page);
    await page.waitForFunction(() => window.__playground.lesson()?.stop === 3);
    assert.deepEqual(await position(page), stop);
    assert.equal(await page.evaluate(() => window.__playground.lesson().playing), false);
    await setSpeed(page, 2);
    await page.click("#lesson-next");
    await page.waitForFunction(() => window.__playground.lesson().stop === 4 && !window.__playground.lesson().playing);
    assert.deepEqual(errors, []);
  });

  test("a plain address reloaded while playing starts the same fresh cluster, and works", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.goto(ctx.url);
    await ready(page);
    const fresh = await position(page);
    await playWithTraffic(page, 1);
    await page.waitForFunction(() => window.__playground.snapshot().requests.length > 3);
    await page.reload();
    await ready(page);
    assert.deepEqual(await position(page), fresh, "tick 0 of the same seed: nothing of the run survives");
    await assertWorking(page, errors);
  });
});

/** JS heap in use after a full garbage collection, and the bytes of every wasm memory (CDP). */
async function memory(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("HeapProfiler.collectGarbage");
    const { usedSize } = await cdp.send("Runtime.getHeapUsage");
    const proto = await cdp.send("Runtime.evaluate", { expression: "WebAssembly.Memory.prototype" });
    const { objects } = await cdp.send("Runtime.queryObjects", { prototypeObjectId: proto.result.objectId });
    const sizes = await cdp.send("Runtime.callFunctionOn", {
      objectId: objects.objectId,
      functionDeclaration: "function () { return this.reduce((sum, m) => sum + m.buffer.byteLength, 0); }",
      returnByValue: true,
    });
    return { heap: usedSize, wasm: sizes.result.value };
  } finally {
    await cdp.detach();
  }
}

describe("an hour in a hidden tab", () => {
  let ctx;
  before(async () => {
    ctx = await openReady();
    // Fake timers, requestAnimationFrame and performance.now from the next document on; page
    // time then only passes when the test says so.
    await ctx.page.clock.install();
    await ctx.page.reload();
    await ready(ctx.page);
    await ctx.page.clock.pauseAt(Date.now() + 1000);
  });
  after(async () => {
    await ctx?.close();
  });

  test("playing, then hidden for an hour: paused all along, flat memory, resumes without catching up", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await playWithTraffic(page, 3);
    await page.clock.runFor(2000);
    assert.ok((await tickOf(page)) >= 100, "it played");
    const before = await memory(page);

    await setHidden(page, true);
    assert.equal(await running(page), false, "hiding the tab pauses (app/app.js visible)");
    const hidden = await position(page);
    await page.clock.runFor("01:00:00");
    assert.deepEqual(await position(page), hidden, "not one tick while hidden");
    const later = await memory(page);
    assert.equal(later.wasm, before.wasm, "the wasm memory did not grow");
    assert.ok(later.heap < before.heap + 4 * 2 ** 20, `JS heap ${before.heap} → ${later.heap} bytes`);

    await setHidden(page, false);
    assert.equal(await running(page), true, "visible again: playing again");
    await page.clock.runFor(1000);
    const resumed = (await tickOf(page)) - hidden.tick;
    assert.ok(resumed > 0 && resumed <= 101, `one second at 100 ticks/s, not the hour: ${resumed} ticks`);

    // The laptop lid closed for an hour without a visibilitychange: one frame an hour late.
    const lid = await tickOf(page);
    await page.clock.fastForward("01:00:00");
    await page.clock.runFor(100);
    const jumped = (await tickOf(page)) - lid;
    assert.ok(jumped <= 40, `a frame's time is clamped (250 ms + 100 ms at 100 ticks/s), not an hour: ${jumped} ticks`);
    await page.clock.resume();
    await assertWorking(page, errors);
  });
});

/**
 * In the page: pick a control a user can reach now (visible, enabled) with `r` and use it. Each
 * part of the page (toolbar, picture, a form, a dialog, the menu …) is as likely as any other,
 * whatever its number of controls (the configuration form alone has thirty), and an open menu or
 * dialog is used more often (`w`). Lists, sliders and fields get a value chosen by `v`, as a
 * user would pick or type; anything else is scrolled into view and its centre returned, for a
 * real mouse click.
 */
function useControl([r, v, w]) {
  const SELECTOR = "button, input, select, textarea, summary, [role=button], [role=menuitem], [data-link], canvas.cells, .replica-name, [data-jump-tick]";
  const PARTS = "form, dialog, nav, [role=toolbar], [role=menu], .timeline, .auto-producer, section, #toasts, #notice, #banner";
  const shown = (el) => !el.disabled && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const parts = new Map();
  for (const el of document.querySelectorAll(SELECTOR)) {
    if (!shown(el)) continue;
    const part = el.closest(PARTS) ?? document.body;
    parts.set(part, [...(parts.get(part) ?? []), el]);
  }
  // A user who opened a menu or a dialog mostly goes on in it.
  const open = parts.get(document.querySelector("[role=menu]:not([hidden]), dialog[open]"));
  const groups = open && w < 0.6 ? [open] : [...parts.values()];
  const group = groups[Math.floor(r * groups.length)];
  const el = group[Math.floor(((r * groups.length) % 1) * group.length)];
  const action = el.dataset.action ?? el.dataset.menuAction;
  const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : el.classList.length ? `.${el.classList[0]}` : ""}${action ? `[${action}]` : ""}`;
  const set = (value, type) => {
    el.value = value;
    el.dispatchEvent(new Event(type, { bubbles: true }));
    return { name: `${name} = ${value}` };
  };
  if (el.tagName === "SELECT") return set(el.options[Math.floor(v * el.options.length)]?.value ?? "", "change");
  if (el.type === "range") return set(String(Number(el.min) + v * (Number(el.max) - Number(el.min))), "input");
  if (el.type === "number") return set(["", "-1", "0", "1", "2", "3", "x", el.value][Math.floor(v * 8)], "change");
  el.scrollIntoView({ block: "center", inline: "center" });
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return { name: `${name} (out of reach)` };
  // Brokers have a context menu: a right click now and then.
  return { name, x, y, button: el.closest("[data-broker]") && v < 0.3 ? "right" : "left" };
}

describe("every control clicked at random", () => {
  let ctx;
  before(async () => {
    ctx = await openReady({ query: "?seed=3" });
  });
  after(async () => {
    await ctx?.close();
  });

  test(`${CLICKS} clicks in a seeded random order, during play, then one consistent state`, TIMEOUT, async () => {
    const { page, errors } = ctx;
    await playWithTraffic(page, 2);
    const rng = rngFor(6, 0);
    const done = [];
    for (let i = 0; i < CLICKS; i++) {
      const target = await page.evaluate(useControl, [rng.next(), rng.next(), rng.next()]);
      done.push(target.name);
      if (target.x !== undefined) await page.mouse.click(target.x, target.y, { button: target.button });
      assert.deepEqual(errors, [], `after ${done.slice(-5).join(", ")}`);
    }

    assert.equal(await page.isHidden("#banner"), true, `no error banner after ${done.slice(-20).join(", ")}`);

    // Back to the plain playground (no dialog, menu, lesson or comparison), paused, with some
    // history to travel in.
    await page.evaluate(() => document.querySelectorAll("dialog[open]").forEach((d) => d.close()));
    if (await page.isVisible("#context-menu")) await page.keyboard.press("Escape"); // it has the focus
    for (const close of ["#compare-close", "#lesson-close"]) if (await page.isVisible(close)) await page.click(close);
    if (await running(page)) await page.click("#play");
    await stepClicks(page, 20);

    // What is drawn is the handle's state at the tick the scrubber and the clock show.
    const drawn = await page.evaluate(() => {
      const s = window.__playground.snapshot();
      return {
        tick: s.tick,
        handleTick: window.__playground.cluster.snapshot().tick,
        scrubber: Number(document.querySelector("#scrubber").value),
        max: Number(document.querySelector("#scrubber").max),
        horizon: window.__playground.horizon,
        clock: document.querySelector("#clock").textContent,
        leaders: s.partitions.map((p) => p.leader),
        leadersDrawn: [...document.querySelectorAll("#partitions [data-partition]")].map((el) => Number(el.dataset.leader)),
      };
    });
    assert.equal(drawn.handleTick, drawn.tick, "the snapshot drawn is the handle's");
    assert.equal(drawn.scrubber, drawn.tick, "the scrubber shows that tick");
    assert.equal(drawn.max, drawn.horizon, "and the recorded history");
    assert.match(drawn.clock, new RegExp(`tick ${drawn.tick}$`));
    assert.deepEqual(drawn.leadersDrawn, drawn.leaders, "each partition drawn with its leader");

    // Travelling back and forth in the history lands on the same states.
    const end = await position(page);
    const middle = Math.floor(end.tick / 2);
    await page.evaluate((t) => window.__playground.seek(t), middle);
    const atMiddle = await stateHash(page);
    await page.evaluate((t) => window.__playground.seek(t), end.tick);
    assert.deepEqual(await position(page), end, "back at the end: the same state");
    await page.evaluate((t) => window.__playground.seek(t), middle);
    assert.equal(await stateHash(page), atMiddle, "and the same in the middle");
    await assertWorking(page, errors);
  });
});
