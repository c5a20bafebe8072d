// The postMessage protocol of an embedded playground, as pure functions (no DOM; unit-tested): the
// commands accepted and their checks, the events sent, who may command the page. The window's side
// (posting, answering, the frame's size and dialogs) is page/embed-link.js. A host page drives the
// playground in an <iframe> with `iframe.contentWindow.postMessage(command, "*")` and
// hears its events on `window` (message events whose data has source === SOURCE).
//
// Commands (host → playground), each `{ type, …, id? }`; `id` comes back in the `result` event:
//   { type: "play" } · { type: "pause" } · { type: "next" } · { type: "back" } · { type: "restart" }
//   { type: "goto", step: N }          a lesson stop (1-based) in a lesson, else a tick
//   { type: "step", ticks: N }         advance N ticks (default 1)
//   { type: "produce", partition?, count?, acks? }
//   { type: "fail", broker, kind?: "crash"|"stuck"|"slow"|"isolated", lossy?, delayMs?, zookeeper? }
//   { type: "recover", broker } · { type: "cut", a, b } · { type: "heal", a, b }
//   { type: "scenario", name, step? }  open a lesson or scenario
//   { type: "lang", lang: "en"|"zh" } · { type: "theme", theme: "light"|"dark"|"auto" }
//   { type: "state" }                  ask for a `state` event now
//
// Events (playground → host), each `{ source: SOURCE, version: 1, type, … }`:
//   ready      { mode, lang, scenario, stops, tick }            once the core is loaded
//   state      { tick, timeMs, mode, lesson, brokers, partitions, violations, requests }
//              after every change (at most about 10 a second while playing)
//   stop       { scenario, stop, stops, caption, checkpoints: { ok, bad, total } }   a lesson stop reached
//   checkpoint { scenario, text, sentence, ok, actual, tick }    a lesson checkpoint evaluated (sentence: { en, zh } or null)
//   result     { id, command, ok, error? }                      the answer to every command
//   lang       { lang }                                         the language changed
//   size       { height }                                       the page's content height (px), when it changes
//
// Who may command the page: only the window that embeds it (window.parent; never an opener or
// any other window), and with ?origin=https://a.example,https://b.example only those origins;
// events then go to those origins alone. <kafka-replication-playground> passes its host's origin.

export const SOURCE = "kafka-replication-playground";
export const API_VERSION = 1;

const count = (v) => Number.isSafeInteger(v) && v >= 0;
const optional = (check) => (v) => v === undefined || check(v);
const ACKS = (v) => v === 0 || v === 1 || v === -1 || v === "all" || v === "0" || v === "1" || v === "-1";
const KINDS = ["crash", "stuck", "slow", "isolated"];

/** Each command's fields and their checks. */
const COMMANDS = {
  play: {},
  pause: {},
  next: {},
  back: {},
  restart: {},
  state: {},
  goto: { step: count },
  step: { ticks: optional((v) => count(v) && v >= 1 && v <= 100000) },
  produce: { partition: optional(count), count: optional((v) => count(v) && v >= 1 && v <= 100000), acks: optional(ACKS), idempotence: optional((v) => typeof v === "boolean") },
  fail: {
    broker: count,
    kind: optional((v) => KINDS.includes(v)),
    lossy: optional((v) => typeof v === "boolean"),
    delayMs: optional(count),
    zookeeper: optional((v) => typeof v === "boolean"),
  },
  recover: { broker: count },
  cut: { a: count, b: count },
  heal: { a: count, b: count },
  scenario: { name: (v) => typeof v === "string" && v.length > 0 && v.length < 200, step: optional(count) },
  lang: { lang: (v) => v === "en" || v === "zh" },
  theme: { theme: (v) => ["light", "dark", "auto"].includes(v) },
};

export const COMMAND_TYPES = Object.keys(COMMANDS);

/**
 * Read a message sent to the playground. Returns null when it is not meant for it (not an
 * object, one of its own events, no known type and no target), { ok: true, command } or
 * { ok: false, id, command, error } with the reason in words.
 */
