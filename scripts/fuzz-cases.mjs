// The fuzz cases and their properties, shared by `npm run fuzz` (scripts/fuzz.mjs, millions of
// cases) and tests/unit/share-fuzz.test.mjs (a fast slice of the same cases in `npm test`).
//
// Every case is a pure function of (seed, index), so a failure is reproduced from those two
// numbers alone. Two targets:
//   * share links (www/app/share.js): a query string as the page reads it from its address. Random
//     text and bytes, valid links damaged in the query, and payloads with a valid checksum but a
//     damaged body (the checksum is computable, so the decoder's shape checks are reached).
//   * scenario scripts (parseScenario in the wasm core): random command-like text and real
//     scenario files damaged line by line.
import { CONTROLS, decodeShare, embedOptions, encodeShare, fnv1a, hasShare, MAX_LINK_ACTIONS, MAX_LINK_TICKS, shareQuery, toBase64Url } from '../www/app/share.js';
import { replayPlan, runPlan } from '../www/app/timeline.js';

// ---------------------------------------------------------------- seeded randomness

/** mulberry32: a small PRNG with a 32-bit state; returns floats in [0, 1). */
function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator of case `index` under `seed`: independent of every other case. */
export function rngFor(seed, index) {
  const r = mulberry32(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index, 0xc2b2ae35));
  return {
    next: r,
    int: (lo, hi) => lo + Math.floor(r() * (hi - lo + 1)), // lo..=hi
    chance: (p) => r() < p,
    pick: (list) => list[Math.floor(r() * list.length)],
  };
}

/** Characters a URL or a script may carry: ASCII, URL syntax, Unicode (CJK, emoji, RTL, BOM), lone surrogates. */
const ODD_TEXT = ['&', '=', '%', '%2', '%zz', '%00', '%C3%28', '%ED%A0%80', '+', '#', '?', ' ', '\t', '\n', '\r', '\0', '副本', '同步', '😀', '\u202e', '\ufeff', '\u00a0', '\u2028', '\u3000', 'é', '\ud800', '\udfff', '\u0301', '"', '\\', '[', ']', '{', '}', ','];

/** Up to `max` characters, mostly printable ASCII, some of ODD_TEXT, some any UTF-16 unit. */
function randomText(rng, max) {
  let s = '';
  const n = rng.int(0, max);
  for (let i = 0; i < n; i++) {
    const k = rng.next();
    if (k < 0.6) s += String.fromCharCode(rng.int(0x20, 0x7e));
    else if (k < 0.85) s += rng.pick(ODD_TEXT);
    else s += String.fromCharCode(rng.int(0, 0xffff));
  }
  return s;
}

/** String mutations: bit flips, cuts, insertions, deletions, a segment repeated. */
function mutateText(rng, text, times) {
  let s = text;
  for (let i = 0; i < times; i++) {
    const at = rng.int(0, s.length);
    const k = rng.int(0, 5);
    if (k === 0 && s.length) s = s.slice(0, at) + String.fromCharCode((s.charCodeAt(Math.min(at, s.length - 1)) ^ (1 << rng.int(0, 15))) & 0xffff) + s.slice(at + 1);
    else if (k === 1) s = s.slice(0, at);
    else if (k === 2) s = s.slice(0, at) + randomText(rng, 6) + s.slice(at);
    else if (k === 3) s = s.slice(0, at) + s.slice(at + rng.int(1, 12));
    else if (k === 4) {
      const from = rng.int(0, s.length);
      const seg = s.slice(from, from + rng.int(1, 40));
      s = s.slice(0, at) + seg.repeat(rng.int(1, 3)) + s.slice(at);
    } else s = s.slice(0, at) + rng.pick(ODD_TEXT) + s.slice(at);
  }
  return s;
}

// ---------------------------------------------------------------- share links

/** The actions the page records (docs/api.md): what a decoded link may ask it to replay. */
const PAGE_METHODS = ['produce', 'fail', 'recover', 'cut', 'heal', 'dropNext', 'addReplica'];
/** The fuzzer replays at most this many ticks of a decoded link on the core (links here are short anyway). */
const REPLAY_TICKS = 400;

