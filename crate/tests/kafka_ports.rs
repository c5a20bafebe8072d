//! Ports of Kafka's own tests that a scenario script cannot express (scenarios/kafka/ holds the rest).

use kafka_replication::elections::ElectionType;
use kafka_replication::faults::FailKind;
use kafka_replication::kraft::partition_change::{Builder, Election, PartitionChange, PartitionRegistration};
use kafka_replication::kraft::quorum::{RaftState, Voter};
use kafka_replication::kraft::records::KraftMsg;
use kafka_replication::message::{BrokerId, Msg, NodeId};
use kafka_replication::rng::Rng;
use kafka_replication::{Cluster, Value};

fn cluster(version: &str) -> Cluster {
    cluster_of(version, 3)
}

fn cluster_of(version: &str, brokers: u32) -> Cluster {
    let pairs: Vec<(String, Value)> = vec![
        ("version".into(), Value::Str(version.into())),
        ("brokers".into(), Value::Num(f64::from(brokers))),
        ("replicationFactor".into(), Value::Num(3.0)),
        ("partitions".into(), Value::Num(1.0)),
        ("uncleanLeaderElectionEnable".into(), Value::Bool(true)),
        ("zookeeperSessionTimeoutMs".into(), Value::Num(2000.0)),
    ];
    Cluster::from_pairs(&pairs).unwrap()
}

fn step_until(c: &mut Cluster, max: u64, what: &str, done: impl Fn(&Cluster) -> bool) {
    for _ in 0..max {
        if done(c) {
            return;
        }
        c.step(1).unwrap();
    }
    panic!("{what} did not happen within {max} ticks: {}", c.zk.partitions[0].json());
}

/// Unclean election: b1 is the only live replica, outside the ISR {0}.
fn elect_uncleanly(c: &mut Cluster) {
    let crash = FailKind::Crash { lossy: false };
    c.fail(1, crash).unwrap();
    c.fail(2, crash).unwrap();
    step_until(c, 100, "ISR {0}", |c| c.zk.partitions[0].isr == [0]);
    c.fail(0, crash).unwrap();
    c.recover(1).unwrap();
    step_until(c, 100, "b1 elected", |c| c.zk.partitions[0].leader == 1);
}

