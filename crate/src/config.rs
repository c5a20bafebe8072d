//! Cluster configuration: Kafka's names (camelCase in JS) and Kafka's units (ms). The core runs on
//! logical ticks of [`TICK_MS`]; every `*_ms` value is converted with [`Config::ticks`].

use crate::api::{bool_arg, check_keys, choice_arg, int_arg, text_arg, ApiError, Value};
use crate::message::{Acks, BrokerId};
use crate::producer::acks_arg;
use crate::rules::Rules;

/// Kafka time per logical tick. Network latency is exaggerated (100–300 ms by default) so that
/// messages in flight stay visible; every timer keeps Kafka's value in ms.
pub const TICK_MS: u64 = 100;
pub const MAX_BROKERS: u64 = 32;
pub const MAX_PARTITIONS: u64 = 256;
/// JS numbers are exact up to 2^53 - 1.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// A Kafka release whose replication rules the cluster follows (reference §0 timeline). Not
/// ordered on purpose: what a release does is read from its rules (`rules.rs`), not from
/// comparing version numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Version {
    /// 0.8: both ISR lag rules (time since the last fetch, and `replica.lag.max.messages`), HW =
    /// min LEO over the ISR, truncation to the HW, leader writes ISR changes to ZooKeeper.
    V0_8,
    /// 0.11: time-only lag via lastCaughtUp (KIP-16, KAFKA-4485), leader epochs and
    /// OffsetsForLeaderEpoch truncation (KIP-101), idempotent producer (KIP-98).
    V0_11,
    /// 2.8: KIP-279 truncation via DivergingEpoch in fetch responses, KIP-320 epoch fencing,
    /// AlterPartition with the maximal ISR (KIP-497).
    V2_8,
    /// 3.7 in ZooKeeper mode: as 2.8, plus the strict min-ISR gate on the HW (KAFKA-15583, KIP-966 part 1).
    V3_7,
    /// 4.0: KRaft only (KIP-500, ZooKeeper removed by KIP-833): a controller writes the metadata
    /// log, brokers heartbeat and are fenced (`crate::kraft`); ELR off (`eligible.leader.replicas.version` 0).
    V4_0,
    /// 4.2: as 4.0 on a cluster formatted at 4.1+, where Eligible Leader Replicas are on (KIP-966).
    V4_2,
}

/// How the page and the docs name each preset (`Cluster.schema()` "presets"): the era is part
/// of the name, since 3.7 and 4.x differ in who decides leaders and ISRs.
pub const PRESET_NAMES: &[(&str, &str)] = &[
    ("0.8", "0.8 (ZooKeeper mode)"),
    ("0.11", "0.11 (ZooKeeper mode)"),
    ("2.8", "2.8 (ZooKeeper mode)"),
    ("3.7", "3.7 (ZooKeeper mode)"),
    ("4.0", "4.0 (KRaft, ELR off)"),
    ("4.2", "4.2 (KRaft, ELR on)"),
];

/// A config choice's labels (the values its key takes), in one table: parsing the key, listing
/// what it allows, and writing it back to JS all read it.
macro_rules! labelled {
    ($ty:ident { $($variant:ident => $label:literal),+ $(,)? }) => {
        impl $ty {
            pub const LABELS: &'static [&'static str] = &[$($label),+];
            const ALL: &'static [$ty] = &[$($ty::$variant),+];

            pub fn label(self) -> &'static str {
                Self::LABELS[Self::ALL.iter().position(|v| *v == self).expect("every variant has a label")]
            }

            /// The variant of a label in `LABELS` (checked by `choice_arg`).
            pub(crate) fn from_label(label: &str) -> $ty {
                Self::ALL[Self::LABELS.iter().position(|l| *l == label).expect("a label from LABELS")]
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.label())
            }
        }
    };
}

labelled!(Version { V0_8 => "0.8", V0_11 => "0.11", V2_8 => "2.8", V3_7 => "3.7", V4_0 => "4.0", V4_2 => "4.2" });

/// How a new follower reconciles its log with the leader's (§4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Truncation {
    /// ≤ 0.10: truncate to the local HW whenever the leader changes.
    HighWatermark,
    /// 0.11–1.1 (KIP-101): truncate to the leader's end offset for our latest epoch.
    LeaderEpoch,
    /// 2.0+ (KIP-279): multi-round: find the largest epoch both logs share and its end offset.
    Kip279,
}