const WEIRD_VALUES = [-1, -0, 0.5, 2 ** 53, 2 ** 53 - 1, MAX_LINK_TICKS, MAX_LINK_TICKS + 1, 1e308, '', 'p', 'x', 'toString', '__proto__', 'constructor', 'valueOf', 'hasOwnProperty', null, true, false, [], {}, [[[[]]]], { a: { b: {} } }, '副本', 'NaN', '1', 4294967296, 2 ** 31];
const KINDS = ['crash', 'stuck', 'slow', 'isolated'];
const MESSAGES = ['Produce', 'ProduceResponse', 'Fetch', 'FetchResponse', 'AlterPartition', 'LeaderAndIsr', 'OffsetsForLeaderEpoch'];

/** A plausible moment: what the page itself would put in a link (small, so replaying it is quick). */
function randomMoment(rng) {
  const config = {};
  if (rng.chance(0.5)) config.version = rng.pick(['0.8', '0.11', '2.8', '3.7', 3.7]);
  const brokers = rng.chance(0.7) ? (config.brokers = rng.int(1, 6)) : 4; // 4 brokers, 3 partitions of 3 replicas by default
  const partitions = rng.chance(0.5) ? (config.partitions = rng.int(1, 4)) : 3;
  const rf = brokers < 3 || rng.chance(0.5) ? (config.replicationFactor = rng.int(1, Math.min(3, brokers))) : 3;
  if (rng.chance(0.7)) config.seed = rng.int(0, 1e6);
  if (rng.chance(0.2)) config.minInsyncReplicas = rng.int(1, 3);
  if (rng.chance(0.2)) config.uncleanLeaderElectionEnable = rng.chance(0.5);
  if (rng.chance(0.1)) config.acks = rng.pick([0, 1, 'all', -1]);
  // Mostly calls the core accepts, so replays get far; sometimes a broker or partition too many.
  const b = () => rng.int(0, rng.chance(0.9) ? brokers - 1 : brokers);
  const p = () => rng.int(0, rng.chance(0.9) ? partitions - 1 : partitions);
  const failed = new Set();
  const other = (a) => (a + rng.int(1, Math.max(1, brokers - 1))) % Math.max(2, brokers);
  const OPTIONS = { crash: () => ({ lossy: rng.chance(0.5) }), stuck: () => ({}), slow: () => ({ delayMs: rng.int(0, 5000) }), isolated: () => ({ zookeeper: rng.chance(0.5) }) };
  const args = {
    produce: () => {
      const acks = rng.pick([0, 1, 'all', -1]);
      return [{ partition: p(), count: rng.int(1, 20), acks, ...(acks === 'all' && rng.chance(0.3) ? { idempotence: rng.chance(0.5) } : {}) }];
    },
    fail: () => {
      const broker = b();
      failed.add(broker);
      const kind = rng.pick(KINDS);
      return rng.chance(0.3) ? [broker] : [broker, kind, OPTIONS[kind]()];
    },
    recover: () => {
      const broker = failed.size && rng.chance(0.9) ? rng.pick([...failed]) : b();
      failed.delete(broker);
      return [broker];
    },
    cut: () => ((a) => [a, other(a)])(b()),
    heal: () => ((a) => [a, other(a)])(b()),
    dropNext: () => [rng.pick(MESSAGES)],
    // Partition q is placed on brokers q, q+1, … (README): the next ones do not host it yet.
    addReplica: () => ((q) => [q, (q + rf + rng.int(0, Math.max(0, brokers - rf - 1))) % brokers])(p()),
  };
  const actions = [];
  let tick = 0;
  for (let n = rng.int(0, 10); n > 0; n--) {
    tick += rng.int(0, 30);
    let method = rng.chance(0.3) ? 'produce' : rng.pick(PAGE_METHODS);
    if (method === 'recover' && !failed.size && rng.chance(0.9)) method = 'fail';
    actions.push({ tick, method, args: args[method]() });
  }
  const at = tick + rng.int(0, 40);
  return { config, actions, tick: at, horizon: at + rng.int(0, 40) };
}

