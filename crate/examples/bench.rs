//! Native side of `npm run bench`: the default cluster under `Cluster::bench_workload`.
//! Usage: bench [ticks] [records_per_tick]. Prints `native replicated_records=N seconds=S`.

use kafka_replication::{Cluster, Config};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().expect("arguments are integers"));
    let ticks = args.next().unwrap_or(2_000);
    let per_tick = args.next().unwrap_or(1_000) as u32;
    // Replication alone: no consumers, and no event feed (nobody reads it here; the page's frame
    // benchmark includes it).
    let mut cluster = Cluster::new(Config { consumers: false, events: false, ..Config::default() }).expect("the default config is valid");
    let start = Instant::now();
    let replicated = cluster.bench_workload(ticks, per_tick).expect("the workload's arguments are valid");
    let seconds = start.elapsed().as_secs_f64();
    println!("native replicated_records={replicated} seconds={seconds:.4}");
}
