// The one loop owner and the only holder of the wasm handle.
//
// Owns the Cluster, runs the requestAnimationFrame loop (play / pause, single step, speed), and
// turns every user action into "call one handle method, log it, re-render". The views
// (www/views/*.js) are functions of the snapshot; controls.js wires the DOM to the commands below.
//
// Time travel: the core is deterministic, so the page keeps the config and an action log
// [{tick, method, args}] (timeline.js). Going back to tick t = new Cluster(config) + replaying the
// log up to t in step() chunks; the result is the exact state the user saw (stateHash() agrees).
// Acting while looking at the past forks: the recorded future is discarded.
//
// Lessons (lesson.js plays a scenario script through this handle, stop by stop), compare mode
// (two more handles, stepped together), share links (share.js), the embed parameters and the
// postMessage API (embed-api.js), the language (i18n.js) and the exports (export.js) are run from
// here too, so that one module owns every handle and the one animation loop.
//
// URL parameters: ?seed=N (start with this seed), ?ticks=N (run N ticks before the first frame);
// ?lang=en|zh; a share link ?v=1&s=…&c=…; the embed parameters ?scenario=NAME&step=N
// &controls=none|minimal|full&autoplay&theme=light|dark&height=PX, ?mode=compare&preset=ID
// (www/README.md lists them).

// First: starts the wasm download before anything else runs (see core.js).
import { corePromise } from "./core.js";
import * as clusterView from "./views/cluster.js";
import * as brokersView from "./views/brokers.js";
import * as partitionsView from "./views/partitions.js";
import * as compactView from "./views/compact.js";
import * as producerView from "./views/producer.js";
import * as guaranteesView from "./views/guarantees.js";
import * as zkView from "./views/zookeeper.js";
import * as eventsView from "./views/events.js";
import * as configView from "./views/config-form.js";
import * as contextMenu from "./views/context-menu.js";
import * as helpView from "./views/help.js";
import { createAnnouncer } from "./views/announcer.js";
import { flushPaint, THEME_QUERIES } from "./views/canvas.js";
import { setAttr, setBoxText, setHidden, setText } from "./views/dom.js";
import { toast } from "./views/toast.js";
import { announcements, newViolations } from "./views/events-model.js";
import { clearHistory, createHistory, recordSample, truncateAfter } from "./views/hw-history.js";
import { configDiff, readConfig, withVersionDefaults } from "./views/config-model.js";
import {
  errorMessage,
  formatSeconds,
  formatSpeed,
  MAX_WINDOW,
  mergeEvents,
  parseAcks,
  REQUESTS_SHOWN,
  speedFromSlider,
  ticksForFrame,
  validateSnapshot,
} from "./views/model.js";
import { Checkpoints, cutLinksAt, forkAt, linkKey, replayPlan, runPlan as runOps, seekPlan } from "./timeline.js";
import { selectByDigit } from "./keyboard.js";
import { brokerAction, brokerActionEnabled } from "./actions.js";
import { wireControls } from "./controls.js";
import { applyStatic, getLang, htmlLang, initialLang, LANG_NAMES, loadLang, readSavedLang, saveLang, setLang, t } from "./i18n.js";
import { decodeShare, embedOptions, lessonQuery, shareQuery } from "./share.js";
import { commandCall, eventMessage, parseCommand, statePayload } from "./embed-api.js";
import { once } from "./lazy.js";

// Code-split: lessons, compare mode, the exports and the inspector are not needed for the first
// frame, so their modules are chunks of their own, imported on first use (the load* functions
// below bind their exports to these names). The code using them runs only once a lesson, a
// comparison, an export or the inspector is under way, that is after its chunk arrived.
let catalogue, checkpointCounts, cloneRun, configOf, createRun, findScenario, hasMore, lessonInfo, pick, play, readingMs, lessonView;
let compareRows, createStats, findPreset, findings, paneConfig, paneLabel, paneMetrics, PRESETS, sampleTick, compareView;
let exportName, traceJson, traceText, pictureSvg, composeSvg, download, serializeSvg, svgToPng;
let inspect, inspectorView;

/** The lesson runner (lesson.js, compare mode's too) and the lesson panel. */
const loadLessons = once(async () => {
  const [runner, view] = await Promise.all([import("./lesson.js"), import("./views/lesson.js")]);
  ({ catalogue, checkpointCounts, cloneRun, configOf, createRun, findScenario, hasMore, lessonInfo, pick, play, readingMs } = runner);
  lessonView = view;
});
/** The scenario files (the very texts cargo test plays) as the lesson picker's catalogue. */
const loadScenarios = once(async () => {
  const [{ SCENARIO_FILES }] = await Promise.all([import("./scenario-files.js"), loadLessons()]);
  state.catalogue = catalogue(SCENARIO_FILES);
});
/** Compare mode: its presets and metrics (compare.js), its panes and summary. */
const loadCompare = once(async () => {
  const [model, view] = await Promise.all([import("./compare.js"), import("./views/compare.js"), loadLessons()]);
  ({ compareRows, createStats, findPreset, findings, paneConfig, paneLabel, paneMetrics, PRESETS, sampleTick } = model);
  compareView = view;
});
/** The inspector: what it shows of a broker, partition, replica, record or message, and its dialog. */
const loadInspector = once(async () => {
  const [model, view] = await Promise.all([import("./views/inspector-model.js"), import("./views/inspector.js")]);
  ({ inspect } = model);
  inspectorView = view;
});
/** The exports: the trace (JSON, text) and the picture (SVG, PNG). */
const loadExports = once(async () => {
  const [trace, picture, svg] = await Promise.all([import("./export.js"), import("./views/picture.js"), import("./views/export-svg.js")]);
  ({ exportName, traceJson, traceText } = trace);
  ({ pictureSvg } = picture);
  ({ composeSvg, download, serializeSvg, svgToPng } = svg);
});

const $ = (sel) => document.querySelector(sel);
const params = new URLSearchParams(location.search);
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
/** Whether the first snapshot has been drawn (performance mark 'playground:first-frame'). */
let firstFrameMarked = false;
/**
 * Copies of the handle (fork()) at ticks of the current history, so seeking back replays from the
 * nearest one instead of from tick 0 (timeline.js). Reset whenever a new handle starts at tick 0.
 */
const checkpoints = new Checkpoints();
/** The action log as the checkpoints last saw it (syncCheckpoints). */
const checkpointLog = { actions: null, length: 0 };

/**
 * Keep the checkpoints consistent with the action log when it changed outside the replay paths
 * (window.__playground.actions is the live log: tests and the benchmark append to it): the
 * checkpoints after the first new action's tick no longer describe this history. A checkpoint at
 * tick t is taken before the actions at t, so the ones at that tick stay valid.
 */
function syncCheckpoints() {
  const log = state.actions;
  if (log !== checkpointLog.actions || log.length < checkpointLog.length) checkpoints.dropAfter(0);
  else if (log.length > checkpointLog.length) {
    let from = Infinity;
    for (let i = checkpointLog.length; i < log.length; i++) from = Math.min(from, log[i].tick);
    checkpoints.dropAfter(from);
  }
  checkpointLog.actions = log;
  checkpointLog.length = log.length;
}
/** step() accepts at most this many ticks, and produce() this many records, per call. */
const MAX_CALL = 100000;
const THEMES = ["auto", "light", "dark"];
const THEME_KEY = "kafka-playground-theme";
/** Lessons and compare mode play at least this fast (ticks per second) unless slowed down after. */
const LESSON_TPS = 20;
/** Records per log in compare mode's pictures. */
const COMPARE_RECORDS = 40;
/** Embedded: at most one state event per this many ms while playing. */
const STATE_EVENT_MS = 100;
const embedded = window.parent !== window;
const embed = embedOptions(params);

const state = {
  Cluster: null, // the wasm Cluster class
  cluster: null, // the handle (null while the core cannot be used)
  tick: 0, // the handle's current tick (kept here: snapshots are taken once per frame)
  config: {}, // what the constructor was given
  actions: [], // the action log, in tick order
  horizon: 0, // the furthest tick of this history
  snap: null,
  prev: null,
  continuous: false, // the last frame followed the previous one in time (play, step, action)
  events: { items: [], version: 0 },
  cuts: new Set(), // cut links at the current tick (from the action log)
  running: false,
  tps: 4,
  carry: 0,
  lastFrame: null,
  rafId: null,
  pausedBy: null, // "hidden" | "offscreen" when the page paused itself (it resumes on return)
  selected: null, // broker chosen by click or digit keys
  digits: null, // the digit-key buffer (keyboard.js selectByDigit)
  inspecting: null, // the inspector's target
  compact: null, // the user's choice of partitions view; null = automatic by size
  auto: { on: false, carry: 0 },
  roundRobin: 0,
  history: createHistory(),
  presets: new Map(), // version → its default config, read from the core
  broken: null, // words shown in the banner when the core cannot be used
  seekTo: null, // pending scrubber position (seeks are coalesced per frame)
  stamp: 0, // bumped by every change to the handle's state (act, step, seek, reset): lessons use it to notice the reader moved away
  parseScenario: null, // the core's scenario parser
  catalogue: [], // the scenario files (lesson.js catalogue) once their chunk is loaded, each parsed on first use
  lesson: null, // the open lesson (openLesson)
  compare: null, // compare mode's state and its two handles (openCompare)
  themeLocked: false, // ?theme= given: the reader's saved choice is neither used nor changed
  posted: { at: 0, tick: -1, timer: null }, // the last state event sent to the parent page
  pickerCache: null, // the lesson picker's entries in one language
};

const announcer = createAnnouncer($("#announcer"));

