//! The `__cluster_metadata` records this model writes (Kafka's `metadata/src/main/resources/common/metadata/*.json`)
//! and the KRaft RPCs between brokers and the controller, with Kafka's field names.

use super::partition_change::PartitionChange;
use crate::events::ids;
use crate::message::{BrokerId, KafkaError};
use std::fmt;

/// One record of the metadata log.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MetadataRecord {
    /// `RegisterBrokerRecord`: a broker (re)registered; its broker epoch is the offset the
    /// controller wrote its registration at. It starts fenced.
    RegisterBroker { broker: BrokerId, broker_epoch: u64 },
    /// `BrokerRegistrationChangeRecord` (fenced: FENCE / UNFENCE).
    BrokerRegistrationChange { broker: BrokerId, broker_epoch: u64, fenced: bool },
    /// The same record with `inControlledShutdown` set (KIP-841): the broker asked to shut down.
    BrokerInControlledShutdown { broker: BrokerId, broker_epoch: u64 },
    /// `PartitionRecord`: a partition created with its full state.
    Partition { partition: u32, replicas: Vec<BrokerId>, isr: Vec<BrokerId>, leader: i32 },
    /// `PartitionChangeRecord`: only the fields that change.
    PartitionChange { partition: u32, change: PartitionChange },
    /// The control record a new Raft leader appends first (`LeaderChangeMessage`).
    LeaderChange { leader: BrokerId, epoch: u32, voters: Vec<BrokerId> },
}

/// A record of the metadata log with the Raft epoch of the leader that appended it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LogEntry {
    pub epoch: u32,
    pub record: MetadataRecord,
}

impl MetadataRecord {
    /// The record's type and its fields as Kafka names them (the snapshot's metadata-log view and
    /// `Display` both read it). A `PartitionChangeRecord` lists only the fields that change.
    pub fn fields(&self) -> (&'static str, Vec<(&'static str, String)>) {
        let list = |b: &[BrokerId]| format!("[{}]", ids(b));
        match self {
            MetadataRecord::RegisterBroker { broker, broker_epoch } => (
                "RegisterBrokerRecord",
                vec![("brokerId", broker.to_string()), ("brokerEpoch", broker_epoch.to_string()), ("fenced", "true".into())],
            ),
            MetadataRecord::BrokerRegistrationChange { broker, broker_epoch, fenced } => (
                "BrokerRegistrationChangeRecord",
                vec![
                    ("brokerId", broker.to_string()),
                    ("brokerEpoch", broker_epoch.to_string()),
                    ("fenced", if *fenced { "FENCE" } else { "UNFENCE" }.into()),
                ],
            ),
            MetadataRecord::BrokerInControlledShutdown { broker, broker_epoch } => (
                "BrokerRegistrationChangeRecord",
                vec![
                    ("brokerId", broker.to_string()),
                    ("brokerEpoch", broker_epoch.to_string()),
                    ("inControlledShutdown", "IN_CONTROLLED_SHUTDOWN".into()),
                ],
            ),
            MetadataRecord::Partition { partition, replicas, isr, leader } => (
                "PartitionRecord",
                vec![
                    ("partitionId", partition.to_string()),
                    ("replicas", list(replicas)),
                    ("isr", list(isr)),
                    ("leader", leader.to_string()),
                    ("leaderEpoch", "0".into()),
                    ("partitionEpoch", "0".into()),
                ],
            ),
            MetadataRecord::PartitionChange { partition, change } => {
                let mut f = vec![("partitionId", partition.to_string())];
                if let Some(l) = change.leader {
                    f.push(("leader", l.to_string()));
                }
                if let Some(isr) = &change.isr {
                    f.push(("isr", list(isr)));
                }
                // A reassignment's fields (`replicas`, `removingReplicas`, `addingReplicas`).
                if let Some(r) = &change.replicas {
                    f.push(("replicas", list(r)));
                }
                if let Some(r) = &change.removing {
                    f.push(("removingReplicas", list(r)));
                }
                if let Some(a) = &change.adding {
                    f.push(("addingReplicas", list(a)));
                }
                if let Some(elr) = &change.elr {
                    f.push(("eligibleLeaderReplicas", list(elr)));
                }
                if let Some(lke) = &change.last_known_elr {
                    f.push(("lastKnownElr", list(lke)));
                }
                if let Some(r) = change.recovering {
                    f.push(("leaderRecoveryState", if r { "RECOVERING" } else { "RECOVERED" }.into()));
                }
                ("PartitionChangeRecord", f)
            }
            MetadataRecord::LeaderChange { leader, epoch, voters } => {
                ("LeaderChangeMessage", vec![("leaderId", leader.to_string()), ("epoch", epoch.to_string()), ("voters", list(voters))])
            }
        }
    }
}

