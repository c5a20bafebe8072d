// Embedding safely (#18): the element loads only http(s) pages, hears only its own frame at the
// page's origin, the page obeys only the window embedding it (and with ?origin= only those
// origins) and saves nothing a host commanded; the element's styles apply under a strict CSP;
// a cross-origin embed.js needs CORS. Host pages are served by routes (page.route) at the
// playground's origin (http://127.0.0.1:PORT/playground/…), or by small servers of their own
// on other ports, which are other origins ("docs", "evil", "other"; routed pages would be
// public origins, which Chromium does not let frame a local address).
import http from "node:http";
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openPage } from "./browser.mjs";

const TIMEOUT = { timeout: 120_000 };
const SOURCE = "kafka-replication-playground";

/** Serve `html` at `url` in this page's context (with extra response headers). */
const host = (ctx, url, html, headers = {}) =>
  ctx.page.context().route(url, (route) => route.fulfill({ status: 200, headers: { "content-type": "text/html; charset=utf-8", ...headers }, body: html }));

/** A server of host pages at an origin of its own: `pages` maps a path to its HTML. */
async function hostServer() {
  const pages = new Map();
  const server = http.createServer((req, res) => {
    const html = pages.get(new URL(req.url, "http://x").pathname);
    if (html === undefined) res.writeHead(404).end();
    else res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, pages, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The page in the element with id `id`, once its core is loaded. */
async function frameOf(page, id) {
  const handle = await page.waitForFunction((x) => document.getElementById(x)?.shadowRoot?.querySelector("iframe[src]"), id, { timeout: 30_000 });
  const frame = await (await handle.asElement()).contentFrame();
  await frame.waitForFunction(() => window.__playground?.snapshot?.(), null, { timeout: 30_000 });
  return frame;
}

describe("embedding safely", () => {
  let ctx;
  let origin; // the playground's own origin
  let playground; // its page's URL
  let docs;
  let evil;
  let other;
  before(async () => {
    [docs, evil, other] = await Promise.all([hostServer(), hostServer(), hostServer()]);
    ctx = await openPage({ query: "examples/embed.html" });
    origin = new URL(ctx.url).origin;
    playground = `${origin}/playground/index.html`;
  });
  after(async () => {
    await ctx?.close();
    await Promise.all([docs, evil, other].map((s) => s?.close()));
  });

  test("src accepts only http(s) URLs: javascript: and data: URLs load nothing and run nothing", TIMEOUT, async () => {
    const { page } = ctx;
    await host(ctx, `${origin}/playground/src-test.html`, `<!doctype html><title>src</title>
      <script type="module" src="embed.js"></script>
      <kafka-replication-playground id="js" src="javascript:parent.__xss = 1"></kafka-replication-playground>
      <kafka-replication-playground id="upper" src=" JavaScript:parent.__xss = 2"></kafka-replication-playground>
      <kafka-replication-playground id="data" src="data:text/html,<script>parent.__xss = 3</script>"></kafka-replication-playground>
      <kafka-replication-playground id="ok" src="index.html" scenario="01-anatomy"></kafka-replication-playground>`);
    await page.goto(`${origin}/playground/src-test.html`);
    await frameOf(page, "ok"); // a relative http(s) src still works (relative to the document)
    const seen = await page.evaluate(() =>
      ["js", "upper", "data"].map((id) => {
        const root = document.getElementById(id).shadowRoot;
        return { src: root.querySelector("iframe").getAttribute("src"), problem: root.querySelector("p").hidden ? null : root.querySelector("p").textContent };
      }),
    );
    for (const s of seen) {
      assert.equal(s.src, null);
      assert.match(s.problem, /src must be an http\(s\) URL/);
    }
    assert.equal(await page.evaluate(() => window.__xss), undefined, "no script ran");
    const result = await page.evaluate(() => document.getElementById("js").play());
    assert.equal(result.ok, false);
  });

  test("the element hears only its own frame, at the page's origin", TIMEOUT, async () => {
    const { page } = ctx;
    const fake = `<script>parent.postMessage({ source: "${SOURCE}", version: 1, type: "state", tick: 999, fake: true }, "*")</script>`;
    other.pages.set("/fake.html", `<!doctype html><title>fake</title>${fake}`);
    await host(ctx, `${origin}/playground/hear-test.html`, `<!doctype html><title>hear</title>
      <script type="module" src="embed.js"></script>
      <kafka-replication-playground id="el" scenario="01-anatomy"></kafka-replication-playground>
      <script>window.__heard = []; document.getElementById("el").addEventListener("playground", (e) => window.__heard.push(e.detail));</script>`);
    await page.goto(`${origin}/playground/hear-test.html`);
    const frame = await frameOf(page, "el");
    await page.waitForFunction(() => window.__heard.some((m) => m.type === "ready"));
    // A sibling frame, the host itself, and a page of another origin in the element's own frame.
    await page.evaluate((html) => {
      const sibling = document.createElement("iframe");
      sibling.srcdoc = html;
      document.body.append(sibling);
      window.postMessage({ source: "kafka-replication-playground", version: 1, type: "state", tick: 999, fake: true }, "*");
    }, fake);
    await frame.evaluate((url) => { location.href = url; }, `${other.origin}/fake.html`);
    await page.waitForFunction(() => document.querySelector("iframe[srcdoc]"));
    await page.waitForTimeout(1000);
    assert.ok(page.frames().some((f) => f.url().endsWith("/fake.html")), "the element's frame went to the other origin");
    const heard = await page.evaluate(() => window.__heard.filter((m) => m.fake).length);
    assert.equal(heard, 0, "no foreign message re-dispatched");
    assert.notEqual(await page.evaluate(() => document.getElementById("el").state?.tick), 999);
  });

  test("the page obeys only the window embedding it, from an allowed origin, and saves nothing commanded", TIMEOUT, async () => {
    const { page } = ctx;
    const commands = `[{ type: "theme", theme: "dark" }, { type: "lang", lang: "zh" }, { type: "fail", broker: 0 }]`;
    // 1. A foreign page that opens the playground in a window of its own and commands it.
    evil.pages.set("/open.html", `<!doctype html><title>evil</title><script>
      window.__heard = [];
      addEventListener("message", (e) => window.__heard.push(e.data));
      window.__w = window.open(${JSON.stringify(playground)});
      setInterval(() => { for (const c of ${commands}) window.__w.postMessage(c, "*"); }, 200);
    </script>`);
    const popup = ctx.page.context().waitForEvent("page");
    await page.goto(`${evil.origin}/open.html`);
    const opened = await popup;
    await opened.waitForFunction(() => window.__playground?.snapshot?.());
    await opened.waitForTimeout(1500);
    const after = await opened.evaluate(() => ({ theme: document.documentElement.dataset.theme ?? null, lang: document.documentElement.lang, broker0: window.__playground.snapshot().brokers[0].status, saved: { ...localStorage } }));
    assert.deepEqual({ ...after, saved: undefined }, { theme: null, lang: "en", broker0: "up", saved: undefined });
    assert.equal(after.saved["kafka-playground-theme"] ?? "auto", "auto");
    assert.equal(after.saved["kafka-playground-lang"], undefined);
    await opened.close();

    // 2. An iframe told to obey the docs origin only, embedded by the evil one: no
    //    command obeyed, no event delivered to it.
    evil.pages.set("/frame.html", `<!doctype html><title>evil</title>
      <iframe id="f" src="${playground}?origin=${docs.origin}"></iframe><script>
      window.__heard = [];
      addEventListener("message", (e) => window.__heard.push(e.data));
      setInterval(() => { for (const c of ${commands}) document.getElementById("f").contentWindow.postMessage(c, "*"); }, 200);
    </script>`);
    await page.goto(`${evil.origin}/frame.html`);
    const frame = await (await page.waitForSelector("#f")).contentFrame();
    await frame.waitForFunction(() => window.__playground?.snapshot?.());
    await page.waitForTimeout(1500);
    assert.deepEqual(await frame.evaluate(() => ({ theme: document.documentElement.dataset.theme ?? null, broker0: window.__playground.snapshot().brokers[0].status })), { theme: null, broker0: "up" });
    assert.deepEqual(await page.evaluate(() => window.__heard.filter((m) => m?.source === "kafka-replication-playground")), []);

    // 3. Allowed (the same page at the docs origin): obeyed, and still nothing saved.
    docs.pages.set("/frame.html", `<!doctype html><title>docs</title>
      <iframe id="f" src="${playground}?origin=${docs.origin}"></iframe><script>
      window.__heard = [];
      addEventListener("message", (e) => { window.__heard.push(e.data); if (e.data?.type === "ready") for (const c of ${commands}) e.source.postMessage(c, "*"); });
    </script>`);
    await page.goto(`${docs.origin}/frame.html`);
    const allowed = await (await page.waitForSelector("#f")).contentFrame();
    await allowed.waitForFunction(() => document.documentElement.lang === "zh-CN" && window.__playground.snapshot().brokers[0].status !== "up", null, { timeout: 30_000 });
    assert.equal(await allowed.evaluate(() => document.documentElement.dataset.theme), "dark");
    // An embedded command is not the reader's saved choice (storage is the one the popup above shared).
    const saved = await allowed.evaluate(() => ({ ...localStorage }));
    assert.equal(saved["kafka-playground-theme"] ?? "auto", "auto");
    assert.equal(saved["kafka-playground-lang"], undefined);
    const results = await page.evaluate(() => window.__heard.filter((m) => m?.type === "result").map((m) => [m.command, m.ok]));
    assert.deepEqual(results.sort(), [["fail", true], ["lang", true], ["theme", true]]);
  });

  test("<iframe sandbox>: the page needs allow-scripts allow-same-origin (as the README says)", TIMEOUT, async () => {
    const { page } = ctx;
    docs.pages.set("/sandbox.html", `<!doctype html><title>docs</title>
      <iframe id="strict" sandbox="allow-scripts" src="${playground}?controls=minimal"></iframe>
      <iframe id="enough" sandbox="allow-scripts allow-same-origin" src="${playground}?controls=minimal"></iframe><script>
      window.__ready = [];
      addEventListener("message", (e) => { if (e.data?.type === "ready") window.__ready.push(e.source === document.getElementById("enough").contentWindow ? "enough" : "strict"); });
    </script>`);
    await page.goto(`${docs.origin}/sandbox.html`);
    await page.waitForFunction(() => window.__ready.includes("enough"), null, { timeout: 30_000 });
    await page.waitForTimeout(1000);
    assert.deepEqual(await page.evaluate(() => window.__ready), ["enough"]);
  });

  test("under style-src 'self' the element's styles apply and nothing is reported", TIMEOUT, async () => {
    const { page } = ctx;
    const errors = [];
    const onConsole = (m) => m.type() === "error" && errors.push(m.text());
    page.on("console", onConsole);
    await host(ctx, `${origin}/playground/csp-test.html`, `<!doctype html><title>csp</title>
      <script type="module" src="embed.js"></script>
      <kafka-replication-playground id="el" scenario="01-anatomy"></kafka-replication-playground>`, { "content-security-policy": "default-src 'self'; style-src 'self'; script-src 'self'; frame-src 'self'" });
    await page.goto(`${origin}/playground/csp-test.html`);
    await frameOf(page, "el");
    const style = await page.evaluate(() => {
      const s = getComputedStyle(document.getElementById("el").shadowRoot.querySelector("iframe"));
      return { radius: s.borderTopLeftRadius, border: s.borderTopWidth, display: getComputedStyle(document.getElementById("el")).display };
    });
    assert.deepEqual(style, { radius: "8px", border: "1px", display: "block" });
    page.off("console", onConsole);
    assert.deepEqual(errors, []);
  });

  test("under style-src 'self' the picture export reports nothing and keeps its colours", TIMEOUT, async () => {
    const { page } = ctx;
    const url = `${origin}/playground/index.html?scenario=05-acks&step=3`;
    await ctx.page.context().route(url, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, headers: { ...res.headers(), "content-security-policy": "style-src 'self'" } });
    });
    await page.goto(url);
    await page.waitForFunction(() => window.__playground?.lesson?.()?.stop === 3 && !window.__playground.lesson().playing, null, { timeout: 60_000 });
    const errors = [];
    const onConsole = (m) => m.type() === "error" && errors.push(m.text());
    page.on("console", onConsole);
    const svg = await page.evaluate(() => window.__playground.pictureSvg());
    await page.waitForTimeout(300);
    page.off("console", onConsole);
    assert.deepEqual(errors, []);
    const text = typeof svg === "string" ? svg : svg.svg;
    assert.doesNotMatch(text, / style="/);
    assert.match(text, / fill="rgb\(/, "the computed colours written out");
  });

  test("embed.js from another origin: nothing without Access-Control-Allow-Origin, a working embed with it", TIMEOUT, async () => {
    const { page } = ctx;
    const hostPage = (name) => `<!doctype html><title>docs</title>
      <script type="module" src="${origin}/playground/${name}"></script>
      <kafka-replication-playground id="el" scenario="01-anatomy"></kafka-replication-playground>`;
    // The playground's server sends no CORS header: a module script from it is refused.
    docs.pages.set("/no-cors.html", hostPage("embed.js"));
    await page.goto(`${docs.origin}/no-cors.html`);
    await page.waitForTimeout(1000);
    assert.equal(await page.evaluate(() => !!customElements.get("kafka-replication-playground")), false);
    // The same file with the header (as the README says to configure).
    await ctx.page.context().route(`${origin}/playground/embed-cors.js`, async (route) => {
      const res = await route.fetch({ url: `${origin}/playground/embed.js` });
      await route.fulfill({ response: res, headers: { ...res.headers(), "access-control-allow-origin": "*" } });
    });
    docs.pages.set("/cors.html", hostPage("embed-cors.js"));
    await page.goto(`${docs.origin}/cors.html`);
    const frame = await frameOf(page, "el");
    assert.equal(new URL(frame.url()).searchParams.get("origin"), docs.origin, "the page obeys only its host");
    // The element's page is beside the script, not beside the host document.
    assert.equal(new URL(frame.url()).origin, origin);
    assert.equal((await page.evaluate(() => document.getElementById("el").goTo(2))).ok, true);
  });
});
