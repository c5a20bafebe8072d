// HW-history chart of one partition: the leader's HW (thick) and each replica's LEO (thin) over
// the last samples, as step lines, with the latest values labelled at the right edge and the
// tick and offset ranges noted in the plot's corners. Seeing the LEOs run ahead and the HW follow
// the slowest ISR member is the point of the chart.
//
// It is drawn on a canvas because every DOM text or SVG change a tick makes costs Chromium
// 50–100 µs of layout (as an SVG, each tick changed its paths, labels and caption); redrawing a
// canvas costs none. Its aria-label says what it shows; test hook: data-lines, the lines drawn
// ("HW B0 B1 B2").

import { cachedWidth, h, setAttr, setText } from "./dom.js";
import { cssColors, cssFont, fitCanvas, setFont, textWidth } from "./canvas.js";
import { chartLines, chartScale, chartWindow, HW, linesCross, spreadLabels } from "./hw-history.js";
import { t } from "../i18n.js";

const HEIGHT = 70;
/** The plot's inner top and bottom margin, and the room at the right for the end labels (px). */
const PAD = { y: 6, left: 4, right: 40 };
const LABEL_GAP = 10;
const COLORS = ["--hw", "--leo", "--muted"];
/** LEO dashes by the replica's place in the assignment (solid past the third, or once it left). */
const DASHES = [[], [4, 2], [1, 2]];

/** The width to draw `figure` at (cached: see cachedWidth). */
export function measure(figure) {
  return Math.round(cachedWidth(figure) || 300);
}

/**
 * Draw `partition`'s series from `history` into `figure` (skipped when nothing changed).
 * `width`: the figure's width in px, measured by the caller before it wrote to the DOM.
 */
export function render(figure, history, partition, replicas, width = measure(figure)) {
  // The colours are in the key so that the first redraw after a theme change repaints.
  const colors = cssColors(COLORS);
  const key = `${history.version}|${width}|${replicas.join(",")}|${colors["--hw"]}|${colors["--leo"]}|${colors["--muted"]}`;
  if (figure.__key === key) return;
  figure.__key = key;
  if (!figure.firstChild) figure.append(h("canvas", { class: "chart", role: "img" }), h("figcaption", { class: "chart-caption" }));
  const canvas = figure.firstChild;
  const ctx = fitCanvas(canvas, width, HEIGHT);
  const win = chartWindow(history, partition);
  setText(figure.lastChild, t(win ? "chart.caption" : "chart.empty"));
  if (!win) {
    setAttr(canvas, "data-lines", "");
    setAttr(canvas, "aria-label", t("chart.noHistory"));
    return;
  }
  const plot = { left: PAD.left, right: Math.max(PAD.left + 1, width - PAD.right), top: PAD.y, bottom: HEIGHT - PAD.y };
  const lines = chartLines(history, partition, win, plot);
  const font = cssFont("--mono");

  // The ranges go under the lines, each in whichever of its two corners no line crosses.
  const noteFont = `9px ${font}`;
  setFont(ctx, noteFont);
  ctx.fillStyle = colors["--muted"];
  const high = plot.top + 10;
  const low = plot.bottom - 4;
  const offsets = t("chart.offsets", { min: win.yMin, max: win.yMax });
  const ticks = t("chart.ticks", { from: win.tickMin, to: win.tickMax });
  note(ctx, lines, plot, "left", [high, low], offsets, textWidth(noteFont, offsets));
  note(ctx, lines, plot, "right", [low, high], ticks, textWidth(noteFont, ticks));

  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.left, 0, plot.right - plot.left, HEIGHT);
  ctx.clip();
  // Lines on whole px, centred on the pixels' middle: the 3 px HW covers whole pixels.
  ctx.translate(0.5, 0.5);
  for (const l of lines) if (l.id !== HW) stroke(ctx, l.segments, colors["--leo"], 1.3, DASHES[replicas.indexOf(l.id)] ?? []);
  if (lines[0]?.id === HW) stroke(ctx, lines[0].segments, colors["--hw"], 3, []);
  ctx.restore();

  const { y } = chartScale(win, plot);
  const labelled = win.leos.map((l) => ({ text: `B${l.broker} ${l.leo}`, y: y(l.leo), hw: false }));
  if (win.hw !== null) labelled.push({ text: `HW ${win.hw}`, y: y(win.hw), hw: true });
  const ys = spreadLabels(labelled.map((l) => l.y), LABEL_GAP, 8, HEIGHT - 2);
  ctx.textAlign = "left";
  labelled.forEach((l, i) => {
    setFont(ctx, `${l.hw ? "700 " : ""}10px ${font}`); // the HW label comes last: two fonts a draw
    ctx.fillStyle = colors[l.hw ? "--hw" : "--muted"];
    ctx.fillText(l.text, width - 38, ys[i] + 3);
  });

  setAttr(canvas, "data-lines", lines.map((l) => (l.id === HW ? "HW" : `B${l.id}`)).join(" "));
  const leos = win.leos.map((l) => `B${l.broker} LEO ${l.leo}`).join(", ");
  setAttr(canvas, "aria-label", t("chart.aria", { p: partition, ticks, offsets, hw: win.hw ?? t("compact.none"), leos }));
}

/** `text` (`width` px wide) at the plot's `side`, on the first of `baselines` where no line crosses it. */
function note(ctx, lines, plot, side, baselines, text, width) {
  const x = side === "left" ? plot.left + 3 : plot.right - 3;
  const left = side === "left" ? x : x - width;
  const clear = (b) => !linesCross(lines, { left: left - 2, right: left + width + 2, top: b - 9, bottom: b + 3 });
  ctx.textAlign = side;
  ctx.fillText(text, x, baselines.find(clear) ?? baselines[0]);
}

/** One line's segments (see chartLines) as one stroke. */
function stroke(ctx, segments, color, width, dash) {
  ctx.beginPath();
  for (const seg of segments) {
    ctx.moveTo(seg[0][0], seg[0][1]);
    for (let i = 1; i < seg.length; i++) ctx.lineTo(seg[i][0], seg[i][1]);
  }
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.stroke();
}
