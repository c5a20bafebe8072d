// Drawing the page from the app's state: the banner, the clock and the scrubber, every view of the
// main cluster, the open mode's panel, the inspector. Called by the Loop only (app/loop.js), once
// per task or frame, and drawLater after the first frame; the views (www/views/) are pure
// functions of what they are given.

import * as clusterView from "./cluster.js";
import * as brokersView from "./brokers.js";
import * as partitionsView from "./partitions.js";
import * as compactView from "./compact.js";
import { shouldCompact } from "../views/compact-model.js";
import * as producerView from "./producer.js";
import * as guaranteesView from "./guarantees.js";
import * as zkView from "./zookeeper.js";
import * as metadataView from "./metadata-log.js";
import * as describeView from "./describe.js";
import * as quorumView from "./quorum.js";
import * as metricsView from "./metrics.js";
import * as eventsView from "./events.js";
import * as configView from "./config-form.js";
import * as pageLayout from "./page-layout.js";
import { flushPaint } from "./canvas.js";
import { setAttr, setBoxText, setHidden, setText } from "./dom.js";
import { formatSeconds } from "../views/model.js";
import { getLang, loadLang, t } from "../i18n.js";
import { createAnnouncer } from "./announcer.js";
import { drawRecordLabels, recordLabels } from "./record-labels.js";

const $ = (sel) => document.querySelector(sel);
export const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
const announcer = createAnnouncer($("#announcer"));
/** Say `texts` to screen readers (aria-live). */
export function announce(texts) {
  announcer.say(texts);
}
/** Whether the first snapshot has been drawn (performance mark 'playground:first-frame'). */
let firstFrameMarked = false;
/** Whether the partitions are drawn as the compact table (the reader's choice, else by size). */
export function isCompact(state) {
  return state.snap !== null && (state.compact ?? shouldCompact(state.snap));
}

/** How many records of each log the partitions view draws (0 in the compact table). */
export function recordsShown(state) {
  return isCompact(state) ? 0 : partitionsView.recordsShown($("#partitions"));
}

/**
 * Draw everything from `state` (app/app.js): { schema, broken, coreLoaded, snap, prev, continuous, horizon,
 * events, cuts, selected, compact, history, inspecting, running }, `view` (the mode's panel data or
 * null), `extra`: { autoText, drawPanel(view) (the mode's panel: page/lesson-panel.js or
 * compare-panel.js), drawInspector() }. Returns true when it left views for drawLater (the first frame).
 */
export function draw(state, view, extra) {
  drawBanner(state.broken, state.coreLoaded);
  if (view) extra.drawPanel(view);
  drawPlayButton(state.running);
  const snap = state.snap;
  if (!snap) return false;
  const motion = !reducedMotion.matches;
  setBoxText($("#clock .clock-text"), t("clock", { time: formatSeconds(snap.timeMs), tick: snap.tick }));
  drawTimeline(snap, state.horizon);
  clusterView.measure($("#cluster")); // before the partitions' writes: see there
  const compact = isCompact(state);
  const partitions = $("#partitions");
  if (partitions.__mode !== compact) {
    partitions.__mode = compact;
    partitions.replaceChildren();
    partitions.classList.toggle("is-compact", compact);
  }
  const mode = $("#view-mode");
  setAttr(mode, "aria-pressed", String(compact));
  setText(mode, t(compact ? "panel.view.detailed" : "panel.view.compact"));
  if (compact) compactView.render(partitions, snap);
  else partitionsView.render(partitions, snap, { history: state.history, reducedMotion: !motion, labels: recordLabels() });
  drawRecordLabels();
  // What is in view (a phone's chosen partition, a lesson's partitions and brokers), then the picture.
  const focus = pageLayout.render(snap, view?.script ?? null);
  clusterView.render($("#cluster"), snap, { cuts: state.cuts, selected: state.selected, reducedMotion: !motion, ...focus });
  last = state;
  brokersView.render($("#brokers"), snap, { selected: state.selected, config: snap.config });
  producerView.render($("#main"), snap, { auto: { text: extra.autoText } });
  if (!firstFrameMarked) later = new Set(Object.keys(LATER_VIEWS));
  for (const [name, render] of Object.entries(LATER_VIEWS)) if (!later?.has(name)) render(last);
  if (state.inspecting && $("#inspector").open) extra.drawInspector();
  flushPaint(); // after every DOM write of the frame (canvas.js paint)
  if (!firstFrameMarked) {
    firstFrameMarked = true;
    performance.mark?.("playground:first-frame", { detail: { mode: view?.kind ?? "play" } });
    return true; // the Loop calls drawLater after the first frame is painted
  }
  return false;
}