/// Who applies a leader's ISR change (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IsrUpdate {
    /// ≤ 2.6: the leader writes the partition state znode itself, conditional on zkVersion.
    ZooKeeper,
    /// 2.7+ (KIP-497): the leader sends AlterPartition to the controller and counts the maximal ISR.
    AlterPartition,
}

/// The replication strategy of the first source note's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Kafka: acknowledge when every ISR member has the record; elect from the ISR (f+1 replicas).
    Isr,
    /// Majority quorum: acknowledge after a majority; elect the most complete log of a majority (2f+1).
    Quorum,
}

labelled!(Truncation { HighWatermark => "high-watermark", LeaderEpoch => "leader-epoch", Kip279 => "kip-279" });
labelled!(IsrUpdate { ZooKeeper => "zookeeper", AlterPartition => "alter-partition" });
labelled!(Strategy { Isr => "isr", Quorum => "quorum" });

/// The leader's `replica.selector.class` (KIP-392, 2.4+): which replica a consumer should read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ReplicaSelector {
    /// Kafka's default (no class set, `LeaderSelector` behaviour): consumers read from the leader.
    #[default]
    None,
    /// `org.apache.kafka.common.replica.RackAwareReplicaSelector`: a replica in the consumer's
    /// `client.rack`, the leader if it is there, else the most caught-up one there.
    RackAware,
}

labelled!(ReplicaSelector { None => "none", RackAware => "rack-aware" });

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Config {
    /// The preset; the keys below default to its values and may override them.
    pub version: Version,
    pub truncation: Truncation,
    pub isr_update: IsrUpdate,
    pub strategy: Strategy,
    /// 3.7+: the HW does not advance while the ISR is smaller than min(min.insync.replicas, RF).
    pub strict_min_isr: bool,
    /// 0.8's second lag rule: a follower more than this many messages behind leaves the ISR
    /// (0 = off; removed in 0.9 by KIP-16).
    pub replica_lag_max_messages: u64,
    pub brokers: u32,
    pub partitions: u32,
    pub replication_factor: u32,
    /// `min.insync.replicas`: acks=all produce needs at least this many ISR members (§3.1).
    pub min_insync_replicas: u32,
    /// `replica.lag.time.max.ms` (10000 until 2.4, as in the source notes).
    pub replica_lag_time_max_ms: u64,
    /// `replica.fetch.wait.max.ms`: how long the leader parks a fetch that found no new data (§1.2 step 8).
    pub replica_fetch_wait_max_ms: u64,
    /// `replica.fetch.backoff.ms`: a follower's pause after a failed fetch.
    pub replica_fetch_backoff_ms: u64,
    /// `zookeeper.session.timeout.ms` (6000 until 2.4): a crashed broker's ephemeral znode lives this long.
    pub zookeeper_session_timeout_ms: u64,
    /// Producer `request.timeout.ms`: an acks=all request not satisfied in time fails with REQUEST_TIMED_OUT.
    pub request_timeout_ms: u64,
    /// `replica.high.watermark.checkpoint.interval.ms`: how stale the HW read back after a crash can be.
    pub replica_high_watermark_checkpoint_interval_ms: u64,
    /// `unclean.leader.election.enable`: elect a live replica outside the ISR when no ISR member is alive (§4.1).
    pub unclean_leader_election_enable: bool,
    /// How often a log is written to disk: what a power failure (a lossy crash) cannot lose. Kafka
    /// leaves flushing to the OS by default; this stands in for the page cache's writeback.
    pub log_flush_interval_ms: u64,
    /// `replica.socket.timeout.ms`: a follower gives up on an unanswered fetch after this long.
    pub replica_socket_timeout_ms: u64,
    /// `controller.socket.timeout.ms`: the controller resends a LeaderAndIsr, and a leader its
    /// AlterPartition, that got no answer within this long.
    pub controller_socket_timeout_ms: u64,
    /// `auto.leader.rebalance.enable`: the controller moves leadership back to preferred replicas
    /// (the first in assignment order) every `leader.imbalance.check.interval.seconds`, for each
    /// broker whose share of partitions led by others exceeds `leader.imbalance.per.broker.percentage`.
    /// A KRaft controller ignores the percentage: it rebalances every partition whose leader is
    /// not its preferred replica (`QuorumController.maybeBalancePartitionLeaders`, `kraft.rs`).
    pub auto_leader_rebalance_enable: bool,
    /// The producer's `metadata.max.age.ms`: it refreshes its metadata this often even without
    /// an error (an error that says the leader moved refreshes it at once).
    pub metadata_max_age_ms: u64,
    pub leader_imbalance_check_interval_seconds: u64,
    pub leader_imbalance_per_broker_percentage: u64,
    /// `controlled.shutdown.max.retries` / `controlled.shutdown.retry.backoff.ms`: how often a
    /// broker asks the controller to move its leaderships before it stops anyway.
    pub controlled_shutdown_max_retries: u64,
    pub controlled_shutdown_retry_backoff_ms: u64,
    /// Size-based retention per replica log, counted in records (Kafka's `retention.bytes`):
    /// whole segments below the HW are deleted once the log holds more.
    pub log_retention_records: u64,
    pub network_latency_ms_min: u64,
    pub network_latency_ms_max: u64,
    pub seed: u64,
    /// The producer's default `acks` (1 until 3.0, all since KIP-679).
    pub acks: Acks,
    /// The producer's `enable.idempotence` default (true since 3.0, KIP-679; needs 0.11+).
    pub enable_idempotence: bool,
    /// The producer's `retries` (0 until 2.1, then effectively unlimited under `delivery.timeout.ms`).
    pub retries: u32,
    pub retry_backoff_ms: u64,
    /// The producer's `delivery.timeout.ms`: no retry starts after this long since the first send.
    pub delivery_timeout_ms: u64,
    /// One consumer per partition polls the leader and reads up to the HW.
    pub consumers: bool,
    /// Record the event feed (what `step` returns). Off only for benchmarks: the state is the same.
    pub events: bool,
    /// The KRaft presets' own settings (their keys sit beside the others in the JSON).
    #[serde(flatten)]
    pub kraft: KraftSettings,
    /// Fetch from follower (KIP-392): racks, the consumer's rack, the leader's replica selector.
    #[serde(flatten)]
    pub rack: RackSettings,
}

