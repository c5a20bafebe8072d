//! The leader's side of replication (`Partition.scala`, `DelayedProduce`, `DelayedFetch`): follower
//! fetches and the state they update, the HW, ISR shrink and expand, and the produce path.

use crate::collections::sort_small;
use crate::config::{Config, IsrUpdate, ReplicaSelector, Strategy};
use crate::events::{params, set_text, Reason};
use crate::log::{Epoch, Offset, Record};
use crate::message::{
    Acks, BrokerId, BrokerState, EpochEndOffset, Fetch, FetchResponse, KafkaError, Msg, NodeId, ProduceRequest, Tick, CONSUMER, PRODUCER,
    UNKNOWN_BROKER_EPOCH,
};
use crate::partition::{
    event, offsets_params, offsets_text, Ctx, DelayedProduce, ParkedFetch, PendingIsr, Replica, Role, Timing, NUM_BATCHES_TO_RETAIN,
    REPLICA_FETCH_MAX_RECORDS,
};
use crate::rules::Rules;
use crate::zk::{PartitionState, ZooKeeper};
use std::collections::VecDeque;
use std::hash::{Hash, Hasher};

/// What the HW rule needs to know of one follower, as the leader sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HwFacts {
    pub id: BrokerId,
    /// In the maximal ISR (the ISR itself before 2.7).
    pub in_isr: bool,
    /// Caught up within `replica.lag.time.max.ms`.
    pub caught_up: bool,
    /// ISR-eligible ([`isr_eligible`]): its broker is alive in the leader's metadata and, from
    /// KIP-903, its last fetch carried the broker epoch the metadata knows.
    pub eligible: bool,
    /// Its LEO as the leader knows it (None: unknown, Kafka's -1).
    pub leo: Option<Offset>,
}

/// The HW candidate of §1.4: the minimum LEO over the leader and the followers that count — by
/// version: 0.8, the ISR; 0.10.2+, also followers caught up within the lag time; 3.6+, those only
/// if ISR-eligible. A counted follower whose LEO is unknown holds the HW (None). Returns the candidate and
/// the followers counted.
pub fn hw_candidate<'f>(rules: &Rules, leader_leo: Offset, followers: &'f [HwFacts]) -> (Option<Offset>, Vec<&'f HwFacts>) {
    let counted: Vec<&HwFacts> = followers
        .iter()
        .filter(|f| f.in_isr || (rules.hw_waits_for_caught_up && f.caught_up && (f.eligible || !rules.hw_caught_up_if_eligible)))
        .collect();
    let candidate = counted.iter().try_fold(leader_leo, |c, f| f.leo.map(|l| c.min(l)));
    (candidate, counted)
}

/// `Partition.isReplicaIsrEligible` for replica `r` whose last fetch carried `fetched_epoch`
/// (None: no fetch from it yet in this leadership): its broker is alive in the leader's metadata
/// (ZooKeeper: registered; KRaft: neither fenced nor in controlled shutdown), and with the
/// `fetch_broker_epoch` rule (KIP-903) `isBrokerEpochIsrEligible`: the fetch's epoch is the one the
/// metadata knows, or -1 (a fetch without one skips the check).
pub fn isr_eligible(rules: &Rules, zk: &ZooKeeper, r: BrokerId, fetched_epoch: Option<i64>) -> bool {
    match zk.alive_broker_epoch(r) {
        None => false,
        Some(_) if !rules.fetch_broker_epoch => true,
        Some(known) => fetched_epoch.is_some_and(|e| e == UNKNOWN_BROKER_EPOCH || e == known),
    }
}

/// The acks=all produces waiting for the HW (Kafka's produce purgatory), in the order they came.
/// One is done once the HW reaches its required offset or its deadline passes. Deadlines are
/// `now + request timeout`, so they never decrease; required offsets do not either, but for an
/// idempotent duplicate (answered with its original, lower offsets). While they do not, the done
/// ones are a prefix and completing them costs what completes, not what waits.
#[derive(Clone, Debug, Default)]
pub struct Purgatory {
    waiting: VecDeque<DelayedProduce>,
    /// The required offsets are in order (a cache of `waiting`, not part of the state).
    in_order: bool,
}

impl Purgatory {
    pub fn push_back(&mut self, d: DelayedProduce) {
        self.in_order =
            self.waiting.back().is_none_or(|last| last.required_offset <= d.required_offset) && (self.in_order || self.waiting.is_empty());
        self.waiting.push_back(d);
    }

    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }

    pub fn clear(&mut self) {
        self.waiting.clear();
    }

    /// Removes and returns the ones done at `hw` and `now`, in the order they came.
    pub fn take_done(&mut self, hw: Offset, now: Tick) -> Vec<DelayedProduce> {
        let done = |d: &DelayedProduce| hw >= d.required_offset || now >= d.deadline;
        if self.in_order {
            let n = self.waiting.iter().position(|d| !done(d)).unwrap_or(self.waiting.len());
            return self.waiting.drain(..n).collect();
        }
        let (done, waiting): (VecDeque<_>, VecDeque<_>) = std::mem::take(&mut self.waiting).into_iter().partition(done);
        self.in_order = waiting.iter().zip(waiting.iter().skip(1)).all(|(a, b)| a.required_offset <= b.required_offset);
        self.waiting = waiting;
        done.into()
    }
}

impl IntoIterator for Purgatory {
    type Item = DelayedProduce;
    type IntoIter = std::collections::vec_deque::IntoIter<DelayedProduce>;

    fn into_iter(self) -> Self::IntoIter {
        self.waiting.into_iter()
    }
}

/// Equal and hashed as the list of waiting produces it holds.
impl PartialEq for Purgatory {
    fn eq(&self, other: &Self) -> bool {
        self.waiting == other.waiting
    }
}

impl Eq for Purgatory {}

impl Hash for Purgatory {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.waiting.hash(state);
    }
}

/// Why the `isr-expiration` task finds a follower out of sync (§2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutOfSync {
    /// 0.8's `replica.lag.max.messages`: too many messages behind.
    TooManyMessages { behind: Offset, max: u64 },
    /// 0.8: no fetch for `replica.lag.time.max.ms` ms.
    NoFetch { ms: u64 },
    /// 0.9+: not caught up to the leader's LEO for `replica.lag.time.max.ms` (None: never with this leader).
    NotCaughtUp { ms: Option<u64> },
}

