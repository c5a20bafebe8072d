//! Messages between nodes, named after Kafka's RPCs, and the network that carries them.

use crate::collections::VecMap;
use crate::events::ids;
use crate::log::{Epoch, Offset, Record};
use crate::rng::Rng;
use std::collections::VecDeque;
use std::fmt;
use std::hash::{Hash, Hasher};

pub type Tick = u64;
pub type BrokerId = u32;
/// A network endpoint: a broker id (≥ 0) or [`PRODUCER`].
pub type NodeId = i32;
pub const PRODUCER: NodeId = -1;
/// The consumers' client (one consumer per partition).
pub const CONSUMER: NodeId = -2;
/// A control request's broker epoch when its sender has none to give (before KIP-380, 2.2):
/// `AbstractControlRequest.UNKNOWN_BROKER_EPOCH`, which the receiver never finds stale.
pub const UNKNOWN_BROKER_EPOCH: i64 = -1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Acks {
    Zero,
    One,
    All,
}

/// acks crosses to JS as 0, 1 or "all": the forms the API accepts.
impl serde::Serialize for Acks {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Acks::Zero => s.serialize_u8(0),
            Acks::One => s.serialize_u8(1),
            Acks::All => s.serialize_str("all"),
        }
    }
}

impl Acks {
    pub fn label(self) -> &'static str {
        match self {
            Acks::Zero => "0",
            Acks::One => "1",
            Acks::All => "all",
        }
    }
}

/// Kafka's error codes, by their protocol names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KafkaError {
    NotLeaderOrFollower,
    NotEnoughReplicas,
    NotEnoughReplicasAfterAppend,
    RequestTimedOut,
    LeaderNotAvailable,
    NetworkException,
    FencedLeaderEpoch,
    UnknownLeaderEpoch,
    OffsetOutOfRange,
    NotController,
    InvalidUpdateVersion,
    IneligibleReplica,
    OutOfOrderSequenceNumber,
    StaleControllerEpoch,
    BrokerNotAvailable,
    ElectionNotNeeded,
    PreferredLeaderNotAvailable,
    EligibleLeadersNotAvailable,
    InvalidRequest,
    StaleBrokerEpoch,
    DuplicateBrokerRegistration,
    /// The AlterPartition was applied, but the change it made completed a reassignment that
    /// elected another leader (KRaft, `ReplicationControlManager.alterPartition`).
    NewLeaderElected,
}

impl KafkaError {
    pub fn name(self) -> &'static str {
        match self {
            KafkaError::NotLeaderOrFollower => "NOT_LEADER_OR_FOLLOWER",
            KafkaError::NotEnoughReplicas => "NOT_ENOUGH_REPLICAS",
            KafkaError::NotEnoughReplicasAfterAppend => "NOT_ENOUGH_REPLICAS_AFTER_APPEND",
            KafkaError::RequestTimedOut => "REQUEST_TIMED_OUT",
            KafkaError::LeaderNotAvailable => "LEADER_NOT_AVAILABLE",
            KafkaError::NetworkException => "NETWORK_EXCEPTION",
            KafkaError::FencedLeaderEpoch => "FENCED_LEADER_EPOCH",
            KafkaError::UnknownLeaderEpoch => "UNKNOWN_LEADER_EPOCH",
            KafkaError::OffsetOutOfRange => "OFFSET_OUT_OF_RANGE",
            KafkaError::NotController => "NOT_CONTROLLER",
            KafkaError::InvalidUpdateVersion => "INVALID_UPDATE_VERSION",
            KafkaError::IneligibleReplica => "INELIGIBLE_REPLICA",
            KafkaError::OutOfOrderSequenceNumber => "OUT_OF_ORDER_SEQUENCE_NUMBER",
            KafkaError::StaleControllerEpoch => "STALE_CONTROLLER_EPOCH",
            KafkaError::BrokerNotAvailable => "BROKER_NOT_AVAILABLE",
            KafkaError::ElectionNotNeeded => "ELECTION_NOT_NEEDED",
            KafkaError::PreferredLeaderNotAvailable => "PREFERRED_LEADER_NOT_AVAILABLE",
            KafkaError::EligibleLeadersNotAvailable => "ELIGIBLE_LEADERS_NOT_AVAILABLE",
            KafkaError::InvalidRequest => "INVALID_REQUEST",
            KafkaError::StaleBrokerEpoch => "STALE_BROKER_EPOCH",
            KafkaError::DuplicateBrokerRegistration => "DUPLICATE_BROKER_REGISTRATION",
            KafkaError::NewLeaderElected => "NEW_LEADER_ELECTED",
        }
    }
}

