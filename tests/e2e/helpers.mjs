// Shared steps for the browser tests: wait for the first drawing, step, read what is drawn.
// (browser.mjs opens the page; these drive it like a user would, through the DOM.)
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../../scripts/toolchain.mjs";
import { openPage } from "./browser.mjs";

/** openPage() at 1280×900, once the first drawing is there. */
export async function openReady(options) {
  const ctx = await openPage(options);
  await ctx.page.setViewportSize({ width: 1280, height: 900 });
  await ready(ctx.page);
  return ctx;
}

/** A screenshot of what the reader sees (the viewport, not the whole page) as test-output/<name>.png. */
export async function viewShot(page, name) {
  fs.mkdirSync(path.join(ROOT, "test-output"), { recursive: true });
  await page.screenshot({ path: path.join(ROOT, "test-output", `${name}.png`) });
}

/**
 * Wait until the page has drawn a real snapshot (partitions and brokers exist), or fail with the
 * words the page shows when it cannot.
 */
export async function ready(page) {
  await page.waitForFunction(
    () => {
      const s = window.__playground?.snapshot?.();
      if (window.__playground?.replaying) return false; // a long link still opening
      const drawn = s && document.querySelectorAll("[data-partition]").length === s.partitions.length && document.querySelector(".node[data-broker]");
      return drawn || document.querySelector("#banner:not([hidden])");
    },
    null,
    { timeout: 15_000 },
  );
  const problem = await page.$eval("#banner", (b) => (b.hidden ? null : b.textContent));
  if (problem) throw new Error(`the page shows an error instead of the cluster: ${problem}`);
}

/** Click the Step button `n` times (each click: one tick, then a re-render). */
export async function stepClicks(page, n) {
  await page.evaluate((count) => {
    const btn = document.querySelector("#step");
    for (let i = 0; i < count; i++) btn.click();
  }, n);
}

/** Click Step until `predicate(snapshot)` holds (checked in the page), at most `max` ticks. */
export async function stepUntil(page, predicate, max) {
  return page.evaluate(
    ({ src, max: limit }) => {
      const ok = new Function("s", `return (${src})(s)`);
      const btn = document.querySelector("#step");
      for (let i = 0; i < limit; i++) {
        if (ok(window.__playground.snapshot())) return i;
        btn.click();
      }
      return ok(window.__playground.snapshot()) ? limit : -1;
    },
    { src: predicate.toString(), max },
  );
}

/**
 * The records partition `p`'s replica on broker `b` draws (on its canvas: test hook data-cells),
 * as [{ offset, epoch, state }] with state "c" committed, "u" uncommitted, "d" divergent.
 */
export async function recordsDrawn(page, p, b) {
  const cells = await page.getAttribute(`[data-partition="${p}"] .replica[data-broker="${b}"] canvas.cells`, "data-cells");
  return (cells ?? "")
    .split(" ")
    .filter(Boolean)
    .map((c) => {
      const [offset, epoch, state] = c.split(":");
      return { offset: Number(offset), epoch: Number(epoch), state };
    });
}

/**
 * The viewport point at the middle of record `offset` in partition `p`'s row of broker `b`, for
 * a mouse click or hover (the row is scrolled into view first).
 */
export async function recordPoint(page, p, b, offset) {
  return page.$eval(
    `[data-partition="${p}"] .replica[data-broker="${b}"] canvas.cells`,
    (canvas, o) => {
      canvas.scrollIntoView({ block: "center" });
      const cell = parseFloat(getComputedStyle(canvas).getPropertyValue("--cell"));
      const r = canvas.getBoundingClientRect();
      return { x: r.left + (o - Number(canvas.dataset.start) + 0.5) * cell, y: r.top + 22 };
    },
    offset,
  );
}

/**
 * The `i`th message drawn over the cluster picture (cluster.js drawMessages), scrolled into
 * view: its seq, its text and its centre in viewport px; null when fewer are in flight.
 */
export async function messagePoint(page, i = 0) {
  return page.$eval(
    "#cluster canvas.messages-layer",
    (canvas, i) => {
      canvas.scrollIntoView({ block: "center" });
      const s = canvas.__shown?.[i];
      if (!s) return null;
      const r = canvas.getBoundingClientRect();
      return { seq: s.m.seq, text: s.m.text, x: r.left + s.x, y: r.top + s.y };
    },
    i,
  );
}

/**
 * The boxes laid out on their own (CSS contain: size or strict, issue #6) that do not show all
 * of their text: narrower or shorter than it (scroll containers aside). Their size does not
 * follow their content, so a text that does not fit is cut off, not wrapped. A box without text
 * is left out: an operator metric's sparkline is a picture two windows wide that moves through
 * its box (page/metrics.js), cut off on purpose; so is a text ending in an ellipsis with its whole
 * text in a title (what a partition's HW waits for, when the head's line is full).
 */
