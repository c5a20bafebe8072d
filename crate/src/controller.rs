//! The controller and its ZooKeeper sessions (§2.3, §4.1): controller election through
//! `/controller`, reacting to brokers whose sessions expire or who register, leader elections,
//! ISR removal, LeaderAndIsr, and AlterPartition (KIP-497).

use crate::api::ApiError;
use crate::cluster::Cluster;
use crate::collections::{VecMap, VecSet};
use crate::config::Strategy;
use crate::events::{ids, params, set_text, Params, Reason};
use crate::log::Epoch;
use crate::message::Tick;
use crate::message::{BrokerId, KafkaError, Msg, NodeId, UNKNOWN_BROKER_EPOCH};
use crate::zk::{PartitionState, Reassignment};

/// A request in the controller's queue for one broker, kept until answered or superseded.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QueuedControl {
    pub msg: Msg,
    pub sent_at: Tick,
}

impl Cluster {
    /// The controller's handling of AlterPartition (KIP-497, §2.3): the request must come from the
    /// current leader in the current leader epoch and name the current partition epoch (zkVersion);
    /// from 3.7 (KIP-841/903 in KRaft; here the same rule on ZooKeeper liveness) every new member
    /// must be alive. Accepted: the znode is written with zkVersion + 1, leader epoch unchanged.
    pub(crate) fn on_alter_partition(
        &mut self,
        to: BrokerId,
        p: u32,
        leader: BrokerId,
        leader_epoch: Epoch,
        isr: &[BrokerId],
        partition_epoch: u32,
    ) -> Msg {
        let st = self.zk.partitions[p as usize].clone();
        // The answer with the partition's current state (an error, or an update already applied).
        let current = |error: Option<KafkaError>| Msg::AlterPartitionResponse {
            partition: p,
            request: (leader_epoch, partition_epoch),
            leader_epoch: st.leader_epoch,
            isr: st.isr.clone(),
            partition_epoch: st.version,
            error,
        };
        let error = if self.zk.controller != Some(to) {
            Some(KafkaError::NotController)
        } else if leader_epoch != st.leader_epoch || st.leader != leader as i32 {
            Some(KafkaError::FencedLeaderEpoch)
        } else if isr == st.isr.as_slice() {
            // Already in the requested state (a retried request whose first attempt was applied
            // but whose answer was lost): answered with the current state, not INVALID_UPDATE_VERSION
            // (`KafkaController.tryProcessAlterIsr`).
            return current(None);
        } else if partition_epoch != st.version {
            Some(KafkaError::InvalidUpdateVersion)
        } else if self.config.rules().isr_requires_eligible && isr.iter().any(|b| !self.zk.is_registered(*b)) {
            Some(KafkaError::IneligibleReplica)
        } else {
            None
        };
        if error.is_some() {
            return current(error);
        }
        // The leader's AlterPartition always says RECOVERED (KIP-704).
        let next = PartitionState {
            leader: st.leader,
            leader_epoch: st.leader_epoch,
            isr: isr.to_vec(),
            controller_epoch: self.zk.controller_epoch,
            version: 0,
            recovering: false,
        };
        let version = self.zk.conditional_update(p, st.version, next).expect("the controller writes the version it read");
        Msg::AlterPartitionResponse {
            partition: p,
            request: (leader_epoch, partition_epoch),
            leader_epoch: st.leader_epoch,
            isr: isr.to_vec(),
            partition_epoch: version,
            error: None,
        }
    }

    // ---- ZooKeeper sessions and the controller -----------------------------------------------

