//! The core's memory budget. A wasm module's memory only grows (to 4 GiB at most), and running out
//! traps the module: every handle dies and the tab keeps the memory. So the core counts what it
//! holds and refuses, with an Error that changes nothing, a config or a call that would take it past
//! [`MEMORY_BUDGET_BYTES`].
//!
//! What grows with use is counted from the containers' lengths: records in replica logs (retention
//! deletes only below the HW, so a stalled HW lets a log grow past `logRetentionRecords`), the
//! ghost ledgers of the checks, what consumers read, requests, messages in flight. The fixed part
//! (brokers, maps of a few entries per replica) is small beside them and left out.

use crate::api::ApiError;
use crate::cluster::Cluster;
use crate::log::{Record, SEGMENT_RECORDS};
use crate::message::Envelope;
use crate::producer::Request;
use std::mem::size_of;

/// The most the core holds for one cluster (forks share their logs' and ledgers' chunks).
pub const MEMORY_BUDGET_BYTES: u64 = 256 << 20;
const MB: u64 = 1 << 20;
const RECORD_BYTES: u64 = size_of::<Record>() as u64;

/// `logRetentionRecords` given explicitly must fit the budget with every replica log full: one
/// segment more than the retention per log, as retention deletes whole segments.
pub fn check_retention(retention_records: u64, partitions: u32, replication_factor: u32) -> Result<(), ApiError> {
    let logs = u64::from(partitions) * u64::from(replication_factor);
    let fits = (MEMORY_BUDGET_BYTES / RECORD_BYTES / logs).saturating_sub(SEGMENT_RECORDS as u64);
    if retention_records > fits {
        return Err(ApiError::new(
            "logRetentionRecords",
            format!(
                "must be at most {fits} for {partitions} partitions × replicationFactor {replication_factor} \
                 (every replica log full must fit the core's {} MB memory budget), got {retention_records}",
                MEMORY_BUDGET_BYTES / MB
            ),
        ));
    }
    Ok(())
}

impl Cluster {
    /// Bytes of what the state holds that grows with use (see the module's comment).
    pub fn footprint(&self) -> u64 {
        let logs: u64 = self
            .brokers
            .iter()
            .flat_map(|b| b.replicas.values())
            .map(|r| (r.log.log_end_offset() - r.log.log_start_offset()) * RECORD_BYTES)
            .sum();
        let guards: u64 = self.guards.iter().map(|g| g.footprint()).sum();
        let consumers: u64 = self.consumers.iter().map(|c| c.read.len() as u64 * RECORD_BYTES).sum();
        let requests = (self.requests.len() * size_of::<Request>()) as u64;
        let network = (self.network.len() * size_of::<Envelope>()) as u64;
        logs + guards + consumers + requests + network
    }

    /// A produce of `count` records is refused when its copies (one per replica, the committed
    /// ledger's and a consumer's) would take the footprint past the budget.
    pub(crate) fn check_produce_budget(&self, partition: u32, count: u32) -> Result<(), ApiError> {
        let copies = self.zk.assignment[partition as usize].len() as u64 + 2;
        let held = self.footprint();
        if held + u64::from(count) * copies * RECORD_BYTES > MEMORY_BUDGET_BYTES {
            return Err(ApiError::new(
                "count",
                format!(
                    "{count} more records would take the cluster past the core's {} MB memory budget (it holds {} MB); \
                     lower logRetentionRecords, or let the HW advance so that retention can delete old segments",
                    MEMORY_BUDGET_BYTES / MB,
                    held.div_ceil(MB)
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Value;
    use crate::message::Acks;
    use crate::producer::ProduceArgs;

    fn config(pairs: &[(&str, f64)]) -> Vec<(String, Value)> {
        pairs.iter().map(|(k, v)| (k.to_string(), Value::Num(*v))).collect()
    }

    #[test]
    fn a_retention_that_cannot_fit_is_refused_by_name() {
        let e = Cluster::from_pairs(&config(&[("logRetentionRecords", 1e8)])).unwrap_err();
        assert_eq!(e.argument, "logRetentionRecords");
        assert!(e.message.contains("must be at most 2484489 for 3 partitions × replicationFactor 3"), "{e}");
        assert!(Cluster::from_pairs(&config(&[("logRetentionRecords", 2_484_489.0)])).is_ok());
        // The default retention is not refused on the largest cluster: the produce check guards it.
        assert!(Cluster::from_pairs(&config(&[("brokers", 32.0), ("partitions", 256.0), ("replicationFactor", 32.0)])).is_ok());
    }

    #[test]
    fn produce_is_refused_before_the_budget_and_changes_nothing() {
        // Under 3.7's strict min ISR the HW stalls once stuck followers leave the ISR, and acks=1
        // writes go on: the leader's log grows past retention until the budget refuses more.
        let mut c = Cluster::from_pairs(&config(&[("partitions", 1.0), ("minInsyncReplicas", 3.0)])).unwrap();
        c.fail(1, crate::faults::FailKind::Stuck).unwrap();
        c.fail(2, crate::faults::FailKind::Stuck).unwrap();
        c.step(400).unwrap();
        let mut refused = None;
        for _ in 0..10_000 {
            match c.produce(ProduceArgs::new(0, 100_000, Acks::One)) {
                Ok(_) => c.step(1).map(drop).unwrap(),
                Err(e) => {
                    refused = Some(e);
                    break;
                }
            }
        }
        let e = refused.expect("the budget refuses a produce before memory runs out");
        assert_eq!(e.argument, "count");
        assert!(e.message.contains("256 MB memory budget"), "{e}");
        assert!(c.footprint() <= MEMORY_BUDGET_BYTES);
        let hash = c.state_hash();
        assert!(c.produce(ProduceArgs::new(0, 100_000, Acks::One)).is_err());
        assert_eq!(c.state_hash(), hash, "a refused produce changes nothing");
        assert!(c.produce(ProduceArgs::new(0, 1, Acks::One)).is_ok(), "a small produce that fits is still taken");
    }
}
