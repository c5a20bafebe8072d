//! The shared determinism fixtures (tests/fixtures/determinism.json, a ZooKeeper-era preset, and
//! determinism-4.2.json, KRaft), played natively: the node test plays them in wasm, and both must
//! reach each fixture's state hash.

use kafka_replication::faults::FailKind;
use kafka_replication::{Cluster, ProduceArgs, Value};
use serde_json::Value as Json;

fn value(j: &Json) -> Value {
    match j {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => Value::Num(n.as_f64().expect("a number")),
        Json::String(s) => Value::Str(s.clone()),
        other => Value::Other(format!("{other}")),
    }
}

fn pairs(j: Option<&Json>) -> Vec<(String, Value)> {
    j.and_then(Json::as_object).map(|o| o.iter().map(|(k, v)| (k.clone(), value(v))).collect()).unwrap_or_default()
}

fn int(j: &Json) -> u32 {
    j.as_u64().expect("an integer") as u32
}

const FIXTURES: [&str; 2] = ["determinism.json", "determinism-4.2.json"];

/// Plays the fixture `name`; `quiet` steps without recording events (`Cluster::step_quiet`).
fn play(name: &str, quiet: bool) -> (Cluster, Json) {
    let path = format!("{}/../tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let fixture: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut c = Cluster::from_pairs(&pairs(fixture.get("config"))).unwrap();
    for action in fixture["actions"].as_array().unwrap() {
        let a = action.as_array().unwrap();
        match a[0].as_str().unwrap() {
            "produce" => drop(c.produce(ProduceArgs::from_pairs(&pairs(a.get(1))).unwrap()).unwrap()),
            "step" if quiet => c.step_quiet(u64::from(int(&a[1]))).unwrap(),
            "step" => drop(c.step(u64::from(int(&a[1]))).unwrap()),
            "fail" => {
                c.fail(int(&a[1]), FailKind::from_args(&a.get(2).map(value).unwrap_or(Value::Null), &pairs(a.get(3))).unwrap()).unwrap()
            }
            "recover" => c.recover(int(&a[1])).unwrap(),
            "cut" => c.cut(int(&a[1]), int(&a[2])).unwrap(),
            "heal" => c.heal(int(&a[1]), int(&a[2])).unwrap(),
            "addReplica" => c.add_replica(int(&a[1]), int(&a[2])).unwrap(),
            other => panic!("unknown action {other}"),
        }
    }
    (c, fixture)
}

#[test]
fn fixtures_reach_their_state_hash() {
    for name in FIXTURES {
        let (c, fixture) = play(name, false);
        let hash = c.state_hash().to_string();
        assert_eq!(
            hash,
            fixture["stateHash"].as_str().unwrap(),
            "{name}: the state hash changed; if the model changed on purpose, put {hash} in the fixture"
        );
    }
}

#[test]
fn stepping_without_events_reaches_the_same_state() {
    for name in FIXTURES {
        let (loud, _) = play(name, false);
        let (mut quiet, _) = play(name, true);
        assert_eq!(quiet.state_hash(), loud.state_hash(), "{name}");
        assert!(
            quiet.step(1).unwrap().iter().all(|e| e.tick == quiet.snapshot().tick),
            "{name}: nothing from the quiet steps is left pending"
        );
    }
}