    /// Sessions live while their owner heart-beats; one whose owner stopped (crashed, paused,
    /// cut from ZooKeeper, or restarted as a new process) expires `zookeeper.session.timeout.ms`
    /// later, deleting its ephemeral znodes.
    pub(crate) fn expire_sessions(&mut self) {
        let now = self.tick;
        for (b, reg) in self.zk.brokers.iter_mut() {
            let broker = &self.brokers[*b as usize];
            if broker.zk_session == Some(reg.czxid) && broker.reaches_zookeeper() {
                reg.session_expires_at = None;
            } else if reg.session_expires_at.is_none() {
                reg.session_expires_at = Some(now + self.timing.session);
            }
        }
        let expired: Vec<BrokerId> =
            self.zk.brokers.iter().filter(|(_, r)| r.session_expires_at.is_some_and(|t| t <= now)).map(|(b, _)| *b).collect();
        for b in expired {
            self.zk.brokers.remove(&b);
            let mut text = format!("ZooKeeper session of b{b} expired: /brokers/ids/{b} deleted");
            let mut kind = "zk-session-expired";
            if self.zk.controller == Some(b) {
                self.zk.controller = None;
                text.push_str(", and /controller with it");
                kind = "zk-session-expired.controller";
            }
            self.events.record(now, "zk-session-expired", None, Some(b), params!(kind, b = b), text);
        }
    }

    /// The broker's process owns its registration: it heart-beats the session that created
    /// `/brokers/ids/N`. A restarted process whose predecessor's znode still stands does not, and
    /// neither acts as the controller nor may become it (its `KafkaController` starts only after
    /// `registerBroker` succeeded, `KafkaServer.startup`).
    pub(crate) fn holds_session(&self, b: BrokerId) -> bool {
        let broker = &self.brokers[b as usize];
        broker.reaches_zookeeper() && broker.zk_session.is_some_and(|z| self.zk.brokers.get(&b).is_some_and(|r| r.czxid == z))
    }

    /// A restarted broker registers as soon as no older session holds its znode (KAFKA-7165: it
    /// retries until the old ephemeral node is gone). When that znode goes with `/controller` (a
    /// bounced controller), the brokers watching `/controller` elect a new one first: the new
    /// process registers a moment later, so the new controller sees the bounce as a failure
    /// followed by a startup (KIP-380's broker epoch). In Kafka this is a race; see the README.
    pub(crate) fn register_restarted(&mut self) {
        let election_pending = self.zk.controller.is_none() && self.zk.brokers.keys().any(|b| self.holds_session(*b));
        for b in 0..self.config.brokers {
            if self.brokers[b as usize].reaches_zookeeper() && !self.zk.is_registered(b) && !election_pending {
                let czxid = self.zk.register(b);
                self.brokers[b as usize].zk_session = Some(czxid);
                self.events.record(
                    self.tick,
                    "zk-register",
                    None,
                    Some(b),
                    params!("zk-register", b = b),
                    format!("b{b} registered /brokers/ids/{b}"),
                );
            }
        }
    }

    /// The first live broker to create `/controller` wins; here the lowest id (a ZooKeeper race in
    /// Kafka). Every failover bumps `controller_epoch`.
    pub(crate) fn elect_controller(&mut self) {
        let Some(&b) = self.zk.brokers.keys().find(|b| self.holds_session(**b)) else {
            return;
        };
        self.zk.controller = Some(b);
        self.zk.controller_epoch += 1;
        self.controller_live.clear();
        // A new controller starts its channel manager afresh: the old one's queues died with it;
        // its context knows no broker shutting down, and it schedules its own rebalance task.
        self.control_queue.clear();
        self.shutting_down.clear();
        self.rebalance_at = None;
        self.events.record(
            self.tick,
            "controller",
            None,
            Some(b),
            params!("controller", b = b, epoch = self.zk.controller_epoch),
            format!("b{b} is the controller (controller_epoch {})", self.zk.controller_epoch),
        );
    }