impl OutOfSync {
    /// Its name in the snapshot (`outOfIsr` of docs/api.md).
    pub fn kind(self) -> &'static str {
        match self {
            OutOfSync::TooManyMessages { .. } => "lag-messages",
            OutOfSync::NoFetch { .. } => "no-fetch",
            OutOfSync::NotCaughtUp { .. } => "lag-time",
        }
    }

    /// The reason, as the ISR-shrink event gives it.
    pub fn reason(self, cfg: &Config) -> Reason {
        let lag = cfg.replica_lag_time_max_ms;
        match self {
            OutOfSync::TooManyMessages { behind, max } => Reason::new(
                params!("why.lag-messages", behind = behind, max = max),
                format!("{behind} messages behind > replica.lag.max.messages {max}"),
            ),
            OutOfSync::NoFetch { ms } => {
                Reason::new(params!("why.no-fetch", ms = ms, lag = lag), format!("no fetch for {ms} ms > replica.lag.time.max.ms {lag}"))
            }
            OutOfSync::NotCaughtUp { ms: Some(ms) } => Reason::new(
                params!("why.lag-time", ms = ms, lag = lag),
                format!("not caught up for {ms} ms > replica.lag.time.max.ms {lag}"),
            ),
            OutOfSync::NotCaughtUp { ms: None } => Reason::new(
                params!("why.never-caught-up", lag = lag),
                format!("never caught up with this leader; replica.lag.time.max.ms {lag}"),
            ),
        }
    }
}

/// `min.insync.replicas` as the produce path applies it: since 3.7 capped at the RF
/// (KAFKA-15583); before, a value above the RF rejects every acks=all write.
pub fn effective_min_isr(cfg: &Config, replication_factor: usize) -> usize {
    let min = cfg.min_insync_replicas as usize;
    if cfg.rules().min_isr_capped_at_rf {
        min.min(replication_factor)
    } else {
        min
    }
}

impl Replica {
    /// The ISR that the HW and acks=all count: the committed ISR plus a replica being added by an
    /// AlterPartition in flight (a pending shrink still counts the old ISR) — §2.1, §2.2.
    pub fn maximal_isr(&self) -> Vec<BrokerId> {
        let mut isr = self.isr.clone();
        if let Role::Leader(ls) = &self.role {
            for r in ls.pending_isr.iter().flat_map(|p| &p.isr) {
                if !isr.contains(r) {
                    isr.push(*r);
                }
            }
        }
        sort_small(&mut isr);
        isr
    }

    /// `min.insync.replicas` as the produce path applies it (see [`effective_min_isr`]).
    fn effective_min_isr(&self, cfg: &Config) -> usize {
        effective_min_isr(cfg, self.replicas.len())
    }

    /// The produce path's NOT_ENOUGH_REPLICAS rule (§3.1): an acks=all write is refused while the
    /// ISR is smaller than the effective min ISR (not under the quorum strategy).
    pub fn rejects_acks_all(&self, cfg: &Config) -> bool {
        cfg.strategy == Strategy::Isr && self.isr.len() < self.effective_min_isr(cfg)
    }

    fn fetch_data(&self, fetch_offset: Offset, high_watermark: Offset) -> Msg {
        let leo = self.log.log_end_offset();
        Msg::FetchResponse(FetchResponse {
            partition: self.partition,
            fetch_offset,
            records: self.log.copy_range(fetch_offset, leo.min(fetch_offset + REPLICA_FETCH_MAX_RECORDS)),
            high_watermark,
            log_start_offset: self.log.log_start_offset(),
            log_end_offset: leo,
            leader_epoch: self.leader_epoch,
            diverging_epoch: None,
            error: None,
        })
    }

    /// Leadership and, from 2.1 (KIP-320), the requester's epoch must match ours (§1.2 step 1).
    fn check_leader(&self, ctx: &Ctx, replica: BrokerId, epoch: Epoch) -> Option<KafkaError> {
        if !self.is_leader() || !self.replicas.contains(&replica) {
            Some(KafkaError::NotLeaderOrFollower)
        } else if !ctx.cfg.rules().epoch_fencing {
            None
        } else if epoch < self.leader_epoch {
            Some(KafkaError::FencedLeaderEpoch)
        } else if epoch > self.leader_epoch {
            Some(KafkaError::UnknownLeaderEpoch)
        } else {
            None
        }
    }

    /// The leader's handling of a follower fetch (§1.2).
    pub fn on_fetch(&mut self, ctx: &mut Ctx, req: &Fetch) {
        let to = req.replica as NodeId;
        let fetch_offset = req.fetch_offset;
        let error = self
            .check_leader(ctx, req.replica, req.current_leader_epoch)
            .or_else(|| self.log.out_of_range(fetch_offset).then_some(KafkaError::OffsetOutOfRange));
        if let Some(e) = error {
            let mut reply = self.fetch_error_for(fetch_offset, e);
            if let Msg::FetchResponse(r) = &mut reply {
                r.leader_epoch = req.current_leader_epoch;
            }
            ctx.out.push((to, reply));
            return;
        }
        // Step 3: a diverging log is answered at once, without touching the follower's state.
        if let Some(last) = req.last_fetched_epoch {
            let d = self.end_offset_for(last, ctx.cfg.truncation);
            if d.epoch < last || d.end_offset < fetch_offset as i64 {
                let mut reply = self.fetch_data(fetch_offset, self.log.high_watermark());
                if let Msg::FetchResponse(r) = &mut reply {
                    r.records.clear();
                    r.diverging_epoch = Some(d);
                }
                ctx.out.push((to, reply));
                return;
            }
        }
        // KIP-903: `Replica.updateFetchStateOrThrow` fences a fetch whose broker epoch is older
        // than the one the leader's metadata knows for the broker (a request of its previous
        // process, e.g. one that waited in a paused leader's buffers): NOT_LEADER_OR_FOLLOWER,
        // the follower's state untouched.
        let checked = ctx.cfg.rules().fetch_broker_epoch && req.replica_epoch != UNKNOWN_BROKER_EPOCH;
        if let Some(known) = ctx.zk.alive_broker_epoch(req.replica).filter(|&k| checked && k > req.replica_epoch) {
            let (me, p, epoch) = (ctx.me, self.partition, req.replica_epoch);
            event!(
                self,
                ctx,
                "stale-broker-epoch",
                req.replica,
                params!("stale-broker-epoch.fetch", b = me, p = p, from = req.replica, epoch = epoch, current = known),
                format!(
                    "b{me} refused b{}'s Fetch for p{p} with NOT_LEADER_OR_FOLLOWER: broker epoch {epoch} < {known}, the epoch the metadata knows (a fetch from its previous process, KIP-903)",
                    req.replica
                )
            );
            let mut reply = self.fetch_error_for(fetch_offset, KafkaError::NotLeaderOrFollower);
            if let Msg::FetchResponse(r) = &mut reply {
                r.leader_epoch = req.current_leader_epoch;
            }
            ctx.out.push((to, reply));
            return;
        }
        // Step 2: snapshot before the read; the response carries the pre-update HW (step 8).
        let hw0 = self.log.high_watermark();
        let leo0 = self.log.log_end_offset();
        let Role::Leader(ls) = &mut self.role else { unreachable!("check_leader passed") };
        let f = ls.followers.get_mut(&req.replica).expect("every AR member has a follower view");
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
        f.broker_epoch = Some(req.replica_epoch);
        // Steps 6–7.
        self.maybe_expand_isr(ctx, req.replica);
        if leo_changed {
            self.maybe_increment_leader_hw(ctx);
        }
        // Step 8: answer now if there is data, else park until data arrives or the wait expires.
        if fetch_offset < leo0 || ctx.timing.fetch_wait == 0 {
            ctx.out.push((to, self.fetch_data(fetch_offset, hw0)));
        } else if let Role::Leader(ls) = &mut self.role {
            ls.parked.push(ParkedFetch { replica: Some(req.replica), fetch_offset, deadline: ctx.now + ctx.timing.fetch_wait });
        }
    }

