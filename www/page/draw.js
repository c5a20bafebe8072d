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
import * as configView from "./config-form.js";
import * as pageLayout from "./page-layout.js";
import { flushPaint } from "./canvas.js";
import { query, setAttr, setBoxText, setHidden, setText } from "./dom.js";
import { notice } from "./chrome.js";
import { formatSeconds } from "../views/model.js";
import { getLang, loadLang, t } from "../i18n.js";
import { createAnnouncer } from "./announcer.js";
import { drawRecordLabels, recordLabels } from "./record-labels.js";
import { once } from "../lazy.js";

const $ = query;
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
 * compare-panel.js), drawInspector() }. Returns true when it left views for drawLater (the first
 * frame; a frame drawn LATER_RETRY_MS after their chunk failed to load).
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
  const compact = isCompact(state);
  const partitions = $("#partitions");
  if (partitions.__mode !== compact) {
    partitions.__mode = compact;
    partitions.replaceChildren();
    partitions.classList.toggle("is-compact", compact);
  }
  // The partitions' blocks, then the picture's width, then the partitions' models: read between
  // the blocks and their contents, one layout serves the picture and the tracks (see cluster.js).
  if (!compact) partitionsView.build(partitions, snap);
  // What is in view (a phone's chosen partition, a lesson's partitions and brokers) before the
  // tracks are measured: a lesson's one partition is drawn with larger cells (body.lesson-one).
  const focus = pageLayout.render(snap, view?.script ?? null);
  clusterView.measure($("#cluster"));
  const mode = $("#view-mode");
  setAttr(mode, "aria-pressed", String(compact));
  setText(mode, t(compact ? "panel.view.detailed" : "panel.view.compact"));
  if (compact) compactView.render(partitions, snap);
  else partitionsView.render(partitions, snap, { history: state.history, reducedMotion: !motion, labels: recordLabels() });
  drawRecordLabels();
  clusterView.render($("#cluster"), snap, { cuts: state.cuts, selected: state.selected, reducedMotion: !motion, ...focus });
  last = state;
  brokersView.render($("#brokers"), snap, { selected: state.selected, config: snap.config });
  producerView.render($("#main"), snap, { auto: { text: extra.autoText } });
  if (laterViews) {
    for (const [name, render] of Object.entries(laterViews)) if (!later?.has(name)) render(last, reducedMotion.matches);
  }
  if (state.inspecting && $("#inspector").open) extra.drawInspector();
  flushPaint(); // after every DOM write of the frame (canvas.js paint)
  if (!firstFrameMarked) {
    firstFrameMarked = true;
    performance.mark?.("playground:first-frame", { detail: { mode: view?.kind ?? "play" } });
    laterLeft = true;
    return true; // the Loop calls drawLater after the first frame is painted
  }
  return laterLeft && laterViews === null && !loadingLater && retryDue(); // their chunk failed: again
}

// The panels under the first screen (issue #18): the first frame leaves them out and they are
// drawn after it has been painted, one a task, from the latest state; then on every frame like
// the others. One task drawing all of them with the first frame blocked a slow phone's main
// thread for half a second at load. Their code but the configuration form's (page/forms.js needs
// it at once) is a chunk of its own, page/later-views.js, which drawLater imports: not one of the
// first frame's downloads (issue #16).
const loadLater = once(() => import("./later-views.js"));
/** The views drawLater draws: later-views.js LATER_VIEWS and the config form, once the chunk is loaded. */
let laterViews = null;
/** The first frame is drawn and some of laterViews are not. */
let laterLeft = false;
let loadingLater = false;
/** drawLater was called since the first frame: the next call starts the chunk's download. */
let laterAsked = false;
/** When the chunk last failed to load (Date.now(), 0 if never): a frame drawn LATER_RETRY_MS after tries again. */
let laterFailedAt = 0;
const LATER_RETRY_MS = 5_000;
/** The views of laterViews not drawn yet (null once all are); the state the last frame drew. */
let later = null;
let last = null;

const retryDue = () => laterFailedAt === 0 || Date.now() - laterFailedAt > LATER_RETRY_MS;

async function loadLaterViews() {
  loadingLater = true;
  try {
    const config = (state) => configView.render($("#config-form"), state.snap.config, state.schema);
    laterViews = { ...(await loadLater()).LATER_VIEWS, config };
    if (laterFailedAt > 0) notice(""); // the failure said before is over
    later = new Set(Object.keys(laterViews));
  } catch (err) {
    laterFailedAt = Date.now();
    notice(t("main.chunkFailed", { error: err?.message ?? String(err) }));
  } finally {
    loadingLater = false;
  }
}

/**
 * Draw one of the views the first frame left out, from the latest state; true while some are left.
 * The first call (a task after the first frame is painted) waits a task more, the next starts
 * the download of their chunk; while it loads each call says some are left (the Loop calls again
 * a task later); after a failure, false until a frame drawn LATER_RETRY_MS later asks again.
 */
export function drawLater() {
  if (!laterLeft) return false;
  if (!laterViews) {
    if (loadingLater) return true;
    if (!retryDue()) return false;
    if (laterAsked) void loadLaterViews();
    laterAsked = true;
    return true;
  }
  const [name] = later;
  later.delete(name);
  if (last.snap) laterViews[name](last, reducedMotion.matches);
  flushPaint();
  if (later.size) return true;
  later = null;
  laterLeft = false;
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
