//! Kafka's operator metrics, as its MBeans define them, sampled once per tick (issue #19):
//!
//! - `kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions`: per broker, the partitions
//!   it leads whose ISR is smaller than their replication factor (`ReplicaManager` counts
//!   `leaderPartitionsIterator.count(_.isUnderReplicated)`; `Partition.isUnderReplicated` is
//!   `isLeader && assignmentState.replicationFactor - partitionState.isr.size > 0`). A broker
//!   counts what *it* leads, from its own committed ISR: a crashed leader's partitions are counted
//!   by nobody (OfflinePartitionsCount covers them once the controller knows).
//! - `ReplicaManager,name=UnderMinIsrPartitionCount`: per broker, the partitions it leads whose
//!   ISR is below min.insync.replicas (`Partition.isUnderMinIsr`: `partitionState.isr.size <
//!   effectiveMinIsr(leaderLog)`, capped at the RF since 3.7 as the produce path caps it).
//! - `kafka.controller:type=KafkaController,name=OfflinePartitionsCount`: the active controller's
//!   partitions without a live leader. ZooKeeper mode: the leader is not among the controller's
//!   live brokers (`ControllerContext.offlinePartitionCount`), and a broker that is not the active
//!   controller reports 0 (`KafkaController.updateMetrics`); KRaft: the committed image's
//!   partitions without a leader (`ControllerMetricsChanges.handlePartitionChange`, `!hasLeader`).
//! - `KafkaController,name=ActiveControllerCount`: 1 on the active controller. ZooKeeper mode: the
//!   running broker holding /controller; KRaft: a running voter that leads the quorum and has
//!   claimed its epoch (its LeaderChangeMessage committed, `QuorumController` after
//!   `handleLeaderChange`). An isolated old leader keeps saying 1 until check-quorum makes it
//!   resign, so the sum is briefly 2: the alert operators set on "sum != 1".
//! - `ReplicaManager,name=IsrShrinksPerSec` / `IsrExpandsPerSec`: the leader's own ISR changes,
//!   one mark per committed change (`Partition` calls `isrChangeListener.markShrink()` /
//!   `markExpand()` once its AlterPartition, or ≤ 2.6 its ZooKeeper write, succeeded). ISR changes
//!   the controller makes (a dead or fenced broker removed, an election) are not counted: that is
//!   the difference between "fencing" and "the leader shrank the ISR".
//! - `kafka.controller:type=ControllerStats,name=UncleanLeaderElectionsPerSec`: elections of a
//!   leader outside the previous ISR and ELR (`PartitionRegistration.electionWasClean`, which KRaft's
//!   `ControllerMetricsChanges` applies to every published partition change; ZooKeeper mode marks the
//!   same case in `PartitionLeaderElectionAlgorithms.offlinePartitionLeaderElection`). The KRaft
//!   "last known leader" election (ISR and ELR empty) counts too.
//!
//! Simplification (README, "named simplifications"): Kafka's `*PerSec` meters are Yammer meters
//! whose rates are exponentially weighted moving averages (1, 5 and 15 min) beside a `Count`; here a
//! rate is the count over the last [`RATE_WINDOW_TICKS`] of simulated time divided by the window,
//! so a single shrink reads 0.1/s for exactly 10 s. The counts themselves are exact.

use crate::cluster::Cluster;
use crate::config::{Strategy, TICK_MS};
use crate::message::{BrokerId, Tick};
use std::collections::VecDeque;

/// The window of the `*PerSec` rates: 10 s of simulated time.
pub const RATE_WINDOW_TICKS: Tick = 100;
/// Samples kept for the chart (one per tick: the last 30 s); `snapshot({ metricsHistory })` asks
/// for at most this many.
pub const METRICS_HISTORY_MAX: usize = 300;

/// One tick's gauges and the cumulative counts of the meters (their `Count` attribute), small:
/// every checkpoint of the page's timeline holds 400 of them (gauges ≤ MAX_PARTITIONS; a count
/// saturates at u32::MAX, far beyond any session).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Sample {
    under_replicated: u16,
    under_min_isr: u16,
    offline: u16,
    active_controllers: u16,
    isr_shrinks: u32,
    isr_expands: u32,
    unclean_elections: u32,
}

