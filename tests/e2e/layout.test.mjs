// The first screen (issue #14): what a reader sees without scrolling at 1280×800 and 375×812, in
// free play and in a lesson (bounding boxes against the viewport); "Next change" stops at the
// next change the core reports; one toast per message; the start-here card; and the cumulative
// layout shift on load and over 10 s of play with the automatic producer (PerformanceObserver).
// Runs against the built page in dist/ (`npx vite build` first). Pictures: test-output/layout-*.png.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openPage } from "./browser.mjs";
import { lastToast, ready, snapshot, stepClicks, viewShot } from "./helpers.mjs";

const TIMEOUT = { timeout: 120_000 };

/** Open the page at `width`×`height` (set before the page loads, as a phone would). */
async function openAt(width, height, query = "") {
  const ctx = await openPage({ query });
  await ctx.page.setViewportSize({ width, height });
  await ctx.page.reload({ waitUntil: "load" });
  await ready(ctx.page);
  return ctx;
}

/** Boxes of `selector`'s visible elements, in viewport px, with the page scrolled to the top. */
const boxes = (page, selector) =>
  page.$$eval(selector, (els) =>
    els
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, what: `${el.className} ${el.dataset.broker ?? ""}` };
      }),
  );

/** Every visible element of `selector` lies inside the first screen (`height` px, no scrolling). */
async function assertAboveFold(page, selector, height, width, min = 1) {
  const found = await boxes(page, selector);
  assert.ok(found.length >= min, `${selector}: ${found.length} shown, expected at least ${min}`);
  for (const b of found) {
    assert.ok(b.top >= 0 && b.bottom <= height, `${selector} (${b.what}) spans y ${Math.round(b.top)}–${Math.round(b.bottom)}: not inside the first ${height} px`);
    assert.ok(b.left >= 0 && b.right <= width + 0.5, `${selector} (${b.what}) spans x ${Math.round(b.left)}–${Math.round(b.right)}: not inside ${width} px`);
  }
}

