// A replica row's record track (page/partitions.js): the records of the offset window and the
// offset ruler over them, painted on canvases; the hit test and tooltip of a record under the
// pointer.

import { setAttr, setStyle } from "./dom.js";
import { cssColors, paint, setFont, sprite, stampSprite } from "./canvas.js";
import { epochSlot, sameCells } from "../views/model.js";
import { recordLabel } from "../views/record-label.js";
import { t } from "../i18n.js";

const EPOCH_COLORS = ["--e0", "--e1", "--e2", "--e3", "--e4", "--e5", "--e6", "--e7"];
/** The CSS colours the canvases paint with (canvas.js cssColors, resolved when they paint). */
export const PALETTE = [...EPOCH_COLORS, "--on-epoch", "--surface", "--surface-2", "--border", "--leo", "--bad", "--muted", "--ok", "--warn"];
export const TRACK_HEIGHT = 40;
const CELL = { top: 10, height: 20, gap: 2, radius: 3, dash: [3, 2], hatch: 6 };
/**
 * The bar under a record acknowledged to the producer (partitionModel's cell.acks): solid for
 * acks=all, dashed for acks=1, dotted for acks=0, so the shape says it without the colour.
 */
const ACK = { gap: 2, width: 2.5, dash: { all: [], 1: [4, 2], 0: [1.5, 2] }, color: { all: "--ok", 1: "--warn", 0: "--muted" } };

/**
 * The row's records in the offset window, on a canvas: a box per record, coloured by the leader
 * epoch that wrote it and labelled by `labels` (record-label.js: its value m1, m2 … or that
 * epoch), solid once committed, hatched with a dashed edge
 * before, ringed in red where it differs from the leader's record. As DOM elements, a produce
 * of 20 records created, restyled and removed up to 180 of them over the following frames, the
 * most expensive frames of the page (issue #6). Redrawn only when the window, the records or the
 * look changed. `leaving`: records the replica truncated a moment ago (partitionModel), drawn
 * as a struck-out red outline where they were. A record acknowledged to the producer has a bar
 * under it (ACK). Test hooks: data-start, data-cells ("offset:epoch:state" with state c
 * committed, u uncommitted, d divergent), data-labels (the labels drawn, in offset order),
 * data-leaving ("offset:epoch:rule"), data-acked ("offset:acks").
 */
