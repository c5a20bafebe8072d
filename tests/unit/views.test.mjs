// Pure helpers exported by view modules: the compact table, the consumer line, partition flags.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { compactRow, shouldCompact } from "../../www/views/compact-model.js";
import { consumerLines, consumerModel } from "../../www/views/brokers-model.js";
import { eventKindMeanings, invariants } from "../../www/views/events-model.js";
import { partitionAlerts } from "../../www/views/model.js";
import { coreFixture, schemaFixture } from "./fixtures.mjs";
import { loadLang, setLang } from "../../www/i18n.js";

// The words come from the dictionaries, loaded as the page loads them (i18n.js loadLang).
await loadLang("en");

const snap = coreFixture("failover");
const byId = new Map(snap.brokers.map((b) => [b.id, b]));

describe("compact view", () => {
  test("switches in for large clusters", () => {
    assert.equal(shouldCompact(snap), false);
    const big = { brokers: Array.from({ length: 24 }, (_, id) => ({ id })), partitions: Array.from({ length: 200 }, () => ({ replicas: [0, 1, 2] })) };
    assert.equal(shouldCompact(big), true);
    assert.equal(shouldCompact({ brokers: big.brokers, partitions: [] }), true, "many brokers alone");
    assert.equal(shouldCompact({ brokers: [{}], partitions: Array.from({ length: 17 }, () => ({ replicas: [0, 1, 2] })) }), true, "51 replicas");
  });
  test("one row: leader, ISR size, HW, the largest follower lag, warnings (recorded)", () => {
    const r = compactRow(snap.partitions[0], byId);
    assert.deepEqual(
      { leader: r.leader, isr: r.isr, osr: r.osr, rf: r.rf, hw: r.hw, maxLag: r.maxLag, flags: r.flags },
      { leader: 0, isr: [0, 2], osr: [1], rf: 3, hw: 12, maxLag: 3, flags: ["under-replicated"] },
      "crashed B1 is 3 behind, as the leader last saw it",
    );
    const p2 = compactRow(snap.partitions[2], byId);
    assert.deepEqual([p2.leader, p2.isr, p2.hw, p2.maxLag, p2.flags], [2, [0, 2, 3], 57, 0, []]);
    assert.equal(compactRow({ ...snap.partitions[0], leader: -1, hw: -1 }, byId).maxLag, null);
  });
});

describe("partition flags", () => {
  test("a leader whose broker is stuck is called out like a crashed one", () => {
    const b = new Map(byId);
    b.set(0, { ...b.get(0), status: "stuck" });
    const p = { ...snap.partitions[0], writesBlocked: "LEADER_NOT_RUNNING" };
    assert.match(partitionAlerts(p, b)[0].text, /^leader B0 stuck: no writes until the controller notices/);
  });
});

describe("consumer lines", () => {
  test("each consumer's position against the HW it may read up to (recorded)", () => {
    const m = consumerModel(snap);
    assert.equal(m.read, 79);
    assert.deepEqual(consumerLines(m), ["P0 at 12 / HW 12", "P1 at 10 / HW 10", "P2 at 57 / HW 57", "79 records read"], "each consumer has read up to its HW");
    const behind = structuredClone(snap);
    behind.consumers[0].position = 10;
    assert.equal(consumerLines(consumerModel(behind))[0], "P0 at 10 / HW 12", "a consumer behind the HW");
    const reset = structuredClone(snap);
    reset.consumers[1].resets = 1;
    assert.equal(consumerLines(consumerModel(reset))[1], "P1 at 10 / HW 10 (1 reset)");
  });
  test("KIP-392: a consumer on a follower reads up to that follower's HW, and says from where", () => {
    const ff = structuredClone(snap);
    Object.assign(ff.consumers[0], { position: 10, fetchingFrom: 2, fromFollower: true, highWatermark: 11 });
    const m = consumerModel(ff);
    assert.deepEqual(m.parts[0], { partition: 0, hw: 11, position: 10, resets: 0, follower: 2 }, "the follower's HW 11, not the leader's 12");
    assert.equal(consumerLines(m)[0], "P0 at 10 / HW 11 (from B2, follower)");
    // Back on the leader (fromFollower false): the partition's HW, no "from".
    Object.assign(ff.consumers[0], { fetchingFrom: 0, fromFollower: false, highWatermark: 12 });
    assert.equal(consumerLines(consumerModel(ff))[0], "P0 at 10 / HW 12");
  });
  test("without consumers: the HWs, and no leader said so", () => {
    const none = consumerModel({ partitions: [{ partition: 0, hw: 0 }, { partition: 1, hw: -1 }] });
    assert.deepEqual(consumerLines(none), ["P0 HW 0", "P1 no leader"]);
  });
  test("the first six partitions, then how many more", () => {
    const parts = Array.from({ length: 9 }, (_, i) => ({ partition: i, hw: 1 }));
    const lines = consumerLines(consumerModel({ partitions: parts }));
    assert.deepEqual(lines.slice(5), ["P5 HW 1", "… 3 more"]);
  });
});

describe("guarantees", () => {
  test("every violation kind the core checks is explained, in the core's order (recorded schema)", () => {
    const schema = schemaFixture();
    const list = invariants(schema);
    assert.deepEqual(list.map(([k]) => k), schema.violationKinds.map((v) => v.kind));
    assert.equal(list[0][0], "committed-lost");
    assert.ok(list.every(([, words]) => words.length > 10));
    const unknown = invariants({ violationKinds: [{ kind: "new-kind", meaning: "the core's own words" }] });
    assert.deepEqual(unknown, [["new-kind", "the core's own words"]], "a kind the dictionaries lack is shown in the core's words");
  });
});

describe("events", () => {
  test("every event kind's meaning, in the core's order and words (recorded schema), in Chinese from the dictionary", async () => {
    const schema = schemaFixture();
    const en = eventKindMeanings(schema);
    assert.deepEqual([...en.keys()], schema.eventKinds.map((k) => k.kind));
    assert.equal(en.get("truncate"), schema.eventKinds.find((k) => k.kind === "truncate").meaning);
    await loadLang("zh");
    setLang("zh");
    try {
      assert.equal(eventKindMeanings(schema).get("truncate"), "副本截断了日志末尾的消息，以与 leader 一致");
    } finally {
      setLang("en");
    }
  });
});