/** Start collecting layout shifts (buffered: those since the page loaded count too). */
const watchShifts = (page) =>
  page.evaluate(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
const shiftSum = (page) => page.evaluate(() => window.__shifts.reduce((a, b) => a + b, 0));

describe("the first screen at 1280×800, free play", () => {
  let ctx;
  before(async () => {
    ctx = await openAt(1280, 800);
  });
  after(async () => {
    await ctx?.close();
  });

  test("every partition's replica rows, the produce control and the fault buttons are on it", TIMEOUT, async () => {
    const { page, errors } = ctx;
    const snap = await snapshot(page);
    const rows = snap.partitions.reduce((n, p) => n + p.replicas.length, 0);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await assertAboveFold(page, ".partition .replica", 800, 1280, rows);
    // Each row's records, LEO / HW and lag clock are parts of the row; the ISR / OSR sets too.
    await assertAboveFold(page, ".partition .replica .track, .partition .replica .stats, .partition .sets", 800, 1280, rows * 2 + 3);
    await assertAboveFold(page, "#produce, #produce-partition, #produce-acks", 800, 1280, 3);
    await assertAboveFold(page, '#brokers [data-action="crash"], #brokers [data-action="menu"]', 800, 1280, snap.brokers.length * 2);
    await assertAboveFold(page, "#start-here, #skip, #play", 800, 1280, 3);
    await viewShot(page, "layout-1280-free");
    assert.deepEqual(errors, []);
  });

  test("the network picture is a compact strip that Enlarge draws full size, with ZooKeeper one click away", TIMEOUT, async () => {
    const { page } = ctx;
    const strip = await page.$eval("#cluster svg.cluster-svg", (s) => s.getBoundingClientRect().height);
    assert.ok(strip <= 260, `the strip is ${strip} px high`);
    await page.click("#cluster-expand");
    await page.waitForFunction((h) => document.querySelector("#cluster svg.cluster-svg").getBoundingClientRect().height > h + 40, strip);
    assert.equal(await page.getAttribute("#cluster-expand", "aria-pressed"), "true");
    await page.click("#cluster-expand");
    await page.waitForFunction((h) => document.querySelector("#cluster svg.cluster-svg").getBoundingClientRect().height <= h + 1, strip);
    assert.equal(await page.getAttribute('a[href="#zk-title"]', "href"), "#zk-title");
  });

  test("the row's stats say which figures are the replica's own and which the leader's view", TIMEOUT, async () => {
    const { page } = ctx;
    const head = await page.textContent('[data-partition="0"] .stats-head');
    assert.match(head, /own LEO · HW/);
    assert.match(head, /leader sees/);
    assert.match(await page.getAttribute('[data-partition="0"] .stats-head', "title"), /replica\.lag\.time\.max\.ms.*checks every 15\.0 s/);
  });
});

describe("the first screen at 375×812, free play", () => {
  let ctx;
  before(async () => {
    ctx = await openAt(375, 812);
  });
  after(async () => {
    await ctx?.close();
  });

  test("the chosen partition's rows and Produce are on it; the tabs choose another", TIMEOUT, async () => {
    const { page, errors } = ctx;
    assert.equal(await page.locator(".partition.is-chosen").count(), 1);
    assert.equal(await page.getAttribute(".partition.is-chosen", "data-partition"), "0");
    await assertAboveFold(page, ".partition .replica", 812, 375, 3);
    await assertAboveFold(page, "#produce, #produce-partition", 812, 375, 2);
    // The rows' own LEO and HW next to the leader's view of them: the heading says which is which.
    await assertAboveFold(page, ".partition:not([hidden]) .stats-head", 812, 375, 1);
    const header = await page.$eval(".topbar", (el) => el.getBoundingClientRect().height);
    assert.ok(header <= 812 * 0.15, `the header takes ${header} px`);
    assert.equal(await page.$eval(".topbar", (el) => getComputedStyle(el).position), "sticky");
    await viewShot(page, "layout-375-free");
    await page.click('.partition-tab[data-tab="2"]');
    await page.waitForFunction(() => document.querySelector(".partition.is-chosen")?.dataset.partition === "2");
    assert.equal(await page.inputValue("#produce-partition"), "2");
    await assertAboveFold(page, ".partition .replica", 812, 375, 3);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 375, `the page is ${wide} px wide`);
    assert.deepEqual(errors, []);
  });
});

describe("the first screen in a lesson", () => {
  test("at 1280×800: the caption, Next / Back and the lesson's partition together; only its brokers in the picture", TIMEOUT, async () => {
    const ctx = await openAt(1280, 800, "?scenario=09-leader-failure&step=2");
    try {
      const { page, errors } = ctx;
      await page.waitForFunction(() => window.__playground.lesson()?.stop === 2 && !window.__playground.lesson().playing);
      await assertAboveFold(page, "#lesson-caption, #lesson-next, #lesson-back", 800, 1280, 3);
      await assertAboveFold(page, ".partition .replica", 800, 1280, 3);
      assert.ok((await page.textContent("#lesson-caption")).length > 20);
      // One partition in the lesson: drawn large.
      assert.equal(await page.evaluate(() => document.body.classList.contains("lesson-one")), true);
      assert.equal(await page.$eval(".replica .track", (el) => getComputedStyle(el).getPropertyValue("--cell").trim()), "28px");
      await viewShot(page, "layout-1280-lesson");
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  });

  test("at 375×812: the caption, Next and the partition's rows", TIMEOUT, async () => {
    const ctx = await openAt(375, 812, "?scenario=09-leader-failure&step=2");
    try {
      const { page, errors } = ctx;
      await page.waitForFunction(() => window.__playground.lesson()?.stop === 2 && !window.__playground.lesson().playing);
      await assertAboveFold(page, "#lesson-caption, #lesson-next, #lesson-back", 812, 375, 3);
      await assertAboveFold(page, ".partition .replica", 812, 375, 3);
      const tops = await page.$$eval("#lesson .lesson-nav > *", (els) => els.map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2)));
      assert.ok(Math.max(...tops) - Math.min(...tops) <= 2, `Restart, Back, the stop, Next and Close on one line (their middles at y ${tops})`);
      await viewShot(page, "layout-375-lesson");
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  });
});

