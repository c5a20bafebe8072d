// The panels under the first screen (issue #18), drawn after the first frame has been painted:
// a chunk of their own (issue #16), which page/draw.js drawLater imports then (the configuration
// form is drawn after them, from draw.js: page/forms.js needs its code at once). Each view is
// drawn from the state of the last frame (app/app.js state) and whether the reader asked for
// reduced motion.

import * as guaranteesView from "./guarantees.js";
import * as zkView from "./zookeeper.js";
import * as metadataView from "./metadata-log.js";
import * as describeView from "./describe.js";
import * as quorumView from "./quorum.js";
import * as metricsView from "./metrics.js";
import * as eventsView from "./events.js";
import { query, setHidden } from "./dom.js";

const $ = query;

/** name → render(state, reducedMotion), in the order they are first drawn. */
export const LATER_VIEWS = {
  guarantees: (state) => guaranteesView.render($("#guarantees"), state.snap, state.schema),
  // KRaft presets have no ZooKeeper: the metadata log takes the ZooKeeper panel's place.
  zk: (state, reducedMotion) => {
    const kraft = state.snap.kraft !== null;
    for (const sel of [".zk-panel", "#zk-jump"]) setHidden($(sel), kraft);
    for (const sel of [".metadata-panel", ".quorum-panel", "#metadata-jump"]) setHidden($(sel), !kraft);
    const ctx = { continuous: state.continuous, reducedMotion };
    if (kraft) {
      metadataView.render($("#metadata"), state.snap, state.prev, ctx);
      quorumView.render($("#quorum"), state.snap);
    }
    else zkView.render($("#zk"), state.snap, state.prev, ctx);
  },
  describe: (state) => describeView.render($("#describe"), state.snap),
  metrics: (state) => metricsView.render($("#metrics"), state.snap),
  events: (state) => eventsView.render($("#events"), state.events, { kind: $("#event-kind"), partition: $("#event-partition") }, state.snap, state.schema),
};
