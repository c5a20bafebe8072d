// Exports (www/views/export.js) and the compact picture (www/views/picture.js): the trace as JSON and
// text, file names, and a self-contained SVG of the cluster.
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { exportName, traceJson, traceText, TRACE_FORMAT } from "../../www/views/export.js";
import { esc, pictureSvg } from "../../www/views/picture.js";
import { loadLang, setLang } from "../../www/i18n.js";
import { coreFixture, withPartition } from "./fixtures.mjs";

// The words come from the dictionaries, loaded as the page loads them (i18n.js loadLang).
await Promise.all([loadLang("en"), loadLang("zh")]);

afterEach(() => setLang("en"));

const ev = (tick, kind, text, partition = 0, broker = -1) => ({ tick, timeMs: tick * 100, kind, partition, broker, text });

describe("the trace", () => {
  const snap = coreFixture("failover");
  const trace = traceJson({
    config: { seed: 1, brokers: 4 },
    actions: [
      { tick: 3, method: "produce", args: [{ count: 2 }] },
      { tick: 5, method: "fail", args: [1] },
      { tick: 900, method: "recover", args: [1] },
    ],
    tick: 5,
    horizon: 900,
    events: [ev(4, "append", "appended"), ev(5, "hw", "HW 0→2"), ev(6, "replicate", "later")],
    snapshot: snap,
    lesson: { scenario: "05-acks", stop: 2 },
  });
  test("JSON: format, config, seed, the actions up to the position, every event given, the state", () => {
    assert.equal(trace.format, TRACE_FORMAT);
    assert.equal(trace.version, 1);
    assert.equal(trace.seed, snap.seed);
    assert.deepEqual(trace.actions.map((a) => a.tick), [3, 5]);
    assert.equal(trace.events.length, 3);
    assert.equal(trace.state.partitions.length, snap.partitions.length);
    const copy = JSON.parse(JSON.stringify(trace));
    assert.deepEqual(copy.actions, trace.actions);
    assert.deepEqual(copy.events, trace.events);
  });
  test("text: a header, then events and actions in time order (an action after its tick's events)", () => {
    const text = traceText(trace);
    const lines = text.split("\n");
    assert.match(lines[0], /^# Kafka replication playground trace/);
    assert.match(text, /# lesson 05-acks, stop 2/);
    const body = lines.filter((l) => /^\s+\d+\s/.test(l));
    assert.deepEqual(
      body.map((l) => l.trim().split(/\s+/).slice(0, 1).concat(l.includes("»") ? ["»"] : [l.trim().split(/\s+/)[3]])),
      [["3", "»"], ["4", "append"], ["5", "hw"], ["5", "»"], ["6", "replicate"]],
    );
    assert.match(text, /» fail\(1\)/);
    assert.match(text, /P0: leader B0, leader_epoch 1, ISR \{0,2\}, HW 12/);
    assert.match(text, /P1: leader B2, leader_epoch 1, ISR \{2,3\}, HW 10/);
  });
  test("file names", () => {
    assert.equal(exportName("trace", 42, "json"), "kafka-replication-trace-t42.json");
  });
});

describe("the compact picture", () => {
  test("a standalone SVG: brokers, a row per replica, records, the HW line, the key", () => {
    const { svg, width, height } = pictureSvg(coreFixture("failover"), { width: 500, title: "acks=1 <left>" });
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(svg, /<\/svg>$/);
    assert.equal(width, 500);
    assert.ok(height > 200);
    assert.match(svg, /acks=1 &lt;left&gt;/, "text is escaped");
    assert.equal((svg.match(/class="pic-broker /g) ?? []).length, 4);
    assert.equal((svg.match(/class="pic-leo"/g) ?? []).length, 9, "one LEO mark per replica");
    assert.equal((svg.match(/class="pic-hw"/g) ?? []).length, 3, "one HW line per partition with a leader");
    assert.match(svg, /class="pic-cell committed"/);
    assert.match(svg, /committed \(mN = value N\)/);
    // Balanced tags (a cheap well-formedness check).
    const opens = (svg.match(/<(svg|g|text)\b/g) ?? []).length;
    const closes = (svg.match(/<\/(svg|g|text)>/g) ?? []).length;
    assert.equal(opens, closes);
  });
  test("a divergent record is drawn red; an offline partition says so", () => {
    const { svg } = pictureSvg(coreFixture("failover"));
    assert.equal((svg.match(/pic-cell divergent/g) ?? []).length, 1, "crashed B1 holds m76 at offset 8 (epoch 0); the leader B2 has m78 there (epoch 1)");
    const off = withPartition(coreFixture("failover"), 0, (p) => ({ ...p, leader: -1, hw: -1 }));
    assert.match(pictureSvg(off).svg, /no leader/);
  });
  test("in Chinese", () => {
    setLang("zh");
    assert.match(pictureSvg(coreFixture("failover")).svg, /已提交/);
  });
  test("esc", () => {
    assert.equal(esc(`<a href="x">&'`), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  });
});
