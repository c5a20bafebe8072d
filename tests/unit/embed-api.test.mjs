// The postMessage API (www/embed-api.js): which messages are commands, their checks, the handle
// calls they make, and the shape of the events sent to the host page.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { COMMAND_TYPES, commandCall, eventMessage, parseCommand, SOURCE, statePayload } from "../../www/embed-api.js";
import { snapshotFixture } from "./fixtures.mjs";

describe("commands", () => {
  test("the documented commands", () => {
    for (const t of ["play", "pause", "next", "back", "restart", "goto", "step", "produce", "fail", "recover", "cut", "heal", "scenario", "lang", "theme", "state"]) assert.ok(COMMAND_TYPES.includes(t), t);
  });
  test("valid ones come back with only their fields and the id", () => {
    assert.deepEqual(parseCommand({ type: "produce", partition: 0, count: 5, acks: "all", junk: 1, id: 7 }), { ok: true, id: 7, command: { type: "produce", partition: 0, count: 5, acks: "all" } });
    assert.deepEqual(parseCommand({ type: "step", ticks: 20 }), { ok: true, id: null, command: { type: "step", ticks: 20 } });
    assert.deepEqual(parseCommand({ type: "goto", step: 3 }).command, { type: "goto", step: 3 });
    assert.deepEqual(parseCommand({ type: "fail", broker: 1, kind: "stuck" }).command, { type: "fail", broker: 1, kind: "stuck" });
  });
  test("bad fields are refused, naming the field", () => {
    assert.match(parseCommand({ type: "step", ticks: 0 }).error, /ticks/);
    assert.match(parseCommand({ type: "goto" }).error, /step/);
    assert.match(parseCommand({ type: "fail", broker: 1, kind: "melted" }).error, /kind/);
    assert.match(parseCommand({ type: "produce", acks: 2 }).error, /acks/);
    assert.match(parseCommand({ type: "lang", lang: "fr" }).error, /lang/);
  });
  test("not for us: non-objects, our own events, unknown types without a target", () => {
    assert.equal(parseCommand("play"), null);
    assert.equal(parseCommand(null), null);
    assert.equal(parseCommand({ source: SOURCE, type: "state" }), null);
    assert.equal(parseCommand({ type: "webpackOk" }), null);
    assert.match(parseCommand({ type: "explode", target: SOURCE }).error, /unknown command/);
  });
  test("cluster commands are handle calls", () => {
    const call = (d) => commandCall(parseCommand(d).command);
    assert.deepEqual(call({ type: "produce", count: 5, acks: "all" }), ["produce", [{ count: 5, acks: "all" }]]);
    assert.deepEqual(call({ type: "produce", acks: -1 }), ["produce", [{ acks: "all", count: 1 }]]);
    assert.deepEqual(call({ type: "produce", acks: "1", partition: 2 }), ["produce", [{ partition: 2, acks: 1, count: 1 }]]);
    assert.deepEqual(call({ type: "fail", broker: 2 }), ["fail", [2]]);
    assert.deepEqual(call({ type: "fail", broker: 2, kind: "slow", delayMs: 3000 }), ["fail", [2, "slow", { delayMs: 3000 }]]);
    assert.deepEqual(call({ type: "recover", broker: 2 }), ["recover", [2]]);
    assert.deepEqual(call({ type: "cut", a: 0, b: 1 }), ["cut", [0, 1]]);
    assert.equal(call({ type: "play" }), null);
  });
});

describe("events", () => {
  test("every event carries the source, the API version and its type", () => {
    assert.deepEqual(eventMessage("ready", { lang: "zh" }), { source: SOURCE, version: 1, type: "ready", lang: "zh" });
  });
  test("the state payload: small and JSON-safe", () => {
    const s = statePayload(snapshotFixture(), { mode: "lesson", lesson: { scenario: "01-anatomy", stop: 2, stops: 8 } });
    assert.equal(s.tick, 245);
    assert.equal(s.mode, "lesson");
    assert.deepEqual(s.partitions[1].isr, [1, 2]);
    assert.equal(s.partitions[0].leo["0"], snapshotFixture().partitions[0].logs[0].leo);
    assert.deepEqual(s.requests, { pending: 1, acked: 3, failed: 1 }, "the core's counts of every kept request");
    assert.deepEqual(JSON.parse(JSON.stringify(s)), s);
  });
});
