// Time travel bookkeeping (www/app/timeline.js): the replay plan that seeking relies on, the
// checkpoints that keep seeking short, forking the action log when the user acts in the past, and
// the cut links derived from the log.
import assert from "node:assert/strict";
import fs from "node:fs";
import { describe, test } from "node:test";
import { Checkpoints, QUIET_REPLAY_MARGIN, checkpointBytes, forkAt, linkKey, replayPlan, runPlan, seekPlan } from "../../www/app/timeline.js";

const act = (tick, method = "produce", args = [{}]) => ({ tick, method, args });

describe("replay plan", () => {
  test("a fresh cluster applies tick-0 actions, then steps between actions", () => {
    const a = [act(0), act(5, "fail", [1]), act(5, "recover", [1]), act(9)];
    const ops = replayPlan(a, 0, 12, { includeFrom: true });
    assert.deepEqual(ops, [{ apply: a[0] }, { step: 5 }, { apply: a[1] }, { apply: a[2] }, { step: 4 }, { apply: a[3] }, { step: 3 }]);
  });
  test("a running cluster has applied the actions at its own tick already", () => {
    const a = [act(3), act(4)];
    assert.deepEqual(replayPlan(a, 3, 5), [{ step: 1 }, { apply: a[1] }, { step: 1 }]);
  });
  test("actions after the target are left for later; an action at the target is applied", () => {
    const a = [act(2), act(7)];
    assert.deepEqual(replayPlan(a, 0, 2, { includeFrom: true }), [{ step: 2 }, { apply: a[0] }]);
  });
  test("long stretches are split into chunks the core accepts", () => {
    const ops = replayPlan([], 0, 250_001, { chunk: 100_000 });
    assert.deepEqual(ops, [{ step: 100_000 }, { step: 100_000 }, { step: 50_001 }]);
  });
  test("the steps add up to the distance", () => {
    const a = [act(1), act(1), act(30), act(31)];
    const ops = replayPlan(a, 0, 40, { includeFrom: true, chunk: 7 });
    assert.equal(ops.filter((o) => o.step).reduce((n, o) => n + o.step, 0), 40);
    assert.equal(ops.filter((o) => o.apply).length, 4);
    assert.ok(ops.every((o) => !o.step || o.step <= 7));
  });
  test("nothing to do", () => {
    assert.deepEqual(replayPlan([act(5)], 5, 5), []);
  });
});

describe("forking", () => {
  test("acting at tick t keeps the actions up to and including t", () => {
    const a = [act(1), act(4), act(4), act(9)];
    assert.deepEqual(forkAt(a, 4), a.slice(0, 3));
    assert.deepEqual(forkAt(a, 0), []);
    assert.equal(forkAt(a, 9), a, "nothing to discard: the same log");
  });
});

describe("cut links", () => {
  test("links are undirected", () => {
    assert.equal(linkKey(2, 0), "0-2");
    assert.equal(linkKey(0, 2), "0-2");
  });
});

/**
 * A stand-in for the wasm handle: its "state" is a hash of everything that happened to it, in
 * order, so any difference in ticks or actions shows in stateHash(). It counts live handles and
 * refuses use after free(), as the wasm handle does.
 */
class FakeCluster {
  static live = 0;
  constructor() {
    this.tick = 0;
    this.h = 17;
    this.freed = false;
    FakeCluster.live++;
  }
  mix(x) {
    this.h = (Math.imul(this.h, 31) + x + 1) >>> 0;
  }
  use() {
    if (this.freed) throw new Error("null pointer passed to rust");
  }
  step(n = 1) {
    this.use();
    for (let i = 0; i < n; i++) this.mix(++this.tick);
    return [{ tick: this.tick }];
  }
  produce({ count }) {
    this.use();
    this.mix(1_000_000 + count);
  }
  fail(b) {
    this.use();
    this.mix(2_000_000 + b);
  }
  fork() {
    this.use();
    const c = new FakeCluster();
    c.tick = this.tick;
    c.h = this.h;
    return c;
  }
  free() {
    this.use();
    this.freed = true;
    FakeCluster.live--;
  }
  stateHash() {
    this.use();
    return this.h;
  }
}

/** A log with actions at irregular ticks, several at some ticks, up to `horizon`. */
function history(horizon) {
  const log = [];
  for (let t = 0; t <= horizon; t += 1 + ((t * 7919) % 13)) {
    log.push({ tick: t, method: "produce", args: [{ partition: t % 3, count: 1 + (t % 5) }] });
    if (t % 5 === 0) log.push({ tick: t, method: "fail", args: [t % 4] });
  }
  return log;
}

