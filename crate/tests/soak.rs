//! The soak: a million ticks of random faults and producers under every preset — no panic, the
//! guarantees that must hold do hold, and memory stays flat (counted by a wrapping allocator).

use kafka_replication::faults::FailKind;
use kafka_replication::message::Acks;
use kafka_replication::rng::Rng;
use kafka_replication::{Cluster, ProduceArgs, Value};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

struct Counting;
static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// `SOAK_TICKS` sets the length (default one million per preset).
fn ticks() -> u64 {
    std::env::var("SOAK_TICKS").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000_000)
}

const MUST_HOLD_FROM_2_8: [&str; 6] = ["committed-lost", "acked-lost", "strong-isr", "log-divergence", "consistent-read", "duplicate"];

fn soak(version: &str) {
    let total = ticks();
    let pairs = vec![
        ("version".to_string(), Value::Str(version.into())),
        ("seed".to_string(), Value::Num(11.0)),
        ("uncleanLeaderElectionEnable".to_string(), Value::Bool(false)),
        ("retries".to_string(), Value::Num(3.0)),
    ];
    let mut c = Cluster::from_pairs(&pairs).unwrap();
    let mut dice = Rng::new(5);
    let brokers = c.config.brokers;
    let mut live_at_quarter = 0;
    for t in 0..total {
        if t % 10 == 0 {
            let b = dice.range_inclusive(0, u64::from(brokers) - 1) as u32;
            let _ = match dice.range_inclusive(0, 99) {
                0..=59 => {
                    let acks = if dice.chance(1, 2) { Acks::All } else { Acks::One };
                    let partition = dice.range_inclusive(0, u64::from(c.config.partitions) - 1) as u32;
                    c.produce(ProduceArgs {
                        partition,
                        count: dice.range_inclusive(1, 50) as u32,
                        acks: Some(acks),
                        idempotence: Some(version != "0.8" && acks == Acks::All),
                    })
                    .map(|_| ())
                }
                60..=61 if c.brokers.iter().all(|x| x.status == kafka_replication::broker::BrokerStatus::Up) => c.fail(
                    b,
                    [
                        FailKind::Crash { lossy: false },
                        FailKind::Stuck,
                        FailKind::Slow { delay_ms: 2000 },
                        FailKind::Isolated { zookeeper: false },
                    ][dice.range_inclusive(0, 3) as usize],
                ),
                62..=65 => c.recover(b),
                _ => Ok(()),
            };
        }
        c.step(1).expect("a tick");
        if t == total / 4 {
            live_at_quarter = LIVE.load(Ordering::Relaxed);
        }
    }
    let live = LIVE.load(Ordering::Relaxed);
    println!(
        "version {version}: {total} ticks, live heap {} KiB at a quarter, {} KiB at the end, {} violations",
        live_at_quarter / 1024,
        live / 1024,
        c.violations.len()
    );
    // Flat: whatever grows is bounded (retention, ledgers, kept requests and events).
    assert!(live < live_at_quarter + live_at_quarter / 2 + (1 << 20), "memory grew from {live_at_quarter} to {live} bytes");
    if version != "0.8" && version != "0.11" {
        for v in &c.violations {
            assert!(!MUST_HOLD_FROM_2_8.contains(&v.kind), "version {version}: {} at tick {}: {}", v.kind, v.tick, v.text);
        }
    }
}

#[test]
fn soak_every_preset() {
    for version in ["0.8", "0.11", "2.8", "3.7"] {
        soak(version);
    }
}
