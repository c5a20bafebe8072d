//! `Cluster.schema()`: what the page needs to know about the core's vocabulary, read from the
//! tables the core itself validates and reports with — every config key with its kind, range,
//! choices and Kafka name, each version's defaults (`Config::preset`, i.e. `rules.rs`), the
//! violation kinds and the event kinds with their meaning. The page builds its config form,
//! preset defaults and guarantees panel from it instead of keeping copies.

use crate::collections::VecMap;
use crate::config::{Config, Version, BOOL_KEYS, CHOICE_KEYS, INT_KEYS, TEXT_KEYS};
use serde::Serialize;

/// The keys that are Kafka configs, with Kafka's dotted name (broker, topic or producer config).
/// The others (`brokers`, `strategy`, `networkLatencyMsMin`, …) belong to the model.
const KAFKA_NAMES: &[(&str, &str)] = &[
    ("replicationFactor", "replication.factor"),
    ("minInsyncReplicas", "min.insync.replicas"),
    ("replicaLagTimeMaxMs", "replica.lag.time.max.ms"),
    ("replicaLagMaxMessages", "replica.lag.max.messages"),
    ("uncleanLeaderElectionEnable", "unclean.leader.election.enable"),
    ("replicaFetchWaitMaxMs", "replica.fetch.wait.max.ms"),
    ("replicaFetchBackoffMs", "replica.fetch.backoff.ms"),
    ("zookeeperSessionTimeoutMs", "zookeeper.session.timeout.ms"),
    ("requestTimeoutMs", "request.timeout.ms"),
    ("replicaHighWatermarkCheckpointIntervalMs", "replica.high.watermark.checkpoint.interval.ms"),
    ("replicaSocketTimeoutMs", "replica.socket.timeout.ms"),
    ("acks", "acks"),
    ("enableIdempotence", "enable.idempotence"),
    ("retries", "retries"),
    ("retryBackoffMs", "retry.backoff.ms"),
    ("deliveryTimeoutMs", "delivery.timeout.ms"),
    ("eligibleLeaderReplicas", "eligible.leader.replicas.version"),
    ("brokerHeartbeatIntervalMs", "broker.heartbeat.interval.ms"),
    ("brokerSessionTimeoutMs", "broker.session.timeout.ms"),
    ("logFlushIntervalMs", "log.flush.interval.ms"),
    ("controllerSocketTimeoutMs", "controller.socket.timeout.ms"),
    ("autoLeaderRebalanceEnable", "auto.leader.rebalance.enable"),
    ("leaderImbalanceCheckIntervalSeconds", "leader.imbalance.check.interval.seconds"),
    ("leaderImbalancePerBrokerPercentage", "leader.imbalance.per.broker.percentage"),
    ("controlledShutdownMaxRetries", "controlled.shutdown.max.retries"),
    ("controlledShutdownRetryBackoffMs", "controlled.shutdown.retry.backoff.ms"),
    ("metadataMaxAgeMs", "metadata.max.age.ms"),
    ("brokerRacks", "broker.rack"),
    ("clientRack", "client.rack"),
    ("replicaSelectorClass", "replica.selector.class"),
];

/// The values `acks` takes, as the config form offers them.
const ACKS_CHOICES: &[&str] = &["all", "1", "0"];

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KeySchema {
    pub key: &'static str,
    /// "int", "bool", "choice" or "text" (a string the core checks: `brokerRacks`, `clientRack`).
    pub kind: &'static str,
    pub min: Option<u64>,
    pub max: Option<u64>,
    pub choices: Option<&'static [&'static str]>,
    /// Kafka's name of the config, or null for the model's own keys.
    pub kafka: Option<&'static str>,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KindSchema {
    pub kind: &'static str,
    pub meaning: &'static str,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Schema {
    pub versions: &'static [&'static str],
    /// Each version's name as the page shows it: its era ("3.7 (ZooKeeper mode)", "4.2 (KRaft, ELR on)").
    pub presets: VecMap<String, &'static str>,
    pub keys: Vec<KeySchema>,
    /// Each version's default config (the keys it sets from the rules table).
    pub defaults: VecMap<String, Config>,
    pub violation_kinds: Vec<KindSchema>,
    pub event_kinds: Vec<KindSchema>,
}