    pub(crate) fn run_controller(&mut self) {
        if self.zk.controller.is_none() {
            self.elect_controller();
        }
        let Some(ctrl) = self.zk.controller else { return };
        if !self.holds_session(ctrl) {
            return; // a dead (or restarted) controller acts on nothing until its session expires
        }
        self.resend_unanswered(ctrl);
        self.complete_reassignments(ctrl);
        self.maybe_rebalance_leaders();
        let registered: VecMap<BrokerId, u64> = self.zk.brokers.iter().map(|(b, r)| (*b, r.czxid)).collect();
        if registered == self.controller_live {
            return;
        }
        // `removeBroker`: the queue of a broker that went away (or came back as a new process) is dropped.
        self.control_queue.retain(|b, _| registered.get(b).is_some_and(|z| self.controller_live.get(b) == Some(z)));
        let started: VecSet<BrokerId> =
            registered.iter().filter(|(b, z)| self.controller_live.get(b) != Some(z)).map(|(b, _)| *b).collect();
        // A broker that went and came back (a new registration) is handled as a failure first,
        // then as a startup (`processBrokerChange`'s bounced brokers).
        let survivors: VecSet<BrokerId> =
            self.controller_live.iter().filter(|(b, z)| registered.get(b) == Some(z)).map(|(b, _)| *b).collect();
        if survivors.len() < self.controller_live.len() {
            // `processBrokerChange` removes the dead brokers from the live set (`removeLiveBrokers`,
            // in 0.8 `liveBrokers = curBrokerIds`) before `onBrokerFailure`, so the failure's
            // LeaderAndIsr goes to live brokers only. KIP-380 (2.2+) removes the bounced brokers
            // too (their new process gets the startup's); before, a restarted broker got it as well.
            let bounced_stay_live = !self.config.rules().broker_epoch;
            self.controller_live.retain(|b, _| survivors.contains(b) || (bounced_stay_live && registered.contains_key(b)));
            self.reconcile(ctrl, &survivors, &VecSet::new());
        }
        self.controller_live = registered;
        let live: VecSet<BrokerId> = self.controller_live.keys().copied().collect();
        self.control_queue.retain(|b, _| live.contains(b));
        // `onBrokerFailure`: a broker that went is no longer shutting down.
        self.shutting_down.retain(|b| survivors.contains(b));
        self.reconcile(ctrl, &live, &started);
        // `onBrokerStartup`'s `maybeResumeReassignments`: a reassignment with a target replica on a
        // broker that (re)started runs phase A again, a new leader epoch for the same RS.
        let resumed: Vec<u32> =
            self.zk.reassignments.iter().filter(|(_, r)| r.target.iter().any(|b| started.contains(b))).map(|(p, _)| *p).collect();
        for p in resumed {
            let st = self.zk.partitions[p as usize].clone();
            let text = "reassignment resumed: a target replica's broker started".to_string();
            self.write_partition_state(p, st.leader, st.isr, false, Reason::new(params!("why.reassignment-resumed"), text));
        }
    }