/// Ports LeaderAndIsrTest#testRecoveringLeaderAndIsr and the ZooKeeper controller's unclean election
/// (KIP-704, 3.2+): the state znode says `"leader_recovery_state":1` until the new leader's next
/// accepted AlterPartition, which always says RECOVERED.
#[test]
fn unclean_election_marks_the_partition_recovering_from_3_2() {
    let mut c = cluster("3.7");
    elect_uncleanly(&mut c);
    let json = c.zk.partitions[0].json();
    assert!(json.ends_with(r#""isr":[1],"leader_recovery_state":1}"#), "{json}");
    c.recover(2).unwrap();
    step_until(&mut c, 200, "b2 rejoins the ISR", |c| c.zk.partitions[0].isr == [1, 2]);
    assert!(!c.zk.partitions[0].json().contains("leader_recovery_state"), "{}", c.zk.partitions[0].json());
}

#[test]
fn before_kip_704_the_znode_has_no_recovery_state() {
    let mut c = cluster("2.8");
    elect_uncleanly(&mut c);
    assert!(!c.zk.partitions[0].json().contains("leader_recovery_state"), "{}", c.zk.partitions[0].json());
}

/// Ports the argument checks of `kafka-reassign-partitions.sh --execute` and
/// `Admin.alterPartitionReassignments` (2.8, ReassignPartitionsCommand: "Partition replica lists
/// may not contain duplicate entries", unknown brokers, unknown partitions): each bad call is an
/// error naming the argument, and the cluster is unchanged.
#[test]
fn reassign_validates_its_arguments_and_changes_nothing() {
    let mut c = cluster("2.8");
    let before = c.state_hash();
    for (partition, replicas, argument, says) in [
        (1, vec![1, 2, 0], "partition", "from 0 to 0, got 1"),
        (0, vec![], "replicas", "a non-empty list of distinct broker ids from 0 to 2, got []"),
        (0, vec![0, 3], "replicas", "from 0 to 2, got b3"),
        (0, vec![1, 2, 1], "replicas", "got b1 twice"),
        (0, vec![0, 1, 2], "replicas", "already has the replicas [0,1,2]"),
    ] {
        let e = c.reassign(partition, replicas.clone()).unwrap_err();
        assert_eq!(e.argument, argument, "{replicas:?}: {e}");
        assert!(e.message.contains(says), "{replicas:?}: {e}");
        assert_eq!(c.state_hash(), before, "{replicas:?} changed the cluster");
    }
    // A target already in the ISR completes at once (phase B only): leader_epoch 1 for the final
    // replica set, 2 for b1 leaving the ISR.
    c.reassign(0, vec![0, 2]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((c.zk.assignment[0].clone(), c.zk.partitions[0].isr.clone(), c.zk.partitions[0].leader_epoch), (vec![0, 2], vec![0, 2], 2));
    // A second reassignment of a partition still being reassigned replaces it, from the original
    // replicas ORS = [0,2] (`ReplicaAssignment.reassignTo`, KIP-455).
    c.fail(1, FailKind::Crash { lossy: false }).unwrap();
    c.reassign(0, vec![1, 0]).unwrap_or_else(|e| panic!("{e}"));
    c.reassign(0, vec![1]).unwrap_or_else(|e| panic!("{e}"));
    let r = &c.zk.reassignments[&0];
    assert_eq!((c.zk.assignment[0].clone(), r.adding.clone(), r.removing.clone()), (vec![1, 0, 2], vec![1], vec![0, 2]));
    // Before 2.4 one runs at a time: another is refused, changing nothing.
    let mut c = cluster("0.11");
    c.reassign(0, vec![0, 2]).unwrap_or_else(|e| panic!("{e}"));
    c.fail(1, FailKind::Crash { lossy: false }).unwrap();
    c.reassign(0, vec![1, 0]).unwrap_or_else(|e| panic!("{e}"));
    let during = c.state_hash();
    let e = c.reassign(0, vec![1]).unwrap_err();
    assert!(e.argument == "partition" && e.message.contains("is being reassigned to [1,0]"), "{e}");
    assert_eq!(c.state_hash(), during);
}

/// KRaft presets (ReplicationControlManager.changePartitionReassignment): `reassign` and
/// `addReplica` each append one PartitionChangeRecord to the active controller's log, with the
/// replicas, addingReplicas and removingReplicas of PartitionReassignmentReplicas; a refused one
/// (an unregistered broker) appends nothing.
#[test]
fn reassign_in_kraft_presets_writes_one_partition_change_record() {
    let mut c = cluster_of("4.0", 5);
    let end = |c: &Cluster| c.kraft.as_ref().unwrap().shown_voter().log.len();
    let before = end(&c);
    let e = c.reassign(0, vec![1, 2, 7]).unwrap_err();
    assert!(e.argument == "replicas" && e.message.contains("no such broker is registered"), "{e}");
    assert_eq!(end(&c), before);
    c.reassign(0, vec![1, 2, 3]).unwrap_or_else(|e| panic!("{e}"));
    // addReplica reads the replicas as the admin sees them: the committed metadata.
    while c.zk.assignment[0] != [1, 2, 3, 0] {
        c.step(1).unwrap();
    }
    c.add_replica(0, 4).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(end(&c), before + 2);
    let reg = &c.kraft.as_ref().unwrap().partitions[0];
    // The second request adds b4 to the running replicas [1,2,3,0]; its empty removing list
    // keeps the running one (Kafka sets only what is not empty).
    assert_eq!((reg.replicas.clone(), reg.adding.clone(), reg.removing.clone()), (vec![1, 2, 3, 0, 4], vec![4], vec![0]));
    assert_eq!((reg.leader_epoch, reg.partition_epoch), (0, 2), "only adding: no leader epoch bump");
}

/// Ports TopicZNode.encode (2.4+, KIP-455) as ReassignPartitionsIntegrationTest reads it back
/// through describe: while a reassignment runs, the topic znode lists the partition's replicas
/// RS = TRS + ORS with `adding_replicas` and `removing_replicas`; before 2.4 the znode is version 1
/// and the reassignment shows only in /admin/reassign_partitions.
#[test]
fn the_topic_znode_lists_adding_and_removing_replicas_from_2_4() {
    for version in ["2.8", "0.11"] {
        let kip455 = version == "2.8";
        let mut c = cluster_of(version, 4);
        c.fail(3, FailKind::Crash { lossy: false }).unwrap();
        c.reassign(0, vec![0, 1, 3]).unwrap();
        let tree = c.zk.tree(c.config.rules().reassignment_in_topic_znode);
        let data = |path: &str| tree.iter().find(|(p, _, _)| p == path).map(|(_, d, _)| d.clone()).unwrap_or_default();
        let running = if kip455 {
            // 2.8 also writes the topic id (KIP-516): version 3.
            let id = c.zk.topic_id.clone().unwrap();
            format!(
                r#"{{"version":3,"partitions":{{"0":[0,1,3,2]}},"adding_replicas":{{"0":[3]}},"removing_replicas":{{"0":[2]}},"topic_id":"{id}"}}"#
            )
        } else {
            r#"{"version":1,"partitions":{"0":[0,1,3,2]}}"#.to_string()
        };
        assert_eq!(data("/brokers/topics/demo"), running, "{version}");
        assert_eq!(data("/admin/reassign_partitions"), r#"{"version":1,"partitions":[{"topic":"demo","partition":0,"replicas":[0,1,3]}]}"#);
        c.recover(3).unwrap();
        step_until(&mut c, 300, "the reassignment completes", |c| c.zk.assignment[0] == [0, 1, 3]);
        let tree = c.zk.tree(c.config.rules().reassignment_in_topic_znode);
        assert!(tree.iter().all(|(p, _, _)| p != "/admin/reassign_partitions"), "{version}: {tree:?}");
        let done = if kip455 {
            let id = c.zk.topic_id.clone().unwrap();
            format!(r#"{{"version":3,"partitions":{{"0":[0,1,3]}},"adding_replicas":{{}},"removing_replicas":{{}},"topic_id":"{id}"}}"#)
        } else {
            r#"{"version":1,"partitions":{"0":[0,1,3]}}"#.to_string()
        };
        assert!(tree.iter().any(|(p, d, _)| p == "/brokers/topics/demo" && *d == done), "{version}: {tree:?}");
        assert_eq!(c.zk.partitions[0].isr, [0, 1, 3], "{version}");
    }
}

fn elect_preferred(c: &mut Cluster) -> Option<&'static str> {
    c.elect_leaders(ElectionType::Preferred, Some(vec![0])).unwrap()[0].error
}

/// Ports PlaintextAdminIntegrationTest#testElectPreferredLeaders (2.8): the preferred leader is
/// changed without changing the current leader (a reassignment that only reorders the replicas:
/// phase B at once, the leader stays); electing the preferred leader then moves the lead to it,
/// a second election is ELECTION_NOT_NEEDED, and with the preferred replica down the election is
/// PREFERRED_LEADER_NOT_AVAILABLE and changes nothing — as ControllerIntegrationTest
/// #testPreferredReplicaLeaderElectionWithOfflinePreferredReplica (2.8) and
/// PartitionLeaderElectionAlgorithmsTest#testPreferredReplicaPartitionLeaderElectionPreferredReplicaNotInIsrNotLive
/// (3.7: the preferred replica neither live nor in the ISR → no leader) also assert.
#[test]
fn preferred_leader_elections_answer_like_kafkas_admin_client() {
    let mut c = cluster("2.8");
    assert_eq!(elect_preferred(&mut c), Some("ELECTION_NOT_NEEDED"));
    c.reassign(0, vec![1, 2, 0]).unwrap();
    let st = c.zk.partitions[0].clone();
    assert_eq!((c.zk.assignment[0].clone(), st.leader, st.leader_epoch), (vec![1, 2, 0], 0, 1), "the leader stays");
    assert_eq!(elect_preferred(&mut c), None);
    assert_eq!((c.zk.partitions[0].leader, c.zk.partitions[0].leader_epoch), (1, 2));
    assert_eq!(elect_preferred(&mut c), Some("ELECTION_NOT_NEEDED"));
    c.step(10).unwrap();
    c.reassign(0, vec![2, 0, 1]).unwrap();
    c.fail(2, FailKind::Crash { lossy: false }).unwrap();
    step_until(&mut c, 100, "b2 out of the ISR", |c| c.zk.partitions[0].isr == [0, 1]);
    let before = c.zk.partitions[0].clone();
    assert_eq!(elect_preferred(&mut c), Some("PREFERRED_LEADER_NOT_AVAILABLE"));
    assert_eq!(c.zk.partitions[0], before);
}

/// The LeaderAndIsr requests of a reassignment's completion (`KafkaController.onPartitionReassignment`
/// phase B, 2.4+), sent in the tick it completes: per leader epoch, the brokers they go to.
fn completion_requests(c: &mut Cluster, target: Vec<u32>) -> Vec<(i32, Vec<i32>)> {
    use kafka_replication::message::Msg;
    let start = c.zk.partitions[0].leader_epoch;
    c.reassign(0, target).unwrap();
    step_until(c, 300, "the reassignment completes", |c| c.zk.reassignments.is_empty());
    let mut sent: Vec<(i32, Vec<i32>)> = Vec::new();
    for env in c.network.in_flight().filter(|e| e.sent_at == c.tick) {
        if let Msg::LeaderAndIsr { leader_epoch, partition: 0, .. } = env.msg {
            assert!(leader_epoch > start + 1, "phase A's request (leader_epoch {}) is not resent here", start + 1);
            match sent.iter_mut().find(|(e, _)| *e == leader_epoch) {
                Some((_, to)) => to.push(env.to),
                None => sent.push((leader_epoch, vec![env.to])),
            }
        }
    }
    for (_, to) in &mut sent {
        to.sort_unstable();
    }
    sent.sort_unstable();
    sent
}

/// Ports the recipients of phase B (2.4+): B3's `updateLeaderEpochAndSendRequest` sends the new
/// leader epoch to `assignment.replicas` (the target replicas, TRS), and B4's `removeReplicasFromIsr`
/// (`ReplicaStateMachine`, OfflineReplica) to the partition's replicas except the removed one
/// (TRS again, the assignment being TRS by then); the removed replica gets StopReplica only.
#[test]
fn reassignment_completion_sends_leader_and_isr_to_every_target_replica() {
    // The leader stays (b0 is a target): B3 bumps the epoch, B4 removes b2 from the ISR.
    let mut c = cluster_of("2.8", 4);
    assert_eq!(completion_requests(&mut c, vec![0, 1, 3]), vec![(2, vec![0, 1, 3]), (3, vec![0, 1, 3])]);
    // The leader moves (b0 is not a target): B3 elects b1, B4 removes b0 from the ISR.
    let mut c = cluster_of("2.8", 4);
    assert_eq!(completion_requests(&mut c, vec![1, 2, 3]), vec![(2, vec![1, 2, 3]), (3, vec![1, 2, 3])]);
    assert_eq!(c.zk.partitions[0].leader, 1);
}

/// Ports the recipients of `onBrokerFailure` (`ControllerIntegrationTest`'s broker failure):
/// `processBrokerChange` removes the dead broker from the live set first (`removeLiveBrokers`; 0.8's
/// `liveBrokers = curBrokerIds`), so the LeaderAndIsr that drops it from the ISR goes to the live
/// replicas only, in every ZooKeeper-mode version.
#[test]
fn broker_failure_leader_and_isr_goes_to_live_brokers_only() {
    use kafka_replication::message::Msg;
    for version in ["0.8", "0.11", "2.8", "3.7"] {
        let mut c = cluster(version);
        step_until(&mut c, 50, "the first leader", |c| c.zk.partitions[0].leader >= 0);
        let ctrl = c.zk.controller.unwrap();
        // A follower that is not the controller; paused (a long GC), its messages still reach it.
        let victim = (0..3).find(|&b| b != ctrl && c.zk.partitions[0].leader != b as i32).unwrap();
        c.fail(victim, FailKind::Stuck).unwrap();
        step_until(&mut c, 400, "the ISR shrink", |c| !c.zk.partitions[0].isr.contains(&victim));
        let epoch = c.zk.partitions[0].leader_epoch;
        let mut to: Vec<u32> = c
            .network
            .in_flight()
            .filter(|e| {
                e.sent_at == c.tick && matches!(e.msg, Msg::LeaderAndIsr { partition: 0, leader_epoch, .. } if leader_epoch == epoch)
            })
            .map(|e| e.to as u32)
            .collect();
        to.sort_unstable();
        let live: Vec<u32> = (0..3).filter(|&b| b != victim).collect();
        assert_eq!(to, live, "{version}: the failure's LeaderAndIsr goes to the live replicas, not b{victim}");
    }
}

/// Ports ReplicationControlManagerTest#testElectPreferredLeaders to a KRaft preset
/// (`ReplicationControlManager.electLeaders` / `electLeader`, `Election.PREFERRED`): the preferred
/// replica leading is ELECTION_NOT_NEEDED; fenced, or unfenced but outside the ISR, it is
/// PREFERRED_LEADER_NOT_AVAILABLE with no record written; in the ISR and unfenced, the answer is
/// no error and one PartitionChangeRecord(leader=0) is written, which clients see once committed.
#[test]
fn kraft_preferred_elections_answer_like_the_quorum_controller() {
    let mut c = cluster("4.2");
    let end = |c: &Cluster| c.kraft.as_ref().unwrap().shown_voter().log_end_offset();
    assert_eq!(elect_preferred(&mut c), Some("ELECTION_NOT_NEEDED"));
    c.fail(0, FailKind::Crash { lossy: false }).unwrap();
    step_until(&mut c, 200, "b1 leads", |c| c.zk.partitions[0].leader == 1);
    let before = end(&c);
    assert_eq!(elect_preferred(&mut c), Some("PREFERRED_LEADER_NOT_AVAILABLE"), "b0 is fenced");
    c.recover(0).unwrap();
    step_until(&mut c, 100, "b0 unfenced", |c| !c.kraft.as_ref().unwrap().committed_registrations[&0].fenced);
    assert_eq!(c.zk.partitions[0].isr, [1, 2]);
    let registered = end(&c);
    assert_eq!(registered, before + 2, "b0's RegisterBrokerRecord and its unfencing only");
    assert_eq!(elect_preferred(&mut c), Some("PREFERRED_LEADER_NOT_AVAILABLE"), "b0 is not in the ISR yet");
    assert_eq!(end(&c), registered, "no record for a refused election");
    step_until(&mut c, 200, "b0 back in the ISR", |c| c.zk.partitions[0].isr == [0, 1, 2]);
    let st = c.zk.partitions[0].clone();
    assert_eq!(elect_preferred(&mut c), None);
    let k = c.kraft.as_ref().unwrap();
    let last = k.shown_voter().log.last().unwrap().record.to_string();
    assert_eq!(last, "PartitionChangeRecord(partitionId=0, leader=0)");
    let reg = &k.partitions[0];
    assert_eq!((reg.leader, reg.leader_epoch, reg.partition_epoch), (0, st.leader_epoch + 1, st.version + 1));
    assert_eq!(c.zk.partitions[0], st, "published once committed, not before");
    step_until(&mut c, 20, "the change committed", |c| c.zk.partitions[0].leader == 0);
    assert_eq!(elect_preferred(&mut c), Some("ELECTION_NOT_NEEDED"));
}

/// The preferred replica still in the ISR but fenced (4.0, ELR off: the last ISR member fenced
/// stays in the ISR, the partition leaderless): `electPreferredLeader` finds no acceptable
/// replica, PREFERRED_LEADER_NOT_AVAILABLE; unclean, no replica is live:
/// ELIGIBLE_LEADERS_NOT_AVAILABLE.
#[test]
fn kraft_preferred_election_refuses_a_fenced_isr_member() {
    let mut c = cluster("4.0");
    let crash = FailKind::Crash { lossy: false };
    c.fail(1, crash).unwrap();
    c.fail(2, crash).unwrap();
    step_until(&mut c, 300, "ISR {0}", |c| c.zk.partitions[0].isr == [0]);
    c.fail(0, crash).unwrap();
    step_until(&mut c, 300, "p0 leaderless", |c| c.zk.partitions[0].leader == -1);
    assert_eq!(c.zk.partitions[0].isr, [0]);
    assert_eq!(elect_preferred(&mut c), Some("PREFERRED_LEADER_NOT_AVAILABLE"));
    assert_eq!(c.elect_leaders(ElectionType::Unclean, Some(vec![0])).unwrap()[0].error, Some("ELIGIBLE_LEADERS_NOT_AVAILABLE"));
}

// ---- PartitionChangeBuilderTest (metadata/src/test/java/org/apache/kafka/controller), ELR ----
// The model's builder is Kafka's with `useLastKnownLeaderInBalancedRecovery = true` (its
// default); the assertions ported are the ones that hold for that setting (the ELR, the ISR,
// the leader, the recovery state), with Kafka's replica ids and min ISR.

fn registration(replicas: &[u32], isr: &[u32], elr: &[u32], last_known_elr: &[u32], leader: i32) -> PartitionRegistration {
    PartitionRegistration {
        replicas: replicas.to_vec(),
        adding: Vec::new(),
        removing: Vec::new(),
        isr: isr.to_vec(),
        elr: elr.to_vec(),
        last_known_elr: last_known_elr.to_vec(),
        leader,
        recovering: false,
        leader_epoch: 100,
        partition_epoch: 200,
    }
}

struct Build<'a> {
    target_isr: Option<&'a [u32]>,
    election: Election,
    elr: bool,
    min_isr: usize,
    unclean_shutdown: Option<u32>,
    acceptable: &'a dyn Fn(u32) -> bool,
}

impl Build<'_> {
    /// `build()` from `partition`, the target ISR defaulting to the partition's (as the
    /// PartitionChangeBuilder constructor sets it).
    fn on(&self, partition: &PartitionRegistration) -> Option<PartitionChange> {
        Builder {
            target_isr: self.target_isr.map_or_else(|| partition.isr.clone(), <[u32]>::to_vec),
            election: self.election,
            elr_enabled: self.elr,
            min_isr: self.min_isr,
            unclean_shutdown: self.unclean_shutdown,
            target_recovering: None,
            assignment: None,
            acceptable: self.acceptable,
        }
        .build(partition)
        .0
    }
}

/// PartitionChangeBuilderTest#testEligibleLeaderReplicas_IsrShrinkBelowMinISR (min ISR 3, ISR
/// {1,2,3,4} → {1,2}: 3 and 4 join the ELR, no leader change), #testEligibleLeaderReplicas_
/// IsrExpandAboveMinISR (ISR {1,2} ELR {3} → {1,2,3}: the ELR is cleared, and the last known
/// ELR with it), #testEligibleLeaderReplicas_IsrAddNewMemberNotInELR (ISR {1} ELR {3} → {1,4}: the
/// ELR keeps 3), #testEligibleLeaderReplicas_RemoveUncleanShutdownReplicasFromElr (ISR {1} ELR
/// {2,3}, 3 shut down uncleanly: the ELR is {2}), each with ELR disabled writing no ELR.
#[test]
fn partition_change_builder_elr_membership_as_kafka() {
    let not3 = |r: u32| r != 3;
    let b = |target: Option<&'static [u32]>, elr: bool, unclean: Option<u32>| Build {
        target_isr: target,
        election: Election::Preferred,
        elr,
        min_isr: 3,
        unclean_shutdown: unclean,
        acceptable: &not3,
    };
    let full = registration(&[1, 2, 3, 4], &[1, 2, 3, 4], &[], &[], 1);
    let c = b(Some(&[1, 2]), true, None).on(&full).unwrap();
    assert_eq!((c.leader, c.isr.clone(), c.elr.clone(), c.last_known_elr.clone()), (None, Some(vec![1, 2]), Some(vec![3, 4]), None));
    let mut p = full.clone();
    p.merge(&c);
    assert_eq!((p.elr, p.last_known_elr, p.leader_epoch, p.partition_epoch), (vec![3, 4], vec![], 100, 201));
    let c = b(Some(&[1, 2]), false, None).on(&full).unwrap();
    assert_eq!((c.isr, c.elr), (Some(vec![1, 2]), None));

    let p = registration(&[1, 2, 3, 4], &[1, 2], &[3], &[4], 1);
    let c = b(Some(&[1, 2, 3]), true, None).on(&p).unwrap();
    assert_eq!((c.leader, c.isr, c.elr, c.last_known_elr), (None, Some(vec![1, 2, 3]), Some(vec![]), Some(vec![])));

    let p = registration(&[1, 2, 3, 4], &[1], &[3], &[], 1);
    let c = b(Some(&[1, 4]), true, None).on(&p).unwrap();
    assert_eq!((c.leader, c.isr, c.elr), (None, Some(vec![1, 4]), None), "no change to the ELR");

    let p = registration(&[1, 2, 3, 4], &[1], &[2, 3], &[], 1);
    let c = b(None, true, Some(3)).on(&p).unwrap();
    assert_eq!((c.leader, c.isr, c.elr), (None, None, Some(vec![2])));
    let c = b(None, false, Some(3)).on(&p).unwrap();
    assert_eq!((c.leader, c.isr, c.elr), (None, None, Some(vec![])), "ELR disabled: the ELR is cleared");
}

/// PartitionChangeBuilderTest#testEligibleLeaderReplicas_ElrCanBeElected (ISR {1} ELR {3}, 1
/// offline, target ISR empty: 3 leads from the ELR and is the ISR, 1 joins the ELR),
/// #testEligibleLeaderReplicas_IsrCanShrinkToZero (every replica offline: ISR empty, leader -1,
/// ELR {1,2,3,4}, last known leader 1; a later build with 2 shut down uncleanly leaves the last
/// known ELR alone), #testEligibleLeaderReplicas_ElectLastKnownLeader (ISR and ELR empty, last
/// known leader 1 live: it leads uncleanly, ISR {1}, RECOVERING, last known ELR cleared),
/// #testEligibleLeaderReplicas_ElectLastKnownLeaderShouldFail (ELR {3} not empty, 3 offline: no
/// change) and #testEligibleLeaderReplicas_NotEligibleLastKnownLeader (KAFKA-19522: the last
/// known leader offline is not elected: no change).
#[test]
fn partition_change_builder_elr_elections_as_kafka() {
    let b = |target: Option<&'static [u32]>, acceptable: &'static dyn Fn(u32) -> bool, unclean: Option<u32>| Build {
        target_isr: target,
        election: Election::Preferred,
        elr: true,
        min_isr: 3,
        unclean_shutdown: unclean,
        acceptable,
    };
    let p = registration(&[1, 2, 3, 4], &[1], &[3], &[], 1);
    let c = b(Some(&[]), &|r| r != 1, None).on(&p).unwrap();
    assert_eq!(c, PartitionChange { leader: Some(3), isr: Some(vec![3]), elr: Some(vec![1]), ..Default::default() }, "ElrCanBeElected");

    let mut p = registration(&[1, 2, 3, 4], &[1, 2, 3, 4], &[], &[], 1);
    let c = b(Some(&[]), &|_| false, None).on(&p).unwrap();
    assert_eq!(
        c,
        PartitionChange {
            leader: Some(-1),
            isr: Some(vec![]),
            elr: Some(vec![1, 2, 3, 4]),
            last_known_elr: Some(vec![1]),
            ..Default::default()
        },
        "IsrCanShrinkToZero"
    );
    p.merge(&c);
    let c = b(None, &|_| false, Some(2)).on(&p).unwrap();
    assert_eq!((c.last_known_elr, c.elr), (None, Some(vec![1, 3, 4])), "IsrCanShrinkToZero: the last known ELR unchanged");

    let p = registration(&[1, 2, 3, 4], &[], &[], &[1], -1);
    let c = b(Some(&[]), &|_| true, None).on(&p).unwrap();
    assert_eq!(
        c,
        PartitionChange { leader: Some(1), isr: Some(vec![1]), last_known_elr: Some(vec![]), recovering: Some(true), ..Default::default() },
        "ElectLastKnownLeader"
    );
    let mut merged = p.clone();
    merged.merge(&c);
    assert_eq!((merged.isr, merged.elr, merged.last_known_elr, merged.recovering), (vec![1], vec![], vec![], true));

    let p = registration(&[1, 2, 3, 4], &[], &[3], &[1], -1);
    assert_eq!(b(Some(&[]), &|r| r != 3, None).on(&p), None, "ElectLastKnownLeaderShouldFail");
    let p = registration(&[1, 2, 3, 4], &[], &[], &[1], -1);
    assert_eq!(b(Some(&[]), &|r| r != 1, None).on(&p), None, "NotEligibleLastKnownLeader");
}

/// PartitionChangeBuilderTest#testUncleanSetsLeaderRecoveringState (replicas [1,2,3], ISR {2,3}
/// offline, leaderless, UNCLEAN: 1 leads, ISR {1}, RECOVERING) and #testStoppedLeaderIsDemoted
/// AfterReassignmentCompletesEvenIfNoNewEligibleLeaders (a reassignment [0,1] → [2,3] completed
/// by the ISR {0,1,2,3} with no acceptable leader: replicas and ISR [2,3], no adding or removing
/// replicas, leader -1 — the removed leader 0 does not stay).
#[test]
fn partition_change_builder_unclean_and_stopped_leader_as_kafka() {
    let p = registration(&[1, 2, 3], &[2, 3], &[], &[], -1);
    let only1 = |r: u32| r == 1;
    let c = Build { target_isr: None, election: Election::Unclean, elr: false, min_isr: 2, unclean_shutdown: None, acceptable: &only1 }
        .on(&p)
        .unwrap();
    assert_eq!(c, PartitionChange { leader: Some(1), isr: Some(vec![1]), recovering: Some(true), ..Default::default() });

    let mut p = registration(&[2, 3, 0, 1], &[0, 1], &[], &[], 0);
    p.adding = vec![2, 3];
    p.removing = vec![0, 1];
    p.leader_epoch = 0;
    p.partition_epoch = 0;
    let none = |_: u32| false;
    let c = Build {
        target_isr: Some(&[0, 1, 2, 3]),
        election: Election::Online,
        elr: false,
        min_isr: 2,
        unclean_shutdown: None,
        acceptable: &none,
    }
    .on(&p)
    .unwrap();
    assert_eq!(
        c,
        PartitionChange {
            leader: Some(-1),
            isr: Some(vec![2, 3]),
            replicas: Some(vec![2, 3]),
            removing: Some(vec![]),
            adding: Some(vec![]),
            ..Default::default()
        }
    );
}

/// Ports ReplicationControlManagerTest#testPreferredElectionDoesNotTriggerUncleanElection (ELR
/// off): the ISR down to its last member b0, which is fenced too (kept in the ISR, leaderless); a
/// live replica outside the ISR (b1, restarted and unfenced) is not elected by the unfencing
/// (`handleBrokerUnfenced`: an ONLINE election) nor by a preferred election (`electPreferredLeader`
/// never elects uncleanly): PREFERRED_LEADER_NOT_AVAILABLE and no record. An unclean election
/// (`electLeader` with UNCLEAN) elects b1: ISR [1], RECOVERING.
#[test]
fn kraft_preferred_election_does_not_trigger_an_unclean_election() {
    let pairs: Vec<(String, Value)> = vec![
        ("version".into(), Value::Str("4.0".into())),
        ("brokers".into(), Value::Num(3.0)),
        ("replicationFactor".into(), Value::Num(3.0)),
        ("partitions".into(), Value::Num(1.0)),
    ];
    let mut c = Cluster::from_pairs(&pairs).unwrap();
    let crash = FailKind::Crash { lossy: false };
    c.fail(1, crash).unwrap();
    c.fail(2, crash).unwrap();
    step_until(&mut c, 300, "ISR {0}", |c| c.zk.partitions[0].isr == [0]);
    c.fail(0, crash).unwrap();
    step_until(&mut c, 300, "p0 leaderless", |c| c.zk.partitions[0].leader == -1);
    c.recover(1).unwrap();
    step_until(&mut c, 100, "b1 unfenced", |c| !c.kraft.as_ref().unwrap().committed_registrations[&1].fenced);
    c.step(5).unwrap();
    assert_eq!((c.zk.partitions[0].leader, c.zk.partitions[0].isr.clone()), (-1, vec![0]), "unfencing b1 elects no one");
    let end = |c: &Cluster| c.kraft.as_ref().unwrap().shown_voter().log_end_offset();
    let before = end(&c);
    assert_eq!(elect_preferred(&mut c), Some("PREFERRED_LEADER_NOT_AVAILABLE"));
    assert_eq!(end(&c), before, "no record");
    assert_eq!(c.elect_leaders(ElectionType::Unclean, Some(vec![0])).unwrap()[0].error, None);
    step_until(&mut c, 20, "b1 leads", |c| c.zk.partitions[0].leader == 1);
    assert_eq!((c.zk.partitions[0].isr.clone(), c.zk.partitions[0].recovering), (vec![1], true));
}

// ---- the KRaft quorum (raft/src/test/java/org/apache/kafka/raft/) ----------------------------

/// A 4.2 cluster with a fixed one-tick latency, so a request sent now is handled next tick.
fn quorum_cluster() -> Cluster {
    quorum_cluster_of(3)
}

fn voter(c: &Cluster, id: BrokerId) -> &Voter {
    &c.kraft.as_ref().unwrap().voters[(id - 3000) as usize]
}

fn voter_mut(c: &mut Cluster, id: BrokerId) -> &mut Voter {
    &mut c.kraft.as_mut().unwrap().voters[(id - 3000) as usize]
}

/// `RaftClientTestContext.deliverRequest` / `deliverResponse`: `msg` from `from` handled by `to` next tick.
fn deliver(c: &mut Cluster, from: BrokerId, to: BrokerId, msg: Msg) {
    c.network.send(&mut Rng::new(7), c.tick, (1, 1), from as NodeId, to as NodeId, msg);
    c.step(1).unwrap();
}

/// `RaftClientTestContext.deliverRequest(voteRequest(epoch, from, lastEpoch, endOffset))` at
/// voter `to`, with a log as long as its own (up to date), then `assertSentVoteResponse`: the
/// answer `to` sent, as (voteGranted, epoch, leaderId).
fn vote_request(c: &mut Cluster, from: BrokerId, to: BrokerId, epoch: u32, pre_vote: bool) -> (bool, u32, Option<BrokerId>) {
    let v = voter(c, to);
    let (last_epoch, end_offset) = (v.log.last().map_or(0, |e| e.epoch), v.log.len() as u64);
    let msg = Msg::Kraft(KraftMsg::Vote { candidate: from, epoch, last_epoch, end_offset, pre_vote });
    deliver(c, from, to, msg);
    let answer = c.network.in_flight().filter(|e| e.from == to as NodeId && e.to == from as NodeId).find_map(|e| match e.msg {
        Msg::Kraft(KraftMsg::VoteResponse { epoch, leader, granted, pre_vote: p, .. }) if p == pre_vote => Some((granted, epoch, leader)),
        _ => None,
    });
    answer.expect("a VoteResponse")
}

/// Ports KafkaRaftClientPreVoteTest#testFollowerGrantsPreVoteIfHasNotFetchedYet and
/// #testHandlePreVoteRequestAsFollower (hasFetchedFromLeader true and false), after
/// `FollowerState.canGrantVote`: `isPreVote && !hasFetchedFromLeader && isLogUpToDate`. A follower
/// refuses pre-votes once a fetch from its leader succeeded in its epoch, not only while its fetch
/// timeout runs; one restarted from its quorum-state, not having fetched yet, grants them; a
/// pre-vote of a newer epoch makes it unattached in that epoch, its vote unspent.
#[test]
fn a_follower_grants_pre_votes_until_it_has_fetched_from_its_leader() {
    let mut c = quorum_cluster();
    c.step(10).unwrap();
    assert_eq!(vote_request(&mut c, 3002, 3001, 1, true), (false, 1, Some(3000)), "it has fetched from 3000");
    c.fail(3001, FailKind::Crash { lossy: false }).unwrap();
    c.step(5).unwrap();
    c.recover(3001).unwrap();
    assert_eq!((voter(&c, 3001).state, voter(&c, 3001).leader), (RaftState::Follower, Some(3000)));
    assert_eq!(vote_request(&mut c, 3002, 3001, 1, true), (true, 1, Some(3000)), "it has not fetched since it restarted");
    let v = voter(&c, 3001);
    assert_eq!((v.state, v.epoch, v.leader), (RaftState::Follower, 1, Some(3000)), "a pre-vote changes nothing");
    step_until(&mut c, 10, "a fetch from 3000", |c| voter(c, 3001).fetched_from_leader);
    assert_eq!(vote_request(&mut c, 3002, 3001, 1, true), (false, 1, Some(3000)), "after fetching from its leader");
    assert_eq!(vote_request(&mut c, 3002, 3001, 2, true), (true, 2, None), "a pre-vote of a newer epoch");
    let v = voter(&c, 3001);
    assert_eq!((v.state, v.epoch, v.voted_for), (RaftState::Unattached, 2, None));
}

/// Ports KafkaRaftClientPreVoteTest#testHandlePreVoteRequestAsResigned (`ResignedState.canGrantPreVote`:
/// `isLogUpToDate`): a leader that resigned (check quorum, cut off from the other voters) grants a
/// pre-vote of its epoch from a voter whose log is up to date, staying resigned; a pre-vote of a
/// newer epoch makes it unattached in that epoch. A standard vote of its epoch it never grants
/// (`ResignedState.canGrantVote`).
#[test]
fn a_resigned_leader_grants_pre_votes_in_its_epoch() {
    let mut c = quorum_cluster();
    c.step(10).unwrap();
    c.fail(3000, FailKind::Isolated { zookeeper: false }).unwrap();
    step_until(&mut c, 60, "3000 resigns", |c| voter(c, 3000).state == RaftState::Resigned);
    c.recover(3000).unwrap();
    let epoch = voter(&c, 3000).epoch;
    assert!(!vote_request(&mut c, 3001, 3000, epoch, false).0, "no standard vote in its own epoch");
    assert!(vote_request(&mut c, 3001, 3000, epoch, true).0, "a pre-vote with an up-to-date log");
    assert_eq!((voter(&c, 3000).state, voter(&c, 3000).epoch), (RaftState::Resigned, epoch));
    assert_eq!(vote_request(&mut c, 3001, 3000, epoch + 1, true), (true, epoch + 1, None));
    assert_eq!((voter(&c, 3000).state, voter(&c, 3000).epoch), (RaftState::Unattached, epoch + 1));
}

/// Ports ProspectiveStateTest#testGrantVoteWithLeader and #testGrantVote
/// (`QuorumState.unattachedOrProspectiveCanGrantVote`: "If the leader id is known it should behave
/// similar to the follower state"): a prospective that timed out on its leader keeps that leader
/// and refuses standard votes of its epoch, granting pre-votes; without a leader it grants the
/// vote.
#[test]
fn a_prospective_that_knows_its_leader_refuses_votes() {
    for leader in [Some(3000), None] {
        let mut c = quorum_cluster();
        c.step(10).unwrap();
        let timer = c.tick + 100;
        let v = voter_mut(&mut c, 3002);
        (v.state, v.leader, v.voted_for, v.timer) = (RaftState::Prospective, leader, None, timer);
        let epoch = v.epoch;
        assert!(vote_request(&mut c, 3001, 3002, epoch, true).0, "leader {leader:?}: a pre-vote");
        let granted = vote_request(&mut c, 3001, 3002, epoch, false).0;
        assert_eq!(granted, leader.is_none(), "leader {leader:?}: a standard vote");
        assert_eq!(voter(&c, 3002).voted_for, if leader.is_none() { Some(3001) } else { None });
    }
}

/// Ports QuorumStateTest#testUnattachedToUnattached ("Verify that the election timer does not get
/// reset", `QuorumState.transitionToUnattached`: a candidate, unattached, prospective or resigned
/// voter keeps `remainingElectionTimeMs`): a candidate that sees a newer epoch in a vote request
/// (a pre-vote: no vote spent, which would draw a new one) is unattached in it with the election
/// timeout it had.
#[test]
fn a_candidate_moved_to_a_newer_epoch_keeps_its_election_timeout() {
    let mut c = quorum_cluster();
    c.step(10).unwrap();
    let timer = c.tick + 15;
    let v = voter_mut(&mut c, 3002);
    (v.state, v.epoch, v.leader, v.voted_for, v.timer) = (RaftState::Candidate, 2, None, Some(3002), timer);
    assert!(vote_request(&mut c, 3001, 3002, 3, true).0);
    let v = voter(&c, 3002);
    assert_eq!((v.state, v.epoch, v.timer), (RaftState::Unattached, 3, timer));
}

/// `KafkaRaftClient.maybeHandleElectionLoss` and `pollCandidate` (a candidate whose vote a majority
/// rejected "will backoff before retrying election again": `candidate.startBackingOff(currentTimeMs,
/// binaryExponentialElectionBackoffMs(candidate.retries()))`, then `transitionToProspective` once
/// `isBackoffComplete`): after its first lost election (retries 1) it backs off 0 or 100 ms
/// (RETRY_BACKOFF_BASE_MS × random.nextInt(2)), not its election timeout, and asks for pre-votes
/// again in its epoch.
#[test]
fn a_rejected_candidate_backs_off_then_goes_prospective() {
    let mut c = quorum_cluster();
    c.step(10).unwrap();
    let timer = c.tick + 100;
    let v = voter_mut(&mut c, 3002);
    (v.state, v.epoch, v.leader, v.voted_for, v.timer, v.retries) = (RaftState::Candidate, 2, None, Some(3002), timer, 1);
    v.granted = vec![3002];
    for from in [3000, 3001] {
        let refusal = KraftMsg::VoteResponse { voter: from, epoch: 2, leader: None, granted: false, pre_vote: false };
        deliver(&mut c, from, 3002, Msg::Kraft(refusal));
    }
    step_until(&mut c, 2, "3002 prospective", |c| voter(c, 3002).state == RaftState::Prospective);
    assert_eq!(voter(&c, 3002).epoch, 2);
}

/// `quorum_cluster` with `n` controller voters.
fn quorum_cluster_of(n: u32) -> Cluster {
    let pairs: Vec<(String, Value)> = vec![
        ("version".into(), Value::Str("4.2".into())),
        ("brokers".into(), Value::Num(3.0)),
        ("partitions".into(), Value::Num(1.0)),
        ("controllerQuorumVoters".into(), Value::Num(f64::from(n))),
        ("networkLatencyMsMin".into(), Value::Num(100.0)),
        ("networkLatencyMsMax".into(), Value::Num(100.0)),
    ];
    Cluster::from_pairs(&pairs).unwrap()
}

/// `RaftClientTestContext.fetchRequest(epoch, replicaKey, fetchOffset, lastFetchedEpoch, 0)` from
/// voter `from` to `leader`: at the leader's log end (a valid fetch), or one past it (diverging).
fn voter_fetch(c: &mut Cluster, from: BrokerId, leader: BrokerId, valid: bool) {
    let v = voter(c, leader);
    let (epoch, end, last) = (v.epoch, v.log.len() as u64, v.log.last().map_or(0, |e| e.epoch));
    let fetch_offset = if valid { end } else { end + 1 };
    deliver(c, from, leader, Msg::Kraft(KraftMsg::QuorumFetch { replica: from, epoch, fetch_offset, last_fetched_epoch: last }));
}

/// Ports KafkaRaftClientTest#testLeaderShouldResignLeadershipIfNotGetFetchRequestFromMajorityVoters
/// with 5 voters, where `LeaderState.updateCheckQuorumForFollowingVoter` differs from "a majority
/// fetched within the last 1.5 × fetch timeout": `fetchedVoters` collects the voters that fetched
/// since the last reset, and `checkQuorumTimer` is reset only once they are a majority with the
/// leader (`if (fetchedVoters.size() >= majority) { fetchedVoters.clear(); ... reset(checkQuorumTimeoutMs) }`);
/// `pollLeader` resigns when `timeUntilCheckQuorumExpires` is 0. One voter fetching again does not
/// reset it; a second one does, and the leader keeps the leadership a whole timeout from then.
#[test]
fn check_quorum_resets_its_timer_once_a_majority_has_fetched() {
    let mut c = quorum_cluster_of(5);
    c.step(10).unwrap();
    for id in 3001..=3004 {
        c.fail(id, FailKind::Crash { lossy: false }).unwrap();
    }
    voter_fetch(&mut c, 3001, 3000, true);
    voter_fetch(&mut c, 3002, 3000, true);
    let timeout = 30; // CHECK_QUORUM_TIMEOUT_MS 3000 in 100 ms ticks
    let (reset, timer) = (c.tick, voter(&c, 3000).check_quorum_timer);
    assert!(voter(&c, 3000).fetched_voters.is_empty() && timer >= reset + timeout - 1, "reset by 3001 and 3002");
    c.step(4).unwrap();
    voter_fetch(&mut c, 3001, 3000, true);
    assert_eq!(
        (voter(&c, 3000).check_quorum_timer, voter(&c, 3000).fetched_voters.clone()),
        (timer, vec![3001]),
        "one voter is no majority"
    );
    step_until(&mut c, 30, "a tick before the timer", |c| c.tick + 3 >= timer);
    voter_fetch(&mut c, 3002, 3000, true);
    let timer = voter(&c, 3000).check_quorum_timer;
    assert!(voter(&c, 3000).fetched_voters.is_empty() && timer >= c.tick + timeout - 1, "3001 then 3002: reset");
    // 3001's last fetch is now more than 3 s old, 3002's recent: still the leader until the timer.
    step_until(&mut c, 40, "the tick before the timer", |c| c.tick + 1 >= timer);
    assert_eq!(voter(&c, 3000).state, RaftState::Leader);
    step_until(&mut c, 3, "3000 resigns", |c| voter(c, 3000).state == RaftState::Resigned);
}

/// `KafkaRaftClient.tryCompleteFetchRequest` calls `state.updateReplicaState` (fetch offset, last
/// fetch time, `updateCheckQuorumForFollowingVoter`) only `if (validOffsetAndEpoch.kind() ==
/// ValidOffsetAndEpoch.Kind.VALID)`: a diverging fetch is answered with the diverging epoch but
/// neither renews the voter's last fetch nor counts for check quorum.
#[test]
fn a_diverging_fetch_is_not_a_fetch_for_check_quorum() {
    let mut c = quorum_cluster();
    c.step(10).unwrap();
    c.fail(3001, FailKind::Crash { lossy: false }).unwrap();
    c.fail(3002, FailKind::Crash { lossy: false }).unwrap();
    let (timer, last) = (voter(&c, 3000).check_quorum_timer, voter(&c, 3000).progress.get(&3001).unwrap().last_fetch);
    while c.tick + 2 < timer {
        voter_fetch(&mut c, 3001, 3000, false);
    }
    let v = voter(&c, 3000);
    assert_eq!((v.check_quorum_timer, v.progress.get(&3001).unwrap().last_fetch), (timer, last));
    step_until(&mut c, 4, "3000 resigns", |c| voter(c, 3000).state == RaftState::Resigned);
}

/// Ports KafkaRaftClientTest#testBeginQuorumEpochHeartbeat (`maybeSendBeginQuorumEpochRequests`,
/// `LeaderState.needToSendBeginQuorumRequests`: `currentTimeMs - state.lastFetchTimestamp >=
/// beginQuorumEpochTimeoutMs`, fetch timeout / 2): the leader sends BeginQuorumEpoch again every
/// 1 s to the voters that have not fetched for that long, none in between, and none to a voter
/// that fetched.
#[test]
fn the_leader_resends_begin_quorum_epoch_to_voters_that_have_not_fetched() {
    // The BeginQuorumEpoch requests 3000 sent since `seen`, by (tick sent, voter).
    let begin_sent = |c: &Cluster, seen: &mut Vec<u64>| -> Vec<(u64, BrokerId)> {
        let mut sent: Vec<(u64, BrokerId)> = Vec::new();
        for e in c.network.in_flight() {
            if e.from == 3000 && matches!(e.msg, Msg::Kraft(KraftMsg::BeginQuorumEpoch { .. })) && !seen.contains(&e.seq) {
                seen.push(e.seq);
                sent.push((e.sent_at, e.to as BrokerId));
            }
        }
        sent.sort_unstable();
        sent
    };
    let mut c = quorum_cluster();
    c.step(10).unwrap();
    c.fail(3001, FailKind::Crash { lossy: false }).unwrap();
    c.fail(3002, FailKind::Crash { lossy: false }).unwrap();
    let (mut seen, mut sends) = (Vec::new(), Vec::<(u64, Vec<BrokerId>)>::new());
    for _ in 0..25 {
        c.step(1).unwrap();
        for (at, to) in begin_sent(&c, &mut seen) {
            match sends.last_mut() {
                Some((t, v)) if *t == at => v.push(to),
                _ => sends.push((at, vec![to])),
            }
        }
    }
    assert!(sends.len() >= 2, "{sends:?}");
    assert!(sends.iter().all(|(_, to)| to == &vec![3001, 3002]), "{sends:?}");
    assert!(sends.windows(2).all(|w| w[1].0 - w[0].0 == 10), "every fetch timeout / 2: {sends:?}");
    // A voter that fetched within the last second gets none.
    let next = sends.last().unwrap().0 + 10;
    step_until(&mut c, 10, "the tick before the next send", |c| c.tick + 3 >= next);
    voter_fetch(&mut c, 3001, 3000, true);
    let mut to = Vec::new();
    for _ in 0..4 {
        c.step(1).unwrap();
        to.extend(begin_sent(&c, &mut seen).into_iter().map(|(_, v)| v));
    }
    assert_eq!(to, vec![3002]);
}

/// Ports KafkaRaftClientTest#testElectionTimeoutAfterUserInitiatedResign ("Any `Fetch` received in
/// the resigned state should result in a NOT_LEADER error": `assertSentFetchPartitionResponse(
/// Errors.NOT_LEADER_OR_FOLLOWER, resignedEpoch, OptionalInt.of(localId))`): `ResignedState.election()`
/// is `ElectionState.withElectedLeader(epoch, localId, voters)`, so a resigned leader's Fetch and
/// Vote answers name itself as the leader of its epoch.
#[test]
fn a_resigned_leader_names_itself_as_leader_in_its_answers() {
    use kafka_replication::message::KafkaError;
    let mut c = quorum_cluster();
    c.step(10).unwrap();
    c.fail(3000, FailKind::Isolated { zookeeper: false }).unwrap();
    step_until(&mut c, 60, "3000 resigns", |c| voter(c, 3000).state == RaftState::Resigned);
    c.recover(3000).unwrap();
    let epoch = voter(&c, 3000).epoch;
    assert_eq!(vote_request(&mut c, 3001, 3000, epoch, true), (true, epoch, Some(3000)), "a pre-vote's answer");
    let fetch = KraftMsg::QuorumFetch { replica: 3001, epoch, fetch_offset: 0, last_fetched_epoch: 0 };
    deliver(&mut c, 3001, 3000, Msg::Kraft(fetch));
    let answer = c.network.in_flight().find_map(|e| match &e.msg {
        Msg::Kraft(KraftMsg::QuorumFetchResponse(r)) if e.from == 3000 && e.to == 3001 => Some((r.error, r.epoch, r.leader)),
        _ => None,
    });
    assert_eq!(answer, Some((Some(KafkaError::NotLeaderOrFollower), epoch, Some(3000))));
}
