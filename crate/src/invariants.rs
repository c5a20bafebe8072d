//! Guarantees checked live, after every tick (§5.3, the TLA+ invariants of §5.1–5.2).
//!
//! Ghost state kept beside the cluster: the *committed ledger* (the record at every offset below
//! the highest HW any leader reached), the *acked ledger* (every record the producer was told was
//! written, with its acks), and what each consumer read. A violation is recorded once, with the
//! cause chain in words. Which kinds a release must never show depends on its rules and on the
//! faults played (unclean elections and power failures may lose data by design); the seed sweep
//! (`tests/sweep.rs`) states them.

use crate::cluster::Cluster;
use crate::collections::{Chunked, LedgerMap, VecMap, VecSet};
use crate::config::TICK_MS;
use crate::events::{params, Param, Params, Reason};
use crate::log::{Epoch, Log, Offset, Record};
use crate::message::{Acks, BrokerId, Tick};

/// Ledger entries kept per partition (older ones are past any log's retention).
pub const LEDGER_KEPT: usize = 65_536;
/// Violations kept; later ones are counted, not stored.
pub const MAX_VIOLATIONS: usize = 500;

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Violation {
    pub kind: &'static str,
    pub tick: Tick,
    /// -1 in the JSON for the metadata log's invariants (`NO_PARTITION`).
    #[serde(serialize_with = "partition_or_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number"))]
    pub partition: u32,
    pub text: String,
    /// The text as a template and its fields (`events::Params`), for the page's translations.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "EventParams | null"))]
    pub params: Params,
}

/// Hashed without its params (the words of its text): the state hash stays what it was.
impl std::hash::Hash for Violation {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.kind, self.tick, self.partition, &self.text).hash(state);
    }
}

/// The kinds, from the most to the least severe, with what each means (`Cluster.schema()`).
/// `acked-lost` is an acks=all record (a broken promise); `acks1-lost` an acks=1 one (a risk
/// that acks=1 accepts).
/// The partition of a violation of the metadata log's Raft invariants: none.
pub const NO_PARTITION: u32 = u32::MAX;

fn partition_or_none<S: serde::Serializer>(p: &u32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_i64(if *p == NO_PARTITION { -1 } else { i64::from(*p) })
}

pub const VIOLATION_KINDS: [(&str, &str); 12] = [
    ("committed-lost", "a committed record (below an HW a leader reached) is lost or changed on the leader"),
    ("acked-lost", "a record acknowledged with acks=all is missing from the leader's log: a broken promise"),
    ("acks1-lost", "a record acknowledged with acks=1 is missing from the leader's log: the risk acks=1 accepts"),
    ("strong-isr", "a live ISR member lacks a committed record: if elected, it would lose it (StrongIsr)"),
    ("log-divergence", "two replicas hold different records below both their HWs (Log Matching)"),
    ("consistent-read", "a record a consumer read is no longer the leader's at that offset"),
    ("duplicate", "an idempotent producer's record was written twice"),
    ("hw-decreased", "a leader's HW went back within one leader epoch"),
    ("structure", "HW ≤ LEO on every replica, the leader is in the ISR, the ISR is within the assigned replicas"),
    ("election-safety", "KRaft: two controllers led the same epoch of the metadata log (Raft election safety)"),
    (
        "metadata-committed-lost",
        "KRaft: a committed metadata record is missing or changed on a controller, or the newest leader lacks it (leader completeness)",
    ),
    ("metadata-log-divergence", "KRaft: two controllers' logs hold the same epoch at an offset but differ below it (log matching)"),
];

/// Ghost state of the controller quorum's invariants.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct QuorumGuard {
    /// Epoch → the controller that led it.
    leaders: VecMap<u32, BrokerId>,
    /// The committed log: below the highest HW a leader reached.
    committed: Vec<crate::kraft::records::LogEntry>,
    reported: VecSet<(&'static str, u64)>,
}

/// An acknowledged request: records `first_value..` at offsets `base..base+count`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AckedRange {
    pub count: u32,
    pub first_value: u32,
    pub acks: Acks,
    pub request: u32,
    pub tick: Tick,
}

