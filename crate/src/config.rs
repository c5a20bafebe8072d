//! Cluster configuration: Kafka's names (camelCase in JS) and Kafka's units (ms). The core runs on
//! logical ticks of [`TICK_MS`]; every `*_ms` value is converted with [`Config::ticks`].

use crate::api::{bool_arg, check_keys, int_arg, ApiError, Value};
use serde::Serialize;

/// Kafka time per logical tick. Network latency is exaggerated (100–300 ms by default) so that
/// messages in flight stay visible; every timer keeps Kafka's value in ms.
pub const TICK_MS: u64 = 100;
pub const MAX_BROKERS: u64 = 32;
pub const MAX_PARTITIONS: u64 = 256;
/// JS numbers are exact up to 2^53 - 1.
pub const MAX_SEED: u64 = (1 << 53) - 1;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Config {
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
    /// Size-based retention per replica log, counted in records (Kafka's `retention.bytes`):
    /// whole segments below the HW are deleted once the log holds more.
    pub log_retention_records: u64,
    pub network_latency_ms_min: u64,
    pub network_latency_ms_max: u64,
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            brokers: 4,
            partitions: 3,
            replication_factor: 3,
            min_insync_replicas: 1,
            replica_lag_time_max_ms: 10_000,
            replica_fetch_wait_max_ms: 500,
            replica_fetch_backoff_ms: 1_000,
            zookeeper_session_timeout_ms: 6_000,
            request_timeout_ms: 30_000,
            replica_high_watermark_checkpoint_interval_ms: 5_000,
            unclean_leader_election_enable: false,
            log_retention_records: 65_536,
            network_latency_ms_min: 100,
            network_latency_ms_max: 300,
            seed: 1,
        }
    }
}

/// Integer keys: (name, lowest, highest).
const INT_KEYS: &[(&str, u64, u64)] = &[
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
    ("logRetentionRecords", crate::log::SEGMENT_RECORDS as u64, 100_000_000),
    ("networkLatencyMsMin", 0, 60_000),
    ("networkLatencyMsMax", 0, 60_000),
    ("seed", 0, MAX_SEED),
];
const BOOL_KEYS: &[&str] = &["uncleanLeaderElectionEnable"];

impl Config {
    /// Every accepted key, for error messages and docs.
    pub fn keys() -> Vec<&'static str> {
        INT_KEYS.iter().map(|k| k.0).chain(BOOL_KEYS.iter().copied()).collect()
    }

    /// Builds a config from `key → value` pairs over the defaults; rejects unknown keys, bad values
    /// and inconsistent combinations.
    pub fn from_pairs(pairs: &[(String, Value)]) -> Result<Config, ApiError> {
        check_keys("config", pairs, &Config::keys())?;
        let mut c = Config::default();
        for (key, v) in pairs {
            if let Some(&(name, lo, hi)) = INT_KEYS.iter().find(|k| k.0 == key) {
                c.set_int(name, int_arg(name, v, lo, hi)?);
            } else {
                c.set_bool(key, bool_arg(key, v)?);
            }
        }
        c.validate()?;
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
            "networkLatencyMsMin" => self.network_latency_ms_min = n,
            "networkLatencyMsMax" => self.network_latency_ms_max = n,
            "seed" => self.seed = n,
            _ => unreachable!("INT_KEYS and set_int disagree on {key}"),
        }
    }

    fn set_bool(&mut self, key: &str, b: bool) {
        match key {
            "uncleanLeaderElectionEnable" => self.unclean_leader_election_enable = b,
            _ => unreachable!("BOOL_KEYS and set_bool disagree on {key}"),
        }
    }

    pub fn validate(&self) -> Result<(), ApiError> {
        if self.replication_factor > self.brokers {
            return Err(ApiError::new(
                "replicationFactor",
                format!("must be from 1 to brokers ({}), got {}", self.brokers, self.replication_factor),
            ));
        }
        if self.network_latency_ms_min > self.network_latency_ms_max {
            return Err(ApiError::new(
                "networkLatencyMsMin",
                format!(
                    "must not exceed networkLatencyMsMax ({}), got {}",
                    self.network_latency_ms_max, self.network_latency_ms_min
                ),
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
        assert_eq!(c.replica_lag_time_max_ms, 10_000);
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
    fn ticks_round_up() {
        assert_eq!(Config::ticks(0), 0);
        assert_eq!(Config::ticks(1), 1);
        assert_eq!(Config::ticks(10_000), 100);
    }
}
