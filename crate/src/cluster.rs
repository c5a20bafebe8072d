//! The whole simulated cluster: brokers, ZooKeeper, the controller, the network and a producer.
//!
//! One tick runs in a fixed phase order:
//! 1. the network delivers every message due, in (deliver_at, seq) order;
//! 2. brokers run their timers in id order (fetch loops, parked fetches, ISR expiration, HW checkpoint);
//! 3. ZooKeeper expires the sessions of dead brokers, and restarted brokers register;
//! 4. the controller (if its broker is up) is elected if missing, then reacts to broker changes.

use crate::api::{check_keys, choice_arg, int_arg, ApiError, Value};
use crate::broker::{Broker, BrokerStatus};
use crate::config::Config;
use crate::events::{Event, Events};
use crate::log::Offset;
use crate::message::{Acks, BrokerId, Envelope, KafkaError, Msg, Network, NodeId, Tick, PRODUCER};
use crate::partition::{Ctx, Stats, Timing};
use crate::rng::Rng;
use crate::zk::ZooKeeper;
use std::collections::{BTreeMap, VecDeque};
use std::hash::{Hash, Hasher};

/// `step(n)` accepts at most this many ticks per call.
pub const MAX_STEP_TICKS: u64 = 100_000;
/// `produce` accepts at most this many records per request.
pub const MAX_PRODUCE_COUNT: u64 = 100_000;
/// Completed requests kept for the snapshot (pending ones are always kept).
pub const MAX_KEPT_REQUESTS: usize = 500;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RequestStatus {
    Pending,
    Acked,
    Failed,
}

impl RequestStatus {
    pub fn label(self) -> &'static str {
        match self {
            RequestStatus::Pending => "pending",
            RequestStatus::Acked => "acked",
            RequestStatus::Failed => "failed",
        }
    }
}

/// A produce request as the producer client tracks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Request {
    pub id: u32,
    pub partition: u32,
    pub acks: Acks,
    pub count: u32,
    pub first_value: u32,
    pub status: RequestStatus,
    pub error: Option<KafkaError>,
    pub base_offset: Option<Offset>,
    pub sent_at: Tick,
    pub done_at: Option<Tick>,
}

/// Arguments of [`Cluster::produce`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProduceArgs {
    pub partition: u32,
    pub count: u32,
    pub acks: Acks,
}

impl Default for ProduceArgs {
    fn default() -> ProduceArgs {
        ProduceArgs { partition: 0, count: 1, acks: Acks::All }
    }
}

impl ProduceArgs {
    /// Parses `{partition, count, acks}` (all optional; acks: 0 | 1 | "all" | -1).
    pub fn from_pairs(pairs: &[(String, Value)]) -> Result<ProduceArgs, ApiError> {
        check_keys("produce", pairs, &["partition", "count", "acks"])?;
        let mut a = ProduceArgs::default();
        for (k, v) in pairs {
            match k.as_str() {
                "partition" => a.partition = int_arg("partition", v, 0, u32::MAX as u64)? as u32,
                "count" => a.count = int_arg("count", v, 1, MAX_PRODUCE_COUNT)? as u32,
                _ => a.acks = acks_arg(v)?,
            }
        }
        Ok(a)
    }
}

fn acks_arg(v: &Value) -> Result<Acks, ApiError> {
    match v {
        Value::Num(n) if *n == 0.0 => Ok(Acks::Zero),
        Value::Num(n) if *n == 1.0 => Ok(Acks::One),
        Value::Num(n) if *n == -1.0 => Ok(Acks::All),
        Value::Str(_) => choice_arg("acks", v, &["all", "-1", "0", "1"]).map(|s| match s {
            "0" => Acks::Zero,
            "1" => Acks::One,
            _ => Acks::All,
        }),
        _ => Err(ApiError::new("acks", format!("must be 0, 1, \"all\" or -1, got {v}"))),
    }
}

#[derive(Debug)]
pub struct Cluster {
    pub config: Config,
    pub timing: Timing,
    pub tick: Tick,
    pub(crate) rng: Rng,
    pub brokers: Vec<Broker>,
    pub zk: ZooKeeper,
    /// The active controller's view of live brokers: id → czxid of the registration it processed.
    pub(crate) controller_live: BTreeMap<BrokerId, u64>,
    pub network: Network,
    pub requests: VecDeque<Request>,
    pub(crate) next_request: u32,
    pub(crate) next_value: u32,
    pub(crate) events: Events,
    pub stats: Stats,
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
        let brokers = (0..config.brokers)
            .map(|b| Broker::new(b, (0..config.partitions).filter(|p| assignment[*p as usize].contains(&b))))
            .collect();
        let mut c = Cluster {
            timing: Timing::new(&config),
            rng: Rng::new(config.seed),
            tick: 0,
            brokers,
            zk: ZooKeeper::new(assignment),
            controller_live: BTreeMap::new(),
            network: Network::default(),
            requests: VecDeque::new(),
            next_request: 1,
            next_value: 1,
            events: Events::default(),
            stats: Stats::default(),
            config,
        };
        for b in 0..c.config.brokers {
            c.zk.register(b);
        }
        c.elect_controller();
        for p in 0..c.config.partitions {
            let ar = c.zk.assignment[p as usize].clone();
            let mut isr = ar.clone();
            isr.sort_unstable();
            c.write_partition_state(p, ar[0] as i32, isr, format!("topic {} created: preferred replica b{} leads p{p}", crate::zk::TOPIC, ar[0]));
        }
        // The LeaderAndIsr requests of topic creation are applied at once: the cluster starts settled.
        while let Some(env) = c.network.pop_due(Tick::MAX) {
            c.deliver(env);
        }
        Ok(c)
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

