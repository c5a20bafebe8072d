// Canvas helpers for the parts of the page that change with the ticks (the partitions view's
// records, offset ruler and lag clocks; the cluster's messages in flight). A changed DOM text costs Chromium 50–100 µs of
// layout however it is contained, a changed element more (issue #6's frame budget, README
// "Budgets"); a repainted canvas costs no layout. What a canvas shows is also said in words
// for screen readers (aria-label), by the views that draw it.

import { setStyle } from "./dom.js";

/** Each canvas's latest paint waiting for flushPaint. */
const jobs = new Map();

/**
 * Size `canvas` to `width` × `height` CSS px, backed by device pixels (sharp on HiDPI screens),
 * now, and paint it with `draw(ctx)` (in CSS px, on a cleared canvas) at the next
 * flushPaint(). A canvas's text and fonts make Chromium bring the whole document's style up to
 * date first: painted in the middle of a frame's DOM writes, that cost 1.4 ms a frame for six
 * lag clocks, an extra style pass; painted after them (page/draw.js flushes at its end), it is
 * the frame's one style pass. (An OffscreenCanvas knows no document, but each took 1.2 ms to set
 * up: 22 ms more before the first frame.)
 */
export function paint(canvas, width, height, draw) {
  const ratio = globalThis.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(width * ratio));
  const hgt = Math.max(1, Math.round(height * ratio));
  const ctx = canvas.getContext("2d");
  if (canvas.width !== w || canvas.height !== hgt) {
    canvas.width = w;
    canvas.height = hgt;
    ctx.__font = undefined; // a resize resets the context's state
  }
  setStyle(canvas, "width", `${width}px`);
  setStyle(canvas, "height", `${height}px`);
  jobs.set(canvas, () => {
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    draw(ctx);
  });
}

/**
 * Paint the canvases that paint() was given since the last flush. One that is not rendered
 * (display: none: a phone's other partitions, those a lesson leaves out) keeps its paint until
 * a flush finds it shown (the page redraws when that changes): at load, painting every
 * partition's canvases made half of a phone's first frame (issue #18). Style is up to date at
 * a flush (the first canvas's text needs it), so asking costs no extra style pass. Every canvas is
 * asked before any is painted: a paint that resolves colours (cssColors) adds and removes its
 * probe, and asked after it, the next canvas laid the page out again (a first frame: a dozen
 * layouts of the whole page, issue #18).
 */
export function flushPaint() {
  const due = [];
  for (const [canvas, job] of jobs) {
    if (canvas.isConnected && !canvas.checkVisibility()) continue;
    jobs.delete(canvas);
    if (canvas.isConnected) due.push(job);
  }
  for (const job of due) job();
}

// The palette's colours are CSS custom properties written with light-dark(), which a canvas
// cannot use: each is resolved by the browser through a hidden probe element's `color`. That
// also gives forced-colors (high-contrast) mode its system colours. The resolved values are kept
// while the theme is the same (html[data-theme], the OS colour scheme, forced colours, contrast),
// which is checked once per task; the app redraws on the next frame after a theme change.
export const THEME_QUERIES = ["(prefers-color-scheme: dark)", "(forced-colors: active)", "(prefers-contrast: more)"];
let themeLists = null;
let resolved = new Map();
let resolvedFor = null;
let probe = null;

let keyNow = null;

/**
 * What the palette depends on, read once per task (a frame draws a dozen canvases): views key
 * their canvases on it, and resolve the colours (cssColors) only when they paint.
 */
export function themeKey() {
  if (keyNow === null) {
    themeLists ??= THEME_QUERIES.map((q) => globalThis.matchMedia?.(q) ?? null);
    keyNow = `${document.documentElement.dataset.theme ?? "auto"}|${themeLists.map((l) => (l?.matches ? 1 : 0)).join("")}`;
    queueMicrotask(() => (keyNow = null));
  }
  return keyNow;
}

function current() {
  const key = themeKey();
  if (key !== resolvedFor) {
    resolvedFor = key;
    resolved = new Map();
  }
  return resolved;
}

/**
 * The current value of each CSS custom property in `names` (e.g. "--hw") as a colour a canvas
 * accepts. Reading them costs one style recalculation, once per theme.
 */
export function cssColors(names) {
  const map = current();
  const missing = names.filter((n) => !map.has(n));
  if (missing.length) {
    if (!probe) {
      probe = document.createElement("span");
      probe.setAttribute("aria-hidden", "true");
      probe.style.cssText = "position:absolute;width:0;height:0;overflow:hidden;visibility:hidden";
    }
    document.body.append(probe);
    const spans = missing.map((n) => {
      const s = document.createElement("span");
      s.style.color = `var(${n})`;
      return s;
    });
    probe.replaceChildren(...spans);
    missing.forEach((n, i) => map.set(n, getComputedStyle(spans[i]).color));
    probe.remove();
  }
  return Object.fromEntries(names.map((n) => [n, map.get(n)]));
}

const fonts = new Map();