/** Any JSON value, nested at most `depth` deep. */
function randomJson(rng, depth) {
  const k = rng.int(0, depth > 0 ? 6 : 3);
  if (k === 0) return structuredClone(rng.pick(WEIRD_VALUES)); // a copy: the payload is changed in place later
  if (k === 1) return rng.int(-5, 100);
  if (k === 2) return randomText(rng, 8);
  if (k === 3) return rng.chance(0.5);
  if (k === 4) return Array.from({ length: rng.int(0, 4) }, () => randomJson(rng, depth - 1));
  return Object.fromEntries(Array.from({ length: rng.int(0, 4) }, () => [rng.chance(0.3) ? rng.pick(['c', 'a', 't', 'h', '__proto__', 'constructor']) : randomText(rng, 5), randomJson(rng, depth - 1)]));
}

/** A payload object (changed in place) with some of its values (or rows) replaced, removed or added. */
function mutatePayload(rng, p) {
  for (let n = rng.int(1, 3); n > 0; n--) {
    const k = rng.int(0, 6);
    if (k === 0) p[rng.pick(['c', 'a', 't', 'h'])] = randomJson(rng, 2);
    else if (k === 1) delete p[rng.pick(['c', 'a', 't', 'h'])];
    else if (k === 2 && p.c && typeof p.c === 'object') p.c[rng.chance(0.5) ? rng.pick(['brokers', 'seed', 'version', '__proto__', 'toString']) : randomText(rng, 6)] = randomJson(rng, 1);
    else if (k === 3 && Array.isArray(p.a) && p.a.length) {
      const row = rng.pick(p.a);
      if (Array.isArray(row)) row[rng.int(0, row.length)] = rng.chance(0.3) ? rng.pick(['toString', 'constructor', '__proto__', 'valueOf', 'P', '']) : randomJson(rng, 2);
    } else if (k === 4 && Array.isArray(p.a)) p.a.push(rng.chance(0.5) ? [rng.int(0, 5), rng.pick(['p', 'f', 'r', 'c', 'h', 'd', 'a']), ...Array.from({ length: rng.int(0, 3) }, () => randomJson(rng, 2))] : randomJson(rng, 2));
    else if (k === 5) p.t = rng.pick([p.h, 0, MAX_LINK_TICKS, -1, 0.5, p.h + 1]);
    else p.h = rng.pick([p.t, MAX_LINK_TICKS, MAX_LINK_TICKS + 1, 2 ** 53, 1e21]);
  }
  return p;
}

