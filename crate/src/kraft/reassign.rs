//! Partition reassignment in the KRaft presets (KIP-455 with the controller quorum):
//! `ReplicationControlManager.alterPartitionReassignments` writes one PartitionChangeRecord per
//! partition through `PartitionChangeBuilder` (`changePartitionReassignment`; a cancellation,
//! `cancelPartitionReassignment`, reverts with `PartitionReassignmentRevert`). The replicas are
//! the target followed by the removing ones meanwhile; adding replicas bump only the partition
//! epoch, removing ones also the leader epoch. The reassignment completes in whichever later
//! change finds every target replica in the ISR (`completeReassignmentIfNeeded`, usually the
//! leader's AlterPartition that adds the last one), which drops the removing replicas from the
//! replicas and the ISR and elects another leader if the leader leaves. Brokers apply the
//! records as they replay them: a new replica starts fetching, a removed one is deleted.

use super::partition_change::{Assignment, Builder, Election, Revert};
use crate::api::ApiError;
use crate::cluster::Cluster;
use crate::events::{ids, params, Reason};
use crate::message::BrokerId;

impl Cluster {
    /// `alterPartitionReassignments` for one partition with target replicas
    /// (`changePartitionReassignment`): the target is checked as a manual assignment
    /// (`validateManualPartitionAssignment`: not empty, every broker registered, none twice; the
    /// replication factor may change, Kafka's default `allowReplicationFactorChange`), and the
    /// builder gets the replicas, removing and adding replicas of `PartitionReassignmentReplicas`
    /// (each only if it differs, as Kafka sets them). A target that changes nothing writes no record.
    pub(crate) fn kraft_reassign(&mut self, p: u32, replicas: Vec<BrokerId>) -> Result<(), ApiError> {
        if self.kraft().active.is_none() {
            return Err(ApiError::new("partition", "no controller is active to reassign it (NOT_CONTROLLER); wait for one".to_string()));
        }
        let k = self.kraft();
        let allowed =
            format!("a non-empty list of distinct registered broker ids ({})", ids(&k.registrations.keys().copied().collect::<Vec<_>>()));
        if replicas.is_empty() {
            return Err(ApiError::new(
                "replicas",
                format!("must be {allowed}, got []: the manual partition assignment includes an empty replica list"),
            ));
        }
        let mut sorted = replicas.clone();
        sorted.sort_unstable();
        for (i, b) in sorted.iter().enumerate() {
            if !k.registrations.contains_key(b) {
                return Err(ApiError::new(
                    "replicas",
                    format!("must be {allowed}, got b{b}: the manual partition assignment includes broker {b}, but no such broker is registered"),
                ));
            }
            if i > 0 && sorted[i - 1] == *b {
                return Err(ApiError::new(
                    "replicas",
                    format!("must be {allowed}, got b{b} twice: the manual partition assignment includes the broker {b} more than once"),
                ));
            }
        }
        let cur = k.partitions[p as usize].clone();
        let reassignment = Assignment::reassign(&cur.replicas, &replicas);
        let mut target = Assignment::of(&cur);
        if reassignment.replicas != cur.replicas {
            target.replicas = reassignment.replicas;
        }
        if !reassignment.removing.is_empty() {
            target.removing = reassignment.removing;
        }
        if !reassignment.adding.is_empty() {
            target.adding = reassignment.adding;
        }
        let list = ids(&replicas);
        let why = Reason::new(
            params!("kraft.reassign", target = list.as_str()),
            format!("an admin request (AlterPartitionReassignments) to the replicas [{list}]"),
        );
        self.write_reassignment(p, cur.isr.clone(), target, Election::Online, why);
        Ok(())
    }

    /// `alterPartitionReassignments` with null replicas (`kafka-reassign-partitions --cancel`,
    /// `cancelPartitionReassignment`): refused without a reassignment in progress
    /// (NO_REASSIGNMENT_IN_PROGRESS); otherwise reverted to the original replicas and the ISR
    /// without the adding ones (`PartitionReassignmentRevert`), refused when that needs an
    /// unclean election and `unclean.leader.election.enable` is off (INVALID_REPLICA_ASSIGNMENT).
    pub(crate) fn kraft_cancel_reassignment(&mut self, p: u32) -> Result<(), ApiError> {
        if self.kraft().active.is_none() {
            return Err(ApiError::new("partition", "no controller is active to cancel it (NOT_CONTROLLER); wait for one".to_string()));
        }
        let cur = self.kraft().partitions[p as usize].clone();
        if !cur.is_reassigning() {
            return Err(ApiError::new(
                "partition",
                format!("p{p}: no partition reassignment is in progress (NO_REASSIGNMENT_IN_PROGRESS)"),
            ));
        }
        let revert = Revert::new(&cur);
        let unclean = self.config.unclean_leader_election_enable;
        if revert.unclean && !unclean {
            return Err(ApiError::new(
                "partition",
                format!("unable to revert partition assignment for p{p} because it would require an unclean leader election (INVALID_REPLICA_ASSIGNMENT; allowed with unclean.leader.election.enable)"),
            ));
        }
        let election = if unclean { Election::Unclean } else { Election::Online };
        let original = ids(&revert.replicas);
        let why = Reason::new(
            params!("kraft.reassign-cancel", replicas = original.as_str()),
            format!("an admin request cancelling the reassignment (AlterPartitionReassignments, replicas null): back to [{original}]"),
        );
        let target = Assignment { replicas: revert.replicas, adding: Vec::new(), removing: Vec::new() };
        self.write_reassignment(p, revert.isr, target, election, why);
        Ok(())
    }

