//! The KRaft controller of the 4.x presets (KIP-500; ZooKeeper is gone since 4.0, KIP-833).
//!
//! The active controller (node 3000) is the only writer of the `__cluster_metadata` log: broker
//! registrations (`ClusterControlManager.registerBroker`), fencing and unfencing
//! (`BrokerHeartbeatManager`, `ReplicationControlManager.handleBrokerFenced/Unfenced`,
//! `maybeFenceOneStaleBroker`), and every leader, ISR and ELR change as a PartitionChangeRecord
//! built by `PartitionChangeBuilder` (`kraft/partition_change.rs`), including the leaders'
//! AlterPartition (`ReplicationControlManager.alterPartition`, its validation order and errors),
//! the admin's elections (`electLeaders`), reassignments (`alterPartitionReassignments`,
//! `kraft/reassign.rs`) and the leader balancing task (`maybeBalancePartitionLeaders`,
//! `auto.leader.rebalance.enable`).
//! Brokers are observers: they fetch the log, replay it into their own image and apply each
//! partition's latest state to their replicas (`ReplicaManager.applyDelta`); they register,
//! heartbeat every `broker.heartbeat.interval.ms`, and are fenced after
//! `broker.session.timeout.ms` without one; a controlled shutdown goes through their heartbeats
//! (KIP-841), and the next registration says whether it was clean (KIP-966).
//!
//! The controllers (3000, 3001, … ) run Raft on the log (`kraft/quorum.rs`): the active controller
//! is the leader once its epoch's LeaderChangeMessage is committed, it answers a request once
//! everything it has written is committed (`QuorumController`'s deferred event queue), and what
//! clients, leaders and observers see is the committed log only.
//!
//! Named simplifications (README): the controller handles requests the moment they arrive;
//! clients and leaders read the committed image (`Cluster.zk` holds it in KRaft presets: no
//! ZooKeeper exists there) rather than each broker's replayed copy, which lags it by one metadata
//! fetch; one active-controller slot (a newly active controller takes over at once, an old leader
//! not yet resigned refuses requests with NOT_CONTROLLER).

pub mod partition_change;
pub mod quorum;
mod reassign;
pub mod records;

use crate::api::ApiError;
use crate::cluster::Cluster;
use crate::collections::VecMap;
use crate::config::Config;
use crate::elections::{ElectionResult, ElectionType};
use crate::events::{params, set_text, Params, Reason};
use crate::message::{BrokerId, BrokerState, Envelope, KafkaError, Msg, NodeId, Tick, UNKNOWN_BROKER_EPOCH};
use crate::partition::{LeaderAndIsr, Replica, Role};
use crate::zk::{PartitionState, Reassignment, Registration};
use partition_change::{Builder, Election, How, PartitionChange, PartitionRegistration, NO_LEADER};
use quorum::{ParkedVoterFetch, RaftState, Voter, FETCH_MAX_WAIT_MS, FIRST_VOTER};
use records::{KraftMsg, LogEntry, MetadataRecord};

/// `controller.quorum.request.timeout.ms`: a request to the controller unanswered this long is sent again.
pub(crate) const REQUEST_TIMEOUT_MS: u64 = 2_000;
/// The periodic unclean election of leaderless partitions (`maybeElectUncleanLeaders`, every 5 min).
const UNCLEAN_ELECTION_INTERVAL_MS: u64 = 300_000;
/// `QuorumController.MAX_ELECTIONS_PER_IMBALANCE`: the records one leader-balancing pass writes
/// at most; a pass stopped there runs again 10 ms later (`ImbalanceSchedule.IMMEDIATELY`). A
/// topic here has fewer partitions, so every pass covers them all and is next scheduled one
/// interval later (`DEFERRED`).
const MAX_ELECTIONS_PER_IMBALANCE: u64 = 1_000;
const _: () = assert!(crate::config::MAX_PARTITIONS < MAX_ELECTIONS_PER_IMBALANCE);
/// `BrokerLifecycleManager`'s registration backoff: 100 ms, doubling, at most 30 s.
const REGISTRATION_BACKOFF_MS: (u64, u64) = (100, 30_000);

/// `BrokerRegistration` as the controller holds it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BrokerRegistration {
    pub epoch: u64,
    pub fenced: bool,
    /// In a controlled shutdown (KIP-841): it may neither lead nor join an ISR.
    pub in_controlled_shutdown: bool,
    /// The offset of its RegisterBrokerRecord: it is unfenced once it has replayed that far.
    pub register_offset: u64,
}

/// An observer's metadata fetch parked at a leader until new committed records or `FETCH_MAX_WAIT_MS`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParkedFetch {
    pub controller: BrokerId,
    pub broker: BrokerId,
    pub fetch_offset: u64,
    pub deadline: Tick,
}

/// A broker's KRaft side (`BrokerLifecycleManager` and its metadata loader): lost when it restarts.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Observer {
    /// The controller it sends its requests to: the leader as its last fetch learnt.
    pub controller: BrokerId,
    /// Its broker epoch, once registered since it started.
    pub broker_epoch: Option<u64>,
    /// The epoch a clean shutdown wrote to disk (KIP-966; none after a crash).
    pub clean_shutdown_epoch: Option<u64>,
    pub registration_sent: Option<Tick>,
    pub registration_retry_at: Tick,
    pub registration_failures: u32,
    pub heartbeat_sent: Option<Tick>,
    pub next_heartbeat: Tick,
    pub fetch_sent: Option<Tick>,
    /// The next offset it fetches: the records below are replayed into `image`.
    pub next_offset: u64,
    pub image: Vec<PartitionRegistration>,
    /// It caught up to the log's HW once since it started and published its image to its replicas.
    pub published: bool,
    /// As the last heartbeat answer said.
    pub fenced: bool,
    /// Unfenced once since it started (BrokerState RUNNING rather than STARTING).
    pub running: bool,
    /// `fail(b, "shutdown")`: its heartbeats say wantShutDown.
    pub want_shut_down: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kraft {
    /// The controller voters, each with its copy of `__cluster_metadata`.
    pub voters: Vec<Voter>,
    /// The active controller: the leader whose LeaderChangeMessage is committed.
    pub active: Option<BrokerId>,
    /// The active controller's image of every partition (its own writes included, committed or not).
    pub partitions: Vec<PartitionRegistration>,
    pub registrations: VecMap<BrokerId, BrokerRegistration>,
    /// The image of the committed log (below `published_offset`): what is published.
    pub committed_partitions: Vec<PartitionRegistration>,
    pub committed_registrations: VecMap<BrokerId, BrokerRegistration>,
    pub published_offset: u64,
    /// The active controller's answers waiting for the log up to the offset to be committed.
    pub deferred: Vec<(u64, BrokerId, Msg)>,
    /// Voters' fetches parked at a leader (its index).
    pub parked_voters: Vec<(usize, ParkedVoterFetch)>,
    /// Records appended since the last `flush_batch`: one batch, replicated and committed whole.
    pub batch_open: bool,
    /// Ghost state of the Raft invariants (`invariants.rs`).
    pub ghost: crate::invariants::QuorumGuard,
    /// `BrokerHeartbeatTracker`: the last heartbeat of each unfenced broker.
    pub last_contact: VecMap<BrokerId, Tick>,
    pub next_fence_check: Tick,
    pub next_unclean_check: Tick,
    /// When the leader-balancing task (`maybeBalancePartitionLeaders`) runs next, if scheduled
    /// (`QuorumController.imbalancedScheduled`).
    pub balance_at: Option<Tick>,
    pub parked: Vec<ParkedFetch>,
    /// Per broker id.
    pub observers: Vec<Observer>,
}

/// The controller's name in event texts and their `controller` param ("3000"; ZooKeeper-era
/// controllers are brokers: "b1").
pub fn controller_label(id: BrokerId) -> String {
    if id >= FIRST_VOTER {
        id.to_string()
    } else {
        format!("b{id}")
    }
}

/// Replays a broker record into the controller's registrations (`ClusterControlManager.replay`).
fn replay_registration(registrations: &mut VecMap<BrokerId, BrokerRegistration>, offset: u64, record: &MetadataRecord) {
    match record {
        MetadataRecord::RegisterBroker { broker, broker_epoch } => {
            let reg = BrokerRegistration { epoch: *broker_epoch, fenced: true, in_controlled_shutdown: false, register_offset: offset };
            registrations.insert(*broker, reg);
        }
        MetadataRecord::BrokerRegistrationChange { broker, fenced, .. } => {
            if let Some(r) = registrations.get_mut(broker) {
                r.fenced = *fenced;
            }
        }
        MetadataRecord::BrokerInControlledShutdown { broker, .. } => {
            if let Some(r) = registrations.get_mut(broker) {
                r.in_controlled_shutdown = true;
            }
        }
        _ => {}
    }
}

/// Replays one record into a partition image (controller and brokers alike).
fn replay(image: &mut [PartitionRegistration], record: &MetadataRecord) -> Option<u32> {
    match record {
        MetadataRecord::Partition { partition, replicas, isr, leader } => {
            image[*partition as usize] = PartitionRegistration {
                replicas: replicas.clone(),
                adding: Vec::new(),
                removing: Vec::new(),
                isr: isr.clone(),
                elr: Vec::new(),
                last_known_elr: Vec::new(),
                leader: *leader,
                recovering: false,
                leader_epoch: 0,
                partition_epoch: 0,
            };
            Some(*partition)
        }
        MetadataRecord::PartitionChange { partition, change } => {
            image[*partition as usize].merge(change);
            Some(*partition)
        }
        _ => None,
    }
}

