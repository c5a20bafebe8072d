// Share links and embed parameters, as pure functions (unit-tested).
//
// A share link holds what the app needs to rebuild a moment exactly: the config (with its seed),
// the action log [{tick, method, args}] and the position (tick, and the horizon of the recorded
// history), as JSON → UTF-8 → base64url, with the format version and an FNV-1a checksum of the
// payload, in the URL's fragment (never sent to a server, so no request-header limit applies):
//   #v=2&s=<payload>&c=<8 hex digits>
// Inside the payload actions are [tick delta, method code, ...args] to keep links short, and a
// row ["*", k, n] repeats the k rows before it n more times (the automatic producer's requests,
// one every few ticks, are a run of a few rows repeated). Version 1 (`?v=1&s=…&c=…` in the
// query, no repeat rows) still opens; the page reads either place.
// A link with another version, a wrong checksum or a payload that does not have this shape is
// refused with a reason; the page then says so and opens a fresh cluster. The page never makes a
// link it would refuse: shareProblem() is the same check for both (too many actions, too long a
// history, too long a payload, a replay estimated to take too long).

import { atOnce, SLICE_ITEMS } from "./slices.js";

export const SHARE_VERSION = 2;
/** The versions this page opens. */
export const SHARE_VERSIONS = ["1", "2"];

/** Longest history a link may ask the page to replay (ticks) and most actions (repeats expanded). */
export const MAX_LINK_TICKS = 2_000_000;
export const MAX_LINK_ACTIONS = 100_000;
/** Longest payload (characters): a link that still fits in a chat message or an e-mail. */
export const MAX_LINK_CHARS = 32_000;
/** Longest replay a link may ask for, as estimated by replayEstimateMs. */
export const MAX_REPLAY_MS = 10_000;
/** Most rows one repeat row repeats (the encoder's window). */
const MAX_PERIOD = 64;

const CODES = { produce: "p", fail: "f", recover: "r", cut: "c", heal: "h", dropNext: "d", addReplica: "a", reassign: "m", cancelReassignment: "k", electLeaders: "e" };
const METHODS = Object.fromEntries(Object.entries(CODES).map(([m, c]) => [c, m]));

