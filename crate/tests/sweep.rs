//! The seed sweep: random fault schedules under every version preset, with the invariants checked
//! after every tick (`invariants.rs`). A failure says "reproduce with seed=…".
//!
//! What must hold: from 2.8 (KIP-279 truncation, KIP-320 fencing), with clean elections and no
//! power failures, no committed or acks=all record is ever lost, ISR members and replicas agree
//! below the HW, reads are consistent and idempotent writes are not duplicated. Under 0.8 (truncation
//! to the HW) the sweep must find the anomalies KIP-101 describes. `SWEEP_SEEDS` sets the number of
//! schedules per preset (default 1000).
//!
//! The KRaft presets (4.0, 4.2) must hold the same, with their broker session as short: Raft's
//! election safety, no committed metadata record lost and log matching too, and after the heal a
//! controller is active and every broker unfenced. They also reassign partitions (and cancel).
//!
//! With KIP-392 fetch from follower on (2.8, 3.7, 4.2: consumers sent to a follower in their rack)
//! the same guarantees hold: a follower serves reads only below its HW, which is committed.
//!
//! Liveness, under every preset: once every fault of a schedule is healed (brokers recovered,
//! links healed), within a bounded time every partition has a leader, its ISR holds every replica
//! again, and an acks=all request to it is acknowledged.

use kafka_replication::elections::ElectionType;
use kafka_replication::faults::FailKind;
use kafka_replication::kraft::quorum::VoterStatus;
use kafka_replication::message::Acks;
use kafka_replication::rng::Rng;
use kafka_replication::{Cluster, Config, ProduceArgs, Value};
use std::collections::BTreeMap;

const TICKS: u64 = 1_500;

/// After the heal: leaders and full ISRs within this many ticks. The slowest path back: a
/// follower's lost fetch given up after replica.socket.timeout.ms (30 s), a lost LeaderAndIsr or
/// AlterPartition resent after controller.socket.timeout.ms (30 s), sessions (2 s) and the ISR
/// check (1.5 s) in between.
const SETTLE_TICKS: u64 = 1_200;