describe("the toolbar at 1280×800", () => {
  for (const lang of ["en", "zh"]) {
    test(`${lang}: the same height when the speed readout says "capped" (a slow device at the top speed)`, TIMEOUT, async () => {
      const ctx = await openAt(1280, 800, `?lang=${lang}`);
      try {
        const { page } = ctx;
        const heights = () => page.evaluate(() => ["header.topbar", ".controls"].map((s) => document.querySelector(s).getBoundingClientRect().height));
        const normal = await heights();
        await page.evaluate(() => {
          const speed = document.querySelector("#speed");
          speed.value = speed.max;
          speed.dispatchEvent(new Event("input", { bubbles: true }));
        });
        assert.deepEqual(await heights(), normal, "at 1000 ticks/s");
        // A device 30 times slower: the loop runs fewer ticks than asked and says so.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 30 });
        await page.click("#play");
        await page.waitForSelector('#speed-value[data-capped="true"]', { timeout: 60_000 });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
        const text = await page.textContent("#speed-value");
        assert.match(text, lang === "en" ? /^capped at\n\d+ ticks\/s/ : /^已限速，实际\n\d+ tick\/秒/);
        assert.deepEqual(await heights(), normal, `capped: "${text}"`);
        const box = await page.$eval("#speed-value", (el) => [el.scrollWidth <= el.clientWidth, el.scrollHeight <= el.clientHeight + 1]);
        assert.deepEqual(box, [true, true], "the readout fits its box");
      } finally {
        await ctx.close();
      }
    });
  }
});

describe("compare mode at 375×812", () => {
  test("each pane's picture, its partition line included, lies inside the pane and the screen", TIMEOUT, async () => {
    const ctx = await openAt(375, 812, "?mode=compare&preset=acks&step=2&lang=en");
    try {
      const { page } = ctx;
      await page.waitForFunction(() => window.__playground.compare()?.stop === 2 && document.querySelectorAll(".compare-pane .pane-picture svg").length === 2);
      const out = await page.$$eval(".compare-pane", (panes) =>
        panes.flatMap((pane) => {
          const box = pane.querySelector(".pane-picture").getBoundingClientRect();
          return [...pane.querySelectorAll(".pane-picture svg text")]
            .map((el) => ({ text: el.textContent, r: el.getBoundingClientRect() }))
            .filter(({ r }) => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > window.innerWidth)
            .map(({ text, r }) => `"${text}" spans x ${Math.round(r.left)}–${Math.round(r.right)}, the pane ${Math.round(box.left)}–${Math.round(box.right)}`);
        }),
      );
      assert.deepEqual(out, [], "nothing of the picture is cut at the pane's edge");
      const head = await page.$$eval(".compare-pane .pane-picture svg text", (els) => els.filter((el) => /ISR \{|HW \d/.test(el.textContent) && el.getAttribute("font-size") === "12").map((el) => el.textContent).join(" "));
      assert.match(head, /leader B0 · epoch 0 · ISR \{0,1,2\}.*HW \d/, "the partition line says leader, epoch, ISR and HW");
      const tops = await page.$$eval("#compare .lesson-nav > *", (els) => els.map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2)));
      assert.ok(Math.max(...tops) - Math.min(...tops) <= 2, `Restart, Back, the stop, Next and Close on one line (their middles at y ${tops})`);
      await viewShot(page, "layout-375-compare");
    } finally {
      await ctx.close();
    }
  });
});