/** FNV-1a, 32 bits, over the string's UTF-8 bytes, as 8 lowercase hex digits. */
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** UTF-8 text → base64url (no padding). */
export function toBase64Url(text) {
  let bin = "";
  for (const byte of new TextEncoder().encode(text)) bin += String.fromCharCode(byte);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** base64url → UTF-8 text; throws on characters outside the alphabet or bad UTF-8. */
export function fromBase64Url(b64) {
  if (!/^[A-Za-z0-9_-]*$/.test(b64)) throw new Error("characters outside base64url");
  const std = b64.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(std + "=".repeat((4 - (std.length % 4)) % 4));
  // A plain loop: Uint8Array.from(bin, fn) costs ~0.1 µs a character, paid millions of times by `npm run fuzz`.
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/**
 * Estimated milliseconds to replay `ticks` ticks and `actions` actions of a cluster with
 * `config` (its keys as Cluster takes them; defaults as the core's): the work of a tick grows
 * with the replicas (partitions × replicationFactor), each fetching once a round — linear since
 * the per-tick scans went (#17; it was partitions × RF², 26× too high at RF 32). Measured on a
 * shared 2-core machine, idle clusters: 0.03 ms a tick for the default one, ~0.35 µs more per
 * replica (64 × RF 32: 0.75 ms); taken ~40 % higher, as records in flight add to it.
 * `npm run bench` prints this estimate beside the measured RF curve, bench/browser.mjs the real
 * link-open time.
 */
export function replayEstimateMs(config, ticks, actions) {
  const partitions = Number.isFinite(config?.partitions) ? config.partitions : 3;
  const rf = Number.isFinite(config?.replicationFactor) ? config.replicationFactor : 3;
  return ticks * (0.03 + 0.0005 * partitions * rf) + actions * 0.05;
}

/**
 * Why a moment cannot be shared (or opened) exactly as a link, or null: { why } in words of the
 * limit passed. `state`: { config, actions (count), tick, horizon }; `chars`: the payload's length.
 */
export function shareProblem({ config, actions, tick, horizon }, chars = 0) {
  if (actions > MAX_LINK_ACTIONS) return { why: `${actions} actions, more than ${MAX_LINK_ACTIONS}` };
  if (horizon > MAX_LINK_TICKS) return { why: `a history of ${horizon} ticks, longer than ${MAX_LINK_TICKS}` };
  if (chars > MAX_LINK_CHARS) return { why: `${chars} characters, more than ${MAX_LINK_CHARS}` };
  const ms = replayEstimateMs(config, tick, actions);
  if (ms > MAX_REPLAY_MS) return { why: `a replay estimated at ${Math.round(ms / 1000)} s, longer than ${MAX_REPLAY_MS / 1000} s` };
  return null;
}

/** The payload's rows with runs compacted: a row ["*", k, n] repeats the k rows before it n more times. */
export function compactRows(rows) {
  const keys = rows.map((r) => JSON.stringify(r));
  const out = [];
  let i = 0;
  while (i < rows.length) {
    let best = { k: 0, n: 0 };
    for (let k = 1; k <= Math.min(MAX_PERIOD, i); k++) {
      let m = 0;
      while (i + m < rows.length && keys[i + m] === keys[i + m - k]) m++;
      const n = Math.floor(m / k);
      if (n * k > best.n * best.k) best = { k, n };
    }
    // A repeat row is ~10 characters: worth it from two rows on.
    if (best.n * best.k >= 2) {
      out.push(["*", best.k, best.n]);
      i += best.n * best.k;
    } else out.push(rows[i++]);
  }
  return out;
}

/**
 * The share parameters of a moment: { v, s, c } (strings), or { problem } when it cannot be
 * shared exactly (shareProblem). `state`: { config, actions, tick, horizon }.
 */
export function encodeShare({ config, actions, tick, horizon }) {
  const h = Math.max(horizon ?? tick, tick);
  const early = shareProblem({ config, actions: actions.length, tick, horizon: h });
  if (early) return { problem: early };
  let last = 0;
  const rows = actions.map((x) => {
    const row = [x.tick - last, CODES[x.method] ?? x.method, ...x.args];
    last = x.tick;
    return row;
  });
  const payload = toBase64Url(JSON.stringify({ c: config ?? {}, a: compactRows(rows), t: tick, h }));
  const problem = shareProblem({ config, actions: actions.length, tick, horizon: h }, payload.length);
  if (problem) return { problem };
  return { v: String(SHARE_VERSION), s: payload, c: fnv1a(payload) };
}

/**
 * The parameters of a share link ("v=2&s=…&c=…", for the URL's fragment), optionally with more
 * (lang); null when the moment cannot be shared exactly (encodeShare's problem).
 */
export function shareQuery(state, extra = {}) {
  const enc = encodeShare(state);
  if (enc.problem) return null;
  const q = new URLSearchParams(/** @type {Record<string, string>} */ (enc));
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== null) q.set(k, String(v));
  return q.toString();
}

/**
 * The share parameters of a page's URL: those of its fragment (`#v=2&s=…`) when it has any, else
 * those of its query (a version 1 link, an embed's iframe).
 */
export function shareParams(search, hash) {
  const fragment = new URLSearchParams(String(hash ?? "").replace(/^#/, ""));
  return hasShare(fragment) ? fragment : new URLSearchParams(search ?? "");
}

/** True when the URL parameters carry a share link (even a damaged one). */
export function hasShare(params) {
  return params.has("s") || params.has("v");
}

/**
 * Read a share link from URL parameters. Returns null when there is none, { ok: true, state }
 * with state = { config, actions, tick, horizon }, or { ok: false, reason, detail } where reason
 * is "version" (detail: the version found), "checksum", "format" (detail: what is wrong) or
 * "long" (detail: the limit passed).
 */
export function decodeShare(params) {
  return atOnce(decodeShareSteps(params));
}

/**
 * decodeShare() as steps (slices.js): a link of MAX_LINK_ACTIONS actions is checked, expanded
 * and turned into actions in three passes over them, which take longer than a task should; it
 * yields how far it got every SLICE_ITEMS rows.
 * @returns {Generator<number, { ok: true, state: { config: any, actions: { tick: number, method: string, args: any[] }[], tick: number, horizon: number } } | { ok: false, reason: string, detail: string } | null, void>}
 */
export function* decodeShareSteps(params) {
  if (!hasShare(params)) return null;
  const v = params.get("v");
  if (!SHARE_VERSIONS.includes(v)) return { ok: false, reason: "version", detail: v ?? "none" };
  const s = params.get("s") ?? "";
  const c = (params.get("c") ?? "").toLowerCase();
  if (!s || !/^[0-9a-f]{8}$/.test(c) || fnv1a(s) !== c) return { ok: false, reason: "checksum", detail: "" };
  let data;
  try {
    data = JSON.parse(fromBase64Url(s));
  } catch (err) {
    return { ok: false, reason: "format", detail: `not JSON: ${err.message}` };
  }
  // The actions the rows expand to (as far as the shape check will allow), for the progress.
  const rowCount = (row) => (Array.isArray(row) && row[0] === "*" && Number.isSafeInteger(row[1] * row[2]) ? Math.max(0, row[1] * row[2]) : 1);
  const expected = Array.isArray(data?.a) ? Math.max(1, Math.min(MAX_LINK_ACTIONS, data.a.reduce((n, row) => n + rowCount(row), 0))) : 1;
  const done = { rows: 0 };
  /** Counts a row; true every SLICE_ITEMS rows (time to yield). */
  const tick = () => ++done.rows % SLICE_ITEMS === 0;
  const fraction = () => Math.min(1, done.rows / (3 * expected));
  const problem = yield* shapeProblem(data, v === "1" ? 0 : MAX_PERIOD, tick, fraction);
  if (problem) return { ok: false, reason: "format", detail: problem };
  const rows = [];
  for (const row of data.a) {
    if (row[0] !== "*") {
      rows.push(row);
      if (tick()) yield fraction();
      continue;
    }
    for (let j = 0, from = rows.length - row[1]; j < row[1] * row[2]; j++) {
      rows.push(rows[from + j]);
      if (tick()) yield fraction();
    }
  }
  const tooLong = shareProblem({ config: data.c, actions: rows.length, tick: data.t, horizon: data.h }, s.length);
  if (tooLong) return { ok: false, reason: "long", detail: tooLong.why };
  let at = 0;
  const actions = [];
  for (const [dt, code, ...args] of rows) {
    at += dt;
    actions.push({ tick: at, method: METHODS[code], args });
    if (tick()) yield fraction();
  }
  return { ok: true, state: { config: data.c, actions, tick: data.t, horizon: data.h } };
}

const isCount = (n) => Number.isSafeInteger(n) && n >= 0;
const isPlain = (o) => o !== null && typeof o === "object" && !Array.isArray(o);
// What JSON carries back unchanged: 1e400 parses to Infinity, which a link to it again would
// turn into null, and deeper values could not be written again at all (JSON.stringify overflows).
const isScalar = (v) => ["string", "boolean"].includes(typeof v) || Number.isFinite(v);
const isValue = (v) => v === null || isScalar(v);
/** An action's argument as the page records them: a value, a list of numbers (reassign's replicas), or an object of values. */
const isArgument = (v) => isValue(v) || (Array.isArray(v) && v.length <= 64 && v.every(Number.isFinite)) || (isPlain(v) && Object.values(v).every(isValue));

/**
 * What is wrong with a decoded payload's shape, or null; repeat rows of at most `period` rows
 * are allowed. `tick()` counts each action checked (true: time to yield `fraction()`).
 * @returns {Generator<number, string | null, void>}
 */
function* shapeProblem(d, period, tick, fraction) {
  if (!isPlain(d)) return "the payload is not an object";
  if (!isPlain(d.c)) return "no config";
  for (const [k, v] of Object.entries(d.c)) {
    if (!isScalar(v)) return `config ${k} is not a number, word or boolean`;
  }
  if (!Array.isArray(d.a)) return "no action list";
  if (!isCount(d.t) || !isCount(d.h) || d.t > d.h) return "no valid position";
  if (d.h > MAX_LINK_TICKS) return `a history longer than ${MAX_LINK_TICKS} ticks`;
  let at = 0;
  // Each row's tick delta, to sum the repeated ones.
  const deltas = [];
  for (const row of d.a) {
    if (Array.isArray(row) && row[0] === "*" && period > 0) {
      const [, k, n] = row;
      if (row.length !== 3 || !Number.isSafeInteger(k) || k < 1 || k > Math.min(period, deltas.length) || !Number.isSafeInteger(n) || n < 1) return "a repeat of rows that are not there";
      if (deltas.length + k * n > MAX_LINK_ACTIONS) return `more than ${MAX_LINK_ACTIONS} actions`;
      const start = deltas.length - k;
      for (let j = 0; j < k * n; j++) {
        deltas.push(deltas[start + j]);
        at += deltas[start + j];
        if (tick()) yield fraction();
      }
      continue;
    }
    if (deltas.length >= MAX_LINK_ACTIONS) return `more than ${MAX_LINK_ACTIONS} actions`;
    if (!Array.isArray(row) || row.length < 2 || !isCount(row[0])) return "an action without a tick";
    // Own keys of words only: "toString" is `in` every object, and a nested list as a key
    // overflows the stack while it is turned into a string.
    if (typeof row[1] !== "string" || !Object.hasOwn(METHODS, row[1])) return `an unknown action ${typeof row[1] === "string" ? JSON.stringify(row[1].slice(0, 40)) : typeof row[1]}`;
    if (!row.slice(2).every(isArgument)) return `${METHODS[row[1]]} with an argument that is not a number, word, boolean or an object of them`;
    at += row[0];
    deltas.push(row[0]);
    if (tick()) yield fraction();
  }
  if (at > d.h) return "an action after the end of the history";
  return null;
}

// ---------------------------------------------------------------- embed parameters

export const CONTROLS = ["full", "minimal", "none"];
/** What the page shows (?view=, issue #18): everything; a lesson's caption and partitions; one partition large. */
export const VIEWS = ["full", "lesson", "partition"];

/**
 * The page's URL parameters, validated: { scenario, step, controls, view, autoplay, theme, lang,
 * height, mode, preset, seed, ticks, problems: [{ name, value, why }] }. Every bad one is
 * reported in `problems` and ignored (the page says so in a toast naming it). `step` is a stop number (1-based) with
 * a scenario, a tick without.
 */
export function embedOptions(params) {
  const problems = [];
  const bad = (name, why) => problems.push({ name, value: params.get(name), why });
  const opts = { scenario: null, step: null, controls: "full", view: "full", autoplay: false, theme: null, lang: null, height: null, mode: null, preset: null, seed: null, ticks: null, problems };
  const seed = params.get("seed");
  if (seed !== null) {
    const n = Number(seed);
    if (seed.trim() !== "" && Number.isSafeInteger(n) && n >= 0) opts.seed = n;
    else bad("seed", "a whole number ≥ 0");
  }
  const ticks = params.get("ticks");
  if (ticks !== null) {
    const n = Number(ticks);
    if (ticks.trim() !== "" && Number.isSafeInteger(n) && n >= 0) opts.ticks = n;
    else bad("ticks", "a whole number of ticks ≥ 0");
  }
  const scenario = params.get("scenario");
  if (scenario !== null && scenario.trim()) opts.scenario = scenario.trim();
  const step = params.get("step");
  if (step !== null) {
    const n = Number(step);
    if (Number.isSafeInteger(n) && n >= 0) opts.step = n;
    else bad("step", "a whole number (a lesson stop, or a tick)");
  }
  const controls = params.get("controls");
  if (controls !== null) {
    if (CONTROLS.includes(controls)) opts.controls = controls;
    else bad("controls", CONTROLS.join(" | "));
  }
  const view = params.get("view");
  if (view !== null) {
    if (VIEWS.includes(view)) opts.view = view;
    else bad("view", VIEWS.join(" | "));
  }
  const autoplay = params.get("autoplay");
  if (autoplay !== null) opts.autoplay = !["0", "false", "no", "off"].includes(autoplay.toLowerCase());
  const theme = params.get("theme");
  if (theme !== null) {
    if (["light", "dark", "auto"].includes(theme)) opts.theme = theme;
    else bad("theme", "light | dark");
  }
  const lang = params.get("lang");
  if (lang !== null) opts.lang = lang;
  const height = params.get("height");
  if (height !== null) {
    const n = parseInt(height, 10);
    if (Number.isFinite(n) && n >= 200 && n <= 5000) opts.height = n;
    else bad("height", "pixels between 200 and 5000");
  }
  const mode = params.get("mode");
  if (mode !== null) {
    if (["compare", "lesson", "play"].includes(mode)) opts.mode = mode;
    else bad("mode", "compare | lesson | play");
  }
  const preset = params.get("preset");
  if (preset !== null) opts.preset = preset;
  return opts;
}

/** The query of a lesson link: ?scenario=…&step=…&lang=… (stop numbers start at 1). */
export function lessonQuery({ scenario, step, lang, extra = {} }) {
  const q = new URLSearchParams();
  q.set("scenario", scenario);
  if (step) q.set("step", String(step));
  if (lang) q.set("lang", lang);
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== null) q.set(k, String(v));
  return q.toString();
}