/// KIP-392's settings (2.4+). Hashed only when one is set, so a cluster without them hashes as
/// before they existed (the determinism fixture).
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Clone, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RackSettings {
    /// Each broker's `broker.rack`, by broker id, separated by commas ("a,a,b"); "" = no racks.
    pub broker_racks: String,
    /// The consumers' `client.rack` ("" = none: the rack-aware selector then picks the leader).
    pub client_rack: String,
    /// The leader's `replica.selector.class`.
    pub replica_selector_class: ReplicaSelector,
}

impl std::hash::Hash for RackSettings {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if *self != RackSettings::default() {
            (&self.broker_racks, &self.client_rack, self.replica_selector_class).hash(h);
        }
    }
}

impl RackSettings {
    /// Broker `b`'s `broker.rack` (None: no rack set).
    pub fn broker_rack(&self, b: BrokerId) -> Option<&str> {
        self.broker_racks.split(',').nth(b as usize).filter(|r| !r.is_empty())
    }

    fn validate(&self, brokers: u32) -> Result<(), ApiError> {
        if !self.broker_racks.is_empty() {
            let racks: Vec<&str> = self.broker_racks.split(',').collect();
            if racks.len() != brokers as usize || !racks.iter().all(|r| rack_name_ok(r)) {
                return Err(ApiError::new(
                    "brokerRacks",
                    format!(
                        "must be one rack name per broker ({brokers}), by broker id, separated by commas (e.g. \"{}\"; a name is 1 to {RACK_NAME_MAX} letters, digits, '.', '_' or '-'), got {}",
                        example_racks(brokers),
                        crate::api::quoted(&self.broker_racks)
                    ),
                ));
            }
        }
        if !self.client_rack.is_empty() && !rack_name_ok(&self.client_rack) {
            return Err(ApiError::new(
                "clientRack",
                format!(
                    "must be \"\" or a rack name of 1 to {RACK_NAME_MAX} letters, digits, '.', '_' or '-', got {}",
                    crate::api::quoted(&self.client_rack)
                ),
            ));
        }
        Ok(())
    }
}