/// A producer's request: `count` records with the message ids `first_value..first_value+count`.
/// `attempt` counts the producer's sends of it; `base_sequence` is set when the producer is
/// idempotent (KIP-98).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProduceRequest {
    pub request: u32,
    pub attempt: u32,
    pub partition: u32,
    pub first_value: u32,
    pub count: u32,
    pub acks: Acks,
    pub base_sequence: Option<i32>,
}

/// A follower's pull: "I have everything below `fetch_offset`" (the leader infers the follower's LEO).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fetch {
    pub partition: u32,
    pub replica: BrokerId,
    pub fetch_offset: Offset,
    /// The follower's current leader epoch (checked by the leader from 2.1, KIP-320).
    pub current_leader_epoch: Epoch,
    /// The epoch of the follower's last record (Fetch v12, 2.7+): lets the leader spot divergence.
    pub last_fetched_epoch: Option<Epoch>,
    /// `ReplicaState.ReplicaEpoch` (Fetch v15, KIP-903; the `fetch_broker_epoch` rule): the
    /// follower's broker epoch; [`UNKNOWN_BROKER_EPOCH`] when it has none to give (before 4.0
    /// here, or not registered since it started), which the leader never finds stale.
    pub replica_epoch: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FetchResponse {
    pub partition: u32,
    pub fetch_offset: Offset,
    pub records: Vec<Record>,
    pub high_watermark: Offset,
    pub log_start_offset: Offset,
    pub log_end_offset: Offset,
    /// Echoes the request's current leader epoch, so a follower can drop answers to an old epoch.
    pub leader_epoch: Epoch,
    /// KIP-279 via Fetch (2.8+): the largest epoch both logs share and where it ends on the leader.
    pub diverging_epoch: Option<EpochEndOffset>,
    pub error: Option<KafkaError>,
}

/// One member of an AlterPartition's new ISR (`AlterPartitionRequestData.BrokerState`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BrokerState {
    pub broker_id: BrokerId,
    /// [`UNKNOWN_BROKER_EPOCH`]: the controller skips its check (`ineligibleReplicasForIsr`).
    pub broker_epoch: i64,
}

impl BrokerState {
    /// The members' ids, in order.
    pub fn ids(isr: &[BrokerState]) -> Vec<BrokerId> {
        isr.iter().map(|s| s.broker_id).collect()
    }
}

/// An (epoch, end offset) answer; `UNDEFINED` when the leader knows no such epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EpochEndOffset {
    pub epoch: Epoch,
    pub end_offset: i64,
}

impl EpochEndOffset {
    pub const UNDEFINED: EpochEndOffset = EpochEndOffset { epoch: -1, end_offset: -1 };

