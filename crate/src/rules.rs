//! Kafka's replication rules as one table: a row per rule, with the KIP or JIRA that introduced it,
//! the first Kafka release that has it, and its value under each preset (0.8, 0.11, 2.8, 3.7 in ZooKeeper mode; 4.0, 4.2 in KRaft).
//! Logic files read a rule field (`ctx.cfg.rules().epoch_fencing`), never a version number;
//! `Config::preset` takes the defaults of its config keys from here. The table in docs/api.md is
//! generated from this one (`rules_table_markdown`), and a test fails when the two drift.

use crate::config::{IsrUpdate, Truncation, Version};
use crate::message::Acks;

/// A rule's value as the docs table writes it.
pub trait RuleValue {
    fn text(&self) -> String;
}

impl RuleValue for bool {
    fn text(&self) -> String {
        if *self { "yes" } else { "no" }.to_string()
    }
}

impl RuleValue for u64 {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl RuleValue for u32 {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl RuleValue for Truncation {
    fn text(&self) -> String {
        format!("\"{}\"", self.label())
    }
}

impl RuleValue for IsrUpdate {
    fn text(&self) -> String {
        format!("\"{}\"", self.label())
    }
}

impl RuleValue for Acks {
    fn text(&self) -> String {
        match self {
            Acks::All => "\"all\"".to_string(),
            a => a.label().to_string(),
        }
    }
}

/// One row of the table, for the docs and the consistency tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleRow {
    /// The field of [`Rules`].
    pub name: &'static str,
    /// The config key whose default this row is (`None`: the preset fixes the rule).
    pub key: Option<&'static str>,
    /// The KIP or JIRA, and where in Kafka's code the rule lives.
    pub reference: &'static str,
    /// The Kafka releases in which the rule's value changed (its first release first).
    pub since: &'static [&'static str],
    pub summary: &'static str,
    /// The value under each preset, in `Version` order.
    pub values: [String; 6],
}

/// The preset's column in the table.
fn column(v: Version) -> usize {
    match v {
        Version::V0_8 => 0,
        Version::V0_11 => 1,
        Version::V2_8 => 2,
        Version::V3_7 => 3,
        Version::V4_0 => 4,
        Version::V4_2 => 5,
    }
}

/// The Kafka release each preset stands for (the tags the rules were checked against).
pub const PRESET_RELEASES: [&str; 6] = ["0.8.2", "0.11.0", "2.8.0", "3.7.0", "4.0.0", "4.2.0"];

