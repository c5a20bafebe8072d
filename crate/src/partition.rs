//! One broker's replica of one partition: the leader's and the follower's side of Kafka's
//! replication protocol (`Partition.scala`, `ReplicaFetcherThread`, `DelayedProduce`).
//!
//! Section numbers (§) refer to `shared/reference/kafka-replication.md`.

use crate::config::Config;
use crate::events::{set_text, Events};
use crate::log::{Epoch, Log, Offset, Record};
use crate::message::{Acks, BrokerId, KafkaError, Msg, NodeId, Tick, PRODUCER};
use crate::zk::{PartitionState, ZooKeeper};
use std::collections::BTreeMap;

/// How many records one fetch response carries at most (Kafka bounds it in bytes with
/// `replica.fetch.max.bytes`; records here have no size).
pub const REPLICA_FETCH_MAX_RECORDS: u64 = 50_000;

/// Kafka's ms settings converted to ticks once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Timing {
    pub lag: u64,
    pub fetch_wait: u64,
    pub fetch_backoff: u64,
    pub session: u64,
    pub request_timeout: u64,
    pub hw_checkpoint: u64,
    /// The `isr-expiration` task period: half the lag time (0.10.2+, §2.1).
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
            isr_check: (lag / 2).max(1),
            latency: (Config::ticks(c.network_latency_ms_min), Config::ticks(c.network_latency_ms_max)),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Records appended by followers: the benchmark's unit of work.
    pub replicated_records: u64,
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
    pub last_fetch: Tick,
}

