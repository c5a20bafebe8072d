// Starts loading the wasm core as early as the page's script runs: main.js imports this module
// first, so the wasm download overlaps the rest of the startup instead of waiting for it.
// The single-file build (scripts/build-single.mjs) puts the module's bytes in
// window.__KRP_WASM_BASE64__ (a classic script before this one), so it opens from file:// with
// no fetch; otherwise the glue fetches the .wasm next to it (hashed name, any base path).

import init, * as core from "./pkg/kafka_replication.js";

function start() {
  const inline = globalThis.__KRP_WASM_BASE64__;
  return init(inline ? { module_or_path: Uint8Array.from(atob(inline), (c) => c.charCodeAt(0)) } : undefined).then((wasm) => ({ ...core, memory: wasm.memory }));
}

/** The initialised binding (Cluster, …) and the module's `memory`; rejects when the core cannot load. */
export const corePromise = start();
// main.js reports a failure when it awaits the promise; this keeps it from being "unhandled" first.
corePromise.catch(() => {});