// ------------------------------------------------------------------ startup

// Started at once, so that they download while the wasm does: the dictionary of the starting
// language, and the chunks of the lesson, picker or comparison the URL opens (its first frame).
const startLang = loadLang(initialLang({ param: embed.lang, saved: embed.lang ? null : readSavedLang(), languages: navigator.languages ?? [navigator.language] }));
const startChunks = chunksLoaded(embed.scenario || embed.mode === "lesson" ? [loadScenarios] : embed.mode === "compare" ? [loadCompare] : []);
applyEmbedLayout();
main().catch((err) => fatal(t("main.startFailed", { error: errorMessage(err) })));

async function main() {
  try {
    applyLanguage(await startLang);
  } catch (err) {
    fatal(errorMessage(err)); // in both languages: there is no dictionary to say it with
    return;
  }
  state.themeLocked = embed.theme !== null;
  applyTheme(embed.theme ?? readTheme());
  const core = await loadCore();
  state.Cluster = core.Cluster;
  state.parseScenario = core.parseScenario;
  wireControls(commands);
  window.addEventListener("error", (e) => toast($("#toasts"), t("main.pageError", { error: e.message })));
  window.addEventListener("unhandledrejection", (e) => toast($("#toasts"), t("main.pageError", { error: errorMessage(e.reason) })));
  window.addEventListener("message", onMessage);
  watchVisibility();
  watchWidth();
  reducedMotion.addEventListener("change", () => draw());
  setSpeed($("#speed").value);
  acksHelp();
  // The legend starts folded on phones (and in embeds), where it would fill the first screen.
  if (window.matchMedia("(max-width: 720px)").matches || embedded) $(".legend").open = false;
  for (const p of embed.problems) toast($("#toasts"), t("param.bad", { name: p.name, value: p.value, why: p.why }), "info");
  const chunkError = await startChunks;
  if (chunkError) notice(t("main.chunkFailed", { error: chunkError }));

  const config = {};
  const seed = params.get("seed");
  if (seed !== null) config.seed = Number(seed);
  const shared = decodeShare(params);
  if (shared?.ok) {
    openShared(shared.state);
  } else {
    if (shared) notice(linkProblem(shared));
    resetCluster(config);
    if (!shared && embed.scenario && !chunkError) openLesson(embed.scenario, { stop: embed.step ?? 0, autoplay: embed.autoplay });
    else if (!shared && embed.mode === "compare" && !chunkError) openCompare(embed.preset ?? PRESETS[0].id, { stop: embed.step ?? 0, autoplay: embed.autoplay });
    else if (!shared) {
      const warm = Number(params.get("ticks") ?? (embed.step !== null ? embed.step : NaN));
      if (Number.isInteger(warm) && warm > 0 && usable()) {
        advance(Math.min(warm, MAX_CALL));
        refresh();
      }
      if (embed.mode === "lesson" && !chunkError) openLessonPicker();
      if (embed.autoplay) setRunning(true);
    }
  }
  postEvent("ready", {
    mode: mode(),
    lang: getLang(),
    scenario: state.lesson?.entry.id ?? state.compare?.preset.id ?? null,
    stops: state.lesson?.info.stops ?? state.compare?.stops ?? 0,
    tick: state.tick,
  });
  postState(true);
}

/**
 * Wait for the wasm core, whose loading core.js started when the script began. The single-file
 * build (scripts/build-single.mjs) inlines the module's bytes, so it opens from file:// too.
 */
async function loadCore() {
  let mod;
  try {
    mod = await corePromise;
  } catch (err) {
    throw new Error(t("main.coreMissing", { error: errorMessage(err) }));
  }
  if (typeof mod.Cluster !== "function") throw new Error("the simulator core has no Cluster class");
  return mod;
}

function usable() {
  return state.cluster !== null && !state.broken;
}

/** Load code-split chunks (`loads`: load* functions); resolves to null, or to the error's words. */
async function chunksLoaded(loads) {
  try {
    await Promise.all(loads.map((load) => load()));
    return null;
  } catch (err) {
    return errorMessage(err);
  }
}

/** Run `fn` once the chunks it needs are in; if one cannot be loaded, say so instead (returns false). */
async function withChunks(loads, fn) {
  const error = await chunksLoaded(loads);
  if (!error) return fn();
  toast($("#toasts"), t("main.chunkFailed", { error }));
  return false;
}

// ------------------------------------------------------------------ the handle

/**
 * Start over with `config`: a new handle, an empty history. Returns null, or the core's error
 * message when it rejects the config (the current cluster is then kept).
 */
function resetCluster(config) {
  let next;
  try {
    next = new state.Cluster(config);
  } catch (err) {
    if (state.cluster) return errorMessage(err);
    state.broken = t("main.createFailed", { error: errorMessage(err) });
    draw();
    return state.broken;
  }
  setRunning(false);
  replaceHandle(next);
  startCheckpoints(next);
  state.config = config;
  state.actions = [];
  state.horizon = 0;
  state.auto.carry = 0;
  state.roundRobin = 0;
  clearHistory(state.history);
  state.snap = null;
  refresh();
  // The producer form starts with the version's acks and enable.idempotence (KIP-679 changed both in 3.0).
  const cfg = state.snap?.config ?? {};
  $("#produce-idempotence").checked = !!cfg.enableIdempotence;
  if (cfg.acks !== undefined) {
    $("#produce-acks").value = String(cfg.acks === -1 ? "all" : cfg.acks);
    acksHelp();
  }
  return null;
}

/** A new history starts with handle `next` at tick 0: the checkpoints start over from it. */
function startCheckpoints(next) {
  checkpoints.clear();
  checkpoints.add(0, next);
}

/** Make `next` the handle, at `tick` (0: a new cluster; more: a copy restored from a checkpoint). */
function replaceHandle(next, tick = 0) {
  try {
    state.cluster?.free();
  } catch {
    /* a handle poisoned by a panic may refuse; it is dropped either way */
  }
  state.cluster = next;
  state.tick = tick;
  state.broken = null;
  state.stamp++;
  state.events = { items: [], version: state.events.version + 1 };
}

/**
 * Call a handle method that changes the cluster. wasm-bindgen silently drops arguments a method
 * does not declare, so a call with more arguments than this build's method takes (e.g.
 * fail(b, "stuck") before the core has fault kinds) is refused here instead of doing something else.
 */
function callCore(method, args, cluster = state.cluster) {
  const fn = cluster[method];
  if (typeof fn !== "function") throw new Error(t("main.noMethod", { method }));
  if (args.length > fn.length) {
    const call = `${method}(${args.map((a) => JSON.stringify(a)).join(", ")})`;
    throw new Error(t("main.tooManyArgs", { call, method, count: fn.length }));
  }
  return fn.apply(cluster, args);
}

/**
 * Run replay operations (timeline.js replayPlan) on the handle. Returns the events of the steps,
 * oldest first (none with `withEvents` false: the core then skips recording them).
 */
function runPlan(ops, withEvents = true) {
  syncCheckpoints();
  return runOps(state.cluster, ops, {
    apply: (cluster, a) => callCore(a.method, a.args, cluster),
    checkpoints,
    onStep: (n) => (state.tick += n),
    events: withEvents,
  });
}

/** Run `n` ticks from the current one, replaying any recorded actions on the way. Returns the events. */
function advance(n) {
  state.stamp++;
  try {
    const events = runPlan(replayPlan(state.actions, state.tick, state.tick + n, { every: checkpoints.every }));
    state.horizon = Math.max(state.horizon, state.tick);
    if (events.length) state.events = { items: mergeEvents(state.events.items, events), version: state.events.version + 1 };
    return events;
  } catch (err) {
    coreFailed(err);
    return [];
  }
}

/**
 * Go to tick `t` of this history (0 … horizon). Forward, with no checkpoint on the way: keep
 * stepping. Back, or forward past a checkpoint: a copy of the nearest checkpoint at or before t
 * (a new handle at tick 0 if there is none) and the action log replayed from there up to t,
 * exactly.
 */
function seek(t) {
  if (!usable()) return;
  const target = Math.max(0, Math.min(state.horizon, Math.round(t)));
  const from = state.tick;
  if (target === from) return;
  state.stamp++;
  syncCheckpoints();
  if (target > from && !(checkpoints.nearest(target)?.tick > from)) {
    advance(target - from);
    if (target - from > 1) clearHistory(state.history); // the chart would have a gap
  } else {
    let restored;
    try {
      restored = checkpoints.restore(target);
      if (!restored) {
        restored = { tick: 0, handle: new state.Cluster(state.config) };
        startCheckpoints(restored.handle);
      }
    } catch (err) {
      coreFailed(err);
      return;
    }
    const before = state.events.items;
    replaceHandle(restored.handle, restored.tick);
    try {
      // Without events up to `loud` (the list has those: the history up to the present is the
      // same), then with them, so the list is rebuilt from `loud` on exactly.
      const plan = seekPlan(state.actions, restored.tick, target, { includeFrom: true, every: checkpoints.every });
      runPlan(plan.quiet, false);
      const events = runPlan(plan.audible);
      state.events = { items: mergeEvents(eventsBefore(before, plan.loud, events), events), version: state.events.version + 1 };
    } catch (err) {
      coreFailed(err);
    }
    if (target > from) clearHistory(state.history); // the chart would have a gap
    else truncateAfter(state.history, target);
  }
  refresh();
}

/**
 * The events of `items` (newest first) that a replay from tick `from` does not produce again:
 * those before `from`, and those at `from` not among the replay's `events` (the ones the actions
 * at `from` cause are drained by its first step).
 */
