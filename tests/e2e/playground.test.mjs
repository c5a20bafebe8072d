// The playground's interactions beyond produce / crash (page.test.mjs): exact time travel, the
// keyboard, faults (stuck follower, link cut), the inspector, the context menu, the
// configuration panel, a large cluster, errors shown in words, auto-pause; and the reference
// screenshots at 375, 1280 and 1920 px in light and dark (test-output/playground-<w>-<theme>.png).
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { screenshot } from "./browser.mjs";
import { applyConfig, clippedBoxes, inspectorOpen, lastToast, leaderShown, messagePoint, openReady, recordPoint, setHidden, setSpeed, snapshot, stateHash, stepClicks, stepUntil, tickOf } from "./helpers.mjs";

const TIMEOUT = { timeout: 120_000 };


describe("the playground", () => {
  let ctx;
  before(async () => {
    ctx = await openReady();
  });
  after(async () => {
    await ctx?.close();
  });
  // Every test starts from the default cluster at tick 0 (applying a config resets).
  beforeEach(async () => {
    await ctx.page.evaluate(() => document.querySelectorAll("dialog[open]").forEach((d) => d.close()));
    await applyConfig(ctx.page);
  });

  test("the scrubber goes back exactly: the state hash equals the one seen at that tick", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await stepClicks(page, 20);
    await page.fill("#produce-count", "4");
    await page.click("#produce");
    await stepClicks(page, 15);
    await page.click(`#brokers [data-action="crash"][data-broker="2"]`);
    await stepClicks(page, 25);
    const mark = await tickOf(page);
    const hashAtMark = await stateHash(page);
    const snapAtMark = await snapshot(page);
    await stepClicks(page, 1); // (an action at the mark would be part of the state at the mark)
    await page.fill("#produce-count", "2");
    await page.click("#produce");
    await stepClicks(page, 60);
    assert.notEqual(await stateHash(page), hashAtMark, "the state moved on");
    const horizon = await tickOf(page);

    // Drag the scrubber back to the mark.
    await page.$eval(
      "#scrubber",
      (el, t) => {
        el.value = String(t);
        el.dispatchEvent(new Event("input", { bubbles: true }));
      },
      mark,
    );
    await page.waitForFunction((t) => window.__playground.snapshot().tick === t, mark);
    assert.equal(await stateHash(page), hashAtMark, "same state hash after seeking back");
    const again = await snapshot(page);
    assert.deepEqual(again.partitions, snapAtMark.partitions, "same partitions drawn");
    assert.deepEqual(again.brokers, snapAtMark.brokers);
    assert.equal(await page.getAttribute("#scrubber", "max"), String(horizon), "the history is kept");
    assert.match(await page.textContent("#timeline-status"), /replaying recorded history/);
    assert.equal(await page.locator(`.node[data-broker="2"].status-crashed`).count(), 1, "drawn as it was then");

    // Forward again through the recorded actions: the same end state.
    await stepClicks(page, horizon - mark);
    const endHash = await stateHash(page);
    await page.click("#step-back");
    assert.equal(await tickOf(page), horizon - 1);
    await page.click("#step");
    assert.equal(await stateHash(page), endHash, "step back then forward lands on the same state");

    // Jump from the event list to the crash.
    const crashEvent = page.locator("#events .event.ev-broker-fail").first();
    const crashTick = Number(await crashEvent.getAttribute("data-jump-tick"));
    await crashEvent.click();
    assert.equal(await tickOf(page), crashTick);
    assert.equal((await snapshot(page)).brokers[2].status, "crashed", "the crash happened at that tick");

    // Acting in the past forks: the recorded future is dropped.
    await page.click("#produce");
    assert.equal(await page.getAttribute("#scrubber", "max"), String(crashTick));
    assert.match(await lastToast(page), /changed the past/);
    assert.deepEqual(errors, []);
  });

  test("keyboard: space, arrows, P, digits + C/U, R and ? work", TIMEOUT, async () => {
    const { page, errors } = ctx;
    // Nothing focused (Space on a focused button presses the button, as it should).
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("s");
    assert.equal(await tickOf(page), 2, "→ and S step");
    await page.keyboard.press("ArrowLeft");
    assert.equal(await tickOf(page), 1, "← steps back");
    await page.keyboard.press("p");
    assert.equal((await snapshot(page)).requests.length, 1, "P produces");
    await page.keyboard.press(" ");
    assert.equal(await page.getAttribute("#play", "aria-pressed"), "true", "space plays");
    await page.keyboard.press(" ");
    assert.equal(await page.getAttribute("#play", "aria-pressed"), "false", "space pauses");
    await page.keyboard.press("3");
    assert.match(await page.getAttribute('.node[data-broker="3"]', "class"), /is-selected/, "3 selects broker 3");
    await page.keyboard.press("c");
    assert.equal((await snapshot(page)).brokers[3].status, "crashed", "C crashes the selected broker");
    await page.keyboard.press("u");
    assert.equal((await snapshot(page)).brokers[3].status, "up", "U recovers it");
    // Typing in a field is not a shortcut.
    await page.focus("#produce-count");
    const t = await tickOf(page);
    await page.keyboard.press("s");
    assert.equal(await tickOf(page), t);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press("?");
    assert.equal(await page.evaluate(() => document.querySelector("#help").open), true, "? opens the help");
    assert.ok((await page.locator("#help .help-keys tr").count()) >= 12, "the help lists the shortcuts");
    await page.keyboard.press("Escape");
    assert.equal(await page.evaluate(() => document.querySelector("#help").open), false, "Esc closes it");
    await page.keyboard.press("r");
    assert.equal(await tickOf(page), 0, "R resets");
    assert.equal((await snapshot(page)).requests.length, 0);
    assert.deepEqual(errors, []);
  });

  test("the picture works from the keyboard: brokers and links are focusable buttons", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.focus('.node[data-broker="1"]');
    assert.match(await page.evaluate(() => document.activeElement.getAttribute("aria-label")), /^B1, up\b.*: Broker 1\b/);
    await page.keyboard.press("Enter");
    assert.equal(await inspectorOpen(page), "Broker 1", "Enter opens its state");
    await page.keyboard.press("Escape");
    await page.focus('.node[data-broker="1"]');
    await page.keyboard.press("Shift+F10");
    assert.equal(await page.locator("#context-menu").isVisible(), true, "Shift+F10 opens its menu");
    await page.keyboard.press("ArrowDown");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.menuAction), "crashLossy", "arrows move in the menu");
    await page.keyboard.press("Escape");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.broker), "1", "focus returns to the broker");
    await page.focus('.link[data-link="2-3"]');
    await page.keyboard.press("Enter");
    assert.match(await page.getAttribute('.link[data-link="2-3"]', "class"), /\bcut\b/, "Enter cuts a focused link");
    await page.keyboard.press(" ");
    assert.doesNotMatch(await page.getAttribute('.link[data-link="2-3"]', "class"), /\bcut\b/, "Space heals it");
    assert.deepEqual(errors, []);
  });

  test("a stuck follower leaves the ISR after replica.lag.time.max.ms and returns after recovery", TIMEOUT, async () => {
    const { page, errors } = ctx;
    // 10 s of lag time (100 ticks): well inside the 18 s ZooKeeper session, so the leader's lag
    // check removes it, not the controller noticing an expired session.
    await applyConfig(page, { replicaLagTimeMaxMs: 10000 });
    await stepClicks(page, 30);
    const follower = (await snapshot(page)).partitions[0].replicas[1];
    await page.click(`#brokers [data-action="menu"][data-broker="${follower}"]`);
    await page.click('[data-menu-action="stuck"]');
    const toast = await lastToast(page);
    assert.equal((await snapshot(page)).brokers[follower].status, "stuck", `the core made it stuck (${toast})`);
    assert.match(await page.getAttribute(`.node[data-broker="${follower}"]`, "class"), /status-stuck/);
    const lagTicks = await page.evaluate(() => window.__playground.snapshot().config.replicaLagTimeMaxMs / 100);
    const inIsr = (s, b) => s.partitions[0].isr.includes(b);
    assert.equal(inIsr(await snapshot(page), follower), true, "still in the ISR at first");
    // A follower whose LEO equals the leader's is never out of sync (2.8+): give it something to miss.
    await page.selectOption("#produce-partition", "0");
    await page.fill("#produce-count", "3");
    await page.click("#produce");
    const left = await stepUntil(page, new Function("s", `return !s.partitions[0].isr.includes(${follower})`), lagTicks * 2);
    // The leader checks every lag/2, so it notices between 1× and 1.5× the lag time.
    assert.ok(left >= lagTicks * 0.9 && left <= lagTicks * 1.6, `left the ISR after about the lag time (${left} ticks, limit ${lagTicks})`);
    assert.equal((await snapshot(page)).brokers[follower].registered, true, "still registered: not the ZooKeeper session");
    assert.equal(await page.locator(`[data-partition="0"] .set-osr .chip[data-broker="${follower}"]`).count(), 1);
    // Its lag clock (a canvas) is past the limit: drawn red, and said in words in the row's label.
    const row = `[data-partition="0"] .replica[data-broker="${follower}"]`;
    assert.match(await page.getAttribute(`${row} .lag`, "class"), /\blag-over\b/);
    assert.ok((await page.locator(`${row} .lag-clock`).boundingBox()).width > 40, "the clock is drawn");
    const since = (await page.getAttribute(row, "aria-label")).match(/([\d.]+) s since caught up \((\d+)% of replica\.lag\.time\.max\.ms\)/);
    assert.ok(since && Number(since[1]) >= 10 && since[2] === "100", `the label says how long: ${since?.[0]}`);
    await page.click(`#brokers [data-action="recover"][data-broker="${follower}"]`);
    const back = await stepUntil(page, new Function("s", `return s.partitions[0].isr.includes(${follower})`), 400);
    assert.ok(back >= 0, "back in the ISR after recovery");
    assert.equal(await page.locator(`[data-partition="0"] .set-isr .chip[data-broker="${follower}"]`).count(), 1);
    assert.match(await page.textContent("#events"), /isr-shrink.*not caught up for/, "the event says why");
    assert.deepEqual(errors, []);
  });

  test("click a link to cut it and again to heal it; idempotence on and off", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await stepClicks(page, 5);
    const isCut = () => page.evaluate(() => document.querySelector('.link[data-link="0-1"]').classList.contains("cut"));
    await page.locator('.link[data-link="0-1"]').dispatchEvent("click"); // the strip's diagonals pass near its middle (issue #14)
    assert.equal(await isCut(), true, `cut (${await lastToast(page)})`);
    assert.match(await page.getAttribute('.link[data-link="0-1"]', "aria-label"), /: cut\b.*Press to heal/);
    await stepClicks(page, 2);
    assert.match(await page.textContent("#events"), /link-cut/);
    await page.locator('.link[data-link="0-1"]').dispatchEvent("click");
    assert.equal(await isCut(), false, "healed");
    // The 3.7 preset is idempotent: the box starts checked; unchecking sends idempotence: false.
    assert.equal(await page.isChecked("#produce-idempotence"), true);
    await page.uncheck("#produce-idempotence");
    await page.click("#produce");
    await page.check("#produce-idempotence");
    await page.click("#produce");
    assert.equal((await snapshot(page)).requests.length, 2);
    assert.equal((await page.textContent("#produce-error")).trim(), "");
    await stepClicks(page, 3);
    assert.equal(await page.locator("#banner:not([hidden])").count(), 0, "the page is not broken");
    assert.deepEqual(errors, []);
  });

  test("a fault the core refuses is explained in words", TIMEOUT, async () => {
    const { page, errors } = ctx;
    // Idempotence needs 0.11+: a 0.8 cluster refuses it.
    await applyConfig(page, {}, "0.8");
    await page.check("#produce-idempotence");
    await page.click("#produce");
    assert.match(await page.textContent("#produce-error"), /idempotence/i, "the core's words next to the form");
    assert.equal((await snapshot(page)).requests.length, 0, "nothing sent");
    assert.deepEqual(errors, []);
  });

  test("inspector: a broker, the leader's per-follower table, a record, a message", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.fill("#produce-count", "6");
    await page.click("#produce");
    await stepClicks(page, 4);
    await page.click('.node[data-broker="1"]');
    assert.equal(await inspectorOpen(page), "Broker 1");
    assert.match(await page.textContent("#inspector"), /Replicas on this broker/);
    await page.click("#inspector .dialog-close");

    const leader = await leaderShown(page, 0);
    await page.click(`[data-partition="0"] .replica[data-broker="${leader}"] .replica-name`);
    await inspectorOpen(page);
    const heads = await page.$$eval("#inspector th", (ths) => ths.map((t) => t.textContent));
    for (const h of ["Follower", "LEO", "Last caught up", "Lag (msgs)", "In ISR", "Fetch in flight"]) assert.ok(heads.includes(h), `column ${h}`);
    // Live: stepping with the dialog open updates it.
    const before = await page.textContent("#inspector .inspector-body");
    await page.evaluate(() => document.querySelector("#step").click());
    await page.evaluate(() => document.querySelector("#step").click());
    assert.notEqual(await page.textContent("#inspector .inspector-body"), before, "the inspector follows the state");
    await page.keyboard.press("Escape");

    const at = await recordPoint(page, 0, leader, 2);
    await page.mouse.click(at.x, at.y);
    assert.match(await inspectorOpen(page), /offset 2 of P0/);
    await page.keyboard.press("Escape");

    // A message drawn over the picture: its text under the pointer, the inspector on a click.
    const glyph = await messagePoint(page);
    assert.ok(glyph, "a message in flight (the followers' fetches)");
    await page.mouse.move(glyph.x, glyph.y);
    assert.equal(await page.getAttribute("#cluster .cluster-figure", "title"), glyph.text);
    await page.mouse.click(glyph.x, glyph.y);
    assert.match(await inspectorOpen(page), new RegExp(`#${glyph.seq}$`));
    await page.keyboard.press("Escape");
    await page.mouse.move(glyph.x, glyph.y - 40);
    // They are in the exported picture too (as SVG: the page draws them on a canvas).
    const drawn = await page.$eval("#cluster canvas.messages-layer", (c) => c.__shown.map((s) => s.m.text));
    const picture = await page.evaluate(() => window.__playground.pictureSvg());
    const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    for (const text of drawn) assert.ok(picture.includes(`<title>${escape(text)}</title>`), `message "${text}" in the picture`);

    await page.click(".inflight summary");
    const msg = page.locator(".inflight-item").first();
    if (await msg.count()) {
      await msg.click();
      assert.match(await inspectorOpen(page), /#\d+$/);
      assert.match(await page.textContent("#inspector"), /From → to/);
      await page.keyboard.press("Escape");
    }
    assert.deepEqual(errors, []);
  });

  test("context menu: right-click a broker, arrows and Enter pick a fault, Escape closes", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.click('.node[data-broker="2"]', { button: "right" });
    const menu = page.locator("#context-menu");
    assert.equal(await menu.isVisible(), true);
    assert.equal(await menu.getAttribute("role"), "menu");
    assert.equal(await page.locator('#context-menu [data-menu-action="recover"]').isDisabled(), true, "recover makes no sense for an up broker");
    await page.keyboard.press("Escape");
    assert.equal(await menu.isHidden(), true);
    await page.click('.node[data-broker="2"]', { button: "right" });
    assert.equal(await page.evaluate(() => document.activeElement.dataset.menuAction), "crash", "focus on the first item");
    await page.keyboard.press("Enter");
    assert.equal((await snapshot(page)).brokers[2].status, "crashed", "Enter crashed it");
    await page.screenshot({ path: "test-output/playground-menu.png" });
    assert.deepEqual(errors, []);
  });

  test("configuration: built from the config, version presets, rejected configs explained, applied by reset", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.waitForFunction(() => !document.querySelector("#config-panel").open && !document.querySelector("#config-form [data-key]"), null, { timeout: 10_000 }); // folded: no fields built
    await page.evaluate(() => (document.querySelector("#config-panel").open = true));
    await page.waitForSelector("#config-form [data-key]");
    const keys = await page.$$eval("#config-form [data-key]", (els) => els.map((e) => e.dataset.key));
    const config = (await snapshot(page)).config;
    assert.deepEqual(keys.sort(), Object.keys(config).sort(), "one field per config key");
    assert.equal(await page.getAttribute("#cfg-uncleanLeaderElectionEnable", "type"), "checkbox");
    assert.equal(await page.getAttribute("#cfg-brokers", "type"), "number");

    await page.selectOption("#cfg-version", "0.8");
    assert.equal(await page.inputValue("#cfg-truncation"), "high-watermark", "0.8 truncates to the HW");
    assert.equal(await page.inputValue("#cfg-zookeeperSessionTimeoutMs"), "6000");
    assert.equal(await page.isChecked("#cfg-uncleanLeaderElectionEnable"), true);

    await page.fill("#cfg-replicationFactor", "9");
    await page.click("#config-form button[type=submit]");
    assert.match(await page.textContent(".config-error"), /replicationFactor/, "the core's words");
    assert.equal((await snapshot(page)).config.version, "3.7", "the cluster was kept");

    await page.fill("#cfg-replicationFactor", "2");
    await page.fill("#cfg-brokers", "5");
    await page.click("#config-form button[type=submit]");
    const s = await snapshot(page);
    assert.deepEqual([s.config.version, s.config.brokers, s.config.replicationFactor, s.config.truncation], ["0.8", 5, 2, "high-watermark"]);
    assert.equal(await page.locator(".node[data-broker]").count(), 5);
    assert.equal(await page.isHidden(".config-error"), true);
    assert.deepEqual(errors, []);
  });

  test("a large cluster (24 brokers × 200 partitions) renders in the compact view", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await applyConfig(page, { brokers: 24, partitions: 200 });
    await page.waitForFunction(() => window.__playground.snapshot().partitions.length === 200);
    await stepClicks(page, 60);
    assert.equal(await page.locator(".compact-table tbody tr[data-partition]").count(), 200, "one row per partition");
    assert.equal(await page.locator("canvas.cells").count(), 0, "no per-record drawing");
    assert.equal(await page.locator(".node[data-broker]").count(), 24);
    assert.equal(await page.getAttribute("#view-mode", "aria-pressed"), "true");
    await page.click('.compact-table tr[data-partition="150"]');
    assert.equal(await inspectorOpen(page), "Partition 150");
    await page.keyboard.press("Escape");
    await setSpeed(page, 1.5);
    await page.click("#play");
    await page.waitForTimeout(1500);
    await page.click("#play");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "playground-large-1280");
    assert.deepEqual(errors, []);
  });

  test("a broken guarantee is shown in red, with its story, and jumps to its tick", TIMEOUT, async () => {
    const { page, errors } = ctx;
    // Source note 1, acks=1: the leader acks alone; cut off from its followers, it crashes.
    await applyConfig(page, { brokers: 3, partitions: 1 }, "0.11");
    await stepClicks(page, 10);
    const toggleLink = async (key) => {
      await page.focus(`.link[data-link="${key}"]`);
      await page.keyboard.press("Enter");
    };
    await toggleLink("0-1");
    await toggleLink("0-2");
    await page.selectOption("#produce-acks", "1");
    await page.click("#produce");
    await stepClicks(page, 10);
    assert.equal((await snapshot(page)).requests[0].status, "acked", "acked by the leader alone");
    assert.match(await page.textContent(".guarantee-status"), /No violation so far/);
    await page.click('#brokers [data-action="crash"][data-broker="0"]');
    await toggleLink("0-1");
    await toggleLink("0-2");
    await stepClicks(page, 100);
    await page.click('#brokers [data-action="recover"][data-broker="0"]');
    await stepClicks(page, 150);
    const v = (await snapshot(page)).violations;
    assert.deepEqual(v.map((x) => x.kind), ["acks1-lost"]);
    assert.match(await page.textContent(".guarantee-status"), /1 violation/);
    assert.match(await page.textContent("#guarantees .violation"), /acks1-lost · P0.*acked .* under acks=1/);
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector("#guarantees .violation")).borderLeftColor), await page.evaluate(() => getComputedStyle(document.querySelector(".guarantee-status")).color), "drawn in the danger colour");
    await page.click("#guarantees [data-jump-tick]");
    assert.equal(await tickOf(page), v[0].tick, "jumped to the moment it broke");
    assert.deepEqual(errors, []);
  });

  test("the automatic producer sends records while playing; the tab being hidden pauses, coming back resumes", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.fill("#auto-rate", "50");
    await page.check("#auto-on");
    await setSpeed(page, 2);
    await page.click("#play");
    await page.waitForFunction(() => window.__playground.snapshot().requests.length >= 3, null, { timeout: 10_000 });
    await setHidden(page, true);
    assert.equal(await page.getAttribute("#play", "aria-pressed"), "false", "paused while hidden");
    const t = await tickOf(page);
    await page.waitForTimeout(300);
    assert.equal(await tickOf(page), t, "no ticks while hidden");
    await setHidden(page, false);
    assert.equal(await page.getAttribute("#play", "aria-pressed"), "true", "resumed");
    await page.click("#play");
    await page.uncheck("#auto-on");
    assert.deepEqual(errors, []);
  });

  test("messages glide between ticks; with reduced motion they stay put", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.fill("#produce-count", "3");
    await page.click("#produce");
    await stepClicks(page, 2);
    await setSpeed(page, -0.5); // 0.3 ticks/s: a message is visibly between two ticks
    const positions = () =>
      page.$eval("#cluster canvas.messages-layer", (c) => Object.fromEntries(c.__shown.map((s) => [s.m.seq, `${s.x},${s.y}`])));
    /** How many of the messages in flight moved while playing for 600 ms. */
    const moved = async () => {
      const a = await positions();
      await page.click("#play");
      await page.waitForTimeout(600);
      const b = await positions();
      await page.click("#play");
      const common = Object.keys(a).filter((k) => k in b);
      assert.ok(common.length > 0, "messages in flight to watch");
      return common.filter((k) => a[k] !== b[k]).length;
    };
    assert.ok((await moved()) > 0, "messages move along their links");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.waitForTimeout(100); // the media query's change event redraws them at rest
    assert.equal(await moved(), 0, "no message moves with reduced motion");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    assert.deepEqual(errors, []);
  });

  test("screenshots at 375, 1280 and 1920 px, light and dark", TIMEOUT, async () => {
    const { page, errors } = ctx;
    // A state worth looking at: records replicated, a leader crashed and replaced, a follower behind.
    await page.fill("#produce-count", "8");
    await page.click("#produce");
    await stepClicks(page, 30);
    await page.click(`#brokers [data-action="crash"][data-broker="1"]`);
    await stepClicks(page, 200);
    await page.fill("#produce-count", "5");
    await page.selectOption("#produce-partition", "1");
    await page.click("#produce");
    await stepClicks(page, 3);
    await page.evaluate(() => (document.querySelector("#config-panel").open = false));
    for (const theme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [375, 1280, 1920]) {
        await page.setViewportSize({ width, height: width === 375 ? 800 : 1000 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(900); // layout and transitions settle
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${width} px ${theme}: ${overflow}px sideways overflow`);
        assert.deepEqual(await clippedBoxes(page), [], `${width} px ${theme}: every text in a box of its own fits in it`);
        await screenshot(page, `playground-${width}-${theme}`);
      }
    }
    // The toggle overrides the system theme.
    await page.emulateMedia({ colorScheme: "light" });
    await page.click("#theme"); // auto → light
    await page.click("#theme"); // light → dark
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(bg, "rgb(15, 19, 26)", "dark background although the system is light");
    await page.click("#theme"); // dark → auto
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(errors, []);
  });
});