    /// `onBrokerFailure` / `onBrokerStartup` / controller failover (§2.3, §4.1): elect a leader for
    /// every partition whose leader is gone (first live ISR member in assignment order; unclean: first
    /// live replica), drop dead brokers from ISRs (never the last member), bump leader_epoch, write
    /// the znode and send LeaderAndIsr. Newly started brokers get the current state of their partitions.
    pub(crate) fn reconcile(&mut self, ctrl: BrokerId, live: &VecSet<BrokerId>, started: &VecSet<BrokerId>) {
        for p in 0..self.config.partitions {
            let ar = self.zk.assignment[p as usize].clone();
            let st = self.zk.partitions[p as usize].clone();
            let leader_live = st.leader >= 0 && live.contains(&(st.leader as u32));
            let mut isr = st.isr.clone();
            let mut leader = st.leader;
            let mut why = Vec::new();
            let mut unclean = false;
            let quorum = self.config.strategy == Strategy::Quorum;
            if !leader_live {
                let gone = if st.leader >= 0 {
                    Reason::new(params!("why.leader-gone", b = st.leader), format!("leader b{} is gone", st.leader))
                } else {
                    Reason::new(params!("why.no-leader"), "it had no leader".to_string())
                };
                let alive: Vec<BrokerId> = ar.iter().copied().filter(|r| live.contains(r)).collect();
                if quorum {
                    // The quorum alternative (not Kafka): a majority must be alive, and the most
                    // complete log among them leads (by last epoch, then LEO).
                    let majority = ar.len() / 2 + 1;
                    let best = alive.iter().copied().max_by_key(|&r| {
                        let log = &self.brokers[r as usize].replicas[&p].log;
                        (log.latest_epoch(), log.log_end_offset(), std::cmp::Reverse(r))
                    });
                    match best.filter(|_| alive.len() >= majority) {
                        Some(l) => {
                            leader = l as i32;
                            isr = alive.clone();
                            why.push(gone.clone());
                            why.push(Reason::new(
                                params!("why.quorum-elected", alive = alive.len(), replicas = ar.len(), b = l),
                                format!(
                                    "{} of {} replicas alive (a majority): elected b{l}, the most complete log (quorum strategy)",
                                    alive.len(),
                                    ar.len()
                                ),
                            ));
                        }
                        None if st.leader >= 0 => {
                            leader = -1;
                            why.push(gone.clone());
                            why.push(Reason::new(
                                params!("why.quorum-offline", alive = alive.len(), replicas = ar.len(), majority = majority, p = p),
                                format!(
                                    "only {} of {} replicas alive, fewer than a majority of {majority}: p{p} is offline (quorum strategy)",
                                    alive.len(),
                                    ar.len()
                                ),
                            ));
                        }
                        None => {}
                    }
                } else if let Some(&l) = ar.iter().find(|r| live.contains(r) && isr.contains(r)) {
                    leader = l as i32;
                    isr.retain(|r| live.contains(r));
                    why.push(gone.clone());
                    let order = ar.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(",");
                    why.push(Reason::new(
                        params!("why.clean", b = l, assignment = order.as_str()),
                        format!("elected b{l}, the first live ISR member in assignment order [{order}]"),
                    ));
                } else if let Some(&l) = ar.iter().find(|r| self.config.unclean_leader_election_enable && live.contains(r)) {
                    leader = l as i32;
                    isr = vec![l];
                    unclean = true;
                    why.push(gone.clone());
                    why.push(Reason::new(
                        params!("why.unclean", b = l),
                        format!("no ISR member is alive: UNCLEAN election of b{l} (unclean.leader.election.enable=true), committed records may be lost"),
                    ));
                } else if st.leader >= 0 {
                    leader = -1;
                    why.push(gone.clone());
                    why.push(Reason::new(params!("why.offline", p = p), format!("no live ISR member: p{p} is offline")));
                }
            }
            let dead: Vec<BrokerId> = isr.iter().copied().filter(|r| !live.contains(r)).collect();
            for d in dead {
                if isr.len() > 1 {
                    isr.retain(|r| *r != d);
                    why.push(Reason::new(
                        params!("why.session-expired", b = d),
                        format!("removed b{d} from the ISR: its ZooKeeper session expired"),
                    ));
                }
            }
            // Every member dropped here is a broker whose session expired. Recorded now: a bounced
            // broker is registered again by the time the ISR is checked (the snapshot's outOfIsr).
            for &d in st.isr.iter().filter(|r| !isr.contains(r)) {
                self.events.isr_exit(p, d, crate::events::IsrExit { reason: "zk-session-expired", tick: self.tick });
            }
            if leader != st.leader || isr != st.isr {
                self.write_partition_state(p, leader, isr, unclean, Reason::join(why));
            } else {
                for &b in ar.iter().filter(|b| started.contains(b)) {
                    self.send_leader_and_isr(ctrl, b, p);
                }
            }
        }
    }

