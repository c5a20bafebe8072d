// The npm package (#18): `npm pack` makes the tarball a docs author installs; installed (offline,
// from the tarball) into a scratch Vite project in a temp dir, its `/element` and `/core`
// exports build with Vite and work in Chromium: the core runs a cluster (its wasm emitted as an
// asset by the bundler), the element shows a lesson at its stop from the page files the package
// ships (copied into the project's public/ folder, as the README says). Needs dist/ and www/pkg
// (`npx vite build`); the pack skips the prepack build.
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
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const npm = (args, cwd) => execFileSync(NPM, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

const APP_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>scratch docs</title>
  <script type="module" src="./main.js"></script></head><body>
  <h1>A docs page built with Vite</h1>
  <p id="core">loading the core…</p>
  <kafka-replication-playground id="lesson" src="playground/index.html" scenario="05-acks" step="2"></kafka-replication-playground>
  </body></html>`;

const APP_JS = `import "kafka-replication-playground/element";
import init, { Cluster } from "kafka-replication-playground/core";

async function run() {
  await init();
  const c = new Cluster({ brokers: 3, partitions: 1, replicationFactor: 3, seed: 7 });
  c.produce({ partition: 0, count: 3, acks: "all" });
  c.step(60);
  const p = c.snapshot().partitions[0];
  document.getElementById("core").textContent = \`leader \${p.leader} hw \${p.hw} isr \${p.isr.join(",")}\`;
}
run();
`;

describe("the npm package, installed into a scratch Vite project", () => {
  let tmp;
  let files;
  let server;
  let context;
  before(() => {
    for (const f of ["dist/embed.js", "dist/index.html", "www/pkg/kafka_replication.js"]) {
      if (!fs.existsSync(path.join(ROOT, f))) throw new Error(`${f} is missing: run \`npx vite build\` first`);
    }
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kafka-playground-package-"));
  });
  after(async () => {
    await context?.close();
    if (server) await new Promise((resolve) => server.close(resolve));
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("npm pack: the page, the element, the core with its wasm and types; no sources or tests", TIMEOUT, () => {
    const [info] = JSON.parse(npm(["pack", "--ignore-scripts", "--json", "--pack-destination", tmp], ROOT));
    files = info.files.map((f) => f.path);
    for (const f of ["package.json", "dist/embed.js", "dist/index.html", "www/pkg/kafka_replication.js", "www/pkg/kafka_replication_bg.wasm", "www/pkg/kafka_replication.d.ts", "types/element.d.ts"]) assert.ok(files.includes(f), f);
    assert.ok(files.some((f) => /^dist\/assets\/.*\.wasm$/.test(f)), "the page's wasm");
    assert.deepEqual(files.filter((f) => /^(crate|tests|scripts|scenarios|bench|www\/(?!pkg))\//.test(f) || f.startsWith("dist/examples/")), []);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    assert.equal(pkg.private, undefined, "publishable");
    assert.equal(info.name, "kafka-replication-playground");
    fs.renameSync(path.join(tmp, info.filename), path.join(tmp, "package.tgz"));
  });

  test("installed offline from the tarball, built with Vite, rendered in Chromium", TIMEOUT, async () => {
    assert.ok(files, "packed by the test before");
    const app = path.join(tmp, "app");
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "scratch-docs", private: true, type: "module", dependencies: { "kafka-replication-playground": "file:../package.tgz" } }));
    npm(["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], app);
    const installed = path.join(app, "node_modules", "kafka-replication-playground");
    assert.ok(fs.existsSync(path.join(installed, "dist", "embed.js")));
    fs.writeFileSync(path.join(app, "index.html"), APP_HTML);
    fs.writeFileSync(path.join(app, "main.js"), APP_JS);
    // The page the element frames: the package's files, served by the docs site (README).
    fs.cpSync(path.join(installed, "dist"), path.join(app, "public", "playground"), { recursive: true });

    const { build } = await import("vite");
    await build({ root: app, configFile: false, logLevel: "warn", base: "./", build: { outDir: path.join(app, "out"), emptyOutDir: true } });
    const out = path.join(app, "out");
    const assets = fs.readdirSync(path.join(out, "assets"));
    assert.ok(assets.some((f) => f.endsWith(".wasm")), `the bundler emitted the core's wasm (${assets.join(", ")})`);

    server = await serve(out, "/docs/");
    const url = `http://127.0.0.1:${server.address().port}/docs/index.html`;
    const userDataDir = path.join(tmp, "chromium");
    context = await chromium.launchPersistentContext(userDataDir, { executablePath: findChromium() ?? undefined, headless: true, args: CHROMIUM_ARGS });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => document.getElementById("core").textContent.startsWith("leader"), null, { timeout: 30_000 });
    assert.match(await page.textContent("#core"), /^leader \d hw 3 isr \d,\d,\d$/);
    const handle = await page.waitForFunction(() => document.getElementById("lesson").shadowRoot?.querySelector("iframe[src]"));
    const frame = await (await handle.asElement()).contentFrame();
    await frame.waitForFunction(() => window.__playground?.lesson?.()?.stop === 2 && !window.__playground.lesson().playing, null, { timeout: 60_000 });
    assert.match(await frame.textContent("#lesson-caption"), /\S/);
    assert.deepEqual(errors, []);
  });
});
