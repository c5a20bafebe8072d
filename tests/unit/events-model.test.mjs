// Event filtering and screen-reader announcements (www/views/events-model.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { announcements, eventKinds, filterEvents, newViolations, summarize } from "../../www/views/events-model.js";
import { mergeEvents } from "../../www/views/model.js";
import { eventsFixture, snapshotFixture } from "./fixtures.mjs";
import { loadLang } from "../../www/i18n.js";

// The words come from the dictionaries, loaded as the page loads them (i18n.js loadLang).
await loadLang("en");

const log = () => mergeEvents([], eventsFixture()); // newest first, as the panel keeps it

describe("filters", () => {
  test("kinds present, sorted", () => {
    assert.deepEqual(eventKinds(log()), ["broker-fail", "hw", "leader", "leader-election", "zk-session-expired"]);
  });
  test("by kind, by partition, both; newest first", () => {
    assert.deepEqual(filterEvents(log(), { kind: "leader-election" }).map((e) => e.tick), [180]);
    assert.deepEqual(filterEvents(log(), { partition: "1" }).map((e) => e.kind), ["leader", "leader-election"]);
    assert.deepEqual(filterEvents(log(), { partition: "0", kind: "hw" }).map((e) => e.tick), [244]);
    assert.equal(filterEvents(log(), {}).length, 5);
    assert.equal(filterEvents(log(), {}, 2).length, 2, "limit");
    assert.deepEqual(filterEvents(log(), { partition: "2" }), [], "cluster-wide events are not about P2");
  });
});

describe("announcements", () => {
  test("only leader changes, ISR changes, failed requests and violations are read out", () => {
    const evs = [
      ...eventsFixture(),
      { tick: 250, kind: "isr-shrink", partition: 0, broker: 0, text: "ISR {0,1,2}→{0,1}" },
      { tick: 251, kind: "request-failed", partition: 0, broker: -1, text: "#7 NOT_ENOUGH_REPLICAS" },
    ];
    const said = announcements(evs, [{ kind: "StrongIsr", tick: 251, text: "B2 lacks offset 9" }]);
    assert.deepEqual(said, [
      "Leader change on partition 1: leader 3→1 epoch 0→1: first live replica of ISR {3,1,2}",
      "ISR shrink on partition 0: ISR {0,1,2}→{0,1}",
      "Request failed on partition 0: #7 NOT_ENOUGH_REPLICAS",
      "Guarantee violated: StrongIsr: B2 lacks offset 9",
    ]);
  });
  test("a flood is summarised", () => {
    assert.equal(summarize(["A.", "B."]), "A. B.");
    assert.equal(summarize(["A.", "B.", "C.", "D.", "E."], 3), "A. B. C. And 2 more.");
  });
});

describe("violations", () => {
  test("the new ones since the last frame", () => {
    const s = { ...snapshotFixture(), violations: [{ kind: "a", tick: 10, text: "" }, { kind: "b", tick: 20, text: "" }] };
    assert.deepEqual(newViolations(s, 15).map((v) => v.kind), ["b"]);
    assert.deepEqual(newViolations(s, 20), []);
  });
});