macro_rules! rules {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $ty:ty = [$v0:expr, $v1:expr, $v2:expr, $v3:expr, $v4:expr, $v5:expr],
            key $key:expr, $reference:literal, since [$($since:literal),+], $summary:literal;
    )+) => {
        /// The rules of one Kafka release (one column of the table).
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub struct Rules {
            $($(#[doc = $doc])* pub $field: $ty,)+
        }

        static PRESETS: [Rules; 6] = [
            Rules { $($field: $v0,)+ },
            Rules { $($field: $v1,)+ },
            Rules { $($field: $v2,)+ },
            Rules { $($field: $v3,)+ },
            Rules { $($field: $v4,)+ },
            Rules { $($field: $v5,)+ },
        ];

        /// Every row, in the table's order.
        pub fn rows() -> Vec<RuleRow> {
            vec![$(RuleRow {
                name: stringify!($field),
                key: $key,
                reference: $reference,
                since: &[$($since),+],
                summary: $summary,
                values: [
                    PRESETS[0].$field.text(),
                    PRESETS[1].$field.text(),
                    PRESETS[2].$field.text(),
                    PRESETS[3].$field.text(),
                    PRESETS[4].$field.text(),
                    PRESETS[5].$field.text(),
                ],
            },)+]
        }
    };
}

rules! {
    // ---- ISR membership (§2) ----
    /// Out of sync = not caught up to the leader's LEO within `replica.lag.time.max.ms`
    /// (`lastCaughtUpTimeMs`); 0.8 looked at the time of the last fetch only.
    lag_from_last_caught_up: bool = [false, true, true, true, true, true],
        key None, "KIP-16, KAFKA-1546 (Replica.lastCaughtUpTimeMs)", since ["0.9.0"],
        "a follower is out of sync when it has not caught up to the leader's LEO for replica.lag.time.max.ms (0.8: when it has not fetched for that long)";
    /// The `isr-expiration` task runs every half lag time (every lag time before).
    isr_check_every_half_lag: bool = [false, true, true, true, true, true],
        key None, "KAFKA-4485 (ReplicaManager.startup)", since ["0.10.2"],
        "the isr-expiration task runs every replica.lag.time.max.ms / 2 (before: every replica.lag.time.max.ms)";
    /// A follower whose LEO equals the leader's is never out of sync (`isCaughtUp`).
    in_sync_at_leader_leo: bool = [false, false, true, true, true, true],
        key None, "Partition.getOutOfSyncReplicas, Replica.isCaughtUp", since ["2.2.0"],
        "a follower whose LEO equals the leader's is never removed from the ISR";
    /// ISR expansion also needs the follower to reach the start of the leader's epoch.
    expand_needs_epoch_start: bool = [false, false, true, true, true, true],
        key None, "KAFKA-7128 (Partition.isFollowerInSync)", since ["2.1.0"],
        "a follower joins the ISR only once its LEO reaches the leader epoch's start offset as well as the HW";
    /// Only ISR-eligible replicas may join the ISR (here: registered in ZooKeeper), checked by
    /// the leader and by the controller on AlterPartition (INELIGIBLE_REPLICA).
    isr_requires_eligible: bool = [false, false, false, true, true, true],
        key None, "KIP-841 (AlterPartition INELIGIBLE_REPLICA)", since ["3.3.0"],
        "only an ISR-eligible replica (here: a registered broker) may join the ISR; the controller refuses others";
    /// KIP-903 (Kafka 3.5 in KRaft mode; ZooKeeper mode never checks it, so here from the first
    /// KRaft preset): a follower's Fetch carries its broker epoch (`ReplicaState.ReplicaEpoch`,
    /// Fetch v15); the leader refuses one older than the epoch its metadata knows for the broker,
    /// adds a replica to the ISR only if the epoch of its last fetch is that epoch, and sends each
    /// ISR member's epoch in AlterPartition (`newIsrWithEpochs`), which the controller checks
    /// against the registration (INELIGIBLE_REPLICA): a zombie fetch from a restarted broker's
    /// previous process cannot bring it back into the ISR.
    fetch_broker_epoch: bool = [false, false, false, false, true, true],
        key None, "KIP-903, 3.5 in KRaft mode (Replica.updateFetchStateOrThrow, Partition.isReplicaIsrEligible, ReplicationControlManager.ineligibleReplicasForIsr)", since ["4.0.0"],
        "a follower's Fetch carries its broker epoch: the leader refuses one older than its metadata's (NOT_LEADER_OR_FOLLOWER) and adds a replica to the ISR only if its fetch's epoch is the registered one; the controller refuses an AlterPartition naming another (INELIGIBLE_REPLICA)";
    // ---- The high watermark (§1.4) and min ISR (§3.1) ----
    /// The HW also waits for followers outside the ISR that are caught up within the lag time.
    hw_waits_for_caught_up: bool = [false, true, true, true, true, true],
        key None, "KAFKA-4485 (Partition.maybeIncrementLeaderHW)", since ["0.10.2"],
        "the HW also waits for followers outside the ISR that caught up within replica.lag.time.max.ms";
    /// …but only for ISR-eligible ones.
    hw_caught_up_if_eligible: bool = [false, false, false, true, true, true],
        key None, "KAFKA-15021 (Partition.shouldWaitForReplicaToJoinIsr)", since ["3.6.0"],
        "a caught-up follower outside the ISR holds the HW only if it is ISR-eligible (alive)";
    /// `min.insync.replicas` is capped at the replication factor.
    min_isr_capped_at_rf: bool = [false, false, false, true, true, true],
        key None, "KAFKA-15583 (Partition.effectiveMinIsr)", since ["3.7.0"],
        "min.insync.replicas counts as min(min.insync.replicas, RF) (before: a value above the RF rejects every acks=all write)";
    // ---- Leader epochs and truncation (§4.4) ----
    /// Fetch and OffsetsForLeaderEpoch carry the current leader epoch; the leader refuses others.
    epoch_fencing: bool = [false, false, true, true, true, true],
        key None, "KIP-320 (Partition.checkCurrentLeaderEpoch)", since ["2.1.0"],
        "Fetch and OffsetsForLeaderEpoch carry the follower's leader epoch; the leader answers FENCED_LEADER_EPOCH or UNKNOWN_LEADER_EPOCH to another";
    /// A follower reconciles its log on every leader-epoch change, not only on a leader change.
    truncate_on_every_epoch_change: bool = [false, false, true, true, true, true],
        key None, "KAFKA-7164 (ReplicaManager.makeFollowers)", since ["2.1.0"],
        "a follower reconciles its log with the leader on every leader-epoch change, not only when the leader changes";
    /// A new leader enters its epoch in the epoch cache at election, not at its first append.
    epoch_cached_on_election: bool = [false, false, true, true, true, true],
        key None, "KAFKA-7415 (Partition.makeLeader)", since ["2.1.0"],
        "a new leader writes (epoch, LEO) into its leader-epoch cache at election (before: at its first append)";
    /// Truncation through DivergingEpoch in fetch responses (with `truncation` "kip-279").
    diverging_epoch_in_fetch: bool = [false, false, true, true, true, true],
        key None, "KAFKA-10554, KIP-595 Fetch v12 (AbstractFetcherThread)", since ["2.8.0"],
        "the follower sends lastFetchedEpoch in Fetch and truncates from the DivergingEpoch of the response, without OffsetsForLeaderEpoch";
    // ---- The controller ----
    /// An unclean election marks the partition RECOVERING in its state (`leader_recovery_state`)
    /// until the new leader's first accepted AlterPartition.
    leader_recovery_state: bool = [false, false, false, true, true, true],
        key None, "KIP-704 (LeaderAndIsr.newRecoveringLeaderAndIsr)", since ["3.2.0"],
        "an unclean election writes \"leader_recovery_state\":1 (RECOVERING) into the partition state until the new leader's next accepted AlterPartition";
    /// Control requests (LeaderAndIsr, StopReplica) carry the receiver's broker epoch, the czxid of
    /// its `/brokers/ids/N` znode as the controller knows it, and ControlledShutdown the sender's;
    /// an older epoch is refused with STALE_BROKER_EPOCH (a request meant for a previous process).
    broker_epoch: bool = [false, false, true, true, true, true],
        key None, "KIP-380 (KafkaApis.isBrokerEpochStale, KafkaController.doControlledShutdown)", since ["2.2.0"],
        "control requests carry the broker epoch (the czxid of /brokers/ids/N); a broker refuses one meant for its previous process, and the controller a ControlledShutdown from one, with STALE_BROKER_EPOCH";
    /// The topic znode records a running reassignment's adding and removing replicas.
    reassignment_in_topic_znode: bool = [false, false, true, true, true, true],
        key None, "KIP-455 (TopicZNode.encode, ReplicaAssignment)", since ["2.4.0"],
        "the topic znode (version 2) lists a running reassignment's adding_replicas and removing_replicas";
    /// A reassignment of a partition being reassigned replaces it (before: refused while one runs).
    reassignment_replaceable: bool = [false, false, true, true, true, true],
        key None, "KIP-455 (KafkaController.onPartitionReassignment, ReplicaAssignment.reassignTo)", since ["2.4.0"],
        "a reassignment of a partition being reassigned replaces it, from the original replicas (back to them: a cancellation); before, kafka-reassign-partitions refused a new one while /admin/reassign_partitions existed";
    /// Topics have an id, written into the topic znode (version 3, `topic_id`).
    topic_id: bool = [false, false, true, true, true, true],
        key None, "KIP-516 (TopicZNode.encode, KAFKA-10545)", since ["2.8.0"],
        "a topic has a topic id, written into the topic znode as \"topic_id\" (version 3)";
    /// KRaft (KIP-500; ZooKeeper removed in 4.0 by KIP-833): the active controller writes
    /// every leader and ISR change to the `__cluster_metadata` log, brokers replay it, heartbeat
    /// to the controller and are fenced when their session lapses (`crate::kraft`).
    kraft: bool = [false, false, false, false, true, true],
        key None, "KIP-500, KIP-833 (QuorumController, ReplicationControlManager, BrokerHeartbeatManager)", since ["4.0.0"],
        "the KRaft controller decides leaders and ISRs through the metadata log, and fences brokers that stop heartbeating (before: the ZooKeeper controller and broker sessions)";
    /// Eligible Leader Replicas (KIP-966 part 1) by default (`eligible.leader.replicas.version` 1).
    eligible_leader_replicas: bool = [false, false, false, false, false, true],
        key Some("eligibleLeaderReplicas"), "KIP-966 (PartitionChangeBuilder.maybePopulateTargetElr)", since ["4.1.0"],
        "replicas leaving an ISR that drops below min.insync.replicas join the ELR and may be elected when the ISR is empty (on by default for clusters formatted at 4.1+)";
    // ---- Consumers (KIP-392 fetch from follower) ----
    /// Brokers have racks, the leader may send a consumer to a follower (`preferredReadReplica`
    /// of the fetch response, chosen by `replica.selector.class`), and a follower serves
    /// consumer fetches up to its own HW.
    fetch_from_follower: bool = [false, false, true, true, true, true],
        key None, "KIP-392, KAFKA-8443 (ReplicaManager.findPreferredReadReplica, RackAwareReplicaSelector)", since ["2.4.0"],
        "consumers may read from a follower: the leader names a preferred read replica chosen by replica.selector.class (broker.rack against client.rack) and the follower serves reads up to its own HW";
    /// The leader offers only followers in the ISR as the preferred read replica (before: any
    /// follower whose LEO reaches the fetch offset).
    preferred_replica_in_isr: bool = [false, false, false, true, true, true],
        key None, "KAFKA-14372 (ReplicaManager.findPreferredReadReplica)", since ["3.4.0"],
        "the preferred read replica is chosen among ISR members only (before: any follower holding the fetch offset, however far behind)";
    /// The consumer forgets its preferred read replica on every metadata update it asks for
    /// (NOT_LEADER_OR_FOLLOWER, FENCED_LEADER_EPOCH…), not only on OFFSET_OUT_OF_RANGE or expiry.
    preferred_replica_cleared_on_metadata_update: bool = [false, false, false, true, true, true],
        key None, "KAFKA-14379 (Fetcher.requestMetadataUpdate)", since ["3.4.0"],
        "a consumer goes back to the leader on any error that refreshes its metadata (before: only on OFFSET_OUT_OF_RANGE, an offline replica, or after metadata.max.age.ms)";
    // ---- The producer (§3) ----
    /// The broker keeps producer state and deduplicates idempotent batches.
    idempotent_producer: bool = [false, true, true, true, true, true],
        key None, "KIP-98 (ProducerStateManager)", since ["0.11.0"],
        "the idempotent producer exists: the leader deduplicates batches by producer id and sequence";
    // ---- Defaults of config keys ----
    /// How a follower reconciles its log (§4.4).
    truncation: Truncation = [Truncation::HighWatermark, Truncation::LeaderEpoch, Truncation::Kip279, Truncation::Kip279, Truncation::Kip279, Truncation::Kip279],
        key Some("truncation"), "KIP-101, KIP-279 (ReplicaFetcherThread)", since ["0.11.0", "2.0.0"],
        "how a new follower reconciles its log: to its HW, to the leader's end offset for its epoch (KIP-101), to the last epoch both logs share (KIP-279)";
    /// Who writes a leader's ISR change (§2.3).
    isr_update: IsrUpdate = [IsrUpdate::ZooKeeper, IsrUpdate::ZooKeeper, IsrUpdate::AlterPartition, IsrUpdate::AlterPartition, IsrUpdate::AlterPartition, IsrUpdate::AlterPartition],
        key Some("isrUpdate"), "KIP-497 (AlterIsrManager, later AlterPartitionManager)", since ["2.7.0"],
        "the leader writes its ISR changes to ZooKeeper, or asks the controller with AlterPartition (counting the maximal ISR meanwhile)";
    /// The HW does not advance while the ISR is smaller than min(min.insync.replicas, RF).
    strict_min_isr: bool = [false, false, false, true, true, true],
        key Some("strictMinIsr"), "KAFKA-15583, KIP-966 part 1 (Partition.maybeIncrementLeaderHW)", since ["3.7.0"],
        "the HW does not advance while the ISR is smaller than min(min.insync.replicas, RF)";
    /// 0.8's second lag rule (0 = off).
    replica_lag_max_messages: u64 = [4_000, 0, 0, 0, 0, 0],
        key Some("replicaLagMaxMessages"), "removed by KIP-16, KAFKA-1546", since ["0.9.0"],
        "a follower more than this many messages behind leaves the ISR (0 = no such rule)";
    /// `replica.lag.time.max.ms`.
    replica_lag_time_max_ms: u64 = [10_000, 10_000, 30_000, 30_000, 30_000, 30_000],
        key Some("replicaLagTimeMaxMs"), "KIP-537", since ["2.5.0"],
        "replica.lag.time.max.ms";
    /// `zookeeper.session.timeout.ms`.
    zookeeper_session_timeout_ms: u64 = [6_000, 6_000, 18_000, 18_000, 18_000, 18_000],
        key Some("zookeeperSessionTimeoutMs"), "KIP-537", since ["2.5.0"],
        "zookeeper.session.timeout.ms";
    /// `unclean.leader.election.enable`.
    unclean_leader_election_enable: bool = [true, false, false, false, false, false],
        key Some("uncleanLeaderElectionEnable"), "KIP-106", since ["0.11.0"],
        "unclean.leader.election.enable";
    /// The producer's `acks`.
    acks: Acks = [Acks::One, Acks::One, Acks::One, Acks::All, Acks::All, Acks::All],
        key Some("acks"), "KIP-679", since ["3.0.0"],
        "the producer's acks";
    /// The producer's `enable.idempotence`.
    enable_idempotence: bool = [false, false, false, true, true, true],
        key Some("enableIdempotence"), "KIP-679", since ["3.0.0"],
        "the producer's enable.idempotence";
    /// The producer's `retries` (unlimited under `delivery.timeout.ms` since KIP-91).
    retries: u32 = [0, 0, i32::MAX as u32, i32::MAX as u32, i32::MAX as u32, i32::MAX as u32],
        key Some("retries"), "KIP-91", since ["2.1.0"],
        "the producer's retries";
}

impl Rules {
    /// The rules of a preset.
    pub fn of(version: Version) -> &'static Rules {
        &PRESETS[column(version)]
    }
}