/** The hash at every tick 0..horizon of a straight run applying `log` (the state at t includes t's actions). */
function straightHashes(log, horizon) {
  const c = new FakeCluster();
  const hashes = [];
  let i = 0;
  for (let t = 0; t <= horizon; t++) {
    if (t > 0) c.step(1);
    for (; i < log.length && log[i].tick === t; i++) c[log[i].method](...log[i].args);
    hashes.push(c.stateHash());
  }
  c.free();
  return hashes;
}

/** Deterministic pseudo-random ticks in [0, n]. */
function* randomTicks(count, n, seed = 12345) {
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    yield x % (n + 1);
  }
}

/** Runs `log` to `horizon` on a fresh handle, offering checkpoints on the way, as the page does. */
function record(store, log, horizon) {
  const cluster = new FakeCluster();
  store.clear();
  store.add(0, cluster);
  runPlan(cluster, replayPlan(log, 0, horizon, { includeFrom: true, every: store.every }), { checkpoints: store });
  return cluster;
}

/** Seeks back: fork of the nearest checkpoint + replay; returns the handle and the ticks replayed. */
function seek(store, log, target) {
  const { tick, handle } = store.restore(target);
  let replayed = 0;
  runPlan(handle, replayPlan(log, tick, target, { includeFrom: true, every: store.every }), {
    checkpoints: store,
    onStep: (n) => (replayed += n),
  });
  return { handle, replayed };
}

const sizeOne = () => 1;

describe("replay plan with checkpoint marks", () => {
  test("steps stop at the multiples of `every`, marked before the actions at that tick", () => {
    const a = [act(3), act(4), act(4)];
    const ops = replayPlan(a, 0, 9, { includeFrom: true, every: 4 });
    assert.deepEqual(ops, [
      { checkpoint: 0 },
      { step: 3 }, { apply: a[0] },
      { step: 1 }, { checkpoint: 4 }, { apply: a[1] }, { apply: a[2] },
      { step: 4 }, { checkpoint: 8 },
      { step: 1 },
    ]);
  });
  test("a running cluster is not marked at its own tick (it has applied that tick's actions)", () => {
    assert.deepEqual(replayPlan([], 4, 6, { every: 4 }), [{ step: 2 }]);
  });
  test("chunks and marks together: the steps still add up and stay within the chunk", () => {
    const ops = replayPlan(history(5000), 0, 5000, { includeFrom: true, chunk: 700, every: 1000 });
    assert.equal(ops.filter((o) => o.step).reduce((n, o) => n + o.step, 0), 5000);
    assert.ok(ops.every((o) => !o.step || o.step <= 700));
    assert.deepEqual(ops.filter((o) => o.checkpoint !== undefined).map((o) => o.checkpoint), [0, 1000, 2000, 3000, 4000, 5000]);
  });
  test("without `every` the plan is as before", () => {
    assert.ok(replayPlan(history(300), 0, 300, { includeFrom: true }).every((o) => o.checkpoint === undefined));
  });
});

describe("seek plan", () => {
  test("a long seek replays quietly up to the margin, then with events; together they are the whole replay", () => {
    const log = history(3000);
    const plan = seekPlan(log, 1000, 2500, { includeFrom: true, every: 500 });
    assert.equal(plan.loud, 2500 - QUIET_REPLAY_MARGIN);
    // The same actions, checkpoints and ticks, in the same order (a step may be split at `loud`).
    const merged = (ops) => ops.reduce((out, op) => {
      if (op.step && out.at(-1)?.step) out[out.length - 1] = { step: out.at(-1).step + op.step };
      else out.push(op);
      return out;
    }, []);
    assert.ok(plan.quiet.length > 0 && plan.audible.length > 0);
    assert.deepEqual(merged([...plan.quiet, ...plan.audible]), merged(replayPlan(log, 1000, 2500, { includeFrom: true, every: 500 })));
  });
  test("a short seek is all with events, and keeps includeFrom", () => {
    const log = history(3000);
    const plan = seekPlan(log, 1000, 1000 + QUIET_REPLAY_MARGIN - 1, { includeFrom: true, every: 500 });
    assert.deepEqual(plan.quiet, []);
    assert.equal(plan.loud, 1000);
    assert.deepEqual(plan.audible, replayPlan(log, 1000, 1000 + QUIET_REPLAY_MARGIN - 1, { includeFrom: true, every: 500 }));
  });
});

