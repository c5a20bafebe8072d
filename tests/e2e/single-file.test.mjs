// The one-file build (dist-single/kafka-replication-playground.html, `npm run build:single`)
// opens from file:// with no server and no network: the core (wasm inlined), the lessons, the
// language switch, free play; its lesson stops reach the same states as the served page.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/toolchain.mjs";
import { buildSingle, SINGLE_FILE } from "../../scripts/build-single.mjs";
import { openPage } from "./browser.mjs";
import { ready, stateHash, stepClicks, viewShot } from "./helpers.mjs";

const TIMEOUT = { timeout: 180_000 };

describe("the single-file build from file://", () => {
  let context;
  let page;
  let dir;
  const errors = [];
  const network = [];
  before(async () => {
    // `npm test` builds it (scripts/test.mjs); build it here when run on its own.
    if (!fs.existsSync(SINGLE_FILE)) await buildSingle({ quiet: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kafka-playground-single-"));
    context = await chromium.launchPersistentContext(dir, { executablePath: findChromium() ?? undefined, headless: true, args: CHROMIUM_ARGS });
    page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize({ width: 1280, height: 900 });
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("request", (r) => {
      if (!/^(file|data|blob):/.test(r.url())) network.push(r.url());
    });
  });
  after(async () => {
    await context?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("one HTML file, nothing beside it", () => {
    const html = fs.readFileSync(SINGLE_FILE, "utf8");
    assert.ok(html.length > 500_000, "the wasm is inside");
    assert.match(html, /window\.__KRP_WASM_BASE64__ = "AGFzbQ/, "the wasm module's bytes (\\0asm), base64");
    // The tags themselves (script contents hold text such as the embed snippet, not tags).
    const tags = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/g, "$1</script>").replace(/(<style\b[^>]*>)[\s\S]*?<\/style>/g, "$1</style>");
    assert.ok(!/<script[^>]+\bsrc=/.test(tags), "no external script");
    assert.ok(!/<link[^>]+stylesheet/.test(tags), "no external stylesheet");
    assert.equal((tags.match(/<script\b/g) ?? []).length, 2, "the wasm bytes and the page's module");
  });

  test("it runs from file://: a lesson, free play, the language switch; no network, no errors", TIMEOUT, async () => {
    const url = `${pathToFileURL(SINGLE_FILE).href}?scenario=09-leader-failure&step=3`;
    await page.goto(url);
    await ready(page);
    await page.waitForFunction(() => window.__playground.lesson()?.stop === 3 && !window.__playground.lesson().playing, null, { timeout: 30_000 });
    const lesson = await page.evaluate(() => window.__playground.lesson());
    assert.equal(lesson.checkpoints.every((c) => c.ok), true);
    assert.match(lesson.caption, /controller/);
    const hash = await stateHash(page);
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
    assert.match(await page.textContent("#lesson-caption"), /[\u4e00-\u9fff]/);
    await page.click("#lesson-next");
    await page.waitForFunction(() => window.__playground.lesson().stop === 4 && !window.__playground.lesson().playing, null, { timeout: 30_000 });
    await page.click("#lesson-back");
    await page.waitForFunction(() => window.__playground.lesson().stop === 3);
    assert.equal(await stateHash(page), hash, "back is exact here too");
    await page.click("#lesson-close");
    await stepClicks(page, 5);
    assert.match(await page.evaluate(() => window.__playground.shareLink()), /^file:\/\/.*kafka-replication-playground\.html\?lang=\w+#v=2&s=/);
    await viewShot(page, "single-file");
    assert.deepEqual(network, [], "no request left the file");
    assert.deepEqual(errors, []);
    // The served page reaches the same state at the same stop.
    const served = await openPage({ query: "?scenario=09-leader-failure&step=3" });
    try {
      await ready(served.page);
      await served.page.waitForFunction(() => window.__playground.lesson()?.stop === 3 && !window.__playground.lesson().playing);
      assert.equal(await stateHash(served.page), hash);
    } finally {
      await served.close();
    }
  });
});
