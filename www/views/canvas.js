// Canvas helpers for the parts of the partitions view that change with the ticks (the records,
// the offset ruler, the followers' lag clocks). Redrawing a canvas costs no style or layout
// work; in Chromium a changed DOM text costs 50–100 µs of layout however it is contained
// (issue #6's frame budget, README "Budgets"). What a canvas shows is also said in words for
// screen readers (aria-label), by the views that draw it.

import { setStyle } from "./dom.js";

/**
 * Size `canvas` to `width` × `height` CSS px, backed by device pixels (sharp on HiDPI screens),
 * and return its 2D context, cleared and scaled so that drawing is in CSS px. Resizing the
 * backing store only happens when a size or the pixel ratio changed.
 */
export function fitCanvas(canvas, width, height) {
  const ratio = globalThis.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(width * ratio));
  const hgt = Math.max(1, Math.round(height * ratio));
  // Drawing goes to an OffscreenCanvas that owns the element's pixels: text and fonts on a
  // canvas in the document make Chromium bring the whole document's style up to date first
  // (1.4 ms a frame for the six lag clocks), an OffscreenCanvas knows no document.
  const surface = (canvas.__surface ??= typeof canvas.transferControlToOffscreen === "function" ? canvas.transferControlToOffscreen() : canvas);
  const ctx = surface.getContext("2d");
  if (surface.width !== w || surface.height !== hgt) {
    surface.width = w;
    surface.height = hgt;
    ctx.__font = undefined; // a resize resets the context's state
  }
  setStyle(canvas, "width", `${width}px`);
  setStyle(canvas, "height", `${height}px`);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}

// The palette's colours are CSS custom properties written with light-dark(), which a canvas
// cannot use: each is resolved by the browser through a hidden probe element's `color`. That
// also gives forced-colors (high-contrast) mode its system colours. The resolved values are kept
// while the theme is the same (html[data-theme], the OS colour scheme, forced colours, contrast),
// which is checked once per task; main.js redraws on the next frame after a theme change.
export const THEME_QUERIES = ["(prefers-color-scheme: dark)", "(forced-colors: active)", "(prefers-contrast: more)"];
let themeLists = null;
let resolved = new Map();
let resolvedFor = null;
let probe = null;

let keyNow = null;

/** What the palette depends on, read once per task (a frame draws a dozen canvases). */
function themeKey() {
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

/** The page's font stacks (CSS --mono / --sans), for canvas text. */
export function cssFont(name) {
  const map = current();
  const key = `font:${name}`;
  if (!map.has(key)) map.set(key, getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "monospace");
  return map.get(key);
}

/**
 * Set the context's font, only when it changed: parsing a font and matching its families costs
 * more than drawing the text (and on a canvas in the document, as without OffscreenCanvas, it
 * first brings the whole document's style up to date).
 */
export function setFont(ctx, font) {
  if (ctx.__font === font) return;
  ctx.font = font;
  ctx.__font = font;
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