/// The longest rack name accepted (Kafka sets none; a bound keeps the snapshot small).
pub const RACK_NAME_MAX: usize = 32;

fn rack_name_ok(r: &str) -> bool {
    (1..=RACK_NAME_MAX).contains(&r.len()) && r.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
}

/// "a,a,b,b" for 4 brokers: two racks, the example of an error message.
fn example_racks(brokers: u32) -> String {
    (0..brokers).map(|b| if b < brokers.div_ceil(2) { "a" } else { "b" }).collect::<Vec<_>>().join(",")
}

/// The settings of a KRaft cluster (4.x presets, `crate::kraft`). Hashed only in KRaft presets,
/// so a ZooKeeper-era cluster's state hash (the determinism fixture) is what it was.
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KraftSettings {
    /// The preset runs the KRaft controller instead of ZooKeeper's (`Rules::kraft`); the JSON
    /// names the version instead.
    #[serde(skip)]
    pub enabled: bool,
    /// `eligible.leader.replicas.version` 1 (KIP-966): on for clusters formatted at 4.1+; an
    /// upgraded cluster keeps it off until the feature is upgraded.
    pub eligible_leader_replicas: bool,
    /// `broker.heartbeat.interval.ms`: how often a broker heartbeats to the active controller.
    pub broker_heartbeat_interval_ms: u64,
    /// `broker.session.timeout.ms`: a broker with no heartbeat for this long is fenced.
    pub broker_session_timeout_ms: u64,
    /// `controller.quorum.voters`: how many controllers run Raft on the metadata log (1, 3 or 5).
    pub controller_quorum_voters: u32,
}

impl std::hash::Hash for KraftSettings {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if self.enabled {
            (self.eligible_leader_replicas, self.broker_heartbeat_interval_ms, self.broker_session_timeout_ms).hash(h);
            self.controller_quorum_voters.hash(h);
        }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config::preset(Version::V3_7)
    }
}

impl Config {
    /// The defaults of a Kafka release (Appendix A): its column of the rules table, plus the
    /// settings every preset shares.
    pub fn preset(version: Version) -> Config {
        let r = Rules::of(version);
        Config {
            version,
            truncation: r.truncation,
            isr_update: r.isr_update,
            strategy: Strategy::Isr,
            strict_min_isr: r.strict_min_isr,
            replica_lag_max_messages: r.replica_lag_max_messages,
            brokers: 4,
            partitions: 3,
            replication_factor: 3,
            min_insync_replicas: 1,
            replica_lag_time_max_ms: r.replica_lag_time_max_ms,
            replica_fetch_wait_max_ms: 500,
            replica_fetch_backoff_ms: 1_000,
            zookeeper_session_timeout_ms: r.zookeeper_session_timeout_ms,
            request_timeout_ms: 30_000,
            replica_high_watermark_checkpoint_interval_ms: 5_000,
            unclean_leader_election_enable: r.unclean_leader_election_enable,
            log_retention_records: 65_536,
            log_flush_interval_ms: 5_000,
            replica_socket_timeout_ms: 30_000,
            controller_socket_timeout_ms: 30_000,
            auto_leader_rebalance_enable: true,
            metadata_max_age_ms: 300_000,
            leader_imbalance_check_interval_seconds: 300,
            leader_imbalance_per_broker_percentage: 10,
            controlled_shutdown_max_retries: 3,
            controlled_shutdown_retry_backoff_ms: 5_000,
            network_latency_ms_min: 100,
            network_latency_ms_max: 300,
            seed: 1,
            acks: r.acks,
            enable_idempotence: r.enable_idempotence,
            retries: r.retries,
            retry_backoff_ms: 100,
            delivery_timeout_ms: 120_000,
            consumers: true,
            events: true,
            kraft: KraftSettings {
                enabled: r.kraft,
                eligible_leader_replicas: r.eligible_leader_replicas,
                broker_heartbeat_interval_ms: 2_000,
                broker_session_timeout_ms: 9_000,
                controller_quorum_voters: 3,
            },
            rack: RackSettings::default(),
        }
    }

