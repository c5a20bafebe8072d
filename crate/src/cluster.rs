//! The whole simulated cluster: brokers, ZooKeeper, the controller, the network and a producer.
//!
//! One tick runs in a fixed phase order:
//! 1. the network delivers every message due, in (deliver_at, seq) order;
//! 2. brokers run their timers in id order (fetch loops, parked fetches, ISR expiration, HW checkpoint);
//! 3. the producer retries what is due and times out what got no answer; consumers poll;
//! 4. ZooKeeper expires the sessions of brokers that stopped heart-beating; restarted ones register;
//! 5. the controller (if its broker runs and reaches ZooKeeper) is elected if missing, then reacts
//!    to broker changes;
//! 6. the invariants are checked (`invariants.rs`).

use crate::api::{ApiError, Value};
use crate::broker::{Broker, BrokerStatus};
use crate::collections::{VecMap, VecSet};
use crate::config::Config;
use crate::consumer::Consumer;
use crate::controller::QueuedControl;
use crate::events::{Event, Events};
use crate::invariants::{PartitionGuard, Violation};
use crate::message::{Acks, BrokerId, BrokerState, Envelope, Msg, Network, NodeId, Tick, CONSUMER, PRODUCER};
use crate::partition::{Stats, Timing};
use crate::producer::{ProduceArgs, Request};
use crate::rng::Rng;
use crate::zk::ZooKeeper;
use std::collections::VecDeque;
use std::hash::{Hash, Hasher};

/// `step(n)` accepts at most this many ticks per call.
pub const MAX_STEP_TICKS: u64 = 100_000;

/// Cloning is a checkpoint: the copy goes on exactly as the original would (time travel, compare mode).
#[derive(Clone, Debug)]
pub struct Cluster {
    pub config: Config,
    pub timing: Timing,
    pub tick: Tick,
    pub(crate) rng: Rng,
    pub brokers: Vec<Broker>,
    pub zk: ZooKeeper,
    /// The active controller's view of live brokers: id → czxid of the registration it processed.
    pub(crate) controller_live: VecMap<BrokerId, u64>,
    /// The active controller's request queue per broker (`ControllerChannelManager`): each
    /// LeaderAndIsr stays until answered or superseded, and is resent when unanswered.
    pub(crate) control_queue: VecMap<BrokerId, Vec<QueuedControl>>,
    /// The controller's `shuttingDownBrokerIds`: brokers in a controlled shutdown, never chosen
    /// as leaders nor sent LeaderAndIsr (`isReplicaOnline` leaves them out).
    pub(crate) shutting_down: VecSet<BrokerId>,
    /// The producer's metadata (who leads each partition, as it last learnt).
    pub(crate) producer_metadata: crate::producer::ProducerMetadata,
    /// When the controller next checks the leader imbalance (`auto.leader.rebalance.enable`).
    pub(crate) rebalance_at: Option<Tick>,
    pub network: Network,
    /// Cut broker-to-broker links, as (lower id, higher id).
    pub cut_links: VecSet<(BrokerId, BrokerId)>,
    /// Message kinds whose next occurrence the network drops (`dropNext`).
    pub drop_next: Vec<&'static str>,
    pub requests: VecDeque<Request>,
    /// Tick → ids of the requests that may need the producer then (a retry after its backoff, or
    /// an attempt's timeout): a timer wheel derived from `requests`, so not part of the state hash.
    pub(crate) producer_timers: VecMap<Tick, Vec<u32>>,
    pub consumers: Vec<Consumer>,
    /// Ghost state for the live invariant checks, per partition.
    pub(crate) guards: Vec<PartitionGuard>,
    /// Per partition, the assigned replicas and their (HW, log start offset) at the last Log
    /// Matching check (`invariants.rs`): a cache of what the check saw, not part of the state hash.
    pub(crate) log_matching_seen: Vec<crate::invariants::SeenOffsets>,
    pub violations: Vec<Violation>,
    pub violations_dropped: u64,
    /// The controller's last leadership decision per partition, in words (for cause chains).
    pub(crate) last_election: Vec<crate::events::Reason>,
    pub(crate) next_request: u32,
    pub(crate) next_value: u32,
    /// The idempotent producer's next sequence number per partition.
    pub(crate) next_sequence: Vec<i32>,
    pub(crate) events: Events,
    pub stats: Stats,
    /// The KRaft controller and the brokers' KRaft side, in a 4.x preset (`kraft.rs`); `zk` then
    /// holds the published metadata image, not ZooKeeper.
    pub kraft: Option<Box<crate::kraft::Kraft>>,
    /// Kafka's operator metrics, sampled every tick (`metrics.rs`): derived from the state, not
    /// part of the state hash.
    pub(crate) metrics: crate::metrics::Metrics,
}

