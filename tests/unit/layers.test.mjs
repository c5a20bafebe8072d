// The page's layers stay apart (issue #13): www/page/ is the only code that touches the DOM.
// www/views/ are pure (view models, geometry and strings, functions of a snapshot that node can
// run) and import nothing outside views/ but the dictionaries; www/app/ (Session, Player, Modes,
// Loop) uses no DOM either, but for the Loop's requestAnimationFrame, and imports no page/ module
// (main.js gives the app the page's functions), so imports run one way. The Loop is the page's
// only requestAnimationFrame, and no file of the page is over 400 lines (the dictionaries aside).
// The files are scanned with their comments and string literals left out.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const WWW = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "www");
const VIEWS = path.join(WWW, "views");

/** Globals of a browser page, as bare identifiers (a property `x.window` or a key `window:` is not one). */
const GLOBALS = [
  "document", "window", "self", "navigator", "location", "history", "localStorage", "sessionStorage",
  "requestAnimationFrame", "cancelAnimationFrame", "requestIdleCallback", "getComputedStyle", "matchMedia",
  "HTMLElement", "HTMLCanvasElement", "HTMLInputElement", "SVGElement", "Element", "Node", "Image", "Path2D",
  "OffscreenCanvas", "ResizeObserver", "IntersectionObserver", "MutationObserver", "XMLSerializer", "DOMParser",
  "CustomEvent", "KeyboardEvent", "MouseEvent", "Blob", "FileReader", "postMessage",
];
/** Element, canvas and event APIs, as members. */
const MEMBERS = [
  "addEventListener", "removeEventListener", "dispatchEvent", "getContext", "querySelector", "querySelectorAll",
  "getElementById", "createElement", "createElementNS", "appendChild", "replaceChildren", "insertBefore",
  "classList", "dataset", "textContent", "innerHTML", "setAttribute", "getBoundingClientRect", "ownerDocument",
];
/** Modules outside views/ that a view model may import: the dictionaries' lookup, and nothing that draws. */
const ALLOWED_OUTSIDE = new Set(["i18n.js"]);

/** A comment, or a string or template literal. */
const COMMENT_OR_STRING = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/g;

/** The code without its comments and the contents of its string and template literals. */
function codeOnly(src) {
  return src.replace(COMMENT_OR_STRING, (m) => (m.startsWith("/") ? " " : m[0] + m[0]));
}

/** The code without its comments (its string literals kept: the import specifiers are strings). */
function withoutComments(src) {
  return src.replace(COMMENT_OR_STRING, (m) => (m.startsWith("/") ? " " : m));
}

const files = fs.readdirSync(VIEWS).filter((f) => f.endsWith(".js"));

/** The DOM globals and members that `code` uses. */
function domUses(code) {
  const found = [];
  for (const g of GLOBALS) if (new RegExp(`(?<![\\w$.])${g}\\b(?!\\s*:)`).test(code)) found.push(g);
  for (const m of MEMBERS) if (new RegExp(`\\.${m}\\b`).test(code)) found.push(`.${m}`);
  return found;
}

test("www/views/ has view models to scan", () => assert.ok(files.length >= 10, files.join(", ")));

for (const f of files) {
  test(`views/${f} touches no DOM`, () => {
    const src = fs.readFileSync(path.join(VIEWS, f), "utf8");
    const found = domUses(codeOnly(src));
    assert.deepEqual(found, [], `views/${f} uses ${found.join(", ")}: DOM code belongs in www/page/`);
  });
  test(`views/${f} imports only views and the dictionaries`, () => {
    const src = fs.readFileSync(path.join(VIEWS, f), "utf8");
    const specs = [...src.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)["']([^"']+)["']/gm)].map((m) => m[1]);
    const outside = specs.filter((s) => {
      const target = path.relative(WWW, path.resolve(VIEWS, s));
      return !target.startsWith(`views${path.sep}`) && !ALLOWED_OUTSIDE.has(target);
    });
    assert.deepEqual(outside, [], `views/${f} imports ${outside.join(", ")}`);
  });
}

/** app/ files and the DOM names each may use. */
const APP_ALLOWED = { "loop.js": ["requestAnimationFrame"] };
const APP = path.join(WWW, "app");
const appFiles = fs.readdirSync(APP, { recursive: true }).filter((f) => f.endsWith(".js"));

test("www/app/ has the application to scan", () => assert.ok(appFiles.includes("session.js") && appFiles.includes(path.join("modes", "free.js")), appFiles.join(", ")));