export function parseCommand(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
  if (data.source === SOURCE) return null; // an event (ours, echoed back), not a command
  const type = data.type;
  const known = typeof type === "string" && Object.hasOwn(COMMANDS, type);
  if (!known) {
    if (data.target !== SOURCE) return null;
    return { ok: false, id: data.id ?? null, command: String(type), error: `unknown command ${JSON.stringify(type)}; known: ${COMMAND_TYPES.join(", ")}` };
  }
  const fields = COMMANDS[type];
  for (const [name, check] of Object.entries(fields)) {
    if (!check(data[name])) {
      return { ok: false, id: data.id ?? null, command: type, error: `${type}: bad or missing ${name} (${JSON.stringify(data[name])})` };
    }
  }
  const command = { type };
  for (const name of Object.keys(fields)) if (data[name] !== undefined) command[name] = data[name];
  return { ok: true, id: data.id ?? null, command };
}

/** The handle call of a cluster command: [method, args], or null for the others. */
export function commandCall(c) {
  switch (c.type) {
    case "produce": {
      const args = {};
      for (const k of ["partition", "count", "idempotence"]) if (c[k] !== undefined) args[k] = c[k];
      if (c.acks !== undefined) args.acks = c.acks === "all" || c.acks === -1 || c.acks === "-1" ? "all" : Number(c.acks);
      if (args.count === undefined) args.count = 1;
      return ["produce", [args]];
    }
    case "fail": {
      const opts = {};
      for (const k of ["lossy", "delayMs", "zookeeper"]) if (c[k] !== undefined) opts[k] = c[k];
      const kind = c.kind ?? "crash";
      if (Object.keys(opts).length) return ["fail", [c.broker, kind, opts]];
      return ["fail", kind === "crash" ? [c.broker] : [c.broker, kind]];
    }
    case "recover":
      return ["recover", [c.broker]];
    case "cut":
    case "heal":
      return [c.type, [c.a, c.b]];
    default:
      return null;
  }
}

/** An event message for the host. */
export function eventMessage(type, payload = {}) {
  return { source: SOURCE, version: API_VERSION, type, ...payload };
}

/** The `state` event's payload from a snapshot: small, JSON-safe, stable field names. */
export function statePayload(snap, { mode = "play", lesson = null } = {}) {
  // Every request the core keeps (the page's snapshot lists only the latest).
  const req = { pending: 0, acked: 0, failed: 0, ...snap.requestCounts };
  return {
    tick: snap.tick,
    timeMs: snap.timeMs,
    mode,
    lesson,
    controller: snap.controller?.broker ?? -1,
    brokers: snap.brokers.map((b) => ({ id: b.id, status: b.status })),
    partitions: snap.partitions.map((p) => ({
      partition: p.partition,
      leader: p.leader,
      leaderEpoch: p.leaderEpoch,
      isr: [...p.isr],
      hw: p.hw,
      leo: Object.fromEntries(p.logs.map((l) => [l.broker, l.leo])),
    })),
    violations: (snap.violations ?? []).length,
    requests: req,
  };
}

// ---------------------------------------------------------------- who may talk to the page

/**
 * The `origin` parameter (a comma-separated allowlist of http(s) origins): { origins, problems }.
 * origins is null when the parameter is absent (any parent may command the page), else the valid
 * entries; an invalid entry is reported and left out (so a bad list allows less, never more).
 */
export function allowedOrigins(value) {
  if (value === null || value === undefined) return { origins: null, problems: [] };
  if (typeof value !== "string") throw new Error(`allowedOrigins: value must be a string or null, got ${typeof value}`);
  const origins = [];
  const problems = [];
  for (const entry of value.split(",").map((s) => s.trim()).filter(Boolean)) {
    let url = null;
    try {
      url = new URL(entry);
    } catch {
      /* reported below */
    }
    if (url && (url.protocol === "https:" || url.protocol === "http:") && url.origin === entry.replace(/\/$/, "")) origins.push(url.origin);
    else problems.push({ name: "origin", value: entry, why: "http(s) origins such as https://docs.example.org, separated by commas" });
  }
  return { origins, problems };
}

/**
 * True when a message event may command this page: it comes from the embedding window itself
 * (`parent`, which is not `own`, this page's window) and, with an allowlist, from one of its origins.
 */
export function commandAllowed(e, { own, parent, origins }) {
  if (!e || parent === own || e.source !== parent) return false;
  return origins === null || origins.includes(e.origin);
}