/// Kafka's default replica placement without racks (`AdminUtils.assignReplicasToBrokers`), with
/// the start index and shift fixed at 0 (Kafka draws them at random) so the default figure is
/// readable: p0 → [0,1,2], p1 → [1,2,3], p2 → [2,3,0].
pub fn assign_replicas(brokers: u32, partitions: u32, rf: u32) -> Vec<Vec<BrokerId>> {
    let n = brokers;
    let mut shift = 0;
    (0..partitions)
        .map(|p| {
            if p > 0 && p % n == 0 {
                shift += 1;
            }
            let first = p % n;
            let mut ar = vec![first];
            for j in 0..rf.saturating_sub(1) {
                ar.push((first + 1 + (shift + j) % (n - 1)) % n);
            }
            ar
        })
        .collect()
}

/// FNV-1a: a stable 64-bit hash, identical natively and in wasm.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    // Lengths and indices are usize: 8 bytes natively, 4 in wasm32. Hash them as u64 everywhere.
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_isize(&mut self, i: isize) {
        self.write_i64(i as i64);
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3);
        }
    }
}

impl Cluster {
    /// A new cluster whose topic is already created: every partition led by its preferred
    /// replica (the first in assignment order) at leader_epoch 0, ISR = all replicas.
    pub fn new(config: Config) -> Result<Cluster, ApiError> {
        config.validate()?;
        let assignment = assign_replicas(config.brokers, config.partitions, config.replication_factor);
        let brokers =
            (0..config.brokers).map(|b| Broker::new(b, (0..config.partitions).filter(|p| assignment[*p as usize].contains(&b)))).collect();
        let mut c = Cluster {
            timing: Timing::new(&config),
            rng: Rng::new(config.seed),
            tick: 0,
            brokers,
            zk: ZooKeeper::new(assignment),
            controller_live: VecMap::new(),
            control_queue: VecMap::new(),
            shutting_down: VecSet::new(),
            producer_metadata: Default::default(),
            rebalance_at: None,
            network: Network::default(),
            cut_links: VecSet::new(),
            drop_next: Vec::new(),
            requests: VecDeque::new(),
            producer_timers: VecMap::new(),
            consumers: (0..config.partitions).map(Consumer::new).collect(),
            guards: vec![PartitionGuard::default(); config.partitions as usize],
            log_matching_seen: vec![Default::default(); config.partitions as usize],
            violations: Vec::new(),
            violations_dropped: 0,
            last_election: vec![Default::default(); config.partitions as usize],
            next_request: 1,
            next_value: 1,
            next_sequence: vec![0; config.partitions as usize],
            events: Events::new(config.events),
            stats: Stats::default(),
            kraft: None,
            metrics: Default::default(),
            config,
        };
        if c.config.kraft.enabled {
            c.kraft_bootstrap();
        } else {
            c.zookeeper_bootstrap();
        }
        // The LeaderAndIsr requests of topic creation are applied at once: the cluster starts settled.
        while let Some(env) = c.network.pop_due(Tick::MAX) {
            c.deliver(env);
        }
        // The producer starts with the topic's metadata.
        c.producer_metadata = crate::producer::ProducerMetadata {
            leaders: c.zk.partitions.iter().map(|st| st.leader).collect(),
            stale: vec![false; c.config.partitions as usize],
            fetched_at: 0,
        };
        c.sample_metrics();
        Ok(c)
    }

