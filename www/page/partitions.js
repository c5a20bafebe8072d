// Partitions view (detailed): for each partition, its AR / ISR / OSR sets, then one row per
// replica (assignment order) drawing its log as offset cells coloured by the leader epoch that
// appended them, the committed boundary (leader HW) as solid vs hatched cells, the replica's own
// HW marker and its LEO marker, the follower's lag clock; and a chart of the HW and LEOs over
// time. The cells, the offset ruler and the lag clocks are canvases (see canvas.js; the clocks are
// lag-clock.js).
//
// When a follower leaves the ISR (or rejoins), its chip moves between the ISR and OSR sets with
// an animation (replica-sets.js) and its row flashes, so the moment is hard to miss.
//
// Test hooks: [data-partition][data-leader] per block, [data-broker] per replica row,
// .hw-marker[data-hw] / .leo-marker[data-leo] per row, .set-isr / .set-osr chips [data-broker],
// .lag.lag-ok / -warn / -over per follower, .reassign-state (a running reassignment, from the
// core's targetReplicas / addingReplicas / removingReplicas; the rows' notes say adding / removing), canvas.cells[data-start][data-cells][data-leaving][data-acked]
// (record-track.js drawCells), .row-note.note-out / -new / -leaving / -reassign / -joined (why a replica is out of
// the ISR, what removes it soon, or what a reassignment does to it), .isr-check (the time to the leader's next ISR check).
// Clicks (controls.js): .reassign-button[data-reassign] opens the reassignment dialog, .replica-name the replica inspector, a record on canvas.cells the
// record inspector (recordAt says which).

import { cachedWidth, h, join, setAttr, setBoxText, setHidden, setStyle, setText } from "./dom.js";
import { cssFont, themeKey } from "./canvas.js";
import { formatCountdown, formatSeconds, lagClockFraction, lagClockShown, lagState, MAX_WINDOW, MIN_WINDOW, modelKey, partitionModel, replicaNote, ringHelp } from "../views/model.js";
import * as hwChart from "./hw-chart.js";
import { drawLagClock, updateLag } from "./lag-clock.js";
import { drawCells, drawRuler, showRecordTitle } from "./record-track.js";
import { drawFlags, MOVE_MS, updateSets } from "./replica-sets.js";
import { t } from "../i18n.js";

export { recordAt } from "./record-track.js";

const DEFAULT_CELL_PX = 18;

/** `ctx`: { history (hw-history), reducedMotion, labels (record-label.js RECORD_LABELS: what a record cell says) }. */
export function render(root, snap, ctx) {
  const list = build(root, snap);
  // All reads before any write of this frame (widths are cached, so this is usually free).
  const track = measureTrack(root);
  // What the canvases are drawn with (their colours are resolved when they paint).
  const canvasStyle = { track, theme: themeKey(), mono: cssFont("--mono"), sans: cssFont("--sans"), labels: ctx.labels };
  const blocks = [...list.children]; // join left them in the order of snap.partitions
  const widths = blocks.map((block) => hwChart.measure(block.querySelector(".hw-chart")));
  snap.partitions.forEach((p, i) => {
    const block = blocks[i];
    updateBlock(block, partitionModel(p, snap, track.capacity), ctx, canvasStyle);
    hwChart.render(block.querySelector(".hw-chart"), ctx.history, p.partition, p.replicas, widths[i]);
  });
}

/**
 * The blocks and rows (they depend only on the assignment), before anything is measured: the
 * models fill them in after. page/draw.js builds them before it measures the picture, so that the
 * first frame lays the page out once for both (issue #18). Returns the list.
 */
export function build(root, snap) {
  let list = root.querySelector(".partition-list");
  if (!list) {
    list = h("div", { class: "partition-list", onpointermove: showRecordTitle });
    root.replaceChildren(list);
  }
  join(list, snap.partitions, (p) => p.partition, createBlock, ensureRows);
  return list;
}

/**
 * How many records of each log the view draws at most (the offsets that fit in a track): the
 * snapshot need not carry more (the app asks the core for this many). Read before a frame's
 * writes, from the cached track width.
 */
export function recordsShown(root) {
  return measureTrack(root).capacity;
}

