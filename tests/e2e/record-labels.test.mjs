// Record labels (#14): every view's record cells say the record's value (m1, m2 …, as the
// lessons' captions do) or the leader epoch that wrote it, one toggle for all of them, remembered
// across visits. Reads the rows' canvases (test hook data-labels) and compare mode's pane
// pictures. Runs against the built page in dist/ (`npx vite build` first).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage } from "./browser.mjs";
import { openReady, ready, stepUntil } from "./helpers.mjs";

const TIMEOUT = { timeout: 180_000 };
const rowLabels = (page, b) => page.getAttribute(`[data-partition="0"] .replica[data-broker="${b}"] canvas.cells`, "data-labels");
/** The labels in pane `i`'s record cells, in document order. */
const paneLabels = (page, i) => page.$$eval(`.compare-pane[data-pane="${i}"] .pic-cell text`, (ts) => ts.map((x) => x.textContent).join(" "));

describe("record labels", () => {
  test("values by default; the toggle switches the rows and compare mode's panes to epochs, and is remembered", TIMEOUT, async () => {
    const { page, errors, close } = await openReady({ query: "?lang=en" });
    try {
      await page.selectOption("#produce-partition", "0");
      await page.fill("#produce-count", "2");
      await page.click("#produce");
      assert.ok((await stepUntil(page, (s) => s.partitions[0].logs.every((l) => l.leo >= 2), 100)) >= 0);
      assert.equal(await rowLabels(page, 0), "m1 m2");
      assert.equal(await page.textContent("#record-labels"), "Labels: m1, m2");
      await page.click("#record-labels");
      await page.waitForFunction(() => document.querySelector('[data-partition="0"] .replica canvas.cells').dataset.labels === "0 0");
      assert.equal(await rowLabels(page, 1), "0 0", "a follower's row too");
      assert.equal(await page.textContent("#record-labels"), "Labels: epochs");

      await page.reload();
      await ready(page);
      assert.equal(await page.textContent("#record-labels"), "Labels: epochs", "remembered");

      await page.click("#compare-button");
      await page.locator("#compare").waitFor();
      await page.waitForFunction(() => window.__playground.compare()?.stop === 1 && !window.__playground.compare().playing, null, { timeout: 60_000 });
      for (const i of [0, 1]) assert.match(await paneLabels(page, i), /^\d+( \d+)*$/, `pane ${i} shows epochs`);
      assert.equal(await page.textContent("#compare-labels"), "Labels: epochs");
      await page.click("#compare-labels");
      await page.waitForFunction(() => /^m1/.test(document.querySelector('.compare-pane[data-pane="0"] .pic-cell text')?.textContent ?? ""));
      for (const i of [0, 1]) assert.match(await paneLabels(page, i), /^m1( m\d+)*$/, `pane ${i} shows values`);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  test("the legend's swatches follow the labels; the Chinese button has no gap after 标签：", TIMEOUT, async () => {
    const { page, errors, close } = await openReady({ query: "?lang=zh" });
    const swatches = () => page.$$eval(".legend .sw[data-value]", (els) => els.map((el) => el.textContent).join(" "));
    try {
      await page.evaluate(() => (document.querySelector(".legend").open = true));
      assert.equal(await swatches(), "m1 m2 m3", "values, as the cells");
      assert.equal(await page.textContent("#record-labels"), "标签：m1、m2", "no space after the full-width colon");
      const gap = await page.$eval("#record-labels", (b) => b.querySelector(".labels-mode").getBoundingClientRect().left - b.querySelector(".labels-word").getBoundingClientRect().right);
      assert.ok(gap < 1, `no gap drawn after 标签： (${gap} px)`);
      await page.click("#record-labels");
      await page.waitForFunction(() => document.querySelector("#record-labels").dataset.labels === "epoch");
      assert.equal(await swatches(), "0 0 1", "epochs, as the cells");
      await page.click("#record-labels");
      await page.waitForFunction(() => document.querySelector("#record-labels").dataset.labels === "value");
      assert.equal(await swatches(), "m1 m2 m3");
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  test("a lesson's rows name records as its captions do", TIMEOUT, async () => {
    const { page, errors, close } = await openPage({ query: "?scenario=10-hw-truncation-loss-0.8&step=2&lang=en" });
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await ready(page);
      await page.waitForFunction(() => window.__playground.lesson()?.stop === 2 && !window.__playground.lesson().playing);
      assert.equal(await rowLabels(page, 1), "m1 m2", "stop 2's caption: b1's log is m1, m2");
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
});