function eventsBefore(items, from, events) {
  const key = (e) => `${e.kind}|${e.partition}|${e.broker}|${e.text}`;
  const again = new Set(events.filter((e) => e.tick === from).map(key));
  return items.filter((e) => e.tick < from || (e.tick === from && !again.has(key(e))));
}

/**
 * A user action: one handle call at the current tick, logged for replay. Acting in the past
 * first discards the recorded future. Returns { ok, result } or { ok: false, error }.
 */
function act(method, args, { quiet = false } = {}) {
  if (!usable()) {
    if (!quiet) toast($("#toasts"), state.broken ?? t("main.noCluster"));
    return { ok: false, error: "no cluster" };
  }
  let result;
  try {
    result = callCore(method, args);
  } catch (err) {
    if (!quiet || isPanic(err)) coreFailed(err);
    return { ok: false, error: errorMessage(err) };
  }
  state.stamp++;
  if (state.tick < state.horizon) {
    state.actions = forkAt(state.actions, state.tick);
    checkpoints.dropAfter(state.tick);
    checkpointLog.actions = state.actions;
    checkpointLog.length = state.actions.length;
    toast($("#toasts"), t("main.forked", { tick: state.tick }), "info");
    state.horizon = state.tick;
  }
  state.actions.push({ tick: state.tick, method, args });
  return { ok: true, result };
}

function isPanic(err) {
  return err instanceof WebAssembly.RuntimeError || /unreachable|panicked/i.test(errorMessage(err));
}

function coreFailed(err) {
  const msg = errorMessage(err);
  // A wasm trap (panic) leaves the handle unusable; an Error from argument validation does not.
  if (isPanic(err)) {
    setRunning(false);
    state.broken = t("main.coreStopped", { error: msg });
    draw();
  } else {
    toast($("#toasts"), msg);
  }
}

// ------------------------------------------------------------------ loop

/** True while something animates: free play, a lesson or compare mode playing to its next stop. */
function animating() {
  return state.running || !!state.lesson?.playing || !!state.compare?.playing;
}

// Frames are requested only while something plays: a paused playground costs no CPU.
function frame(now) {
  state.rafId = null;
  if (!animating()) return;
  const dt = state.lastFrame === null ? 0 : now - state.lastFrame;
  const { ticks, carry } = ticksForFrame(dt, state.tps, state.carry);
  state.carry = carry;
  state.lastFrame = now;
  if (state.compare?.playing) {
    comparePlay(ticks);
  } else if (state.lesson?.playing && usable()) {
    const events = lessonPlay(ticks);
    refresh({ continuous: true, events });
  } else if (state.running && usable() && ticks > 0) {
    const events = advance(ticks);
    autoProduce(ticks);
    refresh({ continuous: true, events });
  }
  if (state.snap && !state.compare) {
    clusterView.animate($("#cluster"), state.snap.tick, state.carry, reducedMotion.matches);
    flushPaint();
  }
  if (animating()) state.rafId = requestAnimationFrame(frame);
}

/** Make sure frames run (after a lesson or compare mode starts playing). */
function kick() {
  if (state.rafId === null) {
    state.carry = 0;
    state.lastFrame = null;
    state.rafId = requestAnimationFrame(frame);
  }
}

function setRunning(on) {
  state.running = on && usable();
  state.carry = 0;
  state.lastFrame = null;
  if (state.running) {
    state.pausedBy = null;
    if (state.lesson?.playing) stopLessonPlaying();
    if (state.rafId === null) state.rafId = requestAnimationFrame(frame);
  }
  drawPlayButton();
  document.body.classList.toggle("is-running", state.running);
}

function drawPlayButton() {
  const btn = $("#play");
  setAttr(btn, "aria-pressed", String(state.running));
  setAttr(btn, "aria-label", t(state.running ? "controls.pause" : "controls.play"));
  setText(btn.querySelector(".btn-text"), t(state.running ? "controls.pause" : "controls.play"));
}

function setSpeed(sliderValue) {
  state.tps = speedFromSlider(sliderValue);
  $("#speed-value").textContent = formatSpeed(state.tps, state.snap?.tickMs ?? 100);
}

/**
 * Redraw when the layout's width changes (the picture, the offset window and the charts are
 * sized in px). Only the width matters, and the redraw waits for the next frame, so drawing
 * cannot feed the observer a new size in the same frame.
 */
function watchWidth() {
  let width = 0;
  new ResizeObserver(([entry]) => {
    const w = Math.round(entry.contentRect.width);
    if (w === width) return;
    width = w;
    queueRedraw();
  }).observe($("#main"));
}

/** Pause while nobody can see the page (hidden tab, scrolled away); resume when they can again. */
function watchVisibility() {
  const pauseFor = (why) => {
    if (!state.running) return;
    setRunning(false);
    state.pausedBy = why;
  };
  const resumeFrom = (why) => {
    if (state.pausedBy === why) setRunning(true);
  };
  document.addEventListener("visibilitychange", () => (document.hidden ? pauseFor("hidden") : resumeFrom("hidden")));
  new IntersectionObserver((entries) => {
    for (const e of entries) e.isIntersecting ? resumeFrom("offscreen") : pauseFor("offscreen");
  }).observe($("#app"));
}

// ------------------------------------------------------------------ producer

/** The form's produce arguments for `count` records, or { error } in words. */
function produceArgs(count) {
  if (!Number.isInteger(count) || count < 1) return { error: t("main.recordsInvalid", { value: $("#produce-count").value }) };
  const choice = $("#produce-partition").value;
  const partitions = state.snap?.partitions.length ?? 1;
  const partition = choice === "rr" ? state.roundRobin++ % partitions : Number(choice);
  const args = { partition, count: Math.min(count, MAX_CALL), acks: parseAcks($("#produce-acks").value) };
  // Sent only when it differs from the cluster's enable.idempotence default, so the preset decides
  // otherwise (and a core without idempotence still takes ordinary requests).
  const idempotence = $("#produce-idempotence").checked;
  if (idempotence !== !!state.snap?.config.enableIdempotence) args.idempotence = idempotence;
  return { args };
}

function showProduceError(text) {
  const p = $("#produce-error");
  p.textContent = text;
  p.hidden = !text;
}

function produceFromForm() {
  const raw = $("#produce-count").value.trim();
  const { args, error } = produceArgs(raw === "" ? NaN : Number(raw));
  if (error) return showProduceError(error);
  const r = act("produce", [args]);
  showProduceError(r.ok ? "" : t("main.notSent", { error: r.error }));
  refresh({ continuous: true });
  return undefined;
}

/**
 * The automatic producer: `rate` records per second of Kafka time, one produce call per batch of
 * ticks. It only runs at the end of the history; while replaying the past, the recorded requests
 * play back instead. It stops at the first request the core refuses.
 */
function autoProduce(ticks) {
  if (!state.auto.on || state.tick < state.horizon || !usable()) return;
  const rate = Number($("#auto-rate").value);
  if (!(rate > 0)) return stopAuto(t("main.autoRate", { value: $("#auto-rate").value }));
  state.auto.carry += (rate * ticks * (state.snap?.tickMs ?? 100)) / 1000;
  const count = Math.floor(state.auto.carry);
  if (count < 1) return undefined;
  state.auto.carry -= count;
  const { args, error } = produceArgs(count);
  if (error) return stopAuto(error);
  const r = act("produce", [args]);
  if (!r.ok) stopAuto(t("main.autoStopped", { error: r.error }));
  return undefined;
}

function stopAuto(why) {
  state.auto.on = false;
  $("#auto-on").checked = false;
  showProduceError(why);
}

function acksHelp() {
  const v = $("#produce-acks").value;
  $("#acks-help").textContent = ["all", "1", "0"].includes(v) ? t(`acks.${v}`) : "";
}

function autoText() {
  if (!state.auto.on) return t("main.auto.off");
  if (state.tick < state.horizon) return t("main.auto.waiting");
  return t("main.auto.on", { rate: $("#auto-rate").value, paused: state.running ? "" : t("main.auto.pressPlay") });
}

// ------------------------------------------------------------------ render

/**
 * The snapshot the views draw, with each log's records only as far as they are drawn: the
 * partitions view shows as many a log as fit in its tracks (at most MAX_WINDOW) and the compact
 * table none (copying the records out of the core and parsing them is most of a snapshot's cost).
 * A log's records inside the offset window are always among its last `capacity` ones.
 */
function viewSnapshot() {
  const compact = state.snap !== null && (state.compact ?? compactView.shouldCompact(state.snap));
  // The producer panel lists the latest requests only; with the automatic producer on, the core
  // keeps up to 500, which made a snapshot 85 KB of JSON (1.5 ms a frame).
  return state.cluster.snapshot({ records: compact ? 0 : partitionsView.recordsShown($("#partitions")), requests: REQUESTS_SHOWN });
}

/** The inspector lists every record the core keeps: it takes a full snapshot of its own. */
function inspectorSnapshot() {
  return usable() ? state.cluster.snapshot() : state.snap;
}

/** Take a fresh snapshot from the handle and draw it. */
function refresh({ continuous = false, events = [] } = {}) {
  if (usable()) {
    try {
      const snap = viewSnapshot();
      const problem = validateSnapshot(snap);
      if (problem) {
        state.broken = t("main.badSnapshot", { problem });
      } else {
        state.prev = state.snap;
        state.snap = snap;
        state.continuous = continuous && state.prev !== null;
        state.cuts = cutLinksAt(state.actions, snap.tick);
        recordSample(state.history, snap);
        if (state.continuous) announcer.say(announcements(events, newViolations(snap, state.prev.tick)));
      }
    } catch (err) {
      coreFailed(err);
    }
  }
  draw();
  postState();
}