/**
 * A replica track's width (px), its offset slot's width (CSS --cell) and the offsets that fit
 * in it (between MIN_WINDOW and MAX_WINDOW).
 */
function measureTrack(root) {
  // The first drawn track: on a phone only the chosen partition is (page-layout.js).
  let track = root.querySelector(".replica .track");
  let width = track ? cachedWidth(track) : 0;
  if (width === 0) {
    const tracks = root.querySelectorAll(".replica-rows > .replica:first-child .track");
    for (let i = 1; width === 0 && i < tracks.length; i++) {
      track = tracks[i];
      width = cachedWidth(track);
    }
  }
  if (width === 0) return { width: 0, cell: DEFAULT_CELL_PX, capacity: MAX_WINDOW };
  // --cell changes with the layout (media queries: the track resizes too) and when a lesson
  // draws its one partition large (page-layout.js: body.lesson-one).
  const cellFor = `${width}|${document.body.classList.contains("lesson-one")}`;
  if (track.__cellFor !== cellFor) {
    track.__cellFor = cellFor;
    track.__cell = parseFloat(getComputedStyle(track).getPropertyValue("--cell")) || DEFAULT_CELL_PX;
  }
  return { width, cell: track.__cell, capacity: Math.max(MIN_WINDOW, Math.min(MAX_WINDOW, Math.floor(width / track.__cell))) };
}

function createBlock(p) {
  const set = (cls, name, title, ...more) =>
    h("span", { class: `set ${cls}`, title }, h("span", { class: "set-name" }, name), h("span", { class: "chips" }), ...more);
  return h(
    "section",
    { class: "partition card", "data-partition": p.partition, "aria-labelledby": `p${p.partition}-title` },
    h(
      "header",
      { class: "partition-head" },
      h("h3", { id: `p${p.partition}-title` }, t("partition.title", { p: p.partition })),
      h("span", { class: "meta meta-leader" }),
      h("span", { class: "meta meta-epoch", title: t("partition.epochTitle") }),
      h("span", { class: "meta meta-hw" }, h("span", { class: "meta-hw-text" })),
      h("span", { class: "meta meta-hw meta-hw-text meta-hw-wait" }),
      h("span", { class: "meta meta-elr", hidden: true, title: t("partition.elrTitle") }),
      h("span", { class: "flags" }),
    ),
    h(
      "div",
      { class: "sets", "aria-label": t("partition.sets") },
      // kafka-reassign-partitions.sh for this partition (controls.js opens the dialog).
      h(
        "button",
        { type: "button", class: "btn btn-small reassign-button", "data-reassign": p.partition, title: t("reassign.button.title"), "aria-label": t("reassign.button.aria", { p: p.partition }), "aria-haspopup": "dialog" },
        // Two arrows: a phone shows only them (the sets keep one line).
        h("svg:svg", { class: "icon", viewBox: "0 0 16 16", "aria-hidden": "true" }, h("svg:path", { d: "M1 4.5h10V2l4 3.5L11 9V6.5H1zm14 7H5V14l-4-3.5L5 7v2.5h10z" })),
        h("span", { class: "btn-text" }, t("reassign.button")),
      ),
      set("set-ar", "AR", t("partition.ar.title")),
      h("span", { class: "set-eq", "aria-hidden": "true" }, "="),
      set("set-isr", "ISR", t("partition.isr.title"), h("span", { class: "isr-check idle" }, clockIcon(), h("span", { class: "isr-check-text" }))),
      h("span", { class: "set-eq", "aria-hidden": "true" }, "+"),
      set("set-osr", "OSR", t("partition.osr.title")),
    ),
    // A running reassignment, on a line of its own (the head's line is full).
    h("p", { class: "reassign-state", hidden: true }),
    h(
      "div",
      { class: "replica-grid" },
      h(
        "div",
        { class: "ruler-row", "aria-hidden": "true" },
        h("div", { class: "label" }, h("span", { class: "ellipsis" })),
        h("div", { class: "track ruler" }, h("canvas", { class: "ruler-ticks" })),
        // Which figures are the replica's own and which the leader's view of it (issue #14).
        h("div", { class: "stats" }, h("span", { class: "stats-head" }, t("stats.head"))),
      ),
      h("div", { class: "replica-rows" }),
    ),
    h("figure", { class: "hw-chart" }),
  );
}