for (const f of appFiles) {
  test(`app/${f} touches no DOM`, () => {
    const found = domUses(codeOnly(fs.readFileSync(path.join(APP, f), "utf8"))).filter((u) => !(APP_ALLOWED[f] ?? []).includes(u));
    assert.deepEqual(found, [], `app/${f} uses ${found.join(", ")}: DOM code belongs in www/page/`);
  });
}

test("the scan sees DOM code", () => {
  const hits = (code) => domUses(codeOnly(code));
  assert.deepEqual(hits(`const c = document.createElement("canvas");`), ["document", ".createElement"]);
  assert.deepEqual(hits(`requestAnimationFrame(draw);`), ["requestAnimationFrame"]);
  assert.deepEqual(hits(`el.classList.add("x");`), [".classList"]);
  // Words in comments and strings, properties and keys are not uses.
  assert.deepEqual(hits(`// the offset window\nconst s = { window: 3 }; s.window; t("window");`), []);
});

/**
 * The modules `code` imports: { specs } (static `import … from`, `import "…"`, `export … from` and
 * dynamic `import("…")`), and `opaque`, the dynamic imports of anything but a string literal
 * (whose target the scan cannot know).
 */
function importsOf(code) {
  const specs = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|(?:^|[;\s])import\s*)(["'`])([^"'`]+)\1/g)].map((m) => m[2]);
  const opaque = [...code.matchAll(/\bimport\s*\(\s*(?!["'`][^"'`]*["'`]\s*\))([^)]*)\)/g)].map((m) => m[1].trim());
  return { specs, opaque };
}

for (const f of appFiles) {
  test(`app/${f} imports no page/ module`, () => {
    const { specs, opaque } = importsOf(withoutComments(fs.readFileSync(path.join(APP, f), "utf8")));
    const page = specs.filter((s) => path.relative(WWW, path.resolve(path.dirname(path.join(APP, f)), s)).startsWith(`page${path.sep}`));
    assert.deepEqual(page, [], `app/${f} imports ${page.join(", ")}: the page's functions come from main.js (App's page)`);
    assert.deepEqual(opaque, [], `app/${f} imports a module the scan cannot name: ${opaque.join(", ")}`);
  });
}

/** Every JS file of the page (www/pkg/ is the core's generated binding), relative to www/. */
const wwwFiles = fs
  .readdirSync(WWW, { recursive: true })
  .filter((f) => f.endsWith(".js") && !f.startsWith(`pkg${path.sep}`));
/** The dictionaries: one string a line, as long as the page has words. */
const DICTIONARIES = new Set([path.join("i18n", "en.js"), path.join("i18n", "zh.js")]);
const MAX_LINES = 400;

test("www/ has the page's files to scan", () => assert.ok(wwwFiles.includes("main.js") && wwwFiles.includes(path.join("app", "loop.js")), wwwFiles.join(", ")));

test("the Loop is the page's only requestAnimationFrame", () => {
  const callers = wwwFiles.filter((f) => /\brequestAnimationFrame\b/.test(codeOnly(fs.readFileSync(path.join(WWW, f), "utf8"))));
  assert.deepEqual(callers, [path.join("app", "loop.js")], "frames are the Loop's (app/loop.js): give it a hook instead");
});

test(`no file of the page is over ${MAX_LINES} lines (the dictionaries aside)`, () => {
  const long = wwwFiles
    .filter((f) => !DICTIONARIES.has(f))
    .map((f) => ({ f, lines: fs.readFileSync(path.join(WWW, f), "utf8").split("\n").length - 1 }))
    .filter((x) => x.lines > MAX_LINES)
    .map((x) => `${x.f} (${x.lines})`);
  assert.deepEqual(long, [], "split these along their seams");
});

test("the import scan sees static and dynamic imports, not comments", () => {
  const scan = (src) => importsOf(withoutComments(src));
  assert.deepEqual(scan(`import * as a from "../page/a.js";\nimport "./b.js";\nexport { c } from './c.js';\nconst d = () => import("../page/d.js");`).specs, ["../page/a.js", "./b.js", "./c.js", "../page/d.js"]);
  assert.deepEqual(scan(`// import("../page/x.js")\n/** @type {typeof import("../page/y.js")} */\nlet z;`).specs, []);
  assert.deepEqual(scan(`const m = import(name);`).opaque, ["name"]);
  assert.deepEqual(scan(`const m = import("./ok.js");`).opaque, []);
});
