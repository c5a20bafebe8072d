//! Property tests: the HW rule against a deliberately naive oracle, and garbage thrown at every
//! entry point of the API (no panic; a rejected call changes nothing).

use kafka_replication::config::Version;
use kafka_replication::faults::FailKind;
use kafka_replication::leader::{hw_candidate, HwFacts};
use kafka_replication::rng::Rng;
use kafka_replication::rules::Rules;
use kafka_replication::scenario::Script;
use kafka_replication::{Cluster, Config, ProduceArgs, Value};

/// The oracle: try every offset from the leader's LEO down and take the first one that every
/// follower that counts has reached, with "counts" spelled out per version as in §1.4's table.
fn naive_hw(version: Version, leader_leo: u64, followers: &[HwFacts]) -> Option<u64> {
    let counts = |f: &HwFacts| match version {
        Version::V0_8 => f.in_isr,
        Version::V0_11 | Version::V2_8 => f.in_isr || f.caught_up,
        Version::V3_7 | Version::V4_0 | Version::V4_2 => f.in_isr || (f.caught_up && f.eligible),
    };
    if followers.iter().any(|f| counts(f) && f.leo.is_none()) {
        return None;
    }
    (0..=leader_leo).rev().find(|&o| followers.iter().filter(|f| counts(f)).all(|f| f.leo.unwrap_or(0) >= o))
}

#[test]
fn hw_rule_matches_the_naive_oracle() {
    let mut rng = Rng::new(99);
    let versions = [Version::V0_8, Version::V0_11, Version::V2_8, Version::V3_7, Version::V4_0, Version::V4_2];
    for case in 0..200_000 {
        let version = versions[case % versions.len()];
        let leader_leo = rng.range_inclusive(0, 30);
        let followers: Vec<HwFacts> = (0..rng.range_inclusive(0, 4) as u32)
            .map(|id| HwFacts {
                id,
                in_isr: rng.chance(1, 2),
                caught_up: rng.chance(1, 2),
                eligible: rng.chance(3, 4),
                leo: (!rng.chance(1, 8)).then(|| rng.range_inclusive(0, leader_leo)),
            })
            .collect();
        let (got, _) = hw_candidate(Rules::of(version), leader_leo, &followers);
        assert_eq!(
            got,
            naive_hw(version, leader_leo, &followers),
            "case {case}: {version:?} leader LEO {leader_leo} followers {followers:?}"
        );
    }
}

fn garbage_value(rng: &mut Rng) -> Value {
    match rng.range_inclusive(0, 9) {
        0 => Value::Null,
        1 => Value::Bool(rng.chance(1, 2)),
        2 => Value::Num(f64::NAN),
        3 => Value::Num(-(rng.range_inclusive(0, 1000) as f64)),
        4 => Value::Num(rng.range_inclusive(0, 10) as f64 + 0.5),
        5 => Value::Num(1e300),
        6 => Value::Str(
            ["all", "crash", "stuck", "slow", "isolated", "", "0.11", "kip-279", "Fetch", "🙂"][rng.range_inclusive(0, 9) as usize].into(),
        ),
        7 => Value::Other("object".into()),
        _ => Value::Num(rng.range_inclusive(0, 6) as f64),
    }
}

fn garbage_pairs(rng: &mut Rng) -> Vec<(String, Value)> {
    let keys = ["partition", "count", "acks", "idempotence", "lossy", "delayMs", "zookeeper", "brokers", "version", "seed", "bogus", ""];
    (0..rng.range_inclusive(0, 3))
        .map(|_| (keys[rng.range_inclusive(0, keys.len() as u64 - 1) as usize].to_string(), garbage_value(rng)))
        .collect()
}

fn num(v: &Value) -> u32 {
    match v {
        Value::Num(n) if n.is_finite() && *n >= 0.0 => *n as u32,
        _ => u32::MAX,
    }
}

#[test]
fn garbage_never_panics_and_rejected_calls_change_nothing() {
    let mut rng = Rng::new(7);
    for round in 0..300 {
        let mut c = Cluster::new(Config { seed: round, ..Config::default() }).unwrap();
        for _ in 0..200 {
            let before = c.state_hash();
            let v = garbage_value(&mut rng);
            let w = garbage_value(&mut rng);
            let pairs = garbage_pairs(&mut rng);
            let result = match rng.range_inclusive(0, 8) {
                0 => ProduceArgs::from_pairs(&pairs).and_then(|a| c.produce(a)).map(|_| ()),
                1 => FailKind::from_args(&v, &pairs).and_then(|k| c.fail(num(&w), k)),
                2 => c.recover(num(&v)),
                3 => c.cut(num(&v), num(&w)),
                4 => c.heal(num(&v), num(&w)),
                5 => c.drop_next(&v),
                6 => c.add_replica(num(&v), num(&w)),
                7 => Cluster::from_pairs(&pairs).map(|_| ()),
                _ => c.step(u64::from(num(&v)).min(200) + u64::from(num(&v) == u32::MAX) * 100_001).map(|_| ()),
            };
            if let Err(e) = result {
                assert_eq!(c.state_hash(), before, "a rejected call changed the state: {e}");
                assert!(!e.argument.is_empty() && !e.message.is_empty());
            }
        }
    }
}

#[test]
fn scenario_parser_takes_arbitrary_bytes() {
    let mut rng = Rng::new(3);
    let words = [
        "config",
        "produce",
        "step",
        "until",
        "max",
        "fail",
        "recover",
        "cut",
        "heal",
        "expect",
        "drop-next",
        "add-replica",
        "==",
        ">=",
        "p0.hw",
        "[0,1]",
        "acks=all",
        "count=3",
        "lossy=true",
        "stuck",
        "\u{0}",
        "#",
        "=",
        "99999999999999999999",
        "-1",
        "\t",
    ];
    for _ in 0..20_000 {
        let n = rng.range_inclusive(0, 12);
        let mut text = String::new();
        for _ in 0..n {
            if rng.chance(1, 5) {
                text.push('\n');
            }
            if rng.chance(1, 6) {
                text.push(char::from_u32(rng.range_inclusive(0, 0x2FFF) as u32).unwrap_or('?'));
            } else {
                text.push_str(words[rng.range_inclusive(0, words.len() as u64 - 1) as usize]);
            }
            text.push(' ');
        }
        if let Ok(script) = Script::parse(&text) {
            // Short scripts only: a random `step 99999999` is valid but slow.
            if script.lines.len() < 4 {
                let _ = script.run();
            }
        } else if let Err(e) = Script::parse(&text) {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
        }
    }
}