impl fmt::Display for MetadataRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, fields) = self.fields();
        let fields: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
        write!(f, "{kind}({})", fields.join(", "))
    }
}

/// The KRaft requests and answers between a broker and the active controller (`Msg::Kraft`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum KraftMsg {
    /// `BrokerRegistrationRequest`; `previous_broker_epoch` is the epoch a clean shutdown left on
    /// disk, -1 after a crash (KIP-966).
    BrokerRegistration {
        broker: BrokerId,
        previous_broker_epoch: i64,
    },
    BrokerRegistrationResponse {
        broker_epoch: u64,
        error: Option<KafkaError>,
    },
    /// `BrokerHeartbeatRequest` (`currentMetadataOffset`: the last offset the broker replayed, -1: none).
    BrokerHeartbeat {
        broker: BrokerId,
        broker_epoch: u64,
        current_metadata_offset: i64,
        want_shut_down: bool,
    },
    BrokerHeartbeatResponse {
        is_caught_up: bool,
        is_fenced: bool,
        should_shut_down: bool,
        error: Option<KafkaError>,
    },
    /// A broker's Raft Fetch of `__cluster_metadata` as an observer (KIP-595).
    FetchMetadata {
        broker: BrokerId,
        fetch_offset: u64,
    },
    /// Committed records only; from a voter that is not the leader, an error and its leader if known.
    FetchMetadataResponse {
        base_offset: u64,
        records: Vec<MetadataRecord>,
        /// None: the leader's HW is not known yet in its epoch (Kafka sends -1).
        high_watermark: Option<u64>,
        leader: Option<BrokerId>,
        error: Option<KafkaError>,
    },
    /// Raft's Vote between controllers (`pre_vote`: KIP-996, the epoch is the one it would take).
    Vote {
        candidate: BrokerId,
        epoch: u32,
        last_epoch: u32,
        end_offset: u64,
        pre_vote: bool,
    },
    VoteResponse {
        voter: BrokerId,
        epoch: u32,
        leader: Option<BrokerId>,
        granted: bool,
        pre_vote: bool,
    },
    /// A new leader tells the other voters (`BeginQuorumEpochRequest`).
    BeginQuorumEpoch {
        leader: BrokerId,
        epoch: u32,
    },
    /// A follower voter's Fetch of `__cluster_metadata` (`lastFetchedEpoch` checks log matching).
    QuorumFetch {
        replica: BrokerId,
        epoch: u32,
        fetch_offset: u64,
        last_fetched_epoch: u32,
    },
    QuorumFetchResponse(QuorumFetchResponse),
}

/// A leader's answer to a voter's Fetch (`FetchResponseData` for `__cluster_metadata`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QuorumFetchResponse {
    pub epoch: u32,
    pub leader: Option<BrokerId>,
    pub base_offset: u64,
    pub records: Vec<LogEntry>,
    pub high_watermark: u64,
    /// `DivergingEpoch` (epoch, endOffset): truncate to where that epoch ends and fetch again.
    pub diverging_end: Option<(u32, u64)>,
    pub error: Option<KafkaError>,
}

