//! The snapshot says what the rules decide (issue #13): each field is checked on a case where the
//! naive rule a view might re-derive ("HW = min LEO over the ISR", "committed = below the current
//! leader's HW", …) and Kafka's differ.

use kafka_replication::faults::FailKind;
use kafka_replication::message::Acks;
use kafka_replication::scenario::Script;
use kafka_replication::snapshot::{PartitionView, Snapshot};
use kafka_replication::{Cluster, ProduceArgs};

fn play(script: &str) -> Cluster {
    Script::parse(script).unwrap().run().unwrap().0
}

fn p0(s: &Snapshot) -> &PartitionView {
    &s.partitions[0]
}

fn follower_leo(p: &PartitionView, b: u32) -> i64 {
    p.logs.iter().find(|l| l.broker == b).and_then(|l| l.follower.as_ref()).map_or(-1, |f| f.leo)
}

/// 0.11 (KAFKA-4485): a follower outside the ISR that caught up within replica.lag.time.max.ms
/// holds the HW. A slow B2 (3 s each way) keeps leaving the ISR yet catching up to the LEO the
/// leader had at its previous fetch: the HW waits for B2, below B1's LEO — "min LEO over the
/// ISR" would have named B1, or nobody.
#[test]
fn hw_waits_for_a_caught_up_follower_outside_the_isr() {
    let mut c = play("config version=0.11 brokers=4 partitions=3 zookeeperSessionTimeoutMs=600000\nfail 2 slow delayMs=3000");
    for _ in 0..600 {
        c.produce(ProduceArgs::new(0, 1, Acks::One)).unwrap();
        c.step(1).unwrap();
        let s = c.snapshot_with(0, 0);
        let p = p0(&s);
        if p.isr.contains(&2) || !p.hw_waiting_for.contains(&2) {
            continue;
        }
        let b2 = p.hw_counted.iter().find(|h| h.broker == 2).expect("B2 counts for the HW");
        assert_eq!(b2.why, "caught-up");
        assert!(b2.leo < follower_leo(p, 1), "B2's LEO {} is below ISR member B1's {}", b2.leo, follower_leo(p, 1));
        assert_eq!(p.hw_waiting_for, vec![2]);
        assert_eq!(p.logs.iter().find(|l| l.broker == 2).unwrap().out_of_isr, Some("lag-time"));
        return;
    }
    panic!("B2 never held the HW from outside the ISR");
}

/// The quorum strategy: the HW is the LEO a majority has reached. With B2 stuck and still in the
/// ISR, the HW reaches the leader's LEO as soon as B1 has the records.
#[test]
fn quorum_hw_waits_for_a_majority_not_the_isr() {
    let mut c = play(
        "config version=0.11 brokers=3 partitions=1 replicationFactor=3 strategy=quorum networkLatencyMsMin=100 networkLatencyMsMax=100\nfail 1 stuck\nfail 2 stuck\nproduce count=5 acks=all\nstep 3",
    );
    let s = c.snapshot();
    assert_eq!((p0(&s).hw, p0(&s).hw_quorum), (0, Some(2)));
    assert_eq!(p0(&s).hw_waiting_for, vec![1, 2], "both at LEO 0: one more replica makes the majority");
    assert!(p0(&s).hw_counted.iter().all(|h| h.why == "quorum"));
    c.recover(1).unwrap();
    c.step(10).unwrap();
    let s = c.snapshot();
    let p = p0(&s);
    assert_eq!(p.hw, 5);
    assert!(p.isr.contains(&2), "B2 is still in the ISR");
    assert!(p.hw_waiting_for.is_empty(), "the majority {{0,1}} has every record");
    assert_eq!(p.writes_blocked, None);
}

/// 2.7+ (KIP-497): while an AlterPartition adding a follower is in flight, the HW counts it (the
/// maximal ISR), although the ISR in ZooKeeper does not have it yet.
#[test]
fn hw_counts_the_maximal_isr_during_an_alter_partition() {
    let mut c = play(
        "config version=2.8 brokers=3 partitions=1 replicationFactor=3 networkLatencyMsMin=100 networkLatencyMsMax=100 zookeeperSessionTimeoutMs=600000\nfail 2 stuck\nproduce count=1 acks=1\nstep until p0.isr == [0,1] max 600\nrecover 2",
    );
    for _ in 0..100 {
        c.step(1).unwrap();
        let s = c.snapshot();
        let p = p0(&s);
        if let Some(h) = p.hw_counted.iter().find(|h| h.broker == 2) {
            if !p.isr.contains(&2) {
                assert_eq!(h.why, "maximal-isr");
                return;
            }
        }
    }
    panic!("B2 was never counted through the maximal ISR");
}

