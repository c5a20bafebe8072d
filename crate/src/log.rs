//! One replica's log: records, LEO, HW and the leader-epoch cache.
//!
//! Offsets are exclusive ends, as in Kafka's code: LEO = last offset + 1, HW = N means offsets
//! 0..N-1 are committed. An empty log has LEO = HW = 0.

use serde::Serialize;
use std::collections::BTreeMap;

pub type Offset = u64;
/// Kafka's leader epoch (an int32; -1 = none).
pub type Epoch = i32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// The leader epoch when the leader appended it (KIP-101: every batch carries it).
    pub leader_epoch: Epoch,
    /// The producer's message id: a retry carries the same value, so duplicates are visible.
    pub value: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Log {
    records: Vec<Record>,
    /// Invariant: high_watermark <= log_end_offset().
    high_watermark: Offset,
    /// Leader-epoch cache (`leader-epoch-checkpoint`): epoch → start offset, increasing in both.
    epoch_cache: BTreeMap<Epoch, Offset>,
}

impl Log {
    pub fn log_end_offset(&self) -> Offset {
        self.records.len() as Offset
    }

    pub fn high_watermark(&self) -> Offset {
        self.high_watermark
    }

    pub fn records(&self) -> &[Record] {
        &self.records
    }

    pub fn record(&self, offset: Offset) -> Option<&Record> {
        self.records.get(offset as usize)
    }

    /// Records in `[from, to)`, clamped to the log.
    pub fn read(&self, from: Offset, to: Offset) -> &[Record] {
        let end = (to as usize).min(self.records.len());
        let start = (from as usize).min(end);
        &self.records[start..end]
    }

    /// Appends records (leader: produced; follower: fetched) and keeps the epoch cache in step.
    pub fn append(&mut self, records: &[Record]) {
        for r in records {
            let leo = self.log_end_offset();
            self.assign_epoch(r.leader_epoch, leo);
            self.records.push(*r);
        }
    }

    /// Records the start offset of `epoch` if it is newer than every cached epoch
    /// (`LeaderEpochFileCache.assign`).
    pub fn assign_epoch(&mut self, epoch: Epoch, start_offset: Offset) {
        if self.epoch_cache.last_key_value().is_none_or(|(&e, _)| epoch > e) {
            self.epoch_cache.insert(epoch, start_offset);
        }
    }

    pub fn latest_epoch(&self) -> Option<Epoch> {
        self.epoch_cache.last_key_value().map(|(&e, _)| e)
    }

    pub fn epoch_cache(&self) -> &BTreeMap<Epoch, Offset> {
        &self.epoch_cache
    }

    /// Removes every record at or above `offset`; the HW and the epoch cache are clamped with it.
    /// Returns how many records were removed.
    pub fn truncate_to(&mut self, offset: Offset) -> u64 {
        let removed = self.log_end_offset().saturating_sub(offset);
        self.records.truncate(offset as usize);
        self.high_watermark = self.high_watermark.min(self.log_end_offset());
        self.epoch_cache.retain(|_, start| *start < offset);
        removed
    }

    /// Sets the HW, clamped to the LEO (a follower's HW = min(leader HW, own LEO), §1.5).
    pub fn set_high_watermark(&mut self, hw: Offset) {
        self.high_watermark = hw.min(self.log_end_offset());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(epoch: Epoch, value: u32) -> Record {
        Record { leader_epoch: epoch, value }
    }

    #[test]
    fn append_truncate_and_epoch_cache() {
        let mut log = Log::default();
        log.append(&[rec(0, 1), rec(0, 2), rec(1, 3)]);
        assert_eq!(log.log_end_offset(), 3);
        assert_eq!(log.epoch_cache().iter().map(|(e, o)| (*e, *o)).collect::<Vec<_>>(), vec![(0, 0), (1, 2)]);
        log.set_high_watermark(10);
        assert_eq!(log.high_watermark(), 3, "HW is clamped to the LEO");
        assert_eq!(log.truncate_to(2), 1);
        assert_eq!((log.log_end_offset(), log.high_watermark()), (2, 2));
        assert_eq!(log.latest_epoch(), Some(0), "the epoch that only started above the truncation point is gone");
        assert_eq!(log.read(1, 9), &[rec(0, 2)]);
    }
}