fn small<T: TryFrom<u64> + Copy>(n: u64, max: T) -> T {
    T::try_from(n).unwrap_or(max)
}

/// What the partition image said at the last sample, to find unclean elections by difference as
/// `ControllerMetricsChanges` does: (the image's version of it, leader, ISR, ELR).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Seen {
    version: u32,
    leader: i32,
    isr: Vec<BrokerId>,
    elr: Vec<BrokerId>,
}

/// The samples of the last METRICS_HISTORY_MAX + RATE_WINDOW_TICKS ticks (the oldest sample shown
/// needs the window before it for its rates). Derived from the state each tick, whether or not
/// events are recorded, so a quiet replay reaches the same history; not part of the state hash.
#[derive(Clone, Debug, Default)]
pub struct Metrics {
    samples: VecDeque<Sample>,
    /// The tick of the newest sample.
    last_tick: Tick,
    seen: Vec<Seen>,
    unclean_elections: u64,
}

/// The per-broker gauges of `ReplicaManager` (null while the broker is down: nobody reports them).
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BrokerMetricsView {
    pub id: BrokerId,
    pub under_replicated_partitions: Option<u32>,
    pub under_min_isr_partition_count: Option<u32>,
}

/// `ActiveControllerCount` of one node that can be the controller: every broker in ZooKeeper mode,
/// every controller voter in KRaft (null while it is down).
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ControllerMetricsView {
    pub id: BrokerId,
    pub active_controller_count: Option<u32>,
}