describe("free play that teaches", () => {
  let ctx;
  before(async () => {
    ctx = await openAt(1280, 800);
  });
  after(async () => {
    await ctx?.close();
  });

  test("Next change stops at the tick of the next change the core reports (here: the ISR shrinks after a crash)", TIMEOUT, async () => {
    const { page } = ctx;
    const snap = await snapshot(page);
    const follower = snap.partitions[0].replicas.find((b) => b !== snap.partitions[0].leader);
    await page.click(`#brokers [data-action="crash"][data-broker="${follower}"]`);
    let stops = 0;
    while ((await snapshot(page)).partitions[0].isr.includes(follower)) {
      assert.ok(++stops <= 6, "the ISR shrank within 6 skips");
      const before = (await snapshot(page)).tick;
      await page.click("#skip");
      const now = (await snapshot(page)).tick;
      assert.ok(now > before, "a skip moves time on");
      const text = await lastToast(page);
      assert.match(text, new RegExp(`^Stopped at tick ${now}: `), "it says where it stopped and why");
    }
    assert.equal(await page.evaluate(() => window.__playground.running), false, "it stops there, paused");
  });

  test("the fault help says what each fault does under the chosen version", TIMEOUT, async () => {
    const { page } = ctx;
    assert.match(await page.textContent(".fault-help summary"), /Kafka 3\.7/);
    const stuck = await page.textContent('.fault-help [data-fault="stuck"]');
    assert.match(stuck, /18\.0 s/, "the ZooKeeper session of 3.7");
    assert.match(stuck, /30\.0 s/, "replica.lag.time.max.ms of 3.7");
    assert.match(stuck, /session expiry comes first/);
    assert.match(await page.textContent('.fault-help [data-fault="slow"]'), /does not shrink the ISR/);
  });

  test("one toast per message: a repeat counts instead of stacking", TIMEOUT, async () => {
    const { page } = ctx;
    await page.evaluate(() => document.querySelectorAll("#toasts .toast").forEach((t) => t.remove()));
    await page.focus("body");
    for (let i = 0; i < 3; i++) await page.keyboard.press("c"); // no broker selected: the same hint three times
    assert.equal(await page.locator("#toasts .toast").count(), 1);
    assert.equal(await page.textContent("#toasts .toast .toast-count"), "×3");
  });

  test("the start-here card, once dismissed, never comes back", TIMEOUT, async () => {
    const { page } = ctx;
    assert.equal(await page.isVisible("#start-here"), true);
    await page.click("#start-here-close");
    assert.equal(await page.isVisible("#start-here"), false);
    await page.reload({ waitUntil: "load" });
    await ready(page);
    assert.equal(await page.isVisible("#start-here"), false);
  });
});

describe("layout shift", () => {
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    test(`at ${width}×${height}: ≤ 0.02 on load and over 10 s of play with the automatic producer`, TIMEOUT, async () => {
      const ctx = await openAt(width, height);
      try {
        const { page } = ctx;
        await watchShifts(page);
        await page.waitForTimeout(1000);
        const onLoad = await shiftSum(page);
        assert.ok(onLoad <= 0.02, `cumulative layout shift on load: ${onLoad.toFixed(4)}`);
        await page.evaluate(() => {
          window.__shifts.length = 0;
          const auto = document.querySelector("#auto-on");
          auto.click();
          document.querySelector("#play").click();
        });
        await page.waitForTimeout(10_000);
        const playing = await shiftSum(page);
        assert.ok((await snapshot(page)).partitions.some((p) => p.hw > 0), "records were produced and committed");
        assert.ok(playing <= 0.02, `cumulative layout shift over 10 s of play: ${playing.toFixed(4)}`);
      } finally {
        await ctx.close();
      }
    });
  }
});

