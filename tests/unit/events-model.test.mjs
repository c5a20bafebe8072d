// Event filtering and screen-reader announcements (www/views/events-model.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { announcements, eventKinds, filterEvents, newViolations, summarize } from "../../www/views/events-model.js";
import { mergeEvents } from "../../www/views/model.js";
import { coreFixture, eventsFixture } from "./fixtures.mjs";
import { loadLang } from "../../www/i18n.js";

// The words come from the dictionaries, loaded as the page loads them (i18n.js loadLang).
await loadLang("en");

// The failover story's events (recorded), newest first, as the panel keeps them.
const log = () => mergeEvents([], eventsFixture("failover"));

describe("filters", () => {
  test("kinds present, sorted", () => {
    assert.deepEqual(eventKinds(log()), [
      "append", "broker-fail", "controller", "hw", "leader", "leader-election", "link-cut", "link-heal",
      "produce", "produce-wait", "replicate", "request-acked", "request-failed", "violation", "zk-session-expired",
    ]);
  });
  test("by kind, by partition, both; newest first", () => {
    assert.deepEqual(filterEvents(log(), { kind: "leader-election" }).map((e) => [e.tick, e.partition]), [[213, 1], [213, 0], [0, 2], [0, 1], [0, 0]], "the topic's creation, then the controller's moves when B1's session expired");
    assert.deepEqual(filterEvents(log(), { partition: "1", kind: "leader" }).map((e) => [e.tick, e.broker]), [[216, 2], [0, 1]]);
    assert.deepEqual(filterEvents(log(), { partition: "0", kind: "hw" }).map((e) => e.tick), [247, 14, 13, 7]);
    assert.equal(filterEvents(log(), {}).length, eventsFixture("failover").length);
    assert.equal(filterEvents(log(), {}, 2).length, 2, "limit");
    assert.deepEqual(filterEvents(log(), { kind: "broker-fail" }).map((e) => e.tick), [33]);
    assert.deepEqual(filterEvents(log(), { partition: "2", kind: "broker-fail" }), [], "cluster-wide events are not about P2");
  });
});

describe("announcements", () => {
  test("only leader changes, ISR changes, failed requests and violations are read out (recorded: from B1's crash on)", () => {
    const evs = eventsFixture("failover").filter((e) => e.tick >= 33);
    assert.ok(evs.some((e) => e.kind === "zk-session-expired") && evs.some((e) => e.kind === "append"), "other kinds are there, and not read");
    const said = announcements([...evs, { tick: 250, kind: "isr-shrink", partition: 0, broker: 0, text: "ISR {0,1,2}→{0,1}" }], coreFixture("failover").violations);
    assert.deepEqual(said, [
      "Request failed on partition 1: request #5 failed: REQUEST_TIMED_OUT, expired in the accumulator after delivery.timeout.ms",
      "Leader change on partition 0: controller b0: p0 removed b1 from the ISR: its ZooKeeper session expired → leader 0, leader_epoch 1, ISR {0,2}",
      "Leader change on partition 1: controller b0: p1 leader b1 is gone; elected b2, the first live ISR member in assignment order [1,2,3] → leader 2, leader_epoch 1, ISR {2,3}",
      "ISR shrink on partition 0: ISR {0,1,2}→{0,1}",
      `Guarantee violated: acks1-lost: ${coreFixture("failover").violations[0].text}`,
    ]);
  });
  test("a flood is summarised", () => {
    assert.equal(summarize(["A.", "B."]), "A. B.");
    assert.equal(summarize(["A.", "B.", "C.", "D.", "E."], 3), "A. B. C. And 2 more.");
  });
});

describe("violations", () => {
  test("the new ones since the last frame", () => {
    const s = coreFixture("failover");
    assert.deepEqual(newViolations(s, 215).map((v) => [v.kind, v.tick]), [["acks1-lost", 216]]);
    assert.deepEqual(newViolations(s, 216), []);
  });
});