    /// Cluster creation in a ZooKeeper-era preset: brokers registered, a controller elected, the
    /// topic's partition states written.
    fn zookeeper_bootstrap(&mut self) {
        let c = self;
        c.zk.topic_id = c.config.rules().topic_id.then(|| crate::zk::topic_id(c.config.seed));
        for b in 0..c.config.brokers {
            c.brokers[b as usize].zk_session = Some(c.zk.register(b));
        }
        c.elect_controller();
        c.controller_live = c.zk.brokers.iter().map(|(b, r)| (*b, r.czxid)).collect();
        for p in 0..c.config.partitions {
            let ar = c.zk.assignment[p as usize].clone();
            let mut isr = ar.clone();
            crate::collections::sort_small(&mut isr);
            c.write_partition_state(
                p,
                ar[0] as i32,
                isr,
                false,
                crate::events::Reason::new(
                    crate::events::params!("why.created", topic = crate::zk::TOPIC, b = ar[0], p = p),
                    format!("topic {} created: preferred replica b{} leads p{p}", crate::zk::TOPIC, ar[0]),
                ),
            );
        }
    }

    pub fn from_pairs(pairs: &[(String, Value)]) -> Result<Cluster, ApiError> {
        Cluster::new(Config::from_pairs(pairs)?)
    }

    // ---- public actions -------------------------------------------------------------------

    /// Advances `ticks` ticks (1..=MAX_STEP_TICKS) and returns the events they produced.
    pub fn step(&mut self, ticks: u64) -> Result<Vec<Event>, ApiError> {
        if ticks == 0 || ticks > MAX_STEP_TICKS {
            return Err(ApiError::new("ticks", format!("must be an integer from 1 to {MAX_STEP_TICKS}, got {ticks}")));
        }
        for _ in 0..ticks {
            self.tick_once();
        }
        Ok(self.events.drain(self.tick))
    }

    /// Advances like `step` but records no events: replaying a stretch of history whose events
    /// the caller already has (the page seeking from a checkpoint). Formatting events is most of a
    /// tick's cost; the state reached is the same (events are not part of it), and events pending
    /// from before are discarded.
    pub fn step_quiet(&mut self, ticks: u64) -> Result<(), ApiError> {
        let was = self.events.set_enabled(false);
        let result = self.step(ticks).map(drop);
        self.events.set_enabled(was);
        result
    }

    /// The benchmark workload, shared by the native and the wasm benchmark: every tick, each
    /// partition gets `records_per_tick` records with acks=1. Returns the records replicated.
    pub fn bench_workload(&mut self, ticks: u64, records_per_tick: u32) -> Result<u64, ApiError> {
        let before = self.stats.replicated_records;
        for _ in 0..ticks {
            for partition in 0..self.config.partitions {
                self.produce(ProduceArgs::new(partition, records_per_tick, Acks::One))?;
            }
            self.step(1)?;
        }
        Ok(self.stats.replicated_records - before)
    }

