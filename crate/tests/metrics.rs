//! The snapshot's operator metrics (issue #19), each checked on a case where it differs from the
//! others and from the naive reading: a crashed follower is under-replicated on its leader's broker
//! only; a controller's ISR change is not an IsrShrink; a crashed leader's partitions are counted by
//! nobody until the controller knows; ActiveControllerCount moves on failover.

use kafka_replication::faults::FailKind;
use kafka_replication::metrics::{MetricsSample, MetricsView, METRICS_HISTORY_MAX, RATE_WINDOW_TICKS};
use kafka_replication::scenario::Script;
use kafka_replication::Cluster;

fn play(script: &str) -> Cluster {
    Script::parse(script).unwrap().run().unwrap().0
}

fn metrics(c: &Cluster) -> MetricsView {
    c.snapshot_with_history(0, 0, METRICS_HISTORY_MAX as u64).metrics
}

/// Per broker (id order): (UnderReplicatedPartitions, UnderMinIsrPartitionCount), None when down.
fn per_broker(m: &MetricsView) -> Vec<Option<(u32, u32)>> {
    m.brokers.iter().map(|b| b.under_replicated_partitions.zip(b.under_min_isr_partition_count)).collect()
}

fn active(m: &MetricsView) -> Vec<Option<u32>> {
    m.controllers.iter().map(|c| c.active_controller_count).collect()
}

#[test]
fn a_quiet_cluster_reports_nothing_wrong() {
    let c = play("config version=2.8 brokers=4 partitions=3\nstep 5");
    let m = metrics(&c);
    let n = &m.now;
    assert_eq!((n.under_replicated_partitions, n.under_min_isr_partition_count, n.offline_partitions_count), (0, 0, 0));
    assert_eq!(n.active_controller_count, 1);
    assert_eq!((n.isr_shrinks_per_sec, n.isr_expands_per_sec, n.unclean_leader_elections_per_sec), (0.0, 0.0, 0.0));
    assert_eq!(m.rate_window_ms, 10_000);
    // Only the oldest sample: nothing changed since.
    assert_eq!(m.history.len(), 1);
    assert_eq!(m.history[0].tick, 0);
    assert_eq!(c.snapshot().metrics.history, Vec::new(), "the history is opt-in");
}

/// A crashed follower: UnderReplicatedPartitions 1 on the leader's broker alone (the follower's
/// broker reports nothing), and the controller removed it from the ISR (its ZooKeeper session
/// expired), which is not the leader's IsrShrink.
#[test]
fn a_crashed_follower_is_under_replicated_on_the_leaders_broker() {
    let c = play("config version=2.8 brokers=3 partitions=1 replicationFactor=3\nfail 2\nstep until p0.isr == [0,1] max 400\nstep 10");
    let m = metrics(&c);
    assert_eq!(per_broker(&m), vec![Some((1, 0)), Some((0, 0)), None]);
    assert_eq!(m.now.under_replicated_partitions, 1);
    assert_eq!((m.isr_shrinks_count, m.isr_expands_count), (0, 0), "the controller's ISR change is not a leader's shrink");
}

/// min.insync.replicas=3 with RF 3: one follower gone puts the partition under min ISR on its
/// leader; min.insync.replicas=2 does not.
#[test]
fn under_min_isr_counts_leaders_whose_isr_is_below_min_insync_replicas() {
    for (min, expected) in [(3, 1), (2, 0)] {
        let c = play(&format!(
            "config version=2.8 brokers=3 partitions=1 replicationFactor=3 minInsyncReplicas={min}\nfail 2\nstep until p0.isr == [0,1] max 400\nstep 10"
        ));
        let m = metrics(&c);
        assert_eq!(per_broker(&m)[0], Some((1, expected)), "minInsyncReplicas={min}");
        assert_eq!(m.now.under_min_isr_partition_count, expected);
    }
}