    /// The controller writes a new leadership decision (leader_epoch + 1) and sends it to every
    /// live replica. From 3.2 an unclean election marks the leader RECOVERING (KIP-704); any
    /// other decision keeps the recovery state.
    /// `why`: the decision's reason, after "controller bN: pP ".
    pub(crate) fn write_partition_state(&mut self, p: u32, leader: i32, isr: Vec<BrokerId>, unclean: bool, why: Reason) {
        let ctrl = self.zk.controller.expect("only a controller decides leadership");
        let cur = self.zk.partitions[p as usize].clone();
        let next = PartitionState {
            leader,
            leader_epoch: cur.leader_epoch + 1,
            isr: isr.clone(),
            controller_epoch: self.zk.controller_epoch,
            version: 0,
            recovering: (unclean && self.config.rules().leader_recovery_state) || (cur.recovering && leader == cur.leader),
        };
        if cur.leader_epoch < 0 {
            // Topic creation: the znode is created (zkVersion 0).
            self.zk.partitions[p as usize] = next;
        } else {
            // The controller read the znode just now, so its conditional write succeeds.
            self.zk.conditional_update(p, cur.version, next).expect("the controller writes the version it read");
        }
        let epoch = cur.leader_epoch + 1;
        // Topic creation is the topic's, not a controller's decision about a partition.
        let (by, kind) = if cur.leader_epoch < 0 {
            (String::new(), "leader-election.created")
        } else {
            (format!("controller b{ctrl}: p{p} "), "leader-election")
        };
        let text = format!("{by}{} → leader {leader}, leader_epoch {epoch}, ISR {}", why.text, set_text(&isr));
        let params = params!(kind, ctrl = ctrl, p = p, why = why.params, leader = leader, epoch = epoch, isr = &isr);
        let at = crate::invariants::secs(self.tick);
        self.last_election[p as usize] =
            Reason::new(params!("last-election", at = at.as_str(), election = params.clone()), format!("Last election ({at}): {text}."));
        self.events.record(self.tick, "leader-election", Some(p), (leader >= 0).then_some(leader as u32), params, text);
        // `isReplicaOnline`: brokers shutting down are not sent the decision.
        for b in self.zk.assignment[p as usize].clone() {
            if self.controller_live.contains_key(&b) && !self.shutting_down.contains(&b) {
                self.send_leader_and_isr(ctrl, b, p);
            }
        }
    }

    pub(crate) fn send_leader_and_isr(&mut self, ctrl: BrokerId, to: BrokerId, p: u32) {
        let st = &self.zk.partitions[p as usize];
        let msg = Msg::LeaderAndIsr {
            controller_epoch: self.zk.controller_epoch,
            partition: p,
            leader: st.leader,
            leader_epoch: st.leader_epoch,
            isr: st.isr.clone(),
            zk_version: st.version,
            replicas: self.zk.assignment[p as usize].clone(),
            broker_epoch: self.broker_epoch_of(to),
            attempt: 1,
        };
        // A newer request for the partition supersedes one still waiting for its answer.
        let queue = self.control_queue.get_or_insert_with(to, Vec::new);
        queue.retain(|q| q.msg.partition() != Some(p));
        queue.push(QueuedControl { msg: msg.clone(), sent_at: self.tick });
        self.send(ctrl as NodeId, to as NodeId, msg);
    }

    /// The broker epoch a control request to `b` carries (KIP-380, 2.2+): the czxid of the
    /// registration the controller processed (`liveBrokerIdAndEpochs`).
    pub(crate) fn broker_epoch_of(&self, b: BrokerId) -> i64 {
        match self.controller_live.get(&b) {
            Some(czxid) if self.config.rules().broker_epoch => *czxid as i64,
            _ => UNKNOWN_BROKER_EPOCH,
        }
    }

    /// `RequestSendThread`: a request that got no answer within `controller.socket.timeout.ms`
    /// (lost on a cut link, or its broker unreachable) is sent again, until answered or superseded.
    fn resend_unanswered(&mut self, ctrl: BrokerId) {
        let now = self.tick;
        let timeout = self.timing.controller_timeout;
        let mut resend = Vec::new();
        for (b, queue) in self.control_queue.iter_mut() {
            for q in queue.iter_mut().filter(|q| now >= q.sent_at + timeout) {
                q.sent_at = now;
                if let Msg::LeaderAndIsr { attempt, .. } = &mut q.msg {
                    *attempt += 1;
                }
                resend.push((*b, q.msg.clone()));
            }
        }
        for (b, msg) in resend {
            let timeout = self.config.controller_socket_timeout_ms;
            let text = format!("controller b{ctrl} resent {msg} to b{b}: no answer within controller.socket.timeout.ms {timeout}");
            let params = params!("control-resent.controller", ctrl = ctrl, msg = msg.to_string(), b = b, timeout = timeout);
            self.events.record(now, "control-resent", msg.partition(), Some(b), params, text);
            self.send(ctrl as NodeId, b as NodeId, msg);
        }
    }

