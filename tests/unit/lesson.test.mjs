// The lesson runner (www/app/lesson-runner.js) against a stand-in cluster: stops at each pause, spends at
// most its tick budget, `step until` as crate/src/scenario.rs does it, checkpoints listed with
// ✓ / ✗ without stopping the lesson, and the catalogue of scenario files.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { callOf, catalogue, checkpointCounts, checkpointsIn, cloneRun, configOf, countStops, createRun, findScenario, hasMore, lessonInfo, pick, play, readingMs } from "../../www/app/lesson-runner.js";

/** A counter that stands in for a Cluster: `tick` advances; expect understands "tick OP N". */
function fake() {
  const c = { tick: 0, calls: [], steps: [] };
  c.ops = {
    call: (method, args) => {
      c.calls.push([c.tick, method, args]);
      return method === "fail" && args[0] === 9 ? { ok: false, error: "no broker 9" } : { ok: true };
    },
    step: (n) => {
      c.steps.push(n);
      c.tick += n;
    },
    expect: (text) => {
      const [, op, v] = /^tick (==|>=) (\d+)$/.exec(text);
      const ok = op === "==" ? c.tick === Number(v) : c.tick >= Number(v);
      return { ok, actual: String(c.tick), expectation: text };
    },
    tick: () => c.tick,
  };
  return c;
}

const L = (line, command, extra = {}) => ({ line, command, ...extra });
const script = [
  L(1, "title", { kind: "en", text: "A lesson" }),
  L(2, "title", { kind: "zh", text: "一课" }),
  L(3, "config", { options: { brokers: 3, seed: 7 } }),
  L(4, "caption", { kind: "en", text: "First." }),
  L(5, "caption", { kind: "zh", text: "第一。" }),
  L(6, "produce", { options: { count: 2, acks: "all" } }),
  L(7, "step", { args: [10] }),
  L(8, "expect", { text: "tick == 10", sentence: { en: "ten ticks in", zh: "过了十个 tick" } }),
  L(9, "pause"),
  L(10, "caption", { kind: "en", text: "Second." }),
  L(11, "stepUntil", { args: [50], text: "tick >= 25" }),
  L(12, "expect", { text: "tick == 99" }),
  L(13, "fail", { args: [9], kind: "crash", options: {} }),
  L(14, "stepUntil", { args: [5], text: "tick >= 1000" }),
  L(15, "pause"),
  L(16, "recover", { args: [1] }),
];

describe("lesson info", () => {
  test("title, config, stops (pauses, plus the end when actions follow the last pause)", () => {
    const info = lessonInfo(script);
    assert.deepEqual(info.title, { en: "A lesson", zh: "一课" });
    assert.deepEqual(info.config, { brokers: 3, seed: 7 });
    assert.equal(info.stops, 3);
    assert.equal(countStops(script.slice(0, 15)), 2, "ends on a pause");
    assert.equal(countStops([L(1, "step", { args: [1] })]), 1, "no pause: the end is the stop");
    assert.deepEqual(configOf([]), {});
  });
  test("pick a language, falling back to English", () => {
    assert.equal(pick({ en: "a", zh: "甲" }, "zh"), "甲");
    assert.equal(pick({ en: "a" }, "zh"), "a");
    assert.equal(pick({}, "zh"), "");
  });
});

describe("the handle calls of commands", () => {
  test("one per action command, as the Session's action log records them", () => {
    assert.deepEqual(callOf(L(1, "produce", { options: { count: 1 } })), ["produce", [{ count: 1 }]]);
    assert.deepEqual(callOf(L(1, "fail", { args: [2], kind: "crash", options: {} })), ["fail", [2]]);
    assert.deepEqual(callOf(L(1, "fail", { args: [2], kind: "stuck", options: {} })), ["fail", [2, "stuck"]]);
    assert.deepEqual(callOf(L(1, "fail", { args: [0], kind: "crash", options: { lossy: true } })), ["fail", [0, "crash", { lossy: true }]]);
    assert.deepEqual(callOf(L(1, "recover", { args: [2] })), ["recover", [2]]);
    assert.deepEqual(callOf(L(1, "cut", { args: [0, 1] })), ["cut", [0, 1]]);
    assert.deepEqual(callOf(L(1, "heal", { args: [0, 1] })), ["heal", [0, 1]]);
    assert.deepEqual(callOf(L(1, "dropNext", { kind: "FetchResponse" })), ["dropNext", ["FetchResponse"]]);
    assert.deepEqual(callOf(L(1, "addReplica", { args: [0, 3] })), ["addReplica", [0, 3]]);
    assert.deepEqual(callOf(L(1, "reassign", { args: [0, 1, 2, 4] })), ["reassign", [0, [1, 2, 4]]]);
    assert.equal(callOf(L(1, "expect", { text: "x" })), null);
  });
});