function draw() {
  drawBanner();
  if (state.lesson) drawLesson();
  if (state.compare) drawCompare();
  const snap = state.snap;
  if (!snap) return;
  const motion = !reducedMotion.matches;
  setBoxText($("#clock .clock-text"), t("clock", { time: formatSeconds(snap.timeMs), tick: snap.tick }));
  drawTimeline(snap);
  clusterView.render($("#cluster"), snap, { cuts: state.cuts, selected: state.selected, reducedMotion: !motion });
  brokersView.render($("#brokers"), snap, { selected: state.selected });
  const compact = state.compact ?? compactView.shouldCompact(snap);
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
  else partitionsView.render(partitions, snap, { history: state.history, reducedMotion: !motion });
  producerView.render($(".producer-panel"), snap, { auto: { text: autoText() } });
  guaranteesView.render($("#guarantees"), snap);
  zkView.render($("#zk"), snap, state.prev, { continuous: state.continuous, reducedMotion: !motion });
  eventsView.render($("#events"), state.events, { kind: $("#event-kind"), partition: $("#event-partition") }, snap);
  configView.render($("#config-form"), snap.config);
  if (state.inspecting && $("#inspector").open) inspectorView.render($("#inspector"), inspect(state.inspecting, inspectorSnapshot(), { cuts: state.cuts }));
  flushPaint(); // after every DOM write of the frame (canvas.js paint)
  if (!firstFrameMarked) {
    firstFrameMarked = true;
    performance.mark?.("playground:first-frame");
  }
}

function drawTimeline(snap) {
  const scrub = $("#scrubber");
  setAttr(scrub, "max", state.horizon);
  if (scrub.value !== String(snap.tick)) scrub.value = String(snap.tick);
  const past = snap.tick < state.horizon;
  setAttr(scrub, "aria-valuetext", t("timeline.valuetext", { tick: snap.tick, horizon: state.horizon }));
  // Live, the status does not repeat the clock's tick: a text changed every tick costs Chromium
  // about 50 µs of layout (issue #6).
  setText($("#timeline-status"), past ? t("timeline.status.past", { tick: snap.tick, horizon: state.horizon }) : t("timeline.status.live"));
  document.body.classList.toggle("in-past", past);
}

function drawBanner() {
  const b = $("#banner");
  document.body.classList.toggle("is-broken", !!state.broken);
  if (!state.broken) {
    setHidden(b, true);
    return;
  }
  b.querySelector(".banner-text").textContent = state.broken;
  b.querySelector(".banner-reset").hidden = !state.Cluster;
  b.className = "banner banner-error";
  b.hidden = false;
}

function fatal(text) {
  state.broken = text;
  drawBanner();
}

// ------------------------------------------------------------------ theme

function readTheme() {
  try {
    const t = localStorage.getItem(THEME_KEY);
    return THEMES.includes(t) ? t : "auto";
  } catch {
    return "auto"; // storage blocked (e.g. a sandboxed iframe)
  }
}

function currentTheme() {
  return document.documentElement.dataset.theme ?? "auto";
}