impl KraftMsg {
    pub fn kind(&self) -> &'static str {
        match self {
            KraftMsg::BrokerRegistration { .. } => "BrokerRegistration",
            KraftMsg::BrokerRegistrationResponse { .. } => "BrokerRegistrationResponse",
            KraftMsg::BrokerHeartbeat { .. } => "BrokerHeartbeat",
            KraftMsg::BrokerHeartbeatResponse { .. } => "BrokerHeartbeatResponse",
            KraftMsg::FetchMetadata { .. } => "FetchMetadata",
            KraftMsg::FetchMetadataResponse { .. } => "FetchMetadataResponse",
            KraftMsg::Vote { .. } => "Vote",
            KraftMsg::VoteResponse { .. } => "VoteResponse",
            KraftMsg::BeginQuorumEpoch { .. } => "BeginQuorumEpoch",
            KraftMsg::QuorumFetch { .. } => "QuorumFetch",
            KraftMsg::QuorumFetchResponse(_) => "QuorumFetchResponse",
        }
    }
}

impl fmt::Display for KraftMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let err = |e: &Option<KafkaError>| e.map_or(String::new(), |e| format!(" {}", e.name()));
        match self {
            KraftMsg::BrokerRegistration { broker, previous_broker_epoch } => {
                write!(f, "BrokerRegistration b{broker} previousBrokerEpoch={previous_broker_epoch}")
            }
            KraftMsg::BrokerRegistrationResponse { broker_epoch, error } => {
                write!(f, "BrokerRegistrationResponse brokerEpoch={broker_epoch}{}", err(error))
            }
            KraftMsg::BrokerHeartbeat { broker, broker_epoch, current_metadata_offset, want_shut_down } => write!(
                f,
                "BrokerHeartbeat b{broker} brokerEpoch={broker_epoch} currentMetadataOffset={current_metadata_offset} wantShutDown={want_shut_down}"
            ),
            KraftMsg::BrokerHeartbeatResponse { is_caught_up, is_fenced, should_shut_down, error } => write!(
                f,
                "BrokerHeartbeatResponse isCaughtUp={is_caught_up} isFenced={is_fenced} shouldShutDown={should_shut_down}{}",
                err(error)
            ),
            KraftMsg::FetchMetadata { broker, fetch_offset } => write!(f, "Fetch __cluster_metadata b{broker} fetchOffset={fetch_offset}"),
            KraftMsg::FetchMetadataResponse { records, high_watermark, error, .. } => {
                let hw = high_watermark.map_or(-1, |h| h as i64);
                write!(f, "FetchResponse __cluster_metadata {} records HW={hw}{}", records.len(), err(error))
            }
            KraftMsg::Vote { candidate, epoch, last_epoch, end_offset, pre_vote } => write!(
                f,
                "Vote candidate={candidate} epoch={epoch} lastEpoch={last_epoch} lastEpochEndOffset={end_offset} preVote={pre_vote}"
            ),
            KraftMsg::VoteResponse { voter, epoch, granted, pre_vote, .. } => {
                write!(f, "VoteResponse from {voter} epoch={epoch} voteGranted={granted} preVote={pre_vote}")
            }
            KraftMsg::BeginQuorumEpoch { leader, epoch } => write!(f, "BeginQuorumEpoch leader={leader} epoch={epoch}"),
            KraftMsg::QuorumFetch { replica, epoch, fetch_offset, last_fetched_epoch } => write!(
                f,
                "Fetch __cluster_metadata replica={replica} epoch={epoch} fetchOffset={fetch_offset} lastFetchedEpoch={last_fetched_epoch}"
            ),
            KraftMsg::QuorumFetchResponse(QuorumFetchResponse { records, high_watermark, diverging_end, error, .. }) => match diverging_end {
                Some((epoch, end)) => write!(f, "FetchResponse __cluster_metadata divergingEpoch epoch={epoch} endOffset={end}"),
                None => write!(f, "FetchResponse __cluster_metadata {} records HW={high_watermark}{}", records.len(), err(error)),
            },
        }
    }
}
