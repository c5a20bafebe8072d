//! Kafka's `PartitionChangeBuilder` (metadata/.../controller/PartitionChangeBuilder.java): from
//! a partition's registration and a target ISR, the PartitionChangeRecord the controller writes
//! — the ELR (KIP-966), the leader election and the last known leader — or none when nothing
//! changes. Pure: the caller says which brokers are acceptable leaders.

use crate::message::BrokerId;

/// `LeaderConstants.NO_LEADER`.
pub const NO_LEADER: i32 = -1;

/// `PartitionRegistration`: the controller's (and every broker's replayed) state of a partition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartitionRegistration {
    /// In assignment order; during a reassignment the target replicas first, then the removing ones.
    pub replicas: Vec<BrokerId>,
    /// A reassignment's replicas not yet in the ISR when it started (target − original).
    pub adding: Vec<BrokerId>,
    /// A reassignment's replicas that leave once it completes (original − target).
    pub removing: Vec<BrokerId>,
    pub isr: Vec<BrokerId>,
    /// Eligible Leader Replicas (KIP-966): out of the ISR, but known to have every committed record.
    pub elr: Vec<BrokerId>,
    /// With the last known leader in balanced recovery: the leader when the ISR became empty.
    pub last_known_elr: Vec<BrokerId>,
    pub leader: i32,
    /// `LeaderRecoveryState.RECOVERING` after an unclean election (KIP-704).
    pub recovering: bool,
    pub leader_epoch: i32,
    pub partition_epoch: u32,
}

/// A `PartitionChangeRecord`: `None` is "no change" (Kafka's null fields, `NO_LEADER_CHANGE`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct PartitionChange {
    pub leader: Option<i32>,
    pub isr: Option<Vec<BrokerId>>,
    pub elr: Option<Vec<BrokerId>>,
    pub last_known_elr: Option<Vec<BrokerId>>,
    pub recovering: Option<bool>,
    pub replicas: Option<Vec<BrokerId>>,
    pub removing: Option<Vec<BrokerId>>,
    pub adding: Option<Vec<BrokerId>>,
}

impl PartitionChange {
    /// `changeRecordIsNoOp`.
    pub fn is_no_op(&self) -> bool {
        *self == PartitionChange::default()
    }
}

impl PartitionRegistration {
    /// `PartitionReassignmentReplicas.isReassignmentInProgress`.
    pub fn is_reassigning(&self) -> bool {
        !self.adding.is_empty() || !self.removing.is_empty()
    }

    /// A reassignment's target: the replicas without the removing ones (which come last).
    pub fn target_replicas(&self) -> Vec<BrokerId> {
        self.replicas.iter().copied().filter(|r| !self.removing.contains(r)).collect()
    }

    /// `hasPreferredLeader`: the preferred replica (the first in assignment order) leads.
    pub fn has_preferred_leader(&self) -> bool {
        self.replicas.first().map(|&b| b as i32) == Some(self.leader)
    }

    /// `PartitionRegistration.merge`: a changed leader field bumps the leader epoch (even to the
    /// same leader), every record bumps the partition epoch.
    pub fn merge(&mut self, c: &PartitionChange) {
        if let Some(l) = c.leader {
            self.leader = l;
            self.leader_epoch += 1;
        }
        if let Some(isr) = &c.isr {
            self.isr = isr.clone();
        }
        if let Some(elr) = &c.elr {
            self.elr = elr.clone();
        }
        if let Some(lke) = &c.last_known_elr {
            self.last_known_elr = lke.clone();
        }
        if let Some(r) = c.recovering {
            self.recovering = r;
        }
        if let Some(r) = &c.replicas {
            self.replicas = r.clone();
        }
        if let Some(r) = &c.removing {
            self.removing = r.clone();
        }
        if let Some(a) = &c.adding {
            self.adding = a.clone();
        }
        self.partition_epoch += 1;
    }
}

/// A reassignment's replica lists for the builder (`setTargetReplicas`, `setTargetAdding`,
/// `setTargetRemoving`); without one the builder keeps the registration's own, so every change
/// (an AlterPartition, a fencing) may complete a running reassignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    pub replicas: Vec<BrokerId>,
    pub adding: Vec<BrokerId>,
    pub removing: Vec<BrokerId>,
}

