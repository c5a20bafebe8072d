//! The follower's side of replication (`ReplicaFetcherThread`, `AbstractFetcherThread`): the fetch
//! loop, the HW it learns from the leader, and truncation when its log may have diverged (§4.4).

use crate::config::Truncation;
use crate::events::{params, Reason};
use crate::log::{Epoch, Offset};
use crate::message::{BrokerId, EpochEndOffset, Fetch, FetchResponse, KafkaError, Msg, NodeId};
use crate::partition::{event, offsets_params, offsets_text, Ctx, FollowerState, Replica, Role};

/// The outcome of the KIP-279 follower rule for one leader answer.
enum Reconcile {
    /// Truncate here; done.
    Final(Offset),
    /// Truncate here, then ask the leader again about `Epoch` (multi-round, KIP-279).
    AskAgain(Offset, Epoch),
}

impl Replica {
    /// Whether this version truncates through DivergingEpoch in fetch responses (2.8+, KAFKA-10554)
    /// rather than an OffsetsForLeaderEpoch round trip.
    pub(crate) fn diverging_fetch(ctx: &Ctx) -> bool {
        ctx.cfg.truncation == Truncation::Kip279 && ctx.cfg.rules().diverging_epoch_in_fetch
    }

    /// `makeFollower` (§4.4): ≤ 0.10 truncates to the local HW whenever the leader changed (or is
    /// unknown after a restart); 0.11–2.7 first asks the leader where its epoch ends
    /// (OffsetsForLeaderEpoch), on a leader change and since 2.1 on every epoch change; 2.8+
    /// fetches at once and lets the leader flag a divergence.
    pub(crate) fn become_follower(&mut self, ctx: &mut Ctx, leader: BrokerId, leader_changed: bool) {
        let mut truncating = None;
        match ctx.cfg.truncation {
            Truncation::HighWatermark if leader_changed => {
                let hw = self.log.high_watermark();
                let why = Reason::new(
                    params!("why.truncate-hw-rule", hw = hw, leader = leader),
                    format!("to its HW {hw} before following b{leader} (truncation to the high watermark, ≤ 0.10)"),
                );
                self.truncate(ctx, hw, "high-watermark", why);
            }
            Truncation::HighWatermark => {}
            _ if Replica::diverging_fetch(ctx) => {}
            _ if leader_changed || ctx.cfg.rules().truncate_on_every_epoch_change => truncating = self.log.latest_epoch(),
            _ => {}
        }
        let parked = Default::default();
        self.role =
            Role::Follower(FollowerState { leader, fetch_in_flight: false, sent_at: ctx.now, backoff_until: ctx.now, truncating, parked });
    }

    /// Removes the records at and above `offset`, with an event naming what went; the views are
    /// shown them leaving (`rule`: which rule truncated, see `events::Truncated`).
    fn truncate(&mut self, ctx: &mut Ctx, offset: Offset, rule: &'static str, why: Reason) {
        let leo = self.log.log_end_offset();
        if offset >= leo {
            // Nothing to remove, but an epoch entry at the LEO goes (`truncateTo`).
            self.log.truncate_to(offset);
            return;
        }
        let removed = self.log.read(offset, leo).zip(offset..).map(|(r, o)| (o, r.value, r.leader_epoch));
        ctx.events.truncated(ctx.now, self.partition, ctx.me, rule, removed);
        let values: Vec<String> = self.log.read(offset, leo).map(|r| format!("m{}", r.value)).collect();
        self.log.truncate_to(offset);
        event!(
            self,
            ctx,
            "truncate",
            ctx.me,
            params!(
                "truncate",
                b = ctx.me,
                p = self.partition,
                why = why.params,
                removed = offsets_params(offset, leo),
                values = values.join(", "),
                rule = rule
            ),
            format!(
                "b{} truncated p{} {}: removed {} ({})",
                ctx.me,
                self.partition,
                why.text,
                offsets_text(offset, leo),
                values.join(", ")
            )
        );
    }

    /// The follower's own end offset for `epoch`: where the next epoch starts, or its LEO.
    fn own_end_offset(&self, epoch: Epoch) -> Offset {
        self.log.epoch_cache().first_above(&epoch).map_or(self.log.log_end_offset(), |(_, &start)| start)
    }