impl FollowerView {
    /// `now − lastCaughtUpTimeMs ≤ replica.lag.time.max.ms`.
    pub fn caught_up_within(&self, now: Tick, lag: u64) -> bool {
        self.last_caught_up.is_some_and(|t| now.saturating_sub(t) <= lag)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParkedFetch {
    pub replica: BrokerId,
    pub fetch_offset: Offset,
    pub deadline: Tick,
}

/// An acks=all produce waiting for the HW (`DelayedProduce`, §3.1 step 5).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DelayedProduce {
    pub request: u32,
    pub base_offset: Offset,
    pub required_offset: Offset,
    pub deadline: Tick,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LeaderState {
    pub followers: BTreeMap<BrokerId, FollowerView>,
    /// LESO: the LEO when this broker became leader in this epoch (§1.1).
    pub leader_epoch_start_offset: Offset,
    pub parked: Vec<ParkedFetch>,
    pub delayed: Vec<DelayedProduce>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FollowerState {
    pub leader: BrokerId,
    pub fetch_in_flight: bool,
    pub backoff_until: Tick,
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

fn offsets_text(from: Offset, to: Offset) -> String {
    if to == from + 1 {
        format!("offset {from}")
    } else {
        format!("offsets {from}–{}", to - 1)
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

    /// A restart: in-memory state is gone; the log is on disk and the HW is read back from the
    /// checkpoint, clamped to the log (§1.4 "Leader HW initialization").
    pub fn restart(&mut self) {
        let hw = self.hw_checkpoint.min(self.log.log_end_offset());
        self.log.set_high_watermark(hw);
        self.leader_epoch = -1;
        self.leader = -1;
        self.role = Role::None;
    }

    /// The process died: connections close, so whoever waits on this replica sees a network error.
    pub fn crash(&mut self, ctx: &mut Ctx) {
        if let Role::Leader(ls) = &mut self.role {
            for p in ls.parked.drain(..) {
                let fetch = Msg::Fetch { partition: self.partition, replica: p.replica, fetch_offset: p.fetch_offset, leader_epoch: self.leader_epoch };
                ctx.out.push((p.replica as NodeId, fetch.connection_error().expect("a fetch has a connection error")));
            }
            for d in ls.delayed.drain(..) {
                ctx.out.push((PRODUCER, Msg::ProduceResponse { request: d.request, partition: self.partition, base_offset: None, error: Some(KafkaError::NetworkException) }));
            }
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
        } else {
            self.resign(ctx);
            if req.leader < 0 {
                self.role = Role::None;
            } else {
                self.become_follower(ctx, req.leader as BrokerId, previous_leader != Some(req.leader));
            }
        }
    }

    /// `makeLeader` (§4.3): LESO = LEO, epoch cache entry for the new epoch, fresh follower state
    /// (LEO unknown for a new leader; a re-elected leader keeps the LEOs it knew).
    fn become_leader(&mut self, ctx: &mut Ctx) {
        let leo = self.log.log_end_offset();
        let known = match std::mem::replace(&mut self.role, Role::None) {
            Role::Leader(ls) => ls.followers,
            _ => BTreeMap::new(),
        };
        let mut followers = BTreeMap::new();
        for &r in self.replicas.iter().filter(|&&r| r != ctx.me) {
            let in_isr = self.isr.contains(&r);
            followers.insert(
                r,
                FollowerView {
                    log_end_offset: known.get(&r).and_then(|f| f.log_end_offset),
                    last_caught_up: in_isr.then_some(ctx.now),
                    last_fetch_leader_leo: 0,
                    last_fetch: 0,
                },
            );
        }
        self.log.assign_epoch(self.leader_epoch, leo);
        self.role = Role::Leader(LeaderState { followers, leader_epoch_start_offset: leo, parked: Vec::new(), delayed: Vec::new() });
        ctx.events.push(
            ctx.now,
            "leader",
            Some(self.partition),
            Some(ctx.me),
            format!(
                "b{} became leader of p{} at leader_epoch {} (LEO {leo}, HW {}, ISR {})",
                ctx.me,
                self.partition,
                self.leader_epoch,
                self.log.high_watermark(),
                set_text(&self.isr)
            ),
        );
        self.maybe_increment_leader_hw(ctx);
    }

    /// A leader stepping down answers what it was holding: parked fetches and waiting acks=all
    /// produces get NOT_LEADER_OR_FOLLOWER.
    fn resign(&mut self, ctx: &mut Ctx) {
        if let Role::Leader(ls) = std::mem::replace(&mut self.role, Role::None) {
            for p in ls.parked {
                ctx.out.push((p.replica as NodeId, self.fetch_error(p.fetch_offset, KafkaError::NotLeaderOrFollower)));
            }
            for d in ls.delayed {
                ctx.out.push((PRODUCER, self.produce_error(d.request, KafkaError::NotLeaderOrFollower)));
            }
        }
    }

    /// `makeFollower`: pre-0.11 Kafka truncates the log to the local HW whenever the leader
    /// changed (or is unknown after a restart) — §4.4 item 1 — then fetches from the LEO.
    fn become_follower(&mut self, ctx: &mut Ctx, leader: BrokerId, leader_changed: bool) {
        if leader_changed {
            let hw = self.log.high_watermark();
            let leo = self.log.log_end_offset();
            if leo > hw {
                let values: Vec<String> = self.log.read(hw, leo).map(|r| format!("m{}", r.value)).collect();
                self.log.truncate_to(hw);
                ctx.events.push(
                    ctx.now,
                    "truncate",
                    Some(self.partition),
                    Some(ctx.me),
                    format!(
                        "b{} truncated p{} to its HW {hw}: removed {} ({}) before following b{leader}",
                        ctx.me,
                        self.partition,
                        offsets_text(hw, leo),
                        values.join(", ")
                    ),
                );
            }
        }
        self.role = Role::Follower(FollowerState { leader, fetch_in_flight: false, backoff_until: ctx.now });
    }

    // ---- follower side ------------------------------------------------------------------

    /// Sends the next fetch when none is outstanding (the fetcher thread loops continuously).
    fn maybe_fetch(&mut self, ctx: &mut Ctx) {
        let leo = self.log.log_end_offset();
        if let Role::Follower(f) = &mut self.role {
            if !f.fetch_in_flight && ctx.now >= f.backoff_until {
                f.fetch_in_flight = true;
                ctx.out.push((
                    f.leader as NodeId,
                    Msg::Fetch { partition: self.partition, replica: ctx.me, fetch_offset: leo, leader_epoch: self.leader_epoch },
                ));
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn on_fetch_response(
        &mut self,
        ctx: &mut Ctx,
        from: NodeId,
        fetch_offset: Offset,
        records: &[Record],
        high_watermark: Offset,
        (leader_log_start_offset, leader_log_end_offset): (Offset, Offset),
        leader_epoch: Epoch,
        error: Option<KafkaError>,
    ) {
        let Role::Follower(f) = &mut self.role else { return };
        // A response from an earlier leader or epoch is stale: the fetch loop has moved on.
        if f.leader as NodeId != from || leader_epoch != self.leader_epoch || !f.fetch_in_flight {
            return;
        }
        f.fetch_in_flight = false;
        match error {
            Some(KafkaError::OffsetOutOfRange) if self.log.log_end_offset() < leader_log_start_offset => {
                // Retention deleted what we would fetch next: start over at the leader's log start.
                self.log.truncate_fully_and_start_at(leader_log_start_offset);
                ctx.events.push(
                    ctx.now,
                    "truncate",
                    Some(self.partition),
                    Some(ctx.me),
                    format!("b{} restarted p{} at the leader's log start offset {leader_log_start_offset}: its LEO was below it", ctx.me, self.partition),
                );
            }
            Some(KafkaError::OffsetOutOfRange) => {
                // Our log is longer than the leader's: only possible after an unclean election or
                // a lost tail; pre-KIP-101 Kafka truncates to the leader's LEO (§4.4 item 1).
                let leo = self.log.log_end_offset();
                if leo > leader_log_end_offset {
                    self.log.truncate_to(leader_log_end_offset);
                    ctx.events.push(
                        ctx.now,
                        "truncate",
                        Some(self.partition),
                        Some(ctx.me),
                        format!(
                            "b{} truncated p{} to the leader's LEO {leader_log_end_offset}: fetch offset {leo} was out of range on b{from}",
                            ctx.me, self.partition
                        ),
                    );
                }
            }
            Some(_) => f.backoff_until = ctx.now + ctx.timing.fetch_backoff,
            None => {
                if fetch_offset != self.log.log_end_offset() {
                    return;
                }
                if !records.is_empty() {
                    self.log.append(records);
                    ctx.stats.replicated_records += records.len() as u64;
                    ctx.events.push(
                        ctx.now,
                        "replicate",
                        Some(self.partition),
                        Some(ctx.me),
                        format!(
                            "b{} fetched {} from leader b{from} (LEO {})",
                            ctx.me,
                            offsets_text(fetch_offset, self.log.log_end_offset()),
                            self.log.log_end_offset()
                        ),
                    );
                }
                // §1.5: follower HW = min(leader HW in the response, own LEO); not monotonic.
                let old = self.log.high_watermark();
                self.log.set_high_watermark(high_watermark);
                let new = self.log.high_watermark();
                if new != old {
                    ctx.events.push(
                        ctx.now,
                        "hw",
                        Some(self.partition),
                        Some(ctx.me),
                        format!("b{} follower HW {old}→{new}: min(leader HW {high_watermark}, own LEO {})", ctx.me, self.log.log_end_offset()),
                    );
                }
            }
        }
    }

    // ---- leader side --------------------------------------------------------------------

    fn fetch_error(&self, fetch_offset: Offset, error: KafkaError) -> Msg {
        Msg::FetchResponse {
            partition: self.partition,
            fetch_offset,
            records: Vec::new(),
            high_watermark: 0,
            leader_log_start_offset: self.log.log_start_offset(),
            leader_log_end_offset: self.log.log_end_offset(),
            leader_epoch: self.leader_epoch,
            error: Some(error),
        }
    }

    fn produce_error(&self, request: u32, error: KafkaError) -> Msg {
        Msg::ProduceResponse { request, partition: self.partition, base_offset: None, error: Some(error) }
    }

    fn fetch_data(&self, fetch_offset: Offset, high_watermark: Offset) -> Msg {
        let leo = self.log.log_end_offset();
        Msg::FetchResponse {
            partition: self.partition,
            fetch_offset,
            records: self.log.copy_range(fetch_offset, leo.min(fetch_offset + REPLICA_FETCH_MAX_RECORDS)),
            high_watermark,
            leader_log_start_offset: self.log.log_start_offset(),
            leader_log_end_offset: leo,
            leader_epoch: self.leader_epoch,
            error: None,
        }
    }

    /// The leader's handling of a follower fetch (§1.2).
    pub fn on_fetch(&mut self, ctx: &mut Ctx, replica: BrokerId, fetch_offset: Offset, leader_epoch: Epoch) {
        let to = replica as NodeId;
        // Step 1: epoch fencing (KIP-320) and leadership.
        let error = if !self.is_leader() || !self.replicas.contains(&replica) {
            Some(KafkaError::NotLeaderOrFollower)
        } else if leader_epoch < self.leader_epoch {
            Some(KafkaError::FencedLeaderEpoch)
        } else if leader_epoch > self.leader_epoch {
            Some(KafkaError::UnknownLeaderEpoch)
        } else if fetch_offset > self.log.log_end_offset() || fetch_offset < self.log.log_start_offset() {
            Some(KafkaError::OffsetOutOfRange)
        } else {
            None
        };
        if let Some(e) = error {
            ctx.out.push((to, self.fetch_error(fetch_offset, e)));
            return;
        }
        // Step 2: snapshot before the read; the response carries the pre-update HW (§1.2 step 8).
        let hw0 = self.log.high_watermark();
        let leo0 = self.log.log_end_offset();
        let Role::Leader(ls) = &mut self.role else { unreachable!("checked above") };
        let f = ls.followers.get_mut(&replica).expect("every AR member has a follower view");
        // Step 5: the KAFKA-4485 lastCaughtUpTime rule (0.10.2+).
        if fetch_offset >= leo0 {
            f.last_caught_up = f.last_caught_up.max(Some(ctx.now));
        } else if fetch_offset >= f.last_fetch_leader_leo {
            f.last_caught_up = f.last_caught_up.max(Some(f.last_fetch));
        }
        let leo_changed = f.log_end_offset != Some(fetch_offset);
        f.log_end_offset = Some(fetch_offset);
        f.last_fetch_leader_leo = f.last_fetch_leader_leo.max(leo0);
        f.last_fetch = ctx.now;
        // Steps 6–7.
        self.maybe_expand_isr(ctx, replica);
        if leo_changed {
            self.maybe_increment_leader_hw(ctx);
        }
        // Step 8: answer now if there is data, else park until data arrives or the wait expires.
        if fetch_offset < leo0 || ctx.timing.fetch_wait == 0 {
            ctx.out.push((to, self.fetch_data(fetch_offset, hw0)));
        } else if let Role::Leader(ls) = &mut self.role {
            ls.parked.push(ParkedFetch { replica, fetch_offset, deadline: ctx.now + ctx.timing.fetch_wait });
        }
    }

    /// Answers parked fetches that now have data, or whose wait expired (`expired_only`), with the
    /// current HW (a parked fetch re-reads on completion; it does not update follower state again).
    fn complete_parked_fetches(&mut self, ctx: &mut Ctx, expired_only: bool) {
        let Role::Leader(ls) = &mut self.role else { return };
        if ls.parked.is_empty() {
            return;
        }
        let leo = self.log.log_end_offset();
        let parked = std::mem::take(&mut ls.parked);
        let (done, waiting): (Vec<_>, Vec<_>) =
            parked.into_iter().partition(|p| ctx.now >= p.deadline || (!expired_only && leo > p.fetch_offset));
        if let Role::Leader(ls) = &mut self.role {
            ls.parked = waiting;
        }
        let hw = self.log.high_watermark();
        for p in done {
            ctx.out.push((p.replica as NodeId, self.fetch_data(p.fetch_offset, hw)));
        }
    }

    /// The HW rule of 0.10.2–2.6 (§1.4): HW = min LEO over the leader and every follower that is
    /// in the ISR or caught up within `replica.lag.time.max.ms`; it only rises. Triggered by a
    /// follower LEO change, a leader append, an ISR change and becoming leader (§1.3).
    /// Returns true if the HW rose (and then completes waiting acks=all produces).
    pub fn maybe_increment_leader_hw(&mut self, ctx: &mut Ctx) -> bool {
        let Role::Leader(ls) = &self.role else { return false };
        let leo = self.log.log_end_offset();
        let counted: Vec<(BrokerId, Option<Offset>)> = std::iter::once((ctx.me, Some(leo)))
            .chain(
                ls.followers
                    .iter()
                    .filter(|(r, f)| self.isr.contains(r) || f.caught_up_within(ctx.now, ctx.timing.lag))
                    .map(|(r, f)| (*r, f.log_end_offset)),
            )
            .collect();
        // An unknown LEO (-1 in Kafka) holds the HW where it is.
        let candidate = counted.iter().try_fold(leo, |c, (_, l)| l.map(|l| c.min(l)));
        let old = self.log.high_watermark();
        let Some(new) = candidate.filter(|&c| c > old) else { return false };
        self.log.set_high_watermark(new);
        let ids: Vec<BrokerId> = counted.iter().map(|(r, _)| *r).collect();
        let leos: Vec<String> = counted.iter().map(|(_, l)| l.map_or("?".to_string(), |l| l.to_string())).collect();
        ctx.events.push(ctx.now, "hw", Some(self.partition), Some(ctx.me), format!("HW {old}→{new}: ISR {} LEOs {}", set_text(&ids), leos.join(",")));
        self.complete_delayed_produce(ctx);
        true
    }

    /// `DelayedProduce.tryComplete` (§3.1 step 5), also run by the tick for expiry.
    fn complete_delayed_produce(&mut self, ctx: &mut Ctx) {
        let Role::Leader(ls) = &mut self.role else { return };
        if ls.delayed.is_empty() {
            return;
        }
        let hw = self.log.high_watermark();
        let enough = self.isr.len() as u32 >= ctx.cfg.min_insync_replicas;
        let mut waiting = Vec::new();
        for d in std::mem::take(&mut ls.delayed) {
            let reply = if hw >= d.required_offset {
                if enough {
                    Msg::ProduceResponse { request: d.request, partition: self.partition, base_offset: Some(d.base_offset), error: None }
                } else {
                    self.produce_error(d.request, KafkaError::NotEnoughReplicasAfterAppend)
                }
            } else if ctx.now >= d.deadline {
                self.produce_error(d.request, KafkaError::RequestTimedOut)
            } else {
                waiting.push(d);
                continue;
            };
            ctx.out.push((PRODUCER, reply));
        }
        if let Role::Leader(ls) = &mut self.role {
            ls.delayed = waiting;
        }
    }

    /// The produce path on the leader (§3.1).
    pub fn on_produce(&mut self, ctx: &mut Ctx, request: u32, first_value: u32, count: u32, acks: Acks) {
        if !self.is_leader() {
            ctx.out.push((PRODUCER, self.produce_error(request, KafkaError::NotLeaderOrFollower)));
            return;
        }
        if acks == Acks::All && (self.isr.len() as u32) < ctx.cfg.min_insync_replicas {
            ctx.events.push(
                ctx.now,
                "produce-rejected",
                Some(self.partition),
                Some(ctx.me),
                format!(
                    "request #{request} rejected with NOT_ENOUGH_REPLICAS: ISR {} has {} < min.insync.replicas {}; nothing appended",
                    set_text(&self.isr),
                    self.isr.len(),
                    ctx.cfg.min_insync_replicas
                ),
            );
            ctx.out.push((PRODUCER, self.produce_error(request, KafkaError::NotEnoughReplicas)));
            return;
        }
        let base = self.log.log_end_offset();
        let epoch = self.leader_epoch;
        let records: Vec<Record> = (0..count).map(|i| Record { leader_epoch: epoch, value: first_value + i }).collect();
        self.log.append(&records);
        let required = self.log.log_end_offset();
        ctx.events.push(
            ctx.now,
            "append",
            Some(self.partition),
            Some(ctx.me),
            format!("leader b{} appended request #{request} at {} (leader_epoch {epoch}, acks={})", ctx.me, offsets_text(base, required), acks.label()),
        );
        self.complete_parked_fetches(ctx, false);
        match acks {
            Acks::Zero => {}
            Acks::One => ctx.out.push((PRODUCER, Msg::ProduceResponse { request, partition: self.partition, base_offset: Some(base), error: None })),
            Acks::All => {
                if let Role::Leader(ls) = &mut self.role {
                    ls.delayed.push(DelayedProduce { request, base_offset: base, required_offset: required, deadline: ctx.now + ctx.timing.request_timeout });
                }
            }
        }
        // With ISR = {leader} the append alone moves the HW (§1.3), which also answers acks=all.
        self.maybe_increment_leader_hw(ctx);
    }

    /// Writes a leader-initiated ISR change to ZooKeeper, conditional on the cached zkVersion
    /// (≤ 2.6, §2.3). Leader-initiated changes keep the leader epoch.
    fn write_isr(&mut self, ctx: &mut Ctx, isr: Vec<BrokerId>) -> bool {
        let next = PartitionState { leader: ctx.me as i32, leader_epoch: self.leader_epoch, isr: isr.clone(), controller_epoch: self.controller_epoch, version: 0 };
        match ctx.zk.conditional_update(self.partition, self.zk_version, next) {
            Some(v) => {
                self.zk_version = v;
                self.isr = isr;
                true
            }
            None => {
                ctx.events.push(
                    ctx.now,
                    "isr-write-skipped",
                    Some(self.partition),
                    Some(ctx.me),
                    format!("b{} skipped its ISR update: cached zkVersion {} not equal to that in ZooKeeper", ctx.me, self.zk_version),
                );
                false
            }
        }
    }

    /// ISR expansion on a follower fetch (§2.2): a follower outside the ISR joins once its LEO
    /// reaches the leader's HW and the start of the leader's epoch (KAFKA-7128).
    fn maybe_expand_isr(&mut self, ctx: &mut Ctx, replica: BrokerId) {
        let Role::Leader(ls) = &self.role else { return };
        if self.isr.contains(&replica) || !self.replicas.contains(&replica) {
            return;
        }
        let Some(leo) = ls.followers.get(&replica).and_then(|f| f.log_end_offset) else { return };
        let hw = self.log.high_watermark();
        if leo < hw || leo < ls.leader_epoch_start_offset {
            return;
        }
        let mut isr = self.isr.clone();
        isr.push(replica);
        isr.sort_unstable();
        if self.write_isr(ctx, isr) {
            ctx.events.push(
                ctx.now,
                "isr-expand",
                Some(self.partition),
                Some(replica),
                format!("b{replica} joined the ISR of p{}: its LEO {leo} reached the HW {hw}; ISR now {}", self.partition, set_text(&self.isr)),
            );
            self.maybe_increment_leader_hw(ctx);
        }
    }

    /// The `isr-expiration` task (§2.1, 2.2+ rule): a follower is out of sync if its LEO differs
    /// from the leader's and it has not caught up for longer than `replica.lag.time.max.ms`.
    pub fn maybe_shrink_isr(&mut self, ctx: &mut Ctx) {
        let Role::Leader(ls) = &self.role else { return };
        let leo = self.log.log_end_offset();
        let out: Vec<(BrokerId, u64)> = ls
            .followers
            .iter()
            .filter(|(r, f)| {
                self.isr.contains(r) && f.log_end_offset != Some(leo) && !f.caught_up_within(ctx.now, ctx.timing.lag)
            })
            .map(|(r, f)| (*r, f.last_caught_up.map_or(ctx.now, |t| ctx.now - t)))
            .collect();
        if out.is_empty() {
            return;
        }
        let isr: Vec<BrokerId> = self.isr.iter().copied().filter(|r| !out.iter().any(|(o, _)| o == r)).collect();
        if self.write_isr(ctx, isr) {
            for (r, ticks) in out {
                ctx.events.push(
                    ctx.now,
                    "isr-shrink",
                    Some(self.partition),
                    Some(r),
                    format!(
                        "b{r} left the ISR of p{}: not caught up for {} ms > replica.lag.time.max.ms {}; ISR now {}",
                        self.partition,
                        ticks * crate::config::TICK_MS,
                        ctx.cfg.replica_lag_time_max_ms,
                        set_text(&self.isr)
                    ),
                );
            }
            // Pre-2.7 the leader applies the shrink itself; a smaller ISR can unblock the HW.
            self.maybe_increment_leader_hw(ctx);
        }
    }

    /// Timers of one tick: the follower's fetch loop; the leader's parked fetches and delayed
    /// produces expiring.
    pub fn tick(&mut self, ctx: &mut Ctx) {
        match self.role {
            Role::Follower(_) => self.maybe_fetch(ctx),
            Role::Leader(_) => {
                self.complete_parked_fetches(ctx, true);
                self.complete_delayed_produce(ctx);
            }
            Role::None => {}
        }
    }
}