/// Ghost state for one partition.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PartitionGuard {
    leader: i32,
    leader_epoch: Epoch,
    isr: Vec<BrokerId>,
    /// The tick `isr` last changed.
    isr_since: Tick,
    /// ((leader epoch, leader, its start tick), HW) last seen on the live leader: the HW never
    /// falls while one leader process leads one epoch. (A leader that restarts before anyone
    /// noticed is re-sent the same epoch by a new controller and resumes from its checkpointed HW.)
    leader_hw: Option<((Epoch, BrokerId, Tick), Offset)>,
    truncations: VecMap<BrokerId, u64>,
    committed_base: Offset,
    committed: Chunked<Record>,
    /// Acknowledged requests by base offset.
    pub acked: LedgerMap<Offset, AckedRange, LEDGER_KEPT>,
    /// Log Matching verified below this offset, per pair of replicas.
    matched: VecMap<(BrokerId, BrokerId), Offset>,
    /// Idempotent records seen on the leader: value → offset, checked up to `idempotent_upto`.
    idempotent: LedgerMap<u32, Offset, LEDGER_KEPT>,
    idempotent_upto: Offset,
    reported: VecSet<(&'static str, Offset, BrokerId)>,
}

/// The assigned replicas of a partition and their (HW, log start offset, serves requests) as the
/// last Log Matching check saw them.
pub(crate) type SeenOffsets = (Vec<BrokerId>, Vec<(Offset, Offset, bool)>);

impl PartitionGuard {
    /// Bytes held by the ghost state's ledgers (the memory budget, `budget.rs`).
    pub(crate) fn footprint(&self) -> u64 {
        use std::mem::size_of;
        (self.committed.len() * size_of::<Record>()
            + self.acked.held() * size_of::<(Offset, AckedRange)>()
            + self.idempotent.held() * size_of::<(u32, Offset)>()) as u64
    }

    /// The committed offset: the highest HW a leader of this partition reached, less what an
    /// unclean election has since undone (`committed-lost` resets the ledger to the new history).
    /// Every record below it is committed, whoever leads now (§5.3).
    pub fn committed_end(&self) -> Offset {
        self.committed_base + self.committed.len() as Offset
    }

    fn committed_at(&self, o: Offset) -> Option<&Record> {
        o.checked_sub(self.committed_base).and_then(|i| self.committed.get(i as usize))
    }
}

/// `12.3 s`, in integers (no float formatting code in the wasm module).
pub(crate) fn secs(tick: Tick) -> String {
    let tenths = tick * TICK_MS / 100;
    format!("{}.{} s", tenths / 10, tenths % 10)
}

fn describe(r: Option<&Record>, log: &Log, o: Offset) -> Reason {
    match r {
        Some(r) => {
            Reason::new(params!("record", value = r.value, epoch = r.leader_epoch), format!("m{} (epoch {})", r.value, r.leader_epoch))
        }
        None if o >= log.log_end_offset() => Reason::new(
            params!("record.past-end", leo = log.log_end_offset()),
            format!("nothing: its log ends at {}", log.log_end_offset()),
        ),
        None => Reason::new(params!("record.none"), "nothing".to_string()),
    }
}

fn same(a: Option<&Record>, b: Option<&Record>) -> bool {
    matches!((a, b), (Some(x), Some(y)) if x.value == y.value && x.leader_epoch == y.leader_epoch)
}

impl Cluster {
    /// Adds records the producer was told were written at `base..`.
    pub(crate) fn ledger_acked(&mut self, partition: u32, base: Offset, first_value: u32, count: u32, acks: Acks, request: u32) {
        // An ack at an offset already acknowledged replaces the older entry (the older records
        // were truncated, or a zombie leader acknowledged them alone): check it before it goes.
        if self.guards[partition as usize].acked.get(&base).is_some_and(|a| a.request != request) {
            if let Some(l) = self.live_leader(partition) {
                self.check_leader_log(partition, l);
            }
        }
        let g = &mut self.guards[partition as usize];
        g.acked.insert(base, AckedRange { count, first_value, acks, request, tick: self.tick });
    }

