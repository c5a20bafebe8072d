// The default page's first frame without the wasm core (issue #16: the module is most of a first
// visit's download). The page with nothing in its URL always starts the same: a new session with
// the default config, at tick 0. So the build records that snapshot, computed by the freshly built
// core in node (firstSnapshot, by the Vite plugin of scripts/first-frame.mjs: the page imports it
// as virtual:first-snapshot), and the page draws it with its own views, from a state like the
// App's (state.js) over no session, in a Loop of its own. The core is loaded after that frame is
// painted (main.js starts it at once in a tab opened in the background, which paints nothing
// until it is shown); then the App makes the real Cluster, whose first snapshot is the same
// (tests/e2e/first-frame.test.mjs), draws it and takes over. The JS derives nothing: it shows the
// recorded snapshot. Controls pressed meanwhile are kept and run in order once the App is there
// (pendingCommands). Any URL state (a lesson, a link, a parameter, an embed) loads the core first.

import { Loop } from "./loop.js";
import { autoText } from "./producer.js";
import { appState, showSnapshot, snapshotOptions } from "./state.js";

/**
 * Whether the page in window `w` starts as the build recorded: not embedded, and no query or
 * fragment (any parameter or link may change the first state, or what is drawn first). The
 * build puts this function's source into index.html too, so that the wasm is preloaded with the
 * HTML everywhere else (vite.config.js preloadWasm): it must stand alone.
 * @param {Window} w
 */
export function defaultPage(w) {
  return w.parent === w && w.location.search === "" && w.location.hash === "";
}

/**
 * The first snapshot of the default page's session (the App's first refresh: a Cluster made with
 * the default config, at tick 0), from the core's `Cluster` class; `records`: of each log (none
 * is written yet: the build checks that it makes no difference).
 */
export function firstSnapshot(Cluster, records = 0) {
  const cluster = new Cluster({});
  try {
    return cluster.snapshot(snapshotOptions(records));
  } finally {
    cluster.free();
  }
}

/**
 * Draw `snap` (firstSnapshot, recorded by the build) as the page's first frame with the page's
 * draw (`page`: the parts App takes, page/draw.js as `paint`). Resolves once that frame is
 * painted: the Loop's work after a draw runs in a task after the next frame has begun; then one
 * task more, so that what waited for the frame (input, the page's other tasks) runs before the
 * core is loaded and compiled.
 */
export function drawFirstFrame(page, snap) {
  const state = appState({ session: null }, null, false);
  showSnapshot(state, snap, false);
  const extra = { autoText: autoText({ state, session: null, page }), drawPanel() {}, drawInspector() {} };
  let tasks = 0;
  return new Promise((painted) => {
    const loop = new Loop({
      animating: () => false,
      tps: () => 0,
      advance() {},
      animate() {},
      draw: () => {
        page.paint.draw(state, null, extra);
        return true; // what is left: the core, once this frame is painted
      },
      drawLater: () => {
        if (++tasks < 2) return true; // the Loop calls again a task later
        painted(undefined);
        return false;
      },
    });
    loop.dirty();
    loop.flush();
  });
}

/**
 * Stand-ins for the App's commands (commands.js) while it does not exist: the page's controls
 * are wired to `cmd` at once, each call is kept, and start(commands) runs them in order, the
 * calls after it going straight to `commands`.
 */
export function pendingCommands() {
  /** @type {Record<string, (...args: any[]) => any> | null} */
  let target = null;
  /** @type {[string, any[]][]} */
  const queue = [];
  /** @type {any} */
  const cmd = new Proxy(
    {},
    {
      get: (_, name) => (typeof name !== "string" ? undefined : (...args) => (target ? target[name](...args) : void queue.push([name, args]))),
    },
  );
  return {
    cmd,
    start(commands) {
      target = commands;
      for (const [name, args] of queue.splice(0)) commands[name](...args);
    },
  };
}
