//! One replica's log: records, LEO, HW and the leader-epoch cache.
//!
//! Offsets are exclusive ends, as in Kafka's code: LEO = last offset + 1, HW = N means offsets
//! 0..N-1 are committed. An empty log has LEO = HW = 0.

use crate::collections::{Chunked, VecMap, CHUNK};

pub type Offset = u64;
/// Kafka's leader epoch (an int32; -1 = none).
pub type Epoch = i32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// The leader epoch when the leader appended it (KIP-101: every batch carries it).
    pub leader_epoch: Epoch,
    /// The producer's message id: a retry carries the same value, so duplicates are visible.
    pub value: u32,
    /// The base sequence of the idempotent batch it came in (-1: not idempotent). Records of one
    /// batch share it, so producer state can be rebuilt from the log on any replica (§3.3).
    pub base_sequence: i32,
}

/// One idempotent batch in a log: Kafka's `BatchMetadata`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BatchMeta {
    pub first_seq: i32,
    pub last_seq: i32,
    pub first_offset: Offset,
    pub last_offset: Offset,
}

/// Records per segment. Like Kafka's log segments, fixed-size chunks keep appends cheap (no copy
/// of the whole log when it grows, which matters in wasm) and let retention drop whole segments;
/// a fork of the cluster shares them (see `collections`).
pub const SEGMENT_RECORDS: usize = CHUNK;

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Log {
    /// The records from `base_offset` on; retention drops whole segments, so segment i starts at
    /// `base_offset + i * SEGMENT_RECORDS`.
    segments: Chunked<Record>,
    base_offset: Offset,
    log_end_offset: Offset,
    /// Invariant: high_watermark <= log_end_offset.
    high_watermark: Offset,
    /// Leader-epoch cache (`leader-epoch-checkpoint`): epoch → start offset, increasing in both.
    epoch_cache: VecMap<Epoch, Offset>,
    /// Everything below it is on disk: a power failure loses only what lies above (Kafka's
    /// recovery point).
    recovery_point: Offset,
    /// How many times records were removed from the end: the invariant checks watch it.
    truncations: u64,
}

impl Log {
    pub fn truncations(&self) -> u64 {
        self.truncations
    }

    pub fn recovery_point(&self) -> Offset {
        self.recovery_point.clamp(self.base_offset, self.log_end_offset)
    }

    /// Writes everything to disk.
    pub fn flush(&mut self) {
        self.recovery_point = self.log_end_offset;
    }

    pub fn log_end_offset(&self) -> Offset {
        self.log_end_offset
    }

    /// The first offset still stored.
    pub fn log_start_offset(&self) -> Offset {
        self.base_offset
    }

    /// A fetch at `offset` is OFFSET_OUT_OF_RANGE: past the log end or before the log start
    /// (`LocalLog.read`'s `OffsetOutOfRangeException`).
    pub fn out_of_range(&self, offset: Offset) -> bool {
        offset > self.log_end_offset || offset < self.base_offset
    }

    pub fn high_watermark(&self) -> Offset {
        self.high_watermark
    }

    pub fn record(&self, offset: Offset) -> Option<&Record> {
        offset.checked_sub(self.base_offset).and_then(|i| self.segments.get(i as usize))
    }

