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
// URL parameters: ?seed=N (start with this seed), ?ticks=N (run N ticks before the first frame).

import * as clusterView from "./views/cluster.js";
import * as brokersView from "./views/brokers.js";
import * as partitionsView from "./views/partitions.js";
import * as compactView from "./views/compact.js";
import * as producerView from "./views/producer.js";
import * as guaranteesView from "./views/guarantees.js";
import * as zkView from "./views/zookeeper.js";
import * as eventsView from "./views/events.js";
import * as configView from "./views/config-form.js";
import * as inspectorView from "./views/inspector.js";
import * as contextMenu from "./views/context-menu.js";
import * as helpView from "./views/help.js";
import { createAnnouncer } from "./views/announcer.js";
import { toast } from "./views/toast.js";
import { inspect } from "./views/inspector-model.js";
import { announcements, newViolations } from "./views/events-model.js";
import { clearHistory, createHistory, recordSample, truncateAfter } from "./views/hw-history.js";
import { configDiff, readConfig, withVersionDefaults } from "./views/config-model.js";
import {
  errorMessage,
  formatSeconds,
  formatSpeed,
  mergeEvents,
  parseAcks,
  speedFromSlider,
  ticksForFrame,
  validateSnapshot,
} from "./views/model.js";
import { cutLinksAt, forkAt, linkKey, replayPlan } from "./timeline.js";
import { selectByDigit } from "./keyboard.js";
import { brokerAction, brokerActionEnabled } from "./actions.js";
import { wireControls } from "./controls.js";

const $ = (sel) => document.querySelector(sel);
const params = new URLSearchParams(location.search);
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
/** step() accepts at most this many ticks, and produce() this many records, per call. */
const MAX_CALL = 100000;
const THEMES = ["auto", "light", "dark"];
const THEME_KEY = "kafka-playground-theme";

const ACKS_HELP = {
  all: "acks=all: the leader answers once every ISR replica has the records (the HW has passed them). Fails with NOT_ENOUGH_REPLICAS when the ISR is smaller than min.insync.replicas.",
  1: "acks=1: the leader answers as soon as it has written them to its own log. If it dies before a follower copies them, they are lost.",
  0: "acks=0: the producer does not wait for any answer. Nobody learns whether the records were written.",
};

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
};

const announcer = createAnnouncer($("#announcer"));

// ------------------------------------------------------------------ startup

main().catch((err) => fatal(`The playground could not start: ${errorMessage(err)}`));

async function main() {
  applyTheme(readTheme());
  state.Cluster = await loadCore();
  wireControls(commands);
  window.addEventListener("error", (e) => toast($("#toasts"), `Something went wrong on the page: ${e.message}`));
  window.addEventListener("unhandledrejection", (e) => toast($("#toasts"), `Something went wrong on the page: ${errorMessage(e.reason)}`));
  watchVisibility();
  watchWidth();
  reducedMotion.addEventListener("change", () => draw());
  setSpeed($("#speed").value);
  acksHelp();
  // The legend starts folded on phones, where it would fill the first screen.
  if (window.matchMedia("(max-width: 720px)").matches) $(".legend").open = false;
  helpView.render($("#help"));

  const config = {};
  const seed = params.get("seed");
  if (seed !== null) config.seed = Number(seed);
  resetCluster(config);
  const warm = Number(params.get("ticks"));
  if (Number.isInteger(warm) && warm > 0 && usable()) {
    advance(Math.min(warm, MAX_CALL));
    refresh();
  }
}

async function loadCore() {
  let mod;
  try {
    mod = await import("./pkg/kafka_replication.js");
    await mod.default();
  } catch (err) {
    throw new Error(`the simulator core (pkg/kafka_replication.js) did not load: ${errorMessage(err)}. Build it first (see README).`);
  }
  if (typeof mod.Cluster !== "function") throw new Error("the simulator core has no Cluster class");
  return mod.Cluster;
}

function usable() {
  return state.cluster !== null && !state.broken;
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
    state.broken = `The cluster could not be created: ${errorMessage(err)}`;
    draw();
    return state.broken;
  }
  setRunning(false);
  replaceHandle(next);
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