/// One tick of the chart: the cluster-wide values (they hold until the next sample's tick).
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(serde::Serialize, Clone, Copy, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct MetricsSample {
    pub tick: Tick,
    pub under_replicated_partitions: u32,
    pub under_min_isr_partition_count: u32,
    pub offline_partitions_count: u32,
    pub active_controller_count: u32,
    pub isr_shrinks_per_sec: f64,
    pub isr_expands_per_sec: f64,
    pub unclean_leader_elections_per_sec: f64,
}

/// The snapshot's `metrics`: the cluster-wide values now (gauges summed over the nodes that report
/// them), each node's, the meters' counts since the start, and the last samples if asked for.
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MetricsView {
    /// The window of the `*PerSec` rates (ms of simulated time).
    pub rate_window_ms: u64,
    /// The values at this tick.
    pub now: MetricsSample,
    pub isr_shrinks_count: u64,
    pub isr_expands_count: u64,
    pub unclean_leader_elections_count: u64,
    pub brokers: Vec<BrokerMetricsView>,
    pub controllers: Vec<ControllerMetricsView>,
    /// The samples of the last `snapshot({ metricsHistory: N })` ticks, oldest first: the oldest
    /// and each one where a value changed (empty by default).
    pub history: Vec<MetricsSample>,
}

impl Metrics {
    /// The ISR rates per second from the counts `window` ticks apart.
    fn rates(newer: &Sample, older: &Sample, window: Tick) -> (f64, f64, f64) {
        let secs = (window * TICK_MS) as f64 / 1000.0;
        let rate = |a: u32, b: u32| f64::from(a - b) / secs;
        (
            rate(newer.isr_shrinks, older.isr_shrinks),
            rate(newer.isr_expands, older.isr_expands),
            rate(newer.unclean_elections, older.unclean_elections),
        )
    }

    /// The chart's sample `back` ticks before the newest (0: the newest). Before the first
    /// RATE_WINDOW_TICKS ticks the window reaches back to the start, where every count was 0.
    fn sample_at(&self, back: usize) -> MetricsSample {
        let i = self.samples.len() - 1 - back;
        let s = &self.samples[i];
        let older = i.saturating_sub(RATE_WINDOW_TICKS as usize);
        let (isr_shrinks_per_sec, isr_expands_per_sec, unclean_leader_elections_per_sec) =
            Metrics::rates(s, &self.samples[older], RATE_WINDOW_TICKS);
        MetricsSample {
            tick: self.last_tick - back as Tick,
            under_replicated_partitions: u32::from(s.under_replicated),
            under_min_isr_partition_count: u32::from(s.under_min_isr),
            offline_partitions_count: u32::from(s.offline),
            active_controller_count: u32::from(s.active_controllers),
            isr_shrinks_per_sec,
            isr_expands_per_sec,
            unclean_leader_elections_per_sec,
        }
    }
}

impl Metrics {
    /// The samples of the last `ticks` ticks, oldest first, each only where a value changed (and
    /// the oldest): the chart draws step lines, and sending every tick's sample made a snapshot of
    /// the default cluster twice as costly.
    fn changes(&self, ticks: usize) -> Vec<MetricsSample> {
        let mut out: Vec<MetricsSample> = Vec::new();
        for back in (0..ticks).rev() {
            let s = self.sample_at(back);
            if out.last().is_none_or(|l| MetricsSample { tick: s.tick, ..*l } != s) {
                out.push(s);
            }
        }
        out
    }
}

impl Cluster {
    /// Takes this tick's sample (after the invariants: the state the snapshot shows).
    pub(crate) fn sample_metrics(&mut self) {
        let (urp, umi) = self.leader_gauges().fold((0, 0), |(u, m), (_, g)| (u + g.0, m + g.1));
        self.metrics.unclean_elections += self.unclean_elections_since_last_sample();
        let active: u32 = self.controller_nodes().map(|(_, a)| a.unwrap_or(0)).sum();
        let sample = Sample {
            under_replicated: small(u64::from(urp), u16::MAX),
            under_min_isr: small(u64::from(umi), u16::MAX),
            offline: small(u64::from(self.offline_partitions()), u16::MAX),
            active_controllers: small(u64::from(active), u16::MAX),
            isr_shrinks: small(self.stats.isr_shrinks, u32::MAX),
            isr_expands: small(self.stats.isr_expands, u32::MAX),
            unclean_elections: small(self.metrics.unclean_elections, u32::MAX),
        };
        let m = &mut self.metrics;
        if m.samples.len() == METRICS_HISTORY_MAX + RATE_WINDOW_TICKS as usize {
            m.samples.pop_front();
        }
        m.samples.push_back(sample);
        m.last_tick = self.tick;
    }

    /// Per running broker: (UnderReplicatedPartitions, UnderMinIsrPartitionCount) of the
    /// partitions it leads, by its own replica's role and committed ISR (`Partition.isLeader`).
    fn leader_gauges(&self) -> impl Iterator<Item = (BrokerId, (u32, u32))> + '_ {
        self.brokers.iter().filter(|b| b.is_alive()).map(|b| {
            let mut g = (0, 0);
            for r in b.replicas.values().filter(|r| r.is_leader()) {
                // During a reassignment the replication factor is the original replicas'
                // (`OngoingReassignmentState.replicationFactor`: replicas minus adding).
                let adding = self.zk.reassignments.get(&r.partition).map_or(0, |a| a.adding.len());
                let rf = r.replicas.len() - adding.min(r.replicas.len());
                g.0 += u32::from(r.isr.len() < rf);
                g.1 += u32::from(r.isr.len() < crate::leader::effective_min_isr(&self.config, r.replicas.len()));
            }
            (b.id, g)
        })
    }

    /// OfflinePartitionsCount as the active controller reports it (0 without one).
    fn offline_partitions(&self) -> u32 {
        match &self.kraft {
            Some(k) => k.committed_partitions.iter().filter(|r| r.leader < 0).count() as u32,
            None => match self.zk.controller.filter(|&c| self.brokers[c as usize].is_alive()) {
                None => 0,
                Some(_) => self
                    .zk
                    .partitions
                    .iter()
                    .filter(|st| st.leader < 0 || !self.controller_live.contains_key(&(st.leader as BrokerId)))
                    .count() as u32,
            },
        }
    }

    /// Each node that can be the controller, with its ActiveControllerCount (None: down).
    fn controller_nodes(&self) -> Box<dyn Iterator<Item = (BrokerId, Option<u32>)> + '_> {
        use crate::kraft::quorum::VoterStatus;
        match &self.kraft {
            Some(k) => Box::new(
                k.voters.iter().map(|v| (v.id, (v.status != VoterStatus::Crashed).then_some(u32::from(v.leads_committed_epoch())))),
            ),
            None => Box::new(self.brokers.iter().map(|b| (b.id, b.is_alive().then_some(u32::from(self.zk.controller == Some(b.id)))))),
        }
    }

    /// Leader changes since the last sample to a replica outside the previous ISR and ELR
    /// (`PartitionRegistration.electionWasClean`), found by comparing the image with the last one
    /// seen, as `ControllerMetricsChanges` compares a delta with the image before it. A partition
    /// seen for the first time (topic creation) counts none. The quorum strategy (not Kafka) elects the most complete
    /// log among a majority: no election of it is "unclean".
    fn unclean_elections_since_last_sample(&mut self) -> u64 {
        let quorum = self.config.strategy == Strategy::Quorum;
        let seen = &mut self.metrics.seen;
        match &self.kraft {
            Some(k) => {
                count_unclean(seen, k.committed_partitions.iter().map(|r| (r.partition_epoch, r.leader, &r.isr[..], &r.elr[..])), quorum)
            }
            None => count_unclean(seen, self.zk.partitions.iter().map(|st| (st.version, st.leader, &st.isr[..], &[][..])), quorum),
        }
    }

    /// The snapshot's `metrics`, with the last `history` samples (at most METRICS_HISTORY_MAX).
    pub(crate) fn metrics_view(&self, history: usize) -> MetricsView {
        let m = &self.metrics;
        let mut leaders = self.leader_gauges().peekable();
        let brokers = self
            .brokers
            .iter()
            .map(|b| {
                let g = leaders.next_if(|(id, _)| *id == b.id).map(|(_, g)| g);
                BrokerMetricsView { id: b.id, under_replicated_partitions: g.map(|g| g.0), under_min_isr_partition_count: g.map(|g| g.1) }
            })
            .collect();
        let shown = history.min(METRICS_HISTORY_MAX).min(m.samples.len());
        MetricsView {
            rate_window_ms: RATE_WINDOW_TICKS * TICK_MS,
            now: m.sample_at(0),
            isr_shrinks_count: self.stats.isr_shrinks,
            isr_expands_count: self.stats.isr_expands,
            unclean_leader_elections_count: m.unclean_elections,
            brokers,
            controllers: self.controller_nodes().map(|(id, a)| ControllerMetricsView { id, active_controller_count: a }).collect(),
            history: m.changes(shown),
        }
    }
}

/// `unclean_elections_since_last_sample` over the image `now` (version, leader, ISR, ELR of each
/// partition), updating `seen`.
fn count_unclean<'a>(
    seen: &mut Vec<Seen>,
    now: impl ExactSizeIterator<Item = (u32, i32, &'a [BrokerId], &'a [BrokerId])>,
    quorum: bool,
) -> u64 {
    let mut unclean = 0;
    // A partition not seen before is a new one: `handlePartitionChange(null, next)` takes its
    // replicas as the previous ISR, so its first leader is clean.
    let known = seen.len();
    seen.resize(now.len(), Seen::default());
    for (i, (s, (version, leader, isr, elr))) in seen.iter_mut().zip(now).enumerate() {
        let new = i >= known;
        if !new && s.version == version && s.leader == leader {
            continue;
        }
        let clean = leader < 0 || leader == s.leader || s.isr.contains(&(leader as BrokerId)) || s.elr.contains(&(leader as BrokerId));
        if !new && !quorum && !clean {
            unclean += 1;
        }
        *s = Seen { version, leader, isr: isr.to_vec(), elr: elr.to_vec() };
    }
    unclean
}