    /// A broker answered a LeaderAndIsr: the request leaves its queue (an answer to an older one,
    /// already superseded, changes nothing).
    pub(crate) fn on_leader_and_isr_response(&mut self, to: BrokerId, from: BrokerId, p: u32, leader_epoch: Epoch) {
        if self.zk.controller != Some(to) {
            return;
        }
        if let Some(queue) = self.control_queue.get_mut(&from) {
            queue.retain(|q| !matches!(q.msg, Msg::LeaderAndIsr { partition, leader_epoch: e, .. } if partition == p && e == leader_epoch));
        }
    }

    /// `onPartitionReassignment`, phase B: once every target replica is in the ISR (the
    /// controller learns it from the ISR change), the reassignment completes.
    fn complete_reassignments(&mut self, ctrl: BrokerId) {
        let done: Vec<u32> = self
            .zk
            .reassignments
            .iter()
            .filter(|(p, r)| r.target.iter().all(|b| self.zk.partitions[**p as usize].isr.contains(b)))
            .map(|(p, _)| *p)
            .collect();
        for p in done {
            self.complete_reassignment(ctrl, p);
        }
    }

    /// Phase B of `onPartitionReassignment` (KIP-455, 2.4+; the same steps since 0.8): the
    /// replicas become TRS (B2, B6); the leader epoch is bumped with the final replica set, and a
    /// leader outside TRS (or not live) is replaced by the first live ISR member of TRS
    /// (`moveReassignedPartitionLeaderIfRequired`, `reassignPartitionLeaderElection`) (B3); the
    /// removing replicas leave the ISR, another leader epoch (`removeReplicasFromIsr`), and get
    /// StopReplica with delete (B4, B5); `/admin/reassign_partitions` loses the partition (B7).
    fn complete_reassignment(&mut self, ctrl: BrokerId, p: u32) {
        let r = self.zk.reassignments.remove(&p).expect("a running reassignment");
        self.zk.assignment[p as usize] = r.target.clone();
        let st = self.zk.partitions[p as usize].clone();
        let electable = self.electable();
        let target = ids(&r.target);
        let done = Reason::new(
            params!("why.reassignment-complete", target = target.as_str()),
            format!("reassignment to [{target}] complete: every target replica is in the ISR"),
        );
        let leader_stays = st.leader >= 0 && r.target.contains(&(st.leader as u32)) && electable.contains(&(st.leader as u32));
        if leader_stays {
            self.write_partition_state(p, st.leader, st.isr.clone(), false, done);
        } else if let Some(l) = r.target.iter().copied().find(|b| electable.contains(b) && st.isr.contains(b)) {
            let text = format!(
                "{}; leader b{} is not a live target replica: elected b{l}, the first live ISR member of [{target}]",
                done.text, st.leader
            );
            let params = params!("why.reassignment-moved-leader", done = done.params, old = st.leader, l = l, target = target.as_str());
            self.write_partition_state(p, l as i32, st.isr.clone(), false, Reason::new(params, text));
        }
        self.stop_removed_replicas(ctrl, p, &r.removing);
    }

    /// `stopRemovedReplicasOfReassignedPartition`: the replicas leave the ISR (OfflineReplica,
    /// `removeReplicasFromIsr`, another leader epoch) and are deleted (StopReplica with delete).
    fn stop_removed_replicas(&mut self, ctrl: BrokerId, p: u32, removed: &[BrokerId]) {
        let st = self.zk.partitions[p as usize].clone();
        let isr: Vec<BrokerId> = st.isr.iter().copied().filter(|b| !removed.contains(b)).collect();
        if isr != st.isr {
            // `removeReplicasFromIsr`: a removed leader (no target replica could be elected) leaves no leader.
            let leader = if st.leader >= 0 && removed.contains(&(st.leader as u32)) { -1 } else { st.leader };
            let text = format!("removed {} from the ISR: no longer replicas after the reassignment", set_text(removed));
            let params = params!("why.reassignment-removed", removed = removed);
            self.write_partition_state(p, leader, isr, false, Reason::new(params, text));
        }
        let live: Vec<BrokerId> = removed.iter().copied().filter(|b| self.controller_live.contains_key(b)).collect();
        for b in live {
            let broker_epoch = self.broker_epoch_of(b);
            self.send(ctrl as NodeId, b as NodeId, Msg::StopReplica { partition: p, delete: true, broker_epoch });
        }
    }

