// The page's state (app.js App `state`: what page/draw.js draws), and how a snapshot becomes the
// one it shows. The App makes it over its session; before the wasm core is ready, the default
// page's first frame is drawn from one made over no session (first-frame.js), so both frames are
// drawn from the same kind of state.

import { clearHistory, createHistory, recordSample } from "../views/hw-history.js";
import { REQUESTS_SHOWN } from "../views/model.js";
import { METRICS_HISTORY } from "../views/metrics-model.js";
import { linkKey } from "./timeline.js";

/** What the page's snapshots ask the core for (Cluster.snapshot options), `records` of each log. */
export function snapshotOptions(records) {
  return { records, requests: REQUESTS_SHOWN, metricsHistory: METRICS_HISTORY };
}

/**
 * A fresh state over `app` ({ session }: the horizon and the events are its session's, none
 * without one); `schema`: Cluster.schema() (null before the core is loaded); `themeLocked`: the
 * URL set the theme.
 */
export function appState(app, schema, themeLocked) {
  return {
    schema,
    coreLoaded: schema !== null,
    broken: null, // words shown in the banner when the core cannot be used
    snap: null,
    prev: null,
    shownStamp: -1, // the session stamp the snapshot shows
    continuous: false, // the last snapshot followed the previous one in time (play, step, action)
    cuts: new Set(),
    history: createHistory(),
    running: false,
    pausedBy: null, // "hidden" | "offscreen" when the page paused itself (it resumes on return)
    tps: 4,
    selected: null,
    digits: null,
    inspecting: null,
    compact: null, // the user's choice of partitions view; null = automatic by size
    auto: { on: false, carry: 0 },
    roundRobin: 0,
    themeLocked,
    get horizon() {
      return this.app.session?.horizon ?? 0;
    },
    get events() {
      return this.app.session?.events ?? { items: [], version: 0 };
    },
    app,
  };
}

/**
 * `snap` becomes the snapshot `state` shows; `continuous`: it follows the one shown in time (play,
 * step, action). The cut links and the history chart's sample follow it (one older than the last
 * sample: the history went back).
 */
export function showSnapshot(state, snap, continuous) {
  state.prev = state.snap;
  state.snap = snap;
  state.continuous = continuous && state.prev !== null;
  state.cuts = new Set(snap.cutLinks.map(([a, b]) => linkKey(a, b)));
  recordSample(state.history, snap);
}

/** Forget the snapshots shown (a new session or mode): its first snapshot is not continuous. */
export function clearShown(state) {
  Object.assign(state, { snap: null, prev: null, shownStamp: -1, roundRobin: 0 });
  state.auto.carry = 0;
  clearHistory(state.history);
}
