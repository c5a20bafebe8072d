// The one-file build's Share dialog (#18) offers what works there: opened from file://, no link to
// the file and no embed snippet (embed.js is not beside it), and the words say why, with the
// exports; built with the URL of a hosted copy (KRP_HOSTED_URL, buildSingle({ hostedUrl })), its
// link and snippet point at that copy.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/toolchain.mjs";
import { buildSingle, SINGLE_FILE } from "../../scripts/build-single.mjs";
import { ready } from "./helpers.mjs";

const TIMEOUT = { timeout: 180_000 };
const HOSTED = "https://example.org/playground/";

describe("the one-file build's Share dialog", () => {
  let context;
  let dir;
  let hostedFile;
  before(async () => {
    if (!fs.existsSync(SINGLE_FILE)) await buildSingle({ quiet: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kafka-playground-single-share-"));
    hostedFile = await buildSingle({ quiet: true, hostedUrl: HOSTED, file: path.join(dir, "hosted.html") });
    context = await chromium.launchPersistentContext(path.join(dir, "profile"), { executablePath: findChromium() ?? undefined, headless: true, args: CHROMIUM_ARGS });
  });
  after(async () => {
    await context?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Open `file` from file://, a lesson at a stop, and its Share dialog. */
  async function share(file) {
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${pathToFileURL(file).href}?scenario=05-acks&step=2`);
    await ready(page);
    await page.waitForFunction(() => window.__playground.lesson()?.stop === 2 && !window.__playground.lesson().playing, null, { timeout: 60_000 });
    await page.click("#share-button");
    await page.waitForSelector("#share-dialog[open]");
    return { page, errors };
  }

  test("from file://: no link, no embed snippet, the reason said, the exports offered", TIMEOUT, async () => {
    const { page, errors } = await share(SINGLE_FILE);
    assert.equal(await page.isVisible("#share-link"), false);
    assert.equal(await page.isVisible("#share-embed"), false);
    assert.match(await page.textContent("#share-link-help"), /one-file version.*work only here/);
    for (const kind of ["json", "text", "svg", "png"]) assert.equal(await page.isVisible(`[data-export="${kind}"]`), true, kind);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("built with a hosted copy's URL: the link and the snippet point there", TIMEOUT, async () => {
    const { page, errors } = await share(hostedFile);
    assert.equal(await page.isVisible("#share-link"), true);
    assert.match(await page.inputValue("#share-link"), /^https:\/\/example\.org\/playground\/\?scenario=05-acks&step=2&lang=en$/);
    assert.match(await page.inputValue("#share-embed"), /src="https:\/\/example\.org\/playground\/embed\.js"/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a hosted URL that is not http(s) is refused, naming the argument", TIMEOUT, async () => {
    await assert.rejects(buildSingle({ quiet: true, hostedUrl: "javascript:alert(1)", file: path.join(dir, "bad.html") }), /hostedUrl must be an http\(s\) URL/);
  });
});