    /// KIP-101/279: where does epoch `requested` end on the leader's log?
    pub fn on_offsets_for_leader_epoch(&mut self, ctx: &mut Ctx, replica: BrokerId, requested: Epoch, current_leader_epoch: Epoch) {
        let error = self.check_leader(ctx, replica, current_leader_epoch);
        let answer = if error.is_some() { EpochEndOffset::UNDEFINED } else { self.end_offset_for(requested, ctx.cfg.truncation) };
        ctx.out.push((
            replica as NodeId,
            Msg::OffsetsForLeaderEpochResponse { partition: self.partition, answer, current_leader_epoch, error },
        ));
    }

    /// Answers parked fetches that now have data — a follower's: records above its offset; the
    /// consumer's: records below the HW — or whose wait expired (`expired_only`: only those), with
    /// the current HW (a parked fetch re-reads on completion; it does not update follower state).
    pub(crate) fn complete_parked_fetches(&mut self, ctx: &mut Ctx, expired_only: bool) {
        let Role::Leader(ls) = &mut self.role else { return };
        if ls.parked.is_empty() {
            return;
        }
        let leo = self.log.log_end_offset();
        let hw = self.log.high_watermark();
        let due = |p: &ParkedFetch| {
            let has_data = if p.replica.is_some() { leo > p.fetch_offset } else { hw > p.fetch_offset };
            ctx.now >= p.deadline || (!expired_only && has_data)
        };
        // Most ticks none is due: no lists are made then (every leader runs this every tick).
        if !ls.parked.iter().any(due) {
            return;
        }
        // Kept in place (its capacity too: no list regrown on the next parks).
        let mut done = Vec::new();
        ls.parked.retain(|p| {
            if due(p) {
                done.push(p.clone());
            }
            !due(p)
        });
        for p in done {
            match p.replica {
                Some(r) => ctx.out.push((r as NodeId, self.fetch_data(p.fetch_offset, hw))),
                None => ctx.out.push((CONSUMER, self.consumer_answer(ctx, p.fetch_offset))),
            }
        }
    }

    /// Records a consumer may read: from its offset up to the HW, never above (§1.5; the source
    /// notes: "consumers read only up to the HW"; followers are not bound by it).
    fn consumer_data(&self, fetch_offset: Offset) -> Msg {
        let hw = self.log.high_watermark();
        Msg::ConsumerFetchResponse {
            partition: self.partition,
            fetch_offset,
            records: self.log.copy_range(fetch_offset, hw.min(fetch_offset + REPLICA_FETCH_MAX_RECORDS)),
            high_watermark: hw,
            error: None,
        }
    }

    /// The records below the HW, or (KIP-392) the replica to read from instead: a parked fetch
    /// re-reads on completion, the preferred read replica included (`DelayedFetch.onComplete`).
    fn consumer_answer(&self, ctx: &Ctx, fetch_offset: Offset) -> Msg {
        match self.preferred_read_replica(ctx, fetch_offset) {
            Some(b) => self.consumer_redirect(fetch_offset, b),
            None => self.consumer_data(fetch_offset),
        }
    }

    /// A consumer's fetch: a follower serves it since 2.4 (KIP-392) when fetch from follower is
    /// in use (a replica selector set); the leader may name a preferred read replica instead
    /// (`readFromLocalLog` asks before reading, so before the range check); else out of range
    /// above the LEO or below the log start; else the records below the HW, or parked until the
    /// HW passes its offset. (Kafka's followers serve any consumer that sends client metadata,
    /// Fetch v11+; without a selector the model's consumer reaches a follower only when its
    /// LeaderAndIsr is still on the way, and gets NOT_LEADER_OR_FOLLOWER as before KIP-392, so
    /// histories without fetch from follower stay as they were.)
    pub fn on_consumer_fetch(&mut self, ctx: &mut Ctx, fetch_offset: Offset) {
        let from_follower = ctx.cfg.rules().fetch_from_follower && ctx.cfg.rack.replica_selector_class != ReplicaSelector::None;
        if matches!(self.role, Role::Follower(_)) && from_follower {
            return self.on_consumer_fetch_as_follower(ctx, fetch_offset);
        }
        if let Some(b) = self.preferred_read_replica(ctx, fetch_offset) {
            return ctx.out.push((CONSUMER, self.consumer_redirect(fetch_offset, b)));
        }
        let error = if !self.is_leader() {
            Some(KafkaError::NotLeaderOrFollower)
        } else if self.log.out_of_range(fetch_offset) {
            Some(KafkaError::OffsetOutOfRange)
        } else {
            None
        };
        if let Some(e) = error {
            let parked = ParkedFetch { replica: None, fetch_offset, deadline: ctx.now };
            ctx.out.push(self.parked_error(&parked, e));
            return;
        }
        if fetch_offset < self.log.high_watermark() || ctx.timing.fetch_wait == 0 {
            ctx.out.push((CONSUMER, self.consumer_data(fetch_offset)));
        } else if let Role::Leader(ls) = &mut self.role {
            ls.parked.push(ParkedFetch { replica: None, fetch_offset, deadline: ctx.now + ctx.timing.fetch_wait });
        }
    }

    /// 3.7's strict gate (KAFKA-15583): the HW does not advance while the ISR is smaller than
    /// min(min.insync.replicas, RF).
    pub fn hw_frozen_by_min_isr(&self, cfg: &Config) -> bool {
        cfg.strict_min_isr && self.isr.len() < (cfg.min_insync_replicas as usize).min(self.replicas.len())
    }

    /// What the HW rule knows of each follower now (empty when not leading).
    pub fn hw_facts(&self, now: Tick, timing: &Timing, rules: &Rules, zk: &ZooKeeper) -> Vec<HwFacts> {
        let Role::Leader(ls) = &self.role else { return Vec::new() };
        let maximal = self.maximal_isr();
        ls.followers
            .iter()
            .map(|(r, f)| HwFacts {
                id: *r,
                in_isr: maximal.contains(r),
                caught_up: f.caught_up_within(now, timing.lag),
                eligible: isr_eligible(rules, zk, *r, f.broker_epoch),
                leo: f.log_end_offset,
            })
            .collect()
    }

    /// The quorum strategy's HW: the LEO a majority of the assigned replicas has reached (an
    /// unknown follower LEO counts as 0). Returns it, the majority and the LEOs, highest first.
    pub fn quorum_hw(&self) -> (Offset, usize, Vec<Offset>) {
        let Role::Leader(ls) = &self.role else { return (self.log.high_watermark(), self.replicas.len() / 2 + 1, Vec::new()) };
        let mut leos: Vec<Offset> =
            std::iter::once(self.log.log_end_offset()).chain(ls.followers.values().map(|f| f.log_end_offset.unwrap_or(0))).collect();
        sort_small(&mut leos);
        leos.reverse();
        let majority = self.replicas.len() / 2 + 1;
        (leos[majority - 1], majority, leos)
    }

