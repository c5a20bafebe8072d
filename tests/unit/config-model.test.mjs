// The configuration form's data (www/views/config-model.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { configDiff, configFields, configSummary, fieldType, presetDefaults, readConfig, SHAPE_KEYS, withVersionDefaults } from "../../www/views/config-model.js";
import { coreFixture, schemaFixture } from "./fixtures.mjs";
import { loadLang } from "../../www/i18n.js";

// The words come from the dictionaries, loaded as the page loads them (i18n.js loadLang).
await loadLang("en");

/** The config a cluster reports (3.7 defaults, 4 brokers, 3 partitions, RF 3, seed 1; recorded). */
const config = () => coreFixture("failover").config;

describe("form fields, from the core's schema (recorded)", () => {
  const schema = schemaFixture();
  test("input types from the keys' kinds; an unknown key is refused", () => {
    assert.equal(fieldType(schema, "version"), "select");
    assert.equal(fieldType(schema, "truncation"), "select");
    assert.equal(fieldType(schema, "acks"), "select");
    assert.equal(fieldType(schema, "uncleanLeaderElectionEnable"), "checkbox");
    assert.equal(fieldType(schema, "brokers"), "number");
    assert.equal(fieldType(schema, "brokerRacks"), "text", "KIP-392's racks are typed in");
    assert.equal(fieldType(schema, "replicaSelectorClass"), "select");
    assert.throws(() => fieldType(schema, "someNewKey"), /key: "someNewKey" is not a config key; allowed: version, /);
  });
  test("every key gets a field, grouped, version first, with its Kafka name and range", () => {
    const groups = configFields(config(), schema);
    assert.equal(groups[0].group, "Kafka version");
    const fields = groups.flatMap((g) => g.fields);
    assert.deepEqual(fields.map((f) => f.key).sort(), schema.keys.map((k) => k.key).sort(), "nothing dropped, nothing invented");
    const lag = fields.find((f) => f.key === "replicaLagTimeMaxMs");
    assert.deepEqual([lag.kafka, lag.min, lag.max, lag.value], ["replica.lag.time.max.ms", 100, 600000, 30000]);
    assert.equal(fields.find((f) => f.key === "brokers").kafka, null, "not a Kafka config");
    assert.deepEqual(fields.find((f) => f.key === "isrUpdate").options, ["zookeeper", "alter-partition"]);
    const version = fields.find((f) => f.key === "version");
    assert.equal(version.optionLabels[version.options.indexOf("3.7")], "3.7 (ZooKeeper mode)", "a preset is named with its era");
    assert.equal(version.optionLabels[version.options.indexOf("4.2")], "4.2 (KRaft, ELR on)");
  });
  test("a version's defaults come from the schema; an unknown version is refused", () => {
    assert.equal(presetDefaults(schema, "0.8").replicaLagMaxMessages, 4000);
    assert.equal(presetDefaults(schema, "3.7").acks, "all");
    assert.throws(() => presetDefaults(schema, "9.9"), /version: must be one of "0.8", "0.11", "2.8", "3.7", "4.0", "4.2", got "9.9"/);
  });
});

describe("reading and sending", () => {
  const schema = schemaFixture();
  test("acks is a choice whatever the version's default looks like (1 or \"all\")", () => {
    assert.deepEqual(readConfig({ acks: "1" }, schema), { acks: 1 });
    assert.deepEqual(readConfig({ acks: "all" }, schema), { acks: "all" });
    assert.deepEqual(readConfig({ version: "0.8" }, schema), { version: "0.8" }, "a version is not an integer");
    assert.deepEqual(readConfig({ brokerRacks: " a,a,b,b ", clientRack: "1" }, schema), { brokerRacks: "a,a,b,b", clientRack: "1" }, "text stays text, trimmed");
  });
  test("typed as the schema says; bad numbers go to the core as typed", () => {
    const out = readConfig({ brokers: " 5 ", uncleanLeaderElectionEnable: true, version: "0.8", seed: "abc", partitions: "" }, schema);
    assert.deepEqual(out, { brokers: 5, uncleanLeaderElectionEnable: true, version: "0.8", seed: "abc", partitions: "" });
  });
  test("only the version and what differs from its defaults", () => {
    const defaults = config();
    const mine = { ...defaults, brokers: 6, minInsyncReplicas: 2 };
    assert.deepEqual(configDiff(mine, defaults), { version: "3.7", brokers: 6, minInsyncReplicas: 2 });
    assert.deepEqual(configDiff(defaults, defaults), { version: "3.7" });
  });
  test("a new version resets everything but the cluster's shape and seed", () => {
    const values = { ...config(), brokers: 7, seed: 42, minInsyncReplicas: 2, truncation: "leader-epoch" };
    const v08 = { ...config(), version: "0.8", truncation: "high-watermark", minInsyncReplicas: 1, brokers: 4, seed: 1 };
    const out = withVersionDefaults(values, v08);
    assert.equal(out.version, "0.8");
    assert.equal(out.truncation, "high-watermark");
    assert.equal(out.minInsyncReplicas, 1);
    for (const k of SHAPE_KEYS) assert.equal(out[k], values[k], `${k} kept`);
  });
  test("summary", () => {
    assert.equal(configSummary(config()), "Kafka 3.7 · 4 brokers · 3 partitions · RF 3 · min.ISR 1 · seed 1");
    assert.equal(configSummary({ partitions: 1 }), "1 partition");
  });
});
