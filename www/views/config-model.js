// The configuration form's data, as pure functions (unit-tested). The form is built from
// snapshot.config, whatever keys it has: known keys get a label, a group and help; unknown ones
// still get an input of the right type, so a new core key shows up without a page change.

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
 * What the page knows about each key. `kafka` is the broker/topic config name when the key is one
 * (camelCase of it); core-only keys (brokers, strategy, …) have none.
 */
const FIELDS = {
  version: { group: "Kafka version", label: "Kafka version", help: "Replication rules of that release; choosing one resets the settings below to its defaults (cluster shape and seed are kept)." },
  brokers: { group: "Cluster", label: "Brokers" },
  partitions: { group: "Cluster", label: "Partitions", help: "of the one topic, demo" },
  replicationFactor: { group: "Cluster", label: "Replication factor", kafka: true, help: "replicas per partition (AR size)" },
  seed: { group: "Cluster", label: "Seed", help: "the same seed and actions replay the same run" },
  minInsyncReplicas: { group: "Replication", label: "Min in-sync replicas", kafka: true, help: "acks=all fails with NOT_ENOUGH_REPLICAS below this ISR size" },
  replicaLagTimeMaxMs: { group: "Replication", label: "Replica lag time max", kafka: true, help: "a follower not caught up for this long leaves the ISR" },
  replicaLagMaxMessages: { group: "Replication", label: "Replica lag max messages", kafka: true, help: "0.8's second rule: this many messages behind leaves the ISR (0 = off)" },
  uncleanLeaderElectionEnable: { group: "Replication", label: "Unclean leader election", kafka: true, help: "elect an out-of-sync replica when no ISR member is alive (may lose committed data)" },
  truncation: { group: "Replication", label: "Truncation on becoming follower", help: "high-watermark (≤0.10), leader-epoch (KIP-101), kip-279 (2.0+)" },
  isrUpdate: { group: "Replication", label: "ISR changes written by", help: "zookeeper: the leader writes the state znode; alter-partition: it asks the controller (KIP-497)" },
  strategy: { group: "Replication", label: "Replication strategy", help: "isr: Kafka's all-ISR ack (f+1 replicas); quorum: majority ack (2f+1)" },
  strictMinIsr: { group: "Replication", label: "Strict min ISR on the HW", help: "3.7+: the HW stops while the ISR is below min.insync.replicas" },
  replicaFetchWaitMaxMs: { group: "Timing", label: "Replica fetch wait max", kafka: true, help: "the leader parks an empty fetch this long" },
  replicaFetchBackoffMs: { group: "Timing", label: "Replica fetch backoff", kafka: true },
  zookeeperSessionTimeoutMs: { group: "Timing", label: "ZooKeeper session timeout", kafka: true, help: "how long a crashed broker stays registered before the controller notices" },
  requestTimeoutMs: { group: "Timing", label: "Request timeout", kafka: true },
  replicaHighWatermarkCheckpointIntervalMs: { group: "Timing", label: "HW checkpoint interval", kafka: true },
  networkLatencyMsMin: { group: "Timing", label: "Network latency min (ms)" },
  networkLatencyMsMax: { group: "Timing", label: "Network latency max (ms)" },
  replicaSocketTimeoutMs: { group: "Timing", label: "Replica socket timeout", kafka: true, help: "a follower gives up on an unanswered fetch after this long" },
  logRetentionRecords: { group: "Storage", label: "Retention (records)", help: "whole 4096-record segments below the HW are deleted" },
  logFlushIntervalMs: { group: "Storage", label: "Flush interval", help: "records written to the log within this time are lost by a power failure (lossy crash)" },
  acks: { group: "Producer", label: "Default acks", kafka: true, help: "1 until 3.0, all since (KIP-679); the producer form starts with it" },
  enableIdempotence: { group: "Producer", label: "Idempotence", kafka: true, help: "sequence numbers let the leader drop retried duplicates (0.11+)" },
  retries: { group: "Producer", label: "Retries", kafka: true },
  retryBackoffMs: { group: "Producer", label: "Retry backoff", kafka: true },
  deliveryTimeoutMs: { group: "Producer", label: "Delivery timeout", kafka: true, help: "no retry starts after this long since the first send" },
  consumers: { group: "Consumer", label: "Run a consumer per partition", help: "it polls the leader and reads up to the HW" },
  events: { group: "Other", label: "Record the event feed", help: "off only for benchmarks: the Events panel then stays empty" },
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
      label: info.label ?? key,
      kafka: info.kafka ? kafkaName(key) : null,
      help: info.help ?? "",
      options: CHOICES[key] ?? null,
    });
  }
  return [...groups].filter(([, fields]) => fields.length).map(([group, fields]) => ({ group, fields }));
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
  if (config.version !== undefined) parts.push(`Kafka ${config.version}`);
  if (config.brokers !== undefined) parts.push(`${config.brokers} brokers`);
  if (config.partitions !== undefined) parts.push(`${config.partitions} partition${config.partitions === 1 ? "" : "s"}`);
  if (config.replicationFactor !== undefined) parts.push(`RF ${config.replicationFactor}`);
  if (config.minInsyncReplicas !== undefined) parts.push(`min.ISR ${config.minInsyncReplicas}`);
  if (config.seed !== undefined) parts.push(`seed ${config.seed}`);
  return parts.join(" · ");
}
