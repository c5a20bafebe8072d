// The compact picture of a cluster as one self-contained SVG string: the brokers with their
// status, then per partition its leader, epoch, ISR and HW and one row per replica with its
// records (value or leader epoch inside, record-label.js; filled = committed, dashed = not yet, red = differs from the leader's and
// will be truncated), the HW line and each replica's LEO. Used by compare mode's panes and by the
// picture exports. Pure (no DOM): colours are presentation attributes (the light palette) so the
// file stands alone; in the page, CSS overrides them through the pic-* classes for the dark theme.

import { t } from "../i18n.js";
import { formatIdSet, formatSeconds, isCommitted, isDivergent, leaderEpochsByOffset, offsetWindow, recordsInWindow } from "./model.js";
import { recordLabel } from "./record-label.js";

const C = {
  text: "#1c2330",
  muted: "#5d6777",
  border: "#d9dde3",
  surface: "#ffffff",
  surface2: "#f0f2f5",
  hw: "#0b7a75",
  leo: "#6b7280",
  leader: "#b7791f",
  ok: "#1e8a4c",
  warn: "#a35f00",
  bad: "#c62828",
  controller: "#6d3fc0",
  epochs: ["#2f6fdf", "#c2410c", "#29854d", "#8b5ad4", "#12808c", "#c04498", "#6e7c18", "#9a5a2c"],
};
const STATUS_FILL = { up: C.ok, crashed: C.bad, stopped: C.bad, stuck: C.warn, slow: C.warn, isolated: C.warn, "shutting-down": C.warn };
const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'PingFang SC', 'Microsoft YaHei', sans-serif"`;
const MONO = `font-family="ui-monospace, Menlo, Consolas, monospace"`;

const CELL = 20;
const ROW = 24;
const LABEL_W = 74;
const STATS_W = 86;

/** XML-escape text for SVG. */
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/**
 * The picture of `snap` as an SVG string `width` px wide. `opts.title`: a line above it (e.g.
 * the compare pane's setting); `opts.labels`: what a record says (record-label.js
 * RECORD_LABELS, its value by default). Returns { svg, width, height }.
 */
export function pictureSvg(snap, { width = 460, title = null, labels = "value" } = {}) {
  recordLabel(labels, 0, 0); // throws on a mode that is not one of RECORD_LABELS
  const w = Math.max(320, Math.round(width));
  const out = [];
  let y = 14;
  if (title) {
    out.push(text(12, y + 4, title, { size: 14, weight: 700, cls: "pic-title" }));
    y += 22;
  }
  out.push(text(12, y + 4, t("pic.tick", { tick: snap.tick, time: formatSeconds(snap.timeMs) }), { size: 11.5, fill: C.muted, cls: "pic-muted", mono: true }));
  y += 14;

  // Brokers: a badge each, coloured by status; the controller is marked.
  let x = 12;
  for (const b of snap.brokers) {
    const label = `B${b.id}${b.controller ? " ★" : ""}`;
    const bw = 30 + label.length * 4;
    const fill = STATUS_FILL[b.status] ?? C.warn;
    out.push(
      `<g class="pic-broker status-${esc(b.status)}"><rect x="${x}" y="${y}" width="${bw}" height="20" rx="10" fill="${b.status === "up" ? C.surface : fill}" fill-opacity="${b.status === "up" ? 1 : 0.14}" stroke="${fill}" stroke-width="1.5"/>` +
        text(x + bw / 2, y + 14, label, { size: 11.5, weight: 700, anchor: "middle", fill: b.controller ? C.controller : C.text, cls: b.controller ? "pic-controller" : "pic-text" }) +
        `</g>`,
    );
    if (b.status !== "up") out.push(text(x + bw / 2, y + 31, t(`status.${b.status}`), { size: 10, anchor: "middle", fill, cls: "pic-status" }));
    x += bw + 8;
  }
  y += 40;

  const slots = Math.max(4, Math.floor((w - 24 - LABEL_W - STATS_W) / CELL));
  for (const p of snap.partitions) y = partition(out, p, snap, y, w, slots, labels);

  // Key: what the marks mean.
  const key = [
    [`<rect x="12" y="${y}" width="12" height="12" rx="2" fill="${C.epochs[0]}"/>`, t(labels === "epoch" ? "pic.key.committedEpoch" : "pic.key.committed")],
    [`<rect x="0" y="${y}" width="12" height="12" rx="2" fill="${C.epochs[0]}" fill-opacity="0.12" stroke="${C.epochs[0]}" stroke-dasharray="3 2"/>`, t("pic.key.uncommitted")],
    [`<rect x="0" y="${y}" width="12" height="12" rx="2" fill="none" stroke="${C.bad}" stroke-width="2"/>`, t("pic.key.divergent")],
  ];
  let kx = 12;
  for (const [mark, words] of key) {
    // A key item that would pass the right edge starts a new line (issue #14: no clipped legend).
    const itemW = 16 + textWidth(words, 10.5);
    if (kx > 12 && kx + itemW > w - 8) {
      kx = 12;
      y += 18;
    }
    out.push(mark.replace(/x="\d+"/, `x="${kx}"`).replace(/y="[\d.]+"/, `y="${y}"`));
    out.push(text(kx + 16, y + 10.5, words, { size: 10.5, fill: C.muted, cls: "pic-muted" }));
    kx += itemW + 14;
  }
  y += 20;

  const height = Math.ceil(y + 4);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" class="pic" width="${w}" height="${height}" viewBox="0 0 ${w} ${height}" role="img" ${FONT}>` +
    `<rect class="pic-bg" x="0" y="0" width="${w}" height="${height}" fill="${C.surface}"/>` +
    out.join("") +
    `</svg>`;
  return { svg, width: w, height };
}