    /// The rules of this cluster's release (`rules.rs`). Logic reads these, never the version.
    pub fn rules(&self) -> &'static Rules {
        Rules::of(self.version)
    }
}

/// Integer keys: (name, lowest, highest).
pub(crate) const INT_KEYS: &[(&str, u64, u64)] = &[
    ("brokers", 1, MAX_BROKERS),
    ("partitions", 1, MAX_PARTITIONS),
    ("replicationFactor", 1, MAX_BROKERS),
    ("minInsyncReplicas", 1, MAX_BROKERS),
    ("replicaLagTimeMaxMs", 100, 600_000),
    ("replicaFetchWaitMaxMs", 0, 60_000),
    ("replicaFetchBackoffMs", 0, 60_000),
    ("zookeeperSessionTimeoutMs", 100, 600_000),
    ("requestTimeoutMs", 100, 600_000),
    ("replicaHighWatermarkCheckpointIntervalMs", 100, 600_000),
    ("logFlushIntervalMs", 100, 3_600_000),
    ("replicaSocketTimeoutMs", 100, 600_000),
    ("controllerSocketTimeoutMs", 100, 600_000),
    ("leaderImbalanceCheckIntervalSeconds", 1, 86_400),
    ("metadataMaxAgeMs", 100, 3_600_000),
    ("leaderImbalancePerBrokerPercentage", 0, 100),
    ("controlledShutdownMaxRetries", 0, 100),
    ("controlledShutdownRetryBackoffMs", 0, 600_000),
    ("logRetentionRecords", crate::log::SEGMENT_RECORDS as u64, 100_000_000),
    ("networkLatencyMsMin", 0, 60_000),
    ("networkLatencyMsMax", 0, 60_000),
    ("seed", 0, MAX_SEED),
    ("replicaLagMaxMessages", 0, 1_000_000_000),
    ("retries", 0, i32::MAX as u64),
    ("retryBackoffMs", 0, 60_000),
    ("deliveryTimeoutMs", 100, 3_600_000),
    ("brokerHeartbeatIntervalMs", 100, 60_000),
    ("brokerSessionTimeoutMs", 100, 600_000),
    ("controllerQuorumVoters", 1, 5),
];
pub(crate) const BOOL_KEYS: &[&str] = &[
    "uncleanLeaderElectionEnable",
    "strictMinIsr",
    "enableIdempotence",
    "consumers",
    "events",
    "autoLeaderRebalanceEnable",
    "eligibleLeaderReplicas",
];
/// String keys and their allowed values (`version` is read first: it sets the defaults).
pub(crate) const CHOICE_KEYS: &[(&str, &[&str])] = &[
    ("version", Version::LABELS),
    ("truncation", Truncation::LABELS),
    ("isrUpdate", IsrUpdate::LABELS),
    ("strategy", Strategy::LABELS),
    ("replicaSelectorClass", ReplicaSelector::LABELS),
];
/// Free-text keys (validated by `RackSettings::validate`).
pub(crate) const TEXT_KEYS: &[&str] = &["brokerRacks", "clientRack"];