fn empty_image(partitions: u32) -> Vec<PartitionRegistration> {
    let none = PartitionRegistration {
        replicas: Vec::new(),
        adding: Vec::new(),
        removing: Vec::new(),
        isr: Vec::new(),
        elr: Vec::new(),
        last_known_elr: Vec::new(),
        leader: NO_LEADER,
        recovering: false,
        leader_epoch: -1,
        partition_epoch: 0,
    };
    vec![none; partitions as usize]
}

/// `Partition.makeLeader/makeFollower` from a metadata delta: a newer leader epoch goes through
/// the same path as a LeaderAndIsr; the same leader epoch with a newer partition epoch only
/// updates the replicas (a reassignment adding some) and the ISR (an ISR change by the
/// controller, e.g. a fenced follower removed), which replaces a leader's ISR change in flight.
fn apply_to_replica(r: &mut Replica, ctx: &mut crate::partition::Ctx, reg: &PartitionRegistration) {
    if reg.leader_epoch > r.leader_epoch {
        let req = LeaderAndIsr {
            controller_epoch: 1,
            leader: reg.leader,
            leader_epoch: reg.leader_epoch,
            isr: &reg.isr,
            zk_version: reg.partition_epoch,
            replicas: &reg.replicas,
        };
        r.on_leader_and_isr(ctx, req);
    } else if reg.leader_epoch == r.leader_epoch && reg.partition_epoch > r.zk_version {
        r.update_assignment(ctx, &reg.replicas);
        r.isr = reg.isr.clone();
        r.zk_version = reg.partition_epoch;
        if let Role::Leader(ls) = &mut r.role {
            ls.pending_isr = None;
            r.maybe_increment_leader_hw(ctx);
        }
    }
}

impl Kraft {
    /// The voter whose log a view shows: the active controller, else the newest leader, else the first.
    pub fn shown_voter(&self) -> &Voter {
        let leader = self.voters.iter().filter(|v| v.state == RaftState::Leader).max_by_key(|v| v.epoch);
        self.active.and_then(|a| self.voters.iter().find(|v| v.id == a)).or(leader).unwrap_or(&self.voters[0])
    }

    fn is_active(&self, b: BrokerId) -> bool {
        self.registrations.get(&b).is_some_and(|r| !r.fenced && !r.in_controlled_shutdown)
    }

    fn partitions_where(&self, pred: impl Fn(&PartitionRegistration) -> bool) -> Vec<u32> {
        (0..self.partitions.len() as u32).filter(|p| pred(&self.partitions[*p as usize])).collect()
    }

    /// `hasValidSession`: registered, unfenced and heard from within the session timeout.
    fn has_valid_session(&self, b: BrokerId, now: Tick, session: u64) -> bool {
        self.last_contact.get(&b).is_some_and(|t| now <= t + session)
    }
}

impl Cluster {
    fn kraft(&self) -> &Kraft {
        self.kraft.as_deref().expect("a KRaft preset")
    }

    fn kraft_mut(&mut self) -> &mut Kraft {
        self.kraft.as_deref_mut().expect("a KRaft preset")
    }

    fn session_ticks(&self) -> u64 {
        Config::ticks(self.config.kraft.broker_session_timeout_ms)
    }

    /// What `fail` says about how the cluster notices a broker that stops answering.
    pub(crate) fn session_expiry_text(&self) -> String {
        if self.config.kraft.enabled {
            format!(
                "the controller fences it after broker.session.timeout.ms {} ms without a heartbeat",
                self.config.kraft.broker_session_timeout_ms
            )
        } else {
            format!("its ZooKeeper session expires in {} ms", self.config.zookeeper_session_timeout_ms)
        }
    }

    /// Cluster creation in a KRaft preset: every broker registered and unfenced, then the topic's
    /// PartitionRecords (preferred replica leads, ISR = all replicas); the brokers start caught up.
    pub(crate) fn kraft_bootstrap(&mut self) {
        let n = self.config.partitions;
        let observer = Observer { controller: FIRST_VOTER, ..Observer::default() };
        let mut voters = quorum::bootstrap_voters(self.config.kraft.controller_quorum_voters);
        let ids: Vec<BrokerId> = voters.iter().map(|v| v.id).collect();
        voters[0]
            .log
            .push(LogEntry { epoch: 1, record: MetadataRecord::LeaderChange { leader: FIRST_VOTER, epoch: 1, voters: ids.clone() } });
        self.kraft = Some(Box::new(Kraft {
            voters,
            active: Some(FIRST_VOTER),
            partitions: empty_image(n),
            registrations: VecMap::new(),
            committed_partitions: empty_image(n),
            committed_registrations: VecMap::new(),
            published_offset: 0,
            deferred: Vec::new(),
            parked_voters: Vec::new(),
            batch_open: false,
            ghost: Default::default(),
            last_contact: VecMap::new(),
            next_fence_check: 0,
            next_unclean_check: Config::ticks(UNCLEAN_ELECTION_INTERVAL_MS),
            balance_at: None,
            parked: Vec::new(),
            observers: vec![observer; self.config.brokers as usize],
        }));
        self.zk.controller = Some(FIRST_VOTER);
        self.zk.controller_epoch = 1;
        self.events.record(
            self.tick,
            "controller",
            None,
            None,
            params!("controller.kraft", ctrl = FIRST_VOTER, voters = &ids[..]),
            format!(
                "controller {FIRST_VOTER} leads the controller quorum {} in epoch 1 and is the active KRaft controller",
                set_text(&ids)
            ),
        );
        for b in 0..self.config.brokers {
            let epoch = self.metadata_end();
            self.append(
                MetadataRecord::RegisterBroker { broker: b, broker_epoch: epoch },
                Reason::new(params!("kraft.registered"), "the broker registered".to_string()),
            );
        }
        for b in 0..self.config.brokers {
            let epoch = self.kraft().registrations[&b].epoch;
            self.append(
                MetadataRecord::BrokerRegistrationChange { broker: b, broker_epoch: epoch, fenced: false },
                Reason::new(params!("kraft.caught-up"), "it caught up with the metadata log".to_string()),
            );
            self.kraft_mut().last_contact.insert(b, 0);
        }
        for p in 0..n {
            let replicas = self.zk.assignment[p as usize].clone();
            let mut isr = replicas.clone();
            crate::collections::sort_small(&mut isr);
            let leader = replicas[0] as i32;
            let why = Reason::new(
                params!("why.created", topic = crate::zk::TOPIC, b = leader, p = p),
                format!("topic {} created: preferred replica b{leader} leads p{p}", crate::zk::TOPIC),
            );
            self.append(MetadataRecord::Partition { partition: p, replicas, isr, leader }, why);
        }
        // The formatted cluster starts settled: every voter holds the log, all of it committed.
        let k = self.kraft_mut();
        k.batch_open = false;
        let log = k.voters[0].log.clone();
        let end = log.len() as u64;
        for v in k.voters.iter_mut() {
            v.log = log.clone();
            v.high_watermark = end;
            for p in v.progress.values_mut() {
                p.end_offset = end;
            }
        }
        self.on_commit(0);
        let interval = Config::ticks(self.config.kraft.broker_heartbeat_interval_ms);
        let records: Vec<MetadataRecord> = log.into_iter().map(|e| e.record).collect();
        for b in 0..self.config.brokers {
            let epoch = self.kraft().registrations[&b].epoch;
            let k = self.kraft_mut();
            k.observers[b as usize] = Observer {
                controller: FIRST_VOTER,
                broker_epoch: Some(epoch),
                next_heartbeat: interval,
                running: true,
                ..Observer::default()
            };
            self.observe(b, 0, &records, Some(end));
        }
    }

    /// The active controller's voter index.
    fn active_index(&self) -> usize {
        let id = self.kraft().active.expect("an active controller");
        self.voter_index(i64::from(id)).expect("a voter")
    }

    /// The end of the active controller's log: where its next record goes.
    fn metadata_end(&self) -> u64 {
        self.kraft().voters[self.active_index()].log_end_offset()
    }

