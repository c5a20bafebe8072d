//! Native side of the RF cost curve of `npm run bench` (issue #17): an idle cluster of 32 brokers
//! × 256 partitions at each replication factor given (default 3 8 16 32), settled for 20 ticks,
//! then stepped one tick at a time for at most 1 s or 500 ticks. Prints one
//! `native rf=R ticks=N seconds=S` line per factor.

use kafka_replication::{Cluster, Config};
use std::time::Instant;

fn main() {
    let mut factors: Vec<u32> = std::env::args().skip(1).map(|a| a.parse().expect("arguments are integers")).collect();
    if factors.is_empty() {
        factors = vec![3, 8, 16, 32];
    }
    for rf in factors {
        let config = Config { brokers: 32, partitions: 256, replication_factor: rf, ..Config::default() };
        let mut cluster = Cluster::new(config).expect("a valid config");
        cluster.step(20).expect("20 ticks");
        let start = Instant::now();
        let mut ticks = 0;
        while ticks < 500 && start.elapsed().as_secs_f64() < 1.0 {
            cluster.step(1).expect("1 tick");
            ticks += 1;
        }
        println!("native rf={rf} ticks={ticks} seconds={:.4}", start.elapsed().as_secs_f64());
    }
}
