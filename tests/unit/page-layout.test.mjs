// The first screen's pure parts (issue #14): which partitions and brokers a lesson is about,
// what stops "Next change", and the fault help under each version.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { lessonFocus } from "../../www/views/lesson-focus.js";
import { faultHelp } from "../../www/views/brokers-model.js";
import { isChange, skipToChange } from "../../www/app/skip.js";
import { loadLang } from "../../www/i18n.js";

await loadLang("en");

// Six brokers, three partitions; b5 is the controller and holds no replica of p1.
const snap = {
  brokers: [0, 1, 2, 3, 4, 5].map((id) => ({ id, controller: id === 5 })),
  partitions: [
    { partition: 0, replicas: [0, 1, 2] },
    { partition: 1, replicas: [1, 2, 3] },
    { partition: 2, replicas: [3, 4, 0] },
  ],
};

describe("lessonFocus", () => {
  test("the partitions a script names, their replicas, the brokers it names and the controller", () => {
    const commands = [
      { command: "caption", kind: "en", text: "b4 and p2. are words here, not the script" },
      { command: "produce", options: { partition: 1, count: 2 } },
      { command: "expect", text: "p1.isr == [1,2,3]" },
      { command: "fail", args: [2], kind: "stuck", options: {} },
    ];
    const f = lessonFocus(commands, snap);
    assert.deepEqual([...f.partitions], [1]);
    assert.deepEqual([...f.brokers].sort(), [1, 2, 3, 5]);
  });
  test("produce without a partition is partition 0; a script that names none shows everything", () => {
    assert.deepEqual([...lessonFocus([{ command: "produce", options: { count: 1 } }], snap).partitions], [0]);
    assert.equal(lessonFocus([{ command: "step", args: [10] }], snap), null);
  });
  test("rejects what is not a script or a snapshot", () => {
    assert.throws(() => lessonFocus("produce", snap), /commands must be/);
    assert.throws(() => lessonFocus([], {}), /snap must be/);
  });
});

describe("Next change", () => {
  test("stops at the first tick whose events hold a change, keeping every event", () => {
    const ticks = [[{ kind: "replicate" }], [{ kind: "hw" }], [{ kind: "append" }, { kind: "isr-shrink", text: "b2 left" }], [{ kind: "hw" }]];
    let i = 0;
    const r = skipToChange(() => ticks[i++], 10);
    assert.equal(r.ticks, 3);
    assert.equal(r.change.kind, "isr-shrink");
    assert.equal(r.events.length, 4);
  });
  test("gives up after max ticks with no change", () => {
    const r = skipToChange(() => [{ kind: "replicate" }], 5);
    assert.deepEqual([r.ticks, r.change], [5, null]);
  });
  test("the kinds it stops at, and bad calls", () => {
    for (const kind of ["isr-shrink", "isr-expand", "leader-election", "truncate", "request-acked"]) assert.equal(isChange({ kind }), true, kind);
    for (const kind of ["hw", "replicate", "append", "fetch-timeout"]) assert.equal(isChange({ kind }), false, kind);
    assert.throws(() => isChange({}), /event must be/);
    assert.throws(() => skipToChange(null), /stepOne must be/);
    assert.throws(() => skipToChange(() => [], 0), /max must be/);
    assert.throws(() => skipToChange(() => null, 2), /must return an array/);
  });
});

describe("fault help", () => {
  test("3.7: the session (18 s) expires before the lag rule (30 s); slow alone does not shrink the ISR", () => {
    const h = faultHelp({ version: "3.7", zookeeperSessionTimeoutMs: 18000, replicaLagTimeMaxMs: 30000, replicaLagMaxMessages: 0 });
    const text = Object.fromEntries(h.lines.map((l) => [l.id, l.text]));
    assert.match(text.stuck, /18\.0 s.*30\.0 s.*session expiry comes first/);
    assert.match(text.slow, /does not shrink the ISR/);
    assert.match(text.crash, /18\.0 s/);
    assert.match(text.shutdown, /moves its leaderships.*18\.0 s without a leader/);
  });
  test("0.8: replica.lag.max.messages pushes a slow follower out", () => {
    const h = faultHelp({ version: "0.8", zookeeperSessionTimeoutMs: 6000, replicaLagTimeMaxMs: 10000, replicaLagMaxMessages: 4000 });
    assert.match(h.lines.find((l) => l.id === "slow").text, /replica\.lag\.max\.messages \(4000\)/);
    const late = faultHelp({ zookeeperSessionTimeoutMs: 60000, replicaLagTimeMaxMs: 10000 });
    assert.match(late.lines.find((l) => l.id === "stuck").text, /lag rule comes first/);
    assert.throws(() => faultHelp(null), /config must be/);
  });
});