/// A leader crash leaves the committed records committed: the crashed leader has no HW to show
/// (`hw` -1), and the new leader may start below, but `committedOffset` stays.
#[test]
fn committed_offset_survives_a_leader_crash() {
    let mut c = play(
        "config version=3.7 brokers=3 partitions=1 replicationFactor=3 networkLatencyMsMin=100 networkLatencyMsMax=100\nproduce count=5 acks=all\nstep until request1.status == acked max 40",
    );
    let s = c.snapshot();
    assert_eq!((p0(&s).hw, p0(&s).committed_offset), (5, 5));
    c.fail(0, FailKind::Crash { lossy: false }).unwrap();
    c.step(1).unwrap();
    let s = c.snapshot();
    assert_eq!(p0(&s).hw, -1, "no live leader, no HW");
    assert_eq!(p0(&s).committed_offset, 5);
    assert_eq!(p0(&s).writes_blocked, Some("LEADER_NOT_RUNNING"));
    assert_eq!(p0(&s).hw_blocked, Some("NO_LEADER"));
    for _ in 0..400 {
        c.step(1).unwrap();
        assert_eq!(p0(&c.snapshot()).committed_offset, 5);
    }
    let s = c.snapshot();
    assert_ne!(p0(&s).leader, 0);
    assert_eq!(p0(&s).logs.iter().find(|l| l.broker == 0).unwrap().out_of_isr, Some("crashed"));
    let acked = &p0(&s).acked;
    assert_eq!((acked.len(), acked[0].offset, acked[0].count, acked[0].acks), (1, 0, 5, Acks::All));
}

/// 3.7 caps min.insync.replicas at the RF (KAFKA-15583); 2.8 rejects every acks=all write.
#[test]
fn min_isr_above_the_rf() {
    let s = play("config version=3.7 minInsyncReplicas=4\nstep 1").snapshot();
    assert_eq!((p0(&s).min_isr, p0(&s).writes_blocked), (3, None));
    let s = play("config version=2.8 minInsyncReplicas=4\nstep 1").snapshot();
    assert_eq!((p0(&s).min_isr, p0(&s).writes_blocked), (4, Some("NOT_ENOUGH_REPLICAS")));
}

/// 3.7's strict gate: with the ISR below min.insync.replicas the HW is frozen, and the followers
/// that left were removed by the controller when their ZooKeeper sessions expired.
#[test]
fn strict_min_isr_freezes_the_hw() {
    let c = play(
        "config version=3.7 brokers=3 partitions=1 replicationFactor=3 minInsyncReplicas=2\nfail 1 stuck\nfail 2 stuck\nstep until p0.isr == [0] max 400\nstep 5",
    );
    let s = c.snapshot();
    let p = p0(&s);
    assert_eq!((p.writes_blocked, p.hw_blocked), (Some("NOT_ENOUGH_REPLICAS"), Some("STRICT_MIN_ISR")));
    assert!(p.under_replicated);
    for b in [1, 2] {
        assert_eq!(p.logs.iter().find(|l| l.broker == b).unwrap().out_of_isr, Some("zk-session-expired"));
    }
    assert!(s.brokers[1..].iter().all(|b| b.zk_session == "none" && b.session_expires_in_ms == -1));
}

/// KRaft: a paused follower is fenced by the controller (no heartbeat for
/// broker.session.timeout.ms), which removes it from the ISR: not a ZooKeeper session (there is
/// none), nor the leader's lag rule (30 s, not reached).
#[test]
fn kraft_fenced_follower_is_out_of_the_isr_as_fenced() {
    let c =
        play("config version=4.2 brokers=3 partitions=1 replicationFactor=3\nfail 2 stuck\nstep until b2.fenced == yes max 200\nstep 5");
    let s = c.snapshot();
    assert_eq!(p0(&s).isr, vec![0, 1]);
    assert_eq!(p0(&s).logs.iter().find(|l| l.broker == 2).unwrap().out_of_isr, Some("fenced"));
}