    /// `maybeIncrementLeaderHW` (§1.4): HW = min LEO over the leader and every follower that
    /// counts, and it only rises. Who counts, by version: 0.8, the ISR; 0.10.2+, also followers
    /// caught up within `replica.lag.time.max.ms`; 2.7+, the maximal ISR; 3.6+, caught-up
    /// followers only if ISR-eligible. 3.7 freezes it while the ISR is under min(minISR, RF).
    /// Triggered by a follower LEO change, a leader append, an ISR change and becoming leader.
    /// Returns true if the HW rose (and then completes waiting acks=all produces).
    pub fn maybe_increment_leader_hw(&mut self, ctx: &mut Ctx) -> bool {
        if !self.is_leader() {
            return false;
        }
        if ctx.cfg.strategy == Strategy::Quorum {
            return self.maybe_increment_quorum_hw(ctx);
        }
        if self.hw_frozen_by_min_isr(ctx.cfg) {
            return false;
        }
        let leo = self.log.log_end_offset();
        let facts = self.hw_facts(ctx.now, ctx.timing, ctx.cfg.rules(), ctx.zk);
        let (candidate, counted) = hw_candidate(ctx.cfg.rules(), leo, &facts);
        let old = self.log.high_watermark();
        let Some(new) = candidate.filter(|&c| c > old) else { return false };
        self.log.set_high_watermark(new);
        let ids: Vec<BrokerId> = std::iter::once(ctx.me).chain(counted.iter().map(|f| f.id)).collect();
        let leos: Vec<String> =
            std::iter::once(leo.to_string()).chain(counted.iter().map(|f| f.leo.map_or("?".to_string(), |l| l.to_string()))).collect();
        event!(
            self,
            ctx,
            "hw",
            ctx.me,
            params!("hw.leader", old = old, new = new, isr = &ids, leos = leos.join(",")),
            format!("HW {old}→{new}: ISR {} LEOs {}", set_text(&ids), leos.join(","))
        );
        self.complete_delayed_produce(ctx);
        self.complete_parked_fetches(ctx, false);
        true
    }

    /// The majority-quorum alternative of the first source note (and §7), not Kafka: a record is
    /// committed once a majority of the assigned replicas have it, whoever is in the ISR — the HW
    /// is the LEO that a majority has reached.
    fn maybe_increment_quorum_hw(&mut self, ctx: &mut Ctx) -> bool {
        let (new, majority, leos) = self.quorum_hw();
        let old = self.log.high_watermark();
        if new <= old {
            return false;
        }
        self.log.set_high_watermark(new);
        event!(
            self,
            ctx,
            "hw",
            ctx.me,
            params!("hw.quorum", old = old, new = new, majority = majority, replicas = self.replicas.len(), leos = format!("{leos:?}")),
            format!(
                "HW {old}→{new}: {majority} of {} replicas (a majority) have reached it; LEOs {leos:?} (quorum strategy)",
                self.replicas.len()
            )
        );
        self.complete_delayed_produce(ctx);
        self.complete_parked_fetches(ctx, false);
        true
    }

    /// `DelayedProduce.tryComplete` (§3.1 step 5), also run by the tick for expiry.
    pub(crate) fn complete_delayed_produce(&mut self, ctx: &mut Ctx) {
        let enough = ctx.cfg.strategy == Strategy::Quorum || self.maximal_isr().len() >= self.effective_min_isr(ctx.cfg);
        let hw = self.log.high_watermark();
        let Role::Leader(ls) = &mut self.role else { return };
        if ls.delayed.is_empty() {
            return;
        }
        for d in ls.delayed.take_done(hw, ctx.now) {
            let (base_offset, error) = if hw < d.required_offset {
                (None, Some(KafkaError::RequestTimedOut))
            } else if enough {
                (Some(d.base_offset), None)
            } else {
                (None, Some(KafkaError::NotEnoughReplicasAfterAppend))
            };
            ctx.out.push((
                PRODUCER,
                Msg::ProduceResponse { request: d.request, attempt: d.attempt, partition: self.partition, base_offset, error },
            ));
        }
    }

    /// The produce path on the leader (§3.1), with the idempotent producer's sequence checks
    /// (§3.3): a batch equal to one of the last five is a duplicate — not appended, answered with
    /// the original offsets; any other sequence must follow the last one.
    pub fn on_produce(&mut self, ctx: &mut Ctx, p: &ProduceRequest) {
        let (request, attempt, first_value, count, acks) = (p.request, p.attempt, p.first_value, p.count, p.acks);
        let reply = |base_offset: Option<Offset>, error: Option<KafkaError>| Msg::ProduceResponse {
            request,
            attempt,
            partition: self.partition,
            base_offset,
            error,
        };
        if !self.is_leader() {
            ctx.out.push((PRODUCER, reply(None, Some(KafkaError::NotLeaderOrFollower))));
            return;
        }
        // `Partition.appendRecordsToLeader` checks min.insync.replicas before the log analyses the
        // batch, so an idempotent retry under min ISR is refused rather than found a duplicate.
        let min_isr = self.effective_min_isr(ctx.cfg);
        if acks == Acks::All && self.rejects_acks_all(ctx.cfg) {
            event!(
                self,
                ctx,
                "produce-rejected",
                ctx.me,
                params!("produce-rejected.min-isr", request = request, isr = &self.isr, size = self.isr.len(), min = min_isr),
                format!(
                    "request #{request} rejected with NOT_ENOUGH_REPLICAS: ISR {} has {} < min.insync.replicas {min_isr}; nothing appended",
                    set_text(&self.isr),
                    self.isr.len()
                )
            );
            ctx.out.push((PRODUCER, reply(None, Some(KafkaError::NotEnoughReplicas))));
            return;
        }
        if let Some(seq) = p.base_sequence {
            let batches = self.log.last_batches(NUM_BATCHES_TO_RETAIN);
            let last_seq = seq.wrapping_add(count as i32 - 1);
            if let Some(b) = batches.iter().find(|b| b.first_seq == seq && b.last_seq == last_seq) {
                let (first, last) = (b.first_offset, b.last_offset);
                event!(
                    self,
                    ctx,
                    "duplicate-ignored",
                    ctx.me,
                    params!("duplicate-ignored", request = request, seq = seq, last_seq = last_seq, at = offsets_params(first, last + 1)),
                    format!("request #{request} is a duplicate of sequence {seq}–{last_seq}, already at {}: not appended again (idempotent producer)", offsets_text(first, last + 1))
                );
                self.answer(ctx, request, attempt, acks, first, last + 1);
                return;
            }
            if let Some(b) = batches.first().filter(|b| seq != b.last_seq.wrapping_add(1)) {
                event!(
                    self,
                    ctx,
                    "produce-rejected",
                    ctx.me,
                    params!("produce-rejected.sequence", request = request, seq = seq, last = b.last_seq),
                    format!("request #{request} rejected with OUT_OF_ORDER_SEQUENCE_NUMBER: sequence {seq} does not follow {}", b.last_seq)
                );
                ctx.out.push((PRODUCER, reply(None, Some(KafkaError::OutOfOrderSequenceNumber))));
                return;
            }
        }
        let base = self.log.log_end_offset();
        let epoch = self.leader_epoch;
        let base_sequence = p.base_sequence.unwrap_or(-1);
        let records: Vec<Record> = (0..count).map(|i| Record { leader_epoch: epoch, value: first_value + i, base_sequence }).collect();
        self.log.append(&records);
        let required = self.log.log_end_offset();
        event!(
            self,
            ctx,
            "append",
            ctx.me,
            params!("append", b = ctx.me, request = request, at = offsets_params(base, required), epoch = epoch, acks = acks.label()),
            format!(
                "leader b{} appended request #{request} at {} (leader_epoch {epoch}, acks={})",
                ctx.me,
                offsets_text(base, required),
                acks.label()
            )
        );
        self.complete_parked_fetches(ctx, false);
        self.answer(ctx, request, attempt, acks, base, required);
        // With ISR = {leader} the append alone moves the HW (§1.3), which also answers acks=all.
        self.maybe_increment_leader_hw(ctx);
    }

