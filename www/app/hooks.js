// The test hooks of tests/e2e and the benchmark (www/README.md lists them), installed by main.js
// as window.__playground.

import { getLang } from "../i18n.js";

/**
 * The hooks over `app` (app.js App), `share` (links.js links(app)) and `binding`, the loaded
 * core (core.js startCore: its `instances` and `memory` follow the restarts after traps).
 */
export function playgroundHooks(app, share, binding) {
  const model = (kind) => (app.mode?.kind === kind ? app.mode.model() : null);
  return {
    /** The live handle, for tests only (e.g. to compare stateHash() after a seek). */
    get cluster() {
      return app.session?.cluster ?? null;
    },
    /** The seeking checkpoints (timeline.js Checkpoints), for tests and the benchmark. */
    get checkpoints() {
      return app.session?.checkpoints;
    },
    snapshot: () => app.state.snap,
    /** A fresh snapshot, drawn at once. */
    render: () => {
      app.resnap();
      app.loop.flush();
    },
    /** Draw now what changed (the benchmark's frames: the loop would draw at the end of the task). */
    flush: () => app.loop.flush(),
    /** Seek (a Promise: a far seek replays in slices). */
    seek: (tick) => app.replays.seek(tick),
    /** Whether a replay in slices runs (a long link opening, a far seek). */
    get replaying() {
      return app.replays.busy;
    },
    /** The tasks each sliced job (a link read, a replay planned: replays.js sliced) ran in, oldest first. */
    get slicedTasks() {
      return [...app.replays.slicedTasks];
    },
    get actions() {
      return app.session?.actions;
    },
    get horizon() {
      return app.state.horizon;
    },
    get running() {
      return app.state.running;
    },
    /** The open lesson: { id, stop, stops, playing, offScript, caption, title, checkpoints, tick }, or null. */
    lesson: () => model("lesson"),
    /** Compare mode: { preset, stop, stops, playing, tick, hashes, metrics }, or null. */
    compare: () => model("compare"),
    get lang() {
      return getLang();
    },
    shareLink: () => share.url(),
    trace: () => share.trace(),
    /** How many times the module was instantiated: 1, and one more per restart after a trap. */
    get coreInstances() {
      return binding.instances;
    },
    /** Whether the page is restarting the core after a trap (app/recovery.js). */
    get recovering() {
      return app.recovering !== null;
    },
    /** The wasm module's memory in bytes (a Promise), for the benchmark. */
    wasmBytes: async () => binding.memory?.buffer.byteLength ?? null,
    pictureSvg: () => share.pictureSvg(),
  };
}
