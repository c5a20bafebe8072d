// The messages in flight over the cluster picture (page/cluster.js): glyphs stamped on a canvas
// laid over the SVG, the hit test that finds the message under the pointer, and the same glyphs as
// SVG elements for the exported picture.

import { h, setAttr, setStyle } from "./dom.js";
import { cssColors, cssFont, paint, sprite, stampSprite, themeKey } from "./canvas.js";
import { messageGlyph } from "../views/cluster-layout.js";

/**
 * The messages in flight, as glyphs (messageGlyph: a letter in a circle, hollow for a response)
 * stamped on a canvas over the picture (sprite). As SVG elements they were restyled, re-titled
 * and moved on every tick, about a tenth of the page's frame (issue #6). Repainted only when a
 * message moved, came or went, or the look changed. `canvas.__shown` ({ m, x, y } in picture
 * px, drawn in that order) is what messageAt() looks up and the tests read.
 */
export function drawMessages(canvas, layout, shown, size) {
  const look = `${layout.width}|${layout.height}|${size.r}|${themeKey()}`;
  const prev = canvas.__shown;
  if (canvas.__look === look && prev && prev.length === shown.length && prev.every((p, i) => p.m.seq === shown[i].m.seq && p.x === shown[i].x && p.y === shown[i].y)) {
    canvas.__shown = shown; // the same places: keep the newer message objects (their text)
    return;
  }
  canvas.__look = look;
  canvas.__shown = shown;
  // Painted with the frame's other canvases (canvas.js paint): a glyph's first sprite reads the
  // theme's colours, which in the middle of the frame's DOM writes would restyle the page.
  paint(canvas, layout.width, layout.height, (ctx) => {
    const stamps = shown.map(({ m }) => glyphSprite(messageGlyph(m.kind), size)); // then the stamps: canvas.js sprite
    shown.forEach(({ x, y }, i) => stampSprite(ctx, stamps[i], x - size.box / 2, y - size.box / 2));
  });
}

/** A glyph's circle radius, letter size and baseline, and the square its sprite takes (px); the SVG's were CSS rules (.msg). */
const GLYPH = {
  normal: { r: 8, fontPx: 10, baseline: 3.5, box: 22 },
  dense: { r: 6, fontPx: 8, baseline: 2.5, box: 18 },
};

/** The glyphs' size in the picture `svg` (smaller in a dense cluster). */
export function glyphSize(svg) {
  return GLYPH[svg.classList.contains("dense") ? "dense" : "normal"];
}

/** Message colour per glyph family (CSS custom properties, resolved by canvas.js cssColors). */
const FAMILY_COLOR = { fetch: "--m-fetch", produce: "--m-produce", consume: "--m-consume", control: "--m-control", epoch: "--m-epoch", alter: "--m-alter", other: "--m-other" };

function glyphSprite(g, size) {
  return sprite(`msg|${g.family}|${g.response}|${g.letter}|${size.r}`, size.box, size.box, (ctx) => drawGlyph(ctx, g, size, size.box / 2, size.box / 2));
}

/**
 * A glyph's colours: filled with its family's colour and edged with the surface colour (a
 * request), or the other way round with a thicker edge (a response), as the legend's.
 */
function glyphColors(g) {
  const name = FAMILY_COLOR[g.family] ?? FAMILY_COLOR.other;
  const c = cssColors([name, "--surface"]);
  return g.response
    ? { fill: c["--surface"], stroke: c[name], strokeWidth: 2.5, text: c[name] }
    : { fill: c[name], stroke: c["--surface"], strokeWidth: 1.5, text: "#fff" };
}

/** One glyph centred on (`x`, `y`). */
function drawGlyph(ctx, g, size, x, y) {
  const c = glyphColors(g);
  ctx.beginPath();
  ctx.arc(x, y, size.r, 0, 2 * Math.PI);
  ctx.fillStyle = c.fill;
  ctx.fill();
  ctx.lineWidth = c.strokeWidth;
  ctx.strokeStyle = c.stroke;
  ctx.stroke();
  ctx.font = `800 ${size.fontPx}px ${cssFont("--sans")}`;
  ctx.textAlign = "center";
  ctx.fillStyle = c.text;
  ctx.fillText(g.letter, x, y + size.baseline);
}

/**
 * The sequence number of the message drawn at viewport point (`x`, `y`) in the cluster view
 * `root`, or null (the topmost: the last drawn). controls.js opens the message inspector with it.
 */
export function messageAt(root, x, y) {
  return glyphAt(root, x, y)?.m.seq ?? null;
}

/** The glyph drawn at viewport point (`x`, `y`) ({ m, x, y } of canvas.__shown), or null. */
function glyphAt(root, x, y) {
  const canvas = root.querySelector("canvas.messages-layer");
  const svg = root.querySelector(".cluster-figure svg");
  if (!canvas?.__shown || !svg?.__layout) return null;
  const box = canvas.getBoundingClientRect();
  const scale = box.width / svg.__layout.width || 1;
  const px = (x - box.left) / scale;
  const py = (y - box.top) / scale;
  const r = glyphSize(svg).r + 1.5;
  for (let i = canvas.__shown.length - 1; i >= 0; i--) {
    const s = canvas.__shown[i];
    if (Math.hypot(s.x - px, s.y - py) <= r) return s;
  }
  return null;
}

/** The message under the pointer says what it is (the canvas has no elements to carry a title). */
export function showMessageTitle(event) {
  const fig = event.currentTarget;
  const m = glyphAt(fig.parentElement, event.clientX, event.clientY)?.m;
  setStyle(fig, "cursor", m ? "pointer" : "");
  setAttr(fig, "title", m ? m.text : null);
}

/**
 * The messages drawn now, as SVG elements with their colours written out, for the exported
 * picture (export-svg.js serializeSvg appends them to the cluster's SVG).
 */
export function messageElements(root) {
  const canvas = root.querySelector("canvas.messages-layer");
  const svg = root.querySelector(".cluster-figure svg");
  if (!canvas?.__shown || !svg) return [];
  const size = glyphSize(svg);
  return canvas.__shown.map(({ m, x, y }) => {
    const g = messageGlyph(m.kind);
    const c = glyphColors(g);
    return h(
      "svg:g",
      { transform: `translate(${x},${y})` },
      h("svg:circle", { r: size.r, fill: c.fill, stroke: c.stroke, "stroke-width": c.strokeWidth }),
      h("svg:text", { y: size.baseline, "text-anchor": "middle", "font-size": size.fontPx, "font-weight": 800, "font-family": cssFont("--sans"), fill: c.text }, g.letter),
      h("svg:title", {}, m.text),
    );
  });
}
