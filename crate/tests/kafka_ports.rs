//! Ports of Kafka's own tests that a scenario script cannot express (scenarios/kafka/ holds the rest).

use kafka_replication::faults::FailKind;
use kafka_replication::{Cluster, Value};

fn cluster(version: &str) -> Cluster {
    let pairs: Vec<(String, Value)> = vec![
        ("version".into(), Value::Str(version.into())),
        ("brokers".into(), Value::Num(3.0)),
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