function partition(out, p, snap, y, w, slots, labels) {
  const head = [
    t("pic.partition", { p: p.partition }),
    p.leader >= 0 ? t("pic.leader", { b: p.leader }) : t("pic.noLeader"),
    t("pic.epoch", { e: p.leaderEpoch }),
    t("pic.isr", { set: formatIdSet(p.isr) }),
    t("pic.hw", { hw: p.hw >= 0 ? p.hw : "–" }),
  ];
  out.push(text(12, y + 12, head[0], { size: 13, weight: 700, cls: "pic-text" }));
  // The facts on as many lines as the width needs (a phone's pane: no clipped "HW", issue #14).
  const lines = [[]];
  for (const fact of head.slice(1)) {
    const line = lines.at(-1);
    if (line.length && 40 + textWidth([...line, fact].join(" · "), 12, true) > w - 8) lines.push([fact]);
    else line.push(fact);
  }
  for (const line of lines) {
    out.push(text(40, y + 12, line.join(" · "), { size: 12, fill: p.leader >= 0 ? C.text : C.bad, cls: p.leader >= 0 ? "pic-text" : "pic-bad", mono: true }));
    y += line === lines.at(-1) ? 22 : 16;
  }

  const { start, end } = offsetWindow(p.logs, slots);
  const x0 = 12 + LABEL_W;
  const epochs = leaderEpochsByOffset(p, start, end);
  const top = y;
  const brokers = new Map(snap.brokers.map((b) => [b.id, b]));
  for (const log of p.logs) {
    const isLeader = p.leader === log.broker;
    const status = brokers.get(log.broker)?.status ?? "crashed";
    const inIsr = p.isr.includes(log.broker);
    const label = `B${log.broker}${isLeader ? " ♛" : ""}`;
    out.push(text(12, y + 15, label, { size: 12.5, weight: 700, fill: isLeader ? C.leader : status === "up" ? C.text : C.muted, cls: isLeader ? "pic-leader" : status === "up" ? "pic-text" : "pic-muted" }));
    out.push(text(50, y + 15, inIsr ? "ISR" : "OSR", { size: 10, weight: 700, fill: inIsr ? C.ok : C.warn, cls: inIsr ? "pic-ok" : "pic-warn" }));
    for (const r of recordsInWindow(log, start, end)) {
      const cx = x0 + (r.offset - start) * CELL;
      const colour = C.epochs[((r.leaderEpoch % 8) + 8) % 8];
      const committed = isCommitted(r.offset, p, log, r.leaderEpoch, epochs);
      const divergent = isDivergent(r.offset, p, log, r.leaderEpoch, epochs);
      const stroke = divergent ? C.bad : colour;
      out.push(
        `<g class="pic-cell${committed ? " committed" : ""}${divergent ? " divergent" : ""}">` +
          `<rect x="${cx + 1}" y="${y + 2}" width="${CELL - 2}" height="${ROW - 6}" rx="3" fill="${committed ? colour : colour}" fill-opacity="${committed ? 1 : 0.12}" stroke="${stroke}" stroke-width="${divergent ? 2 : 1.2}"${committed ? "" : ` stroke-dasharray="3 2"`}/>` +
          text(cx + CELL / 2, y + 15, recordLabel(labels, r.value, r.leaderEpoch), { size: 10, weight: 700, anchor: "middle", fill: committed ? "#ffffff" : divergent ? C.bad : colour, cls: committed ? "pic-on" : "" }) +
          `</g>`,
      );
    }
    if (log.leo <= start && (log.records ?? []).length === 0) out.push(text(x0 + 4, y + 15, t("pic.empty"), { size: 10.5, fill: C.muted, cls: "pic-muted", italic: true }));
    // LEO tick under the next free slot.
    const lx = x0 + Math.max(0, Math.min(end, log.leo) - start) * CELL;
    out.push(`<path class="pic-leo" d="M${lx},${y + 1}v${ROW - 4}" stroke="${C.leo}" stroke-width="1.5" stroke-dasharray="2 2"/>`);
    const down = status !== "up" ? ` · ${t(`status.${status}`)}` : "";
    out.push(text(w - 12, y + 15, `${t("pic.leo", { leo: log.leo })}${down}`, { size: 11, anchor: "end", fill: status === "up" ? C.muted : C.bad, cls: status === "up" ? "pic-muted" : "pic-bad", mono: true }));
    y += ROW;
  }
  if (p.hw >= 0) {
    const hx = x0 + Math.max(0, p.hw - start) * CELL;
    out.push(`<path class="pic-hw" d="M${hx},${top}V${y + 2}" stroke="${C.hw}" stroke-width="3"/>`);
    out.push(text(hx, y + 13, `HW ${p.hw}`, { size: 10, weight: 700, anchor: "middle", fill: C.hw, cls: "pic-hwtext" }));
  }
  return y + 24;
}

/** About how wide `s` is at font size `size`, proportional or `mono` (CJK characters are square). */
function textWidth(s, size, mono = false) {
  return [...String(s)].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? size : size * (mono ? 0.62 : 0.56)), 0);
}

function text(x, y, s, { size = 12, weight = 400, anchor = "start", fill = C.text, cls = "", mono = false, italic = false } = {}) {
  return (
    `<text x="${round(x)}" y="${round(y)}" font-size="${size}"${weight !== 400 ? ` font-weight="${weight}"` : ""}${anchor !== "start" ? ` text-anchor="${anchor}"` : ""}` +
    `${italic ? ` font-style="italic"` : ""} fill="${fill}"${cls ? ` class="${cls}"` : ""}${mono ? ` ${MONO}` : ""}>${esc(s)}</text>`
  );
}

function round(v) {
  return Math.round(v * 10) / 10;
}