describe("playing", () => {
  test("at once: stops at each pause, with captions, checkpoints and the calls made", () => {
    const c = fake();
    const run = createRun();
    assert.deepEqual(play(run, script, Infinity, c.ops), { stop: "pause", used: 10 });
    assert.equal(run.stops, 1);
    assert.deepEqual(run.captions, { en: "First.", zh: "第一。" });
    assert.deepEqual(run.title, { en: "A lesson", zh: "一课" });
    assert.deepEqual(c.calls, [[0, "produce", [{ count: 2, acks: "all" }]]]);
    assert.deepEqual(checkpointCounts(run.checkpoints), { ok: 1, bad: 0, total: 1 });
    assert.equal(run.checkpoints[0].tick, 10);
    assert.deepEqual(checkpointsIn(run.checkpoints, "zh").map((x) => [x.says, x.text]), [["过了十个 tick", "tick == 10"]], "the sentence in the reader's language, the expression kept");
    assert.equal(checkpointsIn(run.checkpoints, "fr")[0].says, "ten ticks in", "else English");

    const r2 = play(run, script, Infinity, c.ops);
    assert.equal(r2.stop, "pause");
    assert.equal(run.stops, 2);
    assert.equal(run.captions.en, "Second.");
    assert.equal(run.captions.zh, "第一。", "a language without a new caption keeps the last one");
    // step until: checks, steps one tick, … (15 ticks to reach 25), then the failed expect, the
    // refused call and the wait that never happens (5 ticks) are listed, and play goes on.
    assert.equal(c.tick, 30);
    const bad = run.checkpoints.filter((x) => !x.ok);
    assert.deepEqual(bad.map((x) => [x.kind, x.line]), [["expect", 12], ["error", 13], ["wait", 14]]);
    assert.equal(bad[1].error, "no broker 9");
    assert.equal(bad[2].max, 5);
    assert.ok(hasMore(run, script));

    assert.equal(play(run, script, Infinity, c.ops).stop, "end");
    assert.equal(run.stops, 3, "the end counts as a stop after trailing actions");
    assert.ok(run.done);
    assert.ok(!hasMore(run, script));
  });
  test("with a budget: never more ticks than allowed per call, the same end state", () => {
    const c = fake();
    const run = createRun();
    const used = [];
    let r;
    do {
      r = play(run, script, 4, c.ops);
      used.push(r.used);
      assert.ok(r.used <= 4);
    } while (r.stop === "budget");
    assert.equal(r.stop, "pause");
    assert.equal(c.tick, 10);
    assert.deepEqual(used, [4, 4, 2]);
    assert.ok(c.steps.every((n) => n <= 4));
    // A zero budget still runs the instant commands (calls, captions) and waits at the next step.
    const c2 = fake();
    const run2 = createRun();
    assert.deepEqual(play(run2, script, 0, c2.ops), { stop: "budget", used: 0 });
    assert.equal(c2.calls.length, 1);
    assert.equal(run2.captions.en, "First.");
  });
  test("step until checks before stepping: no tick when it already holds", () => {
    const c = fake();
    const run = createRun();
    play(run, [L(1, "stepUntil", { args: [10], text: "tick >= 0" }), L(2, "pause")], Infinity, c.ops);
    assert.equal(c.tick, 0);
  });
  test("a cloned run is independent (stop positions keep one)", () => {
    const c = fake();
    const run = createRun();
    play(run, script, Infinity, c.ops);
    const copy = cloneRun(run);
    run.checkpoints[0].sentence.en = "changed";
    play(run, script, Infinity, c.ops);
    assert.equal(copy.checkpoints[0].sentence.en, "ten ticks in");
    assert.equal(copy.stops, 1);
    assert.equal(copy.checkpoints.length, 1);
    assert.equal(copy.captions.en, "First.");
  });
  test("autoplay reading time: longer captions stay longer, within 4–14 s", () => {
    assert.equal(readingMs(""), 4000);
    assert.equal(readingMs("x".repeat(10000)), 14000);
    assert.ok(readingMs("a".repeat(120)) > readingMs("a".repeat(70)));
    assert.ok(readingMs("字".repeat(40), "zh") > readingMs("a".repeat(40), "en"));
  });
});

describe("the catalogue", () => {
  const files = {
    "../scenarios/notes/acks1-loss.txt": "n",
    "../scenarios/lessons/02-sync.txt": "b",
    "../scenarios/lessons/01-anatomy.txt": "a",
    "../scenarios/core/basics.txt": "c",
    "../scenarios/kip/kip101.txt": "k",
  };
  test("lessons first, by name, then the other groups", () => {
    assert.deepEqual(catalogue(files).map((e) => `${e.group}/${e.id}`), ["lessons/01-anatomy", "lessons/02-sync", "core/basics", "notes/acks1-loss", "kip/kip101"]);
  });
  test("numbers in names by value: k9 before k10, 02 before 02b", () => {
    const names = ["k10-b", "k2-a", "k1-a", "02b-q", "02-i", "k9-z"];
    const list = catalogue(Object.fromEntries(names.map((n) => [`../scenarios/lessons/${n}.txt`, n])));
    assert.deepEqual(list.map((e) => e.id), ["02-i", "02b-q", "k1-a", "k2-a", "k9-z", "k10-b"]);
  });
  test("found by name, group/name or file name", () => {
    const list = catalogue(files);
    assert.equal(findScenario(list, "01-anatomy").text, "a");
    assert.equal(findScenario(list, "notes/acks1-loss").text, "n");
    assert.equal(findScenario(list, "kip101.txt").text, "k");
    assert.equal(findScenario(list, "core/01-anatomy"), null);
    assert.equal(findScenario(list, ""), null);
  });
});
