//! A broker: its process status and the replicas it hosts. It routes messages to its replicas
//! and runs their timers; all protocol rules live in `partition.rs`.

use crate::collections::DenseMap;
use crate::message::{BrokerId, Envelope, KafkaError, Msg, NodeId, Tick, CONSUMER, UNKNOWN_BROKER_EPOCH};
use crate::partition::{Ctx, LeaderAndIsr, Replica};

/// What is wrong with a broker, if anything (the source notes' abnormal replicas: slow, stuck,
/// and the failures of §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BrokerStatus {
    Up,
    /// The process died: it handles nothing, its ZooKeeper session expires after the timeout.
    Crashed,
    /// Alive but paused (a long GC pause): it handles nothing; messages wait in its socket
    /// buffers; no ZooKeeper heartbeats, so its session expires if the pause outlasts the timeout.
    Stuck,
    /// Every message to or from it takes `delay` extra ticks (a saturated disk or NIC).
    Slow {
        delay: u64,
    },
    /// Cut off from the other brokers (messages are lost, not refused); from ZooKeeper too if set.
    Isolated {
        zookeeper: bool,
    },
    /// A controlled shutdown in progress (`fail(b, "shutdown")`): it works normally while it asks
    /// the controller to move its leaderships (`attempt` of 1 + `controlled.shutdown.max.retries`;
    /// `next_try`: when it asks, or asks again, None while an answer is awaited).
    ShuttingDown {
        attempt: u32,
        next_try: Option<Tick>,
        asked_at: Tick,
    },
    /// Stopped cleanly after a shutdown: logs flushed, HWs checkpointed, ZooKeeper session closed.
    Stopped,
}

