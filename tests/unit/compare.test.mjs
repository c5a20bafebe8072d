// Compare mode's pure parts (www/app/compare-presets.js): the presets (read from scenarios/compare/ with the
// core's parser), each pane's bookkeeping, the metrics and the summary of the difference.
// (tests/node/lessons.test.mjs plays the presets on the core.)
import assert from "node:assert/strict";
import fs from "node:fs";
import { afterEach, describe, test } from "node:test";
import init, { parseScenario } from "../../www/pkg/kafka_replication.js";
import { compareRows, createStats, expectedFindings, findPreset, findings, loadPresets, presetsFrom, paneConfig, paneLabel, paneMetrics, PRESETS, sampleTick } from "../../www/app/compare-presets.js";
import { loadLang, setLang } from "../../www/i18n.js";

// The words come from the dictionaries, loaded as the page loads them (i18n.js loadLang).
await Promise.all([loadLang("en"), loadLang("zh")]);
await init({ module_or_path: fs.readFileSync(new URL("../../www/pkg/kafka_replication_bg.wasm", import.meta.url)) });
const DIR = new URL("../../scenarios/compare/", import.meta.url);
const files = Object.fromEntries(fs.readdirSync(DIR).map((f) => [`../scenarios/compare/${f}`, fs.readFileSync(new URL(f, DIR), "utf8")]));
loadPresets(files, parseScenario);

afterEach(() => setLang("en"));

const part = (over = {}) => ({
  partition: 0,
  leader: 0,
  isr: [0, 1, 2],
  hw: 2,
  logs: [{ broker: 0, leo: 2, records: [{ offset: 0, value: 1, leaderEpoch: 0 }, { offset: 1, value: 2, leaderEpoch: 0 }] }],
  ...over,
});
const snap = (over = {}) => ({ tick: 1, timeMs: 100, tickMs: 100, partitions: [part()], requests: [], violations: [], ...over });
const req = (id, status, acks, offset, firstValue, extra = {}) => ({ id, partition: 0, acks, count: 1, firstValue, status, error: null, offset, sentMs: 0, doneMs: 100, ...extra });