describe("a phone's replica label", () => {
  // The badge of a broker's status must sit inside the label's box: on a phone the label is one
  // line that hides what overflows, unless the status lets it take two.
  const statusShown = (page, row) =>
    page.$eval(row, (el) => {
      const label = el.querySelector(".label").getBoundingClientRect();
      const badge = el.querySelector(".down-badge");
      const b = badge.getBoundingClientRect();
      return { text: badge.textContent, hidden: badge.hidden, inside: b.right <= label.right + 0.5 && b.bottom <= label.bottom + 0.5 && b.width > 0 };
    });
  const cases = [
    ["a stuck leader: leader, ISR and stuck take two lines", "?scenario=k11-kraft-zombie-fetch-broker-epoch&step=3", '[data-partition="0"] .replica.is-leader', "stuck"],
    ["a crashed replica the metadata still lists: ISR and crashed take two lines", "?scenario=k10-kraft-controller-failover-quorum-loss&step=5", '[data-partition="0"] .replica[data-broker="0"]', "crashed"],
  ];
  for (const [name, query, row, text] of cases) {
    test(`${name}, the status shown, not clipped`, TIMEOUT, async () => {
      const ctx = await openAt(375, 812, query);
      try {
        assert.deepEqual(await statusShown(ctx.page, row), { text, hidden: false, inside: true });
      } finally {
        await ctx.close();
      }
    });
  }
});

describe("a phone's partition head, in Chinese", () => {
  // "分区 0 ♛ leader B0 leader_epoch 0" leaves room for "HW 0" on the head's first line, not for
  // "· 等待 B1, B2": the HW starts a second line in every language, so the wait that comes with
  // every produce takes no new line and moves no row.
  test("the HW and what it waits for share the second line, there before the wait; a produce moves no row", TIMEOUT, async () => {
    const ctx = await openAt(375, 812, "?lang=zh");
    try {
      const { page } = ctx;
      const measure = () =>
        page.$eval('[data-partition="0"]', (p) => {
          const top = (sel) => p.querySelector(sel).getBoundingClientRect().top;
          return { h3: top("h3"), hw: top(".meta-hw > .meta-hw-text"), wait: top(".meta-hw-wait"), row: top(".replica"), text: p.querySelector(".meta-hw-wait").textContent };
        });
      const before = await measure();
      assert.ok(before.hw > before.h3 + 10, `the HW on the second line: ${JSON.stringify(before)}`);
      await page.evaluate(() => document.querySelector("#produce").click());
      await stepClicks(page, 3);
      const after = await measure();
      assert.equal(after.text, "· 等待 B1, B2");
      assert.equal(after.wait, after.hw, "the wait on the HW's line");
      assert.equal(after.row, before.row, "the rows did not move");
    } finally {
      await ctx.close();
    }
  });
});

describe("a lesson's one partition, drawn large", () => {
  // The tracks were measured before the lesson's layout was set (body.lesson-one: 28 px cells):
  // a lesson opened at a stop drew its cells 18 px wide while the HW and LEO markers, placed by
  // CSS, stood 28 px a slot to the right, past the track's end (lesson 04 at stop 3).
  for (const width of [1280, 375]) {
    test(`at ${width} px the leader's HW and LEO marks stand at the end of its drawn records`, TIMEOUT, async () => {
      const ctx = await openAt(width, 812, "?scenario=04-lag-max-messages-0.8&step=3");
      try {
        await ctx.page.waitForTimeout(600); // the markers' transition (0.35 s)
        const r = await ctx.page.$eval('[data-partition="0"] .replica.is-leader', (row) => {
          const track = row.querySelector(".track");
          const canvas = row.querySelector("canvas.cells");
          const cell = parseFloat(getComputedStyle(track).getPropertyValue("--cell"));
          const end = (canvas.__cells.at(-1).offset - canvas.__start + 1) * cell;
          const left = track.getBoundingClientRect().left;
          const at = (sel) => Math.round(row.querySelector(sel).getBoundingClientRect().left - left);
          return { cell, drawnAt: canvas.__cellPx, hw: at(".hw-marker"), leo: at(".leo-marker"), end: Math.round(end), inside: end <= track.getBoundingClientRect().width + 0.5 };
        });
        assert.equal(r.drawnAt, r.cell, "the records are drawn with the CSS cell width");
        assert.ok(Math.abs(r.hw - r.end) <= 3 && Math.abs(r.leo - r.end) <= 3, `HW at ${r.hw} px, LEO at ${r.leo} px, the records end at ${r.end} px`);
        assert.ok(r.inside, "the marks are within the track");
      } finally {
        await ctx.close();
      }
    });
  }
});

