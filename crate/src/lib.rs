//! Kafka partition replication, modelled faithfully and deterministically: brokers, a partitioned
//! topic, leaders and followers that pull, ISR, LEO and HW, acks, the controller and its ZooKeeper
//! state. Pure: a seeded PRNG and logical ticks, no clocks, no I/O. `wasm.rs` is the only file that
//! knows about JavaScript.

pub mod api;
pub mod broker;
pub mod budget;
pub mod cluster;
pub mod collections;
pub mod config;
pub mod consumer;
pub mod controller;
pub mod elections;
pub mod events;
pub mod faults;
pub mod fetch_from_follower;
pub mod follower;
pub mod invariants;
pub mod kraft;
pub mod leader;
pub mod log;
pub mod message;
pub mod metrics;
pub mod partition;
pub mod phases;
pub mod producer;
pub mod rng;
pub mod rules;
pub mod scenario;
pub mod schema;
pub mod shutdown;
pub mod snapshot;
pub mod zk;

pub use api::{ApiError, Value};
pub use cluster::Cluster;
pub use config::Config;
pub use producer::ProduceArgs;

#[cfg(target_arch = "wasm32")]
mod wasm;