    /// The builder with the `LeaderAcceptor` (unfenced, not in a controlled shutdown); its record,
    /// if any, is one batch, and the leader balancing task is scheduled after the write event.
    fn write_reassignment(&mut self, p: u32, target_isr: Vec<BrokerId>, target: Assignment, election: Election, why: Reason) {
        let k = self.kraft();
        let cur = &k.partitions[p as usize];
        let acceptable = |r: BrokerId| k.is_active(r);
        let builder = Builder {
            target_isr,
            election,
            elr_enabled: self.config.kraft.eligible_leader_replicas,
            min_isr: self.effective_min_isr(),
            unclean_shutdown: None,
            target_recovering: None,
            assignment: Some(target),
            acceptable: &acceptable,
        };
        if let (Some(change), how) = builder.build(cur) {
            let why = super::with_how(&why, how);
            self.append(crate::kraft::records::MetadataRecord::PartitionChange { partition: p, change }, why);
        }
        self.maybe_schedule_balance();
        self.flush_batch();
    }
}

#[cfg(test)]
mod tests {
    use crate::api::Value;
    use crate::cluster::Cluster;

    fn cluster(unclean: bool) -> Cluster {
        let pairs = [
            ("version", Value::Str("4.2".into())),
            ("brokers", Value::Num(4.0)),
            ("partitions", Value::Num(1.0)),
            ("uncleanLeaderElectionEnable", Value::Bool(unclean)),
        ];
        Cluster::from_pairs(&pairs.map(|(k, v)| (k.to_string(), v))).unwrap()
    }

    /// `validateManualPartitionAssignment` and `cancelPartitionReassignment`'s refusals: each an
    /// error naming the argument, nothing written to the metadata log.
    #[test]
    fn bad_reassignments_are_refused_and_change_nothing() {
        let mut c = cluster(false);
        let end = c.metadata_end();
        let refused = |c: &mut Cluster, rs: Vec<u32>| c.reassign(0, rs).map_err(|e| (e.argument, e.message)).unwrap_err();
        let (arg, msg) = refused(&mut c, vec![]);
        assert_eq!(arg, "replicas");
        assert!(msg.contains("includes an empty replica list"), "{msg}");
        let (arg, msg) = refused(&mut c, vec![0, 7]);
        assert_eq!(arg, "replicas");
        assert!(msg.contains("includes broker 7, but no such broker is registered") && msg.contains("(0,1,2,3)"), "{msg}");
        let (arg, msg) = refused(&mut c, vec![1, 3, 1]);
        assert_eq!(arg, "replicas");
        assert!(msg.contains("includes the broker 1 more than once"), "{msg}");
        let e = c.reassign(1, vec![0, 1, 2]).unwrap_err();
        assert_eq!(e.argument, "partition");
        let e = c.cancel_reassignment(0).unwrap_err();
        assert_eq!(e.argument, "partition");
        assert!(e.message.contains("NO_REASSIGNMENT_IN_PROGRESS"), "{}", e.message);
        assert_eq!(c.metadata_end(), end, "nothing written");
        // The current replicas again: Kafka answers NONE and builds no record.
        c.reassign(0, vec![0, 1, 2]).unwrap();
        assert_eq!(c.metadata_end(), end, "no record for no change");
        // A replication factor change is allowed (allowReplicationFactorChange defaults to true).
        c.reassign(0, vec![0, 1, 2, 3]).unwrap();
        assert_eq!(c.metadata_end(), end + 1);
        let reg = &c.kraft().partitions[0];
        assert_eq!((&reg.replicas[..], &reg.adding[..], &reg.removing[..], reg.partition_epoch), (&[0, 1, 2, 3][..], &[3][..], &[][..], 1));
    }

    /// `PartitionReassignmentRevert` with only adding replicas in the ISR needs an unclean
    /// election: refused unless `unclean.leader.election.enable` (INVALID_REPLICA_ASSIGNMENT).
    #[test]
    fn a_cancellation_needing_an_unclean_election_needs_it_enabled() {
        for unclean in [false, true] {
            let mut c = cluster(unclean);
            c.reassign(0, vec![3, 0, 1, 2]).unwrap();
            // As if only the adding b3 were left in the ISR (the revert's special case).
            c.kraft_mut().partitions[0].isr = vec![3];
            c.kraft_mut().partitions[0].leader = 3;
            let end = c.metadata_end();
            let result = c.cancel_reassignment(0);
            if unclean {
                result.unwrap();
                let reg = &c.kraft().partitions[0];
                assert_eq!((&reg.replicas[..], &reg.isr[..], reg.leader, reg.adding.is_empty()), (&[0, 1, 2][..], &[0][..], 0, true));
            } else {
                let e = result.unwrap_err();
                assert_eq!(e.argument, "partition");
                assert!(e.message.contains("unclean leader election"), "{}", e.message);
                assert_eq!(c.metadata_end(), end, "nothing written");
            }
        }
    }
}