    fn violation(&mut self, kind: &'static str, partition: u32, key: (Offset, BrokerId), what: Reason) {
        let g = &mut self.guards[partition as usize];
        if !g.reported.insert((kind, key.0, key.1)) {
            return;
        }
        let Reason { text, params } = what;
        let event = params!("violation", violation = kind, detail = params.clone());
        self.events.record(self.tick, "violation", Some(partition), None, event, format!("{kind}: {text}"));
        if self.violations.len() < MAX_VIOLATIONS {
            self.violations.push(Violation { kind, tick: self.tick, partition, text, params });
        } else {
            self.violations_dropped += 1;
        }
    }

    /// Runs every check for every partition; called at the end of each tick.
    pub(crate) fn check_invariants(&mut self) {
        for p in 0..self.config.partitions {
            self.check_partition(p);
        }
        if self.kraft.is_some() {
            self.check_quorum();
        }
    }

    /// Raft on the metadata log: at most one leader per epoch; no committed entry lost or
    /// changed on any controller, and the newest leader holds them all; two logs with the same
    /// epoch at an offset are identical up to it.
    fn check_quorum(&mut self) {
        let k = self.kraft.as_deref_mut().expect("a KRaft preset");
        let mut found: Vec<(&'static str, u64, Reason)> = Vec::new();
        let up: Vec<usize> = (0..k.voters.len()).filter(|i| k.voters[*i].status != crate::kraft::quorum::VoterStatus::Crashed).collect();
        let g = &mut k.ghost;
        for &i in &up {
            let v = &k.voters[i];
            if v.state != crate::kraft::quorum::RaftState::Leader {
                continue;
            }
            match g.leaders.get(&v.epoch) {
                Some(&l) if l != v.id => found.push((
                    "election-safety",
                    u64::from(v.epoch),
                    Reason::new(
                        params!("vio.election-safety", a = l, b = v.id, epoch = v.epoch),
                        format!("controllers {l} and {} both led epoch {}", v.id, v.epoch),
                    ),
                )),
                Some(_) => {}
                None => {
                    g.leaders.insert(v.epoch, v.id);
                }
            }
            let hw = v.high_watermark as usize;
            if hw > g.committed.len() && v.log.len() >= hw && v.log[..g.committed.len()] == g.committed[..] {
                g.committed.extend_from_slice(&v.log[g.committed.len()..hw]);
            }
        }
        let newest = g.leaders.last_key_value().map(|(e, _)| *e);
        for &i in &up {
            let v = &k.voters[i];
            let n = (v.high_watermark as usize).min(g.committed.len()).min(v.log.len());
            let newest_leader = v.state == crate::kraft::quorum::RaftState::Leader && Some(v.epoch) == newest;
            let n = if newest_leader { g.committed.len() } else { n };
            if let Some(o) = (0..n).find(|o| v.log.get(*o) != Some(&g.committed[*o])) {
                found.push((
                    "metadata-committed-lost",
                    o as u64,
                    Reason::new(
                        params!("vio.metadata-committed-lost", id = v.id, offset = o, leo = v.log.len()),
                        format!("controller {} lacks the committed metadata record at offset {o} (its log ends at {})", v.id, v.log.len()),
                    ),
                ));
            }
        }
        for (x, &i) in up.iter().enumerate() {
            for &j in &up[x + 1..] {
                let (a, b) = (&k.voters[i], &k.voters[j]);
                let m = a.log.len().min(b.log.len());
                let Some(last) = (0..m).rev().find(|o| a.log[*o].epoch == b.log[*o].epoch) else { continue };
                if let Some(o) = (0..=last).find(|o| a.log[*o] != b.log[*o]) {
                    found.push((
                        "metadata-log-divergence",
                        o as u64,
                        Reason::new(
                            params!("vio.metadata-log-divergence", a = a.id, b = b.id, offset = o, epoch = a.log[last].epoch, at = last),
                            format!(
                                "controllers {} and {} differ at offset {o} although both hold epoch {} at offset {last}",
                                a.id, b.id, a.log[last].epoch
                            ),
                        ),
                    ));
                }
            }
        }
        for (kind, key, what) in found {
            if !self.kraft.as_deref_mut().expect("a KRaft preset").ghost.reported.insert((kind, key)) {
                continue;
            }
            let Reason { text, params } = what;
            let event = params!("violation", violation = kind, detail = params.clone());
            self.events.record(self.tick, "violation", None, None, event, format!("{kind}: {text}"));
            if self.violations.len() < MAX_VIOLATIONS {
                self.violations.push(Violation { kind, tick: self.tick, partition: NO_PARTITION, text, params });
            } else {
                self.violations_dropped += 1;
            }
        }
    }

    fn live_leader(&self, p: u32) -> Option<BrokerId> {
        let st = &self.zk.partitions[p as usize];
        let l = u32::try_from(st.leader).ok()?;
        let b = &self.brokers[l as usize];
        (b.is_alive() && b.replicas.get(&p).is_some_and(|r| r.is_leader() && r.leader_epoch == st.leader_epoch)).then_some(l)
    }

    fn check_partition(&mut self, p: u32) {
        let pi = p as usize;
        let st = self.zk.partitions[pi].clone();
        let ar = self.zk.assignment[pi].clone();
        // Structure: HW ≤ LEO everywhere; leader ∈ ISR ⊆ AR (LeaderInIsr, with leader ≠ none).
        for &b in &ar {
            let log = &self.brokers[b as usize].replicas[&p].log;
            if log.high_watermark() > log.log_end_offset() {
                let (hw, leo) = (log.high_watermark(), log.log_end_offset());
                let what = Reason::new(
                    params!("vio.structure.hw-above-leo", b = b, hw = hw, leo = leo),
                    format!("b{b}'s HW {hw} is above its LEO {leo}"),
                );
                self.violation("structure", p, (hw, b), what);
            }
        }
        if st.leader >= 0 && !st.isr.contains(&(st.leader as u32)) {
            let what = Reason::new(
                params!("vio.structure.leader-not-in-isr", b = st.leader, isr = &st.isr),
                format!("leader b{} is not in the ISR {:?}", st.leader, st.isr),
            );
            self.violation("structure", p, (st.leader_epoch as Offset, 0), what);
        }
        // As a bit mask of the assigned replicas (ids < MAX_BROKERS = 32): a scan of AR per ISR
        // member was RF² a partition every tick.
        let assigned = ar.iter().fold(0u64, |m, &b| m | 1 << b);
        if let Some(b) = st.isr.iter().find(|&&b| assigned >> b & 1 == 0) {
            let what =
                Reason::new(params!("vio.structure.isr-not-assigned", b = *b), format!("ISR member b{b} is not an assigned replica"));
            self.violation("structure", p, (st.leader_epoch as Offset, *b), what);
        }
        let leader = self.live_leader(p);
        // The leader's HW never falls within one leader epoch (§1.4; across epochs it may).
        if let Some(l) = leader {
            let hw = self.brokers[l as usize].replicas[&p].log.high_watermark();
            let term = (st.leader_epoch, l, self.brokers[l as usize].started_at);
            if let Some((t, h)) = self.guards[pi].leader_hw {
                if t == term && hw < h {
                    self.violation(
                        "hw-decreased",
                        p,
                        (hw, l),
                        Reason::new(
                            params!("vio.hw-decreased", b = l, from = h, to = hw, epoch = t.0),
                            format!("leader b{l}'s HW fell from {h} to {hw} within leader_epoch {}", t.0),
                        ),
                    );
                }
            }
            self.guards[pi].leader_hw = Some((term, hw));
        }
        // The replicas truncated since the last check. Most ticks none was, and the counts are
        // compared in place: no map is built, no pair of `matched` visited (that was RF² a tick).
        let truncation_count = |b: BrokerId| self.brokers[b as usize].replicas[&p].log.truncations();
        let seen = &self.guards[pi].truncations;
        let unchanged = seen.len() == ar.len() && ar.iter().all(|&b| seen.get(&b) == Some(&truncation_count(b)));
        let truncations: Option<VecMap<BrokerId, u64>> = (!unchanged).then(|| ar.iter().map(|&b| (b, truncation_count(b))).collect());
        self.note_isr_changes(p, &st.isr, st.leader, leader);
        let g = &mut self.guards[pi];
        // Re-check the leader's log once a new leader actually leads, and after any truncation or
        // ISR change.
        let led = leader.map(|l| (l as i32, st.leader_epoch));
        let dirty = (led.is_some() && led != Some((g.leader, g.leader_epoch))) || g.isr != st.isr || truncations.is_some();
        let truncated: Vec<BrokerId> =
            truncations.iter().flat_map(|t| t.iter().filter(|(b, n)| g.truncations.get(b) != Some(n)).map(|(b, _)| *b)).collect();
        if let Some((l, e)) = led {
            (g.leader, g.leader_epoch) = (l, e);
        }
        if g.isr != st.isr {
            g.isr.clone_from(&st.isr);
            g.isr_since = self.tick;
        }
        if let Some(t) = truncations {
            g.truncations = t;
        }
        if !truncated.is_empty() {
            for (pair, upto) in g.matched.iter_mut() {
                if truncated.contains(&pair.0) || truncated.contains(&pair.1) {
                    *upto = 0;
                }
            }
        }
        if truncated.iter().any(|b| Some(*b) == leader) || dirty && leader.is_some() {
            g.idempotent.clear();
            g.idempotent_upto = 0;
        }
        if let Some(l) = leader {
            if dirty {
                self.check_leader_log(p, l);
                self.check_strong_isr(p, l);
            }
            // KRaft: a restarted broker serves no request until unfenced (cluster.rs `deliver`),
            // so an HW its makeLeader reached from a stale image (ISR {itself}) before then was
            // seen by no producer, consumer or follower: nothing is committed by it yet.
            if self.serves_requests(l) {
                self.extend_committed(p, l);
            }
            self.check_duplicates(p, l);
        }
        self.check_log_matching(p, &ar, &truncated);
    }

    /// Remembers why each replica that left the ISR since the last check left it (the snapshot's
    /// `outOfIsr`): a reason the controller recorded since the ISR last changed stands (KRaft: it
    /// is recorded when written, the ISR changes once committed); otherwise a broker whose
    /// ZooKeeper session expired, or the leader's isr-expiration task found it out of sync, for the
    /// reason its rule gives. And how each one that joined it did (`joinedIsr`): the leader adds
    /// only followers that caught up (`Partition.maybeExpandIsr`); the controller's choice of
    /// leader (`elected`) joins by its election.
    fn note_isr_changes(&mut self, p: u32, isr: &[BrokerId], elected: i32, leader: Option<BrokerId>) {
        let (was, since) = (&self.guards[p as usize].isr, self.guards[p as usize].isr_since);
        if was.as_slice() == isr {
            return;
        }
        // The first check finds the ISR the topic was created with: no replica joined it then.
        let created = was.is_empty();
        for &m in isr.iter().filter(|m| !was.contains(m)) {
            if created && self.events.last_isr_exit(p, m).is_none() {
                continue;
            }
            let reason = if elected == m as i32 { "elected" } else { "caught-up" };
            self.events.isr_join(p, m, crate::events::IsrJoin { reason, tick: self.tick });
        }
        let was = &self.guards[p as usize].isr;
        for &m in was.iter().filter(|m| !isr.contains(m)) {
            if self.events.last_isr_exit(p, m).is_some_and(|e| e.tick >= since) {
                continue;
            }
            // KRaft: the controller fenced it (no heartbeat for broker.session.timeout.ms, or
            // an unclean restart), which unregisters it from the published image too.
            let reason = if !self.zk.is_registered(m) {
                if self.kraft.is_some() {
                    "fenced"
                } else {
                    "zk-session-expired"
                }
            } else {
                leader
                    .and_then(|l| self.brokers[l as usize].replicas[&p].out_of_sync(&self.config, &self.timing, self.tick, m))
                    .map_or("lag-time", |o| o.kind())
            };
            self.events.isr_exit(p, m, crate::events::IsrExit { reason, tick: self.tick });
        }
    }

    /// KRaft: a restarted broker serves no request until the controller unfences it (cluster.rs
    /// `deliver`, `BrokerServer.startup`); until then no client or follower sees its HWs.
    fn serves_requests(&self, b: BrokerId) -> bool {
        self.kraft.as_ref().is_none_or(|k| k.observers[b as usize].running)
    }

    /// The committed ledger grows with the leader's HW (the "true HW" of §5.3).
    fn extend_committed(&mut self, p: u32, l: BrokerId) {
        let log = &self.brokers[l as usize].replicas[&p].log;
        let g = &mut self.guards[p as usize];
        let hw = log.high_watermark();
        if g.committed.is_empty() && g.committed_base < log.log_start_offset() {
            g.committed_base = log.log_start_offset();
        }
        let end = g.committed_end();
        for (_, chunk) in log.chunks(end, hw) {
            g.committed.extend_from_slice(chunk);
        }
        let excess = g.committed.len().saturating_sub(LEDGER_KEPT);
        g.committed.pop_front_n(excess);
        g.committed_base += excess as Offset;
    }

    /// After a leader change, truncation or ISR change: the leader must still hold every committed
    /// record (Leader Completeness), every acknowledged record, and what consumers read.
    fn check_leader_log(&mut self, p: u32, l: BrokerId) {
        let pi = p as usize;
        let epoch = self.zk.partitions[pi].leader_epoch;
        let why = self.last_election[pi].clone();
        let mut found: Vec<(&'static str, (Offset, BrokerId), Reason)> = Vec::new();
        {
            let log = &self.brokers[l as usize].replicas[&p].log;
            let g = &self.guards[pi];
            let start = log.log_start_offset();
            // Committed records: one violation for the first offset that is missing or different.
            let end = g.committed_end();
            if let Some(o) = (g.committed_base.max(start)..end).find(|&o| !same(g.committed_at(o), log.record(o))) {
                let lost = (o..end).filter(|&x| !same(g.committed_at(x), log.record(x))).count();
                let c = g.committed_at(o).expect("o is below the ledger's end");
                let has = describe(log.record(o), log, o);
                found.push((
                    "committed-lost",
                    (o, l),
                    Reason::new(
                        params!("vio.committed-lost", offset = o, value = c.value, end = end, b = l, epoch = epoch, has = has.params, lost = lost, why = why.params.clone()),
                        format!(
                            "offset {o} held committed m{} (below an HW of {end}), but leader b{l} (leader_epoch {epoch}) has {}; {lost} committed offset(s) differ. {}",
                            c.value, has.text, why.text
                        ),
                    ),
                ));
            }
            // Acknowledged records: one violation per request, at its first missing record.
            for (base, a) in g.acked.entries().into_iter().filter(|(b, a)| b + u64::from(a.count) > start) {
                // Only what retention has not deleted yet can be checked.
                let first = start.saturating_sub(base) as u32;
                let missing = (first..a.count).find(|&i| log.record(base + u64::from(i)).is_none_or(|r| r.value != a.first_value + i));
                let Some(i) = missing else { continue };
                let (o, value, req) = (base + u64::from(i), a.first_value + i, a.request);
                let holders: Vec<BrokerId> = self.zk.assignment[pi]
                    .iter()
                    .copied()
                    .filter(|&b| self.brokers[b as usize].replicas[&p].log.record(o).is_some_and(|r| r.value == value))
                    .collect();
                let label = |b: BrokerId| self.brokers[b as usize].status.label();
                let who = if holders.is_empty() {
                    Reason::new(params!("vio.nobody-has-it"), "no replica has it any more".to_string())
                } else {
                    let names: Vec<String> = holders.iter().map(|&b| format!("b{b} ({})", label(b))).collect();
                    let list = holders.iter().map(|&b| params!("vio.holder", b = b, status = label(b))).collect();
                    Reason::new(params!("vio.only-has-it", holders = Param::List(list)), format!("only {} still has it", names.join(", ")))
                };
                let has = describe(log.record(o), log, o);
                found.push((
                    if a.acks == Acks::All { "acked-lost" } else { "acks1-lost" },
                    (o, u32::MAX - req),
                    Reason::new(
                        params!(
                            if a.acks == Acks::All { "vio.acked-lost" } else { "vio.acks1-lost" },
                            request = req,
                            offset = o,
                            value = value,
                            at = secs(a.tick),
                            acks = a.acks.label(),
                            b = l,
                            epoch = epoch,
                            has = has.params,
                            who = who.params,
                            why = why.params.clone()
                        ),
                        format!(
                            "request #{req}: offset {o} (m{value}) was acked at {} under acks={}; leader b{l} (leader_epoch {epoch}) has {} there; {}. {}",
                            secs(a.tick),
                            a.acks.label(),
                            has.text,
                            who.text,
                            why.text
                        ),
                    ),
                ));
            }
            // Consistent reads: what the consumer read never changes.
            let c = &self.consumers[pi];
            let from = c.read_base.max(start);
            if let Some(o) = (from..c.read_base + c.read.len() as Offset).find(|&o| !same(c.read_at(o), log.record(o))) {
                let r = c.read_at(o).expect("within what it read");
                let has = describe(log.record(o), log, o);
                found.push((
                    "consistent-read",
                    (o, l),
                    Reason::new(
                        params!(
                            "vio.consistent-read",
                            value = r.value,
                            offset = o,
                            b = l,
                            epoch = epoch,
                            has = has.params,
                            why = why.params.clone()
                        ),
                        format!(
                            "the consumer read m{} at offset {o}; leader b{l} (leader_epoch {epoch}) now has {}. {}",
                            r.value, has.text, why.text
                        ),
                    ),
                ));
            }
        }
        for (kind, key, text) in found {
            if kind == "committed-lost" {
                // Reported once: from here the ledger follows the history the cluster now has.
                let g = &mut self.guards[pi];
                let keep = (key.0 - g.committed_base) as usize;
                g.committed.truncate(keep);
            }
            self.violation(kind, p, key, text);
        }
    }

    /// StrongIsr (§5.1): every live member of the ISR in ZooKeeper holds every committed record.
    fn check_strong_isr(&mut self, p: u32, l: BrokerId) {
        let pi = p as usize;
        let mut found = Vec::new();
        {
            let g = &self.guards[pi];
            for &m in self.zk.partitions[pi].isr.iter().filter(|&&m| m != l && self.brokers[m as usize].is_alive()) {
                let log = &self.brokers[m as usize].replicas[&p].log;
                let end = g.committed_end();
                if let Some(o) = (g.committed_base.max(log.log_start_offset())..end).find(|&o| !same(g.committed_at(o), log.record(o))) {
                    let c = g.committed_at(o).expect("below the ledger's end");
                    let has = describe(log.record(o), log, o);
                    found.push((
                        (o, m),
                        Reason::new(
                            params!("vio.strong-isr", b = m, has = has.params, offset = o, value = c.value),
                            format!(
                                "ISR member b{m} has {} at offset {o}, where m{} was committed: if elected, it loses committed data",
                                has.text, c.value
                            ),
                        ),
                    ));
                }
            }
        }
        for (key, text) in found {
            self.violation("strong-isr", p, key, text);
        }
    }

    /// Log Matching (§5.2): below both replicas' HWs, two logs hold the same records. Checked
    /// incrementally per pair, and only for pairs with a replica whose HW or log start moved or
    /// that was truncated since the last check: for the others the range to check is empty and
    /// `matched` stays as it is, so an idle partition costs its replicas, not their pairs.
    /// KRaft: a replica on a broker that serves no request yet is left out until it does: a
    /// restarted leader's makeLeader may raise its HW from the stale image it published (ISR
    /// {itself}) over records a newer leader has replaced; it truncates once it replays the newer
    /// leader epoch, and no client saw that HW (sweep seed 763, 4.2 with fetch from follower).
    fn check_log_matching(&mut self, p: u32, ar: &[BrokerId], truncated: &[BrokerId]) {
        // Bit i: replica ar[i]'s broker serves requests (a bit mask, as `moved`: this runs for
        // every partition every tick).
        let serving: u64 = ar.iter().enumerate().fold(0, |m, (i, &b)| m | u64::from(self.serves_requests(b)) << i);
        let serves = |i: usize| serving >> i & 1 == 1;
        let offsets = |log: &Log, i: usize| (log.high_watermark(), log.log_start_offset(), serves(i));
        // Bit i: replica ar[i] moved (the RF is at most MAX_BROKERS = 32).
        let mut moved: u64 = 0;
        let (seen_ar, seen) = &mut self.log_matching_seen[p as usize];
        if seen_ar.as_slice() == ar {
            for (i, (&b, was)) in ar.iter().zip(seen.iter_mut()).enumerate() {
                let now = offsets(&self.brokers[b as usize].replicas[&p].log, i);
                if now != *was || truncated.contains(&b) {
                    moved |= 1 << i;
                    *was = now;
                }
            }
        } else {
            *seen_ar = ar.to_vec();
            *seen = ar.iter().enumerate().map(|(i, &b)| offsets(&self.brokers[b as usize].replicas[&p].log, i)).collect();
            moved = (1 << ar.len()) - 1;
        }
        if moved == 0 {
            return;
        }
        let mut found = Vec::new();
        for (i, &a) in ar.iter().enumerate() {
            for (j, &b) in ar.iter().enumerate().skip(i + 1) {
                if (moved >> i | moved >> j) & 1 == 0 || !serves(i) || !serves(j) {
                    continue;
                }
                let (la, lb) = (&self.brokers[a as usize].replicas[&p].log, &self.brokers[b as usize].replicas[&p].log);
                let upto = la.high_watermark().min(lb.high_watermark());
                let from = self.guards[p as usize]
                    .matched
                    .get(&(a, b))
                    .copied()
                    .unwrap_or(0)
                    .max(la.log_start_offset())
                    .max(lb.log_start_offset());
                if let Some(o) = la.first_difference(lb, from, upto) {
                    let (ra, rb) = (describe(la.record(o), la, o), describe(lb.record(o), lb, o));
                    let (ha, hb) = (la.high_watermark(), lb.high_watermark());
                    found.push((
                        (o, a * 1000 + b),
                        Reason::new(
                            params!("vio.log-divergence", a = a, b = b, offset = o, has_a = ra.params, has_b = rb.params, hw_a = ha, hw_b = hb),
                            format!(
                                "b{a} and b{b} differ at offset {o} ({} vs {}), below both their HWs ({ha} and {hb}): the logs have diverged",
                                ra.text, rb.text
                            ),
                        ),
                    ));
                }
                self.guards[p as usize].matched.insert((a, b), upto.max(from));
            }
        }
        for (key, text) in found {
            self.violation("log-divergence", p, key, text);
        }
    }

    /// With idempotence, a record (a producer message id) appears once in the leader's log.
    fn check_duplicates(&mut self, p: u32, l: BrokerId) {
        let log = &self.brokers[l as usize].replicas[&p].log;
        let g = &mut self.guards[p as usize];
        let from = g.idempotent_upto.max(log.log_start_offset());
        let mut found = Vec::new();
        let idempotent =
            log.chunks(from, log.log_end_offset()).flat_map(|(start, chunk)| (start..).zip(chunk)).filter(|(_, r)| r.base_sequence >= 0);
        for (o, r) in idempotent {
            if let Some(&first) = g.idempotent.get(&r.value) {
                if first != o {
                    found.push((
                        (o, l),
                        Reason::new(
                            params!("vio.duplicate", value = r.value, first = first, second = o, b = l),
                            format!("m{} is at offsets {first} and {o} of leader b{l}, although its producer was idempotent", r.value),
                        ),
                    ));
                }
            } else {
                g.idempotent.insert(r.value, o);
            }
        }
        g.idempotent_upto = log.log_end_offset();
        for (key, text) in found {
            self.violation("duplicate", p, key, text);
        }
    }
}
