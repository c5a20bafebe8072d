//! One broker's replica of one partition: the leader's and the follower's side of Kafka's
//! replication protocol (`Partition.scala`, `ReplicaFetcherThread`, `DelayedProduce`).
//!
//! Section numbers (§) refer to `shared/reference/kafka-replication.md`.

use crate::collections::VecMap;
use crate::config::{Config, Truncation};
use crate::events::{set_text, Events};
use crate::log::{Epoch, Log, Offset};
use crate::message::{BrokerId, EpochEndOffset, FetchResponse, KafkaError, Msg, NodeId, Tick, CONSUMER, PRODUCER};
use crate::zk::ZooKeeper;

/// How many records one fetch response carries at most (Kafka bounds it in bytes with
/// `replica.fetch.max.bytes`; records here have no size).
pub const REPLICA_FETCH_MAX_RECORDS: u64 = 50_000;
/// Idempotent batches a replica remembers per producer (`ProducerStateEntry.NUM_BATCHES_TO_RETAIN`).
pub const NUM_BATCHES_TO_RETAIN: usize = 5;

/// Kafka's ms settings converted to ticks once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Timing {
    pub lag: u64,
    pub fetch_wait: u64,
    pub fetch_backoff: u64,
    pub session: u64,
    pub request_timeout: u64,
    pub hw_checkpoint: u64,
    /// `log.flush`-like writeback period (see `Config::log_flush_interval_ms`).
    pub log_flush: u64,
    /// `replica.socket.timeout.ms`: a follower request unanswered this long is given up.
    pub socket_timeout: u64,
    /// `controller.socket.timeout.ms`: a control request unanswered this long is resent.
    pub controller_timeout: u64,
    /// The `isr-expiration` task period.
    pub isr_check: u64,
    pub latency: (u64, u64),
}

impl Timing {
    pub fn new(c: &Config) -> Timing {
        let lag = Config::ticks(c.replica_lag_time_max_ms);
        Timing {
            lag,
            fetch_wait: Config::ticks(c.replica_fetch_wait_max_ms),
            fetch_backoff: Config::ticks(c.replica_fetch_backoff_ms),
            session: Config::ticks(c.zookeeper_session_timeout_ms),
            request_timeout: Config::ticks(c.request_timeout_ms),
            hw_checkpoint: Config::ticks(c.replica_high_watermark_checkpoint_interval_ms),
            log_flush: Config::ticks(c.log_flush_interval_ms).max(1),
            socket_timeout: Config::ticks(c.replica_socket_timeout_ms).max(1),
            controller_timeout: Config::ticks(c.controller_socket_timeout_ms).max(1),
            // The isr-expiration task: every lag time in 0.8, every half of it since 0.10.2 (§2.1).
            isr_check: if c.rules().isr_check_every_half_lag { (lag / 2).max(1) } else { lag.max(1) },
            latency: (Config::ticks(c.network_latency_ms_min), Config::ticks(c.network_latency_ms_max)),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Records appended by followers: the benchmark's unit of work.
    pub replicated_records: u64,
    /// Committed ISR changes made by leaders, as `ReplicaManager`'s IsrShrinksPerSec and
    /// IsrExpandsPerSec meters count them (`metrics.rs`).
    pub isr_shrinks: u64,
    pub isr_expands: u64,
}

/// What a replica handler may touch besides itself. Messages go to `out` as (to, msg), sent from `me`.
pub struct Ctx<'a> {
    pub now: Tick,
    pub me: BrokerId,
    pub cfg: &'a Config,
    pub timing: &'a Timing,
    pub out: &'a mut Vec<(NodeId, Msg)>,
    pub events: &'a mut Events,
    pub zk: &'a mut ZooKeeper,
    /// This broker heart-beats to ZooKeeper under the session of its current registration: a
    /// write of its own (the ISR, ≤ 2.6) needs one.
    pub zk_session: bool,
    /// This broker's own epoch as its Fetch and AlterPartition requests give it (the
    /// `fetch_broker_epoch` rule, KIP-903: its KRaft registration's; else, or before it
    /// registered since it started, [`crate::message::UNKNOWN_BROKER_EPOCH`]).
    pub broker_epoch: i64,
    pub stats: &'a mut Stats,
}

/// The leader's view of one follower (`Replica.ReplicaState`, §1.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FollowerView {
    /// The follower's LEO = fetch offset of its last fetch; `None` until it fetches from this
    /// leader (a new leader resets it to unknown, §1.4).
    pub log_end_offset: Option<Offset>,
    /// Largest tick at which the follower's fetch offset was ≥ the leader's LEO; `None` = never
    /// (Kafka's 0 ms, i.e. long ago).
    pub last_caught_up: Option<Tick>,
    pub last_fetch_leader_leo: Offset,
    /// The last fetch (0.8's `logEndOffsetUpdateTimeMs`: its stuck rule looks only at this).
    pub last_fetch: Tick,
    /// The broker epoch its last accepted fetch carried (`ReplicaState.brokerEpoch`, KIP-903;
    /// -1: the fetch had none); `None` until it fetches from this leader (a new leader resets it,
    /// a re-elected one keeps it: `Replica.resetReplicaState`).
    pub broker_epoch: Option<i64>,
}