impl Assignment {
    pub(crate) fn of(reg: &PartitionRegistration) -> Assignment {
        Assignment { replicas: reg.replicas.clone(), adding: reg.adding.clone(), removing: reg.removing.clone() }
    }

    /// `PartitionReassignmentReplicas(currentAssignment, targetAssignment)`: removing = current −
    /// target, adding = target − current (TreeSets: ascending), replicas = the target followed
    /// by the removing ones. The current replicas are the registration's, a running
    /// reassignment's adding and removing ones included.
    pub fn reassign(current: &[BrokerId], target: &[BrokerId]) -> Assignment {
        let diff = |a: &[BrokerId], b: &[BrokerId]| {
            let mut d: Vec<BrokerId> = a.iter().copied().filter(|r| !b.contains(r)).collect();
            d.sort_unstable();
            d
        };
        let removing = diff(current, target);
        let adding = diff(target, current);
        let replicas = target.iter().chain(removing.iter()).copied().collect();
        Assignment { replicas, adding, removing }
    }

    /// `PartitionReassignmentReplicas.maybeCompleteReassignment`: a running reassignment
    /// completes once the target ISR without the removing replicas is not empty and holds every
    /// replica that stays; the final (replicas, ISR).
    fn maybe_complete(&self, target_isr: &[BrokerId]) -> Option<(Vec<BrokerId>, Vec<BrokerId>)> {
        if self.adding.is_empty() && self.removing.is_empty() {
            return None;
        }
        let stay = |r: &&BrokerId| !self.removing.contains(r);
        let isr: Vec<BrokerId> = target_isr.iter().filter(stay).copied().collect();
        let replicas: Vec<BrokerId> = self.replicas.iter().filter(stay).copied().collect();
        (!isr.is_empty() && !replicas.is_empty() && replicas.iter().all(|r| isr.contains(r))).then_some((replicas, isr))
    }
}

/// `PartitionReassignmentRevert`: cancelling a reassignment keeps the original replicas (the
/// adding ones leave, the removing ones stay) and the ISR without the adding replicas; when
/// only adding replicas were in the ISR, the first original replica is the ISR, an unclean
/// change the caller allows only with unclean leader election.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revert {
    pub replicas: Vec<BrokerId>,
    pub isr: Vec<BrokerId>,
    pub unclean: bool,
}

impl Revert {
    pub fn new(reg: &PartitionRegistration) -> Revert {
        let replicas: Vec<BrokerId> = reg.replicas.iter().copied().filter(|r| !reg.adding.contains(r)).collect();
        let mut isr: Vec<BrokerId> = reg.isr.iter().copied().filter(|r| !reg.adding.contains(r)).collect();
        let unclean = isr.is_empty();
        if unclean {
            // (Kafka throws if no original replica is left; a reassignment here never adds all of them.)
            isr.push(replicas[0]);
        }
        Revert { replicas, isr, unclean }
    }
}

/// `PartitionChangeBuilder.Election`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Election {
    /// The preferred replica (the first in assignment order) if it may lead, else as Online
    /// (`electPreferredLeader`): the admin's preferred election and the leader rebalance.
    Preferred,
    /// Elect from the ISR (or the ELR when the ISR is empty) to keep the partition online.
    Online,
    /// As Online, then any acceptable replica (`unclean.leader.election.enable`).
    Unclean,
}

/// How the leader of a change was chosen, for the event text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// The preferred replica, by a preferred election.
    Preferred,
    Isr,
    Elr,
    /// The last known leader with ISR and ELR empty: unclean, even with unclean election off.
    LastKnownLeader,
    Unclean,
}

/// The builder's inputs besides the registration.
pub struct Builder<'a> {
    pub target_isr: Vec<BrokerId>,
    pub election: Election,
    /// `eligible.leader.replicas.version` ≥ 1.
    pub elr_enabled: bool,
    /// `getTopicEffectiveMinIsr`: min(min.insync.replicas, RF of partition 0).
    pub min_isr: usize,
    /// `handleBrokerShutdown` after an unclean shutdown: never in the ELR (KIP-966).
    pub unclean_shutdown: Option<BrokerId>,
    /// The AlterPartition path sets RECOVERED (the leader's request says so).
    pub target_recovering: Option<bool>,
    /// A reassignment's replicas; None: the registration's.
    pub assignment: Option<Assignment>,
    pub acceptable: &'a dyn Fn(BrokerId) -> bool,
}