    /// The committed log grew on leader `i`: it becomes the active controller once its epoch's
    /// LeaderChangeMessage is committed; the committed records are published; answers waiting
    /// for them are sent; parked fetches answered.
    pub(crate) fn on_commit(&mut self, i: usize) {
        let k = self.kraft_mut();
        let v = &k.voters[i];
        let (id, hw) = (v.id, v.high_watermark);
        let from = k.published_offset as usize;
        if hw as usize > from {
            for (o, e) in v.log[from..hw as usize].iter().enumerate() {
                replay(&mut k.committed_partitions, &e.record);
                replay_registration(&mut k.committed_registrations, (from + o) as u64, &e.record);
            }
            k.published_offset = hw;
        }
        if k.active != Some(id) && hw > v.epoch_start {
            self.activate(i);
        }
        self.publish();
        let (due, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.kraft_mut().deferred).into_iter().partition(|(o, _, _)| *o <= hw);
        self.kraft_mut().deferred = kept;
        for (_, to, msg) in due {
            self.send(id as NodeId, to as NodeId, msg);
        }
        let (due, kept): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.kraft_mut().parked).into_iter().partition(|f| f.controller == id && f.fetch_offset < hw);
        self.kraft_mut().parked = kept;
        for f in due {
            self.answer_fetch(i, f.broker, f.fetch_offset);
        }
        self.wake_voter_fetches();
    }

    /// `QuorumController` claims the leadership: its state is the committed log replayed
    /// (`handleLeaderChange` after the listener caught up), and every unfenced broker's session
    /// starts anew (`BrokerHeartbeatManager` is rebuilt).
    fn activate(&mut self, i: usize) {
        let now = self.tick;
        let k = self.kraft_mut();
        let v = &k.voters[i];
        let (id, epoch, start, hw) = (v.id, v.epoch, v.epoch_start, v.high_watermark);
        k.active = Some(id);
        k.deferred.clear();
        k.partitions = k.committed_partitions.clone();
        k.registrations = k.committed_registrations.clone();
        k.last_contact = k.registrations.iter().filter(|(_, r)| !r.fenced).map(|(b, _)| (*b, now)).collect();
        k.next_fence_check = now;
        k.next_unclean_check = now + Config::ticks(UNCLEAN_ELECTION_INTERVAL_MS);
        // The previous leader's task was cancelled when it renounced (`cancelMaybeBalancePartitionLeaders`).
        k.balance_at = None;
        self.zk.controller = Some(id);
        self.zk.controller_epoch = epoch;
        if now > 0 {
            let why = Reason::new(
                params!("quorum.active", id = id, epoch = epoch, offset = start, hw = hw),
                format!(
                    "is the active controller of epoch {epoch}: its LeaderChangeMessage at offset {start} is committed (HW {hw}); its state is the committed log replayed"
                ),
            );
            self.events.record(now, "quorum", None, None, why.params, format!("controller {id} {}", why.text));
        }
    }

    /// The active controller answers once everything it has written is committed.
    fn reply_when_committed(&mut self, i: usize, to: BrokerId, msg: Msg) {
        let v = &self.kraft().voters[i];
        let (id, end) = (v.id, v.log_end_offset());
        if v.high_watermark >= end {
            self.send(id as NodeId, to as NodeId, msg);
        } else {
            self.kraft_mut().deferred.push((end, to, msg));
        }
    }

    // ---- the controller's log --------------------------------------------------------------

    /// The active controller appends one record to its log and applies it to its image; it goes
    /// out with the rest of its batch (`flush_batch`) and is published once committed.
    fn append(&mut self, record: MetadataRecord, why: Reason) {
        let i = self.active_index();
        self.write(i, record, why);
        self.kraft_mut().batch_open = true;
    }

    /// The records one operation appended form one batch (`QuorumController` appends a
    /// ControllerResult's records together; the Raft accumulator lingers
    /// `controller.quorum.append.linger.ms`, 25 ms, shorter than a tick): followers fetch it and
    /// the HW passes it whole, so brokers replay, e.g., a fenced broker's ISR removals together
    /// with its fencing. Committed at once with a single voter.
    fn flush_batch(&mut self) {
        if !std::mem::take(&mut self.kraft_mut().batch_open) || self.kraft().active.is_none() {
            return;
        }
        let i = self.active_index();
        if !self.maybe_advance_hw(i) {
            self.wake_voter_fetches();
        }
    }

    fn write(&mut self, i: usize, record: MetadataRecord, why: Reason) {
        let now = self.tick;
        let k = self.kraft_mut();
        let v = &mut k.voters[i];
        let (ctrl, offset) = (v.id, v.log_end_offset());
        v.log.push(LogEntry { epoch: v.epoch, record: record.clone() });
        // The target of a reassignment this record may complete (its replicas without the removing ones).
        let target = match &record {
            MetadataRecord::PartitionChange { partition, .. } => {
                let reg = &k.partitions[*partition as usize];
                reg.is_reassigning().then(|| reg.target_replicas())
            }
            _ => None,
        };
        let changed = replay(&mut k.partitions, &record);
        replay_registration(&mut k.registrations, offset, &record);
        let mut text = format!("controller {ctrl} wrote {record} at offset {offset}: {}", why.text);
        let Some(p) = changed else {
            let (kind, broker) = match record {
                MetadataRecord::RegisterBroker { broker, .. } => ("broker-registered", broker),
                MetadataRecord::BrokerRegistrationChange { broker, fenced: true, .. } => ("broker-fenced", broker),
                MetadataRecord::BrokerRegistrationChange { broker, fenced: false, .. } => ("broker-unfenced", broker),
                MetadataRecord::BrokerInControlledShutdown { broker, .. } => ("broker-in-shutdown", broker),
                _ => return,
            };
            let params = params!(kind, ctrl = ctrl, record = record.to_string(), offset = offset, why = why.params);
            return self.events.record(now, kind, None, Some(broker), params, text);
        };
        let reg = &self.kraft().partitions[p as usize];
        text.push_str(&format!(
            " → leader {}, leader_epoch {}, partition_epoch {}, ISR {}",
            reg.leader,
            reg.leader_epoch,
            reg.partition_epoch,
            set_text(&reg.isr)
        ));
        let elr = if !reg.elr.is_empty() || !reg.last_known_elr.is_empty() {
            text.push_str(&format!(", ELR {}, last known ELR {}", set_text(&reg.elr), set_text(&reg.last_known_elr)));
            params!("kraft.elr", elr = &reg.elr, last_known = &reg.last_known_elr)
        } else {
            Params::default()
        };
        // A running reassignment (KIP-455): the replicas with the target first, and who comes and goes.
        let reassigning = if reg.is_reassigning() {
            text.push_str(&format!(
                ", replicas [{}], adding {}, removing {}",
                crate::events::ids(&reg.replicas),
                set_text(&reg.adding),
                set_text(&reg.removing)
            ));
            params!(
                "kraft.reassigning",
                replicas = crate::events::ids(&reg.replicas).as_str(),
                adding = &reg.adding,
                removing = &reg.removing
            )
        } else if let Some(target) = target.filter(|t| *t == reg.replicas) {
            // `completeReassignmentIfNeeded` (not a cancellation, which keeps the original replicas).
            let target = crate::events::ids(&target);
            text.push_str(&format!("; reassignment to [{target}] complete: every target replica is in the ISR"));
            params!("kraft.reassignment-complete", target = target.as_str())
        } else {
            Params::default()
        };
        let leader = u32::try_from(reg.leader).ok();
        let elected = matches!(&record, MetadataRecord::Partition { .. })
            || matches!(&record, MetadataRecord::PartitionChange { change, .. } if change.leader.is_some());
        let params = params!(
            if elected { "leader-election.kraft" } else { "metadata-record" },
            ctrl = ctrl,
            record = record.to_string(),
            offset = offset,
            why = why.params,
            leader = reg.leader,
            epoch = reg.leader_epoch,
            partition_epoch = reg.partition_epoch,
            isr = &reg.isr,
            elr = elr,
            reassigning = reassigning,
        );
        if elected {
            let at = crate::invariants::secs(now);
            self.last_election[p as usize] = Reason::new(
                params!("last-election", at = at.as_str(), election = params.clone()),
                format!("Last election ({at}): {text}."),
            );
            self.events.record(now, "leader-election", Some(p), leader, params, text);
        } else {
            self.events.record(now, "metadata-record", Some(p), leader, params, text);
        }
    }

    /// The published image, the committed log's: what clients and leaders read (`zk` in a KRaft preset).
    fn publish(&mut self) {
        let k = self.kraft.as_deref().expect("a KRaft preset");
        self.zk.reassignments.clear();
        for (p, reg) in k.committed_partitions.iter().enumerate() {
            // `ListPartitionReassignments` answers from the registration's adding and removing
            // replicas; the target is the replicas without the removing ones (they come last).
            self.zk.assignment[p].clone_from(&reg.replicas);
            // As the ZooKeeper path does when it assigns them: an assigned replica exists (empty,
            // no role, if new or deleted before) from the moment it is assigned; its broker acts
            // once it replays the record.
            for &b in &reg.replicas {
                self.brokers[b as usize].replicas.get_or_insert_with(p as u32, || Replica::new(p as u32));
            }
            if reg.is_reassigning() {
                let r = Reassignment { target: reg.target_replicas(), adding: reg.adding.clone(), removing: reg.removing.clone() };
                self.zk.reassignments.insert(p as u32, r);
            }
            self.zk.partitions[p] = PartitionState {
                leader: reg.leader,
                leader_epoch: reg.leader_epoch,
                isr: reg.isr.clone(),
                controller_epoch: 1,
                version: reg.partition_epoch,
                recovering: reg.recovering,
            };
        }
        self.zk.brokers = k
            .committed_registrations
            .iter()
            .filter(|(_, r)| !r.fenced && !r.in_controlled_shutdown)
            .map(|(b, r)| (*b, Registration { czxid: r.epoch, session_expires_at: None }))
            .collect();
    }

    /// `generateLeaderAndIsrUpdates`: a PartitionChangeRecord for each partition that changes
    /// when `remove` leaves the ISRs (and may not lead), `add` may lead although still fenced,
    /// and `unclean_shutdown` leaves the ISRs and ELRs.
    fn leader_and_isr_updates(
        &mut self,
        partitions: Vec<u32>,
        remove: Option<BrokerId>,
        add: Option<BrokerId>,
        unclean_shutdown: Option<BrokerId>,
        why: &Reason,
    ) {
        let election = if self.config.unclean_leader_election_enable { Election::Unclean } else { Election::Online };
        for p in partitions {
            let k = self.kraft();
            let cur = k.partitions[p as usize].clone();
            let gone = |r: &BrokerId| Some(*r) == remove || Some(*r) == unclean_shutdown;
            let acceptable = |r: BrokerId| !gone(&r) && (Some(r) == add || k.is_active(r));
            let builder = Builder {
                target_isr: cur.isr.iter().copied().filter(|r| !gone(r)).collect(),
                election,
                elr_enabled: self.config.kraft.eligible_leader_replicas,
                min_isr: self.effective_min_isr(),
                unclean_shutdown,
                target_recovering: None,
                assignment: None,
                acceptable: &acceptable,
            };
            let (change, how) = builder.build(&cur);
            if let Some(change) = change {
                self.append(MetadataRecord::PartitionChange { partition: p, change }, with_how(why, how));
            }
        }
    }

    /// `getTopicEffectiveMinIsr`: min(min.insync.replicas, RF), the RF being partition 0's
    /// replica count for every partition of the topic (`int replicationFactor =
    /// topics.get(topicId).parts.get(0).replicas.length`), in the controller's image: during or
    /// after a reassignment of p0 that changes its RF, other partitions count p0's replicas.
    fn effective_min_isr(&self) -> usize {
        (self.config.min_insync_replicas as usize).min(self.kraft().partitions[0].replicas.len())
    }

    /// `handleBrokerFenced`: out of every ISR (not the ELRs), leaders elected, then the
    /// BrokerRegistrationChangeRecord.
    fn fence(&mut self, b: BrokerId, why: &Reason) {
        let in_isr = self.kraft().partitions_where(|r| r.isr.contains(&b));
        self.leader_and_isr_updates(in_isr, Some(b), None, None, why);
        let epoch = self.kraft().registrations[&b].epoch;
        self.kraft_mut().last_contact.remove(&b);
        self.append(MetadataRecord::BrokerRegistrationChange { broker: b, broker_epoch: epoch, fenced: true }, why.clone());
    }

    /// `handleBrokerUnfenced`: the record, then leaders for leaderless partitions it can lead.
    fn unfence(&mut self, b: BrokerId, offset: i64) {
        let epoch = self.kraft().registrations[&b].epoch;
        let why = Reason::new(
            params!("kraft.unfence", b = b, offset = offset),
            format!("b{b} heartbeat at metadata offset {offset}, caught up with its registration"),
        );
        self.append(MetadataRecord::BrokerRegistrationChange { broker: b, broker_epoch: epoch, fenced: false }, why);
        let leaderless = self.kraft().partitions_where(|r| r.leader == NO_LEADER);
        let why = Reason::new(params!("kraft.unfenced", b = b), format!("b{b} was unfenced"));
        self.leader_and_isr_updates(leaderless, None, Some(b), None, &why);
    }

    /// Each tick: the observers' requests, the controller's periodic tasks and parked fetches.
    pub(crate) fn run_kraft(&mut self) {
        let now = self.tick;
        self.run_quorum();
        for b in 0..self.config.brokers {
            if self.brokers[b as usize].runs() {
                self.run_observer(b);
            }
        }
        let (due, kept): (Vec<ParkedFetch>, Vec<ParkedFetch>) =
            std::mem::take(&mut self.kraft_mut().parked).into_iter().partition(|f| now >= f.deadline);
        self.kraft_mut().parked = kept;
        for f in due {
            if let Some(i) = self.voter_index(i64::from(f.controller)) {
                self.answer_fetch(i, f.broker, f.fetch_offset);
            }
        }
        // The controller's periodic tasks run on the active controller only.
        if self.kraft().active.is_none() {
            return;
        }
        // maybeFenceOneStaleBroker, every session/8; after fencing one it runs again at once
        // (next tick), so the effect of each fencing is visible before the next.
        if now >= self.kraft().next_fence_check {
            let session = self.session_ticks();
            let k = self.kraft();
            let stale = k.last_contact.iter().filter(|(_, t)| now > **t + session).min_by_key(|(b, t)| (**t, **b)).map(|(b, _)| *b);
            let next = match stale {
                Some(b) => {
                    let ms = self.config.kraft.broker_session_timeout_ms;
                    let why = Reason::new(
                        params!("kraft.fence-stale", b = b, ms = ms),
                        format!("fencing b{b}: no heartbeat for broker.session.timeout.ms {ms} ms"),
                    );
                    self.fence(b, &why);
                    now + 1
                }
                None => now + (session / 8).max(1),
            };
            self.kraft_mut().next_fence_check = next;
        }
        if self.config.unclean_leader_election_enable && now >= self.kraft().next_unclean_check {
            self.kraft_mut().next_unclean_check = now + Config::ticks(UNCLEAN_ELECTION_INTERVAL_MS);
            let leaderless = self.kraft().partitions_where(|r| r.leader == NO_LEADER);
            let why = Reason::new(
                params!("kraft.periodic-unclean"),
                "the periodic unclean leader election (unclean.leader.election.enable)".to_string(),
            );
            for p in leaderless {
                self.elect(p, Election::Unclean, &why);
            }
        }
        if self.kraft().balance_at.is_some_and(|at| now >= at) {
            self.maybe_balance_partition_leaders();
        }
        self.maybe_schedule_balance();
        self.flush_batch();
    }

    /// `ReplicationControlManager.imbalancedPartitions`: every partition whose leader is not its
    /// preferred replica (`hasPreferredLeader`), leaderless ones included, in the controller's image.
    fn imbalanced_partitions(&self) -> Vec<u32> {
        self.kraft().partitions_where(|r| !r.has_preferred_leader())
    }

    /// `QuorumController.maybeScheduleNextBalancePartitionLeaders`, run after every controller
    /// write event (and at activation): with `auto.leader.rebalance.enable` and partitions
    /// imbalanced, the task is scheduled `leader.imbalance.check.interval.seconds` later, unless
    /// it already is. So a pass comes one interval after a partition lost its preferred leader
    /// (or after the previous pass, while one is still imbalanced), not on a fixed clock from the
    /// controller's start as in ZooKeeper mode; `leader.imbalance.per.broker.percentage` plays no
    /// part in KRaft: any imbalanced partition counts.
    fn maybe_schedule_balance(&mut self) {
        let k = self.kraft();
        if k.active.is_none()
            || k.balance_at.is_some()
            || !self.config.auto_leader_rebalance_enable
            || k.partitions.iter().all(PartitionRegistration::has_preferred_leader)
        {
            return;
        }
        let at = self.tick + Config::ticks(self.config.leader_imbalance_check_interval_seconds * 1000);
        self.kraft_mut().balance_at = Some(at);
    }

    /// `ReplicationControlManager.maybeBalancePartitionLeaders`: a preferred election
    /// (`PartitionChangeBuilder` with `Election.PREFERRED`) for every imbalanced partition
    /// (`MAX_ELECTIONS_PER_IMBALANCE` is never reached); a partition whose preferred replica is
    /// not in the ISR, or is fenced or in a controlled shutdown, keeps its leader (no record).
    fn maybe_balance_partition_leaders(&mut self) {
        self.kraft_mut().balance_at = None;
        let why = Reason::new(
            params!("kraft.balance", s = self.config.leader_imbalance_check_interval_seconds),
            format!(
                "the leader balancing task (auto.leader.rebalance.enable, every leader.imbalance.check.interval.seconds {} s while a partition's leader is not its preferred replica)",
                self.config.leader_imbalance_check_interval_seconds
            ),
        );
        for p in self.imbalanced_partitions() {
            if let Some((change, why)) = self.election_change(p, Election::Preferred, &why) {
                self.append(MetadataRecord::PartitionChange { partition: p, change }, why);
            }
        }
    }

    /// A broker's lifecycle each tick: register, fetch the metadata log, heartbeat.
    fn run_observer(&mut self, b: BrokerId) {
        let now = self.tick;
        let timeout = Config::ticks(REQUEST_TIMEOUT_MS);
        let voters = self.config.kraft.controller_quorum_voters;
        let o = &mut self.kraft_mut().observers[b as usize];
        let stale = |sent: Option<Tick>| sent.is_none_or(|t| now >= t + timeout);
        let mut msgs = Vec::new();
        if o.broker_epoch.is_none() && stale(o.registration_sent) && now >= o.registration_retry_at {
            o.registration_sent = Some(now);
            let previous_broker_epoch = o.clean_shutdown_epoch.map_or(-1, |e| e as i64);
            msgs.push(KraftMsg::BrokerRegistration { broker: b, previous_broker_epoch });
        }
        if stale(o.fetch_sent) {
            if o.fetch_sent.is_some() {
                // Unanswered: try the next voter (`controller.quorum.bootstrap.servers`).
                o.controller = next_voter(o.controller, voters);
            }
            o.fetch_sent = Some(now);
            msgs.push(KraftMsg::FetchMetadata { broker: b, fetch_offset: o.next_offset });
        }
        if let Some(broker_epoch) = o.broker_epoch.filter(|_| now >= o.next_heartbeat && stale(o.heartbeat_sent)) {
            o.heartbeat_sent = Some(now);
            let current_metadata_offset = o.next_offset as i64 - 1;
            let want_shut_down = o.want_shut_down;
            msgs.push(KraftMsg::BrokerHeartbeat { broker: b, broker_epoch, current_metadata_offset, want_shut_down });
        }
        let controller = o.controller;
        for m in msgs {
            self.send(b as NodeId, controller as NodeId, Msg::Kraft(m));
        }
    }

    /// A restarted broker has lost its in-memory KRaft state; what it wrote at a clean shutdown stays.
    pub(crate) fn kraft_restarted(&mut self, b: BrokerId) {
        let k = self.kraft_mut();
        let clean_shutdown_epoch = k.observers[b as usize].clean_shutdown_epoch;
        k.observers[b as usize] = Observer { controller: FIRST_VOTER, clean_shutdown_epoch, ..Observer::default() };
    }

    /// A message for the controller, or a KRaft answer for a broker (`Cluster::deliver`).
    pub(crate) fn kraft_deliver(&mut self, env: Envelope) {
        let to = env.to as BrokerId;
        if let Some(i) = self.voter_index(i64::from(env.to)) {
            let from = env.from as BrokerId;
            let msg = match env.msg {
                Msg::Kraft(m) => match self.voter_deliver(i, from, m) {
                    Some(m) => Msg::Kraft(m),
                    None => return,
                },
                other => other,
            };
            if self.kraft().voters[i].status != quorum::VoterStatus::Crashed {
                self.controller_request(i, from, msg);
            }
            return;
        }
        let Msg::Kraft(msg) = env.msg else { return };
        let now = self.tick;
        let interval = Config::ticks(self.config.kraft.broker_heartbeat_interval_ms);
        match msg {
            KraftMsg::BrokerRegistrationResponse { broker_epoch, error } => {
                let o = &mut self.kraft_mut().observers[to as usize];
                o.registration_sent = None;
                match error {
                    None => {
                        o.broker_epoch = Some(broker_epoch);
                        o.clean_shutdown_epoch = None;
                        o.registration_failures = 0;
                        o.next_heartbeat = now;
                    }
                    Some(_) => {
                        let (lo, hi) = REGISTRATION_BACKOFF_MS;
                        let backoff = (lo << o.registration_failures.min(16)).min(hi);
                        o.registration_failures += 1;
                        o.registration_retry_at = now + Config::ticks(backoff);
                    }
                }
            }
            // `BrokerLifecycleManager` acts on shouldShutDown only in PENDING_CONTROLLED_SHUTDOWN:
            // an answer to a heartbeat of an incarnation that has stopped since (one queued behind
            // the commit, another resent) must not stop the restarted broker.
            KraftMsg::BrokerHeartbeatResponse { should_shut_down: true, error: None, .. }
                if self.kraft().observers[to as usize].want_shut_down =>
            {
                let epoch = self.kraft().observers[to as usize].broker_epoch;
                self.kraft_mut().observers[to as usize].clean_shutdown_epoch = epoch;
                self.stop_cleanly(
                    to,
                    Reason::new(
                        params!("kraft.should-shut-down"),
                        "the controller answered shouldShutDown once it led nothing".to_string(),
                    ),
                );
            }
            KraftMsg::BrokerHeartbeatResponse { is_fenced, error, .. } => {
                let o = &mut self.kraft_mut().observers[to as usize];
                o.heartbeat_sent = None;
                if error.is_none() {
                    o.fenced = is_fenced;
                    o.running |= !is_fenced;
                }
                // Its registration was superseded (an answer to an earlier registration attempt
                // arrived after it retried, the newer answer lost in a failover): register again.
                if error == Some(KafkaError::StaleBrokerEpoch) {
                    o.broker_epoch = None;
                }
                // Starting up, it heartbeats again at once until unfenced (`BrokerLifecycleManager`).
                o.next_heartbeat = if o.running { now + interval } else { now + 1 };
            }
            KraftMsg::FetchMetadataResponse { error: Some(_), leader, .. } => {
                let voters = self.config.kraft.controller_quorum_voters;
                let o = &mut self.kraft_mut().observers[to as usize];
                o.fetch_sent = None;
                o.controller = leader.unwrap_or_else(|| next_voter(env.from as BrokerId, voters));
            }
            KraftMsg::FetchMetadataResponse { base_offset, records, high_watermark, .. } => {
                let o = &mut self.kraft_mut().observers[to as usize];
                o.fetch_sent = None;
                o.controller = env.from as BrokerId;
                self.observe(to, base_offset, &records, high_watermark);
            }
            _ => {}
        }
    }

    /// A broker's request at controller `i`: the active controller handles it and answers once
    /// committed; another voter answers NOT_CONTROLLER (a fetch: NOT_LEADER_OR_FOLLOWER and the
    /// leader it knows). The leader serves committed records to observers.
    fn controller_request(&mut self, i: usize, from: BrokerId, msg: Msg) {
        let v = &self.kraft().voters[i];
        let (id, is_leader, active) = (v.id, v.state == RaftState::Leader, self.kraft().active == Some(v.id));
        if let Msg::Kraft(KraftMsg::FetchMetadata { broker, fetch_offset }) = msg {
            if !is_leader {
                let leader = v.leader.filter(|_| v.state == RaftState::Follower);
                let error = Some(KafkaError::NotLeaderOrFollower);
                let reply =
                    KraftMsg::FetchMetadataResponse { base_offset: fetch_offset, records: Vec::new(), high_watermark: None, leader, error };
                return self.send(id as NodeId, from as NodeId, Msg::Kraft(reply));
            }
            if fetch_offset < v.high_watermark && v.high_watermark_known() {
                self.answer_fetch(i, broker, fetch_offset);
            } else {
                let deadline = self.tick + Config::ticks(FETCH_MAX_WAIT_MS);
                self.kraft_mut().parked.push(ParkedFetch { controller: id, broker, fetch_offset, deadline });
            }
            return;
        }
        let not_controller = Some(KafkaError::NotController);
        let reply = match msg {
            Msg::AlterPartition { partition, leader, leader_epoch, isr, partition_epoch, .. } => {
                if !active {
                    let request = (leader_epoch, partition_epoch);
                    let error = not_controller;
                    let isr = BrokerState::ids(&isr);
                    let reply = Msg::AlterPartitionResponse { partition, request, leader_epoch, isr, partition_epoch, error };
                    return self.send(id as NodeId, from as NodeId, reply);
                }
                self.kraft_alter_partition(partition, leader, leader_epoch, &isr, partition_epoch)
            }
            Msg::Kraft(KraftMsg::BrokerRegistration { broker, previous_broker_epoch }) => {
                if !active {
                    let reply = KraftMsg::BrokerRegistrationResponse { broker_epoch: 0, error: not_controller };
                    return self.send(id as NodeId, from as NodeId, Msg::Kraft(reply));
                }
                Msg::Kraft(self.register_broker(broker, previous_broker_epoch))
            }
            Msg::Kraft(KraftMsg::BrokerHeartbeat { broker, broker_epoch, current_metadata_offset, want_shut_down }) => {
                if !active {
                    let reply = KraftMsg::BrokerHeartbeatResponse {
                        is_caught_up: false,
                        is_fenced: true,
                        should_shut_down: false,
                        error: not_controller,
                    };
                    return self.send(id as NodeId, from as NodeId, Msg::Kraft(reply));
                }
                Msg::Kraft(self.heartbeat(broker, broker_epoch, current_metadata_offset, want_shut_down))
            }
            _ => return,
        };
        self.flush_batch();
        self.reply_when_committed(i, from, reply);
    }

    fn answer_fetch(&mut self, i: usize, broker: BrokerId, fetch_offset: u64) {
        let v = &self.kraft().voters[i];
        // HW unknown: the response says -1, and a starting broker's `MetadataLoader` waits for a
        // known HW rather than publish an image that a record of the last epoch, committed with
        // the LeaderChangeMessage, would change (without this the sweep finds strong-isr at seed
        // 883 under 4.0 and 4.2).
        let known = v.high_watermark_known();
        let hw = if known { v.high_watermark as usize } else { 0 };
        let from = (fetch_offset as usize).min(hw);
        let msg = KraftMsg::FetchMetadataResponse {
            base_offset: fetch_offset,
            records: v.log[from..hw].iter().map(|e| e.record.clone()).collect(),
            high_watermark: known.then_some(v.high_watermark),
            leader: Some(v.id),
            error: None,
        };
        let id = v.id;
        self.send(id as NodeId, broker as NodeId, Msg::Kraft(msg));
    }

    /// A broker replays fetched records into its image; once caught up (at start: to the HW),
    /// each changed partition's latest state is applied to its replica (`ReplicaManager.applyDelta`).
    fn observe(&mut self, b: BrokerId, base_offset: u64, records: &[MetadataRecord], high_watermark: Option<u64>) {
        let n = self.config.partitions;
        let o = &mut self.kraft_mut().observers[b as usize];
        let Some(high_watermark) = high_watermark.filter(|_| base_offset == o.next_offset) else {
            return; // an answer to an older fetch, or from a leader whose HW is not known yet
        };
        if o.image.is_empty() {
            o.image = empty_image(n);
        }
        let mut changed: Vec<u32> = records.iter().filter_map(|r| replay(&mut o.image, r)).collect();
        o.next_offset += records.len() as u64;
        if !o.published {
            if o.next_offset < high_watermark {
                return;
            }
            o.published = true;
            changed = (0..n).collect();
        }
        changed.sort_unstable();
        changed.dedup();
        let image: Vec<(u32, PartitionRegistration)> = changed.into_iter().map(|p| (p, o.image[p as usize].clone())).collect();
        let mut out = Vec::new();
        {
            let (broker, mut ctx) = self.broker_ctx(b, &mut out);
            for (p, reg) in &image {
                if reg.replicas.contains(&b) {
                    // A replica a reassignment adds here starts empty and follows
                    // (`applyLocalFollowersDelta`, `getOrCreatePartition`).
                    let r = broker.replicas.get_or_insert_with(*p, || Replica::new(*p));
                    apply_to_replica(r, &mut ctx, reg);
                } else if let Some(r) = broker.replicas.get_mut(p).filter(|r| !r.is_deleted()) {
                    r.delete_removed(&mut ctx);
                }
            }
        }
        self.flush(b as NodeId, out);
    }

    /// `ClusterControlManager.registerBroker`: refused while the previous incarnation still has a
    /// valid session (DUPLICATE_BROKER_REGISTRATION, the broker retries); otherwise the previous
    /// incarnation's shutdown is handled (`handleBrokerShutdown`: clean iff the broker names the
    /// epoch it stopped cleanly with) and a RegisterBrokerRecord written, the broker fenced.
    fn register_broker(&mut self, b: BrokerId, previous_broker_epoch: i64) -> KraftMsg {
        let now = self.tick;
        let session = self.session_ticks();
        let k = self.kraft();
        let existing = k.registrations.get(&b).cloned();
        if existing.is_some() && k.has_valid_session(b, now, session) {
            return KraftMsg::BrokerRegistrationResponse { broker_epoch: 0, error: Some(KafkaError::DuplicateBrokerRegistration) };
        }
        self.kraft_mut().last_contact.remove(&b);
        // The broker epoch is the offset of the registration's first record.
        let broker_epoch = self.metadata_end();
        if let Some(e) = existing {
            let clean = e.epoch as i64 == previous_broker_epoch;
            let in_isr = self.kraft().partitions_where(|r| r.isr.contains(&b));
            if self.config.kraft.eligible_leader_replicas && !clean {
                let in_elr = self.kraft().partitions_where(|r| r.elr.contains(&b));
                let why = Reason::new(
                    params!("kraft.unclean-restart", b = b, previous = previous_broker_epoch, epoch = e.epoch),
                    format!("b{b} restarted after an unclean shutdown (previousBrokerEpoch {previous_broker_epoch}, not {})", e.epoch),
                );
                self.leader_and_isr_updates(in_isr, None, None, Some(b), &why);
                self.leader_and_isr_updates(in_elr, None, None, Some(b), &why);
            } else {
                let why = Reason::new(params!("kraft.restarted", b = b), format!("b{b} restarted"));
                self.leader_and_isr_updates(in_isr, Some(b), None, None, &why);
            }
        }
        let why = Reason::new(params!("kraft.registered-fenced", b = b), format!("b{b} registered, fenced until it catches up"));
        self.append(MetadataRecord::RegisterBroker { broker: b, broker_epoch }, why);
        KraftMsg::BrokerRegistrationResponse { broker_epoch, error: None }
    }

    /// `processBrokerHeartbeat` with `BrokerHeartbeatManager.calculateNextBrokerState`: the
    /// broker epoch must be current; a fenced broker that has replayed up to its registration is
    /// unfenced; one that wants to shut down enters CONTROLLED_SHUTDOWN while it leads a partition
    /// (`handleBrokerInControlledShutdown`: out of every ISR, its leaderships moved, or the
    /// partition left without a leader when no other ISR member may lead), then SHUTDOWN_NOW
    /// (`handleBrokerFenced`) and is told to stop. An unfenced broker's session is renewed.
    fn heartbeat(&mut self, b: BrokerId, broker_epoch: u64, current_metadata_offset: i64, want_shut_down: bool) -> KraftMsg {
        let Some(reg) = self.kraft().registrations.get(&b).cloned().filter(|r| r.epoch == broker_epoch) else {
            let error = Some(KafkaError::StaleBrokerEpoch);
            return KraftMsg::BrokerHeartbeatResponse { is_caught_up: false, is_fenced: true, should_shut_down: false, error };
        };
        let is_caught_up = current_metadata_offset >= reg.register_offset as i64;
        let leads = !self.kraft().partitions_where(|r| r.leader == b as i32).is_empty();
        let mut should_shut_down = false;
        if want_shut_down {
            if !reg.fenced && leads {
                if !reg.in_controlled_shutdown {
                    let why = Reason::new(
                        params!("kraft.want-shut-down", b = b),
                        format!("b{b} asked to shut down (wantShutDown) while it leads partitions"),
                    );
                    self.append(MetadataRecord::BrokerInControlledShutdown { broker: b, broker_epoch }, why);
                }
                let in_isr = self.kraft().partitions_where(|r| r.isr.contains(&b));
                let why = Reason::new(params!("kraft.in-shutdown", b = b), format!("b{b} is in a controlled shutdown"));
                self.leader_and_isr_updates(in_isr.clone(), Some(b), None, None, &why);
                self.note_kraft_shutdown_exits(&in_isr, b);
            } else {
                if !reg.fenced {
                    let why =
                        Reason::new(params!("kraft.shutdown-now", b = b), format!("b{b} leads nothing and may shut down (SHUTDOWN_NOW)"));
                    let in_isr = self.kraft().partitions_where(|r| r.isr.contains(&b));
                    self.fence(b, &why);
                    self.note_kraft_shutdown_exits(&in_isr, b);
                }
                should_shut_down = true;
            }
        } else if reg.fenced && is_caught_up {
            self.unfence(b, current_metadata_offset);
        }
        let now = self.tick;
        let k = self.kraft_mut();
        let is_fenced = k.registrations[&b].fenced;
        if !is_fenced {
            k.last_contact.insert(b, now);
        }
        KraftMsg::BrokerHeartbeatResponse { is_caught_up, is_fenced, should_shut_down, error: None }
    }

    /// `b` left the ISRs of `partitions` it was in by its controlled shutdown (the snapshot's `outOfIsr`).
    fn note_kraft_shutdown_exits(&mut self, partitions: &[u32], b: BrokerId) {
        for &p in partitions {
            let isr = self.kraft().partitions[p as usize].isr.clone();
            self.note_shutdown_exits(p, &[b], &isr);
        }
    }

    /// `fail(b, "shutdown")` in a KRaft preset: the broker keeps working and heartbeats at once
    /// with wantShutDown (`BrokerLifecycleManager.beginControlledShutdown`).
    pub(crate) fn kraft_begin_shutdown(&mut self, b: BrokerId) -> Reason {
        let now = self.tick;
        self.brokers[b as usize].status = crate::broker::BrokerStatus::ShuttingDown { attempt: 1, next_try: None, asked_at: now };
        let o = &mut self.kraft_mut().observers[b as usize];
        o.want_shut_down = true;
        o.next_heartbeat = now;
        o.heartbeat_sent = None;
        Reason::new(
            params!("broker-fail.shutdown-kraft", b = b),
            format!("b{b} begins a controlled shutdown: its heartbeats ask the controller to move its leaderships before it stops"),
        )
    }

    /// `ReplicationControlManager.alterPartition` with `validateAlterPartitionData`'s checks in
    /// Kafka's order; accepted, the new ISR goes through `PartitionChangeBuilder` (ELR included)
    /// and the leader is answered with the new state.
    fn kraft_alter_partition(
        &mut self,
        p: u32,
        leader: BrokerId,
        leader_epoch: i32,
        isr_with_epochs: &[BrokerState],
        partition_epoch: u32,
    ) -> Msg {
        let isr = &BrokerState::ids(isr_with_epochs)[..];
        // `ineligibleReplicasForIsr` (KIP-903): a member named with a broker epoch other than
        // its registration's (-1 skips the check), e.g. from a fetch of a restarted broker's
        // previous process that the leader accepted before its metadata knew the new epoch.
        let stale_epoch = isr_with_epochs.iter().find_map(|s| {
            let reg = self.kraft().registrations.get(&s.broker_id)?;
            (s.broker_epoch != UNKNOWN_BROKER_EPOCH && s.broker_epoch != reg.epoch as i64).then_some((
                s.broker_id,
                s.broker_epoch,
                reg.epoch,
            ))
        });
        let k = self.kraft();
        let cur = k.partitions[p as usize].clone();
        let mut sorted = isr.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let mut error = if leader_epoch > cur.leader_epoch || partition_epoch > cur.partition_epoch {
            // The sender knows a newer state: this cannot be the active controller.
            Some(KafkaError::NotController)
        } else if leader_epoch < cur.leader_epoch {
            Some(KafkaError::FencedLeaderEpoch)
        } else if leader as i32 != cur.leader {
            Some(KafkaError::InvalidRequest)
        } else if partition_epoch < cur.partition_epoch {
            Some(KafkaError::InvalidUpdateVersion)
        } else if sorted.len() != isr.len() || !isr.iter().all(|r| cur.replicas.contains(r)) || !isr.contains(&leader) {
            // `Replicas.validateIsr`, and the ISR must include the leader.
            Some(KafkaError::InvalidRequest)
        } else if isr.iter().any(|r| !k.is_active(*r)) {
            // `ineligibleReplicasForIsr`: not registered, in controlled shutdown or fenced (KIP-841).
            Some(KafkaError::IneligibleReplica)
        } else if let Some((r, epoch, registered)) = stale_epoch {
            let ctrl = k.active.expect("only the active controller handles AlterPartition");
            let text = format!(
                "controller {ctrl} refused AlterPartition for p{p} from leader b{leader} with INELIGIBLE_REPLICA: it names b{r} with broker epoch {epoch}, but b{r} is registered with epoch {registered} (a fetch from its previous process, KIP-903)"
            );
            let params = params!(
                "stale-broker-epoch.alter-partition",
                ctrl = ctrl,
                p = p,
                leader = leader,
                b = r,
                epoch = epoch,
                current = registered
            );
            self.events.record(self.tick, "stale-broker-epoch", Some(p), Some(r), params, text);
            Some(KafkaError::IneligibleReplica)
        } else {
            None
        };
        let k = self.kraft();
        if error.is_none() {
            let election = if self.config.unclean_leader_election_enable { Election::Unclean } else { Election::Online };
            let acceptable = |r: BrokerId| k.is_active(r);
            // The leader's AlterPartition always says RECOVERED (KIP-704).
            let builder = Builder {
                target_isr: isr.to_vec(),
                election,
                elr_enabled: self.config.kraft.eligible_leader_replicas,
                min_isr: self.effective_min_isr(),
                unclean_shutdown: None,
                target_recovering: Some(false),
                assignment: None,
                acceptable: &acceptable,
            };
            if let (Some(change), how) = builder.build(&cur) {
                let why = Reason::new(
                    params!("kraft.alter-partition", leader = leader, from = &cur.isr, to = isr),
                    format!("AlterPartition from leader b{leader} (ISR {} → {})", set_text(&cur.isr), set_text(isr)),
                );
                // The change completed a reassignment that removes the leader: it is written, and
                // the leader is told NEW_LEADER_ELECTED (it learns the rest from the metadata).
                let moved = change.leader.is_some_and(|l| l != leader as i32);
                self.append(MetadataRecord::PartitionChange { partition: p, change }, with_how(&why, how));
                if moved {
                    error = Some(KafkaError::NewLeaderElected);
                }
            }
        }
        let reg = &self.kraft().partitions[p as usize];
        Msg::AlterPartitionResponse {
            partition: p,
            request: (leader_epoch, partition_epoch),
            leader_epoch: reg.leader_epoch,
            isr: reg.isr.clone(),
            partition_epoch: reg.partition_epoch,
            error,
        }
    }

    /// The change an election of `election` type would write for partition `p` with its ISR
    /// unchanged, and its reason (`PartitionChangeBuilder` with the `LeaderAcceptor`: registered,
    /// unfenced, not in a controlled shutdown).
    fn election_change(&self, p: u32, election: Election, why: &Reason) -> Option<(PartitionChange, Reason)> {
        let k = self.kraft();
        let cur = &k.partitions[p as usize];
        let acceptable = |r: BrokerId| k.is_active(r);
        let builder = Builder {
            target_isr: cur.isr.clone(),
            election,
            elr_enabled: self.config.kraft.eligible_leader_replicas,
            min_isr: self.effective_min_isr(),
            unclean_shutdown: None,
            target_recovering: None,
            assignment: None,
            acceptable: &acceptable,
        };
        match builder.build(cur) {
            (Some(change), how) => Some((change, with_how(why, how))),
            (None, _) => None,
        }
    }

    /// One partition's election on demand or from the periodic task (`electLeader`): not needed
    /// when the preferred replica leads (PREFERRED, `hasPreferredLeader`) or any leader does
    /// (UNCLEAN, `hasLeader`); no record built is PREFERRED_LEADER_NOT_AVAILABLE (the preferred
    /// replica is not in the ISR, or is fenced or shutting down) or ELIGIBLE_LEADERS_NOT_AVAILABLE.
    fn elect(&mut self, p: u32, election: Election, why: &Reason) -> Option<KafkaError> {
        let cur = &self.kraft().partitions[p as usize];
        let not_needed = match election {
            Election::Preferred => cur.has_preferred_leader(),
            _ => cur.leader != NO_LEADER,
        };
        if not_needed {
            return Some(KafkaError::ElectionNotNeeded);
        }
        match self.election_change(p, election, why) {
            Some((change, why)) => {
                self.append(MetadataRecord::PartitionChange { partition: p, change }, why);
                None
            }
            None if election == Election::Preferred => Some(KafkaError::PreferredLeaderNotAvailable),
            None => Some(KafkaError::EligibleLeadersNotAvailable),
        }
    }

    /// `ReplicationControlManager.electLeaders` in a KRaft preset: the preferred election
    /// (`Election.PREFERRED`) or the unclean one of leaderless partitions (`Election.UNCLEAN`),
    /// the records written as one batch and published once committed. Needs an active controller
    /// (another answers NOT_CONTROLLER, and the admin client retries).
    pub(crate) fn kraft_elect_leaders(&mut self, kind: ElectionType, list: Vec<u32>) -> Result<Vec<ElectionResult>, ApiError> {
        if self.kraft().active.is_none() {
            return Err(ApiError::new("type", "no controller is active to elect leaders; wait for one".to_string()));
        }
        let (election, why) = match kind {
            ElectionType::Preferred => (
                Election::Preferred,
                Reason::new(params!("kraft.admin-preferred"), "an admin request (ElectLeaders, type preferred)".to_string()),
            ),
            ElectionType::Unclean => (
                Election::Unclean,
                Reason::new(params!("kraft.admin-unclean"), "an admin request (ElectLeaders, type unclean)".to_string()),
            ),
        };
        let results =
            list.into_iter().map(|p| ElectionResult { partition: p, error: self.elect(p, election, &why).map(KafkaError::name) }).collect();
        // After a write event the balancing task is scheduled if needed (an unclean election
        // can elect a replica other than the preferred one).
        self.maybe_schedule_balance();
        self.flush_batch();
        Ok(results)
    }
}