    /// A hash of the whole state: equal for equal (seed, actions), natively and in wasm.
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        self.config.hash(&mut h);
        self.tick.hash(&mut h);
        self.rng.hash(&mut h);
        self.brokers.hash(&mut h);
        self.zk.hash(&mut h);
        self.controller_live.hash(&mut h);
        self.control_queue.hash(&mut h);
        self.shutting_down.hash(&mut h);
        self.producer_metadata.hash(&mut h);
        self.rebalance_at.hash(&mut h);
        self.network.hash(&mut h);
        self.cut_links.hash(&mut h);
        self.drop_next.hash(&mut h);
        self.requests.hash(&mut h);
        self.consumers.hash(&mut h);
        self.guards.hash(&mut h);
        self.violations.hash(&mut h);
        self.next_request.hash(&mut h);
        self.next_value.hash(&mut h);
        self.next_sequence.hash(&mut h);
        // Only KRaft presets have it: ZooKeeper-era hashes are unchanged.
        if let Some(k) = &self.kraft {
            k.hash(&mut h);
        }
        h.finish()
    }

    // ---- the tick ------------------------------------------------------------------------

    fn tick_once(&mut self) {
        self.tick += 1;
        let now = self.tick;
        let deliveries = crate::phases::span("deliveries");
        while let Some(env) = self.network.pop_due(now) {
            self.deliver(env);
        }
        drop(deliveries);
        for b in 0..self.brokers.len() {
            if self.brokers[b].runs() {
                let mut out = Vec::new();
                {
                    let (broker, mut ctx) = self.broker_ctx(b as u32, &mut out);
                    broker.tick(&mut ctx);
                }
                self.flush(b as NodeId, out);
            }
        }
        self.run_producer();
        self.run_consumers();
        if self.kraft.is_some() {
            self.run_kraft();
        } else {
            self.expire_sessions();
            self.register_restarted();
            self.run_controller();
            self.run_controlled_shutdowns();
        }
        let invariants = crate::phases::span("invariants");
        self.check_invariants();
        drop(invariants);
        self.sample_metrics();
    }

    pub(crate) fn flush(&mut self, from: NodeId, out: Vec<(NodeId, Msg)>) {
        for (to, msg) in out {
            self.send(from, to, msg);
        }
    }

    /// Sends one message; a slow broker adds its delay to everything it sends or receives.
    pub(crate) fn send(&mut self, from: NodeId, to: NodeId, msg: Msg) {
        let extra: u64 = [from, to]
            .iter()
            .filter_map(|&n| usize::try_from(n).ok().and_then(|i| self.brokers.get(i)))
            .map(|b| match b.status {
                BrokerStatus::Slow { delay } => delay,
                _ => 0,
            })
            .sum();
        let (lo, hi) = self.timing.latency;
        self.network.send(&mut self.rng, self.tick, (lo.max(1) + extra, hi.max(1) + extra), from, to, msg);
    }

    fn deliver(&mut self, env: Envelope) {
        if self.lost_in_network(&env) {
            return;
        }
        match env.to {
            PRODUCER => return self.on_produce_response(&env.msg),
            CONSUMER => return self.on_consumer_fetch_response(&env.msg),
            to if to as usize >= self.brokers.len() => return self.kraft_deliver(env),
            _ => {}
        }
        let to = env.to as usize;
        match self.brokers[to].status {
            BrokerStatus::Crashed | BrokerStatus::Stopped => {
                // The connection is refused: a request's sender sees a network error.
                if let Some(err) = env.msg.connection_error() {
                    self.send(env.to, env.from, err);
                }
                return;
            }
            BrokerStatus::Stuck => {
                self.brokers[to].held.push(env);
                return;
            }
            _ => {}
        }
        // KRaft: a starting broker enables request processing only once the controller has
        // unfenced it (`BrokerServer.startup` waits for `lifecycleManager.setReadyToUnfence()`,
        // the RECOVERY → RUNNING answer of `BrokerLifecycleManager`, before
        // `socketServer.enableRequestProcessing`); until then a request's sender sees a network
        // error. Its replicas already follow, and lead, the image it published.
        if self.kraft.as_ref().is_some_and(|k| !k.observers[to].running) {
            if let Some(err) = env.msg.connection_error() {
                self.send(env.to, env.from, err);
                return;
            }
        }
        if let Msg::Kraft(_) = &env.msg {
            return self.kraft_deliver(env);
        }
        if let Msg::LeaderAndIsrResponse { partition, leader_epoch, .. } = &env.msg {
            return self.on_leader_and_isr_response(env.to as BrokerId, env.from as BrokerId, *partition, *leader_epoch);
        }
        if let Msg::AlterPartition { partition, leader, leader_epoch, isr, partition_epoch, .. } = &env.msg {
            // The ZooKeeper controller reads `newIsr` only (broker epochs are a KRaft check).
            let isr = BrokerState::ids(isr);
            let reply = self.on_alter_partition(env.to as BrokerId, *partition, *leader, *leader_epoch, &isr, *partition_epoch);
            self.send(env.to, env.from, reply);
            return;
        }
        match &env.msg {
            Msg::ControlledShutdown { broker, broker_epoch, .. } => {
                let reply = self.on_controlled_shutdown(env.to as BrokerId, *broker, *broker_epoch);
                return self.send(env.to, env.from, reply);
            }
            Msg::ControlledShutdownResponse { remaining, error } => {
                return self.on_controlled_shutdown_response(env.to as BrokerId, remaining, *error)
            }
            _ => {}
        }
        let mut out = Vec::new();
        {
            let (b, mut ctx) = self.broker_ctx(env.to as u32, &mut out);
            b.deliver(&mut ctx, env.from, &env.msg);
        }
        self.flush(env.to, out);
    }
}