    /// Reassignment that adds a replica (source note 2, "newly started replicas"): the
    /// reassignment to the current replicas followed by `broker`.
    pub fn add_replica(&mut self, partition: u32, broker: u32) -> Result<(), ApiError> {
        self.check_partition_arg(partition)?;
        if broker >= self.config.brokers {
            return Err(ApiError::new("broker", format!("must be a broker id from 0 to {}, got {broker}", self.config.brokers - 1)));
        }
        let ar = &self.zk.assignment[partition as usize];
        if ar.contains(&broker) {
            let others: Vec<String> = (0..self.config.brokers).filter(|b| !ar.contains(b)).map(|b| b.to_string()).collect();
            return Err(ApiError::new(
                "broker",
                format!(
                    "b{broker} already hosts p{partition}; allowed: {}",
                    if others.is_empty() { "none (every broker has it)".to_string() } else { others.join(", ") }
                ),
            ));
        }
        let mut target = ar.clone();
        target.push(broker);
        self.reassign(partition, target)
    }

    fn check_partition_arg(&self, partition: u32) -> Result<(), ApiError> {
        if partition >= self.config.partitions {
            return Err(ApiError::new(
                "partition",
                format!("must be an integer from 0 to {}, got {partition}", self.config.partitions - 1),
            ));
        }
        Ok(())
    }

    /// `cancelReassignment(partition)` (`kafka-reassign-partitions.sh --cancel`, KIP-455, 2.4+):
    /// in ZooKeeper presets the reassignment back to the original replicas (`ReplicaAssignment`'s
    /// ORS, as the tool's cancel writes them), in KRaft presets `cancelPartitionReassignment`.
    pub fn cancel_reassignment(&mut self, partition: u32) -> Result<(), ApiError> {
        self.check_partition_arg(partition)?;
        if self.kraft.is_some() {
            return self.kraft_cancel_reassignment(partition);
        }
        let Some(r) = self.zk.reassignments.get(&partition) else {
            return Err(ApiError::new(
                "partition",
                format!("p{partition}: no partition reassignment is in progress (NO_REASSIGNMENT_IN_PROGRESS)"),
            ));
        };
        if !self.config.rules().reassignment_replaceable {
            return Err(ApiError::new(
                "partition",
                format!("p{partition} is being reassigned to [{}]; cancelling one needs 2.4+ (KIP-455)", ids(&r.target)),
            ));
        }
        let original = self.zk.assignment[partition as usize].iter().copied().filter(|b| !r.adding.contains(b)).collect();
        self.reassign(partition, original)
    }