describe("an embed's one column", () => {
  for (const controls of ["minimal", "none"]) {
    test(`controls=${controls} at 430 px: the partitions span the width, their rows on the first screen, the stage below them`, TIMEOUT, async () => {
      const ctx = await openAt(430, 900, `?scenario=01-anatomy&step=1&controls=${controls}`);
      try {
        const { page } = ctx;
        const [panel] = await boxes(page, ".partitions-panel");
        // The embed's grid once named an area no panel had: the partitions got a 20 px column.
        assert.ok(panel.right - panel.left >= 400, `the partitions panel is ${Math.round(panel.right - panel.left)} px wide in a 430 px embed`);
        await assertAboveFold(page, '[data-partition="0"] .replica', 900, 430, 3);
        if (controls === "minimal") {
          const [stage] = await boxes(page, ".stage");
          assert.ok(stage.top >= panel.bottom, `the stage (y ${Math.round(stage.top)}) is below the partitions (to y ${Math.round(panel.bottom)})`);
        }
      } finally {
        await ctx.close();
      }
    });
  }
});

/** The partition head's HW and what it waits for: their texts and whether each shows whole. */
const hwShown = (page, box = ".meta-hw-text:not(.meta-hw-wait)") =>
  page.$eval(`[data-partition="0"] .partition-head ${box}`, (el) => {
    const right = el.closest(".partition-head").getBoundingClientRect().right;
    return { text: el.textContent, whole: el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= right + 0.5 };
  });

describe("a partition head's HW at 1280 px", () => {
  test("01-anatomy stop 3: 'HW 0 · waits for B1, B2' whole on the head's line", TIMEOUT, async () => {
    const ctx = await openAt(1280, 800, "?scenario=01-anatomy&step=3");
    try {
      assert.deepEqual(await hwShown(ctx.page), { text: "HW 0", whole: true });
      assert.deepEqual(await hwShown(ctx.page, ".meta-hw-wait"), { text: "· waits for B1, B2", whole: true });
    } finally {
      await ctx.close();
    }
  });
});

describe("a partition head's flags at 1280 px", () => {
  for (const [scenario, want, title, hw] of [
    // The head names the leader already ("♛ leader B0"): the flag's short words are its state.
    ["k11-kraft-zombie-fetch-broker-epoch&step=3", "stuck", /no writes until the controller fences it/],
    ["k10-kraft-controller-failover-quorum-loss&step=5", "crashed", /no writes until the controller fences it/],
    // A reassignment's head also has its Reassign button and the sets beside it.
    ["14-reassignment&step=3", "under-rep.", /^under-replicated$/],
    // The HW waits for B2 too: its "· waits for B2" gives way, the flag and the HW do not.
    ["13-rolling-restart&step=2", "under-rep.", /^under-replicated$/, "HW 0"],
    ["k4-kraft-elr&step=3", null],
  ]) {
    test(`${scenario}: ${want ? `"${want}" whole on the head's line, every flag in its title` : "offline: the head's 'no leader' says it, no sliver of a pill"}`, TIMEOUT, async () => {
      const ctx = await openAt(1280, 800, `?scenario=${scenario}`);
      try {
        if (hw) assert.deepEqual(await hwShown(ctx.page), { text: hw, whole: true });
        const r = await ctx.page.$eval('[data-partition="0"] .partition-head', (head) => {
          const right = head.getBoundingClientRect().right;
          return [...head.querySelectorAll(".pill")]
            .filter((p) => p.getClientRects().length > 0)
            .map((p) => ({ text: p.querySelector(".flag-short").textContent, whole: p.scrollWidth <= p.clientWidth && p.getBoundingClientRect().right <= right + 0.5, title: p.title }));
        });
        if (!want) return assert.deepEqual(r, []);
        assert.equal(r.length, 1, JSON.stringify(r));
        assert.deepEqual([r[0].text, r[0].whole], [want, true]);
        assert.match(r[0].title, title);
      } finally {
        await ctx.close();
      }
    });
  }
});
