// The one loop owner and the only caller of wasm.
//
// Owns the Cluster handle, runs the requestAnimationFrame loop (play / pause, single step,
// speed in ticks per second), and turns every user action into "call one handle method, then
// re-render". The views (www/views/*.js) are functions of the snapshot.
//
// URL parameters (dev aids, documented in www/README.md):
//   ?seed=N      start the cluster with this seed
//   ?ticks=N     run N ticks before the first frame (to open the page in a given state)
//   ?fixture=1   draw the hand-written snapshot of tests/unit/fixtures.mjs (read-only, no wasm)
//   ?toy=1       run www/dev/toy-cluster.js, a toy stand-in with the same API (NOT Kafka's rules)

import * as brokersView from "./views/brokers.js";
import * as partitionsView from "./views/partitions.js";
import * as producerView from "./views/producer.js";
import * as eventsView from "./views/events.js";
import { toast } from "./views/toast.js";
import {
  errorMessage,
  formatSeconds,
  formatSpeed,
  mergeEvents,
  parseAcks,
  sliderFromSpeed,
  speedFromSlider,
  ticksForFrame,
  validateSnapshot,
} from "./views/model.js";

const $ = (sel) => document.querySelector(sel);

const params = new URLSearchParams(location.search);
const DEFAULT_CONFIG = { brokers: 4, partitions: 3, replicationFactor: 3, seed: 1 };

const ACKS_HELP = {
  all: "acks=all: the leader answers once every ISR replica has the messages (the HW has passed them). Fails with NOT_ENOUGH_REPLICAS when the ISR is smaller than min.insync.replicas.",
  1: "acks=1: the leader answers as soon as it has written them to its own log. If it dies before a follower copies them, they are lost.",
  0: "acks=0: the producer does not wait for any answer. Nobody learns whether the messages were written.",
};

const state = {
  ClusterClass: null, // the constructor: wasm Cluster, or a dev stand-in
  cluster: null,
  config: { ...DEFAULT_CONFIG },
  snap: null, // last snapshot drawn
  prev: null, // the one before
  events: { items: [], version: 0 },
  running: false,
  tps: 10,
  carry: 0,
  lastFrame: null,
  rafId: null,
  broken: null, // message when the core can't be used (shown in the banner)
};

// ------------------------------------------------------------------ startup

main().catch((err) => fatal(`The playground could not start: ${errorMessage(err)}`));

async function main() {
  const seed = params.get("seed");
  if (seed !== null) state.config.seed = Number(seed);
  state.ClusterClass = await loadCore();
  wireControls();
  newCluster();
  const warm = Number(params.get("ticks"));
  if (Number.isInteger(warm) && warm > 0 && state.cluster && !state.broken) advance(Math.min(warm, 100000));
}

