// Starts loading the wasm core as early as the page's script runs: main.js imports this module
// first, so the wasm download overlaps the rest of the startup instead of waiting for it.
// The single-file build (scripts/build-single.mjs) puts the module's bytes in
// window.__KRP_WASM_BASE64__ (a classic script before this one), so it opens from file:// with
// no fetch; otherwise the glue fetches the .wasm next to it (hashed name, any base path), or the
// embeds of a same-origin page share one compiled module (sharedModule).

import init, * as core from "./pkg/kafka_replication.js";

/**
 * The module compiled once for every embed of a page of their own origin (the package's page
 * copied into a docs site): the first frame compiles it in the host page's realm and keeps it
 * there, the others take it. Null standalone, under a host of another origin (nothing to share
 * with), or when that compile failed (a wrong MIME type, a failed fetch): then the glue fetches
 * the .wasm itself, as a page of its own does.
 */
function sharedModule() {
  let host = null;
  try {
    if (window.parent !== window && window.parent.location.origin === location.origin) host = window.parent;
  } catch {
    /* a host of another origin */
  }
  if (!host) return Promise.resolve(null);
  // Built-ins of the host's realm only, no callback of this frame's: a promise chain through this
  // frame would never settle for the others once it is gone (a reloaded embed).
  host.__kafkaPlaygroundWasm ??= host.WebAssembly.compileStreaming(host.fetch(new URL("./pkg/kafka_replication_bg.wasm", import.meta.url)));
  return host.__kafkaPlaygroundWasm.catch(() => null);
}

function start() {
  const inline = globalThis.__KRP_WASM_BASE64__;
  const source = inline ? Promise.resolve(Uint8Array.from(atob(inline), (c) => c.charCodeAt(0))) : sharedModule();
  return source.then((module) => init(module ? { module_or_path: module } : undefined)).then((wasm) => ({ ...core, memory: wasm.memory }));
}

/** The initialised binding (Cluster, …) and the module's `memory`; rejects when the core cannot load. */
export const corePromise = start();
// main.js reports a failure when it awaits the promise; this keeps it from being "unhandled" first.
corePromise.catch(() => {});