impl Builder<'_> {
    /// `build()`: the record, and how a new leader was chosen (None: no new leader).
    pub fn build(&self, cur: &PartitionRegistration) -> (Option<PartitionChange>, Option<How>) {
        let mut record = PartitionChange::default();
        let mut target_isr = self.target_isr.clone();
        let mut target_elr = cur.elr.clone();
        let mut target = self.assignment.clone().unwrap_or_else(|| Assignment::of(cur));
        // completeReassignmentIfNeeded: the removing replicas leave the replicas and the ISR.
        if let Some((replicas, isr)) = target.maybe_complete(&target_isr) {
            target_isr = isr;
            target = Assignment { replicas, adding: Vec::new(), removing: Vec::new() };
        }
        // maybePopulateTargetElr: below the effective min ISR, who leaves the ISR joins the ELR
        // (a HashSet of small ids in Java: ascending order). The last known ELR it computes is
        // not written with the last known leader in balanced recovery (Kafka's default), which
        // stores only the last leader (maybeUpdateLastKnownLeader below).
        if self.elr_enabled {
            if target_isr.len() >= self.min_isr {
                target_elr.clear();
            } else {
                let mut cand: Vec<BrokerId> = target_elr.iter().chain(cur.isr.iter()).copied().collect();
                cand.sort_unstable();
                cand.dedup();
                // As Kafka's `maybePopulateTargetElr`, not filtered by the target replicas: a
                // replica a completed reassignment removes may join the ELR, until the next change
                // clears it (the effective min ISR then counts the smaller replica set).
                target_elr = cand.into_iter().filter(|r| !target_isr.contains(r) && self.unclean_shutdown != Some(*r)).collect();
            }
        }
        // tryElection / electAnyLeader.
        let (node, how) = self.elect(cur, &target.replicas, &target_isr, &target_elr);
        let mut how_used = None;
        if node != cur.leader {
            let unclean = matches!(how, Some(How::LastKnownLeader | How::Unclean));
            if node >= 0 && target_elr.contains(&(node as BrokerId)) {
                // Elected from the ELR: it is the ISR now.
                target_isr = vec![node as BrokerId];
                target_elr.retain(|r| *r as i32 != node);
            }
            record.leader = Some(node);
            if unclean {
                // The ISR is forced to the new leader alone: data may be lost.
                record.isr = Some(vec![node as BrokerId]);
                if !cur.recovering {
                    record.recovering = Some(true);
                }
            }
            how_used = how;
        }
        // triggerLeaderEpochBumpForReplicaReassignmentIfNeeded: replicas leaving the assignment
        // bump the leader epoch (the leader field set to the same leader), so they are fenced;
        // replicas only added do not.
        if record.leader.is_none() && !cur.replicas.iter().all(|r| target.replicas.contains(r)) {
            record.leader = Some(cur.leader);
        }
        // maybeUpdateRecordElr (useLastKnownLeaderInBalancedRecovery = true).
        if record.isr.is_some() || !self.elr_enabled {
            target_elr.clear();
        }
        if target_elr != cur.elr {
            record.elr = Some(target_elr);
        }
        // If ELR is enabled, the ISR may become empty.
        if record.isr.is_none() && (!target_isr.is_empty() || self.elr_enabled) && target_isr != cur.isr {
            record.isr = Some(target_isr);
        }
        // (triggerLeaderEpochBumpForIsrShrinkIfNeeded: no bump on a shrink since MV 3.6.)
        // maybeUpdateLastKnownLeader.
        if self.elr_enabled {
            let leaderless_first_time = cur.last_known_elr.len() != 1 || cur.last_known_elr[0] as i32 != cur.leader;
            if record.isr.as_ref().is_some_and(|i| i.is_empty()) && leaderless_first_time {
                record.last_known_elr = Some(vec![cur.leader as BrokerId]);
            } else if (record.leader.is_some_and(|l| l >= 0) || (cur.leader != NO_LEADER && record.leader != Some(NO_LEADER)))
                && !cur.last_known_elr.is_empty()
            {
                record.last_known_elr = Some(Vec::new());
            }
        }
        // setAssignmentChanges.
        if !target.replicas.is_empty() && target.replicas != cur.replicas {
            record.replicas = Some(target.replicas);
        }
        if target.removing != cur.removing {
            record.removing = Some(target.removing);
        }
        if target.adding != cur.adding {
            record.adding = Some(target.adding);
        }
        if let Some(r) = self.target_recovering.filter(|r| *r != cur.recovering) {
            record.recovering = Some(r);
        }
        if record.is_no_op() {
            (None, None)
        } else {
            (Some(record), how_used)
        }
    }

    /// `electLeader`. `electAnyLeader`: the current leader if still valid; else the first valid
    /// replica in assignment order (an ISR member, or an ELR member when the ISR is empty); else
    /// the last known leader; else, for an unclean election, the first acceptable replica; else
    /// none. `electPreferredLeader` first tries the preferred replica, then the current leader,
    /// then the other replicas in order and the last known leader (never an unclean election).
    /// Candidates come in the target replicas' order (`targetReplicas`).
    fn elect(&self, cur: &PartitionRegistration, replicas: &[BrokerId], isr: &[BrokerId], elr: &[BrokerId]) -> (i32, Option<How>) {
        let valid = |r: BrokerId| (isr.contains(&r) || (isr.is_empty() && elr.contains(&r))) && (self.acceptable)(r);
        let how = |r: BrokerId| if isr.contains(&r) { How::Isr } else { How::Elr };
        let preferred = replicas.first().copied();
        if self.election == Election::Preferred {
            if let Some(r) = preferred.filter(|r| valid(*r)) {
                return (r as i32, Some(How::Preferred));
            }
        }
        if cur.leader >= 0 && valid(cur.leader as BrokerId) {
            return (cur.leader, None);
        }
        // (The preferred replica, first in assignment order, was tried already for PREFERRED:
        // `skip(1)`; it is not valid, so trying it again changes nothing.)
        if let Some(r) = replicas.iter().copied().find(|r| valid(*r)) {
            return (r as i32, Some(how(r)));
        }
        // canElectLastKnownLeader: ELR on, ISR and ELR empty, one last known leader, and it must
        // be acceptable: a fenced last known leader is not elected (KAFKA-19522, merged after 4.0;
        // 4.0 logged and elected it anyway, a named simplification in the README's item 21).
        // KIP-966 waits for it to come back.
        if self.elr_enabled && isr.is_empty() && elr.is_empty() && cur.last_known_elr.len() == 1 {
            let l = cur.last_known_elr[0];
            if (self.acceptable)(l) {
                return (l as i32, Some(How::LastKnownLeader));
            }
        }
        if self.election == Election::Unclean {
            if let Some(r) = replicas.iter().copied().find(|r| (self.acceptable)(*r)) {
                return (r as i32, Some(How::Unclean));
            }
        }
        (NO_LEADER, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg(leader: i32, isr: &[u32], elr: &[u32], lke: &[u32]) -> PartitionRegistration {
        PartitionRegistration {
            replicas: vec![0, 1, 2],
            adding: Vec::new(),
            removing: Vec::new(),
            isr: isr.to_vec(),
            elr: elr.to_vec(),
            last_known_elr: lke.to_vec(),
            leader,
            recovering: false,
            leader_epoch: 3,
            partition_epoch: 7,
        }
    }

    fn build(cur: &PartitionRegistration, target: &[u32], live: &[u32], elr: bool, election: Election) -> Option<PartitionChange> {
        let acceptable = |r: u32| live.contains(&r);
        Builder {
            target_isr: target.to_vec(),
            election,
            elr_enabled: elr,
            min_isr: 2,
            unclean_shutdown: None,
            target_recovering: None,
            assignment: None,
            acceptable: &acceptable,
        }
        .build(cur)
        .0
    }

    /// PartitionChangeBuilderTest#testElectLeader-style cases, with min ISR 2 of RF 3.
    #[test]
    fn elr_follows_kafkas_builder() {
        // Fencing the leader 0 with ISR {0,1}: 1 leads; ISR {1} is below min ISR, so 0 joins the ELR.
        let c = build(&reg(0, &[0, 1], &[], &[]), &[1], &[1, 2], true, Election::Online).unwrap();
        assert_eq!((c.leader, c.isr, c.elr.clone()), (Some(1), Some(vec![1]), Some(vec![0])));
        // ELR off: the same change has no ELR.
        let c = build(&reg(0, &[0, 1], &[], &[]), &[1], &[1, 2], false, Election::Online).unwrap();
        assert_eq!((c.leader, c.elr), (Some(1), None));
        // The last ISR member fenced: the ISR becomes empty, the ELR holds both, no leader, and the
        // last known leader is remembered.
        let c = build(&reg(1, &[1], &[0], &[]), &[], &[2], true, Election::Online).unwrap();
        assert_eq!((c.leader, c.isr, c.elr, c.last_known_elr), (Some(-1), Some(vec![]), Some(vec![0, 1]), Some(vec![1])));
        // ELR off, the last ISR member fenced: the ISR keeps it (it is never emptied), no leader.
        let c = build(&reg(1, &[1], &[], &[]), &[], &[2], false, Election::Online).unwrap();
        assert_eq!((c.leader, c.isr), (Some(-1), None));
        // An ELR member comes back with the ISR empty: it leads cleanly and is the ISR.
        let cur = reg(-1, &[], &[0, 1], &[1]);
        let (c, how) = Builder {
            target_isr: vec![],
            election: Election::Online,
            elr_enabled: true,
            min_isr: 2,
            unclean_shutdown: None,
            target_recovering: None,
            assignment: None,
            acceptable: &|r| r == 0,
        }
        .build(&cur);
        let c = c.unwrap();
        assert_eq!((c.leader, c.isr, c.elr, c.recovering, how), (Some(0), Some(vec![0]), Some(vec![1]), None, Some(How::Elr)));
        // ISR and ELR empty: the last known leader comes back, elected uncleanly (RECOVERING)
        // with unclean election off.
        let cur = reg(-1, &[], &[], &[1]);
        let c = build(&cur, &[], &[1], true, Election::Online).unwrap();
        assert_eq!((c.leader, c.isr, c.recovering, c.last_known_elr), (Some(1), Some(vec![1]), Some(true), Some(vec![])));
        // Another replica is not the last known leader: offline unless unclean election is on.
        assert_eq!(build(&cur, &[], &[2], true, Election::Online), None);
        let c = build(&cur, &[], &[2], true, Election::Unclean).unwrap();
        assert_eq!((c.leader, c.isr, c.recovering), (Some(2), Some(vec![2]), Some(true)));
        // The ISR back at min ISR clears the ELR and the last known ELR.
        let c = build(&reg(1, &[1], &[0], &[]), &[1, 2], &[0, 1, 2], true, Election::Online).unwrap();
        assert_eq!((c.leader, c.isr, c.elr), (None, Some(vec![1, 2]), Some(vec![])));
    }

    /// PartitionChangeBuilderTest#testElectLeader's PREFERRED cases (`electPreferredLeader`):
    /// the preferred replica 0 if it is in the ISR and acceptable; else the current leader stays
    /// (no record); else the next valid replica in assignment order.
    #[test]
    fn preferred_election_follows_kafkas_builder() {
        let (c, how) = Builder {
            target_isr: vec![0, 1, 2],
            election: Election::Preferred,
            elr_enabled: false,
            min_isr: 2,
            unclean_shutdown: None,
            target_recovering: None,
            assignment: None,
            acceptable: &|_| true,
        }
        .build(&reg(1, &[0, 1, 2], &[], &[]));
        assert_eq!((c.unwrap(), how), (PartitionChange { leader: Some(0), ..Default::default() }, Some(How::Preferred)));
        // The preferred replica fenced, or outside the ISR: the current leader stays, no record.
        assert_eq!(build(&reg(1, &[0, 1, 2], &[], &[]), &[0, 1, 2], &[1, 2], false, Election::Preferred), None);
        assert_eq!(build(&reg(1, &[1, 2], &[], &[]), &[1, 2], &[0, 1, 2], false, Election::Preferred), None);
        // Leaderless, the preferred replica not acceptable: the next ISR member in assignment order.
        let c = build(&reg(-1, &[0, 2], &[], &[]), &[0, 2], &[2], false, Election::Preferred).unwrap();
        assert_eq!(c.leader, Some(2));
        // The preferred replica already leads: nothing to change.
        assert_eq!(build(&reg(0, &[0, 1, 2], &[], &[]), &[0, 1, 2], &[0, 1, 2], false, Election::Preferred), None);
    }

    #[test]
    fn merge_bumps_the_leader_epoch_only_on_a_leader_change() {
        let mut r = reg(0, &[0, 1, 2], &[], &[]);
        r.merge(&PartitionChange { isr: Some(vec![0, 1]), ..Default::default() });
        assert_eq!((r.leader_epoch, r.partition_epoch), (3, 8), "an ISR shrink keeps the leader epoch (MV 3.6+)");
        r.merge(&PartitionChange { leader: Some(1), ..Default::default() });
        assert_eq!((r.leader, r.leader_epoch, r.partition_epoch), (1, 4, 9));
    }

    fn reassigning(replicas: &[u32], isr: &[u32], adding: &[u32], removing: &[u32], leader: i32) -> PartitionRegistration {
        PartitionRegistration {
            replicas: replicas.to_vec(),
            adding: adding.to_vec(),
            removing: removing.to_vec(),
            ..reg(leader, isr, &[], &[])
        }
    }

    /// PartitionReassignmentReplicasTest: testNoneAddedOrRemoved, testAdditions, testRemovals,
    /// testAdditionsAndRemovals (removing and adding in ascending order, the target first).
    #[test]
    fn reassignment_replicas_follow_kafka() {
        let a = |cur: &[u32], target: &[u32]| {
            let a = Assignment::reassign(cur, target);
            (a.replicas, a.adding, a.removing)
        };
        assert_eq!(a(&[3, 2, 1], &[3, 2, 1]), (vec![3, 2, 1], vec![], vec![]));
        assert_eq!(a(&[3, 2, 1], &[3, 6, 2, 1, 5]), (vec![3, 6, 2, 1, 5], vec![5, 6], vec![]));
        assert_eq!(a(&[3, 2, 1, 0], &[3, 1]), (vec![3, 1, 0, 2], vec![], vec![0, 2]));
        assert_eq!(a(&[3, 2, 1, 0], &[7, 3, 1, 9]), (vec![7, 3, 1, 9, 0, 2], vec![7, 9], vec![0, 2]));
    }

    /// PartitionReassignmentReplicasTest: testDoesCompleteReassignmentAllNewReplicas,
    /// testDoesCompleteReassignmentSomeNewReplicas, testDoesNotCompleteReassignment (an ISR
    /// without every target replica), and nothing to complete without a reassignment.
    #[test]
    fn reassignment_completes_as_kafka() {
        let all_new = Assignment::reassign(&[0, 1, 2], &[3, 4, 5]);
        assert_eq!(all_new.maybe_complete(&[0, 1, 2, 3, 4, 5]), Some((vec![3, 4, 5], vec![3, 4, 5])));
        let some_new = Assignment::reassign(&[0, 1, 2], &[0, 1, 3]);
        assert_eq!(some_new.maybe_complete(&[0, 1, 2, 3]), Some((vec![0, 1, 3], vec![0, 1, 3])));
        assert_eq!(some_new.maybe_complete(&[0, 1, 2]), None);
        assert_eq!(Assignment::reassign(&[0, 1, 2], &[0, 1, 2]).maybe_complete(&[0, 1, 2]), None);
    }

    /// PartitionReassignmentRevertTest: testNoneAddedOrRemoved, testSomeRemoving, testSomeAdding,
    /// testSomeRemovingAndAdding, testIsrSpecialCase (only adding replicas in the ISR: unclean).
    #[test]
    fn revert_follows_kafka() {
        let r = |replicas: &[u32], isr: &[u32], adding: &[u32], removing: &[u32]| {
            let r = Revert::new(&reassigning(replicas, isr, adding, removing, isr[0] as i32));
            (r.replicas, r.isr, r.unclean)
        };
        assert_eq!(r(&[3, 2, 1], &[3, 2], &[], &[]), (vec![3, 2, 1], vec![3, 2], false));
        assert_eq!(r(&[3, 2, 1], &[3, 2], &[], &[2, 1]), (vec![3, 2, 1], vec![3, 2], false));
        assert_eq!(r(&[4, 5, 3, 2, 1], &[4, 5, 2], &[4, 5], &[]), (vec![3, 2, 1], vec![2], false));
        assert_eq!(r(&[4, 5, 3, 2, 1], &[4, 5, 2], &[4, 5], &[2]), (vec![3, 2, 1], vec![2], false));
        assert_eq!(r(&[4, 5, 3, 2, 1], &[4, 5], &[4, 5], &[2]), (vec![3, 2, 1], vec![3], true));
    }

    fn build_with(cur: &PartitionRegistration, target_isr: &[u32], assignment: Option<Assignment>) -> PartitionChange {
        try_build(cur, target_isr, assignment).expect("a change")
    }

    fn try_build(cur: &PartitionRegistration, target_isr: &[u32], assignment: Option<Assignment>) -> Option<PartitionChange> {
        Builder {
            target_isr: target_isr.to_vec(),
            election: Election::Online,
            elr_enabled: false,
            min_isr: 2,
            unclean_shutdown: None,
            target_recovering: None,
            assignment,
            acceptable: &|_| true,
        }
        .build(cur)
        .0
    }

    /// In the manner of PartitionChangeBuilderTest's reassignment cases: only adding replicas bumps the partition
    /// epoch alone (testAddingReplicaReassignment: no leader field); a rearrangement likewise
    /// (testReassignmentRearrangesReplicas); removing replicas whose ISR already holds the target
    /// completes at once and bumps the leader epoch (testRemovingReplicaReassignment); the ISR
    /// growing to the target completes it (testIsrEnlargementCompletesReassignment); a
    /// completion that removes the leader elects the first ISR member of the target.
    #[test]
    fn builder_reassignment_follows_kafka() {
        let cur = reg(0, &[0, 1, 2], &[], &[]);
        let c = build_with(&cur, &[0, 1, 2], Some(Assignment::reassign(&cur.replicas, &[0, 1, 2, 3])));
        assert_eq!(
            (c.leader, c.isr.clone(), c.replicas.clone(), c.adding.clone(), c.removing.clone()),
            (None, None, Some(vec![0, 1, 2, 3]), Some(vec![3]), None)
        );
        let c = build_with(&cur, &[0, 1, 2], Some(Assignment::reassign(&cur.replicas, &[2, 1, 0])));
        assert_eq!((c.leader, c.replicas), (None, Some(vec![2, 1, 0])));
        let c = build_with(&cur, &[0, 1, 2], Some(Assignment::reassign(&cur.replicas, &[0, 1])));
        assert_eq!((c.leader, c.isr, c.replicas, c.removing), (Some(0), Some(vec![0, 1]), Some(vec![0, 1]), None));
        let mut r = reassigning(&[0, 1, 3, 2], &[0, 1, 2], &[3], &[2], 0);
        let c = build_with(&r, &[0, 1, 2, 3], None);
        assert_eq!(
            (c.leader, c.isr.clone(), c.replicas.clone(), c.adding.clone(), c.removing.clone()),
            (Some(0), Some(vec![0, 1, 3]), Some(vec![0, 1, 3]), Some(vec![]), Some(vec![]))
        );
        r.merge(&c);
        assert_eq!((r.leader_epoch, r.partition_epoch, r.is_reassigning()), (4, 8, false));
        let r = reassigning(&[1, 2, 3, 0], &[0, 1, 2], &[3], &[0], 0);
        let c = build_with(&r, &[0, 1, 2, 3], None);
        assert_eq!((c.leader, c.isr, c.replicas), (Some(1), Some(vec![1, 2, 3]), Some(vec![1, 2, 3])));
        // The ISR without the removing replicas would be empty: not complete, no record.
        assert_eq!(try_build(&reassigning(&[3, 0], &[0], &[3], &[0], 0), &[0], None), None);
    }
}