    /// Answers a produce whose records are at `[base, required)`: acks=0 never, acks=1 now, acks=all
    /// once the HW reaches `required` (a `DelayedProduce`).
    fn answer(&mut self, ctx: &mut Ctx, request: u32, attempt: u32, acks: Acks, base: Offset, required: Offset) {
        match acks {
            Acks::Zero => {}
            Acks::One => ctx.out.push((
                PRODUCER,
                Msg::ProduceResponse { request, attempt, partition: self.partition, base_offset: Some(base), error: None },
            )),
            Acks::All => {
                if let Role::Leader(ls) = &mut self.role {
                    ls.delayed.push_back(DelayedProduce {
                        request,
                        attempt,
                        base_offset: base,
                        required_offset: required,
                        deadline: ctx.now + ctx.timing.request_timeout,
                    });
                }
                self.complete_delayed_produce(ctx);
            }
        }
    }

    /// Proposes a new ISR (§2.3), with a reason per member joining or leaving. ≤ 2.6: the leader
    /// writes the znode itself, conditional on its cached zkVersion, keeping the leader epoch.
    /// 2.7+: it sends AlterPartition to the controller and counts the maximal ISR until the answer.
    fn change_isr(&mut self, ctx: &mut Ctx, isr: Vec<BrokerId>, reasons: Vec<(BrokerId, Reason)>) {
        match ctx.cfg.isr_update {
            IsrUpdate::ZooKeeper => {
                let next = PartitionState {
                    leader: ctx.me as i32,
                    leader_epoch: self.leader_epoch,
                    isr: isr.clone(),
                    controller_epoch: self.controller_epoch,
                    version: 0,
                    recovering: false,
                };
                // A conditional setData needs a live session: cut off from ZooKeeper, the write
                // fails and the ISR stays as it is (in memory and in the znode) until it reconnects.
                if !ctx.zk_session {
                    event!(
                        self,
                        ctx,
                        "isr-write-skipped",
                        ctx.me,
                        params!("isr-write-skipped.no-session", b = ctx.me),
                        format!("b{} could not write its ISR update to ZooKeeper: it has no ZooKeeper session", ctx.me)
                    );
                    return;
                }
                match ctx.zk.conditional_update(self.partition, self.zk_version, next) {
                    Some(v) => self.apply_isr(
                        ctx,
                        isr,
                        v,
                        &reasons,
                        params!("how.zookeeper", v = v),
                        "written to ZooKeeper by the leader, zkVersion",
                    ),
                    None => {
                        event!(
                            self,
                            ctx,
                            "isr-write-skipped",
                            ctx.me,
                            params!("isr-write-skipped", b = ctx.me, zk_version = self.zk_version),
                            format!(
                                "b{} skipped its ISR update: cached zkVersion {} not equal to that in ZooKeeper",
                                ctx.me, self.zk_version
                            )
                        );
                    }
                }
            }
            IsrUpdate::AlterPartition => {
                let Some(controller) = ctx.zk.controller else { return };
                let pending = PendingIsr {
                    isr_with_epochs: self.isr_with_epochs(ctx, &isr),
                    isr: isr.clone(),
                    reasons,
                    sent_to: controller,
                    sent_at: ctx.now,
                    attempt: 1,
                    undelivered: false,
                    given_up: false,
                };
                ctx.out.push((controller as NodeId, self.alter_partition(ctx, &pending)));
                let Role::Leader(ls) = &mut self.role else { return };
                ls.pending_isr = Some(pending);
                event!(
                    self,
                    ctx,
                    "alter-partition",
                    ctx.me,
                    params!(
                        "alter-partition.sent",
                        b = ctx.me,
                        p = self.partition,
                        from = &self.isr,
                        to = &isr,
                        controller = crate::kraft::controller_label(controller)
                    ),
                    format!(
                        "b{} sent AlterPartition for p{}: ISR {} → {} to controller {}",
                        ctx.me,
                        self.partition,
                        set_text(&self.isr),
                        set_text(&isr),
                        crate::kraft::controller_label(controller)
                    )
                );
            }
        }
    }

    /// `Partition.addBrokerEpochToIsr` (KIP-903): the leader's own epoch for itself, for a
    /// follower the epoch of its last fetch; -1 for one that has not fetched from this leader
    /// (an ISR member kept from before it led, or any member before 4.0 here).
    fn isr_with_epochs(&self, ctx: &Ctx, isr: &[BrokerId]) -> Vec<BrokerState> {
        let Role::Leader(ls) = &self.role else { return Vec::new() };
        isr.iter()
            .map(|&r| BrokerState {
                broker_id: r,
                broker_epoch: if r == ctx.me {
                    ctx.broker_epoch
                } else {
                    ls.followers.get(&r).and_then(|f| f.broker_epoch).unwrap_or(UNKNOWN_BROKER_EPOCH)
                },
            })
            .collect()
    }

    fn alter_partition(&self, ctx: &Ctx, pending: &PendingIsr) -> Msg {
        Msg::AlterPartition {
            partition: self.partition,
            leader: ctx.me,
            leader_epoch: self.leader_epoch,
            isr: pending.isr_with_epochs.clone(),
            partition_epoch: self.zk_version,
            attempt: pending.attempt,
        }
    }

