// An embed that fits its host page (#18): the frame takes the page's content height (no scrolling
// inside, the host scrolls over it), `height` caps it; theme="auto" follows the host's dark class
// and color-scheme, live, and light / dark force one; shortcuts act only with focus in the embed,
// never on selected text, and Space keeps a lesson on its script. The host page is a 700 px docs
// column served by a route at the playground's origin.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openPage } from "./browser.mjs";

const TIMEOUT = { timeout: 120_000 };

const HOST = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>docs</title>
  <script type="module" src="embed.js"></script>
  <style>body { margin: 0; font: 16px/1.6 system-ui, sans-serif; } main { width: 700px; margin: 0 auto; } .tall { height: 1500px; }</style>
  </head><body><main>
  <p id="intro">A docs page with three embeds.</p>
  <kafka-replication-playground id="fit" scenario="05-acks" step="2"></kafka-replication-playground>
  <p class="tall">More text.</p>
  <kafka-replication-playground id="capped" scenario="05-acks" step="2" height="400"></kafka-replication-playground>
  <kafka-replication-playground id="light" scenario="01-anatomy" theme="light"></kafka-replication-playground>
  <p class="tall">The end.</p>
  <kafka-replication-playground id="one" scenario="01-anatomy" step="3" view="partition"></kafka-replication-playground>
  <kafka-replication-playground id="focus" scenario="01-anatomy" step="2" view="lesson"></kafka-replication-playground>
  </main></body></html>`;

async function frameOf(page, id) {
  const handle = await page.waitForFunction((x) => document.getElementById(x)?.shadowRoot?.querySelector("iframe[src]"), id);
  const frame = await (await handle.asElement()).contentFrame();
  await frame.waitForFunction(() => window.__playground?.lesson?.()?.stop > 0, null, { timeout: 60_000 });
  return frame;
}

/** The frame's box height in the host, and the page's own heights inside it. */
const heights = (page, frame, id) =>
  Promise.all([
    page.evaluate((x) => document.getElementById(x).shadowRoot.querySelector("iframe").getBoundingClientRect().height, id),
    frame.evaluate(() => ({ body: document.body.getBoundingClientRect().height, scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight })),
  ]).then(([box, inner]) => ({ box, ...inner }));

const themeOf = (frame) => frame.evaluate(() => document.documentElement.dataset.theme ?? "auto");

describe("an embed that fits its docs page", () => {
  let ctx;
  let fit;
  let capped;
  let light;
  let one;
  let focus;
  before(async () => {
    ctx = await openPage({ query: "examples/embed.html" });
    const origin = new URL(ctx.url).origin;
    await ctx.page.context().route(`${origin}/playground/fit-test.html`, (route) => route.fulfill({ status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: HOST }));
    await ctx.page.setViewportSize({ width: 1000, height: 800 });
    ctx.errors.length = 0;
    await ctx.page.goto(`${origin}/playground/fit-test.html`);
    const ids = ["fit", "capped", "light", "one", "focus"];
    // One at a time, each in view until its lesson is at a stop: an embed out of view does not play.
    const frames = [];
    for (const id of ids) {
      await ctx.page.evaluate((x) => document.getElementById(x).scrollIntoView(), id);
      frames.push(await frameOf(ctx.page, id));
    }
    [fit, capped, light, one, focus] = frames;
    await ctx.page.evaluate(() => window.scrollTo(0, 0));
  });
  after(async () => {
    await ctx?.close();
  });

  test("auto-height: the frame is as tall as its content, nothing scrolls inside; height caps it", TIMEOUT, async () => {
    const { page, errors } = ctx;
    await page.waitForFunction(() => Math.abs(document.getElementById("fit").shadowRoot.querySelector("iframe").clientHeight - 640) > 2);
    await page.waitForTimeout(300);
    const h = await heights(page, fit, "fit");
    assert.ok(Math.abs(h.box - 2 - h.body) <= 2, `frame ${h.box} px (border included) for ${h.body} px of content`);
    assert.ok(h.scroll <= h.client + 1, `no scrolling inside (${h.scroll} > ${h.client})`);
    // A new stop changes the caption: the frame follows.
    await page.evaluate(() => document.getElementById("fit").next());
    await fit.waitForFunction(() => window.__playground.lesson().stop === 3 && !window.__playground.lesson().playing, null, { timeout: 60_000 });
    await page.waitForTimeout(300);
    const h3 = await heights(page, fit, "fit");
    assert.ok(Math.abs(h3.box - 2 - h3.body) <= 2, `after a stop: frame ${h3.box} px for ${h3.body} px`);
    // Capped at 400 px: the page scrolls inside, the frame stays 400 px.
    const c = await heights(page, capped, "capped");
    assert.equal(c.box, 400);
    assert.ok(c.scroll > c.client, "the capped page scrolls inside");
    assert.deepEqual(errors, []);
  });

  test("the host page scrolls over an uncapped embed (no scroll trap)", TIMEOUT, async () => {
    const { page } = ctx;
    const box = await page.evaluate(() => {
      const el = document.getElementById("fit");
      el.scrollIntoView({ block: "start" });
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: Math.min(r.top + 200, 700), top: window.scrollY };
    });
    await page.mouse.move(box.x, box.y);
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 100);
    await page.waitForFunction((top) => window.scrollY >= top + 400, box.top, { timeout: 5000 });
    assert.equal(await fit.evaluate(() => window.scrollY), 0, "the embed itself did not scroll");
  });

  test("a capped embed scrolls inside, then the host page scrolls on (no overscroll containment)", TIMEOUT, async () => {
    const { page } = ctx;
    const box = await page.evaluate(() => {
      const el = document.getElementById("capped");
      el.scrollIntoView({ block: "center" });
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2, top: window.scrollY };
    });
    const room = await capped.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);
    await page.mouse.move(box.x, box.y);
    for (let i = 0; i < Math.ceil(room / 100) + 8; i++) {
      await page.mouse.wheel(0, 100);
      await page.waitForTimeout(30);
    }
    await capped.waitForFunction((r) => window.scrollY >= r - 1, room, { timeout: 5000 });
    await page.waitForFunction((top) => window.scrollY > top + 100, box.top, { timeout: 5000 });
  });

  test("a dialog opens in the part of the frame the reader sees", TIMEOUT, async () => {
    const { page } = ctx;
    // The frame's top 700 px in view, at the bottom of the host's viewport; its middle below.
    await page.evaluate(() => {
      const r = document.getElementById("fit").getBoundingClientRect();
      window.scrollBy(0, r.top - (innerHeight - 700));
    });
    await page.waitForTimeout(300);
    // A replica row's name opens the inspector; the rows are at the top of the page (issue #14).
    const name = await fit.evaluate(() => document.querySelector(".replica-name").getBoundingClientRect().bottom);
    assert.ok(name < 690, `the replica name is in view (${name})`);
    await fit.evaluate(() => document.querySelector(".replica-name").click());
    await fit.waitForSelector("#inspector[open]");
    await page.waitForTimeout(200);
    const seen = await page.evaluate(() => {
      const f = document.getElementById("fit").shadowRoot.querySelector("iframe");
      const d = f.contentDocument.querySelector("#inspector").getBoundingClientRect();
      const top = f.getBoundingClientRect().top + 1;
      return { top: top + d.top, bottom: top + d.bottom, viewport: innerHeight };
    });
    assert.ok(seen.top >= 0 && seen.bottom <= seen.viewport, `the dialog (${seen.top}–${seen.bottom}) is inside the viewport (0–${seen.viewport})`);
    await page.keyboard.press("Escape");
    await fit.waitForSelector("#inspector:not([open])", { state: "attached" });
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  test("theme: auto follows the host's dark class and color-scheme, live; theme=light forces light", TIMEOUT, async () => {
    const { page } = ctx;
    assert.equal(await themeOf(fit), "auto");
    assert.equal(await themeOf(light), "light");
    await page.evaluate(() => document.documentElement.classList.add("dark"));
    await fit.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    await capped.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    assert.equal(await themeOf(light), "light", "forced");
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await fit.waitForFunction(() => document.documentElement.dataset.theme === undefined);
    await page.evaluate(() => { document.documentElement.style.colorScheme = "dark"; });
    await fit.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    await page.evaluate(() => { document.documentElement.style.colorScheme = "light"; });
    await fit.waitForFunction(() => document.documentElement.dataset.theme === "light");
    // theme="auto" set later: follows again; a reload passes the host's theme in the URL.
    await page.evaluate(() => document.getElementById("light").setAttribute("theme", "auto"));
    await light.waitForFunction(() => document.documentElement.dataset.theme === "light");
    await page.evaluate(() => { document.documentElement.style.colorScheme = "dark"; const el = document.getElementById("light"); el.scrollIntoView(); el.setAttribute("scenario", "03-isr-lag-time"); });
    // Kept in view while it loads (a page out of view pauses itself, and the other embeds' heights move it).
    await page.waitForFunction(() => {
      const el = document.getElementById("light");
      el.scrollIntoView();
      const w = el.shadowRoot.querySelector("iframe").contentWindow;
      return w.location.search.includes("03-isr-lag-time") && w.__playground?.lesson?.()?.stop > 0;
    }, null, { timeout: 60_000 });
    const reloaded = await frameOf(page, "light");
    assert.equal(new URL(reloaded.url()).searchParams.get("theme"), "dark");
    assert.equal(await themeOf(reloaded), "dark");
    await page.evaluate(() => { document.documentElement.style.colorScheme = ""; });
  });

  test("keyboard: only with focus in the embed, never on selected text; Space keeps the lesson on its script", TIMEOUT, async () => {
    const { page } = ctx;
    const lesson = () => fit.evaluate(() => ({ ...window.__playground.lesson(), tick: window.__playground.snapshot().tick }));
    await page.evaluate(() => document.getElementById("fit").goTo(2));
    await fit.waitForFunction(() => window.__playground.lesson().stop === 2 && !window.__playground.lesson().playing, null, { timeout: 60_000 });
    const start = await lesson();
    // Focus in the host: its keys are its own.
    await page.click("#intro");
    for (const k of ["Space", "s", "c", "ArrowRight"]) await page.keyboard.press(k);
    await page.waitForTimeout(300);
    assert.equal((await lesson()).tick, start.tick);
    // Text selected in the embed: no shortcut.
    await fit.click("#lesson-caption", { clickCount: 3 });
    assert.ok(await fit.evaluate(() => String(getSelection()).trim().length > 0));
    for (const k of ["s", "ArrowRight", "p"]) await page.keyboard.press(k);
    await page.waitForTimeout(300);
    assert.equal((await lesson()).tick, start.tick);
    // A click on the caption, then Space: the lesson plays on to its next stop, still on script.
    await fit.click("#lesson-caption");
    await page.keyboard.press("Space");
    await fit.waitForFunction(() => window.__playground.lesson().stop === 3 && !window.__playground.lesson().playing, null, { timeout: 60_000 });
    const after = await lesson();
    assert.equal(after.offScript, false);
    assert.equal(await fit.evaluate(() => window.__playground.running), false, "no free play");
  });

  test('view="partition": one partition, large, with the caption and the lesson controls; no cluster picture', TIMEOUT, async () => {
    const shown = await one.evaluate(() => ({
      partitions: [...document.querySelectorAll("#partitions .partition")].filter((el) => el.checkVisibility()).map((el) => el.dataset.partition),
      picture: document.querySelector(".cluster-panel").checkVisibility(),
      caption: document.querySelector("#lesson-caption").checkVisibility() && document.querySelector("#lesson-caption").textContent.length > 0,
      next: document.querySelector("#lesson-next").checkVisibility(),
      cell: getComputedStyle(document.querySelector("#partitions .partition")).getPropertyValue("--cell").trim(),
    }));
    assert.deepEqual(shown, { partitions: ["0"], picture: false, caption: true, next: true, cell: "28px" });
    assert.match(await one.url(), /[?&]view=partition(&|$)/);
    assert.deepEqual(ctx.errors, []);
  });

  test('view="lesson": the caption and the partitions the lesson is about, no cluster picture', TIMEOUT, async () => {
    const shown = await focus.evaluate(() => ({
      partitions: [...document.querySelectorAll("#partitions .partition")].filter((el) => el.checkVisibility()).map((el) => el.dataset.partition),
      lessons: [...document.querySelectorAll("#partitions .partition:not(.off-lesson)")].map((el) => el.dataset.partition),
      picture: document.querySelector(".cluster-panel").checkVisibility(),
      caption: document.querySelector("#lesson-caption").checkVisibility(),
    }));
    // (A 700 px column is a phone's width: there the chosen one of them, the others a tab away.)
    assert.ok(shown.partitions.length > 0 && shown.partitions.every((p) => shown.lessons.includes(p)), JSON.stringify(shown));
    assert.deepEqual({ picture: shown.picture, caption: shown.caption }, { picture: false, caption: true });
  });
});