function replaceHandle(next) {
  try {
    state.cluster?.free();
  } catch {
    /* a handle poisoned by a panic may refuse; it is dropped either way */
  }
  state.cluster = next;
  state.tick = 0;
  state.broken = null;
  state.events = { items: [], version: state.events.version + 1 };
}

/**
 * Call a handle method that changes the cluster. wasm-bindgen silently drops arguments a method
 * does not declare, so a call with more arguments than this build's method takes (e.g.
 * fail(b, "stuck") before the core has fault kinds) is refused here instead of doing something else.
 */
function callCore(method, args) {
  const fn = state.cluster[method];
  if (typeof fn !== "function") throw new Error(`This build of the simulator core has no ${method}() yet.`);
  if (args.length > fn.length) {
    throw new Error(
      `This build of the simulator core does not support ${method}(${args.map((a) => JSON.stringify(a)).join(", ")}) yet: its ${method}() takes ${fn.length} argument${fn.length === 1 ? "" : "s"}.`,
    );
  }
  return fn.apply(state.cluster, args);
}

/**
 * Run replay operations (timeline.js replayPlan) on the handle. Returns the events of the steps,
 * oldest first.
 */
function runPlan(ops) {
  const events = [];
  for (const op of ops) {
    if (op.apply) {
      callCore(op.apply.method, op.apply.args);
      continue;
    }
    const evs = state.cluster.step(op.step);
    state.tick += op.step;
    if (Array.isArray(evs)) for (const e of evs) events.push(e);
  }
  return events;
}

/** Run `n` ticks from the current one, replaying any recorded actions on the way. Returns the events. */
function advance(n) {
  try {
    const events = runPlan(replayPlan(state.actions, state.tick, state.tick + n));
    state.horizon = Math.max(state.horizon, state.tick);
    if (events.length) state.events = { items: mergeEvents(state.events.items, events), version: state.events.version + 1 };
    return events;
  } catch (err) {
    coreFailed(err);
    return [];
  }
}

/**
 * Go to tick `t` of this history (0 … horizon). Forward: keep stepping. Back: a new handle and
 * the action log replayed up to t, exactly.
 */
function seek(t) {
  if (!usable()) return;
  const target = Math.max(0, Math.min(state.horizon, Math.round(t)));
  const from = state.tick;
  if (target === from) return;
  if (target > from) {
    advance(target - from);
    if (target - from > 1) clearHistory(state.history); // the chart would have a gap
  } else {
    let next;
    try {
      next = new state.Cluster(state.config);
    } catch (err) {
      coreFailed(err);
      return;
    }
    replaceHandle(next);
    try {
      const events = runPlan(replayPlan(state.actions, 0, target, { includeFrom: true }));
      state.events = { items: mergeEvents([], events), version: state.events.version + 1 };
    } catch (err) {
      coreFailed(err);
    }
    truncateAfter(state.history, target);
  }
  refresh();
}

/**
 * A user action: one handle call at the current tick, logged for replay. Acting in the past
 * first discards the recorded future. Returns { ok, result } or { ok: false, error }.
 */
function act(method, args) {
  if (!usable()) {
    toast($("#toasts"), state.broken ?? "There is no cluster: press Reset.");
    return { ok: false, error: "no cluster" };
  }
  let result;
  try {
    result = callCore(method, args);
  } catch (err) {
    coreFailed(err);
    return { ok: false, error: errorMessage(err) };
  }
  if (state.tick < state.horizon) {
    state.actions = forkAt(state.actions, state.tick);
    toast($("#toasts"), `You changed the past at tick ${state.tick}: the recorded history after it was discarded.`, "info");
    state.horizon = state.tick;
  }
  state.actions.push({ tick: state.tick, method, args });
  return { ok: true, result };
}

function coreFailed(err) {
  const msg = errorMessage(err);
  // A wasm trap (panic) leaves the handle unusable; an Error from argument validation does not.
  if (err instanceof WebAssembly.RuntimeError || /unreachable|panicked/i.test(msg)) {
    setRunning(false);
    state.broken = `The simulator core stopped with an internal error (${msg}). Its state is lost: press Reset to start again with the same configuration.`;
    draw();
  } else {
    toast($("#toasts"), msg);
  }
}