/// 0.8's message-count rule (a batch of 5000 records puts both followers 5000 behind at the
/// check), and a replica added by reassignment.
#[test]
fn out_of_isr_reasons() {
    let mut c = play(
        "config version=0.8 brokers=4 partitions=1 replicationFactor=3 networkLatencyMsMin=100 networkLatencyMsMax=100\nstep 98\nproduce count=5000 acks=1\nstep 2",
    );
    let s = c.snapshot();
    assert_eq!(p0(&s).isr, vec![0]);
    for b in [1, 2] {
        assert_eq!(p0(&s).logs.iter().find(|l| l.broker == b).unwrap().out_of_isr, Some("lag-messages"));
    }
    c.add_replica(0, 3).unwrap();
    c.step(1).unwrap();
    let s = c.snapshot();
    assert_eq!(p0(&s).logs.iter().find(|l| l.broker == 3).unwrap().out_of_isr, Some("new-replica"));
}

/// The isr-expiration timer: a stuck follower's `removeInMs` says when the leader removes it, to
/// the tick (0.11 writes the ISR to ZooKeeper at once).
#[test]
fn remove_in_ms_is_when_the_leader_removes_it() {
    let mut c = play(
        "config version=0.11 brokers=3 partitions=1 replicationFactor=3 zookeeperSessionTimeoutMs=600000\nstep 7\nfail 2 stuck\nstep 1",
    );
    let s = c.snapshot();
    let f = p0(&s).logs.iter().find(|l| l.broker == 2).unwrap().follower.as_ref().unwrap();
    let ticks = (f.remove_in_ms / 100) as u64;
    assert!(f.in_isr && ticks > 0, "{}", f.remove_in_ms);
    assert!(p0(&s).next_isr_check_ms > 0 && p0(&s).next_isr_check_ms <= 5000);
    c.step(ticks - 1).unwrap();
    assert!(p0(&c.snapshot()).isr.contains(&2));
    c.step(1).unwrap();
    assert!(!p0(&c.snapshot()).isr.contains(&2));
}

/// A crashed broker's session: "expiring", with the time left, then gone.
#[test]
fn zookeeper_session_countdown() {
    let mut c = play("config version=3.7 brokers=3 partitions=1 replicationFactor=3\nfail 1\nstep 1");
    let s = c.snapshot();
    let left = s.brokers[1].session_expires_in_ms;
    assert_eq!(s.brokers[1].zk_session, "expiring");
    assert!((17_000..=18_000).contains(&left), "{left} of zookeeper.session.timeout.ms 18000 left");
    assert_eq!(s.brokers[0].zk_session, "active");
    c.step(100).unwrap();
    assert_eq!(c.snapshot().brokers[1].session_expires_in_ms, left - 10_000);
    c.step((left / 100) as u64 - 100).unwrap();
    assert_eq!(c.snapshot().brokers[1].zk_session, "none");
}

#[test]
fn cut_links_come_from_the_core() {
    let mut c = play("config brokers=4\ncut 2 0\ncut 1 3");
    assert_eq!(c.snapshot().cut_links, vec![[0, 2], [1, 3]]);
    c.heal(0, 2).unwrap();
    assert_eq!(c.snapshot().cut_links, vec![[1, 3]]);
}

/// The records a truncation removed stay in the snapshot for a few seconds, with the rule.
#[test]
fn truncated_records_are_kept_for_a_while() {
    let mut c = play(
        "config version=0.8 brokers=3 partitions=1 replicationFactor=3 networkLatencyMsMin=100 networkLatencyMsMax=100
produce count=3 acks=all
step until p0.b1.hw == 3 max 40
step until p0.b2.hw == 3 max 40
cut 0 1
produce count=1 acks=1
step until p0.b2.leo == 4 max 20
fail 0
heal 0 1
step until p0.leader == 1 max 100
step until p0.b2.leaderEpoch == 1 max 10",
    );
    let s = c.snapshot();
    let t = &p0(&s).truncated;
    assert_eq!(t.len(), 1, "m4 on b2");
    let leader_leo = p0(&s).logs.iter().find(|l| l.broker == 1).unwrap().leo;
    assert_eq!((p0(&s).hw, leader_leo), (3, 3));
    assert!(p0(&s).hw_waiting_for.is_empty(), "at the leader's LEO the HW waits for nobody, B2's LEO unknown or not");
    assert_eq!((t[0].broker, t[0].offset, t[0].value, t[0].rule), (2, 3, 4, "high-watermark"));
    c.step(kafka_replication::events::TRUNCATED_KEPT_TICKS + 1).unwrap();
    assert!(p0(&c.snapshot()).truncated.is_empty());
}