export function drawCells(canvas, cells, start, { track, theme, mono, sans, labels }, leaving = []) {
  const empty = cells.length || leaving.length ? "" : t("pic.empty");
  const gone = leaving.map((c) => `${c.offset}:${c.epoch}:${c.rule}`).join(" ");
  const look = `${track.width}|${track.cell}|${empty}|${mono}|${sans}|${theme}|${gone}|${labels}`;
  if (canvas.__start === start && canvas.__look === look && sameCells(canvas.__cells, cells)) return;
  canvas.__start = start;
  canvas.__look = look;
  canvas.__cells = cells;
  canvas.__cellPx = track.cell;
  paint(canvas, Math.max(1, track.width), TRACK_HEIGHT, (ctx) => {
    const colors = cssColors(PALETTE);
    if (empty) {
      setFont(ctx, `italic 11px ${sans}`);
      ctx.fillStyle = colors["--muted"];
      ctx.textAlign = "left";
      ctx.textBaseline = "middle";
      ctx.fillText(empty, 14, CELL.top + CELL.height / 2);
    }
    const w = track.cell - CELL.gap;
    const font = `700 10px ${mono}`;
    // Every sprite first, then the stamps: a stamp copies from the atlas as it was last drawn on.
    const stamps = cells.map((c) => {
      const label = recordLabel(labels, c.value, c.epoch);
      const key = `cell|${c.epoch}|${label}|${c.committed}|${w}|${font}`;
      return sprite(key, w, CELL.height, (sc) => drawCell(sc, c, label, w, font));
    });
    cells.forEach((c, i) => stampSprite(ctx, stamps[i], (c.offset - start) * track.cell, CELL.top));
    ctx.lineWidth = ACK.width;
    for (const c of cells) {
      if (!c.acks) continue;
      const x = (c.offset - start) * track.cell;
      const y = CELL.top + CELL.height + ACK.gap + ACK.width / 2;
      ctx.strokeStyle = colors[ACK.color[c.acks]];
      ctx.setLineDash(ACK.dash[c.acks]);
      ctx.beginPath();
      ctx.moveTo(x + 1, y);
      ctx.lineTo(x + w - 1, y);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    for (const c of leaving) {
      const x = (c.offset - start) * track.cell;
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = colors["--bad"];
      ctx.setLineDash(CELL.dash);
      cellBox(ctx, x, CELL.top, w, 0.75);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.beginPath();
      ctx.moveTo(x + 3, CELL.top + CELL.height - 3);
      ctx.lineTo(x + w - 3, CELL.top + 3);
      ctx.stroke();
    }
    // Rings last: they reach over the neighbours, like the box-shadow they stand for.
    for (const c of cells) {
      if (!c.divergent) continue;
      const x = (c.offset - start) * track.cell;
      ctx.lineWidth = 2;
      ctx.strokeStyle = colors["--surface"];
      cellBox(ctx, x, CELL.top, w, -1);
      ctx.stroke();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = colors["--bad"];
      cellBox(ctx, x, CELL.top, w, -2.75);
      ctx.stroke();
    }
  });
  setAttr(canvas, "data-start", start);
  setAttr(canvas, "data-cells", cells.map((c) => `${c.offset}:${c.epoch}:${c.divergent ? "d" : c.committed ? "c" : "u"}`).join(" "));
  setAttr(canvas, "data-labels", cells.map((c) => recordLabel(labels, c.value, c.epoch)).join(" "));
  setAttr(canvas, "data-leaving", gone);
  setAttr(canvas, "data-acked", cells.filter((c) => c.acks).map((c) => `${c.offset}:${c.acks}`).join(" "));
  setAttr(canvas, "aria-label", empty || describeCells(cells, start) + (leaving.length ? t("cells.aria.leaving", { n: leaving.length }) : ""));
}

/** A record cell's box path at (`x`, `y`), `w` wide, shrunk by `inset` on every side (grown if negative). */
function cellBox(ctx, x, y, w, inset) {
  ctx.beginPath();
  // roundRect: Chromium 99, Firefox 112, Safari 16; square corners before.
  if (ctx.roundRect) ctx.roundRect(x + inset, y + inset, w - 2 * inset, CELL.height - 2 * inset, CELL.radius);
  else ctx.rect(x + inset, y + inset, w - 2 * inset, CELL.height - 2 * inset);
}

/**
 * One record cell at the origin, `w` × CELL.height (drawn once per look into a sprite, then
 * stamped: canvas.js sprite): filled with the colour of the leader epoch that wrote it, its
 * `label` in --on-epoch (white, dark in the dark theme), once committed; before, hatched (stripes at 24 % of the colour) inside a
 * dashed edge, like the legend's swatch, the label in the colour.
 */
function drawCell(ctx, c, label, w, font) {
  const colors = cssColors(PALETTE);
  const ec = colors[EPOCH_COLORS[epochSlot(c.epoch)]];
  if (c.committed) {
    cellBox(ctx, 0, 0, w, 0);
    ctx.fillStyle = ec;
    ctx.fill();
    ctx.fillStyle = colors["--on-epoch"];
  } else {
    cellBox(ctx, 0, 0, w, 0.75);
    ctx.save();
    ctx.clip();
    ctx.globalAlpha = 0.24;
    ctx.strokeStyle = ec;
    // Bands of hatch/2 px every hatch px, across the box at 45° (CSS: a 135deg repeating gradient).
    ctx.lineWidth = CELL.hatch / 2;
    ctx.beginPath();
    for (let d = 0; d < w + CELL.height; d += CELL.hatch * Math.SQRT2) {
      ctx.moveTo(d, 0);
      ctx.lineTo(d - CELL.height, CELL.height);
    }
    ctx.stroke();
    ctx.restore();
    cellBox(ctx, 0, 0, w, 0.75); // (the stripes replaced the path)
    ctx.strokeStyle = ec;
    ctx.lineWidth = 1.5;
    ctx.setLineDash(CELL.dash);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = ec;
  }
  ctx.font = font;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(label, w / 2, CELL.height / 2 + 0.5);
}

function describeCells(cells, start) {
  const committed = cells.filter((c) => c.committed).length;
  const divergent = cells.filter((c) => c.divergent).length;
  const acked = cells.filter((c) => c.acks).length;
  return t("cells.aria", { from: start, n: cells.length, committed }) + (divergent ? t("cells.aria.divergent", { n: divergent }) : "") + (acked ? t("cells.aria.acked", { n: acked }) : "");
}

/**
 * The offset of the record drawn at viewport point (`x`, `y`) on a row's cells canvas, or null
 * where there is none (controls.js's click handler opens the record inspector with it).
 */
export function recordAt(canvas, x, y) {
  return cellAt(canvas, x, y)?.offset ?? null;
}

/** The cell (partitionModel's) drawn at viewport point (`x`, `y`) on a row's cells canvas, or null. */
function cellAt(canvas, x, y) {
  if (!canvas.__cells) return null;
  const r = canvas.getBoundingClientRect();
  const top = y - r.top - CELL.top;
  if (top < 0 || top > CELL.height) return null;
  const slot = Math.floor((x - r.left) / canvas.__cellPx);
  return canvas.__cells.find((c) => c.offset === canvas.__start + slot) ?? null;
}

/** A record's tooltip (offset, epoch, state, value) and a pointer cursor, as the pointer moves over it. */
export function showRecordTitle(event) {
  const canvas = event.target;
  if (!canvas.matches?.("canvas.cells")) return;
  const c = cellAt(canvas, event.clientX, event.clientY);
  setStyle(canvas, "cursor", c ? "pointer" : "");
  if (!c) {
    setAttr(canvas, "title", null);
    return;
  }
  const state = t(c.committed ? "cell.committed" : c.divergent ? "cell.divergent" : "cell.notCommitted");
  const value = (c.value !== undefined ? t("cell.value", { v: c.value }) : "") + (c.acks ? t("cell.acked", { acks: c.acks }) : "");
  setAttr(canvas, "title", t("cell.title", { offset: c.offset, epoch: c.epoch, state, value }));
}

const RULER_HEIGHT = 14;

/**
 * The offset ruler over the rows: a mark and the offset every 5 offsets. On a canvas, like the
 * records under it (it is only a picture: aria-hidden); as elements, a slide of the window
 * removed and added a few and cost 150 µs of layout.
 */
export function drawRuler(canvas, { start, end }, { track, theme, mono }) {
  const look = `${start}|${end}|${track.width}|${track.cell}|${mono}|${theme}`;
  if (canvas.__look === look) return;
  canvas.__look = look;
  paint(canvas, Math.max(1, track.width), RULER_HEIGHT, (ctx) => {
    const colors = cssColors(PALETTE);
    setFont(ctx, `10px ${mono}`);
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillStyle = colors["--leo"];
    ctx.strokeStyle = colors["--border"];
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let o = Math.ceil(start / 5) * 5; o < end; o += 5) {
      const x = Math.round((o - start) * track.cell) + 0.5;
      ctx.moveTo(x, 0);
      ctx.lineTo(x, RULER_HEIGHT);
      ctx.fillText(String(o), x + 2.5, RULER_HEIGHT / 2 + 0.5);
    }
    ctx.stroke();
  });
}