function ensureRows(block, p) {
  const brokers = p.logs.map((l) => l.broker).join(",");
  if (block.__rows === brokers) return;
  block.__rows = brokers;
  join(block.querySelector(".replica-rows"), p.logs, (l) => l.broker, createRow, () => {});
}

function createRow(log) {
  return h(
    "div",
    { class: "replica", "data-broker": log.broker, role: "group" },
    h(
      "div",
      { class: "label" },
      h("button", { type: "button", class: "replica-name", title: t("partition.replicaName.title") }, `B${log.broker}`),
      h("span", { class: "badge role" }),
      h("span", { class: "badge membership" }),
      h("span", { class: "badge down-badge" }),
      // Why it is out of the ISR, or what removes it soon (model.js replicaNote).
      h("span", { class: "row-note", hidden: true }),
    ),
    h(
      "div",
      { class: "track" },
      h("canvas", { class: "cells", role: "img" }),
      h("div", { class: "marker hw-marker", "data-hw": log.hw }, h("span", { class: "marker-tag" }, "HW")),
      h("div", { class: "marker leo-marker", "data-leo": log.leo }, h("span", { class: "marker-tag" }, "LEO")),
    ),
    h(
      "div",
      { class: "stats" },
      h("div", { class: "offsets" }, h("span", { class: "leo-text" }), h("span", { class: "hw-text" })),
      h("div", { class: "lag" }, h("span", { class: "lag-text" }), h("canvas", { class: "lag-clock", "aria-hidden": "true" })),
    ),
  );
}

/**
 * Every part of a block is redrawn only when its slice of the model changed: on most ticks only
 * a follower's lag time moves, and a row's 40 cells stay as they were.
 */
function updateBlock(block, m, ctx, canvasStyle) {
  const headKey = modelKey([m.leader, m.leaderEpoch, m.hw, m.hwWaitingFor, m.hwWaitingWhy, m.hwQuorum, m.leaderLeo, m.flags, m.elr]);
  if (block.__head !== headKey) {
    block.__head = headKey;
    updateHead(block, m);
  }
  updateSets(block, m, ctx);
  const reassignKey = modelKey(m.reassignment);
  if (block.__reassign !== reassignKey) {
    block.__reassign = reassignKey;
    updateReassignment(block, m);
  }
  if (block.__check !== m.isrCheckMs) {
    block.__check = m.isrCheckMs;
    updateIsrCheck(block, m);
  }
  const { start, end, hidden } = m.window;
  const grid = block.querySelector(".replica-grid");
  const windowKey = `${start}|${end}|${hidden}`;
  if (grid.__window !== windowKey) {
    grid.__window = windowKey;
    updateRuler(grid, m.window);
  }
  drawRuler(grid.querySelector("canvas.ruler-ticks"), m.window, canvasStyle);
  // The rows are in the order of m.replicas (ensureRows joined them by p.logs).
  const rows = grid.querySelector(".replica-rows").children;
  m.replicas.forEach((r, i) => {
    const row = rows[i];
    // A row's parts change at different rates: its lag timer on most ticks, its markers when
    // the log moves, its badges rarely; its cells are compared one by one.
    const { cells, leaving, lag, lagTime, sinceCaughtUpMs, ...status } = r;
    const statusKey = modelKey([status, start, m.hw]);
    // The lag box and the row's label change with what the clock shows, not on every tick.
    const shown = lagTime ? [lagClockShown(sinceCaughtUpMs, m.lagMaxMs), lagState(lagTime)] : null;
    const lagKey = modelKey([lag, shown, m.lagMaxMs]);
    const statusChanged = row.__status !== statusKey;
    if (statusChanged) {
      row.__status = statusKey;
      updateRow(row, r, m, ctx);
    }
    if (statusChanged || row.__lag !== lagKey) {
      row.__lag = lagKey;
      updateLag(row, r, m);
      setAttr(row, "aria-label", describeReplica(r, m));
    }
    // The canvases are asked every frame: they also repaint when only the theme or the size
    // changed (their own keys say when).
    if (r.lagTime && !r.isLeader) drawLagClock(row.querySelector(".lag-clock"), r, m, canvasStyle);
    drawCells(row.querySelector("canvas.cells"), cells, start, canvasStyle, leaving);
  });
}