    /// The KIP-279 follower rule (§4.4 item 3) for a leader answer `(e, end)`.
    fn kip279_rule(&self, answer: EpochEndOffset) -> Reconcile {
        let leo = self.log.log_end_offset();
        if answer.is_undefined() {
            return Reconcile::Final(self.log.high_watermark());
        }
        let end = answer.end_offset as Offset;
        match self.log.epoch_cache().last_at_or_below(&answer.epoch).map(|(&e, _)| e) {
            // Below every epoch it knows: `LeaderEpochFileCache.endOffsetFor` says that epoch ends
            // where its first known epoch starts (an empty cache: at the LEO), so a log that holds
            // none of the leader's epoch is truncated away (sweep seed 21 under 4.x: a follower
            // elected with an empty log, then following a leader of epoch 0's records).
            None => Reconcile::Final(end.min(self.own_end_offset(answer.epoch)).min(leo)),
            Some(own) if own != answer.epoch => Reconcile::AskAgain(self.own_end_offset(own).min(leo), own),
            Some(own) => Reconcile::Final(end.min(self.own_end_offset(own)).min(leo)),
        }
    }

    /// Sends the next request when none is outstanding (the fetcher thread loops continuously):
    /// OffsetsForLeaderEpoch while truncating, else a Fetch from the LEO.
    pub(crate) fn maybe_fetch(&mut self, ctx: &mut Ctx) {
        let leo = self.log.log_end_offset();
        let last_fetched_epoch = if Replica::diverging_fetch(ctx) { self.log.latest_epoch() } else { None };
        let Role::Follower(f) = &mut self.role else { return };
        if f.fetch_in_flight && ctx.now - f.sent_at >= ctx.timing.socket_timeout {
            // No answer (the leader is cut off): give up on the request and retry after the backoff.
            f.fetch_in_flight = false;
            f.backoff_until = ctx.now + ctx.timing.fetch_backoff;
            let (leader, partition) = (f.leader, self.partition);
            event!(
                self,
                ctx,
                "fetch-timeout",
                ctx.me,
                params!("fetch-timeout", b = ctx.me, leader = leader, p = partition, timeout = ctx.cfg.replica_socket_timeout_ms),
                format!(
                    "b{}'s request to b{leader} for p{partition} timed out (replica.socket.timeout.ms {})",
                    ctx.me, ctx.cfg.replica_socket_timeout_ms
                )
            );
            return;
        }
        if f.fetch_in_flight || ctx.now < f.backoff_until {
            return;
        }
        f.fetch_in_flight = true;
        f.sent_at = ctx.now;
        let msg = match f.truncating {
            Some(epoch) => Msg::OffsetsForLeaderEpoch {
                partition: self.partition,
                replica: ctx.me,
                leader_epoch: epoch,
                current_leader_epoch: self.leader_epoch,
            },
            None => Msg::Fetch(Fetch {
                partition: self.partition,
                replica: ctx.me,
                fetch_offset: leo,
                current_leader_epoch: self.leader_epoch,
                last_fetched_epoch,
                replica_epoch: ctx.broker_epoch,
            }),
        };
        ctx.out.push((f.leader as NodeId, msg));
    }

    /// Takes the answer to our outstanding request, if `from` and `epoch` say it is one; a response
    /// from an earlier leader or epoch is stale (the loop has moved on). Before KIP-320 responses
    /// carry no epoch: the fetcher matches them by fetch offset only (checked by the caller).
    fn accept_response(&mut self, ctx: &Ctx, from: NodeId, epoch: Epoch) -> bool {
        let same_epoch = epoch == self.leader_epoch || !ctx.cfg.rules().epoch_fencing;
        match &mut self.role {
            Role::Follower(f) if f.leader as NodeId == from && same_epoch && f.fetch_in_flight => {
                f.fetch_in_flight = false;
                true
            }
            _ => false,
        }
    }

    /// After an error: wait `replica.fetch.backoff.ms` before the next request.
    fn back_off(&mut self, ctx: &Ctx) {
        if let Role::Follower(f) = &mut self.role {
            f.backoff_until = ctx.now + ctx.timing.fetch_backoff;
        }
    }

    fn truncating_epoch(&self) -> Option<Epoch> {
        match &self.role {
            Role::Follower(f) => f.truncating,
            _ => None,
        }
    }

    pub fn on_offsets_for_leader_epoch_response(
        &mut self,
        ctx: &mut Ctx,
        from: NodeId,
        answer: EpochEndOffset,
        epoch: Epoch,
        error: Option<KafkaError>,
    ) {
        if !self.accept_response(ctx, from, epoch) {
            return;
        }
        if error.is_some() {
            // It never truncates blindly: it retries until it gets an answer (§4.4 item 2).
            self.back_off(ctx);
            return;
        }
        let leo = self.log.log_end_offset();
        let asked = self.truncating_epoch().unwrap_or(-1);
        let rule = if answer.is_undefined() { "high-watermark" } else { ctx.cfg.truncation.label() };
        let (offset, again) = match ctx.cfg.truncation {
            Truncation::Kip279 => match self.kip279_rule(answer) {
                Reconcile::Final(o) => (o, None),
                Reconcile::AskAgain(o, e) => (o, Some(e)),
            },
            // KIP-101: truncate to the leader's end offset for our latest epoch; UNDEFINED falls back to the HW.
            _ if answer.is_undefined() => (self.log.high_watermark(), None),
            _ => ((answer.end_offset as Offset).min(leo), None),
        };
        if let Role::Follower(f) = &mut self.role {
            f.truncating = again;
        }
        let why = if answer.is_undefined() {
            Reason::new(
                params!("why.truncate-hw", offset = offset, from = from, asked = asked),
                format!("to its HW {offset}: b{from} knows no end offset for epoch {asked}"),
            )
        } else {
            Reason::new(
                params!("why.truncate-epoch", offset = offset, from = from, epoch = answer.epoch, end = answer.end_offset, asked = asked),
                format!(
                    "to {offset}: leader b{from} says epoch {} ends at offset {} (asked about epoch {asked})",
                    answer.epoch, answer.end_offset
                ),
            )
        };
        self.truncate(ctx, offset, rule, why);
    }