function applyTheme(mode) {
  if (mode === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = mode;
  drawThemeButton();
  queueRedraw();
  if (state.themeLocked) return; // an embed's ?theme= is not the reader's own choice
  try {
    localStorage.setItem(THEME_KEY, mode);
  } catch {
    /* the choice just is not remembered */
  }
}

let redrawQueued = false;
/**
 * Draw again on the next animation frame (several calls make one draw): after a resize (see
 * watchWidth) and a theme change, as the canvases (records, ruler, lag clocks) are painted in
 * the theme's colours.
 */
function queueRedraw() {
  if (redrawQueued) return;
  redrawQueued = true;
  requestAnimationFrame(() => {
    redrawQueued = false;
    draw();
  });
}
for (const q of THEME_QUERIES) window.matchMedia(q).addEventListener("change", queueRedraw);

function drawThemeButton() {
  const mode = currentTheme();
  const btn = $("#theme");
  btn.setAttribute("aria-label", t("theme.aria", { mode }));
  btn.querySelector(".theme-text").textContent = t(`theme.${mode}`);
}

// ------------------------------------------------------------------ commands (controls.js)

function brokerCommand(id, broker) {
  const a = brokerAction(id);
  if (!a) return;
  if (broker === null || broker === undefined) {
    toast($("#toasts"), t("main.selectFirst"), "info");
    return;
  }
  const b = state.snap?.brokers.find((x) => x.id === broker);
  if (!b) {
    toast($("#toasts"), t("main.noBroker", { id: broker }));
    return;
  }
  if (!brokerActionEnabled(a, b.status)) {
    toast($("#toasts"), t("main.brokerIs", { action: a.label, id: broker, status: t(`status.${b.status}`) }), "info");
    return;
  }
  const [method, args] = a.call(broker);
  act(method, args);
  refresh({ continuous: true });
}

function openInspector(target) {
  if (target.type === "message") target = { ...target, message: state.snap?.inflight.find((m) => m.seq === target.seq) };
  withChunks([loadInspector], () => {
    if (target.type === "broker") state.selected = target.id;
    state.inspecting = target;
    const dialog = $("#inspector");
    inspectorView.render(dialog, inspect(target, inspectorSnapshot(), { cuts: state.cuts }));
    if (!dialog.open) dialog.showModal();
    draw();
  });
}

const commands = {
  togglePlay: () => setRunning(!state.running),
  step() {
    setRunning(false);
    if (!usable()) return;
    const events = advance(1);
    refresh({ continuous: true, events });
  },
  stepBack() {
    setRunning(false);
    seek(state.tick - 1);
  },
  seekPreview(t) {
    setRunning(false);
    // Dragging fires many inputs: seek once per frame to the latest position.
    if (state.seekTo === null) {
      requestAnimationFrame(() => {
        const to = state.seekTo;
        state.seekTo = null;
        seek(to);
      });
    }
    state.seekTo = t;
  },
  jump(t) {
    setRunning(false);
    seek(t);
  },
  reset() {
    const error = resetCluster(state.config);
    if (error) toast($("#toasts"), error);
  },
  setSpeed,
  produce: produceFromForm,
  toggleAuto(on) {
    state.auto.on = on;
    state.auto.carry = 0;
    if (on) showProduceError("");
    draw();
  },
  acksChanged: acksHelp,
  brokerAction: brokerCommand,
  openMenu(broker, x, y, returnFocus) {
    const b = state.snap?.brokers.find((k) => k.id === broker);
    if (!b) return;
    state.selected = broker;
    draw();
    contextMenu.open($("#context-menu"), {
      broker,
      status: b.status,
      x,
      y,
      returnFocus,
      onPick: (id, which) => (id === "inspect" ? openInspector({ type: "broker", id: which }) : brokerCommand(id, which)),
    });
  },
  inspect: openInspector,
  inspectorClosed() {
    state.inspecting = null;
  },
  toggleLink(key) {
    const [a, b] = key.split("-").map(Number);
    act(state.cuts.has(linkKey(a, b)) ? "heal" : "cut", [a, b]);
    refresh({ continuous: true });
  },
  applyConfig() {
    const form = $("#config-form");
    const typed = readConfig(configView.readValues(form), state.snap?.config);
    let defaults = {};
    try {
      if (typed.version !== undefined) defaults = presetDefaults(typed.version);
    } catch (err) {
      configView.showError(form, errorMessage(err));
      return;
    }
    const error = resetCluster(configDiff(typed, defaults));
    configView.showError(form, error ? t("main.notApplied", { error }) : "");
    if (!error) toast($("#toasts"), t("main.configApplied"), "info");
  },
  versionChanged(version) {
    const form = $("#config-form");
    try {
      configView.fill(form, withVersionDefaults(configView.readValues(form), presetDefaults(version)));
      configView.showError(form, "");
    } catch (err) {
      configView.showError(form, errorMessage(err));
    }
  },
  configDefaults() {
    commands.versionChanged($("#cfg-version")?.value ?? state.snap?.config.version);
  },
  toggleView() {
    state.compact = !(state.compact ?? compactView.shouldCompact(state.snap));
    // The detailed view draws records that the compact view's snapshots leave out.
    if (usable() && state.snap) state.snap = viewSnapshot();
    draw();
  },
  cycleTheme() {
    applyTheme(THEMES[(THEMES.indexOf(currentTheme()) + 1) % THEMES.length]);
  },
  help() {
    const d = $("#help");
    helpView.render(d); // drawn when opened (in the current language), not before the first frame
    if (!d.open) d.showModal();
  },
  redraw: draw,
  toggleLang() {
    switchLanguage(getLang() === "en" ? "zh" : "en");
  },
  toggleLessons() {
    if (state.lesson) closeLesson();
    else withChunks([loadScenarios], openLessonPicker);
  },
  pickLesson(name) {
    if (name) openLesson(name);
  },
  lessonNext,
  lessonBack,
  lessonRestart() {
    if (state.lesson) openLesson(state.lesson.entry, { keepSpeed: true });
  },
  lessonGoto: (n) => lessonGoto(n),
  closeLesson,
  toggleCompare() {
    if (state.compare) closeCompare();
    else withChunks([loadCompare], () => openCompare(PRESETS[0].id));
  },
  pickPreset: (id) => openCompare(id),
  compareNext,
  compareBack,
  compareRestart() {
    if (state.compare) openCompare(state.compare.preset.id, { keepSpeed: true });
  },
  compareGoto: (n) => compareGoto(n),
  closeCompare,
  share: openShareDialog,
  copy: copyField,
  exportAs,
  closeNotice() {
    $("#notice").hidden = true;
  },
  key({ command, digit }) {
    if (command === "select") {
      state.digits = selectByDigit(state.digits, digit, performance.now(), state.snap?.brokers.length ?? 0);
      state.selected = state.digits.id;
      const exists = state.snap?.brokers.some((b) => b.id === state.selected);
      announcer.say([exists ? t("main.brokerSelected", { id: state.selected }) : t("main.noBroker", { id: state.selected })]);
      draw();
    } else if (command === "toggleAuto") {
      $("#auto-on").checked = !state.auto.on;
      commands.toggleAuto(!state.auto.on);
    } else if (command === "lessonNext") {
      if (state.compare) compareNext();
      else lessonNext();
    } else if (command === "lessonBack") {
      if (state.compare) compareBack();
      else lessonBack();
    } else if (brokerAction(command)) brokerCommand(command, state.selected);
    else commands[command]?.();
  },
};

/** A version's default config, read from the core (a throwaway handle), cached. */
function presetDefaults(version) {
  if (!state.presets.has(version)) {
    const c = new state.Cluster({ version });
    try {
      state.presets.set(version, c.snapshot().config);
    } finally {
      c.free();
    }
  }
  return state.presets.get(version);
}

// ------------------------------------------------------------------ test hook

window.__playground = {
  /** The live handle, for tests only (e.g. to compare stateHash() after a seek). */
  get cluster() {
    return state.cluster;
  },
  /** The seeking checkpoints (timeline.js Checkpoints), for tests and the benchmark. */
  checkpoints,
  snapshot: () => state.snap,
  render: () => refresh(),
  seek: (t) => seek(t),
  get actions() {
    return state.actions;
  },
  get horizon() {
    return state.horizon;
  },
  get running() {
    return state.running;
  },
  /** The open lesson: { id, stop, stops, playing, offScript, caption, title, checkpoints, tick }, or null. */
  lesson: () => lessonModel(),
  /** Compare mode: { preset, stop, stops, playing, tick, hashes, metrics }, or null. */
  compare: () => compareModel(),
  get lang() {
    return getLang();
  },
  /** The share link of this moment (as the Share dialog shows it). */
  shareLink: () => shareLink(),
  /** The trace of this moment: a Promise of { json, text } (what the exports save). */
  trace: async () => {
    await loadExports();
    const tr = buildTrace();
    return { json: tr, text: traceLog(tr) };
  },
  /** The wasm module's memory in bytes (a Promise; null without the core), for the benchmark. */
  wasmBytes: async () => (await corePromise.catch(() => null))?.memory?.buffer.byteLength ?? null,
  /** The picture export: a Promise of its SVG markup. */
  pictureSvg: async () => {
    await loadExports();
    return exportPicture().svg;
  },
};

// ------------------------------------------------------------------ language

/** Set the language everywhere: static markup, the views (redrawn from scratch), lesson texts. */
function applyLanguage(lang) {
  setLang(lang);
  document.documentElement.lang = htmlLang();
  applyStatic(document);
  document.title = t("app.title");
  $("#meta-description")?.setAttribute("content", t("app.description"));
  const other = getLang() === "en" ? "zh" : "en";
  const btn = $("#lang");
  btn.setAttribute("lang", htmlLang(other));
  btn.querySelector(".lang-text").textContent = LANG_NAMES[other];
}

/**
 * Switch to `lang` once its dictionary is loaded (a chunk of its own unless the page started in
 * it). Resolves to null, or to the error's words (also shown) when it cannot be loaded.
 */
async function switchLanguage(lang) {
  try {
    await loadLang(lang);
  } catch (err) {
    toast($("#toasts"), errorMessage(err));
    return errorMessage(err);
  }
  if (lang === getLang()) return null;
  applyLanguage(lang);
  if (!embed.lang) saveLang(getLang());
  // Keep ?lang= in the address (reloads and copied URLs keep the language).
  if (params.has("lang") || !embedded) {
    const url = new URL(location.href);
    url.searchParams.set("lang", getLang());
    try {
      history.replaceState(history.state, "", url);
    } catch {
      /* file:// in some browsers: the address just stays */
    }
  }
  relocalize();
  postEvent("lang", { lang: getLang() });
  return null;
}

/** Redraw every view in the new language: their caches are keyed on the data, not the words. */
function relocalize() {
  for (const sel of ["#cluster", "#brokers", "#partitions", "#guarantees", "#zk", "#events", "#compare-panes"]) {
    const el = $(sel);
    el.replaceChildren();
    for (const k of Object.keys(el)) if (k.startsWith("__")) delete el[k];
  }
  const partition = $("#produce-partition");
  const keep = partition.value;
  partition.replaceChildren();
  const requests = $(".request-list");
  requests.replaceChildren();
  delete requests.__key;
  delete $("#inspector").__key;
  drawPlayButton();
  drawThemeButton();
  acksHelp();
  setSpeed($("#speed").value);
  if ($("#help").open) helpView.render($("#help"));
  draw(); // the inspector too, when it is open
  if ([...partition.options].some((o) => o.value === keep)) partition.value = keep;
  if ($("#share-dialog").open) fillShareDialog();
}

// ------------------------------------------------------------------ embedding: layout, notices

/** The embed parameters that shape the page: controls, height, iframe. */
function applyEmbedLayout() {
  document.body.classList.toggle("embedded", embedded);
  document.body.classList.add(`controls-${embed.controls}`);
  if (embed.height) {
    document.body.classList.add("has-height");
    document.documentElement.style.setProperty("--embed-height", `${embed.height}px`);
  }
}

/** The current mode: "lesson", "compare" or "play". */
function mode() {
  return state.compare ? "compare" : state.lesson ? "lesson" : "play";
}

/** A message in the notice bar (not an error: the page works). */
function notice(text) {
  $("#notice .notice-text").textContent = text;
  $("#notice").hidden = !text;
}

// ------------------------------------------------------------------ lessons

/** The catalogue entry's parsed commands and info (parsed on first use). */
function parsed(entry) {
  if (!entry.commands) {
    entry.commands = state.parseScenario(entry.text);
    entry.info = lessonInfo(entry.commands);
  }
  return entry;
}

/** The picker's entries: every scenario, lessons with their title in the current language. */
function pickerEntries() {
  if (state.pickerCache?.lang === getLang()) return state.pickerCache.entries;
  const entries = state.catalogue.map((e) => {
    let title = "";
    if (e.group === "lessons") {
      try {
        title = pick(parsed(e).info.title, getLang());
      } catch {
        title = e.id;
      }
    }
    return { id: e.id, group: e.group, title };
  });
  state.pickerCache = { lang: getLang(), entries };
  return entries;
}

/** Show the lesson panel with the picker only (no lesson chosen yet). */
function openLessonPicker() {
  if (state.compare) closeCompare();
  const first = state.catalogue.find((e) => e.group === "lessons");
  if (first) openLesson(first);
}

/**
 * Open a lesson or scenario (catalogue entry or name) on a fresh cluster with its config. With
 * `stop` > 1 the lesson is played at once to that stop; otherwise it plays to its first stop.
 */
function openLesson(nameOrEntry, { stop = 0, autoplay = false, keepSpeed = false } = {}) {
  const entry = typeof nameOrEntry === "string" ? findScenario(state.catalogue, nameOrEntry) : nameOrEntry;
  if (!entry) {
    notice(t("lesson.unknown", { name: nameOrEntry }));
    return false;
  }
  let commands;
  try {
    commands = parsed(entry).commands;
  } catch (err) {
    toast($("#toasts"), t("lesson.loadFailed", { name: entry.id, error: errorMessage(err) }));
    return false;
  }
  if (state.compare) closeCompare();
  stopAutoplay();
  setRunning(false);
  const config = configOf(commands);
  const error = resetCluster(config);
  if (error) {
    toast($("#toasts"), t("lesson.loadFailed", { name: entry.id, error }));
    return false;
  }
  if (!keepSpeed && state.tps < LESSON_TPS) setSpeedTps(LESSON_TPS);
  state.lesson = {
    entry,
    commands,
    info: entry.info,
    config,
    run: createRun(),
    positions: [],
    playing: false,
    stamp: state.stamp,
    autoplay,
    autoTimer: null,
    autoAt: 0,
    reported: 0, // checkpoints already posted to the parent page
  };
  state.lesson.positions[0] = capture();
  // The lesson panel takes the legend's place at the top; it stays one click away.
  if ($("#lesson").hidden) $(".legend").open = false;
  $("#lesson").hidden = false;
  $("#lessons-button").setAttribute("aria-pressed", "true");
  document.body.classList.add("mode-lesson");
  if (stop > 1) lessonGoto(stop);
  else startLessonPlaying();
  refresh();
  return true;
}

function closeLesson() {
  if (!state.lesson) return;
  stopAutoplay();
  state.lesson = null;
  $("#lesson").hidden = true;
  $("#lessons-button").setAttribute("aria-pressed", "false");
  document.body.classList.remove("mode-lesson");
  draw();
  postState(true);
}

/** The position to come back to: tick, the action log up to it and the lesson run there. */
function capture() {
  return { tick: state.tick, actions: state.actions.slice(), run: cloneRun(state.lesson.run) };
}

/** True when the cluster is no longer where the lesson left it (the reader played, stepped, acted). */
function offScript() {
  return !!state.lesson && !state.lesson.playing && state.lesson.stamp !== state.stamp;
}

/** The ops the lesson runner plays through: this module's handle, logged like user actions. */
const lessonOps = {
  events: [],
  call: (method, args) => act(method, args, { quiet: true }),
  step(n) {
    for (const e of advance(n)) lessonOps.events.push(e);
  },
  expect(text) {
    try {
      return state.cluster.expect(text);
    } catch (err) {
      return { ok: false, error: errorMessage(err) };
    }
  },
  tick: () => state.tick,
};

/**
 * Play the lesson for at most `budget` ticks (Infinity: to the next stop at once). Returns the
 * events of those ticks. Reaching a stop records its position, tells the parent page, and (with
 * autoplay) schedules the next one.
 */
function lessonPlay(budget) {
  const L = state.lesson;
  lessonOps.events = [];
  let r;
  try {
    r = play(L.run, L.commands, budget, lessonOps);
  } catch (err) {
    coreFailed(err);
    L.playing = false;
    return lessonOps.events;
  }
  L.stamp = state.stamp;
  reportCheckpoints();
  if (r.stop !== "budget") {
    L.playing = false;
    L.positions[L.run.stops] = capture();
    L.positions.length = L.run.stops + 1;
    const counts = checkpointCounts(L.run.checkpoints);
    postEvent("stop", { scenario: L.entry.id, stop: L.run.stops, stops: L.info.stops, caption: pick(L.run.captions, getLang()), checkpoints: counts });
    if (L.autoplay) scheduleAutoplay();
  }
  return lessonOps.events;
}

function reportCheckpoints() {
  const L = state.lesson;
  for (; L.reported < L.run.checkpoints.length; L.reported++) {
    const c = L.run.checkpoints[L.reported];
    postEvent("checkpoint", { scenario: L.entry.id, text: c.text, ok: c.ok, actual: c.actual ?? c.error ?? null, tick: c.tick, kind: c.kind });
  }
}

function startLessonPlaying() {
  const L = state.lesson;
  if (!L || !hasMore(L.run, L.commands)) return;
  setRunning(false);
  L.playing = true;
  kick();
}

function stopLessonPlaying() {
  const L = state.lesson;
  if (!L?.playing) return;
  // Free play takes over: the lesson stays where the reader stopped it (off its script).
  L.playing = false;
}

/** Put the cluster exactly at a recorded stop: a new handle and the lesson's actions replayed. */
function restoreStop(n) {
  const L = state.lesson;
  const pos = L.positions[n];
  let next;
  try {
    next = new state.Cluster(L.config);
  } catch (err) {
    coreFailed(err);
    return false;
  }
  setRunning(false);
  replaceHandle(next);
  startCheckpoints(next);
  state.config = L.config;
  state.actions = pos.actions.slice();
  let events = [];
  try {
    events = runPlan(replayPlan(state.actions, 0, pos.tick, { includeFrom: true, every: checkpoints.every }));
  } catch (err) {
    coreFailed(err);
  }
  state.horizon = pos.tick;
  state.events = { items: mergeEvents([], events), version: state.events.version + 1 };
  truncateAfter(state.history, pos.tick);
  L.run = cloneRun(pos.run);
  L.reported = L.run.checkpoints.length;
  L.playing = false;
  L.positions.length = n + 1;
  L.stamp = state.stamp;
  return true;
}

function lessonNext() {
  const L = state.lesson;
  if (!L) return;
  stopAutoplay();
  if (L.playing) {
    // Second press while playing: jump to the stop at once.
    const events = lessonPlay(Infinity);
    refresh({ continuous: true, events });
    return;
  }
  if (offScript()) restoreStop(L.run.stops);
  if (!hasMore(L.run, L.commands)) {
    refresh();
    return;
  }
  startLessonPlaying();
  refresh();
}

function lessonBack() {
  const L = state.lesson;
  if (!L) return;
  stopAutoplay();
  // While playing towards stop n+1, "back" returns to stop n, where this segment started.
  const target = L.playing || offScript() ? L.run.stops : L.run.stops - 1;
  if (target < 1) {
    openLesson(L.entry, { keepSpeed: true });
    return;
  }
  if (restoreStop(target)) refresh();
}

/** Go to stop `n` (1-based): restored if it was reached before, else played to at once. */
function lessonGoto(n) {
  const L = state.lesson;
  if (!L) return;
  stopAutoplay();
  const stop = Math.max(1, Math.min(L.info.stops, Math.round(n)));
  const known = Math.min(stop, L.positions.length - 1);
  if (known >= 0 && (known !== L.run.stops || offScript() || L.playing)) restoreStop(known);
  while (L.run.stops < stop && hasMore(L.run, L.commands)) lessonPlay(Infinity);
  refresh();
}

function scheduleAutoplay() {
  const L = state.lesson;
  stopAutoplay();
  if (!L || !hasMore(L.run, L.commands)) return;
  const ms = readingMs(pick(L.run.captions, getLang()), getLang());
  L.autoAt = performance.now() + ms;
  L.autoTimer = setTimeout(() => {
    L.autoTimer = null;
    if (state.lesson === L && !L.playing && !offScript()) lessonNext();
  }, ms);
}

function stopAutoplay() {
  const L = state.lesson;
  if (L?.autoTimer) {
    clearTimeout(L.autoTimer);
    L.autoTimer = null;
  }
}

/** The lesson as plain data (drawing, tests, events). */
function lessonModel() {
  const L = state.lesson;
  if (!L) return null;
  const lang = getLang();
  const caption = pick(L.run.captions, lang) || (L.entry.group === "lessons" ? "" : t("lesson.noCaption"));
  return {
    id: L.entry.id,
    group: L.entry.group,
    title: pick(L.run.title, lang) || pick(L.info.title, lang) || L.entry.id,
    caption,
    stop: L.run.stops,
    stops: L.info.stops,
    playing: L.playing,
    offScript: offScript(),
    done: !hasMore(L.run, L.commands),
    tick: state.tick,
    checkpoints: L.run.checkpoints.map((c) => ({ ...c })),
  };
}

function drawLesson() {
  const m = lessonModel();
  const L = state.lesson;
  lessonView.fillPicker($("#lesson-select"), pickerEntries(), L.entry.group === "lessons" ? L.entry.id : `${L.entry.group}/${L.entry.id}`);
  let status;
  let kind = "";
  if (m.playing) {
    const w = L.run.wait;
    status = w?.kind === "until" ? t("lesson.status.waiting", { tick: m.tick, text: w.text }) : t("lesson.status.playing", { tick: m.tick });
    kind = "playing";
  } else if (m.offScript) {
    status = t("lesson.status.offScript", { tick: m.tick, n: Math.max(1, m.stop) });
    kind = "off-script";
  } else if (m.done) {
    status = t("lesson.status.end", { tick: m.tick });
    kind = "end";
  } else if (L.autoTimer) {
    status = t("lesson.status.autoplay", { s: Math.max(1, Math.round((L.autoAt - performance.now()) / 1000)) });
  } else status = t("lesson.status.paused", { tick: m.tick });
  lessonView.render(
    { title: "lesson-title", caption: "lesson-caption", progress: "lesson-progress", status: "lesson-status", back: "lesson-back", next: "lesson-next", dots: "lesson-dots", checkpoints: "lesson-checkpoints", count: "lesson-check-count", empty: "lesson-checks-empty" },
    {
      ...m,
      status,
      statusKind: kind,
      canBack: m.stop > 1 || m.playing || m.offScript,
      canNext: m.playing || !m.done || m.offScript,
      visited: L.positions.length - 1,
    },
  );
}

/** Move the speed slider to `tps` ticks per second. */
function setSpeedTps(tps) {
  const slider = $("#speed");
  slider.value = String(Math.log10(tps));
  setSpeed(slider.value);
}

// ------------------------------------------------------------------ compare mode

/**
 * Open compare mode with preset `id`: two handles with the same config and seed but the preset's
 * key, stepped together by one script. With `stop` > 1 it is played at once to that stop.
 */
function openCompare(id, { stop = 0, autoplay = false, keepSpeed = false } = {}) {
  const preset = findPreset(id);
  if (!preset) {
    notice(t("lesson.unknown", { name: id }));
    return false;
  }
  if (state.lesson) closeLesson();
  setRunning(false);
  if (!keepSpeed && state.tps < LESSON_TPS) setSpeedTps(LESSON_TPS);
  const commands = state.parseScenario(preset.script);
  const info = lessonInfo(commands);
  freeCompare();
  const C = {
    preset,
    commands,
    info,
    stops: info.stops,
    base: configOf(commands),
    panes: [],
    run: null,
    playing: false,
    autoplay,
    autoTimer: null,
    version: 0,
  };
  state.compare = C;
  if (!resetCompare()) return false;
  $("#compare").hidden = false;
  $("#compare-button").setAttribute("aria-pressed", "true");
  document.body.classList.add("mode-compare");
  if (stop > 1) compareGoto(stop);
  else startComparePlaying();
  drawCompare();
  postState(true);
  return true;
}

/** New handles for both panes, at tick 0 of the script. */
function resetCompare() {
  const C = state.compare;
  freeCompareHandles();
  try {
    C.panes = [0, 1].map((i) => {
      const cluster = new state.Cluster(paneConfig(C.base, C.preset, i));
      return { cluster, stats: createStats(), snap: null, label: paneLabel(C.preset, i) };
    });
  } catch (err) {
    toast($("#toasts"), errorMessage(err));
    closeCompare();
    return false;
  }
  C.run = createRun();
  C.tick = 0;
  C.actions = []; // the calls made on both panes, like main's action log (for the trace)
  C.playing = false;
  for (const p of C.panes) p.snap = p.cluster.snapshot({ records: COMPARE_RECORDS });
  C.version++;
  return true;
}

function freeCompareHandles() {
  for (const p of state.compare?.panes ?? []) {
    try {
      p.cluster.free();
    } catch {
      /* dropped either way */
    }
  }
}

function freeCompare() {
  if (state.compare?.autoTimer) clearTimeout(state.compare.autoTimer);
  freeCompareHandles();
}

function closeCompare() {
  if (!state.compare) return;
  freeCompare();
  state.compare = null;
  $("#compare").hidden = true;
  $("#compare-button").setAttribute("aria-pressed", "false");
  document.body.classList.remove("mode-compare");
  refresh();
}

/** The runner's ops for compare mode: every call and tick on both handles, one tick at a time. */
const compareOps = {
  call(method, args) {
    const errors = [];
    state.compare.actions.push({ tick: state.compare.tick, method, args });
    for (const p of state.compare.panes) {
      try {
        callCore(method, args, p.cluster);
      } catch (err) {
        if (isPanic(err)) throw err;
        errors.push(`${p.label}: ${errorMessage(err)}`);
      }
    }
    return errors.length ? { ok: false, error: errors.join("; ") } : { ok: true };
  },
  step(n) {
    const C = state.compare;
    for (let i = 0; i < n; i++) {
      for (const p of C.panes) {
        p.cluster.step(1);
        sampleTick(p.stats, p.cluster.snapshot({ records: 0 }));
      }
      C.tick++;
    }
  },
  expect(text) {
    const panes = state.compare.panes.map((p) => {
      try {
        return p.cluster.expect(text);
      } catch (err) {
        return { ok: false, error: errorMessage(err) };
      }
    });
    return { ok: panes.every((r) => r.ok), panes };
  },
  tick: () => state.compare.tick,
};

function comparePlay(budget) {
  const C = state.compare;
  let r;
  try {
    r = play(C.run, C.commands, budget, compareOps);
  } catch (err) {
    C.playing = false;
    toast($("#toasts"), errorMessage(err));
    return;
  }
  for (const p of C.panes) p.snap = p.cluster.snapshot({ records: COMPARE_RECORDS });
  C.version++;
  if (r.stop !== "budget") {
    C.playing = false;
    postEvent("stop", { scenario: `compare/${C.preset.id}`, stop: C.run.stops, stops: C.stops, caption: pick(C.run.captions, getLang()), checkpoints: checkpointCounts(C.run.checkpoints) });
    if (C.autoplay && hasMore(C.run, C.commands)) {
      C.autoTimer = setTimeout(() => {
        C.autoTimer = null;
        if (state.compare === C && !C.playing) compareNext();
      }, readingMs(pick(C.run.captions, getLang()), getLang()));
    }
  }
  drawCompare();
  postState();
}

function startComparePlaying() {
  const C = state.compare;
  if (!C || !hasMore(C.run, C.commands)) return;
  C.playing = true;
  kick();
}

function compareNext() {
  const C = state.compare;
  if (!C) return;
  if (C.autoTimer) clearTimeout(C.autoTimer);
  C.autoTimer = null;
  if (C.playing) comparePlay(Infinity);
  else startComparePlaying();
  drawCompare();
}

function compareBack() {
  const C = state.compare;
  if (!C) return;
  const target = C.playing ? C.run.stops : C.run.stops - 1;
  compareGoto(Math.max(1, target));
}

/** Stop `n` of the compare script: both panes replayed from tick 0 (the core is deterministic). */
function compareGoto(n) {
  const C = state.compare;
  if (!C) return;
  if (C.autoTimer) clearTimeout(C.autoTimer);
  C.autoTimer = null;
  const stop = Math.max(1, Math.min(C.stops, Math.round(n)));
  if (!resetCompare()) return;
  while (C.run.stops < stop && hasMore(C.run, C.commands)) comparePlay(Infinity);
  drawCompare();
}

function compareModel() {
  const C = state.compare;
  if (!C) return null;
  const metrics = C.panes.map((p) => paneMetrics(p.snap, p.stats));
  return {
    preset: C.preset.id,
    key: C.preset.key,
    values: C.preset.values,
    stop: C.run.stops,
    stops: C.stops,
    playing: C.playing,
    tick: C.tick,
    hashes: C.panes.map((p) => String(p.cluster.stateHash())),
    metrics,
    checkpoints: C.run.checkpoints.map((c) => ({ ...c })),
  };
}

function drawCompare() {
  const C = state.compare;
  const lang = getLang();
  compareView.fillPresets(
    $("#compare-preset"),
    PRESETS,
    C.preset.id,
    (p) => {
      try {
        return pick(lessonInfo(state.parseScenario(p.script)).title, lang);
      } catch {
        return p.id;
      }
    },
    paneLabel,
  );
  // The pane labels follow the language.
  C.panes.forEach((p, i) => (p.label = paneLabel(C.preset, i)));
  const done = !hasMore(C.run, C.commands);
  const status = C.playing ? t("lesson.status.playing", { tick: C.tick }) : done ? t("lesson.status.end", { tick: C.tick }) : t("lesson.status.paused", { tick: C.tick });
  $("#compare-same").textContent = t("compare.sameSeed", { seed: C.panes[0].snap.seed, key: C.preset.key });
  lessonView.render(
    { title: "compare-title", caption: "compare-caption", progress: "compare-progress", status: "compare-status", back: "compare-back", next: "compare-next", dots: "compare-dots" },
    {
      title: pick(C.run.title, lang) || pick(C.info.title, lang),
      caption: pick(C.run.captions, lang),
      stop: C.run.stops,
      stops: C.stops,
      playing: C.playing,
      status,
      statusKind: C.playing ? "playing" : done ? "end" : "",
      canBack: C.run.stops > 1 || C.playing,
      canNext: C.playing || !done,
    },
  );
  const metrics = C.panes.map((p) => paneMetrics(p.snap, p.stats));
  const panes = C.panes.map((p, i) => ({
    label: p.label,
    snap: p.snap,
    version: C.version,
    unavailable: metrics[i].unavailableNow,
    checks: C.run.checkpoints.filter((c) => c.panes).map((c) => ({ text: c.text, tick: c.tick, kind: c.kind, ok: c.panes[i].ok, actual: c.panes[i].actual ?? c.panes[i].error })),
  }));
  const m = { panes, rows: compareRows(metrics), findings: findings(metrics, C.panes.map((p) => p.label)) };
  compareView.renderPanes($("#compare-panes"), m);
  compareView.renderSummary($("#compare-table"), $("#compare-findings"), m);
}

// ------------------------------------------------------------------ share links

/** The words for a link that could not be opened. */
function linkProblem(res) {
  if (res.reason === "version") return t("link.version", { v: res.detail });
  if (res.reason === "checksum") return t("link.damaged");
  return t("link.format", { why: res.detail });
}

/** Open a decoded share link: its config, its action log replayed exactly to its tick. */
function openShared(shared) {
  const error = resetCluster(shared.config);
  if (error) {
    notice(t("link.replayFailed", { error }));
    resetCluster({});
    return;
  }
  state.actions = shared.actions.map((a) => ({ tick: a.tick, method: a.method, args: a.args }));
  try {
    const events = runPlan(replayPlan(state.actions, 0, shared.tick, { includeFrom: true, every: checkpoints.every }));
    state.events = { items: mergeEvents([], events), version: state.events.version + 1 };
  } catch (err) {
    notice(t("link.replayFailed", { error: errorMessage(err) }));
    state.actions = [];
    resetCluster({});
    return;
  }
  state.horizon = Math.max(shared.horizon, shared.tick);
  state.stamp++;
  refresh();
  toast($("#toasts"), t("link.opened", { tick: shared.tick, n: state.actions.filter((a) => a.tick <= shared.tick).length }), "info");
}

/** The page's own address without its query (works for file:// too). */
function pageBase() {
  return `${location.origin === "null" ? "file://" : location.origin}${location.pathname}`;
}

/** The link to this moment: a lesson stop, a compare stop, or the exact state (v=1 link). */
function shareLink() {
  const lang = getLang();
  if (state.compare) {
    const q = new URLSearchParams({ mode: "compare", preset: state.compare.preset.id, step: String(Math.max(1, state.compare.run.stops)), lang });
    return `${pageBase()}?${q}`;
  }
  const m = lessonModel();
  if (m && !m.offScript && !m.playing) {
    const scenario = state.lesson.entry.group === "lessons" ? m.id : `${m.group}/${m.id}`;
    return `${pageBase()}?${lessonQuery({ scenario, step: Math.max(1, m.stop), lang })}`;
  }
  return `${pageBase()}?${shareQuery({ config: state.config, actions: state.actions, tick: state.tick, horizon: state.horizon }, { lang })}`;
}

function embedSnippet() {
  const base = pageBase().replace(/[^/]*$/, "");
  const attrs = [];
  if (state.compare) attrs.push(`mode="compare"`, `preset="${state.compare.preset.id}"`, `step="${Math.max(1, state.compare.run.stops)}"`);
  else if (state.lesson) {
    const scenario = state.lesson.entry.group === "lessons" ? state.lesson.entry.id : `${state.lesson.entry.group}/${state.lesson.entry.id}`;
    attrs.push(`scenario="${scenario}"`, `step="${Math.max(1, state.lesson.run.stops)}"`);
  } else {
    const link = shareLink();
    attrs.push(`share="${link.slice(link.indexOf("?") + 1).replace(/&lang=[^&]*/, "")}"`);
  }
  attrs.push(`controls="minimal"`, `lang="${getLang()}"`);
  return `<script type="module" src="${base}embed.js"></script>\n<kafka-replication-playground ${attrs.join(" ")}></kafka-replication-playground>`;
}

function openShareDialog() {
  const d = $("#share-dialog");
  fillShareDialog();
  $("#share-status").textContent = "";
  if (!d.open) d.showModal();
  $("#share-link").select();
}

function fillShareDialog() {
  $("#share-link").value = shareLink();
  const m = lessonModel();
  $("#share-link-help").textContent =
    m && !m.offScript && !m.playing ? t("share.link.lesson", { name: m.title, n: Math.max(1, m.stop) }) : t("share.link.help", { tick: state.compare ? state.compare.tick : state.tick });
  $("#share-embed").value = embedSnippet();
  $("#share-export-help").textContent = t("share.export.help", { tick: state.compare ? state.compare.tick : state.tick });
}

async function copyField(id) {
  const field = $(`#${id}`);
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    $("#share-status").textContent = t("share.copied");
  } catch {
    $("#share-status").textContent = t("share.copyFailed");
  }
}