    pub fn is_undefined(self) -> bool {
        self.end_offset < 0
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Msg {
    Produce(ProduceRequest),
    ProduceResponse {
        request: u32,
        attempt: u32,
        partition: u32,
        base_offset: Option<Offset>,
        error: Option<KafkaError>,
    },
    Fetch(Fetch),
    FetchResponse(FetchResponse),
    /// A consumer's fetch (replica id -1 in Kafka): it may read only below the HW.
    ConsumerFetch {
        partition: u32,
        fetch_offset: Offset,
    },
    ConsumerFetchResponse {
        partition: u32,
        fetch_offset: Offset,
        records: Vec<Record>,
        high_watermark: Offset,
        error: Option<KafkaError>,
    },
    /// KIP-101: "where does my latest epoch end on your log?" (0.11–2.7 truncation).
    OffsetsForLeaderEpoch {
        partition: u32,
        replica: BrokerId,
        leader_epoch: Epoch,
        current_leader_epoch: Epoch,
    },
    OffsetsForLeaderEpochResponse {
        partition: u32,
        answer: EpochEndOffset,
        current_leader_epoch: Epoch,
        error: Option<KafkaError>,
    },
    /// KIP-497 (2.7+): the leader asks the controller to change the ISR. `attempt` counts the
    /// leader's sends of this change (it retries until answered); not on Kafka's wire.
    AlterPartition {
        partition: u32,
        leader: BrokerId,
        leader_epoch: Epoch,
        /// `newIsrWithEpochs` (AlterPartition v3, KIP-903): each member with the broker epoch
        /// the leader knows for it (all [`UNKNOWN_BROKER_EPOCH`] without the `fetch_broker_epoch` rule).
        isr: Vec<BrokerState>,
        partition_epoch: u32,
        attempt: u32,
    },
    /// `request` echoes the (leader epoch, partition epoch) the request was sent with, so the
    /// leader matches it to the change it has in flight and ignores answers to older ones.
    AlterPartitionResponse {
        partition: u32,
        request: (Epoch, u32),
        leader_epoch: Epoch,
        isr: Vec<BrokerId>,
        partition_epoch: u32,
        error: Option<KafkaError>,
    },
    /// The controller's decision for one partition (§4.1), applied by a broker only if it is newer.
    /// `attempt` counts the controller's sends of it (it resends until answered); not on Kafka's wire.
    LeaderAndIsr {
        controller_epoch: u32,
        partition: u32,
        leader: i32,
        leader_epoch: Epoch,
        isr: Vec<BrokerId>,
        zk_version: u32,
        replicas: Vec<BrokerId>,
        /// KIP-380 (2.2+): the receiving broker's epoch (czxid of its registration) as the
        /// controller knows it; the broker rejects an older one with STALE_BROKER_EPOCH.
        broker_epoch: i64,
        attempt: u32,
    },
    /// The broker's answer to a LeaderAndIsr (`leader_epoch` echoes the request's): delivered.
    LeaderAndIsrResponse {
        partition: u32,
        leader_epoch: Epoch,
        error: Option<KafkaError>,
    },
    /// A broker asks the controller to move its leaderships before it stops (`KafkaServer.controlledShutdown`).
    ControlledShutdown {
        broker: BrokerId,
        /// KIP-380 (2.2+): the sender's own broker epoch; the controller refuses an older one.
        broker_epoch: i64,
        attempt: u32,
    },
    /// The partitions the broker still leads (empty: it may stop), or why the controller refused.
    ControlledShutdownResponse {
        remaining: Vec<u32>,
        error: Option<KafkaError>,
    },
    /// The controller stops a replica: a broker shutting down stops its fetcher (deletePartition=false);
    /// a replica removed by a reassignment is deleted (`delete`: deletePartition=true).
    StopReplica {
        partition: u32,
        delete: bool,
        /// As in LeaderAndIsr (KIP-380).
        broker_epoch: i64,
    },
    /// KRaft (4.x): registration, heartbeats and metadata fetches between a broker and the controller.
    Kraft(crate::kraft::records::KraftMsg),
    /// KIP-392: the leader's answer to a consumer naming another replica to read from (Kafka's
    /// fetch response with `preferredReadReplica` set and no records). Last, so that the other
    /// messages hash as before it existed.
    ConsumerFetchRedirect {
        partition: u32,
        fetch_offset: Offset,
        preferred_read_replica: BrokerId,
        high_watermark: Offset,
    },
}

impl Msg {
    pub fn kind(&self) -> &'static str {
        match self {
            Msg::Produce(_) => "Produce",
            Msg::ProduceResponse { .. } => "ProduceResponse",
            Msg::Fetch(_) => "Fetch",
            Msg::FetchResponse(_) => "FetchResponse",
            Msg::ConsumerFetch { .. } => "ConsumerFetch",
            Msg::ConsumerFetchResponse { .. } | Msg::ConsumerFetchRedirect { .. } => "ConsumerFetchResponse",
            Msg::OffsetsForLeaderEpoch { .. } => "OffsetsForLeaderEpoch",
            Msg::OffsetsForLeaderEpochResponse { .. } => "OffsetsForLeaderEpochResponse",
            Msg::AlterPartition { .. } => "AlterPartition",
            Msg::AlterPartitionResponse { .. } => "AlterPartitionResponse",
            Msg::LeaderAndIsr { .. } => "LeaderAndIsr",
            Msg::LeaderAndIsrResponse { .. } => "LeaderAndIsrResponse",
            Msg::ControlledShutdown { .. } => "ControlledShutdown",
            Msg::ControlledShutdownResponse { .. } => "ControlledShutdownResponse",
            Msg::StopReplica { .. } => "StopReplica",
            Msg::Kraft(k) => k.kind(),
        }
    }

    /// The sender's count of sends of this request (1 for a first send and for responses).
    pub fn attempt(&self) -> u32 {
        match self {
            Msg::Produce(p) => p.attempt,
            Msg::AlterPartition { attempt, .. } | Msg::LeaderAndIsr { attempt, .. } | Msg::ControlledShutdown { attempt, .. } => *attempt,
            _ => 1,
        }
    }

    /// The partition the message is about (None: a broker's ControlledShutdown and its answer).
    pub fn partition(&self) -> Option<u32> {
        Some(match self {
            Msg::ControlledShutdown { .. } | Msg::ControlledShutdownResponse { .. } | Msg::Kraft(_) => return None,
            Msg::Fetch(f) => f.partition,
            Msg::FetchResponse(r) => r.partition,
            Msg::Produce(p) => p.partition,
            Msg::ProduceResponse { partition, .. }
            | Msg::ConsumerFetch { partition, .. }
            | Msg::ConsumerFetchResponse { partition, .. }
            | Msg::ConsumerFetchRedirect { partition, .. }
            | Msg::OffsetsForLeaderEpoch { partition, .. }
            | Msg::OffsetsForLeaderEpochResponse { partition, .. }
            | Msg::AlterPartition { partition, .. }
            | Msg::AlterPartitionResponse { partition, .. }
            | Msg::LeaderAndIsr { partition, .. }
            | Msg::LeaderAndIsrResponse { partition, .. }
            | Msg::StopReplica { partition, .. } => *partition,
        })
    }

    /// For a request, the error response its sender sees when the connection breaks.
    pub fn connection_error(&self) -> Option<Msg> {
        let error = Some(KafkaError::NetworkException);
        match self {
            Msg::Produce(p) => {
                Some(Msg::ProduceResponse { request: p.request, attempt: p.attempt, partition: p.partition, base_offset: None, error })
            }
            Msg::Fetch(f) => Some(Msg::FetchResponse(FetchResponse {
                partition: f.partition,
                fetch_offset: f.fetch_offset,
                records: Vec::new(),
                high_watermark: 0,
                log_start_offset: 0,
                log_end_offset: 0,
                leader_epoch: f.current_leader_epoch,
                diverging_epoch: None,
                error,
            })),
            Msg::ConsumerFetch { partition, fetch_offset } => Some(Msg::ConsumerFetchResponse {
                partition: *partition,
                fetch_offset: *fetch_offset,
                records: Vec::new(),
                high_watermark: 0,
                error,
            }),
            Msg::OffsetsForLeaderEpoch { partition, current_leader_epoch, .. } => Some(Msg::OffsetsForLeaderEpochResponse {
                partition: *partition,
                answer: EpochEndOffset::UNDEFINED,
                current_leader_epoch: *current_leader_epoch,
                error,
            }),
            Msg::AlterPartition { partition, leader_epoch, isr, partition_epoch, .. } => Some(Msg::AlterPartitionResponse {
                partition: *partition,
                request: (*leader_epoch, *partition_epoch),
                leader_epoch: *leader_epoch,
                isr: BrokerState::ids(isr),
                partition_epoch: *partition_epoch,
                error,
            }),
            Msg::ControlledShutdown { .. } => Some(Msg::ControlledShutdownResponse { remaining: Vec::new(), error }),
            _ => None,
        }
    }
}

/// A control request's broker epoch, when it carries one.
fn broker_epoch_label(epoch: i64) -> String {
    if epoch == UNKNOWN_BROKER_EPOCH {
        String::new()
    } else {
        format!(" broker_epoch={epoch}")
    }
}

/// A resent request's label.
fn resent(attempt: u32) -> String {
    if attempt > 1 {
        format!(" (resent, attempt {attempt})")
    } else {
        String::new()
    }
}

impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let err = |e: &Option<KafkaError>| e.map_or(String::new(), |e| format!(" {}", e.name()));
        match self {
            Msg::Produce(p) => {
                write!(f, "Produce #{} p{} {} records acks={}", p.request, p.partition, p.count, p.acks.label())?;
                match p.base_sequence {
                    Some(s) => write!(f, " sequence={s}"),
                    None => Ok(()),
                }
            }
            Msg::ProduceResponse { request, partition, base_offset, error, .. } => match (error, base_offset) {
                (Some(e), _) => write!(f, "ProduceResponse #{request} p{partition} {}", e.name()),
                (None, Some(o)) => write!(f, "ProduceResponse #{request} p{partition} offset={o}"),
                (None, None) => write!(f, "ProduceResponse #{request} p{partition}"),
            },
            Msg::Fetch(x) => {
                write!(f, "Fetch p{} replica={} fetchOffset={} epoch={}", x.partition, x.replica, x.fetch_offset, x.current_leader_epoch)?;
                if let Some(e) = x.last_fetched_epoch {
                    write!(f, " lastFetchedEpoch={e}")?;
                }
                match x.replica_epoch {
                    UNKNOWN_BROKER_EPOCH => Ok(()),
                    e => write!(f, " replicaEpoch={e}"),
                }
            }
            Msg::FetchResponse(r) => match (r.error, r.diverging_epoch) {
                (Some(e), _) => write!(f, "FetchResponse p{} {}", r.partition, e.name()),
                (None, Some(d)) => {
                    write!(f, "FetchResponse p{} DivergingEpoch(epoch={}, endOffset={})", r.partition, d.epoch, d.end_offset)
                }
                (None, None) => write!(f, "FetchResponse p{} {} records HW={}", r.partition, r.records.len(), r.high_watermark),
            },
            Msg::ConsumerFetch { partition, fetch_offset } => write!(f, "ConsumerFetch p{partition} offset={fetch_offset}"),
            Msg::ConsumerFetchResponse { partition, records, high_watermark, error, .. } => match error {
                Some(e) => write!(f, "ConsumerFetchResponse p{partition} {}", e.name()),
                None => write!(f, "ConsumerFetchResponse p{partition} {} records HW={high_watermark}", records.len()),
            },
            Msg::ConsumerFetchRedirect { partition, preferred_read_replica, high_watermark, .. } => {
                write!(f, "ConsumerFetchResponse p{partition} preferredReadReplica={preferred_read_replica} HW={high_watermark}")
            }
            Msg::OffsetsForLeaderEpoch { partition, leader_epoch, .. } => {
                write!(f, "OffsetsForLeaderEpoch p{partition} epoch={leader_epoch}")
            }
            Msg::OffsetsForLeaderEpochResponse { partition, answer, error, .. } => {
                write!(f, "OffsetsForLeaderEpochResponse p{partition} epoch={} endOffset={}{}", answer.epoch, answer.end_offset, err(error))
            }
            Msg::AlterPartition { partition, isr, partition_epoch, attempt, .. } => {
                // With broker epochs (KIP-903), as `newIsrWithEpochs`: member:epoch, -1 unknown.
                let members = if isr.iter().all(|s| s.broker_epoch == UNKNOWN_BROKER_EPOCH) {
                    ids(&BrokerState::ids(isr))
                } else {
                    isr.iter().map(|s| format!("{}:{}", s.broker_id, s.broker_epoch)).collect::<Vec<_>>().join(",")
                };
                write!(f, "AlterPartition p{partition} isr=[{members}] partitionEpoch={partition_epoch}{}", resent(*attempt))
            }
            Msg::AlterPartitionResponse { partition, isr, partition_epoch, error, .. } => {
                write!(f, "AlterPartitionResponse p{partition} isr=[{}] partitionEpoch={partition_epoch}{}", ids(isr), err(error))
            }
            Msg::LeaderAndIsr { controller_epoch, partition, leader, leader_epoch, isr, broker_epoch, attempt, .. } => write!(
                f,
                "LeaderAndIsr p{partition} leader={leader} leader_epoch={leader_epoch} isr=[{}] controller_epoch={controller_epoch}{}{}",
                ids(isr),
                broker_epoch_label(*broker_epoch),
                resent(*attempt)
            ),
            Msg::LeaderAndIsrResponse { partition, leader_epoch, error } => {
                write!(f, "LeaderAndIsrResponse p{partition} leader_epoch={leader_epoch}{}", err(error))
            }
            Msg::ControlledShutdown { broker, broker_epoch, attempt } => {
                write!(f, "ControlledShutdown b{broker}{}{}", broker_epoch_label(*broker_epoch), resent(*attempt))
            }
            Msg::ControlledShutdownResponse { remaining, error } => {
                let left: Vec<String> = remaining.iter().map(|p| format!("p{p}")).collect();
                write!(f, "ControlledShutdownResponse remaining=[{}]{}", left.join(","), err(error))
            }
            Msg::StopReplica { partition, delete, broker_epoch } => {
                write!(f, "StopReplica p{partition}{}{}", broker_epoch_label(*broker_epoch), if *delete { " (delete)" } else { "" })
            }
            Msg::Kraft(k) => k.fmt(f),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Envelope {
    pub seq: u64,
    pub from: NodeId,
    pub to: NodeId,
    pub sent_at: Tick,
    pub deliver_at: Tick,
    pub msg: Msg,
}

/// Messages in flight, delivered in `(deliver_at, seq)` order. Each link is FIFO, like a TCP
/// connection: a message never overtakes an earlier one on the same link.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Network {
    /// Per delivery tick, its messages in `seq` order. Sends are numbered in order, so a new
    /// message goes last in its tick's list: sending and delivering cost the same however many
    /// messages are in flight (one list of all of them sorted by `(deliver_at, seq)` shifted
    /// entries on every insert).
    queue: VecMap<Tick, VecDeque<Envelope>>,
    len: usize,
    next_seq: u64,
    link_last_delivery: VecMap<(NodeId, NodeId), Tick>,
}

/// Hashes as the sorted list of messages it models (length, then each in order): state hashes
/// do not depend on how the queue is stored.
impl Hash for Network {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len);
        self.in_flight().for_each(|e| e.hash(state));
        self.next_seq.hash(state);
        self.link_last_delivery.hash(state);
    }
}