impl BrokerStatus {
    pub fn label(self) -> &'static str {
        match self {
            BrokerStatus::Up => "up",
            BrokerStatus::Crashed => "crashed",
            BrokerStatus::Stuck => "stuck",
            BrokerStatus::Slow { .. } => "slow",
            BrokerStatus::Isolated { .. } => "isolated",
            BrokerStatus::ShuttingDown { .. } => "shutting-down",
            BrokerStatus::Stopped => "stopped",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Broker {
    pub id: BrokerId,
    pub status: BrokerStatus,
    /// Tick of the last (re)start: periodic tasks are scheduled from it.
    pub started_at: Tick,
    /// Highest controller epoch seen: LeaderAndIsr from an older controller is fenced (§4.1).
    pub controller_epoch: u32,
    pub replicas: DenseMap<Replica>,
    /// Messages that arrived while it was stuck, handled in order when it resumes.
    pub held: Vec<Envelope>,
    /// The czxid of its ZooKeeper session's registration (None: not registered since it started).
    pub zk_session: Option<u64>,
}

impl Broker {
    pub fn new(id: BrokerId, partitions: impl Iterator<Item = u32>) -> Broker {
        Broker {
            id,
            status: BrokerStatus::Up,
            started_at: 0,
            controller_epoch: 0,
            replicas: partitions.map(|p| (p, Replica::new(p))).collect(),
            held: Vec::new(),
            zk_session: None,
        }
    }

    /// The process exists (it may be paused, slow or cut off).
    pub fn is_alive(&self) -> bool {
        !self.is_down()
    }

    /// The process is not running: crashed, or stopped after a shutdown.
    pub fn is_down(&self) -> bool {
        matches!(self.status, BrokerStatus::Crashed | BrokerStatus::Stopped)
    }

    /// It handles messages and runs its timers.
    pub fn runs(&self) -> bool {
        !self.is_down() && self.status != BrokerStatus::Stuck
    }

    /// It heart-beats to ZooKeeper, so its session stays alive.
    pub fn reaches_zookeeper(&self) -> bool {
        self.runs() && self.status != BrokerStatus::Isolated { zookeeper: true }
    }

    /// The process dies. A lossy crash (power failure) also loses what was not yet flushed.
    pub fn crash(&mut self, ctx: &mut Ctx, lossy: bool) {
        self.status = BrokerStatus::Crashed;
        self.held.clear();
        for r in self.replicas.values_mut() {
            r.crash(ctx, lossy);
        }
    }

    pub fn restart(&mut self, now: Tick) {
        self.status = BrokerStatus::Up;
        self.started_at = now;
        self.controller_epoch = 0;
        self.zk_session = None;
        for r in self.replicas.values_mut() {
            r.restart();
        }
    }

    /// Handles one delivered message (only while it runs).
    pub fn deliver(&mut self, ctx: &mut Ctx, from: NodeId, msg: &Msg) {
        // A ControlledShutdown and its answer are about the broker, not a replica (cluster.rs).
        let Some(partition) = msg.partition() else { return };
        // A restarted process serves no control request before it has registered: Kafka starts its
        // request processors only after `registerBroker` (`KafkaServer.startup`), so a request the
        // controller resends to the old process's address is not answered (KIP-380's broker epoch).
        if self.zk_session.is_none() && matches!(msg, Msg::LeaderAndIsr { .. } | Msg::StopReplica { .. }) {
            return;
        }
        // KIP-380 (2.2+, `KafkaApis.isBrokerEpochStale`): a request meant for a previous process
        // (a broker epoch older than its registration's czxid) is refused, not applied.
        if let Msg::LeaderAndIsr { broker_epoch, .. } | Msg::StopReplica { broker_epoch, .. } = msg {
            let current = self.zk_session.map_or(UNKNOWN_BROKER_EPOCH, |z| z as i64);
            if *broker_epoch != UNKNOWN_BROKER_EPOCH && *broker_epoch < current {
                if let Msg::LeaderAndIsr { leader_epoch, .. } = msg {
                    let error = Some(KafkaError::StaleBrokerEpoch);
                    ctx.out.push((from, Msg::LeaderAndIsrResponse { partition, leader_epoch: *leader_epoch, error }));
                }
                let (b, kind, epoch) = (self.id, msg.kind(), *broker_epoch);
                ctx.events.record(
                    ctx.now,
                    "stale-broker-epoch",
                    Some(partition),
                    Some(b),
                    crate::events::params!("stale-broker-epoch", b = b, request = kind, p = partition, from = from, epoch = epoch, current = current),
                    format!(
                        "b{b} rejected {kind} p{partition} from b{from}: STALE_BROKER_EPOCH (broker epoch {epoch} < {current}, meant for its previous process)"
                    ),
                );
                return;
            }
        }
        if let Msg::LeaderAndIsr { controller_epoch, leader, leader_epoch, isr, zk_version, replicas, .. } = msg {
            // Every LeaderAndIsr is answered, so the controller's request queue moves on.
            let stale = *controller_epoch < self.controller_epoch;
            let error = stale.then_some(KafkaError::StaleControllerEpoch);
            ctx.out.push((from, Msg::LeaderAndIsrResponse { partition, leader_epoch: *leader_epoch, error }));
            if stale {
                ctx.events.record(
                    ctx.now,
                    "stale-controller",
                    Some(partition),
                    Some(self.id),
                    crate::events::params!(
                        "stale-controller",
                        b = self.id,
                        from = from,
                        epoch = *controller_epoch,
                        current = self.controller_epoch
                    ),
                    format!(
                        "b{} rejected LeaderAndIsr from b{from}: STALE_CONTROLLER_EPOCH ({controller_epoch} < {})",
                        self.id, self.controller_epoch
                    ),
                );
                return;
            }
            self.controller_epoch = *controller_epoch;
            // A replica assigned here by a reassignment is created on its first LeaderAndIsr.
            if replicas.contains(&self.id) {
                self.replicas.get_or_insert_with(partition, || Replica::new(partition));
            }
            if let Some(r) = self.replicas.get_mut(&partition) {
                let req = LeaderAndIsr {
                    controller_epoch: *controller_epoch,
                    leader: *leader,
                    leader_epoch: *leader_epoch,
                    isr,
                    zk_version: *zk_version,
                    replicas,
                };
                r.on_leader_and_isr(ctx, req);
            }
            return;
        }
        let Some(r) = self.replicas.get_mut(&partition) else {
            // A consumer sent here by KIP-392 to a replica since deleted (a reassignment moved it):
            // the partition is not hosted, NOT_LEADER_OR_FOLLOWER (`ReplicaManager.getPartitionOrException`).
            if let Msg::ConsumerFetch { fetch_offset, .. } = msg {
                let error = Some(KafkaError::NotLeaderOrFollower);
                let (fetch_offset, records, high_watermark) = (*fetch_offset, Vec::new(), 0);
                ctx.out.push((CONSUMER, Msg::ConsumerFetchResponse { partition, fetch_offset, records, high_watermark, error }));
            }
            return;
        };
        match msg {
            Msg::Fetch(f) => r.on_fetch(ctx, f),
            Msg::FetchResponse(resp) => r.on_fetch_response(ctx, from, resp),
            Msg::Produce(p) => r.on_produce(ctx, p),
            Msg::ConsumerFetch { fetch_offset, .. } => r.on_consumer_fetch(ctx, *fetch_offset),
            Msg::OffsetsForLeaderEpoch { replica, leader_epoch, current_leader_epoch, .. } => {
                r.on_offsets_for_leader_epoch(ctx, *replica, *leader_epoch, *current_leader_epoch)
            }
            Msg::OffsetsForLeaderEpochResponse { answer, current_leader_epoch, error, .. } => {
                r.on_offsets_for_leader_epoch_response(ctx, from, *answer, *current_leader_epoch, *error)
            }
            Msg::AlterPartitionResponse { request, leader_epoch, isr, partition_epoch, error, .. } => {
                r.on_alter_partition_response(ctx, *request, *leader_epoch, isr, *partition_epoch, *error)
            }
            Msg::StopReplica { delete, .. } => r.stop_replica(ctx, *delete),
            // AlterPartition and LeaderAndIsrResponse go to the controller (cluster.rs); responses to
            // the clients never reach a broker.
            Msg::AlterPartition { .. }
            | Msg::LeaderAndIsrResponse { .. }
            | Msg::ControlledShutdown { .. }
            | Msg::ControlledShutdownResponse { .. }
            | Msg::ProduceResponse { .. }
            | Msg::ConsumerFetchResponse { .. }
            | Msg::ConsumerFetchRedirect { .. }
            | Msg::LeaderAndIsr { .. }
            | Msg::Kraft(_) => {}
        }
    }

    /// The tick of this broker's next `isr-expiration` run after `now` (the schedule of `tick`).
    pub fn next_isr_check(&self, now: Tick, timing: &crate::partition::Timing) -> Tick {
        now + timing.isr_check - (now - self.started_at) % timing.isr_check
    }

    /// Periodic work of one tick, in partition order: the `isr-expiration` task every half lag
    /// time, the HW checkpoint, then each replica's timers.
    pub fn tick(&mut self, ctx: &mut Ctx) {
        let age = ctx.now - self.started_at;
        let check_isr = age > 0 && age % ctx.timing.isr_check == 0;
        let checkpoint = age > 0 && age % ctx.timing.hw_checkpoint == 0;
        let flush = age > 0 && age % ctx.timing.log_flush == 0;
        for r in self.replicas.values_mut() {
            if check_isr {
                r.maybe_shrink_isr(ctx);
            }
            if checkpoint {
                r.hw_checkpoint = r.log.high_watermark();
            }
            if flush {
                r.log.flush();
            }
            r.log.apply_retention(ctx.cfg.log_retention_records);
            r.tick(ctx);
        }
    }
}
