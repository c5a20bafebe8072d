// Accessibility (issue #18): axe-core (@axe-core/playwright) finds no violation on free play, a
// lesson, compare mode, the share dialog and an embed (dist/examples/embed.html), in the light and
// the dark theme (the system's colour scheme) and in English and Chinese; and on a 375 px screen no
// visible text is drawn under 12 px. Runs against the built page in dist/ (`npx vite build` first).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import AxeBuilder from "@axe-core/playwright";
import { openPage } from "./browser.mjs";
import { ready } from "./helpers.mjs";

const TIMEOUT = { timeout: 180_000 };
const SCHEMES = ["light", "dark"];

/** axe's violations on the page as it is now, one line per element: rule, impact, where, why. */
async function violations(page) {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(" ")}: ${n.failureSummary.replace(/\s+/g, " ")}`));
}

/** Switch the system's colour scheme and let the page redraw in it. */
async function scheme(page, colorScheme) {
  await page.emulateMedia({ colorScheme });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  // Colours ease between themes (CSS transitions): axe must read the final ones, not a blend.
  // (An endless animation would never finish: wait 2 s at most.)
  await page.evaluate(() => Promise.race([Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))), new Promise((r) => setTimeout(r, 2000))]));
}

/** Assert no violation in either theme. */
async function cleanInBothThemes(page) {
  for (const s of SCHEMES) {
    await scheme(page, s);
    assert.deepEqual(await violations(page), [], `axe in the ${s} theme`);
  }
}

for (const lang of ["en", "zh"]) {
  describe(`axe finds no violation, ${lang}`, () => {
    let ctx;
    const open = async (query) => {
      await ctx.page.goto(new URL(`?lang=${lang}${query}`, ctx.url).href, { waitUntil: "load" });
      await ready(ctx.page);
    };
    before(async () => {
      ctx = await openPage({ query: `?lang=${lang}` });
      await ctx.page.setViewportSize({ width: 1280, height: 900 });
      await ready(ctx.page);
    });
    after(async () => {
      await ctx?.close();
    });

    test("free play", TIMEOUT, async () => {
      await cleanInBothThemes(ctx.page);
    });

    test("the share dialog open", TIMEOUT, async () => {
      const { page } = ctx;
      await page.click("#share-button");
      await page.waitForSelector("#share-dialog[open]");
      await cleanInBothThemes(page);
      await page.keyboard.press("Escape");
      await page.waitForSelector("#share-dialog:not([open])", { state: "attached" });
    });

    test("compare mode", TIMEOUT, async () => {
      const { page } = ctx;
      await page.click("#compare-button");
      await page.locator("#compare").waitFor();
      await page.waitForFunction(() => {
        const c = window.__playground.compare();
        return c && !c.playing && c.stop >= 1;
      }, null, { timeout: 60_000 });
      await cleanInBothThemes(page);
    });

    test("a lesson", TIMEOUT, async () => {
      const { page } = ctx;
      await open("&scenario=05-acks&step=3");
      await page.waitForFunction(() => window.__playground.lesson()?.stop === 3 && !window.__playground.lesson().playing, null, { timeout: 60_000 });
      await cleanInBothThemes(page);
    });

    test("no console errors", () => {
      assert.deepEqual(ctx.errors, []);
    });
  });
}

describe("axe finds no violation in an embed (the example docs page: one English, one Chinese)", () => {
  let ctx;
  before(async () => {
    ctx = await openPage({ query: "examples/embed.html" });
    await ctx.page.setViewportSize({ width: 1400, height: 1100 });
    for (const id of ["left", "right"]) {
      const frame = await (await ctx.page.waitForFunction((x) => document.getElementById(x)?.shadowRoot?.querySelector("iframe"), id)).asElement();
      await (await frame.contentFrame()).waitForFunction(() => window.__playground?.lesson?.()?.stop === 3 && !window.__playground.lesson().playing, null, { timeout: 60_000 });
    }
  });
  after(async () => {
    await ctx?.close();
  });

  test("light and dark", TIMEOUT, async () => {
    await cleanInBothThemes(ctx.page);
    assert.deepEqual(ctx.errors, []);
  });
});

/**
 * The visible text drawn under 12 px: each text node with a box (in SVG, its size as drawn, the
 * font-size times the picture's scale), as "selector: size px 'text'" for the first of each size.
 */
const smallText = (page) =>
  page.evaluate(() => {
    const found = new Map();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent.trim() || el.closest(".sr-only, script, style, template")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      const cs = getComputedStyle(el);
      if (!box.width || !box.height || cs.visibility !== "visible") continue;
      let size = parseFloat(cs.fontSize);
      if (el instanceof SVGElement) size *= el.getScreenCTM()?.d ?? 1;
      if (size >= 12 - 0.01) continue;
      const where = `${el.localName}${el.id ? `#${el.id}` : ""}${[...el.classList].map((c) => `.${c}`).join("")}`;
      const key = `${where}: ${Math.round(size * 100) / 100} px`;
      if (!found.has(key)) found.set(key, `${key} "${node.textContent.trim().slice(0, 30)}"`);
    }
    return [...found.values()];
  });

describe("on a 375×812 screen: no text under 12 px, no axe violation", () => {
  let ctx;
  before(async () => {
    ctx = await openPage();
    await ctx.page.setViewportSize({ width: 375, height: 812 });
    await ctx.page.reload({ waitUntil: "load" });
    await ready(ctx.page);
  });
  after(async () => {
    await ctx?.close();
  });

  test("free play with every panel open", TIMEOUT, async () => {
    const { page } = ctx;
    await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.deepEqual(await smallText(page), []);
  });

  test("axe finds no violation there either (the phone layout shows other controls)", TIMEOUT, async () => {
    await cleanInBothThemes(ctx.page);
  });

  test("the share dialog", TIMEOUT, async () => {
    const { page } = ctx;
    await page.click("#share-button");
    await page.waitForSelector("#share-dialog[open]");
    assert.deepEqual(await smallText(page), []);
    await page.keyboard.press("Escape");
  });

  test("a lesson, in Chinese", TIMEOUT, async () => {
    const { page } = ctx;
    await page.goto(new URL("?lang=zh&scenario=05-acks&step=3", ctx.url).href, { waitUntil: "load" });
    await ready(page);
    await page.waitForFunction(() => window.__playground.lesson()?.stop === 3 && !window.__playground.lesson().playing, null, { timeout: 60_000 });
    assert.deepEqual(await smallText(page), []);
    assert.deepEqual(ctx.errors, []);
  });
});
