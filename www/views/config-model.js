// The configuration form's data, as pure functions (unit-tested). The form is built from the
// core's schema (`Cluster.schema()`, docs/api.md): every key with its kind, range, choices and
// Kafka name, and each version's defaults. Only the presentation is the page's: groups, and the
// labels and help read from i18n.js (`cfg.<key>`, `cfg.<key>.help`, `cfg.group.<group>`).

import { hasKey, t } from "../i18n.js";

/** The cluster's shape and seed: not part of a version preset, kept when the version changes. */
export const SHAPE_KEYS = ["brokers", "partitions", "replicationFactor", "seed"];

const GROUPS = ["Kafka version", "Cluster", "Replication", "Producer", "Consumer", "Timing", "Storage", "Other"];

/** Where each key is shown (keys not listed go to "Other"). */
const GROUP_OF = {
  version: "Kafka version",
  brokers: "Cluster",
  partitions: "Cluster",
  replicationFactor: "Cluster",
  seed: "Cluster",
  minInsyncReplicas: "Replication",
  replicaLagTimeMaxMs: "Replication",
  replicaLagMaxMessages: "Replication",
  uncleanLeaderElectionEnable: "Replication",
  truncation: "Replication",
  isrUpdate: "Replication",
  strategy: "Replication",
  strictMinIsr: "Replication",
  eligibleLeaderReplicas: "Replication",
  brokerHeartbeatIntervalMs: "Timing",
  brokerSessionTimeoutMs: "Timing",
  controllerQuorumVoters: "Cluster",
  replicaFetchWaitMaxMs: "Timing",
  replicaFetchBackoffMs: "Timing",
  zookeeperSessionTimeoutMs: "Timing",
  requestTimeoutMs: "Timing",
  replicaHighWatermarkCheckpointIntervalMs: "Timing",
  networkLatencyMsMin: "Timing",
  networkLatencyMsMax: "Timing",
  replicaSocketTimeoutMs: "Timing",
  controllerSocketTimeoutMs: "Timing",
  autoLeaderRebalanceEnable: "Replication",
  leaderImbalanceCheckIntervalSeconds: "Replication",
  leaderImbalancePerBrokerPercentage: "Replication",
  controlledShutdownMaxRetries: "Timing",
  controlledShutdownRetryBackoffMs: "Timing",
  metadataMaxAgeMs: "Producer",
  logRetentionRecords: "Storage",
  logFlushIntervalMs: "Storage",
  acks: "Producer",
  enableIdempotence: "Producer",
  retries: "Producer",
  retryBackoffMs: "Producer",
  deliveryTimeoutMs: "Producer",
  consumers: "Consumer",
  clientRack: "Consumer",
  replicaSelectorClass: "Consumer",
  brokerRacks: "Cluster",
};

/** The input for a key of the schema: its kind decides. */
export function fieldType(schema, key) {
  const kind = schema.keys.find((k) => k.key === key)?.kind;
  if (kind === "choice") return "select";
  if (kind === "bool") return "checkbox";
  if (kind === "int") return "number";
  if (kind === "text") return "text";
  throw new Error(`key: ${JSON.stringify(key)} is not a config key; allowed: ${schema.keys.map((k) => k.key).join(", ")}`);
}

/** A version's default config, from the schema. */
export function presetDefaults(schema, version) {
  const defaults = schema.defaults[version];
  if (!defaults) throw new Error(`version: must be one of ${schema.versions.map((v) => JSON.stringify(v)).join(", ")}, got ${JSON.stringify(version)}`);
  return defaults;
}

/**
 * The form: [{ group, fields: [{ key, type, value, label, kafka, help, options, optionLabels, min, max }] }] for
 * every key of the schema, with its value in `config`, grouped in a fixed order.
 */
export function configFields(config, schema) {
  const groups = new Map(GROUPS.map((g) => [g, []]));
  for (const info of schema.keys) {
    const key = info.key;
    groups.get(GROUP_OF[key] ?? "Other").push({
      key,
      type: fieldType(schema, key),
      value: config[key],
      label: hasKey(`cfg.${key}`) ? t(`cfg.${key}`) : key,
      kafka: info.kafka,
      help: hasKey(`cfg.${key}.help`) ? t(`cfg.${key}.help`) : "",
      options: info.choices,
      // A preset is named with its era: "3.7 (ZooKeeper mode)", "4.2 (KRaft, ELR on)".
      optionLabels: key === "version" ? info.choices.map((v) => (hasKey(`preset.${v}`) ? t(`preset.${v}`) : v)) : info.choices,
      min: info.min,
      max: info.max,
    });
  }
  return [...groups].filter(([, fields]) => fields.length).map(([group, fields]) => ({ group: t(`cfg.group.${group}`), fields }));
}

/**
 * The config to send to the core from the form's raw values ({key: string | boolean}), typed as
 * the schema says. A number field that does not parse is sent as typed, so the core's own error
 * names the key and the allowed range.
 */
export function readConfig(values, schema) {
  const out = {};
  for (const [key, raw] of Object.entries(values)) {
    const type = fieldType(schema, key);
    const s = String(raw).trim();
    if (type === "checkbox") out[key] = !!raw;
    else if (type === "text") out[key] = s;
    else if (type === "number") out[key] = s !== "" && Number.isFinite(Number(s)) ? Number(s) : s;
    // A choice that is an integer (acks 0 / 1) goes as a number, as the snapshot reports it.
    else if (/^-?\d+$/.test(s) && key === "acks") out[key] = Number(s);
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
