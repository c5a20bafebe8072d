// The postMessage API (www/app/protocol.js; the window's side, www/page/embed-link.js): which
// messages are commands, their checks, the handle calls they make, and the shape of the events
// sent to the host page.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { allowedOrigins, COMMAND_TYPES, commandAllowed, commandCall, eventMessage, parseCommand, SOURCE, statePayload } from "../../www/app/protocol.js";
import { embedLink } from "../../www/page/embed-link.js";
import { coreFixture } from "./fixtures.mjs";

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
    const s = statePayload(coreFixture("failover"), { mode: "lesson", lesson: { scenario: "01-anatomy", stop: 2, stops: 8 } });
    assert.equal(s.tick, 249);
    assert.equal(s.mode, "lesson");
    assert.deepEqual([s.partitions[1].leader, s.partitions[1].leaderEpoch, s.partitions[1].isr, s.partitions[1].hw], [2, 1, [2, 3], 10]);
    assert.deepEqual(s.partitions[0].leo, { 0: 13, 1: 10, 2: 12 }, "every replica's LEO, the crashed B1's too");
    assert.deepEqual(s.brokers[1], { id: 1, status: "crashed" });
    assert.equal(s.violations, 1, "the acks=1 record B1 took down with it");
    assert.deepEqual(s.requests, { pending: 2, acked: 6, failed: 1 }, "the core's counts of every kept request");
    assert.deepEqual(JSON.parse(JSON.stringify(s)), s);
  });
});

describe("who may command the page", () => {
  test("the origin allowlist: http(s) origins only; a bad entry is reported and left out", () => {
    assert.deepEqual(allowedOrigins(null), { origins: null, problems: [] });
    assert.deepEqual(allowedOrigins("https://docs.example.org, http://localhost:5173").origins, ["https://docs.example.org", "http://localhost:5173"]);
    assert.deepEqual(allowedOrigins("https://docs.example.org/").origins, ["https://docs.example.org"]);
    const bad = allowedOrigins("javascript:alert(1),https://a.example/path,*,null");
    assert.deepEqual(bad.origins, []);
    assert.deepEqual(bad.problems.map((p) => p.value), ["javascript:alert(1)", "https://a.example/path", "*", "null"]);
    assert.throws(() => allowedOrigins(5), /value must be a string or null/);
  });
  test("only the parent window, and with an allowlist only its origins; never the page itself or an opener", () => {
    const own = {};
    const parent = {};
    const opener = {};
    assert.equal(commandAllowed({ source: parent, origin: "https://x.example" }, { own, parent, origins: null }), true);
    assert.equal(commandAllowed({ source: opener, origin: "https://x.example" }, { own, parent, origins: null }), false);
    assert.equal(commandAllowed({ source: own, origin: "https://x.example" }, { own, parent: own, origins: null }), false, "not embedded");
    assert.equal(commandAllowed({ source: parent, origin: "https://evil.example" }, { own, parent, origins: ["https://docs.example.org"] }), false);
    assert.equal(commandAllowed({ source: parent, origin: "https://docs.example.org" }, { own, parent, origins: ["https://docs.example.org"] }), true);
  });
  test("embedLink: events go to the allowed origins only; answers to the sender's origin", () => {
    const posted = [];
    const parent = { postMessage: (msg, origin) => posted.push([msg.type, origin]) };
    const win = { parent, postMessage() {} };
    const link = embedLink(win, new URLSearchParams("origin=https://a.example,https://b.example"));
    assert.equal(link.embedded, true);
    link.post("ready", { tick: 0 });
    assert.deepEqual(posted, [["ready", "https://a.example"], ["ready", "https://b.example"]]);
    assert.equal(link.accepts({ source: parent, origin: "https://b.example" }), true);
    assert.equal(link.accepts({ source: parent, origin: "https://c.example" }), false);
    posted.length = 0;
    link.reply({ source: parent, origin: "https://b.example" }, eventMessage("result", { ok: true }));
    assert.deepEqual(posted, [["result", "https://b.example"]]);
    // Not embedded: nothing is posted, nothing accepted.
    const top = { postMessage() {} };
    top.parent = top;
    const alone = embedLink(top, new URLSearchParams());
    assert.equal(alone.embedded, false);
    assert.equal(alone.accepts({ source: top, origin: "https://a.example" }), false);
    assert.throws(() => embedLink(null, new URLSearchParams()), /win must be a window/);
    assert.throws(() => embedLink(top, "origin=x"), /params must be URLSearchParams/);
  });
});