async function loadCore() {
  if (params.get("fixture") === "1") {
    const { FixtureCluster } = await import("./dev/fixture-cluster.js");
    showBanner("Fixture mode: a fixed hand-written snapshot (tests/unit/fixtures.mjs), not a simulation. Buttons only report what they would do.", "info");
    return FixtureCluster;
  }
  if (params.get("toy") === "1") {
    const { ToyCluster } = await import("./dev/toy-cluster.js");
    showBanner("Toy mode: a rough JavaScript stand-in for the simulator core, for developing the page. It does not follow Kafka's rules faithfully.", "info");
    return ToyCluster;
  }
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

function newCluster() {
  if (state.cluster) {
    try {
      state.cluster.free?.();
    } catch {
      /* a poisoned handle may refuse; it is dropped either way */
    }
  }
  state.cluster = null;
  state.broken = null;
  state.snap = state.prev = null;
  state.events = { items: [], version: state.events.version + 1 };
  try {
    state.cluster = new state.ClusterClass(state.config);
  } catch (err) {
    state.broken = `The cluster could not be created: ${errorMessage(err)}`;
  }
  refresh();
}

// ------------------------------------------------------------------ loop

// Frames are requested only while playing: a paused playground costs no CPU.
function frame(now) {
  state.rafId = null;
  if (!state.running || !state.cluster || state.broken) return;
  const dt = state.lastFrame === null ? 0 : now - state.lastFrame;
  const { ticks, carry } = ticksForFrame(dt, state.tps, state.carry);
  state.carry = carry;
  state.lastFrame = now;
  if (ticks > 0) advance(ticks);
  if (state.running) state.rafId = requestAnimationFrame(frame);
}

/** Run `n` ticks, collect their events, re-render. */
function advance(n) {
  try {
    const events = state.cluster.step(n);
    if (Array.isArray(events) && events.length) {
      state.events = { items: mergeEvents(state.events.items, events), version: state.events.version + 1 };
    }
  } catch (err) {
    coreFailed(err);
  }
  refresh();
}

function coreFailed(err) {
  setRunning(false);
  const msg = errorMessage(err);
  // A wasm trap (panic) leaves the handle unusable; an Error from argument validation does not.
  if (err instanceof WebAssembly.RuntimeError || /unreachable|panicked/i.test(msg)) {
    state.broken = `The simulator core stopped with an internal error: ${msg}. Press Reset to start again.`;
  } else {
    toast($("#toasts"), msg);
  }
}

// ------------------------------------------------------------------ render

/** Take a fresh snapshot from the handle and draw it. */
function refresh() {
  if (state.cluster && !state.broken) {
    try {
      const snap = state.cluster.snapshot();
      const problem = validateSnapshot(snap);
      if (problem) {
        state.broken = `The page cannot draw this simulator core's state: ${problem}. (Is pkg/ still the placeholder core?)`;
      } else {
        state.prev = state.snap;
        state.snap = snap;
      }
    } catch (err) {
      state.broken = `The simulator core failed to report its state: ${errorMessage(err)}`;
    }
  }
  draw();
}

function draw() {
  if (state.broken) showBanner(state.broken, "error");
  else if (!isDevMode()) hideBanner();
  document.body.classList.toggle("is-broken", !!state.broken);
  const snap = state.snap;
  if (!snap) return;
  $("#clock").textContent = `t = ${formatSeconds(snap.timeMs)} · tick ${snap.tick}`;
  brokersView.render($("#brokers"), snap, state.prev);
  partitionsView.render($("#partitions"), snap, state.prev);
  producerView.render($(".producer-panel"), snap, state.prev);
  eventsView.render($("#events"), state.events);
}

function isDevMode() {
  return params.get("fixture") === "1" || params.get("toy") === "1";
}

function showBanner(text, kind) {
  const b = $("#banner");
  b.textContent = text;
  b.className = `banner banner-${kind}`;
  b.hidden = false;
}

function hideBanner() {
  const b = $("#banner");
  if (!b.hidden) b.hidden = true;
}

function fatal(text) {
  state.broken = text;
  showBanner(text, "error");
  document.body.classList.add("is-broken");
}

// ------------------------------------------------------------------ actions

/** Run one user action against the handle, show its error in words, re-render. */
function act(fn) {
  if (!state.cluster) {
    toast($("#toasts"), state.broken ?? "There is no cluster: press Reset.");
    return undefined;
  }
  let result;
  try {
    result = fn(state.cluster);
  } catch (err) {
    coreFailed(err);
  }
  refresh();
  return result;
}

function setRunning(on) {
  state.running = on;
  state.carry = 0;
  state.lastFrame = null;
  if (on && state.rafId === null) state.rafId = requestAnimationFrame(frame);
  const btn = $("#play");
  btn.setAttribute("aria-pressed", String(on));
  btn.setAttribute("aria-label", on ? "Pause" : "Play");
  btn.querySelector(".btn-text").textContent = on ? "Pause" : "Play";
  document.body.classList.toggle("is-running", on);
}

function setSpeed(tps) {
  state.tps = tps;
  const tickMs = state.snap?.tickMs ?? 100;
  $("#speed-value").textContent = formatSpeed(tps, tickMs);
}

function produce() {
  const partition = Number($("#produce-partition").value);
  const countRaw = $("#produce-count").value.trim();
  const count = countRaw === "" ? NaN : Number(countRaw);
  if (!Number.isInteger(count) || count < 1) {
    toast($("#toasts"), `Messages must be a whole number of at least 1 (got "${countRaw}").`);
    return;
  }
  const acks = parseAcks($("#produce-acks").value);
  act((c) => c.produce({ partition, count, acks }));
}

function wireControls() {
  $("#play").addEventListener("click", () => setRunning(!state.running));
  $("#step").addEventListener("click", () => {
    setRunning(false);
    if (state.cluster && !state.broken) advance(1);
  });
  $("#reset").addEventListener("click", () => {
    setRunning(false);
    newCluster();
  });
  const speed = $("#speed");
  speed.value = String(sliderFromSpeed(state.tps));
  speed.addEventListener("input", () => setSpeed(speedFromSlider(speed.value)));
  setSpeed(speedFromSlider(speed.value));

  $("#brokers").addEventListener("click", (e) => {
    const btn = e.target.closest("button[data-action]");
    if (!btn || btn.disabled) return;
    const broker = Number(btn.dataset.broker);
    if (btn.dataset.action === "fail") act((c) => c.fail(broker));
    else if (btn.dataset.action === "recover") act((c) => c.recover(broker));
  });

  $("#produce-form").addEventListener("submit", (e) => {
    e.preventDefault();
    produce();
  });
  // The legend starts folded on phones, where it would fill the first screen.
  if (window.matchMedia("(max-width: 720px)").matches) $(".legend").open = false;

  const acks = $("#produce-acks");
  const help = () => ($("#acks-help").textContent = ACKS_HELP[acks.value] ?? "");
  acks.addEventListener("change", help);
  help();

  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target instanceof Element && e.target.closest("input, select, textarea, button, a, summary, [contenteditable]")) return;
    if (e.key === " ") {
      e.preventDefault();
      setRunning(!state.running);
    } else if (e.key === "s" || e.key === "ArrowRight") {
      e.preventDefault();
      $("#step").click();
    } else if (e.key === "p") {
      e.preventDefault();
      produce();
    }
  });

  // The partition rows draw as many offsets as fit: redraw when the width changes.
  new ResizeObserver(() => draw()).observe($("#partitions"));
}

// ------------------------------------------------------------------ test hook

window.__playground = {
  get cluster() {
    return state.cluster;
  },
  snapshot: () => state.snap,
  render: () => refresh(),
  get running() {
    return state.running;
  },
};