function updateHead(block, m) {
  setAttr(block, "data-leader", m.leader);
  block.classList.toggle("offline", m.leader < 0);
  const head = block.querySelector(".partition-head");
  setText(head.querySelector(".meta-leader"), m.leader >= 0 ? t("partition.leader", { b: m.leader }) : t("partition.noLeader"));
  setText(head.querySelector(".meta-epoch"), t("partition.epoch", { epoch: m.leaderEpoch }));
  const elr = head.querySelector(".meta-elr");
  setHidden(elr, !m.elr?.length);
  if (m.elr?.length) setText(elr, `ELR {${m.elr.join(",")}}`);
  setAttr(block.querySelector(".stats-head"), "title", `${t("stats.head.title")} ${ringHelp(m)}`);
  const hwText = m.hw >= 0 ? `HW ${m.hw}` : "HW –";
  const list = m.hwWaitingFor.map((b) => `B${b}`).join(", ");
  const waiting = m.hwWaitingFor.length ? t("partition.waits", { list }) : "";
  // Two boxes: the HW stays whole, what it waits for gives way when the head's line is full.
  const [hwBox, waitBox] = head.querySelectorAll(".meta-hw-text");
  setBoxText(hwBox, hwText);
  setBoxText(waitBox, waiting);
  // Why each one counts, as the core says: only the ones outside the ISR need words.
  const why = m.hwWaitingFor.map((b, i) => {
    const how = m.hwWaitingWhy[i];
    return how === "caught-up" || how === "maximal-isr" ? t(`partition.why.${how}`, { b: `B${b}` }) : `B${b}`;
  });
  const title = t(m.hwQuorum ? "partition.hw.titleQuorum" : "partition.hw.title") + (waiting ? t("partition.hw.titleWaiting", { list: why.join(", "), leo: m.leaderLeo }) : "");
  for (const el of head.querySelectorAll(".meta-hw")) setAttr(el, "title", title);
  drawFlags(head.querySelector(".flags"), m.flags);
}

/**
 * A running reassignment (KIP-455) as the core has it: the target (TRS) and the replicas being
 * added and removed; the AR meanwhile is RS = TRS + ORS.
 */
function updateReassignment(block, m) {
  const el = block.querySelector(".reassign-state");
  const r = m.reassignment;
  setHidden(el, !r);
  if (!r) return;
  const ids = (list) => list.map((b) => `B${b}`).join(", ");
  const parts = [t("reassign.state", { target: r.target.join(",") })];
  if (r.adding.length) parts.push(t("reassign.state.adding", { list: ids(r.adding) }));
  if (r.removing.length) parts.push(t("reassign.state.removing", { list: ids(r.removing) }));
  setText(el, parts.join(" · "));
  setAttr(el, "title", t("reassign.state.title", { replicas: m.replicasOrder.join(","), target: r.target.join(",") }));
}

/** The offset ruler over the rows, and how many earlier offsets are not drawn. */
function updateRuler(grid, { start, end, hidden }) {
  grid.classList.toggle("clipped", hidden > 0);
  const ell = grid.querySelector(".ruler-row .ellipsis");
  setText(ell, hidden > 0 ? t("partition.earlier", { n: hidden }) : t("partition.offset"));
  setAttr(ell, "title", hidden > 0 ? t("partition.notDrawn", { from: start - hidden, to: start - 1 }) : null);
}