/// The docs/api.md table, generated from the rows.
pub fn rules_table_markdown() -> String {
    let mut out = String::from("| rule | what it says | KIP / JIRA (where in Kafka) | since | 0.8 | 0.11 | 2.8 | 3.7 | 4.0 | 4.2 |\n");
    out.push_str("|---|---|---|---|---|---|---|---|---|---|\n");
    for r in rows() {
        let name = match r.key {
            Some(k) => format!("`{}` (default of `{k}`)", r.name),
            None => format!("`{}`", r.name),
        };
        out.push_str(&format!("| {name} | {} | {} | {} | {} |\n", r.summary, r.reference, r.since.join(", "), r.values.join(" | ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `"2.10.1"` → [2, 10, 1], for ordering releases.
    fn release(v: &str) -> Vec<u32> {
        v.split('.').map(|n| n.parse().unwrap_or_else(|_| panic!("release {v}"))).collect()
    }

    /// A rule's value may change between two neighbouring presets only at one of the releases
    /// listed as its `since`, and must change there: the table's "since" column and its values
    /// say the same thing.
    #[test]
    fn values_change_exactly_at_the_releases_named() {
        for r in rows() {
            assert!(!r.since.is_empty(), "{}: no release named", r.name);
            for i in 1..PRESET_RELEASES.len() {
                let (before, after) = (release(PRESET_RELEASES[i - 1]), release(PRESET_RELEASES[i]));
                let changes = r.since.iter().any(|s| {
                    let s = release(s);
                    before < s && s <= after
                });
                assert_eq!(
                    r.values[i - 1] != r.values[i],
                    changes,
                    "{}: between the {} and {} presets the value goes {} → {}, but since = {:?}",
                    r.name,
                    PRESET_RELEASES[i - 1],
                    PRESET_RELEASES[i],
                    r.values[i - 1],
                    r.values[i],
                    r.since
                );
            }
        }
    }

    #[test]
    fn every_key_named_is_a_config_key() {
        let keys = crate::config::Config::keys();
        for r in rows() {
            if let Some(k) = r.key {
                assert!(keys.contains(&k), "{}: {k} is not a config key", r.name);
            }
        }
    }

    /// docs/api.md holds the generated table between its markers. `REWRITE=1 cargo test
    /// rules_table` writes it there.
    #[test]
    fn rules_table_in_the_docs_is_generated_from_this_one() {
        const BEGIN: &str = "<!-- rules table: generated from crate/src/rules.rs -->\n";
        const END: &str = "<!-- end of rules table -->";
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/api.md");
        let doc = std::fs::read_to_string(path).unwrap();
        let start = doc.find(BEGIN).expect("docs/api.md has the rules table's begin marker") + BEGIN.len();
        let end = doc[start..].find(END).expect("docs/api.md has the rules table's end marker") + start;
        let table = rules_table_markdown();
        if doc[start..end] != table {
            if std::env::var("REWRITE").is_ok_and(|v| v == "1") {
                std::fs::write(path, format!("{}{table}{}", &doc[..start], &doc[end..])).unwrap();
            } else {
                panic!(
                    "docs/api.md's rules table differs from crate/src/rules.rs; run `REWRITE=1 cargo test rules_table` to regenerate it"
                );
            }
        }
    }
}
