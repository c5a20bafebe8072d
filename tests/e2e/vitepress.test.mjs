// A real docs site (#18): tests/fixtures/vitepress, a VitePress site embedding two lessons with the
// element (imported from this package by name) and one plain iframe, built with VitePress and
// opened in Chromium: all three render, each frame is as tall as its content (nothing scrolls
// inside), they share one compiled wasm module, VitePress's own dark toggle changes the embeds'
// theme, the host page scrolls over them, and nothing is logged as an error. Needs dist/ (`npx vite build`).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";
import { serve } from "../../scripts/static-server.mjs";
import { CHROMIUM_ARGS, ROOT, findChromium } from "../../scripts/toolchain.mjs";

const TIMEOUT = { timeout: 240_000 };
// Inside the repository, so that vitepress, vue and this package resolve from its node_modules.
const SITE = path.join(ROOT, "test-output", "vitepress-site");

/** Each embed's frame: its box height in the host and the page's heights inside it. */
async function frames(page) {
  const out = {};
  for (const id of ["acks", "anatomy", "plain"]) {
    const handle = await page.waitForFunction((x) => {
      const el = document.getElementById(x);
      return el?.tagName === "IFRAME" ? el : el?.shadowRoot?.querySelector("iframe[src]");
    }, id);
    out[id] = { element: handle.asElement(), frame: await handle.asElement().contentFrame() };
  }
  return out;
}

const inner = (frame) => frame.evaluate(() => ({ body: document.body.getBoundingClientRect().height, scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight, theme: document.documentElement.dataset.theme ?? "auto" }));

describe("a VitePress docs site with two embedded lessons and an iframe", () => {
  let server;
  let context;
  let page;
  let embeds;
  const errors = [];
  before(async () => {
    if (!fs.existsSync(path.join(ROOT, "dist", "embed.js"))) throw new Error("dist/ is missing: run `npx vite build` first");
    fs.rmSync(SITE, { recursive: true, force: true });
    fs.cpSync(path.join(ROOT, "tests", "fixtures", "vitepress"), SITE, { recursive: true });
    fs.cpSync(path.join(ROOT, "dist"), path.join(SITE, "public", "playground"), { recursive: true, filter: (f) => !f.includes(`${path.sep}examples`) });
    execFileSync(process.execPath, [path.join(ROOT, "node_modules", "vitepress", "bin", "vitepress.js"), "build", SITE], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    server = await serve(path.join(SITE, ".vitepress", "dist"), "/");
    context = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(os.tmpdir(), "kafka-playground-vitepress-")), { executablePath: findChromium() ?? undefined, headless: true, args: CHROMIUM_ARGS });
    page = context.pages()[0] ?? (await context.newPage());
    // Count wasm compilations in every realm (the host page and each frame).
    await page.addInitScript(() => {
      window.__compiles = 0;
      for (const name of ["compile", "compileStreaming"]) {
        const original = WebAssembly[name];
        WebAssembly[name] = function (...args) {
          window.__compiles++;
          return original.apply(this, args);
        };
      }
    });
    page.on("console", (m) => m.type() === "error" && errors.push(`${m.text()} (${m.location().url})`));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    // Lazy frames load when near the viewport: bring each into view once.
    for (const id of ["acks", "anatomy", "plain"]) {
      await page.waitForSelector(`#${id}`);
      await page.evaluate((x) => document.getElementById(x).scrollIntoView(), id);
      await page.waitForTimeout(200);
    }
    embeds = await frames(page);
    for (const { frame } of Object.values(embeds)) await frame.waitForFunction(() => window.__playground?.lesson?.()?.stop > 0 && !window.__playground.lesson().playing, null, { timeout: 60_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
  });
  after(async () => {
    await context?.close();
    if (server) await new Promise((resolve) => server.close(resolve));
  });

  test("all three render their lesson, each frame as tall as its content", TIMEOUT, async () => {
    await page.waitForTimeout(500);
    for (const [id, { element, frame }] of Object.entries(embeds)) {
      const box = await element.evaluate((f) => f.getBoundingClientRect().height);
      const h = await inner(frame);
      assert.match(await frame.textContent("#lesson-caption"), /\S/, id);
      assert.ok(Math.abs(box - h.body) <= 3, `${id}: frame ${box} px for ${h.body} px of content`);
      assert.ok(h.scroll <= h.client + 1, `${id}: nothing scrolls inside (${h.scroll} > ${h.client})`);
    }
  });

  test("one compiled WebAssembly.Module for the three embeds, kept by the host page", TIMEOUT, async () => {
    assert.equal(await page.evaluate(async () => (await window.__kafkaPlaygroundWasm) instanceof WebAssembly.Module), true);
    assert.equal(await page.evaluate(() => window.__compiles), 1);
    for (const [id, { frame }] of Object.entries(embeds)) assert.equal(await frame.evaluate(() => window.__compiles), 0, id);
  });

  test("VitePress's dark toggle changes the embeds' theme, both ways", TIMEOUT, async () => {
    for (const { frame } of Object.values(embeds)) assert.notEqual((await inner(frame)).theme, "dark");
    const toggle = page.locator(".VPNavBar .VPSwitchAppearance").first();
    await toggle.click();
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains("dark")), true);
    for (const { frame } of Object.values(embeds)) await frame.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    await toggle.click();
    for (const { frame } of Object.values(embeds)) await frame.waitForFunction(() => document.documentElement.dataset.theme !== "dark");
  });

  test("the page scrolls over the embeds; no console errors", TIMEOUT, async () => {
    const start = await page.evaluate(() => {
      const r = document.getElementById("acks").getBoundingClientRect();
      window.scrollBy(0, r.top - 100);
      return window.scrollY;
    });
    const box = await embeds.acks.element.evaluate((f) => {
      const r = f.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + 300 };
    });
    await page.mouse.move(box.x, box.y);
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 100);
    await page.waitForFunction((s) => window.scrollY >= s + 400, start, { timeout: 5000 });
    assert.deepEqual(errors, []);
  });
});