/** JSON text with one of its values (in an object or a list) replaced by a list nested `depth` deep. */
function nest(rng, text, depth) {
  const values = [...text.matchAll(/([:,[])(\[\]|\{\}|null|true|false|"[^"]*"|-?\d+)/g)];
  if (!values.length) return text;
  const v = rng.pick(values);
  return `${text.slice(0, v.index)}${v[1]}${'['.repeat(depth)}${']'.repeat(depth)}${text.slice(v.index + v[0].length)}`;
}

/** JSON text changed where JSON.stringify cannot: numbers JSON.parse reads as ±Infinity or -0, nesting, cuts. */
function mutateJsonText(rng, text) {
  const k = rng.int(0, 3);
  if (k === 0) return text.replace(/-?\d+(\.\d+)?/g, (m) => (rng.chance(0.3) ? rng.pick(['1e400', '-1e400', '-0', '1e-400', '0.0', '1E2', '9007199254740993', '2e6', '1.5']) : m));
  if (k === 1) return nest(rng, text, rng.int(2, 60));
  if (k === 2) return text.replace(/"([cath])":/g, (m, key) => (rng.chance(0.3) ? `"${key}":1,"${key}":` : m)); // duplicate keys
  return mutateText(rng, text, rng.int(1, 3));
}

/** The query of a link to `payload` text (or raw bytes) with its true checksum. */
function linkTo(rng, body) {
  const s = Buffer.from(body).toString('base64url'); // as toBase64Url does for text, and for any bytes
  const c = fnv1a(s);
  return `v=1&s=${s}&c=${rng.chance(0.1) ? c.toUpperCase() : c}`;
}

/** The payload object of a moment, as encodeShare writes it. */
const payloadOf = (moment) => JSON.parse(Buffer.from(encodeShare(moment).s, 'base64url').toString('utf8'));

/**
 * A link of megabytes, or asking for more than the page allows: the payload repeated, the most
 * actions and one more, a value nested deeper than JSON.stringify can write back. (Rare: one case
 * of these costs as much as a thousand others.)
 */
function hugeLink(rng, moment) {
  const payload = payloadOf(moment);
  const k = rng.int(0, 2);
  if (k === 0) {
    const { s, c } = encodeShare(moment);
    return `v=1&s=${s.repeat(rng.int(1000, 5000))}&c=${c}`;
  }
  if (k === 1) {
    payload.a = Array.from({ length: MAX_LINK_ACTIONS + rng.int(0, 1) }, () => [0, 'r', 0]);
    return linkTo(rng, JSON.stringify(payload));
  }
  return linkTo(rng, nest(rng, JSON.stringify(payload), 5000));
}

/** The query string of share case `index` under `seed` (what the page would find in location.search). */
export function shareCase(seed, index) {
  const rng = rngFor(seed, index);
  const k = rng.next();
  if (k < 0.08) return randomText(rng, 80);
  if (k < 0.16) {
    const bytes = Array.from({ length: rng.int(0, 60) }, () => rng.int(0, 255));
    return rng.chance(0.5) ? `v=1&s=${bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')}&c=${randomText(rng, 8)}` : linkTo(rng, bytes);
  }
  const moment = randomMoment(rng);
  if (k < 0.161) return hugeLink(rng, moment);
  if (k < 0.5) {
    const extra = rng.chance(0.3) ? { lang: rng.pick(['en', 'zh', '', '副本']), scenario: rng.chance(0.2) ? '05-acks' : undefined, step: rng.chance(0.2) ? rng.int(-2, 9) : undefined } : {};
    const query = shareQuery(moment, extra);
    if (k < 0.2) return query; // intact: must open
    const q = rng.int(0, 3);
    if (q === 0) return mutateText(rng, query, rng.int(1, 4));
    if (q === 1) return `${query}&${query.split('&')[rng.int(0, 2)]}`.repeat(rng.int(1, 2)); // a parameter twice
    if (q === 2) return query.replace(/^v=\d/, `v=${rng.pick(['0', '3', '', '1.0', ' 1', '01', '%31', '１'])}`);
    const s = new URLSearchParams(query).get('s');
    return query.replace(s, s + 'A'.repeat(rng.int(1, 40)));
  }
  if (k < 0.95) {
    const text = JSON.stringify(mutatePayload(rng, payloadOf(moment)));
    return linkTo(rng, rng.chance(0.4) ? mutateJsonText(rng, text) : text);
  }
  return linkTo(rng, randomText(rng, 60));
}

const isPlain = (o) => o !== null && typeof o === 'object' && !Array.isArray(o);
const isCount = (n) => Number.isSafeInteger(n) && n >= 0;

/**
 * What is wrong with a decoded moment for the page (null if nothing): the config must be words,
 * finite numbers and booleans, every action one the page records with an argument list, at a
 * tick within the history, the position inside the history; and the Share dialog must be able to
 * link to it again (encode → decode gives the same moment), or the page breaks later.
 */
function momentProblem(m) {
  if (!isPlain(m) || !isPlain(m.config)) return 'no config object';
  for (const [k, v] of Object.entries(m.config)) {
    const ok = typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
    if (!ok) return `config ${k} = ${String(v)}`;
  }
  if (!isCount(m.tick) || !isCount(m.horizon) || m.tick > m.horizon || m.horizon > MAX_LINK_TICKS) return `position ${m.tick} of ${m.horizon}`;
  if (!Array.isArray(m.actions) || m.actions.length > MAX_LINK_ACTIONS) return 'no action list';
  let last = 0;
  for (const a of m.actions) {
    if (!PAGE_METHODS.includes(a.method)) return `an action ${String(a.method)}`;
    if (!Array.isArray(a.args)) return `${a.method} without an argument list`;
    if (!isCount(a.tick) || a.tick < last || a.tick > m.horizon) return `${a.method} at tick ${a.tick}`;
    last = a.tick;
  }
  let again;
  try {
    again = decodeShare(new URLSearchParams(shareQuery(m)));
  } catch (err) {
    return `linking to it again throws ${err}`;
  }
  if (!again?.ok || JSON.stringify(again.state) !== JSON.stringify(m)) return `linking to it again gives ${JSON.stringify(again).slice(0, 200)}`;
  return null;
}

/** The embed parameters' documented shape (share.js embedOptions), or what breaks it. */
function embedProblem(o) {
  const oneOf = (v, list) => v === null || list.includes(v);
  if (!CONTROLS.includes(o.controls) || typeof o.autoplay !== 'boolean') return 'controls or autoplay';
  if (!(o.step === null || isCount(o.step))) return `step ${o.step}`;
  if (!(o.height === null || (Number.isInteger(o.height) && o.height >= 200 && o.height <= 5000))) return `height ${o.height}`;
  if (!oneOf(o.theme, ['light', 'dark', 'auto']) || !oneOf(o.mode, ['compare', 'lesson', 'play'])) return 'theme or mode';
  for (const k of ['scenario', 'lang', 'preset']) if (!(o[k] === null || typeof o[k] === 'string')) return k;
  if (!Array.isArray(o.problems) || o.problems.some((p) => typeof p.name !== 'string' || typeof p.why !== 'string')) return 'problems';
  return null;
}

/** A JS Error as the core's validation throws it; anything else (a wasm trap, a TypeError, a non-Error) is a bug. */
function coreRefusal(err) {
  return err instanceof Error && err.constructor === Error && !/unreachable|panicked|recursive use/i.test(err.message);
}

/**
 * Replay a decoded moment as the page's openShared does (new Cluster(config), then the action
 * log up to its tick, at most REPLAY_TICKS) on the wasm core: the core may refuse (the page then
 * says so), but must not trap, and the handle must still answer afterwards.
 */
function replayProblem(Cluster, m, count) {
  let c;
  try {
    c = new Cluster(m.config);
  } catch (err) {
    count('config refused by the core');
    return coreRefusal(err) ? null : `new Cluster threw ${err}`;
  }
  try {
    runPlan(c, replayPlan(m.actions, 0, Math.min(m.tick, REPLAY_TICKS), { includeFrom: true }));
    count('replayed');
  } catch (err) {
    count('an action refused by the core');
    if (!coreRefusal(err)) return `the replay threw ${err}`;
  }
  try {
    c.snapshot();
    c.stateHash();
  } catch (err) {
    return `the handle is broken after the replay: ${err}`;
  } finally {
    c.free();
  }
  return null;
}

/**
 * The property of one query string: decodeShare and embedOptions return their documented results
 * (null, a moment the page can use, or a refusal with a reason in words) and never throw. With
 * `Cluster` (the wasm class), a decoded moment is also replayed on the core. `tally` (an object)
 * counts the outcomes. Returns null, or what went wrong.
 */
export function shareProblem(query, { Cluster = null, tally = {} } = {}) {
  const count = (outcome) => (tally[outcome] = (tally[outcome] ?? 0) + 1);
  const params = new URLSearchParams(query);
  let r;
  try {
    r = decodeShare(params);
  } catch (err) {
    return `decodeShare threw ${err}`;
  }
  if (r === null) {
    count('no link');
    if (hasShare(params)) return 'null for a query with share parameters';
  } else if (r.ok === true) {
    count('opened');
    const problem = momentProblem(r.state) ?? (Cluster ? replayProblem(Cluster, r.state, count) : null);
    if (problem) return `accepted a moment the page cannot use: ${problem}`;
  } else if (r.ok !== false || !['version', 'checksum', 'format', 'long'].includes(r.reason) || typeof r.detail !== 'string') {
    return `an undocumented result ${JSON.stringify(r)}`;
  } else count(`refused (${r.reason})`);
  try {
    const problem = embedProblem(embedOptions(params));
    return problem ? `embedOptions: ${problem}` : null;
  } catch (err) {
    return `embedOptions threw ${err}`;
  }
}

// ---------------------------------------------------------------- scenario scripts

const WORDS = ['config', 'produce', 'step', 'until', 'max', 'fail', 'recover', 'cut', 'heal', 'drop-next', 'add-replica', 'expect', 'title', 'caption', 'pause', 'en', 'zh', 'crash', 'stuck', 'slow', 'isolated', '#', 'FetchResponse'];
const PAIRS = ['partition=', 'count=', 'acks=', 'idempotence=', 'brokers=', 'version=', 'lossy=', 'delayMs=', 'zookeeper=', 'seed=', '=', '==', 'a=b=c'];
const PATHS = ['tick', 'controller', 'p0.hw', 'p0.leader', 'p0.isr', 'p0.b1.values', 'p0.b0.leo', 'p99999999999999999999.hw', 'request1.status', 'violations', 'violations.acks1-lost', 'p0.consumer.values', 'b2.status', 'p.', '.', 'p0..hw'];
const OPERANDS = ['==', '!=', '>=', '<=', '>', '<', '=>', '0', '1', '-1', '18446744073709551616', '4294967296', '1e400', 'NaN', 'inf', '-0', '0.5', '[0,1]', '[', ']', '[0,,1]', '[a]', '[-9223372036854775809]', 'acked', 'all'];

/** A line of command-like tokens. */
function randomLine(rng) {
  const tokens = [];
  for (let n = rng.int(0, 7); n > 0; n--) {
    const k = rng.int(0, 5);
    if (k === 0) tokens.push(rng.pick(WORDS));
    else if (k === 1) tokens.push(rng.pick(PAIRS) + rng.pick([...OPERANDS, 'true', 'false', '']));
    else if (k === 2) tokens.push(rng.pick(PATHS));
    else if (k === 3) tokens.push(rng.pick(OPERANDS));
    else tokens.push(randomText(rng, 5));
  }
  return tokens.join(rng.pick([' ', '  ', '\t', '\u3000', '\u00a0', ' \u2028 ']));
}

/** The text of scenario case `index` under `seed`; `files`: real scenario scripts to damage. */
export function scenarioCase(seed, index, files) {
  const rng = rngFor(seed, index);
  if (rng.chance(0.4)) {
    return Array.from({ length: rng.int(0, 8) }, () => randomLine(rng)).join(rng.pick(['\n', '\r\n', '\r']));
  }
  const lines = rng.pick(files).split('\n');
  for (let n = rng.int(1, 4); n > 0; n--) {
    const i = rng.int(0, lines.length - 1);
    const k = rng.int(0, 4);
    if (k === 0) lines[i] = mutateText(rng, lines[i], rng.int(1, 3));
    else if (k === 1) lines.splice(i, 0, randomLine(rng));
    else if (k === 2) lines.splice(rng.int(0, lines.length), 0, lines[i]); // a line twice
    else if (k === 3) lines.splice(i, 1);
    else lines[i] = lines[i].replace(/\S+/g, (t) => (rng.chance(0.3) ? rng.pick([...OPERANDS, ...PATHS, ...WORDS]) : t));
  }
  return lines.join('\n');
}

/** The commands whose arguments are the broker and partition ids written on the line. */
const IDS = new Set(['fail', 'recover', 'cut', 'heal', 'addReplica']);
const COMMANDS = ['config', 'produce', 'step', 'stepUntil', 'fail', 'recover', 'cut', 'heal', 'dropNext', 'addReplica', 'expect', 'title', 'caption', 'pause'];

/**
 * The property of one script: parseScenario returns its commands (documented shape, lines in
 * order, the brokers and partitions the line names, every number of an option a number) or
 * throws an Error naming a line and column that exist; never a trap. `tally` (an object) counts
 * the outcomes. Returns null or what went wrong.
 */
export function scenarioProblem(parseScenario, text, { tally = {} } = {}) {
  const count = (outcome) => (tally[outcome] = (tally[outcome] ?? 0) + 1);
  const lines = text.split('\n');
  let commands;
  try {
    commands = parseScenario(text);
    count('parsed');
  } catch (err) {
    count('refused (line, column)');
    if (!coreRefusal(err)) return `threw ${err}`;
    const m = /^line (\d+), column (\d+): \S/.exec(err.message);
    if (!m) return `an error without line and column: ${err.message}`;
    const [line, column] = [Number(m[1]), Number(m[2])];
    // Like Rust's str::lines: a line ends at \n or \r\n; a last line keeps a lone \r.
    const at = line < lines.length ? lines[line - 1].replace(/\r$/, '') : lines[line - 1];
    if (at === undefined || column < 1 || column > [...at].length + 1) return `line ${line}, column ${column} is not in the text (${err.message})`;
    return null;
  }
  if (!Array.isArray(commands)) return `returned ${typeof commands}`;
  let last = 0;
  for (const c of commands) {
    if (!COMMANDS.includes(c.command)) return `an unknown command ${c.command}`;
    if (!Number.isInteger(c.line) || c.line <= last || c.line > lines.length) return `line ${c.line} after ${last}`;
    last = c.line;
    // Tokens split as the core splits them (Unicode White_Space, as Rust's char::is_whitespace).
    const numbers = lines[c.line - 1].split(/\p{White_Space}+/u).filter((t) => /^\+?\d+$/.test(t)).map(BigInt);
    if (IDS.has(c.command) && !c.args.every((id) => numbers.includes(BigInt(id)))) return `line ${c.line}: ${c.command} of [${c.args}], not the ids written`;
    const empty = Object.entries(c.options ?? {}).find(([, v]) => v === null);
    if (empty) return `line ${c.line}: option ${empty[0]} became null`;
  }
  return null;
}

// ---------------------------------------------------------------- minimising a failure

/**
 * The smallest variant of `input` (a string) that still fails, by removing ever smaller pieces
 * (delta debugging), for at most `seconds`. `fails(candidate)` is the property check. Once the
 * input is short, pieces of every size start at every offset, so balanced parts of JSON can go too.
 */
export function minimise(input, fails, seconds = 20) {
  const deadline = performance.now() + seconds * 1000;
  const more = () => performance.now() < deadline;
  let best = input;
  for (let progress = true; progress && more(); ) {
    progress = false;
    const fine = best.length <= 2000;
    for (let size = Math.max(1, best.length >> 1); size >= 1 && more(); size = size === 1 ? 0 : Math.floor(size * (fine ? 0.8 : 0.5))) {
      for (let at = 0; at + size <= best.length && more(); ) {
        const candidate = best.slice(0, at) + best.slice(at + size);
        if (fails(candidate)) {
          best = candidate;
          progress = true;
        } else at += fine ? 1 : size;
      }
    }
  }
  return best;
}

/** `query` with `text` (JSON) as its payload, and the checksum to match. */
export function withPayload(query, text) {
  const q = new URLSearchParams(query);
  const s = toBase64Url(text);
  q.set('s', s);
  q.set('c', fnv1a(s));
  return q.toString();
}

/**
 * A failing share query made small: when its payload has a valid checksum, the payload's JSON
 * is minimised first (each try re-signed, so it still reaches the decoder's shape checks), then
 * the query around it.
 */
export function minimiseShare(query, fails) {
  let best = query;
  const params = new URLSearchParams(query);
  const s = params.get('s');
  if (s && fnv1a(s) === params.get('c')?.toLowerCase()) {
    const small = minimise(Buffer.from(s, 'base64url').toString('utf8'), (t) => fails(withPayload(query, t)));
    if (fails(withPayload(query, small))) best = withPayload(query, small);
  }
  return minimise(best, fails);
}