impl FollowerView {
    /// `now − lastCaughtUpTimeMs ≤ replica.lag.time.max.ms`.
    pub fn caught_up_within(&self, now: Tick, lag: u64) -> bool {
        self.last_caught_up.is_some_and(|t| now.saturating_sub(t) <= lag)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParkedFetch {
    /// The fetching follower, or None for the consumer.
    pub replica: Option<BrokerId>,
    pub fetch_offset: Offset,
    pub deadline: Tick,
}

/// An acks=all produce waiting for the HW (`DelayedProduce`, §3.1 step 5).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DelayedProduce {
    pub request: u32,
    pub attempt: u32,
    pub base_offset: Offset,
    pub required_offset: Offset,
    pub deadline: Tick,
}

/// A proposed ISR and, per member joining or leaving, why; with the AlterPartition carrying it
/// (2.7+), retried until the controller answers (`AlterPartitionManager`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PendingIsr {
    pub isr: Vec<BrokerId>,
    /// The request's `newIsrWithEpochs`, built once when the change is proposed
    /// (`Partition.addBrokerEpochToIsr`): every retry sends the same.
    pub isr_with_epochs: Vec<crate::message::BrokerState>,
    pub reasons: Vec<(BrokerId, crate::events::Reason)>,
    /// The controller the last attempt went to, when, and how many attempts so far.
    pub sent_to: BrokerId,
    pub sent_at: Tick,
    pub attempt: u32,
    /// The last attempt's connection failed or reached a broker that is no longer the controller.
    pub undelivered: bool,
    /// The controller answered FENCED_LEADER_EPOCH or INVALID_UPDATE_VERSION: the leader stops
    /// retrying but keeps the change in flight (its HW still counts the maximal ISR) until a
    /// LeaderAndIsr replaces its state (`Partition.handleAlterPartitionError`: "Giving up").
    pub given_up: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LeaderState {
    pub followers: VecMap<BrokerId, FollowerView>,
    /// An AlterPartition in flight (2.7+): the proposed ISR. Until the controller answers, the HW
    /// and acks=all count the maximal ISR = committed ISR ∪ proposed (§2.1, §2.2).
    pub pending_isr: Option<PendingIsr>,
    /// LESO: the LEO when this broker became leader in this epoch (§1.1).
    pub leader_epoch_start_offset: Offset,
    pub parked: Vec<ParkedFetch>,
    pub delayed: crate::leader::Purgatory,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FollowerState {
    pub leader: BrokerId,
    pub fetch_in_flight: bool,
    /// When the outstanding request was sent (for `replica.socket.timeout.ms`).
    pub sent_at: Tick,
    pub backoff_until: Tick,
    /// Waiting to learn where its log diverges from the leader's (KIP-101 OffsetsForLeaderEpoch);
    /// it does not fetch until then. Holds the epoch to ask about.
    pub truncating: Option<Epoch>,
    /// Consumer fetches it holds until its HW passes them or the wait ends (KIP-392).
    pub parked: crate::fetch_from_follower::ParkedReads,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// No leader known: just restarted, or the partition is offline (leader -1).
    None,
    Leader(LeaderState),
    Follower(FollowerState),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Replica {
    pub partition: u32,
    pub log: Log,
    /// The HW last written to `replication-offset-checkpoint`: what a restart reads back.
    pub hw_checkpoint: Offset,
    /// From the latest LeaderAndIsr applied (-1: none since start).
    pub leader_epoch: Epoch,
    pub leader: i32,
    pub isr: Vec<BrokerId>,
    pub replicas: Vec<BrokerId>,
    pub zk_version: u32,
    pub controller_epoch: u32,
    pub role: Role,
}

/// A LeaderAndIsr request's partition state.
pub struct LeaderAndIsr<'m> {
    pub controller_epoch: u32,
    pub leader: i32,
    pub leader_epoch: Epoch,
    pub isr: &'m [BrokerId],
    pub zk_version: u32,
    pub replicas: &'m [BrokerId],
}

/// `event!(replica, ctx, kind, broker, [params,] text)`: records a replica's event, building its
/// params and text only when the event feed is on (`Config::events`; the per-fetch events are the
/// hot path).
macro_rules! event {
    ($replica:expr, $ctx:expr, $kind:expr, $broker:expr, $text:expr) => {
        event!($replica, $ctx, $kind, $broker, $crate::events::Params::default(), $text)
    };
    ($replica:expr, $ctx:expr, $kind:expr, $broker:expr, $params:expr, $text:expr) => {
        if $ctx.events.enabled() {
            let broker = $broker;
            let params = $params;
            let text = $text;
            $replica.event($ctx, $kind, broker, params, text);
        }
    };
}
pub(crate) use event;

/// `offsets_text` as params (templates `ev.offset`, `ev.offsets`).
pub(crate) fn offsets_params(from: Offset, to: Offset) -> crate::events::Params {
    if to == from + 1 {
        crate::events::params!("offset", offset = from)
    } else {
        crate::events::params!("offsets", first = from, last = to - 1)
    }
}

pub(crate) fn offsets_text(from: Offset, to: Offset) -> String {
    if to == from + 1 {
        format!("offset {from}")
    } else {
        format!("offsets {from}–{}", to - 1)
    }
}

impl FollowerView {
    /// `Replica.resetReplicaState` at a leader whose LEO is `leo`: ISR members are caught up now,
    /// the others never (lastCaughtUpTimeMs = 0), and a fetch below this LEO does not catch up;
    /// a re-elected leader keeps the LEO and broker epoch it `known`.
    fn reset(known: Option<&FollowerView>, in_isr: bool, now: Tick, leo: Offset) -> FollowerView {
        FollowerView {
            log_end_offset: known.and_then(|f| f.log_end_offset),
            last_caught_up: in_isr.then_some(now),
            last_fetch_leader_leo: leo,
            last_fetch: now,
            broker_epoch: known.and_then(|f| f.broker_epoch),
        }
    }
}

impl Replica {
    pub fn new(partition: u32) -> Replica {
        Replica {
            partition,
            log: Log::default(),
            hw_checkpoint: 0,
            leader_epoch: -1,
            leader: -1,
            isr: Vec::new(),
            replicas: Vec::new(),
            zk_version: 0,
            controller_epoch: 0,
            role: Role::None,
        }
    }

    pub fn is_leader(&self) -> bool {
        matches!(self.role, Role::Leader(_))
    }

    /// StopReplica. deletePartition=false (a controlled shutdown): the fetcher stops; the log stays
    /// and the broker is about to stop. deletePartition=true (a replica a reassignment removed,
    /// `ReplicaManager.stopReplicas`): it stops leading or fetching (what waits on it gets
    /// NOT_LEADER_OR_FOLLOWER) and its log is deleted.
    pub fn stop_replica(&mut self, ctx: &mut Ctx, delete: bool) {
        if delete {
            self.delete(ctx);
            let text = format!("b{} deleted its replica of p{}: StopReplica (delete) from the controller", ctx.me, self.partition);
            let params = crate::events::params!("stop-replica.delete", b = ctx.me, p = self.partition);
            event!(self, ctx, "stop-replica", ctx.me, params, text);
        } else if matches!(self.role, Role::Follower(_)) {
            self.resign(ctx);
            event!(
                self,
                ctx,
                "stop-replica",
                ctx.me,
                crate::events::params!("stop-replica", b = ctx.me, p = self.partition),
                format!("b{} stopped fetching p{}: StopReplica from the controller", ctx.me, self.partition)
            );
        }
    }

    /// Deleted: it stops leading or fetching (what waits on it gets NOT_LEADER_OR_FOLLOWER) and
    /// its log is gone (`ReplicaManager.stopPartitions` with delete).
    fn delete(&mut self, ctx: &mut Ctx) {
        self.resign(ctx);
        *self = Replica::new(self.partition);
    }

    /// Whether it holds anything: a replica deleted (or never assigned here) is as new.
    pub fn is_deleted(&self) -> bool {
        *self == Replica::new(self.partition)
    }

    /// A KRaft broker's metadata no longer lists it among the partition's replicas (a
    /// reassignment removed it): `ReplicaManager.applyDelta`'s `localChanges.deletes` stop and
    /// delete it, no StopReplica involved.
    pub fn delete_removed(&mut self, ctx: &mut Ctx) {
        self.delete(ctx);
        let text = format!("b{} deleted its replica of p{}: the metadata no longer lists it as a replica", ctx.me, self.partition);
        let params = crate::events::params!("stop-replica.delete-kraft", b = ctx.me, p = self.partition);
        event!(self, ctx, "stop-replica", ctx.me, params, text);
    }

    /// `Partition.updateAssignmentAndIsr` with the leader epoch unchanged (in KRaft a reassignment
    /// that only adds replicas bumps the partition epoch alone): the replicas change, and a leader
    /// tracks a new follower from scratch (`remoteReplicasMap`: never caught up) and forgets a
    /// removed one.
    pub fn update_assignment(&mut self, ctx: &Ctx, replicas: &[BrokerId]) {
        self.replicas = replicas.to_vec();
        if let Role::Leader(ls) = &mut self.role {
            let leo = self.log.log_end_offset();
            ls.followers.retain(|r, _| replicas.contains(r));
            for &r in replicas.iter().filter(|&&r| r != ctx.me) {
                if !ls.followers.contains_key(&r) {
                    ls.followers.insert(r, FollowerView::reset(None, false, ctx.now, leo));
                }
            }
        }
    }

    /// A restart: in-memory state is gone; the log is on disk and the HW is read back from the
    /// checkpoint, clamped to the log (§1.4 "Leader HW initialization").
    pub fn restart(&mut self) {
        let hw = self.hw_checkpoint.min(self.log.log_end_offset());
        self.log.set_high_watermark(hw);
        self.leader_epoch = -1;
        self.leader = -1;
        self.role = Role::None;
    }

    /// The process died: connections close, so whoever waits on this replica sees a network
    /// error. After a power failure (`lossy`) the log keeps only what was flushed.
    pub fn crash(&mut self, ctx: &mut Ctx, lossy: bool) {
        if lossy {
            let leo = self.log.log_end_offset();
            let kept = self.log.recovery_point();
            if self.log.truncate_to(kept) > 0 {
                event!(
                    self,
                    ctx,
                    "lost-unflushed",
                    ctx.me,
                    crate::events::params!("lost-unflushed", b = ctx.me, p = self.partition, offsets = offsets_params(kept, leo)),
                    format!(
                        "b{} lost p{} {} in the power failure: not yet flushed to disk",
                        ctx.me,
                        self.partition,
                        offsets_text(kept, leo)
                    )
                );
            }
        }
        // (The producer notices its own closed connection: `Cluster::connection_closed`.)
        let Role::Leader(ls) = &mut self.role else { return };
        ls.delayed.clear();
        for p in std::mem::take(&mut ls.parked) {
            ctx.out.push(self.parked_error(&p, KafkaError::NetworkException));
        }
    }

    pub(crate) fn fetch_error_for(&self, fetch_offset: Offset, error: KafkaError) -> Msg {
        Msg::FetchResponse(FetchResponse {
            partition: self.partition,
            fetch_offset,
            records: Vec::new(),
            high_watermark: 0,
            log_start_offset: self.log.log_start_offset(),
            log_end_offset: self.log.log_end_offset(),
            leader_epoch: self.leader_epoch,
            diverging_epoch: None,
            error: Some(error),
        })
    }

    /// The error answer to a parked fetch, addressed to whoever parked it.
    pub(crate) fn parked_error(&self, p: &ParkedFetch, error: KafkaError) -> (NodeId, Msg) {
        match p.replica {
            Some(r) => (r as NodeId, self.fetch_error_for(p.fetch_offset, error)),
            None => (
                CONSUMER,
                Msg::ConsumerFetchResponse {
                    partition: self.partition,
                    fetch_offset: p.fetch_offset,
                    records: Vec::new(),
                    high_watermark: self.log.high_watermark(),
                    error: Some(error),
                },
            ),
        }
    }

    pub(crate) fn produce_error(&self, request: u32, attempt: u32, error: KafkaError) -> Msg {
        Msg::ProduceResponse { request, attempt, partition: self.partition, base_offset: None, error: Some(error) }
    }

    pub(crate) fn event(&self, ctx: &mut Ctx, kind: &'static str, broker: BrokerId, params: crate::events::Params, text: String) {
        ctx.events.record(ctx.now, kind, Some(self.partition), Some(broker), params, text);
    }

    /// Where epoch `requested` ends in this log (`LeaderEpochFileCache.endOffsetFor`, §4.4):
    /// KIP-101 answers only for known epochs with a successor; KIP-279 also names the largest
    /// epoch ≤ the requested one, so the follower can find the last epoch both logs share.
    pub fn end_offset_for(&self, requested: Epoch, truncation: Truncation) -> EpochEndOffset {
        let cache = self.log.epoch_cache();
        let leo = self.log.log_end_offset() as i64;
        if self.log.latest_epoch() == Some(requested) {
            return EpochEndOffset { epoch: requested, end_offset: leo };
        }
        let Some((_, &higher_start)) = cache.first_above(&requested) else { return EpochEndOffset::UNDEFINED };
        let floor = cache.last_at_or_below(&requested).map(|(&e, _)| e);
        match (truncation, floor) {
            (Truncation::Kip279, Some(e)) => EpochEndOffset { epoch: e, end_offset: higher_start as i64 },
            (Truncation::Kip279, None) => EpochEndOffset { epoch: requested, end_offset: higher_start as i64 },
            (_, Some(_)) => EpochEndOffset { epoch: requested, end_offset: higher_start as i64 },
            (_, None) => EpochEndOffset::UNDEFINED,
        }
    }

    // ---- control plane ------------------------------------------------------------------

    /// Applies a LeaderAndIsr request if its leader epoch is newer than ours (§4.1); otherwise
    /// it is stale and ignored.
    pub fn on_leader_and_isr(&mut self, ctx: &mut Ctx, req: LeaderAndIsr) {
        if req.leader_epoch <= self.leader_epoch {
            return;
        }
        let previous_leader = match &self.role {
            Role::Follower(f) => Some(f.leader as i32),
            Role::Leader(_) => Some(ctx.me as i32),
            Role::None => None,
        };
        self.leader_epoch = req.leader_epoch;
        self.leader = req.leader;
        self.isr = req.isr.to_vec();
        self.replicas = req.replicas.to_vec();
        self.zk_version = req.zk_version;
        self.controller_epoch = req.controller_epoch;
        if req.leader == ctx.me as i32 {
            self.become_leader(ctx);
        } else if previous_leader == Some(req.leader) && !ctx.cfg.rules().truncate_on_every_epoch_change {
            // Before KAFKA-7164 `makeFollower` with an unchanged leader leaves the fetcher alone.
        } else {
            self.resign(ctx);
            if req.leader < 0 {
                self.role = Role::None;
            } else {
                self.become_follower(ctx, req.leader as BrokerId, previous_leader != Some(req.leader));
            }
        }
    }

    /// `makeLeader` (§4.3): LESO = LEO, fresh follower state (LEO unknown for a new leader; a
    /// re-elected leader keeps the LEOs it knew). Since 2.1 (KAFKA-7415) the new epoch enters the
    /// epoch cache at once; before, only with the first append.
    fn become_leader(&mut self, ctx: &mut Ctx) {
        let leo = self.log.log_end_offset();
        // A re-elected leader keeps what it knew and what it was holding (parked fetches,
        // waiting acks=all produces stay in purgatory).
        let (known, parked, delayed) = match std::mem::replace(&mut self.role, Role::None) {
            Role::Leader(ls) => (ls.followers, ls.parked, ls.delayed),
            // A follower's parked consumer reads stay parked, now at the leader (KIP-392).
            Role::Follower(fs) => (VecMap::new(), fs.parked.0, Default::default()),
            Role::None => (VecMap::new(), Vec::new(), Default::default()),
        };
        let mut followers = VecMap::new();
        for &r in self.replicas.iter().filter(|&&r| r != ctx.me) {
            followers.insert(r, FollowerView::reset(known.get(&r), self.isr.contains(&r), ctx.now, leo));
        }
        if ctx.cfg.rules().epoch_cached_on_election {
            self.log.assign_epoch(self.leader_epoch, leo);
        }
        self.role = Role::Leader(LeaderState { followers, pending_isr: None, leader_epoch_start_offset: leo, parked, delayed });
        event!(
            self,
            ctx,
            "leader",
            ctx.me,
            crate::events::params!(
                "leader",
                b = ctx.me,
                p = self.partition,
                epoch = self.leader_epoch,
                leo = leo,
                hw = self.log.high_watermark(),
                isr = &self.isr
            ),
            format!(
                "b{} became leader of p{} at leader_epoch {} (LEO {leo}, HW {}, ISR {})",
                ctx.me,
                self.partition,
                self.leader_epoch,
                self.log.high_watermark(),
                set_text(&self.isr)
            )
        );
        self.maybe_increment_leader_hw(ctx);
    }

    /// A leader stepping down answers what it was holding: parked fetches and waiting acks=all
    /// produces get NOT_LEADER_OR_FOLLOWER. A follower answers the consumer reads it holds with
    /// what it has (KIP-392; `DelayedFetch.forceComplete` reads again).
    fn resign(&mut self, ctx: &mut Ctx) {
        match std::mem::replace(&mut self.role, Role::None) {
            Role::Leader(ls) => {
                for p in ls.parked {
                    ctx.out.push(self.parked_error(&p, KafkaError::NotLeaderOrFollower));
                }
                for d in ls.delayed {
                    ctx.out.push((PRODUCER, self.produce_error(d.request, d.attempt, KafkaError::NotLeaderOrFollower)));
                }
            }
            Role::Follower(fs) => {
                for p in fs.parked.0 {
                    ctx.out.push((CONSUMER, self.follower_read(p.fetch_offset)));
                }
            }
            Role::None => {}
        }
    }

    /// Timers of one tick: the follower's consumer reads expiring and its fetch loop; the leader's
    /// parked fetches and delayed produces expiring.
    pub fn tick(&mut self, ctx: &mut Ctx) {
        match self.role {
            Role::Follower(_) => {
                self.complete_parked_reads(ctx, None);
                self.maybe_fetch(ctx);
            }
            Role::Leader(_) => {
                self.complete_parked_fetches(ctx, true);
                self.complete_delayed_produce(ctx);
                self.maybe_resend_alter_partition(ctx);
            }
            Role::None => {}
        }
    }
}