/// Acknowledged offsets with their acks: adjacent requests with the same acks are one range.
#[test]
fn acked_ranges_with_their_acks() {
    let c = play(
        "config version=3.7 brokers=3 partitions=1 replicationFactor=3 networkLatencyMsMin=100 networkLatencyMsMax=100
produce count=2 acks=1
produce count=3 acks=1
step 10
produce count=1 acks=all
produce count=1 acks=0
step 10",
    );
    let ranges: Vec<(u64, u64, Acks)> = p0(&c.snapshot()).acked.iter().map(|a| (a.offset, a.count, a.acks)).collect();
    assert_eq!(ranges, vec![(0, 5, Acks::One), (5, 1, Acks::All)], "acks=0 is never acknowledged");
    assert!(p0(&c.snapshot_with(0, 0)).acked.is_empty(), "no records shown, no ranges");
}

/// A broker that restarts at once registers again in the tick its old session expires, right
/// after the controller removed it from the ISR (lesson 10, 0.8): the reason is the controller's,
/// not a lag rule — b1 fetched 6 s ago, within replica.lag.time.max.ms.
#[test]
fn a_bounced_broker_left_the_isr_by_its_session() {
    let c = play(
        "config version=0.8 brokers=2 partitions=1 replicationFactor=2 networkLatencyMsMin=100 networkLatencyMsMax=100\nproduce count=1 acks=all\nstep 70\nfail 1\nrecover 1\nstep until p0.isr == [0] max 200",
    );
    let s = c.snapshot();
    assert_eq!(p0(&s).isr, vec![0]);
    assert_eq!(p0(&s).logs.iter().find(|l| l.broker == 1).unwrap().out_of_isr, Some("zk-session-expired"));
}

fn out_of_isr(s: &Snapshot, b: u32) -> Option<&'static str> {
    p0(s).logs.iter().find(|l| l.broker == b).unwrap().out_of_isr
}

/// A controlled shutdown's ISR removal (issue #14) says so: the follower is caught up, so the
/// leader's lag rule would not name it ("lag-time" was inferred), and once the broker has stopped
/// it did not crash. ZooKeeper (`doControlledShutdown`) and KRaft (`handleBrokerInControlledShutdown`).
#[test]
fn controlled_shutdown_is_the_reason_out_of_the_isr() {
    for version in ["2.8", "3.7", "4.0"] {
        let config = format!("config version={version} brokers=3 partitions=1 replicationFactor=3\nproduce count=3 acks=all\nstep 20\n");
        // A follower: removed while it still runs, then stopped.
        let mut c = play(&format!("{config}fail 2 shutdown\nstep until p0.isr == [0,1] max 100"));
        assert_eq!(out_of_isr(&c.snapshot(), 2), Some("shutdown"), "{version}: follower shutting down");
        for _ in 0..100 {
            c.step(1).unwrap();
        }
        assert_eq!(c.snapshot().brokers[2].status, "stopped", "{version}");
        assert_eq!(out_of_isr(&c.snapshot(), 2), Some("shutdown"), "{version}: stopped after its shutdown");
        // The leader: its leadership moved, and it left the ISR for the same reason.
        let s = play(&format!("{config}fail 0 shutdown\nstep until p0.leader == 1 max 100\nstep 5")).snapshot();
        assert_eq!(out_of_isr(&s, 0), Some("shutdown"), "{version}: leader shutting down");
    }
}

fn joined_isr(s: &Snapshot, b: u32) -> Option<(&'static str, u64)> {
    p0(s).logs.iter().find(|l| l.broker == b).unwrap().joined_isr.as_ref().map(|j| (j.why, j.ago_ms))
}

/// How a replica joined the ISR (issue #14: a row that flashes back into the ISR says why). 0.8's
/// message-count rule takes both followers out; once they have fetched the batch the leader adds
/// them back (`Partition.maybeExpandIsr`: caught up); a replica in the ISR since the topic's
/// creation has no join, one outside the ISR neither.
#[test]
fn joined_isr_says_how_and_when() {
    let mut c = play(
        "config version=0.8 brokers=3 partitions=1 replicationFactor=3 networkLatencyMsMin=100 networkLatencyMsMax=100\nstep 98\nproduce count=5000 acks=1\nstep 2",
    );
    let s = c.snapshot();
    assert_eq!(p0(&s).isr, vec![0]);
    assert_eq!((joined_isr(&s, 0), joined_isr(&s, 1)), (None, None), "the leader was always in it; B1 is out");
    let mut joined = None;
    for _ in 0..200 {
        c.step(1).unwrap();
        let s = c.snapshot();
        if p0(&s).isr.contains(&1) {
            joined = Some(c.snapshot().tick);
            assert_eq!(joined_isr(&s, 1), Some(("caught-up", 0)), "B1 joined this tick, by catching up");
            break;
        }
    }
    let at = joined.expect("B1 joined the ISR again");
    c.step(10).unwrap();
    let s = c.snapshot();
    assert_eq!(joined_isr(&s, 1), Some(("caught-up", 1000)), "ten ticks later: 1 s ago (joined at tick {at})");
}