// ------------------------------------------------------------------ exports

/** Every event from tick 0 to `tick` of `config` + `actions`, replayed on a throwaway handle. */
function replayEvents(config, actions, tick) {
  const events = [];
  let replay = null;
  try {
    replay = new state.Cluster(config);
    for (const op of replayPlan(actions, 0, tick, { includeFrom: true })) {
      if (op.apply) callCore(op.apply.method, op.apply.args, replay);
      else if (op.step) for (const e of replay.step(op.step) ?? []) events.push(e);
    }
  } finally {
    replay?.free();
  }
  return events;
}

/**
 * The trace of this moment: the history replayed from tick 0, so every event is in it (the
 * events panel keeps only the newest). In compare mode, one trace per pane (its config, the
 * script's calls, its events) under { compare, panes }.
 */
function buildTrace() {
  const C = state.compare;
  if (C) {
    return {
      compare: { preset: C.preset.id, key: C.preset.key, values: C.preset.values, stop: C.run.stops },
      panes: C.panes.map((p, i) => {
        const config = paneConfig(C.base, C.preset, i);
        const events = replayEvents(config, C.actions, C.tick);
        return { label: p.label, ...traceJson({ config, actions: C.actions, tick: C.tick, horizon: C.tick, events, snapshot: p.cluster.snapshot() }) };
      }),
    };
  }
  const L = state.lesson;
  return traceJson({
    config: state.config,
    actions: state.actions,
    tick: state.tick,
    horizon: state.horizon,
    events: replayEvents(state.config, state.actions, state.tick),
    snapshot: state.cluster.snapshot(),
    lesson: L ? { scenario: L.entry.id, stop: L.run.stops } : null,
  });
}