export async function clippedBoxes(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("*")]
      .filter((el) => {
        const cs = getComputedStyle(el);
        if (!/size|strict/.test(cs.contain) || !el.getClientRects().length || /auto|scroll/.test(cs.overflowY)) return false;
        if (!el.textContent.trim()) return false;
        // Cut off on purpose where the line is full, with an ellipsis (its whole text in a title).
        if (cs.textOverflow === "ellipsis" && el.closest("[title]")) return false;
        return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      })
      .map((el) => `${el.localName}.${el.className} "${el.textContent.slice(0, 40)}" (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`),
  );
}

export const snapshot = (page) => page.evaluate(() => window.__playground.snapshot());
export const tickOf = (page) => page.evaluate(() => window.__playground.snapshot().tick);
export const stateHash = (page) => page.evaluate(() => String(window.__playground.cluster.stateHash()));
export const leaderShown = (page, p) => page.$eval(`[data-partition="${p}"]`, (el) => Number(el.dataset.leader));

/** The JSON of a partition's state znode as the ZooKeeper panel shows it. */
export const zkStateShown = (page, p) =>
  page.$eval(`[data-znode="/brokers/topics/demo/partitions/${p}/state"] .zk-data`, (el) => JSON.parse(el.textContent));

/**
 * Wait until the inspector dialog is open (its code is a chunk of its own, loaded by the first
 * opening); returns its title.
 */
export async function inspectorOpen(page) {
  await page.locator("#inspector[open]").waitFor();
  return page.textContent("#inspector .inspector-title");
}

/** Make the tab hidden (or visible again) as the page sees it: document.hidden, visibilityState, the event. */
export async function setHidden(page, hidden) {
  await page.evaluate((h) => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => h });
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (h ? "hidden" : "visible") });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

/** Move the speed slider (log scale: 2 = 100 ticks/s). */
export async function setSpeed(page, position) {
  await page.$eval(
    "#speed",
    (el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    },
    position,
  );
}

/** The text of the newest toast, or "" (errors from the core are shown there). */
export const lastToast = (page) => page.evaluate(() => document.querySelector("#toasts .toast:last-child .toast-text")?.textContent ?? "");

/**
 * Start over with `values` set in the configuration form over `version`'s defaults (the form
 * resets every key but the cluster's shape when the version changes, so the shape is given too).
 * Fails with the form's error when the core rejects the config.
 */
export async function applyConfig(page, values = {}, version = "3.7") {
  await page.evaluate(() => (document.querySelector("#config-panel").open = true));
  await page.selectOption("#cfg-version", version);
  const all = { brokers: 4, partitions: 3, replicationFactor: 3, seed: 1, ...values };
  for (const [key, v] of Object.entries(all)) {
    const sel = `#cfg-${key}`;
    const tag = await page.$eval(sel, (el) => el.tagName);
    if (typeof v === "boolean") await page.setChecked(sel, v);
    else if (tag === "SELECT") await page.selectOption(sel, String(v));
    else await page.fill(sel, String(v));
  }
  await page.click("#config-form button[type=submit]");
  const error = await page.$eval(".config-error", (p) => (p.hidden ? "" : p.textContent));
  await page.evaluate(() => (document.querySelector("#config-panel").open = false));
  if (error) throw new Error(`the config was refused: ${error}`);
}

/**
 * Open `url`, play at the top speed for a while and click Pause (three times): the milliseconds
 * from the click's arrival (its event's timeStamp) to the pause being in effect, each; and
 * whether the speed readout said "capped" while playing. (tests/e2e/heavy.test.mjs, the bench.)
 */
export async function pauseLatency(page, url) {
  await page.goto(url);
  await ready(page);
  await page.evaluate(() => {
    const speed = document.querySelector("#speed");
    speed.value = speed.max;
    speed.dispatchEvent(new Event("input", { bubbles: true }));
    // After the page's own handler (bubbling to window): when the pause took effect.
    window.addEventListener("click", (e) => {
      if (e.target.closest("#play") && !window.__playground.running) window.__paused = performance.now() - e.timeStamp;
    });
  });
  const box = await page.locator("#play").boundingBox();
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const out = [];
  let capped = null;
  for (let i = 0; i < 3; i++) {
    await page.mouse.click(at.x, at.y); // play
    await page.waitForFunction(() => window.__playground.running);
    await page.waitForTimeout(1500);
    if (i === 0) capped = await page.evaluate(() => document.querySelector("#speed-value").dataset.capped === "true");
    await page.evaluate(() => (window.__paused = null));
    await page.mouse.click(at.x, at.y); // pause
    await page.waitForFunction(() => window.__paused !== null, null, { timeout: 60_000 });
    out.push(await page.evaluate(() => window.__paused));
  }
  return { ms: out, capped };
}