/// Heals every fault, then checks liveness (see the module's comment); the failure in words.
fn liveness(c: &mut Cluster, trace: bool) -> Result<(), String> {
    let step = |c: &mut Cluster| -> Result<(), String> {
        for e in c.step(1).map_err(|e| e.to_string())? {
            if trace {
                println!("{:>5} {:<18} {}", e.tick, e.kind, e.text);
            }
        }
        Ok(())
    };
    // KRaft: the controllers first, as a controlled shutdown needs an active controller.
    let voters = c.kraft.as_ref().map_or(0, |k| k.voters.len() as u32);
    for id in 3000..3000 + voters {
        let _ = c.recover(id); // refused for a controller that is up
    }
    for (a, b) in c.cut_links.clone().iter().filter(|(_, b)| *b >= 3000) {
        c.heal(*a, *b).map_err(|e| e.to_string())?;
    }
    // A controlled shutdown cannot be undone: it ends (at most its retries later) before the heal.
    let asked = c.tick;
    while c.brokers.iter().any(|b| matches!(b.status, kafka_replication::broker::BrokerStatus::ShuttingDown { .. })) {
        if c.tick - asked >= SETTLE_TICKS {
            return Err(format!("a controlled shutdown still running {SETTLE_TICKS} ticks after tick {asked}"));
        }
        step(c)?;
    }
    for b in 0..c.config.brokers {
        if c.brokers[b as usize].status != kafka_replication::broker::BrokerStatus::Up {
            c.recover(b).map_err(|e| e.to_string())?;
        }
    }
    for (a, b) in c.cut_links.clone().iter() {
        c.heal(*a, *b).map_err(|e| e.to_string())?;
    }
    let healed = c.tick;
    let settled = |c: &Cluster| {
        // KRaft: an active controller, and every running broker unfenced in the committed image,
        // as the incarnation that runs now: a restarted broker whose previous registration the
        // image still holds unfenced (a controller failover restarted its session) serves no
        // request until its own registration is unfenced (`running`).
        let kraft_settled = c.kraft.as_ref().is_none_or(|k| {
            k.active.is_some()
                && (0..c.config.brokers)
                    .all(|b| k.committed_registrations.get(&b).is_some_and(|r| !r.fenced) && k.observers[b as usize].running)
        });
        kraft_settled
            && c.zk.partitions.iter().enumerate().all(|(p, st)| {
                let mut isr = st.isr.clone();
                let mut ar = c.zk.assignment[p].clone();
                isr.sort_unstable();
                ar.sort_unstable();
                st.leader >= 0 && isr == ar && c.brokers[st.leader as usize].replicas.get(&(p as u32)).is_some_and(|r| r.is_leader())
            })
    };
    while !settled(c) {
        if c.tick - healed >= SETTLE_TICKS {
            let state: Vec<String> = c.zk.partitions.iter().enumerate().map(|(p, st)| format!("p{p} {}", st.json())).collect();
            return Err(format!("{SETTLE_TICKS} ticks after every fault healed (tick {healed}): {}", state.join("; ")));
        }
        step(c)?;
    }
    // Not idempotent: a schedule may leave the idempotent producer's sequences with a gap (a batch
    // given up), which Kafka's producer resolves with a new producer epoch (KIP-360), not modelled.
    let probe = |p| ProduceArgs { idempotence: Some(false), ..ProduceArgs::new(p, 1, Acks::All) };
    let ids: Vec<u32> = (0..c.config.partitions).map(|p| c.produce(probe(p)).map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
    let start = c.tick;
    let acked = |c: &Cluster| {
        ids.iter().all(|id| c.requests.iter().any(|r| r.id == *id && r.status == kafka_replication::producer::RequestStatus::Acked))
    };
    while !acked(c) {
        if c.tick - start >= 600 {
            return Err(format!("an acks=all request was not acknowledged within 60 s of a settled cluster (tick {start})"));
        }
        step(c)?;
    }
    Ok(())
}

/// Plays one random schedule; returns the violation kinds found, with one example text each, and
/// "liveness" if the healed cluster did not recover.
fn play(version: &str, seed: u64) -> BTreeMap<&'static str, String> {
    play_with(version, seed, false)
}

