// Loads the wasm core when main.js starts it (startCore): as soon as its script runs when the URL
// asks for a lesson, a link or a setting (the download overlaps the rest of the startup), after
// the first frame on the default page, which draws the snapshot the build recorded (issue #16:
// app/first-frame.js).
// The single-file build (scripts/build-single.mjs) puts the module's bytes in
// window.__KRP_WASM_BASE64__ (a classic script before this one), so it opens from file:// with
// no fetch; otherwise the glue fetches the .wasm next to it (hashed name, any base path), or the
// embeds of a same-origin page share one compiled module (sharedModule). After a trap the page
// instantiates the module afresh (reinstantiate).

import init, * as core from "./pkg/kafka_replication.js";
import { sameOriginHost } from "./host.js";

/**
 * The module compiled once for every embed of a page of their own origin (the package's page
 * copied into a docs site): the first frame compiles it in the host page's realm and keeps it
 * there, the others take it. Null standalone, under a host of another origin (nothing to share
 * with), or when that compile failed (a wrong MIME type, a failed fetch): then the glue fetches
 * the .wasm itself, as a page of its own does.
 */
function sharedModule() {
  const host = sameOriginHost();
  if (!host) return Promise.resolve(null);
  // Built-ins of the host's realm only, no callback of this frame's: a promise chain through this
  // frame would never settle for the others once it is gone (a reloaded embed).
  host.__kafkaPlaygroundWasm ??= host.WebAssembly.compileStreaming(host.fetch(new URL("./pkg/kafka_replication_bg.wasm", import.meta.url)));
  return host.__kafkaPlaygroundWasm.catch(() => null);
}

/**
 * Every handle the module made (constructed or returned, as fork() returns), weakly: after a
 * trap they all point into the dead instance's memory, so they are disarmed before another
 * instance exists (a call on one then throws instead of reading the new memory).
 */
const handles = new Set();
let pruneAt = 1024;

function track(handle) {
  handles.add(new WeakRef(handle));
  if (handles.size >= pruneAt) {
    for (const ref of handles) if (!ref.deref()?.__wbg_ptr) handles.delete(ref);
    pruneAt = Math.max(1024, 2 * handles.size);
  }
  return handle;
}

/** The Cluster class whose instances are tracked: the glue's, with its constructor and __wrap counted. */
class Cluster extends core.Cluster {
  constructor(...args) {
    super(...args);
    track(this);
  }
}
// `__wrap` (handles the core returns, e.g. fork) is the glue's, not in its declarations.
const glue = /** @type {any} */ (core.Cluster);
const wrap = glue.__wrap;
glue.__wrap = (ptr) => track(wrap.call(core.Cluster, ptr));

/** What the module is instantiated from (bytes, a compiled module, or undefined: the glue fetches it). */
let source;
const binding = { ...core, Cluster, memory: null, instances: 0, reinstantiate };

async function instantiate() {
  const module = await source;
  const wasm = await init(module ? { module_or_path: module } : undefined);
  binding.memory = wasm.memory;
  binding.instances++;
  return binding;
}

/**
 * After a trap (a WebAssembly.RuntimeError: the instance may be corrupt, its memory never
 * shrinks): every handle disarmed — unusable, never freed, as freeing would run in the next
 * instance — and the module instantiated afresh, with a new memory, so the old instance and its
 * memory can be collected. Each embed of a page has its own instance (of the shared compiled
 * module), so this touches no other frame. Resolves when the new instance is ready.
 */
async function reinstantiate() {
  for (const ref of handles) {
    const h = ref.deref();
    if (h?.__wbg_ptr) h.__destroy_into_raw();
  }
  handles.clear();
  /** @type {any} */ (core).__wbg_reset(); // added to the glue by scripts/build-wasm.mjs
  return instantiate();
}

function start() {
  const inline = globalThis.__KRP_WASM_BASE64__;
  source = inline ? Promise.resolve(Uint8Array.from(atob(inline), (c) => c.charCodeAt(0))) : sharedModule();
  return instantiate();
}

let started = null;

/**
 * Start loading the core (once: later calls return the same promise). Resolves to the
 * initialised binding (Cluster, …), the module's current `memory`, how many `instances` it had
 * and `reinstantiate()`; rejects when the core cannot load.
 */
export function startCore() {
  if (started) return started;
  started = start();
  // main.js reports a failure when it awaits the promise; this keeps it from being "unhandled" first.
  started.catch(() => {});
  return started;
}