// ------------------------------------------------------------------ loop

// Frames are requested only while playing: a paused playground costs no CPU.
function frame(now) {
  state.rafId = null;
  if (!state.running || !usable()) return;
  const dt = state.lastFrame === null ? 0 : now - state.lastFrame;
  const { ticks, carry } = ticksForFrame(dt, state.tps, state.carry);
  state.carry = carry;
  state.lastFrame = now;
  if (ticks > 0) {
    const events = advance(ticks);
    autoProduce(ticks);
    refresh({ continuous: true, events });
  }
  if (state.snap) clusterView.animate($("#cluster"), state.snap.tick, state.carry, reducedMotion.matches);
  if (state.running) state.rafId = requestAnimationFrame(frame);
}

function setRunning(on) {
  state.running = on && usable();
  state.carry = 0;
  state.lastFrame = null;
  if (state.running) {
    state.pausedBy = null;
    if (state.rafId === null) state.rafId = requestAnimationFrame(frame);
  }
  const btn = $("#play");
  btn.setAttribute("aria-pressed", String(state.running));
  btn.setAttribute("aria-label", state.running ? "Pause" : "Play");
  btn.querySelector(".btn-text").textContent = state.running ? "Pause" : "Play";
  document.body.classList.toggle("is-running", state.running);
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
  let pending = false;
  new ResizeObserver(([entry]) => {
    const w = Math.round(entry.contentRect.width);
    if (w === width || pending) return;
    width = w;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      draw();
    });
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
  if (!Number.isInteger(count) || count < 1) return { error: `Records must be a whole number of at least 1 (got "${$("#produce-count").value}").` };
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
  showProduceError(r.ok ? "" : `Not sent: ${r.error}`);
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
  if (!(rate > 0)) return stopAuto(`Automatic producer stopped: the rate must be a positive number (got "${$("#auto-rate").value}").`);
  state.auto.carry += (rate * ticks * (state.snap?.tickMs ?? 100)) / 1000;
  const count = Math.floor(state.auto.carry);
  if (count < 1) return undefined;
  state.auto.carry -= count;
  const { args, error } = produceArgs(count);
  if (error) return stopAuto(error);
  const r = act("produce", [args]);
  if (!r.ok) stopAuto(`Automatic producer stopped: ${r.error}`);
  return undefined;
}

function stopAuto(why) {
  state.auto.on = false;
  $("#auto-on").checked = false;
  showProduceError(why);
}

function acksHelp() {
  $("#acks-help").textContent = ACKS_HELP[$("#produce-acks").value] ?? "";
}

function autoText() {
  if (!state.auto.on) return "Off. When on, it sends the form's acks and partition every batch of ticks while playing.";
  if (state.tick < state.horizon) return "Waiting: replaying the recorded history (its requests play back).";
  return `On: about ${$("#auto-rate").value} records per second of Kafka time${state.running ? "" : " (press Play)"}.`;
}

// ------------------------------------------------------------------ render