/// `play`, with KIP-392 fetch from follower on if `racks`: broker b in rack "rb", the consumers in
/// rack "r1", the rack-aware selector, a lease of 5 s (so consumers move between replicas often).
fn play_with(version: &str, seed: u64, racks: bool) -> BTreeMap<&'static str, String> {
    let mut dice = Rng::new(seed ^ 0xA5A5);
    let brokers = 3 + dice.range_inclusive(0, 2) as u32;
    let mut pairs: Vec<(String, Value)> = vec![
        ("version".into(), Value::Str(version.into())),
        ("brokers".into(), Value::Num(f64::from(brokers))),
        ("partitions".into(), Value::Num(dice.range_inclusive(1, 2) as f64)),
        ("replicationFactor".into(), Value::Num(3.0)),
        ("uncleanLeaderElectionEnable".into(), Value::Bool(false)),
        ("replicaLagTimeMaxMs".into(), Value::Num(3000.0)),
        ("zookeeperSessionTimeoutMs".into(), Value::Num(2000.0)),
        ("retries".into(), Value::Num(3.0)),
        ("seed".into(), Value::Num(seed as f64)),
    ];
    // KRaft presets: the broker session as short as the ZooKeeper one above, and the leader
    // balancing task every 10 s so that it runs within a schedule (300 s by default).
    if version.starts_with("4.") {
        pairs.push(("brokerSessionTimeoutMs".into(), Value::Num(2000.0)));
        pairs.push(("brokerHeartbeatIntervalMs".into(), Value::Num(500.0)));
        pairs.push(("leaderImbalanceCheckIntervalSeconds".into(), Value::Num(10.0)));
    }
    if racks {
        let names: Vec<String> = (0..brokers).map(|b| format!("r{b}")).collect();
        pairs.push(("brokerRacks".into(), Value::Str(names.join(","))));
        pairs.push(("clientRack".into(), Value::Str("r1".into())));
        pairs.push(("replicaSelectorClass".into(), Value::Str("rack-aware".into())));
        pairs.push(("metadataMaxAgeMs".into(), Value::Num(5000.0)));
    }
    let mut c = Cluster::from_pairs(&pairs).expect("a valid sweep config");
    let idempotence = version != "0.8";
    let voters = c.kraft.as_ref().map_or(0, |k| k.voters.len() as u32);
    // TRACE_SEED=n prints the events of schedule n (with --nocapture), to debug a failure.
    let trace = std::env::var("TRACE_SEED").is_ok_and(|s| s == seed.to_string());
    for _ in 0..TICKS {
        let roll = dice.range_inclusive(0, 99);
        let b = dice.range_inclusive(0, u64::from(brokers) - 1) as u32;
        // Rejected calls (a broker already failed, no controller…) are part of the game.
        let _ = match roll {
            0..=29 => {
                let acks = [Acks::Zero, Acks::One, Acks::All][dice.range_inclusive(0, 2) as usize];
                let partition = dice.range_inclusive(0, u64::from(c.config.partitions) - 1) as u32;
                let args = ProduceArgs {
                    partition,
                    count: dice.range_inclusive(1, 4) as u32,
                    acks: Some(acks),
                    idempotence: Some(idempotence && acks == Acks::All),
                };
                c.produce(args).map(|_| ())
            }
            30..=31 => {
                let kind = match dice.range_inclusive(0, 4) {
                    0 => FailKind::Crash { lossy: false },
                    1 => FailKind::Stuck,
                    2 => FailKind::Slow { delay_ms: 100 * dice.range_inclusive(5, 40) },
                    3 => FailKind::Shutdown,
                    _ => FailKind::Isolated { zookeeper: dice.chance(1, 2) },
                };
                let failed = c.brokers.iter().filter(|x| x.status != kafka_replication::broker::BrokerStatus::Up).count();
                if failed < 2 {
                    c.fail(b, kind)
                } else {
                    Ok(())
                }
            }
            32..=35 => c.recover(b),
            36 => c.cut(b, (b + 1) % brokers),
            37..=38 => c.heal(b, (b + 1) % brokers),
            39 => c.elect_leaders(ElectionType::Preferred, None).map(drop),
            // KRaft: the controller voters (3000…) crash, are isolated, lose links to each other
            // or between a broker and the active controller, and recover; at most one voter down
            // at a time, so a majority may form again (the other links may still split it).
            40..=47 if voters > 0 => {
                let v = 3000 + dice.range_inclusive(0, u64::from(voters) - 1) as u32;
                let other = 3000 + (v - 3000 + 1) % voters;
                let active = c.kraft.as_ref().and_then(|k| k.active).unwrap_or(v);
                let down = c.kraft.as_ref().map_or(0, |k| k.voters.iter().filter(|x| x.status != VoterStatus::Up).count());
                match roll {
                    40 if down == 0 => c.fail(v, FailKind::Crash { lossy: false }),
                    41 if down == 0 => c.fail(v, FailKind::Isolated { zookeeper: false }),
                    42 => c.recover(v),
                    43 => c.cut(v, other),
                    44 => c.cut(b, active),
                    45..=47 => {
                        let link = c.cut_links.iter().copied().find(|(_, y)| *y >= 3000);
                        link.map_or(Ok(()), |(x, y)| c.heal(x, y))
                    }
                    _ => Ok(()),
                }
            }
            // KRaft: the admin moves a partition to three brokers drawn at random (a new one is
            // the same or replaces a running one), or cancels a running move.
            48..=49 if voters > 0 => {
                let partition = dice.range_inclusive(0, u64::from(c.config.partitions) - 1) as u32;
                if roll == 48 {
                    let mut pool: Vec<u32> = (0..brokers).collect();
                    let target = (0..3).map(|_| pool.remove(dice.range_inclusive(0, pool.len() as u64 - 1) as usize)).collect();
                    c.reassign(partition, target)
                } else {
                    c.cancel_reassignment(partition)
                }
            }
            _ => Ok(()),
        };
        for e in c.step(1).expect("one tick") {
            if trace {
                println!("{:>5} {:<18} {}", e.tick, e.kind, e.text);
            }
        }
    }
    let mut found = BTreeMap::new();
    if let Err(e) = liveness(&mut c, trace) {
        found.insert("liveness", e);
    }
    for v in &c.violations {
        found.entry(v.kind).or_insert_with(|| format!("p{} at tick {}: {}", v.partition, v.tick, v.text));
    }
    found
}