    pub fn on_fetch_response(&mut self, ctx: &mut Ctx, from: NodeId, r: &FetchResponse) {
        if !self.accept_response(ctx, from, r.leader_epoch) {
            return;
        }
        match r.error {
            Some(KafkaError::OffsetOutOfRange) if self.log.log_end_offset() < r.log_start_offset => {
                // Retention deleted what we would fetch next: start over at the leader's log start.
                self.log.truncate_fully_and_start_at(r.log_start_offset);
                event!(
                    self,
                    ctx,
                    "truncate",
                    ctx.me,
                    params!("truncate.log-start", b = ctx.me, p = self.partition, offset = r.log_start_offset),
                    format!(
                        "b{} restarted p{} at the leader's log start offset {}: its LEO was below it",
                        ctx.me, self.partition, r.log_start_offset
                    )
                );
            }
            Some(KafkaError::OffsetOutOfRange) => {
                // Our log is longer than the leader's: after an unclean election or a lost tail,
                // truncate to the leader's LEO (§4.4 item 1).
                let leader_leo = r.log_end_offset;
                self.truncate(
                    ctx,
                    leader_leo,
                    "out-of-range",
                    Reason::new(
                        params!("why.truncate-range", leo = leader_leo, offset = r.fetch_offset, from = from),
                        format!("to the leader's LEO {leader_leo}: fetch offset {} is out of range on b{from}", r.fetch_offset),
                    ),
                );
            }
            Some(_) => self.back_off(ctx),
            None => {
                if r.fetch_offset != self.log.log_end_offset() {
                    return;
                }
                if let Some(d) = r.diverging_epoch {
                    let (offset, shared) = match self.kip279_rule(d) {
                        Reconcile::Final(o) | Reconcile::AskAgain(o, _) => (o, d.epoch),
                    };
                    let why = Reason::new(
                        params!("why.truncate-diverging", offset = offset, from = from, epoch = shared, end = d.end_offset),
                        format!("to {offset}: DivergingEpoch from b{from} (epoch {shared} ends at {})", d.end_offset),
                    );
                    self.truncate(ctx, offset, "diverging-epoch", why);
                    return;
                }
                self.append_fetched(ctx, from, r);
            }
        }
    }

    fn append_fetched(&mut self, ctx: &mut Ctx, from: NodeId, r: &FetchResponse) {
        if !r.records.is_empty() {
            self.log.append(&r.records);
            ctx.stats.replicated_records += r.records.len() as u64;
            event!(
                self,
                ctx,
                "replicate",
                ctx.me,
                params!(
                    "replicate",
                    b = ctx.me,
                    from = from,
                    offsets = offsets_params(r.fetch_offset, self.log.log_end_offset()),
                    leo = self.log.log_end_offset()
                ),
                format!(
                    "b{} fetched {} from leader b{from} (LEO {})",
                    ctx.me,
                    offsets_text(r.fetch_offset, self.log.log_end_offset()),
                    self.log.log_end_offset()
                )
            );
        }
        // §1.5: follower HW = min(leader HW in the response, own LEO); not monotonic.
        let old = self.log.high_watermark();
        self.log.set_high_watermark(r.high_watermark);
        let new = self.log.high_watermark();
        // KIP-392: a higher HW completes the consumer reads it now covers (ReplicaFetcherThread:
        // `completeDelayedFetchRequests(partitionsWithNewHighWatermark)`).
        if new > old {
            self.complete_parked_reads(ctx, Some(new));
        }
        if new != old {
            event!(
                self,
                ctx,
                "hw",
                ctx.me,
                params!("hw.follower", b = ctx.me, old = old, new = new, leader_hw = r.high_watermark, leo = self.log.log_end_offset()),
                format!("b{} follower HW {old}→{new}: min(leader HW {}, own LEO {})", ctx.me, r.high_watermark, self.log.log_end_offset())
            );
        }
    }
}
