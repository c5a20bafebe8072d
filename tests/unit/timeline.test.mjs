// Time travel bookkeeping (www/timeline.js): the replay plan that seeking relies on, forking the
// action log when the user acts in the past, and the cut links derived from the log.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { cutLinksAt, forkAt, linkKey, replayPlan } from "../../www/timeline.js";

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
  test("cut and heal actions up to the tick", () => {
    const a = [act(1, "cut", [0, 1]), act(2, "cut", [3, 2]), act(5, "heal", [1, 0]), act(8, "produce", [{}])];
    assert.deepEqual([...cutLinksAt(a, 0)], []);
    assert.deepEqual([...cutLinksAt(a, 2)].sort(), ["0-1", "2-3"]);
    assert.deepEqual([...cutLinksAt(a, 5)], ["2-3"]);
  });
});