/**
 * The page's font stacks (CSS --mono / --sans), for canvas text: read from the style sheets'
 * :root rules, which costs no style recalculation (getComputedStyle in the middle of a frame's
 * DOM writes would make Chromium restyle the page an extra time).
 */
export function cssFont(name) {
  if (!fonts.has(name)) {
    let value = "";
    for (const sheet of document.styleSheets) {
      /** @type {CSSRuleList | CSSRule[]} */
      let rules = [];
      try {
        rules = sheet.cssRules; // a style sheet from another origin (an extension's) cannot be read
      } catch {
        continue;
      }
      for (const rule of /** @type {Iterable<CSSStyleRule>} */ (rules)) if (rule.selectorText === ":root") value ||= rule.style.getPropertyValue(name).trim();
    }
    fonts.set(name, value || (name === "--mono" ? "monospace" : "sans-serif"));
  }
  return fonts.get(name);
}

/** Set the context's font, only when it changed: parsing a font and matching its families costs more than drawing the text. */
export function setFont(ctx, font) {
  if (ctx.__font === font) return;
  ctx.font = font;
  ctx.__font = font;
}

const sprites = new Map();
let spritesFor = null;
/** The atlas pages sprites are drawn on: { canvas, ctx, x, y, rowH } (the free spot, device px). */
let pages = [];
const PAGE_PX = 512;
const MAX_PAGES = 4;

/**
 * A small picture drawn once and stamped many times: `draw(ctx)` paints it in CSS px on a
 * `width` × `height` slot (device pixels, like paint()), kept by `key` while the theme and the
 * pixel ratio are the same. Stamping it (stampSprite) costs a copy; drawing a record cell or a
 * message glyph again costs a path, a fill and a text shaped anew, and the pictures with the
 * most of them are redrawn on most ticks (issue #6). The slots are packed in rows on a few
 * shared atlas canvases: a canvas and a context of its own for each sprite cost more than
 * drawing it (each new record's cells are new sprites: half the partitions' painting in the 4.2
 * preset's frames, issue #19). The atlas is never in the document, so its text needs no style
 * recalculation.
 */
export function sprite(key, width, height, draw) {
  const ratio = globalThis.devicePixelRatio || 1;
  const theme = `${themeKey()}|${ratio}`;
  if (spritesFor !== theme) {
    spritesFor = theme;
    sprites.clear();
    pages = [];
  }
  let s = sprites.get(key);
  if (!s) {
    const w = Math.min(PAGE_PX, Math.max(1, Math.ceil(width * ratio)));
    const h = Math.min(PAGE_PX, Math.max(1, Math.ceil(height * ratio)));
    let page = pages.at(-1);
    if (page && page.x + w > PAGE_PX) Object.assign(page, { x: 0, y: page.y + page.rowH, rowH: 0 });
    if (!page || page.y + h > PAGE_PX) {
      if (pages.length >= MAX_PAGES) {
        // A bound all the same (keys are a cell's epoch, label and state, a glyph): start afresh.
        sprites.clear();
        pages = [];
      }
      const canvas = document.createElement("canvas");
      canvas.width = PAGE_PX;
      canvas.height = PAGE_PX;
      page = { canvas, ctx: canvas.getContext("2d"), x: 0, y: 0, rowH: 0 };
      pages.push(page);
    }
    s = { canvas: page.canvas, x: page.x, y: page.y, w, h };
    page.x += w;
    page.rowH = Math.max(page.rowH, h);
    const ctx = page.ctx;
    ctx.save();
    ctx.beginPath();
    ctx.rect(s.x, s.y, w, h);
    ctx.clip();
    ctx.setTransform(ratio, 0, 0, ratio, s.x, s.y);
    draw(ctx);
    ctx.restore();
    ctx.__font = undefined; // restore() reset the font setFont keeps track of
    sprites.set(key, s);
  }
  return s;
}

/**
 * Stamp sprite `s` with its top left corner at (`x`, `y`) CSS px of a context paint() set up,
 * on whole device pixels: a copy pixel for pixel, as sharp as the sprite.
 */
export function stampSprite(ctx, s, x, y) {
  const ratio = globalThis.devicePixelRatio || 1;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(s.canvas, s.x, s.y, s.w, s.h, Math.round(x * ratio), Math.round(y * ratio), s.w, s.h);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
}

let measurer = null;
const widths = new Map();

/**
 * The width in CSS px of `text` set in `font` (a canvas font shorthand). The page's canvas text
 * is set in the monospace stack, so a width is measured once per font and length and reused:
 * measuring shapes the text again, about 20 µs a call.
 */
export function textWidth(font, text) {
  const key = `${text.length}|${font}`;
  let w = widths.get(key);
  if (w === undefined) {
    measurer ??= document.createElement("canvas").getContext("2d");
    setFont(measurer, font);
    w = measurer.measureText(text).width;
    if (widths.size > 200) widths.clear();
    widths.set(key, w);
  }
  return w;
}