/// A cut link keeps the follower's ZooKeeper session: the leader itself shrinks the ISR after
/// replica.lag.time.max.ms (one IsrShrink), and adds it back once the link heals (one
/// IsrExpand). Each reads 1 per 10 s window: 0.1/s, then 0 once the window has passed.
#[test]
fn the_leaders_shrink_and_expand_are_counted() {
    let mut c = play("config version=2.8 brokers=3 partitions=1 replicationFactor=3\ncut 0 2\nstep until p0.isr == [0,1] max 600\nstep 10");
    let m = metrics(&c);
    assert_eq!((m.isr_shrinks_count, m.isr_expands_count), (1, 0));
    assert!((m.now.isr_shrinks_per_sec - 0.1).abs() < 1e-9, "{}", m.now.isr_shrinks_per_sec);
    assert_eq!(per_broker(&m)[0], Some((1, 0)));
    c.heal(0, 2).unwrap();
    for _ in 0..400 {
        c.step(1).unwrap();
        if c.snapshot_with(0, 0).partitions[0].isr.len() == 3 {
            break;
        }
    }
    // The leader counts the expansion when the controller's answer reaches it.
    c.step(10).unwrap();
    let m = metrics(&c);
    assert_eq!((m.isr_shrinks_count, m.isr_expands_count), (1, 1));
    assert!((m.now.isr_expands_per_sec - 0.1).abs() < 1e-9);
    assert_eq!(m.now.under_replicated_partitions, 0);
    c.step(RATE_WINDOW_TICKS).unwrap();
    let m = metrics(&c);
    assert_eq!((m.now.isr_shrinks_per_sec, m.now.isr_expands_per_sec), (0.0, 0.0));
    assert_eq!((m.isr_shrinks_count, m.isr_expands_count), (1, 1), "the counts stay");
    // The chart's window shows the expansion's 10 s; its samples are the changes only.
    assert!(m.history.iter().any(|s| s.isr_expands_per_sec > 0.0));
    for w in m.history.windows(2) {
        assert!(w[0].tick < w[1].tick);
        assert_ne!(MetricsSample { tick: w[1].tick, ..w[0] }, w[1], "a sample that changes nothing is left out");
    }
    assert_eq!(m.history[0].tick, c.tick - METRICS_HISTORY_MAX as u64 + 1, "the oldest tick of the window");
}

/// Every replica of p0 dies: nobody leads it. Until the controller knows (the ZooKeeper sessions
/// expire) it is counted neither as under-replicated (its leader is down) nor as offline; then
/// OfflinePartitionsCount says 1.
#[test]
fn a_partition_whose_replicas_all_died_is_offline_once_the_controller_knows() {
    let mut c = play("config version=2.8 brokers=4 partitions=1 replicationFactor=3\nfail 0\nfail 1\nfail 2\nstep 1");
    let m = metrics(&c);
    assert_eq!((m.now.under_replicated_partitions, m.now.offline_partitions_count), (0, 0));
    for _ in 0..400 {
        c.step(1).unwrap();
        if metrics(&c).now.offline_partitions_count == 1 {
            break;
        }
    }
    let m = metrics(&c);
    assert_eq!(m.now.offline_partitions_count, 1);
    assert_eq!(c.snapshot_with(0, 0).partitions[0].leader, -1);
    assert_eq!(active(&m), vec![None, None, None, Some(1)], "b3, the only broker left, is the controller");
}

/// ZooKeeper mode: the broker holding /controller reports 1; when it crashes nobody does until its
/// session expires and another broker wins the election.
#[test]
fn active_controller_count_moves_with_the_controller() {
    let mut c = play("config version=2.8 brokers=3 partitions=1\nstep 1");
    let first = c.zk.controller.unwrap();
    let m = metrics(&c);
    assert_eq!(m.now.active_controller_count, 1);
    assert_eq!(active(&m)[first as usize], Some(1));
    c.fail(first, FailKind::Crash { lossy: false }).unwrap();
    c.step(1).unwrap();
    assert_eq!(metrics(&c).now.active_controller_count, 0, "the crashed controller reports nothing");
    for _ in 0..400 {
        c.step(1).unwrap();
        if c.zk.controller.is_some_and(|b| b != first) {
            break;
        }
    }
    let next = c.zk.controller.unwrap();
    assert_ne!(next, first);
    let m = metrics(&c);
    assert_eq!(m.now.active_controller_count, 1);
    assert_eq!(active(&m)[next as usize], Some(1));
    assert!(m.history.iter().any(|s| s.active_controller_count == 0), "the chart shows the gap");
}