    /// Records in `[from, to)`, clamped to what is stored.
    pub fn read(&self, from: Offset, to: Offset) -> impl Iterator<Item = &Record> + '_ {
        self.chunks(from, to).flat_map(|(_, chunk)| chunk.iter())
    }

    /// The records in `[from, to)` (clamped) as contiguous slices, each with its first offset:
    /// the hot loops (fetch, the invariant checks) work a segment at a time.
    pub fn chunks(&self, from: Offset, to: Offset) -> impl Iterator<Item = (Offset, &[Record])> + '_ {
        let rel = |o: Offset| o.saturating_sub(self.base_offset) as usize;
        self.segments.range(rel(from), rel(to)).map(|(i, chunk)| (self.base_offset + i as Offset, chunk))
    }

    /// Copies records in `[from, to)` (clamped): the fetch path.
    pub fn copy_range(&self, from: Offset, to: Offset) -> Vec<Record> {
        let mut out = Vec::new();
        for (_, chunk) in self.chunks(from, to) {
            out.extend_from_slice(chunk);
        }
        out
    }

    /// The first offset in `[from, to)` where the two logs hold different records (a missing
    /// record counts as different), compared a chunk at a time.
    pub fn first_difference(&self, other: &Log, from: Offset, to: Offset) -> Option<Offset> {
        let end = to.min(self.log_end_offset).min(other.log_end_offset);
        for (start, mine) in self.chunks(from, end) {
            let mut o = start;
            for (_, theirs) in other.chunks(start, start + mine.len() as Offset) {
                let part = &mine[(o - start) as usize..(o - start) as usize + theirs.len()];
                if let Some(i) = part.iter().zip(theirs).position(|(a, b)| a != b) {
                    return Some(o + i as Offset);
                }
                o += theirs.len() as Offset;
            }
        }
        // Past the shorter log's end, the longer one has records the other lacks.
        let o = end.max(from);
        (o < to.min(self.log_end_offset.max(other.log_end_offset))).then_some(o)
    }

    /// The last `n` idempotent batches, newest first: the producer state a replica rebuilds from
    /// its log (`ProducerStateEntry`, NUM_BATCHES_TO_RETAIN = 5).
    pub fn last_batches(&self, n: usize) -> Vec<BatchMeta> {
        let mut out: Vec<BatchMeta> = Vec::new();
        let mut offset = self.log_end_offset;
        for seg in self.segments.pieces().rev() {
            for r in seg.iter().rev() {
                offset -= 1;
                if r.base_sequence < 0 {
                    continue;
                }
                match out.last_mut() {
                    Some(b) if b.first_seq == r.base_sequence && b.first_offset == offset + 1 => b.first_offset = offset,
                    _ => {
                        if out.len() == n {
                            return out;
                        }
                        out.push(BatchMeta {
                            first_seq: r.base_sequence,
                            last_seq: r.base_sequence,
                            first_offset: offset,
                            last_offset: offset,
                        });
                    }
                }
                let b = out.last_mut().expect("pushed above");
                b.last_seq = b.first_seq + (b.last_offset - b.first_offset) as i32;
            }
        }
        out
    }

    /// Every stored record, oldest first.
    pub fn records(&self) -> impl Iterator<Item = &Record> + '_ {
        self.segments.iter()
    }

    /// Appends records (leader: produced; follower: fetched) and keeps the epoch cache in step.
    /// Copies segment-sized chunks: the replication hot path.
    pub fn append(&mut self, records: &[Record]) {
        let mut latest = self.epoch_cache.last_key_value().map(|(&e, _)| e);
        for (i, r) in records.iter().enumerate() {
            if latest.is_none_or(|e| r.leader_epoch > e) {
                self.epoch_cache.insert(r.leader_epoch, self.log_end_offset + i as Offset);
                latest = Some(r.leader_epoch);
            }
        }
        self.segments.extend_from_slice(records);
        self.log_end_offset += records.len() as Offset;
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

    pub fn epoch_cache(&self) -> &VecMap<Epoch, Offset> {
        &self.epoch_cache
    }

    /// Removes every record at or above `offset`; the HW and the epoch cache are clamped with it.
    /// Returns how many records were removed.
    pub fn truncate_to(&mut self, offset: Offset) -> u64 {
        if offset >= self.log_end_offset {
            // `UnifiedLog.truncateTo`: the epoch cache is truncated at the LEO all the same, so an
            // epoch entered at election with no record (a leader deposed before any append) goes.
            let leo = self.log_end_offset;
            self.epoch_cache.retain(|_, start| *start < leo);
            return 0;
        }
        let removed = self.log_end_offset - offset;
        self.truncations += 1;
        let offset = offset.max(self.base_offset);
        self.segments.truncate((offset - self.base_offset) as usize);
        self.log_end_offset = offset;
        self.high_watermark = self.high_watermark.min(offset);
        self.recovery_point = self.recovery_point.min(offset);
        self.epoch_cache.retain(|_, start| *start < offset);
        removed
    }

    /// Size-based retention (Kafka's `retention.bytes`, counted here in records): deletes whole
    /// segments from the front while the rest still holds `retention_records`, and only segments
    /// entirely below the HW (`UnifiedLog.deletableSegments`). Returns the records deleted.
    pub fn apply_retention(&mut self, retention_records: u64) -> u64 {
        let mut deleted = 0;
        loop {
            let first = self.segments.pieces().next().map_or(0, |seg| seg.len() as Offset);
            if first == 0 || first == self.segments.len() as Offset {
                break; // the active segment is never deleted
            }
            let next_base = self.base_offset + first;
            if self.log_end_offset - next_base < retention_records || next_base > self.high_watermark {
                break;
            }
            self.segments.pop_front_n(first as usize);
            self.base_offset = next_base;
            deleted += first;
        }
        if deleted > 0 {
            // `LeaderEpochFileCache.truncateFromStart`: the epoch in force at the new start keeps an
            // entry, moved up to the new log start offset.
            let start = self.base_offset;
            let in_force = self.epoch_cache.iter().rfind(|(_, o)| **o <= start).map(|(&e, _)| e);
            if let Some(e) = in_force {
                self.epoch_cache.retain(|&k, _| k >= e);
                self.epoch_cache.insert(e, start);
            }
        }
        deleted
    }

    /// A follower whose fetch offset fell below the leader's log start drops its log and resumes
    /// at the leader's start (`truncateFullyAndStartAt`).
    pub fn truncate_fully_and_start_at(&mut self, offset: Offset) {
        self.truncations += 1;
        self.segments.clear();
        self.base_offset = offset;
        self.log_end_offset = offset;
        self.high_watermark = offset;
        self.recovery_point = offset;
        self.epoch_cache.clear();
    }

    /// Sets the HW, clamped to the LEO (a follower's HW = min(leader HW, own LEO), §1.5).
    pub fn set_high_watermark(&mut self, hw: Offset) {
        self.high_watermark = hw.min(self.log_end_offset);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(epoch: Epoch, value: u32) -> Record {
        Record { leader_epoch: epoch, value, base_sequence: -1 }
    }

    #[test]
    fn producer_batches_are_rebuilt_from_the_log() {
        let mut log = Log::default();
        let batch = |seq: i32, n: u32| (0..n).map(|i| Record { leader_epoch: 0, value: i, base_sequence: seq }).collect::<Vec<_>>();
        log.append(&batch(0, 3));
        log.append(&[rec(0, 9)]);
        log.append(&batch(3, 2));
        log.append(&batch(5, 1));
        let b = log.last_batches(5);
        assert_eq!(b.len(), 3);
        assert_eq!((b[0].first_seq, b[0].last_seq, b[0].first_offset, b[0].last_offset), (5, 5, 6, 6));
        assert_eq!((b[1].first_seq, b[1].last_seq, b[1].first_offset, b[1].last_offset), (3, 4, 4, 5));
        assert_eq!((b[2].first_seq, b[2].last_seq, b[2].first_offset, b[2].last_offset), (0, 2, 0, 2));
        assert_eq!(log.last_batches(2).len(), 2);
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
        assert_eq!(log.read(1, 9).copied().collect::<Vec<_>>(), vec![rec(0, 2)]);
    }

    #[test]
    fn first_difference_across_segments_and_lengths() {
        let mut a = Log::default();
        let n = (SEGMENT_RECORDS * 2) as u32;
        a.append(&(0..n).map(|v| rec(0, v)).collect::<Vec<_>>());
        let mut b = a.clone();
        assert_eq!(a.first_difference(&b, 0, n as u64), None);
        let mid = SEGMENT_RECORDS as u64 + 100; // inside the second segment
        b.truncate_to(mid);
        b.append(&[rec(1, 77)]);
        assert_eq!(a.first_difference(&b, 0, n as u64), Some(mid));
        assert_eq!(a.first_difference(&b, 0, mid), None);
        assert_eq!(a.first_difference(&b, 0, mid + 2), Some(mid));
        b.truncate_to(mid);
        assert_eq!(a.first_difference(&b, 0, mid + 1), Some(mid), "a record missing on one side differs");
    }

    #[test]
    fn retention_deletes_whole_segments_below_the_hw_only() {
        let mut log = Log::default();
        let seg = SEGMENT_RECORDS as u64;
        log.append(&(0..(seg * 3 + 5) as u32).map(|v| rec(if v < 100 { 0 } else { 1 }, v)).collect::<Vec<_>>());
        log.set_high_watermark(seg + 1);
        assert_eq!(log.apply_retention(seg), seg, "only the first segment lies entirely below the HW");
        assert_eq!(log.log_start_offset(), seg);
        assert_eq!(log.record(seg - 1), None);
        assert_eq!(log.record(seg).map(|r| r.value), Some(seg as u32));
        assert_eq!(log.epoch_cache().iter().map(|(e, o)| (*e, *o)).collect::<Vec<_>>(), vec![(1, seg)]);
        log.set_high_watermark(seg * 3 + 5);
        assert_eq!(log.apply_retention(seg), seg, "what stays still holds at least retention_records");
        assert_eq!(log.copy_range(0, seg * 4).len() as u64, seg + 5);
        log.truncate_fully_and_start_at(100_000);
        assert_eq!((log.log_start_offset(), log.log_end_offset(), log.high_watermark()), (100_000, 100_000, 100_000));
        log.append(&[rec(3, 1)]);
        assert_eq!(log.record(100_000).map(|r| r.value), Some(1));
    }

    #[test]
    fn segments_split_and_truncate_at_any_offset() {
        let mut log = Log::default();
        let n = (SEGMENT_RECORDS * 2 + 10) as u32;
        let all: Vec<Record> = (0..n).map(|v| rec(0, v)).collect();
        log.append(&all);
        assert_eq!(log.record(SEGMENT_RECORDS as u64).map(|r| r.value), Some(SEGMENT_RECORDS as u32));
        let window: Vec<u32> = log.read(SEGMENT_RECORDS as u64 - 2, SEGMENT_RECORDS as u64 + 2).map(|r| r.value).collect();
        let seg = SEGMENT_RECORDS as u32;
        assert_eq!(window, vec![seg - 2, seg - 1, seg, seg + 1]);
        for cut in [SEGMENT_RECORDS as u64 * 2, SEGMENT_RECORDS as u64 + 1, 5, 0] {
            log.truncate_to(cut);
            assert_eq!(log.log_end_offset(), cut);
            assert_eq!(log.records().count() as u64, cut);
            log.append(&[rec(1, 7)]);
            assert_eq!(log.record(cut).map(|r| r.value), Some(7));
            log.truncate_to(cut);
        }
    }
}