    /// `AlterPartitionManager` never gives up on a request (PartitionTest#testRetryShrinkIsr): one
    /// unanswered within `controller.socket.timeout.ms`, or whose connection failed once another
    /// controller is known, is sent again (to the current controller).
    pub(crate) fn maybe_resend_alter_partition(&mut self, ctx: &mut Ctx) {
        let Role::Leader(ls) = &self.role else { return };
        let (Some(p), Some(controller)) = (&ls.pending_isr, ctx.zk.controller) else { return };
        if p.given_up {
            return;
        }
        let timed_out = ctx.now >= p.sent_at + ctx.timing.controller_timeout;
        if !(timed_out || (p.undelivered && controller != p.sent_to)) {
            return;
        }
        let mut p = p.clone();
        p.attempt += 1;
        p.sent_at = ctx.now;
        p.sent_to = controller;
        p.undelivered = false;
        let msg = self.alter_partition(ctx, &p);
        event!(
            self,
            ctx,
            "control-resent",
            ctx.me,
            if timed_out {
                params!(
                    "control-resent.timeout",
                    b = ctx.me,
                    msg = msg.to_string(),
                    controller = crate::kraft::controller_label(controller),
                    timeout = ctx.cfg.controller_socket_timeout_ms
                )
            } else {
                params!(
                    "control-resent.undelivered",
                    b = ctx.me,
                    msg = msg.to_string(),
                    controller = crate::kraft::controller_label(controller)
                )
            },
            format!(
                "b{} resent {msg} to controller {}: {}",
                ctx.me,
                crate::kraft::controller_label(controller),
                if timed_out {
                    format!("no answer within controller.socket.timeout.ms {}", ctx.cfg.controller_socket_timeout_ms)
                } else {
                    "the last attempt did not reach the controller".to_string()
                }
            )
        );
        ctx.out.push((controller as NodeId, msg));
        if let Role::Leader(ls) = &mut self.role {
            ls.pending_isr = Some(p);
        }
    }

    /// A committed ISR change: announce each member that left or joined, with its reason, then
    /// re-check the HW (a smaller ISR can unblock it) and waiting produces.
    /// `how`: the params and the words of how the change was committed, the version after them.
    fn apply_isr(
        &mut self,
        ctx: &mut Ctx,
        isr: Vec<BrokerId>,
        zk_version: u32,
        reasons: &[(BrokerId, Reason)],
        how_params: crate::events::Params,
        how: &str,
    ) {
        let old = std::mem::replace(&mut self.isr, isr);
        self.zk_version = zk_version;
        // One mark per committed change (`isrChangeListener.markShrink()` / `markExpand()`).
        ctx.stats.isr_shrinks += u64::from(old.iter().any(|r| !self.isr.contains(r)));
        ctx.stats.isr_expands += u64::from(self.isr.iter().any(|r| !old.contains(r)));
        let now_text = set_text(&self.isr);
        for (r, why) in reasons {
            let (kind, verb) = if self.isr.contains(r) { ("isr-expand", "joined") } else { ("isr-shrink", "left") };
            if old.contains(r) != self.isr.contains(r) {
                let text = format!("b{r} {verb} the ISR of p{}: {}; ISR now {now_text} ({how} {zk_version})", self.partition, why.text);
                let params = params!(kind, b = *r, p = self.partition, why = why.params.clone(), isr = &self.isr, how = how_params.clone());
                ctx.events.record(ctx.now, kind, Some(self.partition), Some(*r), params, text);
            }
        }
        self.maybe_increment_leader_hw(ctx);
        self.complete_delayed_produce(ctx);
    }

    /// The controller's answer to our AlterPartition: adopt the committed ISR, or roll back.
    pub fn on_alter_partition_response(
        &mut self,
        ctx: &mut Ctx,
        request: (Epoch, u32),
        leader_epoch: Epoch,
        isr: &[BrokerId],
        partition_epoch: u32,
        error: Option<KafkaError>,
    ) {
        let Role::Leader(ls) = &mut self.role else { return };
        // Only the answer to the change in flight counts (same leader epoch, same partition epoch).
        if request != (self.leader_epoch, self.zk_version) || ls.pending_isr.is_none() {
            return;
        }
        // Accepted, but the change bumped the leader epoch (in KRaft a completed reassignment
        // removing followers): `Partition.handleAlterPartitionUpdate` ignores an answer with
        // another leader epoch, and the change stays in flight until the metadata brings it.
        if error.is_none() && leader_epoch != self.leader_epoch {
            return;
        }
        // A failed connection or a broker that is no longer the controller: retried, not rolled back.
        if let (Some(KafkaError::NetworkException | KafkaError::NotController), Some(p)) = (error, &mut ls.pending_isr) {
            p.undelivered = true;
            return;
        }
        // A newer leader epoch or partition epoch exists: this leader is stale and will learn it
        // from a LeaderAndIsr. Rolling back to the committed ISR would let its HW count fewer
        // replicas than the controller may have admitted (a zombie acknowledging acks=all alone),
        // so the change stays in flight, unretried.
        // NEW_LEADER_ELECTED (KRaft): the change was applied and completed a reassignment that
        // moved the leadership away; this leader stays pending until the metadata says so.
        if let (Some(e @ (KafkaError::FencedLeaderEpoch | KafkaError::InvalidUpdateVersion | KafkaError::NewLeaderElected)), Some(p)) =
            (error, &mut ls.pending_isr)
        {
            p.given_up = true;
            let maximal = self.maximal_isr();
            let text = format!(
                "AlterPartition for p{} failed with {}: the leader gives up and keeps counting the maximal ISR {} until a LeaderAndIsr",
                self.partition,
                e.name(),
                set_text(&maximal)
            );
            let params = params!("alter-partition.given-up", p = self.partition, error = e.name(), isr = maximal);
            return event!(self, ctx, "alter-partition", ctx.me, params, text);
        }
        let Some(pending) = ls.pending_isr.take() else { return };
        match error {
            None => {
                // The answer's partitionEpoch: PartitionRegistration's partition epoch in KRaft,
                // the state znode's zkVersion in ZooKeeper mode.
                let (how, words) = if ctx.cfg.rules().kraft {
                    (params!("how.kraft", v = partition_epoch), "AlterPartition accepted by the controller, partition epoch")
                } else {
                    (params!("how.alter-partition", v = partition_epoch), "AlterPartition accepted by the controller, zkVersion")
                };
                self.apply_isr(ctx, isr.to_vec(), partition_epoch, &pending.reasons, how, words);
            }
            Some(e) => {
                // INELIGIBLE_REPLICA: the controller says the change was not applied by anyone,
                // so the committed ISR is the state again.
                event!(
                    self,
                    ctx,
                    "alter-partition",
                    ctx.me,
                    params!("alter-partition.failed", p = self.partition, error = e.name(), isr = &self.isr),
                    format!("AlterPartition for p{} failed with {}: ISR stays {}", self.partition, e.name(), set_text(&self.isr))
                );
            }
        }
    }

    fn isr_change_in_flight(&self) -> bool {
        matches!(&self.role, Role::Leader(ls) if ls.pending_isr.is_some())
    }