/** A row's role and membership badges, its HW / LEO markers and offsets. */
function updateRow(row, r, m, ctx) {
  const { start } = m.window;
  // A follower that just left (or rejoined) the ISR flashes red (green), once.
  if (row.__inIsr !== undefined && row.__inIsr !== r.inIsr && !ctx.reducedMotion) {
    row.animate(
      [{ backgroundColor: r.inIsr ? "var(--ok-bg)" : "var(--bad-bg)" }, { backgroundColor: "transparent" }],
      { duration: 1600, easing: "ease-out" },
    );
    row.querySelector(".membership").animate([{ transform: "scale(1.5)" }, { transform: "none" }], { duration: MOVE_MS, easing: "ease-out" });
  }
  row.__inIsr = r.inIsr;
  row.classList.toggle("is-leader", r.isLeader);
  row.classList.toggle("is-down", r.down);
  row.classList.toggle("is-osr", !r.inIsr);

  const role = row.querySelector(".role");
  // A crashed broker's replica is offline: the status badge says it, once.
  setHidden(role, r.down);
  setText(role, t(r.isLeader ? "replica.leader" : r.role === "offline" ? "replica.offline" : "replica.follower"));
  setAttr(role, "class", `badge role role-${r.isLeader ? "leader" : r.role}`);
  const mem = row.querySelector(".membership");
  setText(mem, r.membership);
  setAttr(mem, "class", `badge membership ${r.inIsr ? "isr" : "osr"}`);
  setAttr(mem, "title", t(r.inIsr ? "replica.inIsr" : "replica.notInIsr"));
  const down = row.querySelector(".down-badge");
  setHidden(down, r.brokerUp);
  setText(down, t(`status.${r.brokerStatus}`));
  setAttr(down, "class", `badge down-badge status-${r.brokerStatus}`);

  const hw = row.querySelector(".hw-marker");
  setAttr(hw, "data-hw", r.hw);
  setStyle(hw, "--pos", Math.max(0, r.hw - start));
  hw.classList.toggle("out-of-window", r.hw < start);
  hw.classList.toggle("trailing", r.hwBehindLeader);
  setAttr(hw, "title", t("marker.hw", { hw: r.hw, trail: r.hwBehindLeader ? t("marker.hwTrail", { hw: m.hw }) : "" }));
  const leo = row.querySelector(".leo-marker");
  setAttr(leo, "data-leo", r.leo);
  setStyle(leo, "--pos", Math.max(0, r.leo - start));
  setAttr(leo, "title", t("marker.leo", { leo: r.leo }));

  setText(row.querySelector(".leo-text"), `LEO ${r.leo}`);
  setText(row.querySelector(".hw-text"), `HW ${r.hw}`);

  const note = replicaNote(r, m);
  const noteEl = row.querySelector(".row-note");
  setHidden(noteEl, !note);
  setText(noteEl, note?.text ?? "");
  setAttr(noteEl, "title", note?.title);
  setAttr(noteEl, "class", `row-note${note ? ` note-${note.kind}` : ""}`);
}

/**
 * The time to the leader's next ISR check, by the ISR set it changes; without a running leader
 * it keeps its place, unseen (idle), and its box only grows (setBoxText): the sets do not move
 * as it comes and goes or as the digits change.
 */
function updateIsrCheck(block, m) {
  const el = block.querySelector(".isr-check");
  el.classList.toggle("idle", m.isrCheckMs === null);
  if (m.isrCheckMs === null) return;
  const time = formatCountdown(m.isrCheckMs, m.lagMaxMs);
  setBoxText(el.querySelector(".isr-check-text"), time);
  setAttr(el, "title", t("isr.check.title", { time }));
}

/** A small clock face: the ISR check's countdown is a time, not a count (the title says what). */
function clockIcon() {
  return h(
    "svg:svg",
    { class: "isr-check-icon", viewBox: "0 0 12 12", width: 11, height: 11, "aria-hidden": "true" },
    h("svg:circle", { cx: 6, cy: 6, r: 5 }),
    h("svg:path", { d: "M6 3v3l2 1.5" }),
  );
}

function describeReplica(r, m) {
  const parts = [t("replica.aria.broker", { b: r.broker }), r.isLeader ? t("replica.aria.leader") : r.role, t(r.inIsr ? "replica.aria.inIsr" : "replica.aria.osr")];
  if (!r.brokerUp) parts.push(t("replica.aria.brokerStatus", { status: t(`status.${r.brokerStatus}`) }));
  parts.push(`LEO ${r.leo}`, `HW ${r.hw}`);
  if (!r.isLeader && r.lag !== null) parts.push(t("replica.aria.behind", { n: r.lag }));
  if (r.lagTime) {
    const since = formatSeconds(lagClockShown(r.sinceCaughtUpMs, m.lagMaxMs));
    parts.push(t("replica.aria.since", { t: since, percent: Math.round(lagClockFraction(r.sinceCaughtUpMs, m.lagMaxMs) * 100) }));
  }
  const note = replicaNote(r, m);
  if (note) parts.push(note.text);
  return t("replica.aria", { p: m.partition, parts: parts.join(", ") });
}