impl Network {
    /// Sends with a latency drawn from `latency_ticks` (at least one tick, so a message sent
    /// while handling tick t is handled at t+1 or later).
    pub fn send(&mut self, rng: &mut Rng, now: Tick, latency_ticks: (u64, u64), from: NodeId, to: NodeId, msg: Msg) {
        let lo = latency_ticks.0.max(1);
        let hi = latency_ticks.1.max(lo);
        let last = self.link_last_delivery.get(&(from, to)).copied().unwrap_or(0);
        let deliver_at = (now + rng.range_inclusive(lo, hi)).max(last);
        self.link_last_delivery.insert((from, to), deliver_at);
        let seq = self.next_seq;
        self.next_seq += 1;
        self.enqueue(Envelope { seq, from, to, sent_at: now, deliver_at, msg });
    }

    fn enqueue(&mut self, env: Envelope) {
        let due = self.queue.get_or_insert_with(env.deliver_at, VecDeque::new);
        if due.back().is_none_or(|e| e.seq < env.seq) {
            due.push_back(env);
        } else {
            // A redelivered message keeps its older number, and its place.
            let i = due.partition_point(|e| e.seq < env.seq);
            due.insert(i, env);
        }
        self.len += 1;
    }

    /// Drops every message in flight from `node`: a crashed process's connections are gone.
    pub fn drop_from(&mut self, node: NodeId) -> usize {
        let before = self.len;
        self.queue.retain(|_, due| {
            due.retain(|e| e.from != node);
            !due.is_empty()
        });
        self.len = self.queue.values().map(VecDeque::len).sum();
        before - self.len
    }