fn kafka_name(key: &str) -> Option<&'static str> {
    KAFKA_NAMES.iter().find(|k| k.0 == key).map(|k| k.1)
}

/// The schema, in the order `Config::keys()` lists the keys.
pub fn schema() -> Schema {
    let keys = Config::keys()
        .into_iter()
        .map(|key| {
            let base = KeySchema { key, kind: "choice", min: None, max: None, choices: None, kafka: kafka_name(key) };
            if let Some(&(_, lo, hi)) = INT_KEYS.iter().find(|k| k.0 == key) {
                KeySchema { kind: "int", min: Some(lo), max: Some(hi), ..base }
            } else if let Some(&(_, choices)) = CHOICE_KEYS.iter().find(|k| k.0 == key) {
                KeySchema { choices: Some(choices), ..base }
            } else if BOOL_KEYS.contains(&key) {
                KeySchema { kind: "bool", ..base }
            } else if TEXT_KEYS.contains(&key) {
                KeySchema { kind: "text", ..base }
            } else {
                KeySchema { choices: Some(ACKS_CHOICES), ..base }
            }
        })
        .collect();
    let kinds = |list: &[(&'static str, &'static str)]| list.iter().map(|&(kind, meaning)| KindSchema { kind, meaning }).collect();
    Schema {
        versions: Version::LABELS,
        presets: crate::config::PRESET_NAMES.iter().map(|(v, name)| (v.to_string(), *name)).collect(),
        keys,
        defaults: Version::LABELS.iter().map(|v| (v.to_string(), Config::preset(Version::from_label(v)))).collect(),
        violation_kinds: kinds(&crate::invariants::VIOLATION_KINDS),
        event_kinds: kinds(crate::events::EVENT_KINDS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::to_json;

    #[test]
    fn every_key_is_described_once_with_its_range() {
        let s = schema();
        assert_eq!(s.keys.len(), Config::keys().len());
        let lag = s.keys.iter().find(|k| k.key == "replicaLagTimeMaxMs").unwrap();
        assert_eq!((lag.kind, lag.min, lag.max, lag.kafka), ("int", Some(100), Some(600_000), Some("replica.lag.time.max.ms")));
        let version = s.keys.iter().find(|k| k.key == "version").unwrap();
        assert_eq!((version.kind, version.choices, version.kafka), ("choice", Some(Version::LABELS), None));
        assert_eq!(s.keys.iter().find(|k| k.key == "acks").unwrap().choices, Some(ACKS_CHOICES));
        assert_eq!(s.keys.iter().find(|k| k.key == "strictMinIsr").unwrap().kind, "bool");
        let racks = s.keys.iter().find(|k| k.key == "brokerRacks").unwrap();
        assert_eq!((racks.kind, racks.choices, racks.kafka), ("text", None, Some("broker.rack")));
        let selector = s.keys.iter().find(|k| k.key == "replicaSelectorClass").unwrap();
        assert_eq!(selector.choices, Some(crate::config::ReplicaSelector::LABELS));
        for (k, _) in KAFKA_NAMES {
            assert!(Config::keys().contains(k), "{k} is not a config key");
        }
    }

    #[test]
    fn defaults_are_the_presets() {
        let json = to_json(&schema());
        assert!(json.contains("\"0.8\":{\"version\":\"0.8\",\"truncation\":\"high-watermark\""), "{json}");
        assert!(json.contains("\"replicaLagTimeMaxMs\":10000"));
        assert!(json.contains("{\"kind\":\"committed-lost\",\"meaning\":"));
        assert!(json.contains("{\"kind\":\"isr-shrink\",\"meaning\":"));
        assert!(json.contains("\"0.8\":\"0.8 (ZooKeeper mode)\""), "{json}");
        assert!(json.contains("\"3.7\":\"3.7 (ZooKeeper mode)\""), "{json}");
        let names: Vec<&str> = crate::config::PRESET_NAMES.iter().map(|p| p.0).collect();
        assert_eq!(names, Version::LABELS, "every preset has a name");
    }
}