impl Config {
    /// Every accepted key, for error messages and docs.
    pub fn keys() -> Vec<&'static str> {
        CHOICE_KEYS
            .iter()
            .map(|k| k.0)
            .chain(INT_KEYS.iter().map(|k| k.0))
            .chain(BOOL_KEYS.iter().copied())
            .chain(["acks"])
            .chain(TEXT_KEYS.iter().copied())
            .collect()
    }

    /// Builds a config from `key → value` pairs over the defaults; rejects unknown keys, bad values
    /// and inconsistent combinations.
    pub fn from_pairs(pairs: &[(String, Value)]) -> Result<Config, ApiError> {
        check_keys("config", pairs, &Config::keys())?;
        let mut c = Config::default();
        if let Some((_, v)) = pairs.iter().find(|(k, _)| k == "version") {
            c = Config::preset(Version::from_label(choice_arg("version", v, Version::LABELS)?));
        }
        for (key, v) in pairs.iter().filter(|(k, _)| k != "version") {
            if key == "acks" {
                c.acks = acks_arg("acks", v)?;
            } else if let Some(&(name, lo, hi)) = INT_KEYS.iter().find(|k| k.0 == key) {
                c.set_int(name, int_arg(name, v, lo, hi)?);
            } else if let Some(&(name, allowed)) = CHOICE_KEYS.iter().find(|k| k.0 == key) {
                c.set_choice(name, choice_arg(name, v, allowed)?);
            } else if key == "brokerRacks" {
                c.rack.broker_racks = text_arg(key, v)?;
            } else if key == "clientRack" {
                c.rack.client_rack = text_arg(key, v)?;
            } else {
                c.set_bool(key, bool_arg(key, v)?);
            }
        }
        c.validate()?;
        if pairs.iter().any(|(k, _)| k == "logRetentionRecords") {
            crate::budget::check_retention(c.log_retention_records, c.partitions, c.replication_factor)?;
        }
        Ok(c)
    }

    fn set_int(&mut self, key: &str, n: u64) {
        // Ranges were checked against INT_KEYS, so the u32 casts cannot truncate.
        match key {
            "brokers" => self.brokers = n as u32,
            "partitions" => self.partitions = n as u32,
            "replicationFactor" => self.replication_factor = n as u32,
            "minInsyncReplicas" => self.min_insync_replicas = n as u32,
            "replicaLagTimeMaxMs" => self.replica_lag_time_max_ms = n,
            "replicaFetchWaitMaxMs" => self.replica_fetch_wait_max_ms = n,
            "replicaFetchBackoffMs" => self.replica_fetch_backoff_ms = n,
            "zookeeperSessionTimeoutMs" => self.zookeeper_session_timeout_ms = n,
            "requestTimeoutMs" => self.request_timeout_ms = n,
            "replicaHighWatermarkCheckpointIntervalMs" => self.replica_high_watermark_checkpoint_interval_ms = n,
            "logRetentionRecords" => self.log_retention_records = n,
            "logFlushIntervalMs" => self.log_flush_interval_ms = n,
            "replicaSocketTimeoutMs" => self.replica_socket_timeout_ms = n,
            "controllerSocketTimeoutMs" => self.controller_socket_timeout_ms = n,
            "leaderImbalanceCheckIntervalSeconds" => self.leader_imbalance_check_interval_seconds = n,
            "metadataMaxAgeMs" => self.metadata_max_age_ms = n,
            "leaderImbalancePerBrokerPercentage" => self.leader_imbalance_per_broker_percentage = n,
            "controlledShutdownMaxRetries" => self.controlled_shutdown_max_retries = n,
            "controlledShutdownRetryBackoffMs" => self.controlled_shutdown_retry_backoff_ms = n,
            "networkLatencyMsMin" => self.network_latency_ms_min = n,
            "networkLatencyMsMax" => self.network_latency_ms_max = n,
            "seed" => self.seed = n,
            "replicaLagMaxMessages" => self.replica_lag_max_messages = n,
            "retries" => self.retries = n as u32,
            "retryBackoffMs" => self.retry_backoff_ms = n,
            "deliveryTimeoutMs" => self.delivery_timeout_ms = n,
            "brokerHeartbeatIntervalMs" => self.kraft.broker_heartbeat_interval_ms = n,
            "brokerSessionTimeoutMs" => self.kraft.broker_session_timeout_ms = n,
            "controllerQuorumVoters" => self.kraft.controller_quorum_voters = n as u32,
            _ => unreachable!("INT_KEYS and set_int disagree on {key}"),
        }
    }

    fn set_bool(&mut self, key: &str, b: bool) {
        match key {
            "uncleanLeaderElectionEnable" => self.unclean_leader_election_enable = b,
            "strictMinIsr" => self.strict_min_isr = b,
            "enableIdempotence" => self.enable_idempotence = b,
            "consumers" => self.consumers = b,
            "events" => self.events = b,
            "autoLeaderRebalanceEnable" => self.auto_leader_rebalance_enable = b,
            "eligibleLeaderReplicas" => self.kraft.eligible_leader_replicas = b,
            _ => unreachable!("BOOL_KEYS and set_bool disagree on {key}"),
        }
    }

    fn set_choice(&mut self, key: &str, label: &str) {
        match key {
            "truncation" => self.truncation = Truncation::from_label(label),
            "isrUpdate" => self.isr_update = IsrUpdate::from_label(label),
            "strategy" => self.strategy = Strategy::from_label(label),
            "replicaSelectorClass" => self.rack.replica_selector_class = ReplicaSelector::from_label(label),
            _ => unreachable!("CHOICE_KEYS and set_choice disagree on {key}"),
        }
    }

    pub fn validate(&self) -> Result<(), ApiError> {
        if self.enable_idempotence && !self.rules().idempotent_producer {
            return Err(ApiError::new("enableIdempotence", format!("needs version 0.11 or later (KIP-98), got {}", self.version.label())));
        }
        let kraft_only = [
            ("eligibleLeaderReplicas", self.kraft.eligible_leader_replicas),
            ("brokerHeartbeatIntervalMs", self.kraft.broker_heartbeat_interval_ms != 2_000),
            ("brokerSessionTimeoutMs", self.kraft.broker_session_timeout_ms != 9_000),
            ("controllerQuorumVoters", self.kraft.controller_quorum_voters != 3),
        ];
        if let Some((key, _)) = kraft_only.iter().find(|(_, set)| *set && !self.kraft.enabled) {
            return Err(ApiError::new(key, format!("needs a KRaft preset (4.0 or 4.2), got {}", self.version.label())));
        }
        let rack_keys = [
            ("brokerRacks", !self.rack.broker_racks.is_empty()),
            ("clientRack", !self.rack.client_rack.is_empty()),
            ("replicaSelectorClass", self.rack.replica_selector_class != ReplicaSelector::None),
        ];
        if let Some((key, _)) = rack_keys.iter().find(|(_, set)| *set && !self.rules().fetch_from_follower) {
            let allowed: Vec<&str> = Version::ALL.iter().filter(|v| Rules::of(**v).fetch_from_follower).map(|v| v.label()).collect();
            return Err(ApiError::new(
                key,
                format!(
                    "needs version 2.4 or later (KIP-392 fetch from follower; presets {}), got {}",
                    allowed.join(", "),
                    self.version.label()
                ),
            ));
        }
        self.rack.validate(self.brokers)?;
        if self.kraft.enabled && self.strategy != Strategy::Isr {
            return Err(ApiError::new("strategy", "a KRaft preset models Kafka's ISR strategy only; allowed: \"isr\"".to_string()));
        }
        if self.kraft.enabled && self.isr_update != IsrUpdate::AlterPartition {
            return Err(ApiError::new(
                "isrUpdate",
                "a KRaft cluster changes ISRs through AlterPartition only; allowed: \"alter-partition\"".to_string(),
            ));
        }
        if self.kraft.controller_quorum_voters % 2 == 0 {
            return Err(ApiError::new(
                "controllerQuorumVoters",
                format!("must be 1, 3 or 5 (an odd number of voters), got {}", self.kraft.controller_quorum_voters),
            ));
        }
        if self.kraft.broker_heartbeat_interval_ms >= self.kraft.broker_session_timeout_ms {
            return Err(ApiError::new(
                "brokerHeartbeatIntervalMs",
                format!(
                    "must be below brokerSessionTimeoutMs ({}), got {}",
                    self.kraft.broker_session_timeout_ms, self.kraft.broker_heartbeat_interval_ms
                ),
            ));
        }
        if self.replication_factor > self.brokers {
            return Err(ApiError::new(
                "replicationFactor",
                format!("must be from 1 to brokers ({}), got {}", self.brokers, self.replication_factor),
            ));
        }
        if self.network_latency_ms_min > self.network_latency_ms_max {
            return Err(ApiError::new(
                "networkLatencyMsMin",
                format!("must not exceed networkLatencyMsMax ({}), got {}", self.network_latency_ms_max, self.network_latency_ms_min),
            ));
        }
        Ok(())
    }

    /// Kafka milliseconds → ticks, rounded up so that no timer fires early.
    pub fn ticks(ms: u64) -> u64 {
        ms.div_ceil(TICK_MS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, Value)]) -> Vec<(String, Value)> {
        list.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
    }

    #[test]
    fn defaults_are_the_source_notes_figure() {
        let c = Config::from_pairs(&[]).unwrap();
        assert_eq!((c.brokers, c.partitions, c.replication_factor), (4, 3, 3));
        assert_eq!(c.version, Version::V3_7);
        assert_eq!(c.replica_lag_time_max_ms, 30_000);
    }

    #[test]
    fn a_version_sets_its_defaults_and_keys_override_them() {
        let c = Config::from_pairs(&pairs(&[("truncation", Value::Str("kip-279".into())), ("version", Value::Str("0.8".into()))])).unwrap();
        assert_eq!(c.version, Version::V0_8);
        assert_eq!(c.truncation, Truncation::Kip279, "an explicit key wins, whatever its position");
        assert_eq!((c.replica_lag_max_messages, c.replica_lag_time_max_ms), (4_000, 10_000));
        assert!(c.unclean_leader_election_enable);
        let c = Config::from_pairs(&pairs(&[("version", Value::Str("0.11".into()))])).unwrap();
        assert_eq!((c.truncation, c.isr_update, c.replica_lag_max_messages), (Truncation::LeaderEpoch, IsrUpdate::ZooKeeper, 0));
        let e = Config::from_pairs(&pairs(&[("version", Value::Str("9.9".into()))])).unwrap_err();
        assert_eq!(e.argument, "version");
        assert!(e.message.contains("\"0.8\", \"0.11\""), "{e}");
    }

    #[test]
    fn bad_values_name_the_argument() {
        for (list, arg) in [
            (pairs(&[("brokers", Value::Num(0.0))]), "brokers"),
            (pairs(&[("brokers", Value::Num(2.5))]), "brokers"),
            (pairs(&[("brokers", Value::Str("4".into()))]), "brokers"),
            (pairs(&[("bogus", Value::Num(1.0))]), "bogus"),
            (pairs(&[("brokers", Value::Num(2.0)), ("replicationFactor", Value::Num(3.0))]), "replicationFactor"),
            (pairs(&[("uncleanLeaderElectionEnable", Value::Num(1.0))]), "uncleanLeaderElectionEnable"),
            (pairs(&[("networkLatencyMsMin", Value::Num(500.0))]), "networkLatencyMsMin"),
        ] {
            let e = Config::from_pairs(&list).unwrap_err();
            assert_eq!(e.argument, arg, "{e}");
        }
    }

    #[test]
    fn rack_keys_are_checked_and_need_kip_392() {
        let s = |v: &str| Value::Str(v.into());
        let c =
            Config::from_pairs(&pairs(&[("brokerRacks", s("a,a,b,b")), ("clientRack", s("b")), ("replicaSelectorClass", s("rack-aware"))]))
                .unwrap();
        assert_eq!((c.rack.broker_rack(2), c.rack.broker_rack(4)), (Some("b"), None));
        assert_eq!(c.rack.replica_selector_class, ReplicaSelector::RackAware);
        for (list, arg, says) in [
            (pairs(&[("brokerRacks", s("a,b"))]), "brokerRacks", "one rack name per broker (4)"),
            (pairs(&[("brokerRacks", s("a,,b,c"))]), "brokerRacks", "e.g. \"a,a,b,b\""),
            (pairs(&[("clientRack", s("no spaces"))]), "clientRack", "a rack name"),
            (pairs(&[("replicaSelectorClass", s("leader"))]), "replicaSelectorClass", "\"none\", \"rack-aware\""),
            (pairs(&[("version", s("0.11")), ("replicaSelectorClass", s("rack-aware"))]), "replicaSelectorClass", "needs version 2.4"),
            (pairs(&[("clientRack", Value::Bool(true))]), "clientRack", "must be a string"),
        ] {
            let e = Config::from_pairs(&list).unwrap_err();
            assert_eq!(e.argument, arg, "{e}");
            assert!(e.message.contains(says), "{e}");
        }
    }

    #[test]
    fn ticks_round_up() {
        assert_eq!(Config::ticks(0), 0);
        assert_eq!(Config::ticks(1), 1);
        assert_eq!(Config::ticks(10_000), 100);
    }
}
