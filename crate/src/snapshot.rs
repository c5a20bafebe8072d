//! The view model sent to JS once per frame (`Cluster.snapshot()`), in the names of docs/api.md.

use crate::api::{int_arg, ApiError, Value};
use crate::cluster::Cluster;
use crate::config::Strategy;
use crate::config::{Config, TICK_MS};
use crate::leader::hw_candidate;
use crate::log::{Epoch, Offset};
use crate::message::{Acks, BrokerId, NodeId, Tick};
use crate::metrics::{MetricsView, METRICS_HISTORY_MAX};
use crate::partition::{Replica, Role};
use crate::producer::RequestStatus;
use serde::Serialize;

/// Each log in the snapshot carries at most its last this-many records (`snapshot({records})`
/// asks for fewer: a large cluster's compact view draws none).
pub const SNAPSHOT_RECORDS_MAX: u64 = 200;
/// The largest `requests` a snapshot may be asked for (more than are ever kept).
pub const SNAPSHOT_REQUESTS_MAX: u64 = 1_000_000;

/// `snapshot({ records, requests })`: how much of the logs and requests to send.
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify))]
#[derive(Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SnapshotOptions {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number", optional))]
    pub records: Option<Value>,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number", optional))]
    pub requests: Option<Value>,
    /// How many of the last per-tick metrics samples `metrics.history` carries (0..=300, default 0:
    /// only a view that draws the chart pays for them).
    #[serde(rename = "metricsHistory")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number", optional))]
    pub metrics_history: Option<Value>,
}