    /// `reassign(partition, replicas)`: the admin's `alterPartitionReassignments`
    /// (`kafka-reassign-partitions.sh --execute`), `onPartitionReassignment` phase A (KIP-455):
    /// the replicas become RS = TRS + ORS (target first, `ReplicaAssignment.reassignTo`),
    /// the leader epoch is bumped and LeaderAndIsr sent to every replica of RS; the adding replicas
    /// start empty, outside the ISR, and fetch. A target already in the ISR completes at once
    /// (phase B only, as `isReassignmentComplete` finds). From 2.4 a partition already being reassigned is
    /// reassigned from its original replicas (ORS = RS − adding) to the new target, and the replicas
    /// no longer needed are stopped (`updateCurrentReassignment`); the target ORS cancels it.
    pub fn reassign(&mut self, partition: u32, replicas: Vec<u32>) -> Result<(), ApiError> {
        self.check_partition_arg(partition)?;
        if self.kraft.is_some() {
            return self.kraft_reassign(partition, replicas);
        }
        let n = self.config.brokers;
        let allowed = format!("a non-empty list of distinct broker ids from 0 to {}", n - 1);
        if replicas.is_empty() {
            return Err(ApiError::new("replicas", format!("must be {allowed}, got []")));
        }
        if let Some(bad) = replicas.iter().find(|b| **b >= n) {
            return Err(ApiError::new("replicas", format!("must be {allowed}, got b{bad}")));
        }
        if let Some(dup) = replicas.iter().enumerate().find(|(i, b)| replicas[..*i].contains(b)).map(|(_, b)| b) {
            return Err(ApiError::new("replicas", format!("must be {allowed}, got b{dup} twice")));
        }
        let current = self.zk.assignment[partition as usize].clone();
        let running = self.zk.reassignments.get(&partition).cloned();
        if let Some(r) = running.as_ref().filter(|_| !self.config.rules().reassignment_replaceable) {
            return Err(ApiError::new(
                "partition",
                format!("p{partition} is being reassigned to [{}]; wait until it completes", ids(&r.target)),
            ));
        }
        let ors: Vec<BrokerId> = match &running {
            Some(r) => current.iter().copied().filter(|b| !r.adding.contains(b)).collect(),
            None => current.clone(),
        };
        if running.is_none() && replicas == ors {
            return Err(ApiError::new(
                "replicas",
                format!("p{partition} already has the replicas [{}]; give another list: {allowed}", ids(&ors)),
            ));
        }
        let Some(ctrl) = self.active_controller() else {
            return Err(ApiError::new("partition", "no controller is active to reassign it; wait for one".to_string()));
        };
        let mut rs = replicas.clone();
        rs.extend(ors.iter().copied().filter(|b| !replicas.contains(b)));
        let adding: Vec<BrokerId> = replicas.iter().copied().filter(|b| !ors.contains(b)).collect();
        let removing: Vec<BrokerId> = ors.iter().copied().filter(|b| !replicas.contains(b)).collect();
        for &b in &adding {
            self.brokers[b as usize].replicas.get_or_insert_with(partition, || crate::partition::Replica::new(partition));
        }
        let reassignment = Reassignment { target: replicas, adding, removing };
        self.zk.assignment[partition as usize] = rs.clone();
        // `updateCurrentReassignment`: replacing a running reassignment stops the replicas it added
        // that the new one does not keep.
        let unneeded: Vec<BrokerId> = current.iter().copied().filter(|b| !rs.contains(b)).collect();
        if !unneeded.is_empty() {
            self.stop_removed_replicas(ctrl, partition, &unneeded);
        }
        let st = self.zk.partitions[partition as usize].clone();
        // `isReassignmentComplete`: nothing to move (a cancellation), or every target replica in the ISR.
        let in_isr =
            (reassignment.adding.is_empty() && reassignment.removing.is_empty()) || reassignment.target.iter().all(|b| st.isr.contains(b));
        let (target, replicas) = (ids(&reassignment.target), ids(&rs));
        let mut text = format!("reassignment to [{target}] started: replicas [{replicas}]");
        // An empty phrase (no replica added or removed) is null in the params: the page shows nothing.
        let (mut adding, mut removing) = (Params::default(), Params::default());
        if !reassignment.adding.is_empty() {
            text.push_str(&format!(", adding {}", set_text(&reassignment.adding)));
            adding = params!("why.reassignment-adding", set = &reassignment.adding);
        }
        if !reassignment.removing.is_empty() {
            text.push_str(&format!(", removing {}", set_text(&reassignment.removing)));
            removing = params!("why.reassignment-removing", set = &reassignment.removing);
        }
        let params = params!(
            "why.reassignment-started",
            target = target.as_str(),
            replicas = replicas.as_str(),
            adding = adding,
            removing = removing
        );
        self.zk.reassignments.insert(partition, reassignment);
        if in_isr {
            self.complete_reassignment(ctrl, partition);
        } else {
            self.write_partition_state(partition, st.leader, st.isr, false, Reason::new(params, text));
        }
        Ok(())
    }
}
