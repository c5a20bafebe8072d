// The configuration form's data (www/views/config-model.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { configDiff, configFields, configSummary, fieldType, kafkaName, readConfig, SHAPE_KEYS, withVersionDefaults } from "../../www/views/config-model.js";
import { snapshotFixture } from "./fixtures.mjs";
import { loadLang } from "../../www/i18n.js";

// The words come from the dictionaries, loaded as the page loads them (i18n.js loadLang).
await loadLang("en");

const config = () => snapshotFixture().config;

describe("form fields", () => {
  test("Kafka's dotted names", () => {
    assert.equal(kafkaName("replicaLagTimeMaxMs"), "replica.lag.time.max.ms");
    assert.equal(kafkaName("uncleanLeaderElectionEnable"), "unclean.leader.election.enable");
    assert.equal(kafkaName("minInsyncReplicas"), "min.insync.replicas");
  });
  test("input types from the values, choices for the known string keys", () => {
    assert.equal(fieldType("version", "3.7"), "select");
    assert.equal(fieldType("truncation", "kip-279"), "select");
    assert.equal(fieldType("uncleanLeaderElectionEnable", false), "checkbox");
    assert.equal(fieldType("brokers", 4), "number");
    assert.equal(fieldType("someNewKey", "x"), "text");
  });
  test("every key gets a field, grouped, version first", () => {
    const c = { ...config(), someNewKey: 7 };
    const groups = configFields(c);
    assert.equal(groups[0].group, "Kafka version");
    const fields = groups.flatMap((g) => g.fields);
    assert.deepEqual(fields.map((f) => f.key).sort(), Object.keys(c).sort(), "nothing dropped, nothing invented");
    const other = groups.find((g) => g.group === "Other");
    assert.deepEqual(other.fields.map((f) => [f.key, f.type, f.label]), [["someNewKey", "number", "someNewKey"]]);
    const lag = fields.find((f) => f.key === "replicaLagTimeMaxMs");
    assert.equal(lag.kafka, "replica.lag.time.max.ms");
    assert.equal(fields.find((f) => f.key === "brokers").kafka, null, "not a Kafka config");
    assert.deepEqual(fields.find((f) => f.key === "isrUpdate").options, ["zookeeper", "alter-partition"]);
  });
});

describe("reading and sending", () => {
  test("acks is a choice whatever the version's default looks like (1 or \"all\")", () => {
    assert.equal(fieldType("acks", 1), "select");
    assert.equal(fieldType("acks", "all"), "select");
    assert.deepEqual(readConfig({ acks: "1" }, { acks: 1 }), { acks: 1 });
    assert.deepEqual(readConfig({ acks: "all" }, { acks: 1 }), { acks: "all" });
    assert.deepEqual(readConfig({ version: "0.8" }, { version: "3.7" }), { version: "0.8" }, "a version is not an integer");
  });
  test("typed like the current config; bad numbers go to the core as typed", () => {
    const out = readConfig({ brokers: " 5 ", uncleanLeaderElectionEnable: true, version: "0.8", seed: "abc", partitions: "" }, config());
    assert.deepEqual(out, { brokers: 5, uncleanLeaderElectionEnable: true, version: "0.8", seed: "abc", partitions: "" });
  });
  test("only the version and what differs from its defaults", () => {
    const defaults = config();
    const mine = { ...defaults, brokers: 6, minInsyncReplicas: 2 };
    assert.deepEqual(configDiff(mine, defaults), { version: "0.11", brokers: 6, minInsyncReplicas: 2 });
    assert.deepEqual(configDiff(defaults, defaults), { version: "0.11" });
  });
  test("a new version resets everything but the cluster's shape and seed", () => {
    const values = { ...config(), brokers: 7, seed: 42, minInsyncReplicas: 2, truncation: "kip-279" };
    const v08 = { ...config(), version: "0.8", truncation: "high-watermark", minInsyncReplicas: 1, brokers: 4, seed: 1 };
    const out = withVersionDefaults(values, v08);
    assert.equal(out.version, "0.8");
    assert.equal(out.truncation, "high-watermark");
    assert.equal(out.minInsyncReplicas, 1);
    for (const k of SHAPE_KEYS) assert.equal(out[k], values[k], `${k} kept`);
  });
  test("summary", () => {
    assert.equal(configSummary(config()), "Kafka 0.11 · 4 brokers · 3 partitions · RF 3 · min.ISR 1 · seed 1");
    assert.equal(configSummary({ partitions: 1 }), "1 partition");
  });
});