fn seeds() -> u64 {
    std::env::var("SWEEP_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(1000)
}

/// Kinds that must never appear under rules with epoch-based truncation, clean elections and no
/// power failures (acks=0/1 losses are allowed: that is what acks=1 accepts).
const MUST_HOLD: [&str; 12] = [
    "committed-lost",
    "acked-lost",
    "strong-isr",
    "log-divergence",
    "consistent-read",
    "duplicate",
    "hw-decreased",
    "structure",
    "liveness",
    "election-safety",
    "metadata-committed-lost",
    "metadata-log-divergence",
];

fn sweep_must_hold(version: &str) {
    sweep_must_hold_with(version, false);
}

fn sweep_must_hold_with(version: &str, racks: bool) {
    let n = seeds();
    for seed in 0..n {
        let found = play_with(version, seed, racks);
        for kind in MUST_HOLD {
            if let Some(example) = found.get(kind) {
                panic!("version {version}: {kind} violated — reproduce with seed={seed}: {example}");
            }
        }
    }
    println!("version {version}: {n} schedules, no guarantee violated");
}

#[test]
fn guarantees_hold_under_2_8() {
    sweep_must_hold("2.8");
}

#[test]
fn guarantees_hold_under_3_7() {
    sweep_must_hold("3.7");
}

/// KIP-392: consumers reading from followers (up to the follower's HW) read only committed
/// records, so their reads stay consistent; 2.8 offers followers out of the ISR too.
#[test]
fn guarantees_hold_with_fetch_from_follower() {
    for version in ["2.8", "3.7", "4.2"] {
        sweep_must_hold_with(version, true);
    }
}

/// KRaft (ELR off): fencing, the metadata log, AlterPartition to the KRaft controller.
#[test]
fn guarantees_hold_under_4_0() {
    sweep_must_hold("4.0");
}

/// KRaft with ELR: no committed record lost with unclean election off.
#[test]
fn guarantees_hold_under_4_2() {
    sweep_must_hold("4.2");
}

/// The same schedules under older rules: structure holds; the anomalies are counted, and 0.8's
/// truncation to the HW must be caught losing committed data or splitting the logs.
fn sweep_counts(version: &str) -> BTreeMap<&'static str, (u64, u64)> {
    let mut counts: BTreeMap<&'static str, (u64, u64)> = BTreeMap::new();
    for seed in 0..seeds() {
        let found = play(version, seed);
        for kind in ["structure", "liveness"] {
            assert!(!found.contains_key(kind), "version {version}: {kind} — reproduce with seed={seed}: {}", found[kind]);
        }
        for kind in found.keys() {
            counts.entry(kind).or_insert((seed, 0)).1 += 1;
        }
    }
    println!("version {version}: schedules with each anomaly (first seed, count): {counts:?}");
    counts
}

#[test]
fn old_rules_anomalies_are_found_under_0_8() {
    let counts = sweep_counts("0.8");
    let anomalies = ["committed-lost", "acked-lost", "strong-isr", "log-divergence"];
    assert!(anomalies.iter().any(|k| counts.contains_key(k)), "0.8's HW truncation should lose or split data in some schedule: {counts:?}");
}

#[test]
fn old_rules_under_0_11_keep_the_structure() {
    sweep_counts("0.11");
}

#[test]
fn same_seed_same_history() {
    let history = |seed: u64| {
        let mut c = Cluster::new(Config { seed, ..Config::default() }).unwrap();
        c.produce(ProduceArgs::new(0, 5, Acks::All)).unwrap();
        c.step(50).unwrap();
        c.fail(1, FailKind::Crash { lossy: false }).unwrap();
        c.step(300).unwrap();
        c.state_hash()
    };
    for seed in [1, 7, 42] {
        assert_eq!(history(seed), history(seed), "seed {seed}: same actions, different states");
    }
    let (x, y) = (play("3.7", 3), play("3.7", 3));
    assert_eq!(x, y);
}