// The panels under the first screen (issue #18): the first frame leaves them out and they are
// drawn after it has been painted, one a task, from the latest state; then on every frame like
// the others. One task drawing all of them with the first frame blocked a slow phone's main
// thread for half a second at load.
const LATER_VIEWS = {
  guarantees: (state) => guaranteesView.render($("#guarantees"), state.snap, state.schema),
  // KRaft presets have no ZooKeeper: the metadata log takes the ZooKeeper panel's place.
  zk: (state) => {
    const kraft = state.snap.kraft !== null;
    for (const sel of [".zk-panel", "#zk-jump"]) setHidden($(sel), kraft);
    for (const sel of [".metadata-panel", ".quorum-panel", "#metadata-jump"]) setHidden($(sel), !kraft);
    const ctx = { continuous: state.continuous, reducedMotion: reducedMotion.matches };
    if (kraft) {
      metadataView.render($("#metadata"), state.snap, state.prev, ctx);
      quorumView.render($("#quorum"), state.snap);
    }
    else zkView.render($("#zk"), state.snap, state.prev, ctx);
  },
  describe: (state) => describeView.render($("#describe"), state.snap),
  metrics: (state) => metricsView.render($("#metrics"), state.snap),
  events: (state) => eventsView.render($("#events"), state.events, { kind: $("#event-kind"), partition: $("#event-partition") }, state.snap, state.schema),
  config: (state) => configView.render($("#config-form"), state.snap.config, state.schema),
};
/** The views of LATER_VIEWS not drawn yet (null once all are); the state the last frame drew. */
let later = null;
let last = null;

/** Draw one of the views the first frame left out, from the latest state; true while some are left. */
export function drawLater() {
  if (!later) return false;
  const [name] = later;
  later.delete(name);
  if (last.snap) LATER_VIEWS[name](last);
  flushPaint();
  if (later.size) return true;
  later = null;
  // The first screen is complete: now the English event templates (main.js started without
  // them). A failed load loses no word (the core's text says the same) and is tried again with
  // the next language switch.
  loadLang(getLang()).catch(() => {});
  return false;
}

/** A playing frame's in-between motion: the messages along their links. */
export function animate(snap, carry) {
  if (!snap) return;
  clusterView.animate($("#cluster"), snap.tick, carry, reducedMotion.matches);
  flushPaint();
}

function drawTimeline(snap, horizon) {
  const scrub = $("#scrubber");
  setAttr(scrub, "max", horizon);
  if (scrub.value !== String(snap.tick)) scrub.value = String(snap.tick);
  const past = snap.tick < horizon;
  setAttr(scrub, "aria-valuetext", t("timeline.valuetext", { tick: snap.tick, horizon }));
  // Live, the status does not repeat the clock's tick: a text changed every tick costs Chromium
  // about 50 µs of layout (issue #6).
  setText($("#timeline-status"), past ? t("timeline.status.past", { tick: snap.tick, horizon }) : t("timeline.status.live"));
  document.body.classList.toggle("in-past", past);
}

/** The error banner: `broken` (words) or hidden; its Reset button once the core is loaded. */
export function drawBanner(broken, coreLoaded) {
  const b = $("#banner");
  document.body.classList.toggle("is-broken", !!broken);
  if (!broken) {
    setHidden(b, true);
    return;
  }
  b.querySelector(".banner-text").textContent = broken;
  b.querySelector(".banner-reset").hidden = !coreLoaded;
  b.className = "banner banner-error";
  b.hidden = false;
}

export function drawPlayButton(running) {
  const btn = $("#play");
  setAttr(btn, "aria-pressed", String(running));
  setAttr(btn, "aria-label", t(running ? "controls.pause" : "controls.play"));
  setText(btn.querySelector(".btn-text"), t(running ? "controls.pause" : "controls.play"));
  document.body.classList.toggle("is-running", running);
}

/** The cluster's live SVG with its messages, for the picture export (null before the first draw). */
export function clusterSvg() {
  const svg = $("#cluster svg.cluster-svg");
  if (!svg) return null;
  return { svg, background: getComputedStyle(document.body).getPropertyValue("--surface") || "#ffffff", extra: clusterView.messageElements($("#cluster")) };
}