    /// The producer sends a request to the partition's leader (per its metadata, which here is
    /// always current). Returns the request id.
    pub fn produce(&mut self, args: ProduceArgs) -> Result<u32, ApiError> {
        if args.partition >= self.config.partitions {
            return Err(ApiError::new(
                "partition",
                format!("must be an integer from 0 to {}, got {}", self.config.partitions - 1, args.partition),
            ));
        }
        if args.count == 0 || u64::from(args.count) > MAX_PRODUCE_COUNT {
            return Err(ApiError::new("count", format!("must be an integer from 1 to {MAX_PRODUCE_COUNT}, got {}", args.count)));
        }
        let id = self.next_request;
        self.next_request += 1;
        let first_value = self.next_value;
        self.next_value += args.count;
        let leader = self.zk.partitions[args.partition as usize].leader;
        let mut req = Request {
            id,
            partition: args.partition,
            acks: args.acks,
            count: args.count,
            first_value,
            status: RequestStatus::Pending,
            error: None,
            base_offset: None,
            sent_at: self.tick,
            done_at: None,
        };
        let values = if args.count == 1 { format!("m{first_value}") } else { format!("m{first_value}–m{}", first_value + args.count - 1) };
        if leader < 0 {
            req.status = RequestStatus::Failed;
            req.error = Some(KafkaError::LeaderNotAvailable);
            req.done_at = Some(self.tick);
            self.events.push(self.tick, "request-failed", Some(args.partition), None, format!("request #{id} ({values}) failed: LEADER_NOT_AVAILABLE, p{} has no leader", args.partition));
        } else {
            self.events.push(
                self.tick,
                "produce",
                Some(args.partition),
                Some(leader as u32),
                format!("producer sent request #{id}: {values} to p{} leader b{leader}, acks={}", args.partition, args.acks.label()),
            );
            let msg = Msg::Produce { request: id, partition: args.partition, first_value, count: args.count, acks: args.acks };
            self.network.send(&mut self.rng, self.tick, self.timing.latency, PRODUCER, leader, msg);
            if args.acks == Acks::Zero {
                // acks=0: the producer counts the request done once it is sent; no response comes.
                req.status = RequestStatus::Acked;
                req.done_at = Some(self.tick);
            }
        }
        self.requests.push_back(req);
        self.trim_requests();
        Ok(id)
    }

    pub fn fail(&mut self, broker: u32) -> Result<(), ApiError> {
        self.check_broker(broker, BrokerStatus::Up)?;
        let now = self.tick;
        let mut out = Vec::new();
        {
            let (b, mut ctx) = self.broker_ctx(broker, &mut out);
            b.crash(&mut ctx);
        }
        self.flush(broker as NodeId, out);
        // A dead process stops heart-beating: its znodes go when the session times out.
        if let Some(reg) = self.zk.brokers.get_mut(&broker) {
            reg.session_expires_at = Some(now + self.timing.session);
        }
        self.events.push(
            now,
            "broker-fail",
            None,
            Some(broker),
            format!("b{broker} crashed; its ZooKeeper session expires in {} ms", self.config.zookeeper_session_timeout_ms),
        );
        Ok(())
    }

    pub fn recover(&mut self, broker: u32) -> Result<(), ApiError> {
        self.check_broker(broker, BrokerStatus::Crashed)?;
        let now = self.tick;
        self.brokers[broker as usize].restart(now);
        let note = if self.zk.is_registered(broker) {
            "it registers in ZooKeeper once its old session expires"
        } else {
            "it registers in ZooKeeper"
        };
        self.events.push(now, "broker-recover", None, Some(broker), format!("b{broker} restarted with its log on disk and the checkpointed HWs; {note}"));
        Ok(())
    }