    /// ISR expansion on a follower fetch (§2.2): a follower outside the ISR joins once its LEO
    /// reaches the leader's HW and, from 2.1 (KAFKA-7128), the start of the leader's epoch. One
    /// change at a time.
    fn maybe_expand_isr(&mut self, ctx: &mut Ctx, replica: BrokerId) {
        let Role::Leader(ls) = &self.role else { return };
        if self.isr.contains(&replica) || !self.replicas.contains(&replica) || self.isr_change_in_flight() {
            return;
        }
        let Some(f) = ls.followers.get(&replica) else { return };
        let Some(leo) = f.log_end_offset else { return };
        let fetched_epoch = f.broker_epoch;
        let hw = self.log.high_watermark();
        let rules = ctx.cfg.rules();
        let leso = if rules.expand_needs_epoch_start { ls.leader_epoch_start_offset } else { 0 };
        if leo < hw || leo < leso {
            return;
        }
        // 3.3+ (KIP-841): only an ISR-eligible replica may join: its broker alive in the leader's
        // metadata and, with KIP-903, its fetch's broker epoch the one the metadata knows.
        if rules.isr_requires_eligible && !isr_eligible(rules, ctx.zk, replica, fetched_epoch) {
            // Caught up and alive, but its fetch named another epoch: say why it stays out.
            if let (Some(known), Some(epoch), true) = (ctx.zk.alive_broker_epoch(replica), fetched_epoch, rules.fetch_broker_epoch) {
                let (me, p) = (ctx.me, self.partition);
                event!(
                    self,
                    ctx,
                    "stale-broker-epoch",
                    replica,
                    params!("stale-broker-epoch.isr", b = me, p = p, r = replica, epoch = epoch, current = known, leo = leo, hw = hw),
                    format!(
                        "b{me} kept b{replica} out of the ISR of p{p} although its LEO {leo} reached the HW {hw}: its fetch carried broker epoch {epoch}, not {known}, the epoch the metadata knows (KIP-903)"
                    )
                );
            }
            return;
        }
        let mut isr = self.isr.clone();
        isr.push(replica);
        sort_small(&mut isr);
        let why = Reason::new(params!("why.caught-up", leo = leo, hw = hw), format!("its LEO {leo} reached the HW {hw}"));
        self.change_isr(ctx, isr, vec![(replica, why)]);
    }

    /// Why follower `r` is out of sync now, if it is (§2.1). 0.8: no fetch for the lag time
    /// ("stuck"); 0.9–2.1: not caught up for the lag time; 2.2+: and its LEO differs from the
    /// leader's. When `replica.lag.max.messages` is set, also too many messages behind ("slow").
    pub fn out_of_sync(&self, cfg: &Config, timing: &Timing, now: Tick, r: BrokerId) -> Option<OutOfSync> {
        let Role::Leader(ls) = &self.role else { return None };
        let f = ls.followers.get(&r)?;
        let leo = self.log.log_end_offset();
        let max_messages = cfg.replica_lag_max_messages;
        let behind = f.log_end_offset.map(|l| leo.saturating_sub(l));
        if max_messages > 0 && behind.is_some_and(|b| b > max_messages) {
            return Some(OutOfSync::TooManyMessages { behind: behind.unwrap_or(0), max: max_messages });
        }
        let ms = |t| (now - t) * crate::config::TICK_MS;
        let rules = cfg.rules();
        match () {
            _ if !rules.lag_from_last_caught_up => (now - f.last_fetch > timing.lag).then(|| OutOfSync::NoFetch { ms: ms(f.last_fetch) }),
            _ if rules.in_sync_at_leader_leo && f.log_end_offset == Some(leo) => None,
            _ => (!f.caught_up_within(now, timing.lag)).then(|| OutOfSync::NotCaughtUp { ms: f.last_caught_up.map(ms) }),
        }
    }