describe("presets", () => {
  test("the five settings of the issue, the ZooKeeper → KRaft boundary, strict min ISR across 2.8 / 3.7 and the zombie fetch across 2.8 / 4.2 (#19), each with a bilingual script", () => {
    assert.deepEqual(PRESETS.map((p) => p.key), ["acks", "replicaLagMaxMessages", "truncation", "strategy", "uncleanLeaderElectionEnable", "version", "version", "version", "version"]);
    assert.deepEqual(PRESETS.map((p) => p.id), ["acks", "lag-rule", "truncation", "strategy", "unclean", "elr", "detection", "strict-min-isr", "zombie-fetch"], "ids as share links name them");
    assert.deepEqual(findPreset("elr").values, [3.7, 4.2], "versions as the core parses them (it takes numbers)");
    assert.equal(loadPresets(files, parseScenario), PRESETS, "read once");
    assert.deepEqual(findPreset("lag-rule").values, [4000, 0], "values typed as the core parses them");
    assert.deepEqual(findPreset("unclean").labelsZh, ["开启 unclean 选举", "关闭 unclean 选举"]);
    const text = "compare acks=1,all\nlabel en a | b\nconfig brokers=1\n";
    assert.throws(() => presetsFrom({ "../scenarios/compare/09-new.txt": text }, parseScenario), /09-new.txt needs .* its findings in compare-presets.js/);
    assert.throws(() => presetsFrom(files, null), /parse must be the core's parseScenario/);
    assert.deepEqual(presetsFrom({ "../scenarios/lessons/01-anatomy.txt": text }, parseScenario), [], "only compare/");
    for (const p of PRESETS) {
      assert.equal(p.values.length, 2);
      assert.notEqual(p.values[0], p.values[1]);
      assert.match(p.script, /^compare /m);
      assert.match(p.script, /^title en /m);
      assert.match(p.script, /^title zh /m);
      assert.match(p.script, /^config /m);
      assert.doesNotMatch(p.script.match(/^config .*$/m)[0], new RegExp(`\\b${p.key}=`), "the key is set by each pane, not the script");
      assert.equal(p.script.match(/^caption en /gm).length, p.script.match(/^caption zh /gm).length);
      assert.equal(p.script.match(/^caption en /gm).length, p.script.match(/^pause$/gm).length, "one caption per stop");
    }
  });
  test("each pane's config: the script's plus the key", () => {
    const p = findPreset("acks");
    assert.deepEqual(paneConfig({ version: "0.11" }, p, 0), { version: "0.11", acks: 1 });
    assert.deepEqual(paneConfig({ version: "0.11" }, p, 1), { version: "0.11", acks: "all" });
    assert.equal(paneLabel(p, 1), "acks=all");
    assert.equal(findPreset("nope"), null);
  });
});

describe("per-tick bookkeeping", () => {
  test("unavailable: no live leader, or an acks=all request failed in that tick", () => {
    const s = createStats();
    sampleTick(s, snap({ timeMs: 100, brokers: [{ id: 0, status: "slow" }] }));
    sampleTick(s, snap({ timeMs: 150, brokers: [{ id: 0, status: "crashed", down: true }] }));
    sampleTick(s, snap({ timeMs: 200, partitions: [part({ leader: -1 })] }));
    sampleTick(s, snap({ timeMs: 300, requests: [req(1, "failed", "all", -1, 1, { doneMs: 300, error: "NOT_ENOUGH_REPLICAS" })] }));
    sampleTick(s, snap({ timeMs: 400, requests: [req(1, "failed", "all", -1, 1, { doneMs: 300, error: "NOT_ENOUGH_REPLICAS" })] }));
    sampleTick(s, snap({ timeMs: 500, requests: [req(2, "failed", 1, -1, 2, { doneMs: 500, error: "NETWORK_EXCEPTION" })] }));
    assert.equal(s.unavailableTicks, 3, "the crashed leader's tick, the leaderless one and the one the acks=all request failed in");
    assert.equal(s.unavailableNow, false);
  });
  test("ISR changes, whoever made them", () => {
    const s = createStats();
    for (const isr of [[0, 1, 2], [0, 1, 2], [0, 1], [0], [0, 1, 2]]) sampleTick(s, snap({ partitions: [part({ isr })] }));
    assert.equal(s.isrChanges, 3);
  });
});

describe("metrics and the summary", () => {
  test("an acknowledged value gone from the leader's log at its offset is lost; acks=0 promised nothing", () => {
    const s = snap({
      partitions: [part({ logs: [{ broker: 0, leo: 2, records: [{ offset: 0, value: 1, leaderEpoch: 0 }, { offset: 1, value: 4, leaderEpoch: 1 }] }] })],
      requests: [req(1, "acked", "all", 0, 1), req(2, "acked", 1, 1, 2), req(3, "acked", 0, 2, 3), req(4, "acked", 1, 1, 4), req(5, "failed", "all", -1, 5, { error: "NOT_ENOUGH_REPLICAS" })],
      violations: [{ kind: "acks1-lost", tick: 1, partition: 0, text: "" }],
    });
    const m = paneMetrics(s, createStats());
    assert.deepEqual(m.lostValues, [2]);
    assert.deepEqual(m.errors, { NOT_ENOUGH_REPLICAS: 1 });
    assert.equal(m.acked, 4);
    assert.equal(m.lossViolations, 1);
  });
  test("records before the snapshot's window are not judged; no leader: nothing judged", () => {
    const s = snap({ partitions: [part({ logs: [{ broker: 0, leo: 500, records: [{ offset: 499, value: 500, leaderEpoch: 0 }] }] })], requests: [req(1, "acked", "all", 0, 1, { count: 499 }), req(2, "acked", "all", 499, 500)] });
    assert.equal(paneMetrics(s, createStats()).lost, 0);
    const none = snap({ partitions: [part({ leader: -1 })], requests: [req(1, "acked", "all", 5, 9)] });
    assert.equal(paneMetrics(none, createStats()).lost, 0);
  });
  test("rows mark what differs; findings say it in the current language", () => {
    const a = paneMetrics(snap({ requests: [req(1, "acked", 1, 5, 9)] }), createStats());
    const b = paneMetrics(snap({ requests: [req(1, "failed", "all", -1, 9, { error: "NETWORK_EXCEPTION" })] }), { ...createStats(), unavailableTicks: 3 });
    const rows = compareRows([a, b]);
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    assert.equal(byId.lost.differs, true);
    assert.deepEqual(byId.lost.cells, ["1 (m9)", "0"]);
    assert.deepEqual(byId.errors.cells, ["none", "NETWORK_EXCEPTION ×1"]);
    assert.deepEqual(byId.unavailable.cells, ["0.0 s", "0.3 s"]);
    assert.equal(byId.hw.differs, false);
    const words = findings([a, b], ["acks=1", "acks=all"]);
    assert.deepEqual(words, [
      "acks=1: 1 acknowledged record(s) lost.",
      "acks=all: no acknowledged record lost.",
      "acks=all: 1 request(s) failed (NETWORK_EXCEPTION).",
      "acks=all: unavailable for 0.3 s.",
      "Requests acknowledged: 1 (acks=1) vs 0 (acks=all).",
    ]);
    setLang("zh");
    assert.match(findings([a, b], ["acks=1", "acks=all"])[0], /丢失了 1 条已确认的消息/);
    assert.equal(compareRows([a, b])[0].label, "已确认但丢失的消息");
    assert.deepEqual(findings([a, a], ["x", "y"]), []);
  });
  test("the findings mention every row the table highlights (acks preset, stop 2: acknowledged 2 vs 1)", () => {
    const a = paneMetrics(snap({ requests: [req(1, "acked", 1, 0, 1), req(2, "acked", 1, 1, 2)] }), createStats());
    const b = paneMetrics(snap({ requests: [req(1, "acked", "all", 0, 1), req(2, "pending", "all", -1, 2)] }), createStats());
    const differing = compareRows([a, b]).filter((r) => r.differs);
    assert.deepEqual(differing.map((r) => r.id), ["acked"]);
    assert.deepEqual(findings([a, b], ["acks=1", "acks=all"]), ["Requests acknowledged: 2 (acks=1) vs 1 (acks=all)."]);
    assert.throws(() => findings([a], ["acks=1"]), /metrics must be the two panes' paneMetrics/);
    assert.throws(() => findings([a, b], "acks"), /labels must be the two panes' labels/);
  });
});

describe("the expected contrast", () => {
  const metricsOf = (requests, violations = []) => paneMetrics(snap({ requests, violations }), createStats());
  test("acks: found from the panes' metrics once acks=1 lost m2 and acks=all failed it, in the reader's language", () => {
    const acks = findPreset("acks");
    // Left: m2 acknowledged at offset 1 but the leader's log has nothing there; right: m2 failed.
    const left = paneMetrics(snap({ partitions: [part({ logs: [{ broker: 0, leo: 1, records: [{ offset: 0, value: 1, leaderEpoch: 0 }] }] })], requests: [req(1, "acked", 1, 0, 1), req(2, "acked", 1, 1, 2)], violations: [{ kind: "acks1-lost" }] }), createStats());
    const right = metricsOf([req(1, "acked", "all", 0, 1), req(2, "failed", "all", -1, 2, { error: "NETWORK_EXCEPTION" })]);
    assert.deepEqual(expectedFindings(acks, [left, right], "en").map((f) => f.holds), [true, true]);
    assert.match(expectedFindings(acks, [left, right], "zh")[0].text, /acks=1 丢了已确认的 m2/);
    const before = metricsOf([req(1, "acked", 1, 0, 1)]);
    assert.deepEqual(expectedFindings(acks, [before, before], "en").map((f) => f.holds), [false, false], "not claimed before it happens");
  });
  test("every preset states one, in both languages; bad arguments throw, naming them", () => {
    for (const p of PRESETS) assert.ok(p.expected.length > 0 && p.expected.every((f) => f.en && f.zh && typeof f.holds === "function"), p.id);
    assert.throws(() => expectedFindings({ id: "x" }, [], "en"), /expectedFindings: preset must be one of PRESETS/);
    assert.throws(() => expectedFindings(PRESETS[0], [1], "en"), /metrics must be the two panes' paneMetrics/);
  });
});