/// KRaft (4.2): the active controller is a voter; its crash moves the count to the new leader once
/// it has claimed its epoch. Brokers are not controllers here.
#[test]
fn kraft_active_controller_count_is_the_active_voters() {
    let c = play("config version=4.2 brokers=3 partitions=1\nstep 50");
    let m = metrics(&c);
    assert_eq!(m.controllers.iter().map(|c| c.id).collect::<Vec<_>>(), vec![3000, 3001, 3002]);
    assert_eq!(m.now.active_controller_count, 1);
    assert_eq!(m.unclean_leader_elections_count, 0, "the topic's creation elects no one uncleanly");
    let first = m.controllers.iter().find(|c| c.active_controller_count == Some(1)).unwrap().id;
    let c = play(&format!(
        "config version=4.2 brokers=3 partitions=1\nstep 50\nfail {first} crash\nstep until quorum.leader != {first} max 200\nstep 50"
    ));
    let m = metrics(&c);
    assert_eq!(m.now.active_controller_count, 1);
    let next = m.controllers.iter().find(|c| c.active_controller_count == Some(1)).unwrap().id;
    assert_ne!(next, first);
    assert_eq!(m.controllers.iter().find(|c| c.id == first).unwrap().active_controller_count, None);
}

/// Unclean election on (ZooKeeper mode): the followers are cut off and leave the ISR, the leader
/// dies, the controller elects b1 from outside the ISR: one unclean election.
#[test]
fn an_unclean_election_is_counted() {
    let c = play(
        "config version=2.8 brokers=3 partitions=1 replicationFactor=3 uncleanLeaderElectionEnable=true\ncut 0 1\ncut 0 2\nstep until p0.isr == [0] max 600\nstep 10\nfail 0\nstep until p0.leader == 1 max 600\nstep 1",
    );
    let m = metrics(&c);
    assert_eq!(m.unclean_leader_elections_count, 1);
    assert!((m.now.unclean_leader_elections_per_sec - 0.1).abs() < 1e-9);
    assert_eq!(m.isr_shrinks_count, 1, "the leader shrank the ISR once, both followers at a time");
}

/// A clean failover (an ISR member elected) is not unclean.
#[test]
fn a_clean_election_is_not_counted() {
    let c = play("config version=2.8 brokers=3 partitions=1 replicationFactor=3\nfail 0\nstep until p0.leader == 1 max 600\nstep 1");
    assert_eq!(metrics(&c).unclean_leader_elections_count, 0);
}

/// KRaft's last known leader (ISR and ELR empty) is elected even with unclean election off, and
/// counted as unclean (lesson k5).
#[test]
fn kraft_last_known_leader_election_is_unclean() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/lessons/k5-kraft-last-known-leader.txt")).unwrap();
    let c = play(&text);
    assert_eq!(metrics(&c).unclean_leader_elections_count, 1);
}

/// KRaft's ELR election (KIP-966) is clean (lesson k4).
#[test]
fn kraft_elr_election_is_clean() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/lessons/k4-kraft-elr.txt")).unwrap();
    let c = play(&text);
    assert_eq!(metrics(&c).unclean_leader_elections_count, 0);
}

/// The metrics come from the state, not the event feed: a quiet replay (the page seeking from a
/// checkpoint) reaches the same values and history.
#[test]
fn a_quiet_replay_reaches_the_same_metrics() {
    let run = |quiet: bool| {
        let mut c =
            play("config version=2.8 brokers=3 partitions=1 replicationFactor=3 uncleanLeaderElectionEnable=true\ncut 0 1\ncut 0 2");
        for _ in 0..80 {
            if quiet {
                c.step_quiet(10).unwrap();
            } else {
                c.step(10).unwrap();
            }
            if c.tick == 500 {
                c.fail(0, FailKind::Crash { lossy: false }).unwrap();
            }
        }
        serde_json::to_string(&metrics(&c)).unwrap()
    };
    let loud = run(false);
    assert!(loud.contains("\"uncleanLeaderElectionsCount\":1"), "{loud}");
    assert_eq!(run(true), loud);
}