    /// The `isr-expiration` task (§2.1): drops every out-of-sync follower in one change.
    pub fn maybe_shrink_isr(&mut self, ctx: &mut Ctx) {
        if !self.is_leader() || self.isr_change_in_flight() {
            return;
        }
        let out: Vec<(BrokerId, Reason)> = self
            .isr
            .iter()
            .filter(|&&r| r != ctx.me)
            .filter_map(|&r| self.out_of_sync(ctx.cfg, ctx.timing, ctx.now, r).map(|o| (r, o.reason(ctx.cfg))))
            .collect();
        if out.is_empty() {
            return;
        }
        let isr: Vec<BrokerId> = self.isr.iter().copied().filter(|r| !out.iter().any(|(o, _)| o == r)).collect();
        self.change_isr(ctx, isr, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Value;
    use crate::cluster::Cluster;
    use crate::events::Event;
    use crate::partition::FollowerView;

    /// A 4.0 cluster as created: b0 leads p0 (leader epoch 0, partition epoch 0, LEO = HW = 0),
    /// the brokers registered with epochs 1, 2, 3; with b0's cached ISR set to `isr`, as
    /// PartitionTest's `makeLeader` does.
    fn leading(isr: &[BrokerId]) -> Cluster {
        let pairs = [("version", Value::Str("4.0".into())), ("brokers", Value::Num(3.0)), ("partitions", Value::Num(1.0))];
        let mut c = Cluster::from_pairs(&pairs.map(|(k, v)| (k.to_string(), v))).unwrap();
        c.brokers[0].replicas.get_mut(&0).expect("p0 on b0").isr = isr.to_vec();
        c.events.drain(c.tick);
        c
    }

    /// PartitionTest's `fetchFollower`: a Fetch of p0 at its LEO from `replica` with broker epoch
    /// `replica_epoch`, handled by b0; what b0 sends and the events.
    fn fetch_follower(c: &mut Cluster, replica: BrokerId, replica_epoch: i64) -> (Vec<(NodeId, Msg)>, Vec<Event>) {
        let mut out = Vec::new();
        {
            let (b, mut ctx) = c.broker_ctx(0, &mut out);
            let r = b.replicas.get_mut(&0).expect("p0 on b0");
            let (fetch_offset, current_leader_epoch) = (r.log.log_end_offset(), r.leader_epoch);
            let req = Fetch { partition: 0, replica, fetch_offset, current_leader_epoch, last_fetched_epoch: None, replica_epoch };
            r.on_fetch(&mut ctx, &req);
        }
        (out, c.events.drain(c.tick))
    }

    /// The controller's answer to b0's AlterPartition in flight (`alterPartitionManager.completeIsrUpdate/failIsrUpdate`).
    fn answer(c: &mut Cluster, isr: &[BrokerId], partition_epoch: u32, error: Option<KafkaError>) {
        let mut out = Vec::new();
        let (b, mut ctx) = c.broker_ctx(0, &mut out);
        let r = b.replicas.get_mut(&0).expect("p0 on b0");
        let request = (r.leader_epoch, r.zk_version);
        let leader_epoch = r.leader_epoch;
        r.on_alter_partition_response(&mut ctx, request, leader_epoch, isr, partition_epoch, error);
    }

    fn follower(c: &Cluster, replica: BrokerId) -> FollowerView {
        match &c.brokers[0].replicas[&0].role {
            Role::Leader(ls) => ls.followers.get(&replica).expect("a follower view").clone(),
            _ => panic!("b0 leads p0"),
        }
    }

    fn alter_partition(out: &[(NodeId, Msg)]) -> Option<Vec<(BrokerId, i64)>> {
        out.iter().find_map(|(_, m)| match m {
            Msg::AlterPartition { isr, .. } => Some(isr.iter().map(|s| (s.broker_id, s.broker_epoch)).collect()),
            _ => None,
        })
    }

    fn maximal_isr(c: &Cluster) -> Vec<BrokerId> {
        c.brokers[0].replicas[&0].maximal_isr()
    }

    /// Ports PartitionTest#testIsrCanExpandedIfBrokerEpochsMatchWithKraftMetadataCache (KIP-903):
    /// a caught-up follower whose fetch carried another broker epoch than the leader's metadata
    /// knows stays out of the ISR; with the known epoch it is added, and the AlterPartition names
    /// every member's epoch: the leader's own, the fetch's, -1 for a member that has not fetched.
    /// (Kafka's test makes the mismatch by a metadata change between the two reads of the epoch;
    /// here the fetch carries an epoch newer than the metadata's, as a broker's fresh
    /// registration not yet published would.)
    #[test]
    fn isr_expands_only_if_the_fetch_carried_the_known_broker_epoch() {
        let mut c = leading(&[0, 2]);
        assert_eq!(c.zk.alive_broker_epoch(1), Some(2));
        let (out, events) = fetch_follower(&mut c, 1, 3);
        assert_eq!(follower(&c, 1).broker_epoch, Some(3), "the fetch state is updated: 3 is not older than 2");
        assert_eq!(alter_partition(&out), None, "expansion is not triggered");
        assert_eq!(maximal_isr(&c), vec![0, 2]);
        let held: Vec<&str> = events.iter().map(|e| e.params.kind).collect();
        assert_eq!(held, vec!["stale-broker-epoch.isr"]);
        assert!(events[0].text.contains("its fetch carried broker epoch 3, not 2"), "{}", events[0].text);

        let (out, _) = fetch_follower(&mut c, 1, 2);
        assert_eq!(alter_partition(&out), Some(vec![(0, 1), (1, 2), (2, UNKNOWN_BROKER_EPOCH)]), "b2 has not fetched: -1");
        assert_eq!(maximal_isr(&c), vec![0, 1, 2]);
    }

    /// Ports PartitionTest#testFenceFollowerFetchWithStaleBrokerEpoch (`Replica.updateFetchStateOrThrow`):
    /// a fetch with a broker epoch older than the leader's metadata's is refused with
    /// NOT_LEADER_OR_FOLLOWER and leaves the follower's state as it was.
    #[test]
    fn a_fetch_with_a_stale_broker_epoch_is_fenced() {
        let mut c = leading(&[0, 1, 2]);
        let (out, _) = fetch_follower(&mut c, 1, 2);
        assert!(out.is_empty(), "at the LEO: parked until data or the wait ends: {out:?}");
        let before = follower(&c, 1);
        assert_eq!(before.broker_epoch, Some(2));
        let (out, events) = fetch_follower(&mut c, 1, 1);
        assert!(
            matches!(&out[..], [(1, Msg::FetchResponse(FetchResponse { error: Some(KafkaError::NotLeaderOrFollower), .. }))]),
            "{out:?}"
        );
        assert_eq!(follower(&c, 1), before, "the fetch state, broker epoch 2 included, is untouched");
        let e = events.iter().find(|e| e.kind == "stale-broker-epoch").expect("an event says why");
        assert_eq!(e.params.kind, "stale-broker-epoch.fetch");
        assert!(e.text.contains("broker epoch 1 < 2"), "{}", e.text);
    }

    /// A fetch without a broker epoch (-1) skips both checks (`isBrokerEpochIsrEligible`), and
    /// before 4.0 here no fetch carries one.
    #[test]
    fn a_fetch_without_a_broker_epoch_skips_the_check() {
        let mut c = leading(&[0, 2]);
        let (out, _) = fetch_follower(&mut c, 1, UNKNOWN_BROKER_EPOCH);
        assert_eq!(alter_partition(&out), Some(vec![(0, 1), (1, UNKNOWN_BROKER_EPOCH), (2, UNKNOWN_BROKER_EPOCH)]));
        let pairs = [("version", Value::Str("3.7".into())), ("brokers", Value::Num(3.0)), ("partitions", Value::Num(1.0))];
        let mut zk = Cluster::from_pairs(&pairs.map(|(k, v)| (k.to_string(), v))).unwrap();
        let mut out = Vec::new();
        let (_, ctx) = zk.broker_ctx(1, &mut out);
        assert_eq!(ctx.broker_epoch, UNKNOWN_BROKER_EPOCH, "ZooKeeper mode: Fetch and AlterPartition name no broker epoch");
    }

    /// Ports PartitionTest#testIsrNotExpandedIfReplicaIsFencedOrShutdown (KIP-841): the controller
    /// refuses the expansion (INELIGIBLE_REPLICA) and the leader reverts to the committed ISR;
    /// once its metadata says the broker is fenced it does not try again; unfenced, it does, and
    /// the ISR is committed.
    #[test]
    fn isr_is_not_expanded_while_the_replica_is_fenced() {
        let mut c = leading(&[0, 2]);
        let (out, _) = fetch_follower(&mut c, 1, 2);
        assert!(alter_partition(&out).is_some(), "expansion is triggered");
        assert_eq!(maximal_isr(&c), vec![0, 1, 2]);
        answer(&mut c, &[0, 2], 0, Some(KafkaError::IneligibleReplica));
        assert_eq!(maximal_isr(&c), vec![0, 2], "reverted to the committed ISR");
        let registration = c.zk.brokers.remove(&1).expect("b1 registered");
        let (out, events) = fetch_follower(&mut c, 1, 2);
        assert_eq!(alter_partition(&out), None, "b1 is fenced: no expansion");
        assert!(events.iter().all(|e| e.kind != "stale-broker-epoch"), "not a broker-epoch matter: {events:?}");
        c.zk.brokers.insert(1, registration);
        let (out, _) = fetch_follower(&mut c, 1, 2);
        assert!(alter_partition(&out).is_some(), "unfenced: expansion is triggered again");
        answer(&mut c, &[0, 1, 2], 1, None);
        assert_eq!((c.brokers[0].replicas[&0].isr.clone(), maximal_isr(&c)), (vec![0, 1, 2], vec![0, 1, 2]), "the ISR is committed");
    }

    fn delayed(request: u32, required_offset: Offset, deadline: Tick) -> DelayedProduce {
        DelayedProduce { request, attempt: 1, base_offset: 0, required_offset, deadline }
    }

    #[test]
    fn the_purgatory_completes_in_arrival_order_even_after_a_duplicate() {
        let mut p = Purgatory::default();
        p.push_back(delayed(1, 5, 100));
        p.push_back(delayed(2, 9, 100));
        // An idempotent duplicate waits for its original, lower offsets.
        p.push_back(delayed(3, 3, 101));
        p.push_back(delayed(4, 12, 102));
        let ids = |v: Vec<DelayedProduce>| v.into_iter().map(|d| d.request).collect::<Vec<_>>();
        assert_eq!(ids(p.take_done(4, 50)), vec![3], "the duplicate is done before the ones ahead of it");
        assert_eq!(ids(p.take_done(9, 50)), vec![1, 2]);
        assert_eq!(ids(p.take_done(9, 102)), vec![4], "its deadline passed");
        assert!(p.is_empty());
    }
}