describe("runPlan", () => {
  test("steps, applies and offers checkpoints; returns the events; reports each step", () => {
    const c = new FakeCluster();
    const store = new Checkpoints({ every: 2, sizeOf: sizeOne });
    const applied = [];
    const steps = [];
    const a = [act(1, "produce", [{ count: 1 }]), act(3, "fail", [2])];
    const events = runPlan(c, replayPlan(a, 0, 4, { includeFrom: true, every: 2 }), {
      checkpoints: store,
      apply: (h, x) => applied.push(x.method) && h[x.method](...x.args),
      onStep: (n) => steps.push(n),
    });
    assert.deepEqual(applied, ["produce", "fail"]);
    assert.deepEqual(steps, [1, 1, 1, 1]);
    assert.deepEqual(events.map((e) => e.tick), [1, 2, 3, 4]);
    assert.deepEqual(store.ticks(), [0, 2, 4]);
    store.clear();
    c.free();
  });
});

describe("checkpoints", () => {
  test("keeps forks at multiples of `every`, once each; the copies are independent", () => {
    const c = new FakeCluster();
    const store = new Checkpoints({ every: 10, sizeOf: sizeOne });
    assert.equal(store.add(0, c), true);
    assert.equal(store.add(0, c), false, "already kept");
    c.step(5);
    assert.equal(store.wants(5), false);
    assert.equal(store.add(5, c), false, "off the spacing");
    const at5 = c.stateHash();
    c.step(5);
    assert.equal(store.add(10, c), true);
    const at10 = c.stateHash();
    c.step(3);
    assert.equal(store.nearest(10).handle.stateHash(), at10, "stepping the original leaves the copy alone");
    assert.equal(store.nearest(9).tick, 0);
    assert.equal(store.nearest(-1), null);
    const r = store.restore(10);
    assert.equal(r.tick, 10);
    assert.notEqual(r.handle, store.nearest(10).handle, "restore hands out a new fork");
    r.handle.step(1);
    r.handle.free();
    assert.equal(store.nearest(10).handle.stateHash(), at10);
    assert.notEqual(at5, at10);
    store.clear();
    c.free();
  });

  test("a 100 000-tick history keeps at most `max`, evenly spread, and frees what it drops", () => {
    const live = FakeCluster.live;
    const store = new Checkpoints({ every: 1000, max: 64, sizeOf: sizeOne });
    const log = history(100_000);
    const c = record(store, log, 100_000);
    assert.ok(store.size <= 64, `${store.size} checkpoints`);
    assert.equal(store.every, 2000);
    assert.deepEqual(store.ticks(), Array.from({ length: 51 }, (_, i) => i * 2000));
    assert.equal(FakeCluster.live, live + 1 + store.size, "every dropped copy was freed");
    store.clear();
    assert.equal(store.size, 0);
    assert.equal(store.every, 1000, "a new history starts with the first spacing");
    assert.equal(FakeCluster.live, live + 1);
    c.free();
  });

  test("the byte budget thins them too, and tick 0 always stays", () => {
    const store = new Checkpoints({ every: 100, max: 1000, maxBytes: 50_000, sizeOf: (h) => 1000 + h.tick });
    const c = record(store, [], 10_000);
    assert.ok(store.bytes <= 50_000, `${store.bytes} bytes`);
    assert.equal(store.ticks()[0], 0);
    const t = store.ticks();
    assert.ok(t.every((x, i) => i === 0 || x - t[i - 1] === store.every), "evenly spread");
    assert.equal(store.bytes, t.reduce((n, x) => n + 1000 + x, 0));
    // The budgets hold at every moment, and no copy is made just to be dropped.
    const live = FakeCluster.live;
    const tight = new Checkpoints({ every: 100, max: 5, maxBytes: 30_000, sizeOf: (h) => 1000 + h.tick });
    const watched = {
      add(tick, h) {
        const before = FakeCluster.live;
        const kept = tight.add(tick, h);
        assert.ok(tight.size <= 5 && tight.bytes <= 30_000, `at tick ${tick}: ${tight.size} copies, ${tight.bytes} bytes`);
        assert.ok(FakeCluster.live <= before + (kept ? 1 : 0), `at tick ${tick}: a copy made and dropped`);
      },
    };
    const e = new FakeCluster();
    watched.add(0, e);
    runPlan(e, replayPlan([], 0, 20_000, { includeFrom: true, every: 100 }), { checkpoints: watched });
    tight.clear();
    e.free();
    assert.equal(FakeCluster.live, live);
    const tiny = new Checkpoints({ every: 10, maxBytes: 1, sizeOf: () => 5 });
    const d = record(tiny, [], 100);
    assert.deepEqual(tiny.ticks(), [0], "over budget with one copy: only tick 0 is kept");
    store.clear();
    tiny.clear();
    c.free();
    d.free();
  });

  test("seeking: fork the nearest checkpoint + replay gives the state of the straight run, exactly", () => {
    const horizon = 100_000;
    const log = history(horizon);
    const hashes = straightHashes(log, horizon);
    const store = new Checkpoints({ every: 1000, max: 64, sizeOf: sizeOne });
    const live = FakeCluster.live;
    const c = record(store, log, horizon);
    assert.equal(c.stateHash(), hashes[horizon]);
    for (const target of [0, 1, 1999, 2000, 2001, horizon - 1, horizon, ...randomTicks(200, horizon)]) {
      const { handle, replayed } = seek(store, log, target);
      assert.equal(handle.stateHash(), hashes[target], `tick ${target}`);
      assert.ok(replayed < store.every, `replayed ${replayed} ticks to reach ${target}`);
      handle.free();
    }
    assert.equal(FakeCluster.live, live + 1 + store.size, "no handle leaked");
    store.clear();
    c.free();
  });

  test("acting in the past: the checkpoints after it are freed, the one at it stays valid", () => {
    const log = history(10_000);
    const store = new Checkpoints({ every: 1000, sizeOf: sizeOne });
    const live = FakeCluster.live;
    const c = record(store, log, 10_000);
    c.free();
    // Back to 4000, then act there: the log keeps what happened up to 4000 and the new action.
    const { handle } = seek(store, log, 4000);
    const cut = forkAt(log, 4000);
    store.dropAfter(4000);
    assert.deepEqual(store.ticks(), [0, 1000, 2000, 3000, 4000]);
    handle.produce({ count: 99 });
    cut.push(act(4000, "produce", [{ count: 99 }]));
    // Run on to a new future, then seek back into it.
    runPlan(handle, replayPlan(cut, 4000, 7000, { every: store.every }), { checkpoints: store });
    const hashes = straightHashes(cut, 7000);
    assert.equal(handle.stateHash(), hashes[7000]);
    for (const target of [3999, 4000, 4001, 5000, 6500]) {
      const s = seek(store, cut, target);
      assert.equal(s.handle.stateHash(), hashes[target], `tick ${target}`);
      s.handle.free();
    }
    handle.free();
    store.clear();
    assert.equal(FakeCluster.live, live);
  });
});