    /// Puts back a message that waited in a paused broker's buffers, for delivery next tick in
    /// its original order.
    pub fn redeliver(&mut self, now: Tick, mut env: Envelope) {
        env.deliver_at = now + 1;
        self.enqueue(env);
    }

    /// Removes and returns the next message due at or before `now`.
    pub fn pop_due(&mut self, now: Tick) -> Option<Envelope> {
        let (&at, _) = self.queue.iter().next().filter(|(at, _)| **at <= now)?;
        let due = self.queue.get_mut(&at).expect("the first tick is in the queue");
        let env = due.pop_front().expect("a tick in the queue has a message");
        if due.is_empty() {
            self.queue.remove(&at);
        }
        self.len -= 1;
        Some(env)
    }

    pub fn in_flight(&self) -> impl Iterator<Item = &Envelope> {
        self.queue.values().flatten()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Display for Envelope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let node = |n: NodeId| match n {
            PRODUCER => "producer".to_string(),
            CONSUMER => "consumer".to_string(),
            _ => format!("b{n}"),
        };
        write!(f, "{}→{} {}", node(self.from), node(self.to), self.msg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_fifo_and_delivery_is_ordered() {
        let mut net = Network::default();
        let mut rng = Rng::new(3);
        for i in 0..50u32 {
            net.send(
                &mut rng,
                0,
                (1, 5),
                1,
                0,
                Msg::ProduceResponse { request: i, attempt: 1, partition: 0, base_offset: None, error: None },
            );
        }
        let mut seen = Vec::new();
        for now in 0..10 {
            while let Some(env) = net.pop_due(now) {
                assert!(env.deliver_at <= now && env.deliver_at >= 1);
                if let Msg::ProduceResponse { request, .. } = env.msg {
                    seen.push(request);
                }
            }
        }
        assert_eq!(seen, (0..50).collect::<Vec<_>>());
        assert!(net.is_empty());
    }
}
