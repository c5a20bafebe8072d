// The configuration form's data, as pure functions (unit-tested). The form is built from
// snapshot.config, whatever keys it has: known keys get a label, a group and help; unknown ones
// still get an input of the right type, so a new core key shows up without a page change.
// Labels, groups and help are read from i18n.js (`cfg.<key>`, `cfg.<key>.help`, `cfg.group.<group>`).

import { hasKey, t } from "../i18n.js";

/** String keys with a fixed set of values (the core's error message lists them too). */
export const CHOICES = {
  version: ["0.8", "0.11", "2.8", "3.7"],
  truncation: ["high-watermark", "leader-epoch", "kip-279"],
  isrUpdate: ["zookeeper", "alter-partition"],
  strategy: ["isr", "quorum"],
  acks: ["all", "1", "0"],
};

/** The cluster's shape and seed: not part of a version preset, kept when the version changes. */
export const SHAPE_KEYS = ["brokers", "partitions", "replicationFactor", "seed"];

const GROUPS = ["Kafka version", "Cluster", "Replication", "Producer", "Consumer", "Timing", "Storage", "Other"];

/**
 * What the page knows about each key: its group, and whether it is a Kafka broker/topic config
 * (its dotted name is then shown). Core-only keys (brokers, strategy, …) are not. The label and
 * help come from i18n.js.
 */
const FIELDS = {
  version: { group: "Kafka version" },
  brokers: { group: "Cluster" },
  partitions: { group: "Cluster" },
  replicationFactor: { group: "Cluster", kafka: true },
  seed: { group: "Cluster" },
  minInsyncReplicas: { group: "Replication", kafka: true },
  replicaLagTimeMaxMs: { group: "Replication", kafka: true },
  replicaLagMaxMessages: { group: "Replication", kafka: true },
  uncleanLeaderElectionEnable: { group: "Replication", kafka: true },
  truncation: { group: "Replication" },
  isrUpdate: { group: "Replication" },
  strategy: { group: "Replication" },
  strictMinIsr: { group: "Replication" },
  replicaFetchWaitMaxMs: { group: "Timing", kafka: true },
  replicaFetchBackoffMs: { group: "Timing", kafka: true },
  zookeeperSessionTimeoutMs: { group: "Timing", kafka: true },
  requestTimeoutMs: { group: "Timing", kafka: true },
  replicaHighWatermarkCheckpointIntervalMs: { group: "Timing", kafka: true },
  networkLatencyMsMin: { group: "Timing" },
  networkLatencyMsMax: { group: "Timing" },
  replicaSocketTimeoutMs: { group: "Timing", kafka: true },
  logRetentionRecords: { group: "Storage" },
  logFlushIntervalMs: { group: "Storage" },
  acks: { group: "Producer", kafka: true },
  enableIdempotence: { group: "Producer", kafka: true },
  retries: { group: "Producer", kafka: true },
  retryBackoffMs: { group: "Producer", kafka: true },
  deliveryTimeoutMs: { group: "Producer", kafka: true },
  consumers: { group: "Consumer" },
  events: { group: "Other" },
};

/** Kafka's dotted name of a camelCase key: replicaLagTimeMaxMs → replica.lag.time.max.ms. */
export function kafkaName(key) {
  return key.replace(/[A-Z]/g, (c) => `.${c.toLowerCase()}`);
}

/** The input for one key, from its current value's type (choices first). */
export function fieldType(key, value) {
  if (CHOICES[key]) return "select";
  if (typeof value === "boolean") return "checkbox";
  if (typeof value === "number") return "number";
  return "text";
}

/**
 * The form: [{ group, fields: [{ key, type, value, label, kafka, help, options }] }] for every key
 * of `config`, grouped in a fixed order.
 */
export function configFields(config) {
  const groups = new Map(GROUPS.map((g) => [g, []]));
  for (const [key, value] of Object.entries(config ?? {})) {
    const info = FIELDS[key] ?? {};
    groups.get(info.group ?? "Other").push({
      key,
      type: fieldType(key, value),
      value,
      label: hasKey(`cfg.${key}`) ? t(`cfg.${key}`) : key,
      kafka: info.kafka ? kafkaName(key) : null,
      help: hasKey(`cfg.${key}.help`) ? t(`cfg.${key}.help`) : "",
      options: CHOICES[key] ?? null,
    });
  }
  return [...groups].filter(([, fields]) => fields.length).map(([group, fields]) => ({ group: t(`cfg.group.${group}`), fields }));
}

/**
 * The config to send to the core from the form's raw values ({key: string | boolean}), typed like
 * `current` (the snapshot's config). A number field that does not parse is sent as typed, so the
 * core's own error names the key and the allowed range.
 */
export function readConfig(values, current) {
  const out = {};
  for (const [key, raw] of Object.entries(values)) {
    const type = fieldType(key, current?.[key]);
    const s = String(raw).trim();
    if (type === "checkbox") out[key] = !!raw;
    else if (type === "number") out[key] = s !== "" && Number.isFinite(Number(s)) ? Number(s) : s;
    // A choice that is an integer (acks 0 / 1) goes as a number, as the snapshot reports it.
    else if (type === "select" && /^-?\d+$/.test(s)) out[key] = Number(s);
    else out[key] = raw;
  }
  return out;
}

/**
 * The minimal config for the constructor: the version and every key that differs from that
 * version's defaults (so the preset still decides everything the user did not change).
 */
export function configDiff(config, defaults) {
  const out = {};
  if (config.version !== undefined) out.version = config.version;
  for (const [k, v] of Object.entries(config)) if (k !== "version" && defaults?.[k] !== v) out[k] = v;
  return out;
}

/** The form values after choosing another version: that version's defaults, shape keys kept. */
export function withVersionDefaults(values, defaults) {
  const out = { ...values };
  for (const [k, v] of Object.entries(defaults)) if (!SHAPE_KEYS.includes(k)) out[k] = v;
  return out;
}

/** One line for the panel's summary: "Kafka 3.7 · 4 brokers · 3 partitions · RF 3 · min.ISR 1 · seed 1". */
export function configSummary(config) {
  const parts = [];
  if (config.version !== undefined) parts.push(t("cfg.summary.version", { v: config.version }));
  if (config.brokers !== undefined) parts.push(t("cfg.summary.brokers", { n: config.brokers }));
  if (config.partitions !== undefined) parts.push(t("cfg.summary.partitions", { n: config.partitions }));
  if (config.replicationFactor !== undefined) parts.push(t("cfg.summary.rf", { n: config.replicationFactor }));
  if (config.minInsyncReplicas !== undefined) parts.push(t("cfg.summary.minIsr", { n: config.minInsyncReplicas }));
  if (config.seed !== undefined) parts.push(t("cfg.summary.seed", { n: config.seed }));
  return parts.join(" · ");
}