    fn check_broker(&self, broker: u32, want: BrokerStatus) -> Result<(), ApiError> {
        if broker >= self.config.brokers {
            return Err(ApiError::new("broker", format!("must be a broker id from 0 to {}, got {broker}", self.config.brokers - 1)));
        }
        let status = self.brokers[broker as usize].status;
        if status != want {
            let allowed: Vec<String> = self.brokers.iter().filter(|b| b.status == want).map(|b| b.id.to_string()).collect();
            return Err(ApiError::new(
                "broker",
                format!("b{broker} is {}; allowed: a broker that is {} ({})", status.label(), want.label(), if allowed.is_empty() { "none".to_string() } else { allowed.join(", ") }),
            ));
        }
        Ok(())
    }

    /// The benchmark workload, shared by the native and the wasm benchmark: every tick, each
    /// partition gets `records_per_tick` records with acks=1. Returns the records replicated.
    pub fn bench_workload(&mut self, ticks: u64, records_per_tick: u32) -> Result<u64, ApiError> {
        let before = self.stats.replicated_records;
        for _ in 0..ticks {
            for partition in 0..self.config.partitions {
                self.produce(ProduceArgs { partition, count: records_per_tick, acks: Acks::One })?;
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
        self.network.hash(&mut h);
        self.requests.hash(&mut h);
        self.next_request.hash(&mut h);
        self.next_value.hash(&mut h);
        h.finish()
    }

    // ---- the tick ------------------------------------------------------------------------

    fn tick_once(&mut self) {
        self.tick += 1;
        let now = self.tick;
        while let Some(env) = self.network.pop_due(now) {
            self.deliver(env);
        }
        for b in 0..self.brokers.len() {
            if self.brokers[b].is_up() {
                let mut out = Vec::new();
                {
                    let (broker, mut ctx) = self.broker_ctx(b as u32, &mut out);
                    broker.tick(&mut ctx);
                }
                self.flush(b as NodeId, out);
            }
        }
        self.expire_sessions();
        self.register_restarted();
        self.run_controller();
    }

    fn broker_ctx<'a>(&'a mut self, broker: u32, out: &'a mut Vec<(NodeId, Msg)>) -> (&'a mut Broker, Ctx<'a>) {
        let ctx = Ctx {
            now: self.tick,
            me: broker,
            cfg: &self.config,
            timing: &self.timing,
            out,
            events: &mut self.events,
            zk: &mut self.zk,
            stats: &mut self.stats,
        };
        (&mut self.brokers[broker as usize], ctx)
    }

    fn flush(&mut self, from: NodeId, out: Vec<(NodeId, Msg)>) {
        for (to, msg) in out {
            self.network.send(&mut self.rng, self.tick, self.timing.latency, from, to, msg);
        }
    }

    fn deliver(&mut self, env: Envelope) {
        if env.to == PRODUCER {
            self.on_produce_response(&env.msg);
            return;
        }
        let to = env.to as usize;
        if !self.brokers[to].is_up() {
            // The connection is refused: a request's sender sees a network error.
            if let Some(err) = env.msg.connection_error() {
                self.network.send(&mut self.rng, self.tick, self.timing.latency, env.to, env.from, err);
            }
            return;
        }
        if let Msg::AlterPartition { partition, leader, leader_epoch, isr, partition_epoch } = &env.msg {
            let reply = self.on_alter_partition(env.to as BrokerId, *partition, *leader, *leader_epoch, isr, *partition_epoch);
            self.network.send(&mut self.rng, self.tick, self.timing.latency, env.to, env.from, reply);
            return;
        }
        let mut out = Vec::new();
        {
            let (b, mut ctx) = self.broker_ctx(env.to as u32, &mut out);
            b.deliver(&mut ctx, env.from, &env.msg);
        }
        self.flush(env.to, out);
    }

    fn on_produce_response(&mut self, msg: &Msg) {
        let Msg::ProduceResponse { request, partition, base_offset, error } = msg else { return };
        let now = self.tick;
        let Ok(i) = self.requests.binary_search_by_key(request, |r| r.id) else { return };
        let req = &mut self.requests[i];
        if req.status != RequestStatus::Pending {
            return;
        }
        req.done_at = Some(now);
        req.base_offset = *base_offset;
        req.error = *error;
        match error {
            None => {
                req.status = RequestStatus::Acked;
                let o = base_offset.unwrap_or(0);
                self.events.push(now, "request-acked", Some(*partition), None, format!("request #{request} acked (acks={}): offsets {o}–{}", req.acks.label(), o + u64::from(req.count) - 1));
            }
            Some(e) => {
                req.status = RequestStatus::Failed;
                self.events.push(now, "request-failed", Some(*partition), None, format!("request #{request} failed: {}", e.name()));
            }
        }
        self.trim_requests();
    }

    fn trim_requests(&mut self) {
        while self.requests.len() > MAX_KEPT_REQUESTS && self.requests.front().is_some_and(|r| r.status != RequestStatus::Pending) {
            self.requests.pop_front();
        }
    }
}