/** The text log of a trace (both panes, one after the other, in compare mode). */
function traceLog(trace) {
  if (!trace.panes) return traceText(trace);
  return trace.panes.map((p, i) => `## ${t("compare.pane", { n: i + 1, label: p.label })}\n${traceText(p)}`).join("\n");
}

/** The current picture: the cluster SVG with the partitions below it, or the two compare panes. */
function exportPicture() {
  if (state.compare) {
    const parts = state.compare.panes.map((p) => pictureSvg(p.snap, { width: 520, title: p.label }));
    return composeSvg(parts, { direction: "row", gap: 16 });
  }
  const parts = [];
  const svg = $("#cluster svg.cluster-svg");
  if (svg) {
    const background = getComputedStyle(document.body).getPropertyValue("--surface") || "#ffffff";
    parts.push(serializeSvg(svg, { background, extra: clusterView.messageElements($("#cluster")) }));
  }
  // Its records: the compact view's snapshots have none.
  const snap = usable() ? state.cluster.snapshot({ records: MAX_WINDOW }) : state.snap;
  parts.push(pictureSvg(snap, { width: Math.max(520, parts[0]?.width ?? 520) }));
  return composeSvg(parts, { direction: "column", gap: 8 });
}

async function exportAs(kind) {
  const tick = state.compare ? state.compare.tick : state.tick;
  try {
    await loadExports();
    let name;
    let blob;
    if (kind === "json" || kind === "text") {
      const trace = buildTrace();
      name = exportName(state.compare ? "compare-trace" : "trace", tick, kind === "json" ? "json" : "txt");
      blob = kind === "json" ? new Blob([`${JSON.stringify(trace, null, 2)}\n`], { type: "application/json" }) : new Blob([traceLog(trace)], { type: "text/plain;charset=utf-8" });
    } else {
      const pic = exportPicture();
      if (kind === "svg") {
        name = exportName(state.compare ? "compare" : "picture", tick, "svg");
        blob = new Blob([pic.svg], { type: "image/svg+xml" });
      } else {
        name = exportName(state.compare ? "compare" : "picture", tick, "png");
        blob = await svgToPng(pic.svg, pic.width, pic.height);
      }
    }
    download(name, blob);
    $("#share-status").textContent = t("share.exported", { file: name });
  } catch (err) {
    $("#share-status").textContent = t("share.exportFailed", { error: errorMessage(err) });
  }
}