/** Take a fresh snapshot from the handle and draw it. */
function refresh({ continuous = false, events = [] } = {}) {
  if (usable()) {
    try {
      const snap = state.cluster.snapshot();
      const problem = validateSnapshot(snap);
      if (problem) {
        state.broken = `The page cannot draw this simulator core's state: ${problem}.`;
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
}

function draw() {
  drawBanner();
  const snap = state.snap;
  if (!snap) return;
  const motion = !reducedMotion.matches;
  $("#clock").textContent = `t = ${formatSeconds(snap.timeMs)} · tick ${snap.tick}`;
  drawTimeline(snap);
  clusterView.render($("#cluster"), snap, { cuts: state.cuts, selected: state.selected, reducedMotion: !motion });
  brokersView.render($("#brokers"), snap, { selected: state.selected });
  const compact = state.compact ?? compactView.shouldCompact(snap);
  const partitions = $("#partitions");
  if (partitions.__mode !== compact) {
    partitions.__mode = compact;
    partitions.replaceChildren();
  }
  const mode = $("#view-mode");
  mode.setAttribute("aria-pressed", String(compact));
  mode.textContent = compact ? "Detailed view" : "Compact view";
  if (compact) compactView.render(partitions, snap);
  else partitionsView.render(partitions, snap, { history: state.history, reducedMotion: !motion });
  producerView.render($(".producer-panel"), snap, { auto: { text: autoText() } });
  guaranteesView.render($("#guarantees"), snap);
  zkView.render($("#zk"), snap, state.prev, { continuous: state.continuous, reducedMotion: !motion });
  eventsView.render($("#events"), state.events, { kind: $("#event-kind"), partition: $("#event-partition") }, snap);
  configView.render($("#config-form"), snap.config);
  if (state.inspecting && $("#inspector").open) inspectorView.render($("#inspector"), inspect(state.inspecting, snap, { cuts: state.cuts }));
}

function drawTimeline(snap) {
  const scrub = $("#scrubber");
  scrub.max = String(state.horizon);
  scrub.value = String(snap.tick);
  const past = snap.tick < state.horizon;
  scrub.setAttribute("aria-valuetext", `tick ${snap.tick} of ${state.horizon}`);
  $("#timeline-status").textContent = past
    ? `tick ${snap.tick} of ${state.horizon} · replaying recorded history (acting now discards what follows)`
    : `tick ${snap.tick} · live (end of history)`;
  document.body.classList.toggle("in-past", past);
}

function drawBanner() {
  const b = $("#banner");
  document.body.classList.toggle("is-broken", !!state.broken);
  if (!state.broken) {
    b.hidden = true;
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

function applyTheme(mode) {
  if (mode === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = mode;
  const btn = $("#theme");
  btn.setAttribute("aria-label", `Colour theme: ${mode === "auto" ? "automatic" : mode}`);
  btn.querySelector(".theme-text").textContent = mode === "auto" ? "Auto" : mode === "light" ? "Light" : "Dark";
  try {
    localStorage.setItem(THEME_KEY, mode);
  } catch {
    /* the choice just is not remembered */
  }
}

// ------------------------------------------------------------------ commands (controls.js)

function brokerCommand(id, broker) {
  const a = brokerAction(id);
  if (!a) return;
  if (broker === null || broker === undefined) {
    toast($("#toasts"), "Select a broker first: type its number (0–9) or click it in the picture.", "info");
    return;
  }
  const b = state.snap?.brokers.find((x) => x.id === broker);
  if (!b) {
    toast($("#toasts"), `There is no broker ${broker} in this cluster.`);
    return;
  }
  if (!brokerActionEnabled(a, b.status)) {
    toast($("#toasts"), `${a.label}: broker ${broker} is ${b.status}.`, "info");
    return;
  }
  const [method, args] = a.call(broker);
  act(method, args);
  refresh({ continuous: true });
}

function openInspector(target) {
  if (target.type === "message") target = { ...target, message: state.snap?.inflight.find((m) => m.seq === target.seq) };
  if (target.type === "broker") state.selected = target.id;
  state.inspecting = target;
  const dialog = $("#inspector");
  inspectorView.render(dialog, inspect(target, state.snap, { cuts: state.cuts }));
  if (!dialog.open) dialog.showModal();
  draw();
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
    configView.showError(form, error ? `Not applied: ${error}` : "");
    if (!error) toast($("#toasts"), "New configuration applied: the cluster starts over.", "info");
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
    draw();
  },
  cycleTheme() {
    applyTheme(THEMES[(THEMES.indexOf(readTheme()) + 1) % THEMES.length]);
  },
  help() {
    const d = $("#help");
    if (!d.open) d.showModal();
  },
  redraw: draw,
  key({ command, digit }) {
    if (command === "select") {
      state.digits = selectByDigit(state.digits, digit, performance.now(), state.snap?.brokers.length ?? 0);
      state.selected = state.digits.id;
      const exists = state.snap?.brokers.some((b) => b.id === state.selected);
      announcer.say([exists ? `Broker ${state.selected} selected.` : `There is no broker ${state.selected}.`]);
      draw();
    } else if (command === "toggleAuto") {
      $("#auto-on").checked = !state.auto.on;
      commands.toggleAuto(!state.auto.on);
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
};