/// The voter after `id`, in id order, wrapping around.
fn next_voter(id: BrokerId, voters: u32) -> BrokerId {
    FIRST_VOTER + (id.saturating_sub(FIRST_VOTER) + 1) % voters
}

/// A change's reason followed by how its leader was elected, if it was.
fn with_how(why: &Reason, how: Option<How>) -> Reason {
    let (kind, text) = match how {
        None => return why.clone(),
        Some(How::Preferred) => ("kraft.how-preferred", "; elected the preferred replica, the first in assignment order"),
        Some(How::Isr) => ("kraft.how-isr", "; elected the first live ISR member in assignment order"),
        Some(How::Elr) => ("kraft.how-elr", "; the ISR is empty: elected an ELR member (clean, KIP-966)"),
        Some(How::LastKnownLeader) => (
            "kraft.how-last-known",
            "; ISR and ELR are empty: elected the last known leader, UNCLEAN (RECOVERING), committed records may be lost",
        ),
        Some(How::Unclean) => ("kraft.how-unclean", "; no ISR or ELR member is live: UNCLEAN election, committed records may be lost"),
    };
    Reason::new(params!("kraft.why-how", why = why.params.clone(), how = params!(kind)), format!("{}{text}", why.text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Value;

    fn cluster(version: &str) -> Cluster {
        let pairs = [("version", Value::Str(version.into())), ("brokers", Value::Num(3.0)), ("partitions", Value::Num(1.0))];
        Cluster::from_pairs(&pairs.map(|(k, v)| (k.to_string(), v))).unwrap()
    }

    fn error(m: Msg) -> Option<&'static str> {
        match m {
            Msg::AlterPartitionResponse { error, .. } => error.map(KafkaError::name),
            other => panic!("not an AlterPartitionResponse: {other}"),
        }
    }

    /// `ReplicationControlManager.validateAlterPartitionData`, check by check, in Kafka's order.
    #[test]
    fn alter_partition_is_validated_in_kafkas_order() {
        let mut c = cluster("4.0");
        // p0: leader 0, leaderEpoch 0, partitionEpoch 0, replicas [0,1,2].
        // Members without a broker epoch (-1): the controller skips the KIP-903 check.
        let unknown =
            |isr: &[u32]| isr.iter().map(|&b| BrokerState { broker_id: b, broker_epoch: UNKNOWN_BROKER_EPOCH }).collect::<Vec<_>>();
        let ap = |c: &mut Cluster, leader, le, isr: &[u32], pe| error(c.kraft_alter_partition(0, leader, le, &unknown(isr), pe));
        assert_eq!(ap(&mut c, 0, 1, &[0, 1], 0), Some("NOT_CONTROLLER"), "a newer leader epoch than the controller's");
        assert_eq!(ap(&mut c, 0, 0, &[0, 1], 5), Some("NOT_CONTROLLER"), "a newer partition epoch than the controller's");
        assert_eq!(ap(&mut c, 0, -1, &[0, 1], 0), Some("FENCED_LEADER_EPOCH"));
        assert_eq!(ap(&mut c, 1, 0, &[0, 1], 0), Some("INVALID_REQUEST"), "not from the leader");
        assert_eq!(ap(&mut c, 0, 0, &[0, 0, 1], 0), Some("INVALID_REQUEST"), "a duplicate in the ISR");
        assert_eq!(ap(&mut c, 0, 0, &[1, 2], 0), Some("INVALID_REQUEST"), "an ISR without the leader");
        // ReplicationControlManagerTest#testInvalidAlterPartitionRequests: "Invalid ISR (3 is not a valid replica)".
        assert_eq!(ap(&mut c, 0, 0, &[0, 1, 3], 0), Some("INVALID_REQUEST"), "a member that is not a replica");
        assert_eq!(ap(&mut c, 0, 0, &[0, 1], 0), None);
        let reg = c.kraft().partitions[0].clone();
        assert_eq!((reg.isr, reg.leader_epoch, reg.partition_epoch), (vec![0, 1], 0, 1), "a shrink bumps only the partition epoch");
        // A retry of the change already applied names the old partition epoch (unlike the
        // ZooKeeper controller, which answers it with the current state).
        assert_eq!(ap(&mut c, 0, 0, &[0, 1], 0), Some("INVALID_UPDATE_VERSION"));
        assert_eq!(ap(&mut c, 1, 0, &[0, 1], 0), Some("INVALID_REQUEST"), "the leader is checked before the partition epoch");
        c.fence(2, &Reason::new(Params::default(), "a test".to_string()));
        assert_eq!(ap(&mut c, 0, 0, &[0, 1, 2], 1), Some("INELIGIBLE_REPLICA"), "a fenced broker may not join the ISR");
        assert_eq!(c.kraft().partitions[0].partition_epoch, 1, "nothing written for a refused request");
    }

    /// ReplicationControlManagerTest#testAlterPartitionShouldRejectShuttingDownBrokers: a member in
    /// a controlled shutdown (`registration.inControlledShutdown()`, "shutting down") may not join
    /// the ISR: INELIGIBLE_REPLICA; once it is out of the new ISR the same shrink is accepted.
    #[test]
    fn alter_partition_refuses_a_member_in_controlled_shutdown() {
        let mut c = cluster("4.2");
        let unknown =
            |isr: &[u32]| isr.iter().map(|&b| BrokerState { broker_id: b, broker_epoch: UNKNOWN_BROKER_EPOCH }).collect::<Vec<_>>();
        c.kraft_mut().registrations.get_mut(&2).unwrap().in_controlled_shutdown = true;
        assert_eq!(error(c.kraft_alter_partition(0, 0, 0, &unknown(&[0, 1, 2]), 0)), Some("INELIGIBLE_REPLICA"));
        assert_eq!(c.kraft().partitions[0].partition_epoch, 0, "nothing written");
        assert_eq!(error(c.kraft_alter_partition(0, 0, 0, &unknown(&[0, 1]), 0)), None);
        assert_eq!(c.kraft().partitions[0].isr, vec![0, 1]);
    }

    /// `ineligibleReplicasForIsr` with `newIsrWithEpochs` (KIP-903): a member's broker epoch must
    /// be its registration's, except -1; a mismatch is INELIGIBLE_REPLICA, with an event naming it.
    #[test]
    fn alter_partition_refuses_a_member_with_another_broker_epoch() {
        let mut c = cluster("4.2");
        // Registered epochs at creation: b0 1, b1 2, b2 3 (each RegisterBrokerRecord's offset).
        let with = |epochs: &[(u32, i64)]| epochs.iter().map(|&(b, e)| BrokerState { broker_id: b, broker_epoch: e }).collect::<Vec<_>>();
        let shrink = with(&[(0, 1), (1, 2)]);
        assert_eq!(error(c.kraft_alter_partition(0, 0, 0, &shrink, 0)), None, "the registered epochs");
        let stale = with(&[(0, 1), (1, 2), (2, 2)]);
        assert_eq!(
            error(c.kraft_alter_partition(0, 0, 0, &stale, 1)),
            Some("INELIGIBLE_REPLICA"),
            "b2 named with epoch 2, registered with 3"
        );
        let e = c.events.drain(c.tick).pop().expect("an event");
        assert_eq!((e.kind, e.params.kind, e.broker), ("stale-broker-epoch", "stale-broker-epoch.alter-partition", 2));
        assert!(e.text.contains("it names b2 with broker epoch 2, but b2 is registered with epoch 3"), "{}", e.text);
        assert_eq!(c.kraft().partitions[0].partition_epoch, 1, "nothing written for a refused request");
        let skipped = with(&[(0, 1), (1, 2), (2, UNKNOWN_BROKER_EPOCH)]);
        assert_eq!(error(c.kraft_alter_partition(0, 0, 0, &skipped, 1)), None, "-1 skips the check");
        assert_eq!(c.kraft().partitions[0].isr, vec![0, 1, 2]);
    }

    /// `BrokerServer.startup` enables request processing only once the controller has unfenced the
    /// broker: a restarted broker refuses a request (NETWORK_EXCEPTION) until then, and serves
    /// it once running again (sweep seed 763: a restarted leader took writes while fenced).
    #[test]
    fn a_restarted_broker_serves_no_request_until_unfenced() {
        let mut c = cluster("4.2");
        c.fail(1, crate::faults::FailKind::Crash { lossy: false }).unwrap();
        c.step(1).unwrap();
        c.recover(1).unwrap();
        let answer = |c: &mut Cluster| {
            c.send(crate::message::CONSUMER, 1, Msg::ConsumerFetch { partition: 0, fetch_offset: 0 });
            loop {
                c.step(1).unwrap();
                let reply = c.network.in_flight().find_map(|e| match &e.msg {
                    Msg::ConsumerFetchResponse { error, .. } if e.from == 1 => Some(*error),
                    _ => None,
                });
                if let Some(error) = reply {
                    return error;
                }
            }
        };
        assert!(!c.kraft().observers[1].running);
        assert_eq!(answer(&mut c), Some(KafkaError::NetworkException), "fenced since its restart");
        while !c.kraft().observers[1].running {
            c.step(1).unwrap();
        }
        assert_ne!(answer(&mut c), Some(KafkaError::NetworkException), "unfenced: its requests are processed");
    }

    /// `BrokerLifecycleManager` acts on shouldShutDown only in PENDING_CONTROLLED_SHUTDOWN: one
    /// answering the stopped process's heartbeat does not stop the restarted broker (sweep seed 74).
    #[test]
    fn a_restarted_broker_ignores_a_stale_should_shut_down() {
        let mut c = cluster("4.2");
        c.fail(1, crate::faults::FailKind::Shutdown).unwrap();
        while c.brokers[1].status != crate::broker::BrokerStatus::Stopped {
            c.step(1).unwrap();
        }
        c.recover(1).unwrap();
        let reply = KraftMsg::BrokerHeartbeatResponse { is_caught_up: true, is_fenced: true, should_shut_down: true, error: None };
        let env = Envelope { seq: 0, from: 3000, to: 1, sent_at: c.tick, deliver_at: c.tick, msg: Msg::Kraft(reply) };
        c.kraft_deliver(env);
        assert_eq!(c.brokers[1].status, crate::broker::BrokerStatus::Up, "the restarted broker keeps running");
    }

    /// The snapshot carries what a view needs: the log's tail, registrations, ELR fields; no znodes.
    #[test]
    fn snapshot_carries_the_kraft_state() {
        let mut c = cluster("4.2");
        c.fail(2, crate::faults::FailKind::Stuck).unwrap();
        c.step(120).unwrap();
        let json = crate::api::to_json(&c.snapshot());
        assert!(json.contains("\"zk\":[],\"kraft\":{\"controller\":3000,\"logEndOffset\":10,"), "{json}");
        assert!(
            json.contains("{\"offset\":9,\"record\":\"BrokerRegistrationChangeRecord(brokerId=2, brokerEpoch=3, fenced=FENCE)\",\"kind\":\"BrokerRegistrationChangeRecord\",\"fields\":[{\"name\":\"brokerId\",\"value\":\"2\"},{\"name\":\"brokerEpoch\",\"value\":\"3\"},{\"name\":\"fenced\",\"value\":\"FENCE\"}]}"),
            "{json}"
        );
        assert!(json.contains("{\"id\":2,\"brokerEpoch\":3,\"fenced\":true,\"metadataOffset\":8,\"sinceHeartbeatMs\":-1}"), "{json}");
        assert!(json.contains("\"quorum\":{\"leader\":3000,\"leaderEpoch\":1,\"highWatermark\":10,\"maxFollowerLag\":0,\"maxFollowerLagTimeMs\":0,\"voters\":[{\"id\":3000,\"status\":\"up\",\"state\":\"leader\",\"epoch\":1,\"logEndOffset\":10,\"highWatermark\":10,\"votedFor\":3000,\"leader\":3000,\"knownEndOffset\":null,\"lag\":null,\"lastFetchMs\":null,\"lastCaughtUpMs\":null,\"granted\":[]},{\"id\":3001,\"status\":\"up\",\"state\":\"follower\""), "{json}");
        assert!(
            json.contains("{\"partition\":0,\"elr\":[],\"lastKnownElr\":[],\"partitionEpoch\":1,\"leaderRecoveryState\":\"RECOVERED\"}"),
            "{json}"
        );
        assert!(crate::api::to_json(&cluster("3.7").snapshot()).contains("\"kraft\":null"));
    }

    /// The KRaft state is part of the state hash only in KRaft presets, and the same actions give
    /// the same hash.
    #[test]
    fn kraft_state_is_deterministic() {
        let run = || {
            let mut c = cluster("4.2");
            c.fail(1, crate::faults::FailKind::Crash { lossy: false }).unwrap();
            c.step(150).unwrap();
            c.recover(1).unwrap();
            c.step(100).unwrap();
            c.state_hash()
        };
        assert_eq!(run(), run());
        assert!(cluster("3.7").kraft.is_none());
    }
}