// ------------------------------------------------------------------ postMessage API (embed-api.js)

/** Send an event to the page embedding this one (nothing when not embedded). */
function postEvent(type, payload) {
  if (!embedded) return;
  try {
    window.parent.postMessage(eventMessage(type, payload), "*");
  } catch {
    /* a parent that went away */
  }
}

/** A `state` event after changes: at once when forced, else at most one per STATE_EVENT_MS. */
function postState(force = false) {
  if (!embedded || !state.snap) return;
  const p = state.posted;
  const now = performance.now();
  if (!force && now - p.at < STATE_EVENT_MS) {
    if (p.timer === null) p.timer = setTimeout(() => {
      p.timer = null;
      postState(true);
    }, STATE_EVENT_MS);
    return;
  }
  p.at = now;
  const C = state.compare;
  const L = lessonModel();
  const snap = C ? C.panes[0].snap : state.snap;
  postEvent("state", {
    ...statePayload(snap, { mode: mode(), lesson: L ? { scenario: L.id, stop: L.stop, stops: L.stops, playing: L.playing, offScript: L.offScript } : null }),
    running: state.running,
    compare: C ? { preset: C.preset.id, stop: C.run.stops, stops: C.stops, panes: C.panes.map((pane) => statePayload(pane.snap)) } : null,
  });
}

/** A command from the embedding page; the answer goes back as a `result` event. */
async function onMessage(e) {
  if (e.source === window) return;
  const parsedCmd = parseCommand(e.data);
  if (!parsedCmd) return;
  const reply = (ok, error) => {
    const msg = eventMessage("result", { id: parsedCmd.id, command: parsedCmd.command?.type ?? parsedCmd.command, ok, ...(error ? { error } : {}) });
    try {
      (e.source ?? window.parent).postMessage(msg, "*");
    } catch {
      /* the sender went away */
    }
  };
  if (!parsedCmd.ok) return reply(false, parsedCmd.error);
  const error = await runCommand(parsedCmd.command);
  reply(!error, error || undefined);
  postState(true);
  return undefined;
}

/** Run one postMessage command; resolves to null or the error in words. */
async function runCommand(c) {
  if (!state.Cluster) return "the simulator core is not loaded";
  const call = commandCall(c);
  if (call) {
    if (state.compare) {
      const r = compareOps.call(call[0], call[1]);
      for (const p of state.compare.panes) p.snap = p.cluster.snapshot({ records: COMPARE_RECORDS });
      state.compare.version++;
      drawCompare();
      return r.ok ? null : r.error;
    }
    const r = act(call[0], call[1], { quiet: true });
    refresh({ continuous: true });
    return r.ok ? null : r.error;
  }
  switch (c.type) {
    case "play":
      if (state.compare) startComparePlaying();
      else if (state.lesson && !offScript()) lessonNext();
      else setRunning(true);
      return null;
    case "pause":
      setRunning(false);
      stopAutoplay();
      if (state.lesson?.playing) stopLessonPlaying();
      if (state.compare) state.compare.playing = false;
      draw();
      return null;
    case "next":
      if (state.compare) compareNext();
      else if (state.lesson) lessonNext();
      else return "next: no lesson is open";
      return null;
    case "back":
      if (state.compare) compareBack();
      else if (state.lesson) lessonBack();
      else return "back: no lesson is open";
      return null;
    case "restart":
      if (state.compare) commands.compareRestart();
      else if (state.lesson) commands.lessonRestart();
      else commands.reset();
      return null;
    case "goto":
      if (state.compare) compareGoto(c.step);
      else if (state.lesson) lessonGoto(c.step);
      else {
        setRunning(false);
        if (c.step > state.horizon) {
          seek(state.horizon);
          advance(Math.min(c.step - state.tick, MAX_CALL));
          refresh({ continuous: true });
        } else seek(c.step);
      }
      return null;
    case "step": {
      const n = c.ticks ?? 1;
      if (state.compare) {
        compareOps.step(n);
        for (const p of state.compare.panes) p.snap = p.cluster.snapshot({ records: COMPARE_RECORDS });
        state.compare.version++;
        drawCompare();
        return null;
      }
      setRunning(false);
      if (state.lesson?.playing) stopLessonPlaying();
      const events = advance(n);
      refresh({ continuous: true, events });
      return null;
    }
    case "scenario": {
      const error = await chunksLoaded([loadScenarios]);
      if (error) return t("main.chunkFailed", { error });
      return openLesson(c.name, { stop: c.step ?? 0 }) ? null : t("lesson.unknown", { name: c.name });
    }
    case "lang":
      return switchLanguage(c.lang);
    case "theme":
      applyTheme(c.theme);
      return null;
    case "state":
      return null;
    default:
      return `unknown command ${c.type}`;
  }
}
