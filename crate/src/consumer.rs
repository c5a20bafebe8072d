//! One consumer per partition (the source notes: "consumers read only up to the HW"). Each polls
//! the partition's leader, reads what lies below the HW, and remembers what it read, so that a
//! record a consumer saw and that later vanished or changed can be detected (§5.3 "consistent reads").

use crate::cluster::Cluster;
use crate::collections::Chunked;
use crate::log::{Offset, Record};
use crate::message::{KafkaError, Msg, Tick, CONSUMER};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Consumer {
    pub partition: u32,
    /// The next offset to read.
    pub position: Offset,
    pub in_flight: bool,
    pub sent_at: Tick,
    pub sent_to: i32,
    /// What it read: `read[i]` is the record at offset `read_base + i` (bounded like a log).
    pub read_base: Offset,
    pub read: Chunked<Record>,
    /// Times its position was out of range and reset to the leader's HW.
    pub resets: u32,
}

impl Consumer {
    pub fn new(partition: u32) -> Consumer {
        Consumer { partition, position: 0, in_flight: false, sent_at: 0, sent_to: -1, read_base: 0, read: Chunked::default(), resets: 0 }
    }

    pub fn read_at(&self, offset: Offset) -> Option<&Record> {
        offset.checked_sub(self.read_base).and_then(|i| self.read.get(i as usize))
    }
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConsumerView {
    pub partition: u32,
    pub position: Offset,
    pub records_read: u64,
    /// The values of the last records read, oldest first.
    pub last_values: Vec<u32>,
    pub resets: u32,
}

/// Records kept per consumer for the consistency check.
pub const CONSUMER_READ_KEPT: usize = 65_536;
/// How many recent values the snapshot shows.
const VIEW_VALUES: usize = 20;

impl Cluster {
    /// Each consumer without a fetch in flight asks its partition's leader for more; one with no
    /// answer after `request.timeout.ms` gives up and asks again.
    pub(crate) fn run_consumers(&mut self) {
        if !self.config.consumers {
            return;
        }
        let now = self.tick;
        for p in 0..self.consumers.len() {
            let c = &mut self.consumers[p];
            if c.in_flight && now - c.sent_at < self.timing.request_timeout {
                continue;
            }
            let leader = self.zk.partitions[p].leader;
            if leader < 0 {
                c.in_flight = false;
                continue;
            }
            c.in_flight = true;
            c.sent_at = now;
            c.sent_to = leader;
            let msg = Msg::ConsumerFetch { partition: p as u32, fetch_offset: c.position };
            self.send(CONSUMER, leader, msg);
        }
    }

    pub(crate) fn on_consumer_fetch_response(&mut self, msg: &Msg) {
        let Msg::ConsumerFetchResponse { partition, fetch_offset, records, high_watermark, error } = msg else { return };
        let now = self.tick;
        let c = &mut self.consumers[*partition as usize];
        if !c.in_flight || *fetch_offset != c.position {
            return;
        }
        c.in_flight = false;
        match error {
            None => {
                c.read.extend_from_slice(records);
                let excess = c.read.len().saturating_sub(CONSUMER_READ_KEPT);
                c.read.pop_front_n(excess);
                c.read_base += excess as Offset;
                c.position += records.len() as Offset;
            }
            Some(KafkaError::OffsetOutOfRange) => {
                // auto.offset.reset=latest: resume at the leader's HW. Records it read above it are gone.
                let old = c.position;
                let hw = *high_watermark;
                c.resets += 1;
                c.position = hw;
                let text = format!("consumer of p{partition}: offset {old} is out of range on the leader; it resets to the HW {hw}");
                let params = crate::events::params!("consumer-reset", p = *partition, old = old, hw = hw);
                self.events.record(now, "consumer-reset", Some(*partition), None, params, text);
            }
            Some(_) => {}
        }
    }

    /// The producer's and consumers' connections to a crashed broker close.
    pub(crate) fn consumer_connection_closed(&mut self, broker: u32) {
        for c in self.consumers.iter_mut().filter(|c| c.in_flight && c.sent_to == broker as i32) {
            c.in_flight = false;
        }
    }

    pub fn consumer_views(&self) -> Vec<ConsumerView> {
        self.consumers
            .iter()
            .map(|c| ConsumerView {
                partition: c.partition,
                position: c.position,
                records_read: c.read_base + c.read.len() as u64,
                last_values: c.read.iter().skip(c.read.len().saturating_sub(VIEW_VALUES)).map(|r| r.value).collect(),
                resets: c.resets,
            })
            .collect()
    }
}