// The same exactness with the real core (www/pkg, built by `npm run build:wasm`) and its fork().
const PKG = new URL("../../www/pkg/kafka_replication.js", import.meta.url);
describe("checkpoints with the wasm core", { skip: !fs.existsSync(PKG) && "www/pkg is not built" }, () => {
  test("seeking from a fork of a checkpoint reaches the original's stateHash() at that tick", async () => {
    const { default: init, Cluster } = await import(PKG);
    await init({ module_or_path: fs.readFileSync(new URL("kafka_replication_bg.wasm", PKG)) });
    const horizon = 6000;
    const log = [];
    for (let t = 0; t <= horizon; t += 7) log.push({ tick: t, method: "produce", args: [{ partition: t % 3, count: 5 }] });
    log.push({ tick: 1500, method: "fail", args: [1] }, { tick: 3100, method: "recover", args: [1] });
    log.sort((x, y) => x.tick - y.tick);
    // The straight run: the hash at some ticks.
    const targets = [0, 1, 499, 500, 1500, 1501, 2222, 3100, 4999, horizon, ...randomTicks(12, horizon, 7)].sort((x, y) => x - y);
    const want = new Map();
    const straight = new Cluster({});
    let at = -1;
    for (const t of targets) {
      runPlan(straight, replayPlan(log, Math.max(at, 0), t, { includeFrom: at < 0 }));
      at = t;
      want.set(t, straight.stateHash());
    }
    straight.free();
    // Recording with checkpoints (a small budget, so they are thinned), then seeking back.
    const store = new Checkpoints({ every: 250, max: 8 });
    const c = new Cluster({});
    store.add(0, c);
    runPlan(c, replayPlan(log, 0, horizon, { includeFrom: true, every: store.every }), { checkpoints: store });
    assert.equal(c.stateHash(), want.get(horizon));
    assert.ok(store.size <= 8 && store.every > 250, "thinned");
    assert.ok(store.bytes > 0 && store.bytes === store.list.reduce((n, x) => n + x.bytes, 0));
    for (const t of [...targets].reverse()) {
      const r = store.restore(t);
      runPlan(r.handle, replayPlan(log, r.tick, t, { includeFrom: true, every: store.every }), { checkpoints: store });
      assert.equal(r.handle.stateHash(), want.get(t), `tick ${t} (from the checkpoint at ${r.tick})`);
      r.handle.free();
    }
    assert.ok(checkpointBytes(c) > 16 * 1024);
    store.clear();
    c.free();
  });
});
