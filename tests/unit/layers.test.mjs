// The page's layers stay apart (issue #13): www/page/ is the only code that touches the DOM.
// www/views/ are pure (view models, geometry and strings, functions of a snapshot that node can
// run) and import nothing outside views/ but the dictionaries; www/app/ (Session, Player, Modes,
// Loop) uses no DOM either, but for the Loop's requestAnimationFrame. The files are scanned with
// their comments and string literals left out.
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

/** The code without its comments and the contents of its string and template literals. */
function codeOnly(src) {
  return src.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/g, (m) =>
    m.startsWith("/") ? " " : m[0] + m[0]);
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