/// An unclean election (0.8: enabled by default): the out-of-sync replica the controller makes
/// leader joins the ISR as the elected leader.
#[test]
fn an_unclean_leader_joins_the_isr_elected() {
    let c = play(
        "config version=0.8 brokers=3 partitions=1 replicationFactor=3 zookeeperSessionTimeoutMs=2000\nfail 2 crash\nstep 300\nfail 0 crash\nfail 1 crash\nstep 10\nrecover 2\nstep 400",
    );
    let s = c.snapshot();
    assert_eq!((p0(&s).leader, p0(&s).isr.clone()), (2, vec![2]), "B2, out of sync, elected uncleanly");
    assert_eq!(joined_isr(&s, 2).map(|j| j.0), Some("elected"));
}

/// `kafka-metadata-quorum describe --status / --replication` (issue #19): a crashed follower
/// voter lags by the records written since (MaxFollowerLag) and was last caught up before its
/// crash (LastCaughtUpTimestamp); after the leader's crash the other voter leads epoch 2 and
/// the crashed one is the laggard, never caught up to the new leader (-1).
#[test]
fn quorum_view_lag_and_failover() {
    let mut c = play("config version=4.2 brokers=3 partitions=1 replicationFactor=3\nstep 20\nfail 3001\nstep 10");
    let crashed_at = c.snapshot().tick;
    let q = c.snapshot().kraft.unwrap().quorum;
    assert_eq!((q.leader, q.leader_epoch, q.max_follower_lag), (Some(3000), 1, Some(0)));
    c.fail(2, FailKind::Crash { lossy: false }).unwrap();
    c.step(200).unwrap();
    let s = c.snapshot();
    let k = s.kraft.unwrap();
    let q = &k.quorum;
    let v3001 = q.voters.iter().find(|v| v.id == 3001).unwrap();
    let v3002 = q.voters.iter().find(|v| v.id == 3002).unwrap();
    let leader_end = q.voters[0].log_end_offset;
    assert!(leader_end > v3001.log_end_offset, "b2's fencing was written after 3001 crashed");
    assert_eq!(q.max_follower_lag, v3001.lag);
    assert_eq!(v3001.lag, Some(leader_end - v3001.log_end_offset));
    assert_eq!(v3002.lag, Some(0));
    // LogEndOffset as the leader knows it (ReplicaState.endOffset): where each one's last fetch began.
    assert_eq!((v3001.known_end_offset, v3002.known_end_offset), (Some(v3001.log_end_offset), Some(leader_end)));
    let caught_up = v3001.last_caught_up_ms.unwrap();
    assert!(caught_up >= (s.tick - crashed_at) * 100, "last caught up before its crash: {caught_up} ms ago");
    assert_eq!(q.max_follower_lag_time_ms, Some(caught_up as i64));
    // Its fetch at the log end is parked up to 500 ms, and the answer and the next fetch each take
    // up to networkLatencyMsMax (300 ms): when the snapshot falls between, the last is that old.
    let caught_up_3002 = v3002.last_caught_up_ms.unwrap();
    assert!(caught_up_3002 <= 500 + 2 * 300, "3002 fetches at the log end: {caught_up_3002} ms");
    let own = &q.voters[0];
    assert_eq!(
        (own.known_end_offset, own.lag, own.last_caught_up_ms),
        (None, None, None),
        "no --replication row of its own for the leader"
    );

    c.fail(3000, FailKind::Crash { lossy: false }).unwrap();
    c.step(600).unwrap();
    let q = c.snapshot().kraft.unwrap().quorum;
    assert_eq!(q.leader, None, "2 of 3 voters down: no leader");
    assert_eq!((q.max_follower_lag, q.max_follower_lag_time_ms), (None, None));
    c.recover(3001).unwrap();
    c.step(600).unwrap();
    let q = c.snapshot().kraft.unwrap().quorum;
    assert!(q.leader.is_some_and(|l| l == 3001 || l == 3002) && q.leader_epoch >= 2, "{:?} {}", q.leader, q.leader_epoch);
}
