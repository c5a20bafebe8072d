// Hostile arguments for the wasm `Cluster` handle (tests/node/hostile.test.mjs, `npm run fuzz --
// --only=hostile`): throwing getters, Proxies whose traps throw, revoked Proxies, getters that call
// back into the same handle, frozen and sealed objects with bad values, values whose toString or
// valueOf throw, symbols and BigInts. Every such call must throw an Error that names the argument,
// leave the state hash unchanged, and leave the handle and the module working (docs/api.md).
import { rngFor } from './fuzz-cases.mjs';

/** Each entry point with the argument positions that take an options object or a scalar. */
const ENTRY_POINTS = [
  { method: 'step', args: [1, { events: true }], options: { 1: ['options', 'events'] }, scalars: { 0: 'ticks' } },
  { method: 'produce', args: [{ partition: 0, count: 1 }], options: { 0: ['produce', 'partition', 'count', 'acks'] } },
  { method: 'fail', args: [1, 'crash', { lossy: false }], options: { 2: ['options', 'lossy'] }, scalars: { 0: 'broker', 1: 'kind' } },
  { method: 'cut', args: [0, 1], scalars: { 0: 'a', 1: 'b' } },
  { method: 'heal', args: [0, 1], scalars: { 0: 'a', 1: 'b' } },
  { method: 'addReplica', args: [0, 3], scalars: { 0: 'partition', 1: 'broker' } },
  { method: 'dropNext', args: ['Fetch'], scalars: { 0: 'kind' } },
  { method: 'recover', args: [1], scalars: { 0: 'broker' } },
  { method: 'snapshot', args: [{ records: 5 }], options: { 0: ['options', 'records', 'requests'] } },
  { method: 'expect', args: ['p0.hw >= 0'], scalars: { 0: 'expectation' } },
  { method: 'electLeaders', args: [{ type: 'preferred', partitions: [0] }], options: { 0: ['options', 'type', 'partitions'] } },
  { method: 'new', args: [{ seed: 1 }], options: { 0: ['config', 'seed', 'brokers', 'version'] } },
];

/** Calls that a getter may make back into the handle whose call is reading its arguments. */
const CALLBACKS = [
  (c) => c.step(1), (c) => c.snapshot(), (c) => c.produce({ partition: 0, count: 1 }), (c) => c.stateHash(),
  (c) => c.fork(), (c) => c.cut(0, 1), (c) => c.expect('p0.hw >= 0'),
];

const boom = (rng) => [new Error('boom'), new TypeError('trap'), 'a string', 42, null, undefined,
  { toString() { throw new Error('toString too'); } }, Symbol('thrown')][rng.int(0, 7)];

function throwingGetter(rng, key) {
  const thrown = boom(rng);
  return Object.defineProperty({}, key, { enumerable: true, get() { throw thrown; } });
}

function throwingProxy(rng, key) {
  // The traps Object.entries runs.
  const traps = ['ownKeys', 'get', 'getOwnPropertyDescriptor'];
  const trap = rng.pick(traps);
  const thrown = boom(rng);
  return new Proxy({ [key]: 1 }, { [trap]() { throw thrown; } });
}

function revokedProxy() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** A getter that calls the handle back (the call reading it must refuse that, or throw its error). */
function reentrantGetter(rng, key, handle) {
  const callback = rng.pick(CALLBACKS);
  return Object.defineProperty({}, key, { enumerable: true, get() { callback(handle.cluster); return 1; } });
}

function frozenBad(rng, key) {
  const bad = [Symbol('s'), 10n ** 30n, 'not a number', -7, 1.5, NaN, [1.5], () => 1][rng.int(0, 7)];
  const o = { [key]: bad };
  return rng.chance(0.5) ? Object.freeze(o) : Object.seal(o);
}

const hostileScalar = (rng) => [
  { valueOf() { throw new Error('valueOf'); } }, { toString() { throw new Error('toString'); } },
  { [Symbol.toPrimitive]() { throw new Error('toPrimitive'); } }, Symbol('s'), 10n, revokedProxy(),
  new Proxy({}, { get() { throw new Error('get'); } }), Object.freeze([1, 2]),
][rng.int(0, 7)];

/**
 * Case `index` of `seed`: `{ entry, args, expectName }`. `handle.cluster` is the cluster the call
 * will be made on (the re-entrant getters call it).
 */
export function hostileCase(seed, index, handle) {
  const rng = rngFor(seed, index);
  const entry = rng.pick(ENTRY_POINTS);
  const args = [...entry.args];
  const optionSlots = Object.keys(entry.options ?? {});
  const scalarSlots = Object.keys(entry.scalars ?? {});
  if (optionSlots.length && (!scalarSlots.length || !rng.chance(1 / 3))) {
    const slot = Number(rng.pick(optionSlots));
    const [name, ...keys] = entry.options[slot];
    const key = rng.pick(keys);
    const kind = rng.int(0, entry.method === 'new' ? 3 : 4);
    args[slot] = [throwingGetter, throwingProxy, () => revokedProxy(), frozenBad, reentrantGetter][kind](rng, key, handle);
    // A bad value found in a frozen object is named by its key, a throwing read by the argument.
    return { entry, args, expectName: kind === 3 ? key : name };
  }
  const slot = Number(rng.pick(scalarSlots));
  args[slot] = hostileScalar(rng);
  return { entry, args, expectName: entry.scalars[slot] };
}

/** Why the call broke the contract, or null: it must throw an Error naming the argument and change nothing. */
export function hostileProblem({ entry, args, expectName }, { Cluster, cluster }) {
  const before = cluster.stateHash();
  let result;
  try {
    result = entry.method === 'new' ? new Cluster(...args) : cluster[entry.method](...args);
  } catch (e) {
    if (!(e instanceof Error)) return `${entry.method} threw a non-Error: ${String(e)}`;
    if (!e.message.includes(expectName) && !/re-entrant call refused/.test(e.message)) {
      return `${entry.method}: the message should name "${expectName}": ${e.message}`;
    }
    if (e.message.length > 600) return `${entry.method}: a ${e.message.length}-character message`;
    const after = cluster.stateHash();
    return after === before ? null : `${entry.method}: a rejected call changed the state`;
  }
  result?.free?.();
  return `${entry.method} accepted a hostile argument`;
}