impl SnapshotOptions {
    /// (records, requests, metrics history) for `snapshot_with_history`: at most the last
    /// `records` records of each log (default and most SNAPSHOT_RECORDS_MAX), the latest
    /// `requests` requests (default: all), the last `metricsHistory` metrics samples (default 0).
    pub fn limits(&self) -> Result<(u64, u64, u64), ApiError> {
        let records = self.records.as_ref().map_or(Ok(SNAPSHOT_RECORDS_MAX), |v| int_arg("records", v, 0, SNAPSHOT_RECORDS_MAX))?;
        let requests = self.requests.as_ref().map_or(Ok(u64::MAX), |v| int_arg("requests", v, 0, SNAPSHOT_REQUESTS_MAX))?;
        let history = self.metrics_history.as_ref().map_or(Ok(0), |v| int_arg("metricsHistory", v, 0, METRICS_HISTORY_MAX as u64))?;
        Ok((records, requests, history))
    }
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub tick: Tick,
    pub time_ms: u64,
    pub tick_ms: u64,
    pub seed: u64,
    pub config: Config,
    /// The one topic's name (`kafka-topics --describe` prints it).
    pub topic: &'static str,
    pub controller: ControllerView,
    pub brokers: Vec<BrokerView>,
    pub partitions: Vec<PartitionView>,
    pub requests: Vec<RequestView>,
    /// Every kept request by status (`requests` may hold only the latest: snapshot_with).
    pub request_counts: RequestCounts,
    pub consumers: Vec<crate::consumer::ConsumerView>,
    pub producer: ProducerView,
    pub inflight: Vec<MessageView>,
    pub zk: Vec<ZnodeView>,
    /// KRaft presets only (null otherwise).
    pub kraft: Option<KraftView>,
    pub violations: Vec<crate::invariants::Violation>,
    /// Violations found beyond the kept ones.
    pub violations_dropped: u64,
    pub replicated_records: u64,
    /// Cut broker-to-broker links, as [lower id, higher id].
    pub cut_links: Vec<[BrokerId; 2]>,
    /// Kafka's operator metrics (UnderReplicatedPartitions, …), with their history if asked for.
    pub metrics: MetricsView,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestCounts {
    pub pending: u64,
    pub acked: u64,
    pub failed: u64,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ControllerView {
    pub broker: i64,
    pub epoch: u32,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BrokerView {
    pub id: BrokerId,
    pub status: &'static str,
    /// The process is not running (crashed, or stopped after a shutdown).
    pub down: bool,
    pub controller: bool,
    pub registered: bool,
    /// Its ZooKeeper session: "active" (heart-beating), "expiring" (its owner stopped
    /// heart-beating; the znode goes in `session_expires_in_ms`) or "none" (not registered).
    pub zk_session: &'static str,
    /// -1 unless expiring.
    pub session_expires_in_ms: i64,
    /// The czxid of the registration its running process made, -1 before it registered: the
    /// broker epoch that control requests carry from 2.2 (KIP-380). KRaft presets: `kraft.brokers`.
    pub broker_epoch: i64,
    /// Its `broker.rack` (KIP-392 `brokerRacks`; null: none).
    pub rack: Option<String>,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PartitionView {
    pub partition: u32,
    pub leader: i32,
    pub leader_epoch: Epoch,
    pub isr: Vec<BrokerId>,
    pub replicas: Vec<BrokerId>,
    /// A running reassignment's target replicas (TRS, in order; null when none runs): while it
    /// runs `replicas` is RS = TRS + ORS, KIP-455.
    pub target_replicas: Option<Vec<BrokerId>>,
    /// A running reassignment's replicas to add (TRS − ORS) and to remove (ORS − TRS), KIP-455.
    pub adding_replicas: Vec<BrokerId>,
    pub removing_replicas: Vec<BrokerId>,
    pub hw: i64,
    pub zk_version: u32,
    pub controller_epoch: u32,
    pub logs: Vec<LogView>,
    /// The highest HW this partition reached that no rule has undone (§5.3): records below it
    /// are committed, whoever leads (also when the leader is down).
    pub committed_offset: Offset,
    /// The offsets acknowledged to the producer, as ranges with their acks, overlapping the
    /// records shown (adjacent requests with the same acks merged).
    pub acked: Vec<AckedView>,
    /// The followers the leader's HW counts (who holds it, by the version's and strategy's rule).
    pub hw_counted: Vec<HwCountView>,
    /// The counted followers the HW waits for now: an unknown LEO, or the lowest LEO, below the
    /// leader's LEO. Empty when the HW is at the leader's LEO, frozen, or there is no leader.
    pub hw_waiting_for: Vec<BrokerId>,
    /// Under the quorum strategy: how many replicas make a majority (else null).
    pub hw_quorum: Option<usize>,
    /// `min.insync.replicas` as the produce path applies it (3.7 caps it at the RF).
    pub min_isr: usize,
    /// Why produce requests fail now: "NO_LEADER" (offline), "LEADER_NOT_RUNNING" (the leader's
    /// broker is crashed or stuck: requests go unanswered until the controller elects another),
    /// "NOT_ENOUGH_REPLICAS" (acks=all only: ISR below the effective min ISR), or null.
    pub writes_blocked: Option<&'static str>,
    /// Why the HW cannot advance now: "NO_LEADER" (no running leader), "STRICT_MIN_ISR" (3.7:
    /// ISR below min(min.insync.replicas, RF)), or null.
    pub hw_blocked: Option<&'static str>,
    /// ISR smaller than the assigned replicas (Kafka's UnderReplicatedPartitions).
    pub under_replicated: bool,
    /// Time to the leader's next `isr-expiration` run (-1: no running leader).
    pub next_isr_check_ms: i64,
    /// Records truncated within the last few seconds, oldest first (`events::TRUNCATED_KEPT_TICKS`).
    pub truncated: Vec<crate::events::Truncated>,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AckedView {
    pub offset: Offset,
    pub count: u64,
    pub acks: Acks,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HwCountView {
    pub broker: BrokerId,
    /// Its LEO as the leader knows it (-1: unknown).
    pub leo: i64,
    /// "isr" (an ISR member), "maximal-isr" (joining by an AlterPartition in flight, 2.7+),
    /// "caught-up" (outside the ISR but caught up within replica.lag.time.max.ms, 0.10.2+),
    /// "quorum" (the quorum strategy counts every replica).
    pub why: &'static str,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LogView {
    pub broker: BrokerId,
    pub role: &'static str,
    pub leader_epoch: Epoch,
    pub leo: Offset,
    pub hw: Offset,
    pub log_start_offset: Offset,
    pub records: Vec<RecordView>,
    pub follower: Option<FollowerView>,
    /// Why this replica is outside the ISR (null: in it): "crashed" (its broker is down),
    /// "zk-session-expired" (the controller removed it), "fenced" (KRaft: the controller fenced
    /// its broker), "lag-time" (not caught up for
    /// replica.lag.time.max.ms), "no-fetch" (0.8: no fetch for that long), "lag-messages" (0.8:
    /// more than replica.lag.max.messages behind), "new-replica" (added, not yet caught up),
    /// "shutdown" (the controller removed it in a controlled shutdown).
    pub out_of_isr: Option<&'static str>,
    /// In the ISR: how it last joined it and how long ago (null: in it since the topic's creation,
    /// or outside it).
    pub joined_isr: Option<IsrJoinView>,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IsrJoinView {
    /// "caught-up" (the leader added it: its LEO reached the HW) or "elected" (it joined as the
    /// leader the controller chose).
    pub why: &'static str,
    pub ago_ms: u64,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordView {
    pub offset: Offset,
    pub leader_epoch: Epoch,
    pub value: u32,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FollowerView {
    pub leo: i64,
    pub lag_messages: i64,
    /// -1: never caught up with this leader.
    pub last_caught_up_ms: i64,
    pub since_caught_up_ms: i64,
    pub in_isr: bool,
    pub fetch_in_flight: bool,
    /// For an ISR member: time until the leader's isr-expiration task would remove it if it made
    /// no progress from now (-1: it would not be, or it is not in the ISR).
    pub remove_in_ms: i64,
    /// The broker epoch its last accepted fetch carried (KIP-903, 4.x presets; -1: the fetch had
    /// none, as before 4.0); null until it fetches from this leader. It joins the ISR only while
    /// this is the epoch of its broker's registration.
    pub broker_epoch: Option<i64>,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestView {
    pub id: u32,
    pub partition: u32,
    pub acks: Acks,
    pub count: u32,
    pub first_value: u32,
    pub status: &'static str,
    pub error: Option<&'static str>,
    pub offset: i64,
    pub sent_ms: u64,
    pub done_ms: Option<u64>,
}

/// The producer client's identity and per-partition sequence numbers (KIP-98, §3.3).
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProducerView {
    /// The single producer's id and epoch (what InitProducerId would return).
    pub producer_id: i64,
    pub producer_epoch: i16,
    /// The next base sequence per partition, used when idempotent.
    pub next_sequence: Vec<i32>,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    pub seq: u64,
    pub from: NodeId,
    pub to: NodeId,
    pub kind: &'static str,
    /// -1 for a message about a broker (ControlledShutdown and its answer).
    pub partition: i64,
    pub sent_tick: Tick,
    pub deliver_tick: Tick,
    pub text: String,
    /// The sender's count of sends (> 1: a resent request).
    pub attempt: u32,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ZnodeView {
    pub path: String,
    pub data: String,
    pub version: u32,
}

/// KRaft presets (`kraft.rs`): the active controller, the metadata log's tail, each broker's
/// registration and each partition's KRaft fields.
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KraftView {
    /// The active controller (none during an election).
    pub controller: Option<u32>,
    /// Of the log shown: the active controller's (else the leader's, else the first voter's).
    pub log_end_offset: u64,
    /// The last `KRAFT_LOG_TAIL` records.
    pub log: Vec<MetadataRecordView>,
    pub brokers: Vec<KraftBrokerView>,
    pub partitions: Vec<KraftPartitionView>,
    pub quorum: QuorumView,
}

/// The controller quorum as `kafka-metadata-quorum describe --status / --replication` shows it.
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QuorumView {
    /// The newest leader that runs (LeaderId), its epoch and HW.
    pub leader: Option<u32>,
    pub leader_epoch: u32,
    pub high_watermark: u64,
    /// `describe --status` as `MetadataQuorumCommand.handleDescribeStatus` computes it: the
    /// leader's log end minus the smallest voter log end it knows (the leader's own on a tie, else
    /// the lowest id), and the leader's last caught-up time (now) minus that voter's (0 when it is
    /// the leader, -1 when it never caught up); none without a leader.
    pub max_follower_lag: Option<u64>,
    pub max_follower_lag_time_ms: Option<i64>,
    pub voters: Vec<VoterView>,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VoterView {
    pub id: u32,
    /// "up", "crashed" or "isolated".
    pub status: &'static str,
    /// "leader", "follower", "candidate", "prospective", "unattached" or "resigned".
    pub state: &'static str,
    pub epoch: u32,
    pub log_end_offset: u64,
    pub high_watermark: u64,
    pub voted_for: Option<u32>,
    /// The leader it knows in its epoch.
    pub leader: Option<u32>,
    /// The leader's view of it (`--replication`): the log end offset the leader knows for it
    /// (`LeaderState.ReplicaState.endOffset`, printed as LogEndOffset), its lag behind the
    /// leader's log end, and the time since its last fetch; none without a leader.
    pub known_end_offset: Option<u64>,
    pub lag: Option<u64>,
    pub last_fetch_ms: Option<u64>,
    /// The time since the leader last saw it caught up (`LastCaughtUpTimestamp`, as
    /// `--human-readable` prints it); none for the leader itself or if it never was.
    pub last_caught_up_ms: Option<u64>,
    /// The voters that granted its pre-vote or vote (a prospective or candidate).
    pub granted: Vec<u32>,
}

/// Records of the metadata log a snapshot carries.
pub const KRAFT_LOG_TAIL: usize = 50;

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MetadataRecordView {
    pub offset: u64,
    pub record: String,
    /// The record's type ("PartitionChangeRecord", …) and its fields as Kafka names them.
    pub kind: &'static str,
    pub fields: Vec<MetadataFieldView>,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MetadataFieldView {
    pub name: &'static str,
    pub value: String,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KraftBrokerView {
    pub id: BrokerId,
    /// -1: not registered.
    pub broker_epoch: i64,
    pub fenced: bool,
    /// The next offset the broker fetches (it has replayed the records below it).
    pub metadata_offset: u64,
    /// Since its last heartbeat the controller counted (-1: fenced, none counted).
    pub since_heartbeat_ms: i64,
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KraftPartitionView {
    pub partition: u32,
    pub elr: Vec<BrokerId>,
    pub last_known_elr: Vec<BrokerId>,
    pub partition_epoch: u32,
    pub leader_recovery_state: &'static str,
}

impl Cluster {
    pub fn snapshot(&self) -> Snapshot {
        self.snapshot_with(SNAPSHOT_RECORDS_MAX, u64::MAX)
    }

    /// The snapshot with at most `records_max` records per log (clamped to SNAPSHOT_RECORDS_MAX)
    /// and the latest `requests_max` requests. A page draws a few of each: the whole list of kept
    /// requests (up to 500 and every pending one) made a snapshot 85 KB of JSON.
    pub fn snapshot_with(&self, records_max: u64, requests_max: u64) -> Snapshot {
        self.snapshot_with_history(records_max, requests_max, 0)
    }

    /// `snapshot_with` whose `metrics.history` holds the last `history` samples (at most
    /// METRICS_HISTORY_MAX).
    pub fn snapshot_with_history(&self, records_max: u64, requests_max: u64, history: u64) -> Snapshot {
        let records_max = records_max.min(SNAPSHOT_RECORDS_MAX);
        let skipped = self.requests.len().saturating_sub(usize::try_from(requests_max).unwrap_or(usize::MAX));
        let mut request_counts = RequestCounts { pending: 0, acked: 0, failed: 0 };
        for r in &self.requests {
            match r.status {
                RequestStatus::Pending => request_counts.pending += 1,
                RequestStatus::Acked => request_counts.acked += 1,
                RequestStatus::Failed => request_counts.failed += 1,
            }
        }
        let now = self.tick;
        let partitions = (0..self.config.partitions)
            .map(|p| {
                let st = &self.zk.partitions[p as usize];
                let ar = &self.zk.assignment[p as usize];
                let leader = (st.leader >= 0)
                    .then(|| &self.brokers[st.leader as usize])
                    .filter(|b| b.is_alive())
                    .and_then(|b| b.replicas.get(&p))
                    .filter(|r| r.is_leader());
                let logs = ar
                    .iter()
                    .map(|&b| {
                        let broker = &self.brokers[b as usize];
                        let r = &broker.replicas[&p];
                        let leo = r.log.log_end_offset();
                        let from = leo.saturating_sub(records_max).max(r.log.log_start_offset());
                        let role = match (&r.role, broker.is_alive()) {
                            (_, false) => "offline",
                            (Role::Leader(_), true) => "leader",
                            (Role::Follower(_), true) => "follower",
                            (Role::None, true) => "none",
                        };
                        let follower = leader.and_then(|l| match &l.role {
                            Role::Leader(ls) => ls.followers.get(&b).map(|f| FollowerView {
                                remove_in_ms: self.remove_in_ms(l, b),
                                leo: f.log_end_offset.map_or(-1, |o| o as i64),
                                lag_messages: l.log.log_end_offset() as i64 - f.log_end_offset.map_or(0, |o| o as i64),
                                last_caught_up_ms: f.last_caught_up.map_or(-1, |t| (t * TICK_MS) as i64),
                                since_caught_up_ms: f.last_caught_up.map_or(-1, |t| (now.saturating_sub(t) * TICK_MS) as i64),
                                in_isr: l.isr.contains(&b),
                                fetch_in_flight: matches!(&r.role, Role::Follower(fs) if fs.fetch_in_flight),
                                broker_epoch: f.broker_epoch,
                            }),
                            _ => None,
                        });
                        LogView {
                            broker: b,
                            role,
                            leader_epoch: r.leader_epoch,
                            leo,
                            hw: r.log.high_watermark(),
                            log_start_offset: r.log.log_start_offset(),
                            records: r
                                .log
                                .read(from, leo)
                                .zip(from..)
                                .map(|(rec, offset)| RecordView { offset, leader_epoch: rec.leader_epoch, value: rec.value })
                                .collect(),
                            follower,
                            out_of_isr: self.out_of_isr(p, b, &st.isr),
                            joined_isr: self.joined_isr(p, b, &st.isr),
                        }
                    })
                    .collect();
                let g = &self.guards[p as usize];
                let acked = if records_max == 0 {
                    Vec::new()
                } else {
                    let top = ar.iter().map(|&b| self.brokers[b as usize].replicas[&p].log.log_end_offset()).max().unwrap_or(0);
                    // Adjacent ranges acknowledged with the same acks are one (a steady producer's
                    // requests would otherwise be an entry each, every frame).
                    let mut ranges: Vec<AckedView> = Vec::new();
                    for (offset, a) in g.acked.tail_from(&top.saturating_sub(records_max)) {
                        match ranges.last_mut() {
                            Some(r) if r.acks == a.acks && r.offset + r.count == offset => r.count += u64::from(a.count),
                            _ => ranges.push(AckedView { offset, count: u64::from(a.count), acks: a.acks }),
                        }
                    }
                    ranges
                };
                let running = leader.filter(|_| self.brokers[st.leader as usize].runs());
                let (hw_counted, hw_waiting_for, hw_quorum) = running.map_or((Vec::new(), Vec::new(), None), |l| self.hw_view(l));
                let min_isr = crate::leader::effective_min_isr(&self.config, ar.len());
                let writes_blocked = match (st.leader, running) {
                    (-1, _) => Some("NO_LEADER"),
                    (_, None) => Some("LEADER_NOT_RUNNING"),
                    (_, Some(l)) if l.rejects_acks_all(&self.config) => Some("NOT_ENOUGH_REPLICAS"),
                    _ => None,
                };
                let hw_blocked = match running {
                    None => Some("NO_LEADER"),
                    Some(l) if self.config.strategy == Strategy::Isr && l.hw_frozen_by_min_isr(&self.config) => Some("STRICT_MIN_ISR"),
                    Some(_) => None,
                };
                PartitionView {
                    partition: p,
                    leader: st.leader,
                    leader_epoch: st.leader_epoch,
                    isr: st.isr.clone(),
                    replicas: ar.clone(),
                    target_replicas: self.zk.reassignments.get(&p).map(|r| r.target.clone()),
                    adding_replicas: self.zk.reassignments.get(&p).map_or_else(Vec::new, |r| r.adding.clone()),
                    removing_replicas: self.zk.reassignments.get(&p).map_or_else(Vec::new, |r| r.removing.clone()),
                    hw: leader.map_or(-1, |l| l.log.high_watermark() as i64),
                    zk_version: st.version,
                    controller_epoch: st.controller_epoch,
                    logs,
                    committed_offset: g.committed_end(),
                    acked,
                    hw_counted,
                    hw_waiting_for,
                    hw_quorum,
                    min_isr,
                    writes_blocked,
                    hw_blocked,
                    under_replicated: st.isr.len() < ar.len(),
                    next_isr_check_ms: running
                        .map_or(-1, |_| ((self.brokers[st.leader as usize].next_isr_check(now, &self.timing) - now) * TICK_MS) as i64),
                    truncated: self.events.recent_truncations(now, p).cloned().collect(),
                }
            })
            .collect();
        Snapshot {
            tick: now,
            time_ms: now * TICK_MS,
            tick_ms: TICK_MS,
            seed: self.config.seed,
            config: self.config.clone(),
            topic: crate::zk::TOPIC,
            controller: ControllerView { broker: self.zk.controller.map_or(-1, i64::from), epoch: self.zk.controller_epoch },
            brokers: self
                .brokers
                .iter()
                .map(|b| BrokerView {
                    id: b.id,
                    status: b.status.label(),
                    down: b.is_down(),
                    controller: self.zk.controller == Some(b.id),
                    registered: self.zk.is_registered(b.id),
                    zk_session: match self.zk.brokers.get(&b.id) {
                        None => "none",
                        Some(r) if r.session_expires_at.is_none() => "active",
                        Some(_) => "expiring",
                    },
                    session_expires_in_ms: self
                        .zk
                        .brokers
                        .get(&b.id)
                        .and_then(|r| r.session_expires_at)
                        .map_or(-1, |t| (t.saturating_sub(now) * TICK_MS) as i64),
                    broker_epoch: b.zk_session.map_or(-1, |z| z as i64),
                    rack: self.config.rack.broker_rack(b.id).map(str::to_string),
                })
                .collect(),
            partitions,
            requests: self
                .requests
                .iter()
                .skip(skipped)
                .map(|r| RequestView {
                    id: r.id,
                    partition: r.partition,
                    acks: r.acks,
                    count: r.count,
                    first_value: r.first_value,
                    status: r.status.label(),
                    error: r.error.map(|e| e.name()),
                    offset: r.base_offset.map_or(-1, |o| o as i64),
                    sent_ms: r.sent_at * TICK_MS,
                    done_ms: r.done_at.map(|t| t * TICK_MS),
                })
                .collect(),
            request_counts,
            consumers: self.consumer_views(),
            producer: ProducerView {
                producer_id: crate::producer::PRODUCER_ID,
                producer_epoch: 0,
                next_sequence: self.next_sequence.clone(),
            },
            inflight: self
                .network
                .in_flight()
                .map(|e| MessageView {
                    seq: e.seq,
                    from: e.from,
                    to: e.to,
                    kind: e.msg.kind(),
                    partition: e.msg.partition().map_or(-1, i64::from),
                    sent_tick: e.sent_at,
                    deliver_tick: e.deliver_at,
                    text: e.to_string(),
                    attempt: e.msg.attempt(),
                })
                .collect(),
            // A KRaft preset has no ZooKeeper (its `zk` is the published metadata image).
            zk: match self.kraft {
                Some(_) => Vec::new(),
                None => self
                    .zk
                    .tree(self.config.rules().reassignment_in_topic_znode)
                    .into_iter()
                    .map(|(path, data, version)| ZnodeView { path, data, version })
                    .collect(),
            },
            kraft: self.kraft.as_deref().map(|k| self.kraft_view(k)),
            replicated_records: self.stats.replicated_records,
            violations: self.violations.clone(),
            violations_dropped: self.violations_dropped,
            cut_links: self.cut_links.iter().map(|&(a, b)| [a, b]).collect(),
            metrics: self.metrics_view(usize::try_from(history).unwrap_or(usize::MAX)),
        }
    }

    fn kraft_view(&self, k: &crate::kraft::Kraft) -> KraftView {
        let log = &k.shown_voter().log;
        let start = log.len().saturating_sub(KRAFT_LOG_TAIL);
        KraftView {
            controller: k.active,
            log_end_offset: log.len() as u64,
            log: log[start..]
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    let (kind, fields) = e.record.fields();
                    MetadataRecordView {
                        offset: (start + i) as u64,
                        record: e.record.to_string(),
                        kind,
                        fields: fields.into_iter().map(|(name, value)| MetadataFieldView { name, value }).collect(),
                    }
                })
                .collect(),
            brokers: (0..self.config.brokers)
                .map(|b| {
                    let reg = k.committed_registrations.get(&b);
                    KraftBrokerView {
                        id: b,
                        broker_epoch: reg.map_or(-1, |r| r.epoch as i64),
                        fenced: reg.is_none_or(|r| r.fenced),
                        metadata_offset: k.observers[b as usize].next_offset,
                        since_heartbeat_ms: k.last_contact.get(&b).map_or(-1, |t| ((self.tick - t) * TICK_MS) as i64),
                    }
                })
                .collect(),
            partitions: k
                .committed_partitions
                .iter()
                .enumerate()
                .map(|(p, r)| KraftPartitionView {
                    partition: p as u32,
                    elr: r.elr.clone(),
                    last_known_elr: r.last_known_elr.clone(),
                    partition_epoch: r.partition_epoch,
                    leader_recovery_state: if r.recovering { "RECOVERING" } else { "RECOVERED" },
                })
                .collect(),
            quorum: self.quorum_view(k),
        }
    }

    pub(crate) fn quorum_view(&self, k: &crate::kraft::Kraft) -> QuorumView {
        use crate::kraft::quorum::{RaftState, VoterStatus};
        let leader = k.voters.iter().filter(|v| v.status != VoterStatus::Crashed && v.state == RaftState::Leader).max_by_key(|v| v.epoch);
        let max_lag = leader.map(|l| {
            let laggard = l.progress.iter().filter(|(_, p)| p.end_offset < l.log_end_offset()).min_by_key(|(&id, p)| (p.end_offset, id));
            match laggard {
                None => (0, 0),
                Some((_, p)) => (l.log_end_offset() - p.end_offset, p.last_caught_up.map_or(-1, |t| ((self.tick - t) * TICK_MS) as i64)),
            }
        });
        QuorumView {
            leader: leader.map(|v| v.id),
            leader_epoch: leader.map_or(0, |v| v.epoch),
            high_watermark: leader.map_or(0, |v| v.high_watermark),
            max_follower_lag: max_lag.map(|(lag, _)| lag),
            max_follower_lag_time_ms: max_lag.map(|(_, ms)| ms),
            voters: k
                .voters
                .iter()
                .map(|v| {
                    let progress = leader.and_then(|l| l.progress.get(&v.id).map(|p| (l, p)));
                    VoterView {
                        id: v.id,
                        status: v.status.label(),
                        state: v.state.label(),
                        epoch: v.epoch,
                        log_end_offset: v.log_end_offset(),
                        high_watermark: v.high_watermark,
                        voted_for: v.voted_for,
                        leader: v.leader,
                        known_end_offset: progress.map(|(_, p)| p.end_offset),
                        lag: progress.map(|(l, p)| l.log_end_offset().saturating_sub(p.end_offset)),
                        last_fetch_ms: progress.map(|(_, p)| (self.tick - p.last_fetch) * TICK_MS),
                        last_caught_up_ms: progress.and_then(|(_, p)| p.last_caught_up).map(|t| (self.tick - t) * TICK_MS),
                        granted: if matches!(v.state, RaftState::Prospective | RaftState::Candidate) {
                            v.granted.clone()
                        } else {
                            Vec::new()
                        },
                    }
                })
                .collect(),
        }
    }

    /// Who the running leader's HW counts and waits for, by the rule that moves it
    /// (`maybe_increment_leader_hw`: `hw_candidate` over `hw_facts`, or the quorum's majority).
    fn hw_view(&self, leader: &Replica) -> (Vec<HwCountView>, Vec<BrokerId>, Option<usize>) {
        let leo = leader.log.log_end_offset();
        if self.config.strategy == Strategy::Quorum {
            let (hw, majority, _) = leader.quorum_hw();
            let Role::Leader(ls) = &leader.role else { return (Vec::new(), Vec::new(), None) };
            let counted =
                ls.followers.iter().map(|(&b, f)| HwCountView { broker: b, leo: f.log_end_offset.map_or(-1, |o| o as i64), why: "quorum" });
            let waiting = ls.followers.iter().filter(|(_, f)| hw < leo && f.log_end_offset.unwrap_or(0) == hw).map(|(&b, _)| b).collect();
            return (counted.collect(), waiting, Some(majority));
        }
        let facts = leader.hw_facts(self.tick, &self.timing, self.config.rules(), &self.zk);
        let (candidate, counted) = hw_candidate(self.config.rules(), leo, &facts);
        // Nothing to wait for when the HW is at the leader's LEO, or frozen by the min-ISR gate.
        let idle = leader.hw_frozen_by_min_isr(&self.config) || leader.log.high_watermark() >= leo;
        let waiting = counted
            .iter()
            .filter(|f| !idle && f.leo.is_none_or(|l| l < leo && Some(l) == candidate))
            .filter(|f| candidate.is_some() || f.leo.is_none())
            .map(|f| f.id)
            .collect();
        let views = counted
            .iter()
            .map(|f| HwCountView {
                broker: f.id,
                leo: f.leo.map_or(-1, |o| o as i64),
                why: match (f.in_isr, leader.isr.contains(&f.id)) {
                    (true, true) => "isr",
                    (true, false) => "maximal-isr",
                    (false, _) => "caught-up",
                },
            })
            .collect();
        (views, waiting, None)
    }

    /// For ISR member `m`: the time until the leader's isr-expiration task would find it out of
    /// sync (its own rule, `out_of_sync`, asked at each coming run) if it made no progress.
    fn remove_in_ms(&self, leader: &Replica, m: BrokerId) -> i64 {
        let lb = &self.brokers[leader.leader.max(0) as usize];
        if !leader.isr.contains(&m) || !lb.runs() {
            return -1;
        }
        let first = lb.next_isr_check(self.tick, &self.timing);
        (0..self.timing.lag / self.timing.isr_check + 2)
            .map(|k| first + k * self.timing.isr_check)
            .find(|&t| leader.out_of_sync(&self.config, &self.timing, t, m).is_some())
            .map_or(-1, |t| ((t - self.tick) * TICK_MS) as i64)
    }

    /// How replica `b` of `p`, in the ISR, last joined it (see `LogView::joined_isr`).
    fn joined_isr(&self, p: u32, b: BrokerId, isr: &[BrokerId]) -> Option<IsrJoinView> {
        let join = self.events.last_isr_join(p, b).filter(|_| isr.contains(&b))?;
        Some(IsrJoinView { why: join.reason, ago_ms: (self.tick - join.tick) * TICK_MS })
    }

    /// Why replica `b` of `p` is outside the ISR (see `LogView::out_of_isr`).
    fn out_of_isr(&self, p: u32, b: BrokerId, isr: &[BrokerId]) -> Option<&'static str> {
        if isr.contains(&b) {
            return None;
        }
        let exit = self.events.last_isr_exit(p, b);
        let broker = &self.brokers[b as usize];
        // A broker stopped by its controlled shutdown left the ISR for that reason, not a crash.
        let stopped = matches!(broker.status, crate::broker::BrokerStatus::Stopped) && exit.is_some_and(|e| e.reason == "shutdown");
        if !broker.is_alive() && !stopped {
            return Some("crashed");
        }
        Some(exit.map_or("new-replica", |e| e.reason))
    }
}

/// The state as a compact table: the final picture `replay` prints.
impl std::fmt::Display for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let time = crate::invariants::secs(self.tick);
        let version = self.config.version.label();
        if let Some(k) = &self.kraft {
            let ctrl = k.active.map_or("none".to_string(), |c| c.to_string());
            let voters: Vec<String> = k
                .voters
                .iter()
                .map(|v| {
                    let status =
                        if v.status == crate::kraft::quorum::VoterStatus::Up { String::new() } else { format!(" {}", v.status.label()) };
                    format!("{} {} epoch {} LEO {} HW {}{status}", v.id, v.state.label(), v.epoch, v.log_end_offset(), v.high_watermark)
                })
                .collect();
            writeln!(
                f,
                "t={time}  version {version}  KRaft controller {ctrl}  metadata log end offset {}",
                k.shown_voter().log_end_offset()
            )?;
            writeln!(f, "quorum: {}", voters.join(", "))?;
        } else {
            let ctrl = self.zk.controller.map_or("none".to_string(), |c| format!("b{c}"));
            writeln!(f, "t={time}  version {version}  controller {ctrl} (controller_epoch {})", self.zk.controller_epoch)?;
        }
        let brokers: Vec<String> = self
            .brokers
            .iter()
            .map(|b| match self.kraft.as_ref().and_then(|k| k.committed_registrations.get(&b.id)) {
                Some(r) => format!("b{} {} (epoch {}, {})", b.id, b.status.label(), r.epoch, if r.fenced { "fenced" } else { "unfenced" }),
                None => format!("b{} {}", b.id, b.status.label()),
            })
            .collect();
        writeln!(f, "brokers: {}", brokers.join(", "))?;
        for (p, st) in self.zk.partitions.iter().enumerate() {
            match &self.kraft {
                Some(k) => {
                    let r = &k.committed_partitions[p];
                    let recovering = if r.recovering { " RECOVERING" } else { "" };
                    writeln!(
                        f,
                        "p{p}: leader {} leader_epoch {} ISR {:?} ELR {:?} lastKnownElr {:?} partitionEpoch {}{recovering}",
                        r.leader, r.leader_epoch, r.isr, r.elr, r.last_known_elr, r.partition_epoch
                    )?
                }
                None => {
                    writeln!(f, "p{p}: leader {} leader_epoch {} ISR {:?} zkVersion {}", st.leader, st.leader_epoch, st.isr, st.version)?
                }
            }
            for &b in &self.zk.assignment[p] {
                let r = &self.brokers[b as usize].replicas[&(p as u32)];
                let values: Vec<String> = r
                    .log
                    .read(r.log.log_end_offset().saturating_sub(12), r.log.log_end_offset())
                    .map(|x| format!("m{}", x.value))
                    .collect();
                let more = if r.log.log_end_offset() - r.log.log_start_offset() > 12 { "… " } else { "" };
                writeln!(f, "  b{b}: LEO {:<5} HW {:<5} [{more}{}]", r.log.log_end_offset(), r.log.high_watermark(), values.join(" "))?;
            }
        }
        if self.violations.is_empty() {
            write!(f, "violations: none")
        } else {
            writeln!(f, "violations:")?;
            for v in &self.violations {
                writeln!(f, "  {} p{} at {}: {}", v.kind, v.partition, crate::invariants::secs(v.tick), v.text)?;
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::from_options;

    fn limits(pairs: &[(&str, Value)]) -> Result<(u64, u64, u64), ApiError> {
        let pairs: Vec<(String, Value)> = pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
        from_options::<SnapshotOptions>("snapshot", &pairs)?.limits()
    }

    #[test]
    fn options_are_checked_by_key() {
        assert_eq!(limits(&[]).unwrap(), (SNAPSHOT_RECORDS_MAX, u64::MAX, 0));
        assert_eq!(limits(&[("requests", Value::Num(2.0)), ("records", Value::Num(0.0))]).unwrap(), (0, 2, 0));
        assert_eq!(limits(&[("metricsHistory", Value::Num(300.0))]).unwrap().2, 300);
        let e = limits(&[("metricsHistory", Value::Num(301.0))]).unwrap_err();
        assert_eq!(e.to_string(), "metricsHistory: must be an integer from 0 to 300, got 301");
        let e = limits(&[("records", Value::Num(201.0))]).unwrap_err();
        assert_eq!(e.to_string(), "records: must be an integer from 0 to 200, got 201");
        // A null is a value, and not an integer: only a missing key takes the default.
        assert_eq!(limits(&[("records", Value::Null)]).unwrap_err().argument, "records");
        let e = limits(&[("records", Value::Num(1.0)), ("record", Value::Num(1.0))]).unwrap_err();
        assert_eq!(e.to_string(), "record: unknown snapshot key; allowed keys: records, requests, metricsHistory");
        assert_eq!(limits(&[("", Value::Num(1.0))]).unwrap_err().argument, "\"\"");
        let e = limits(&[("requests", Value::Other("function".into()))]).unwrap_err();
        assert_eq!(e.to_string(), "requests: must be an integer from 0 to 1000000, got a value of type function");
        let e = limits(&[("records", Value::List(vec![Value::Num(1.0)]))]).unwrap_err();
        assert_eq!(e.to_string(), "records: must be an integer from 0 to 200, got [1]");
    }
}
