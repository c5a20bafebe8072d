// The HW-history chart of a lesson opened at a later stop (a share link, an embed), and after
// Next change skipped ahead: it shows the history the page replayed or skipped, sampled from the
// core's snapshots on the way, not a flat line with a spike at the right edge (#14). The series is
// read back from the drawn step-line paths and held against the HW the core had at each tick
// (seeking back and stepping).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage } from "./browser.mjs";
import { ready } from "./helpers.mjs";

const TIMEOUT = { timeout: 120_000 };

/** The drawn HW series of partition `p`: [[tick, hw]] at each change, and the last tick drawn. */
async function drawnHw(page, p) {
  return page.evaluate((part) => {
    const lines = document.querySelector(`[data-partition="${part}"] .hw-chart .lines`);
    const [baseTick, baseValue] = lines.dataset.base.split(",").map(Number);
    const d = lines.querySelector(".hw-line").getAttribute("d");
    const points = [];
    let x = 0;
    for (const [, cmd, a, b] of d.matchAll(/([MHV])(-?[\d.e+]+)(?:,(-?[\d.]+))?/g)) {
      if (cmd === "M") points.push([(x = Number(a)), Number(b)]);
      else if (cmd === "H") x = Number(a);
      else points.push([x, Number(a)]);
    }
    return points.map(([px, v]) => [px + baseTick, v + baseValue]);
  }, p);
}

/** The core's HW of partition `p` at each tick `from` … `to` (seek to `from`, then Step). */
async function coreHw(page, p, from, to) {
  await page.evaluate((t) => window.__playground.seek(t), from);
  return page.evaluate(
    ({ part, n }) => {
      const out = [];
      for (let i = 0; i <= n; i++) {
        const s = window.__playground.snapshot();
        out.push([s.tick, s.partitions[part].hw]);
        if (i < n) document.querySelector("#step").click();
      }
      return out;
    },
    { part: p, n: to - from },
  );
}

describe("the HW chart of a lesson opened at a stop", () => {
  for (const [scenario, step] of [
    ["13-rolling-restart", 3],
    ["10-hw-truncation-loss-0.8", 4],
  ]) {
    test(`${scenario} at stop ${step}: the replayed history, with the HW the core had at every tick`, TIMEOUT, async () => {
      const { page, errors, close } = await openPage({ query: `?scenario=${scenario}&step=${step}&lang=en` });
      try {
        await page.setViewportSize({ width: 1280, height: 900 });
        await ready(page);
        await page.waitForFunction((n) => window.__playground.lesson()?.stop === n && !window.__playground.lesson().playing, step);
        const tick = await page.evaluate(() => window.__playground.snapshot().tick);
        await page.evaluate(() => window.__playground.render());
        const drawn = await drawnHw(page, 0);
        assert.ok(drawn.length >= 2, `the HW line moves: ${JSON.stringify(drawn)}`);
        const first = drawn[0][0];
        assert.ok(first <= Math.max(2, tick - 200), `it starts early in the replay (tick ${first} of ${tick}), not at the right edge`);
        const core = await coreHw(page, 0, first, tick);
        assert.equal(core.at(-1)[0], tick);
        const changes = core.filter(([, hw], i) => i > 0 && hw !== core[i - 1][1]).length;
        assert.ok(changes >= 1, `the core's HW moved on the way: ${JSON.stringify(core)}`);
        // The step line's value at each tick: that of its last point at or before it.
        const at = (t) => drawn.findLast(([pt]) => pt <= t)[1];
        // (No leader: HW -1, a gap in the line.)
        for (const [t, hw] of core) if (hw >= 0) assert.equal(at(t), hw, `HW at tick ${t} (drawn ${JSON.stringify(drawn)})`);
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });
  }

  test("free play: Next change skips past the HW's rise (acks=1 needs no follower); the chart has it at its tick", TIMEOUT, async () => {
    const { page, errors, close } = await openPage({ query: "?lang=en" });
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await ready(page);
      await page.selectOption("#produce-acks", "1");
      await page.click("#produce");
      // Skips stop at the changes a reader waits for (here the ack, the leader answering alone);
      // then one runs to its limit, the followers' fetches moving the HW on the way.
      const tick = () => page.evaluate(() => window.__playground.snapshot().tick);
      let from = await tick();
      let to = from;
      for (let i = 0; i < 4 && to - from < 1000; i++) {
        from = to;
        await page.click("#skip");
        to = await tick();
      }
      assert.ok(to - from >= 1000, `a long skip: ticks ${from} → ${to}`);
      await page.evaluate(() => window.__playground.render());
      const drawn = await drawnHw(page, 0);
      const rise = drawn.find(([, hw]) => hw === 1);
      assert.ok(rise && rise[0] > from && rise[0] < from + 100, `the HW reached 1 soon after tick ${from}, drawn there: ${JSON.stringify(drawn)}`);
      const core = await coreHw(page, 0, rise[0] - 1, rise[0]);
      assert.deepEqual(core, [[rise[0] - 1, 0], [rise[0], 1]], "the core's HW rose at that very tick");
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
});
