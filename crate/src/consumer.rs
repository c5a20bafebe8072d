//! One consumer per partition (the source notes: "consumers read only up to the HW"). Each polls
//! the partition's leader, reads what lies below the HW, and remembers what it read, so that a
//! record a consumer saw and that later vanished or changed can be detected (§5.3 "consistent reads").
//! With KIP-392 (2.4+) the leader may name a preferred read replica; the consumer then polls that
//! follower, which serves up to its own HW (`fetch_from_follower.rs`), until the lease ends.

use crate::cluster::Cluster;
use crate::collections::Chunked;
use crate::config::Config;
use crate::events::{params, Reason};
use crate::log::{Offset, Record};
use crate::message::{BrokerId, KafkaError, Msg, Tick, CONSUMER};
use std::hash::{Hash, Hasher};

#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// KIP-392: the preferred read replica the leader named, and the tick its lease ends
    /// (`SubscriptionState.updatePreferredReadReplica`: now + `metadata.max.age.ms`).
    pub preferred_read_replica: Option<(BrokerId, Tick)>,
}

/// The preferred read replica is hashed only when set, so that a cluster without fetch from
/// follower hashes as before it existed (the determinism fixture).
impl Hash for Consumer {
    fn hash<H: Hasher>(&self, h: &mut H) {
        (self.partition, self.position, self.in_flight, self.sent_at, self.sent_to, self.read_base, &self.read, self.resets).hash(h);
        if let Some(p) = self.preferred_read_replica {
            p.hash(h);
        }
    }
}

impl Consumer {
    pub fn new(partition: u32) -> Consumer {
        Consumer {
            partition,
            position: 0,
            in_flight: false,
            sent_at: 0,
            sent_to: -1,
            read_base: 0,
            read: Chunked::default(),
            resets: 0,
            preferred_read_replica: None,
        }
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
    /// The broker its fetches go to (-1: none, the partition has no leader).
    pub fetching_from: i32,
    /// KIP-392: that broker is a follower the leader named as the preferred read replica.
    pub from_follower: bool,
    /// The HW of the replica it reads from: what it may read up to (a follower's trails the leader's).
    pub high_watermark: Offset,
}

/// Records kept per consumer for the consistency check.
pub const CONSUMER_READ_KEPT: usize = 65_536;
/// How many recent values the snapshot shows.
const VIEW_VALUES: usize = 20;

impl Cluster {
    /// Each consumer without a fetch in flight asks its partition's leader, or its preferred read
    /// replica, for more; one with no answer after `request.timeout.ms` gives up and asks again.
    pub(crate) fn run_consumers(&mut self) {
        if !self.config.consumers {
            return;
        }
        let now = self.tick;
        for p in 0..self.consumers.len() {
            let c = &self.consumers[p];
            if c.in_flight && now - c.sent_at < self.timing.request_timeout {
                continue;
            }
            // No leader, no fetch, even with a preferred read replica (`Fetcher.prepareFetchRequests`).
            let to = self.read_replica(p);
            let c = &mut self.consumers[p];
            if to < 0 {
                c.in_flight = false;
                continue;
            }
            c.in_flight = true;
            c.sent_at = now;
            c.sent_to = to;
            let msg = Msg::ConsumerFetch { partition: p as u32, fetch_offset: c.position };
            self.send(CONSUMER, to, msg);
        }
    }

    /// `Fetcher.selectReadReplica`: the preferred read replica while its lease lasts and the
    /// metadata lists its broker as live, else the leader (-1: none). An expired lease is
    /// dropped (`SubscriptionState.preferredReadReplica`), and so is a replica the metadata no
    /// longer lists ("this condition may happen due to stale metadata, so we clear preferred replica").
    fn read_replica(&mut self, p: usize) -> i32 {
        let to = self.read_target(&self.consumers[p]);
        if let Some((b, until)) = self.consumers[p].preferred_read_replica {
            if to >= 0 && to != b as i32 {
                self.consumers[p].preferred_read_replica = None;
                let why = if self.tick >= until {
                    let ms = self.config.metadata_max_age_ms;
                    Reason::new(params!("why.read-replica-expired", ms = ms), format!("its lease of metadata.max.age.ms {ms} ms ended"))
                } else {
                    Reason::new(params!("why.read-replica-offline", b = b), format!("the metadata no longer lists b{b}"))
                };
                self.consumer_back_to_leader(p as u32, b, why);
            }
        }
        to
    }

    /// The preferred read replica answered `error`: the consumer forgets it and reads from the
    /// leader again.
    fn read_replica_failed(&mut self, partition: u32, error: KafkaError) {
        let Some((b, _)) = self.consumers[partition as usize].preferred_read_replica.take() else { return };
        let why = Reason::new(params!("why.read-replica-error", b = b, error = error.name()), format!("b{b} answered {}", error.name()));
        self.consumer_back_to_leader(partition, b, why);
    }

    /// The consumer forgets its preferred read replica and reads from the leader again.
    fn consumer_back_to_leader(&mut self, partition: u32, replica: BrokerId, why: Reason) {
        let text = format!("consumer of p{partition} stops reading from b{replica} ({}) and goes back to the leader", why.text);
        let params = params!("consumer-read-replica.leader", p = partition, b = replica, why = why.params);
        self.events.record(self.tick, "consumer-read-replica", Some(partition), Some(replica), params, text);
    }

    pub(crate) fn on_consumer_fetch_response(&mut self, msg: &Msg) {
        if let Msg::ConsumerFetchRedirect { partition, fetch_offset, preferred_read_replica, high_watermark } = msg {
            return self.on_consumer_redirect(*partition, *fetch_offset, *preferred_read_replica, *high_watermark);
        }
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
            // KIP-392 (`Fetcher.initializeCompletedFetch`): out of range with a preferred read
            // replica set clears it and retries on the leader, without resetting the position.
            Some(e @ KafkaError::OffsetOutOfRange) if c.preferred_read_replica.is_some() => self.read_replica_failed(*partition, *e),
            Some(KafkaError::OffsetOutOfRange) => {
                // auto.offset.reset=latest: resume at the leader's HW. Records it read above it are gone.
                let old = c.position;
                let hw = *high_watermark;
                c.resets += 1;
                c.position = hw;
                let text = format!("consumer of p{partition}: offset {old} is out of range on the leader; it resets to the HW {hw}");
                let params = params!("consumer-reset", p = *partition, old = old, hw = hw);
                self.events.record(now, "consumer-reset", Some(*partition), None, params, text);
            }
            // An error that refreshes the metadata clears the preferred read replica since 3.4
            // (KAFKA-14379, `Fetcher.requestMetadataUpdate`); before, it lasted until its lease ended.
            Some(e @ (KafkaError::NotLeaderOrFollower | KafkaError::FencedLeaderEpoch | KafkaError::UnknownLeaderEpoch))
                if c.preferred_read_replica.is_some() && self.config.rules().preferred_replica_cleared_on_metadata_update =>
            {
                self.read_replica_failed(*partition, *e)
            }
            Some(_) => {}
        }
    }

    /// The leader named a preferred read replica (`Fetcher`: `updatePreferredReadReplica` for
    /// `metadata.max.age.ms`); the next fetch goes there.
    fn on_consumer_redirect(&mut self, partition: u32, fetch_offset: Offset, replica: BrokerId, leader_hw: Offset) {
        let until = self.tick + Config::ticks(self.config.metadata_max_age_ms);
        let c = &mut self.consumers[partition as usize];
        if !c.in_flight || fetch_offset != c.position {
            return;
        }
        c.in_flight = false;
        c.preferred_read_replica = Some((replica, until));
        let rack = self.config.rack.broker_rack(replica).unwrap_or("").to_string();
        let text = format!(
            "consumer of p{partition}: the leader names b{replica} (rack {rack}) as its preferred read replica (leader HW {leader_hw})"
        );
        let params = params!("consumer-read-replica", p = partition, b = replica, rack = rack, hw = leader_hw);
        self.events.record(self.tick, "consumer-read-replica", Some(partition), Some(replica), params, text);
    }

    /// The producer's and consumers' connections to a crashed broker close.
    pub(crate) fn consumer_connection_closed(&mut self, broker: u32) {
        for c in self.consumers.iter_mut().filter(|c| c.in_flight && c.sent_to == broker as i32) {
            c.in_flight = false;
        }
    }

    /// Where the consumer's fetches go now, as `read_replica` would choose without its clean-up.
    fn read_target(&self, c: &Consumer) -> i32 {
        let leader = self.zk.partitions[c.partition as usize].leader;
        match c.preferred_read_replica {
            Some((b, until)) if leader >= 0 && self.tick < until && self.zk.brokers.contains_key(&b) => b as i32,
            _ => leader,
        }
    }

    /// Consumer `p` as the snapshot shows it, with where its fetches go now (`read_target`).
    pub fn consumer_view(&self, p: usize) -> ConsumerView {
        let c = &self.consumers[p];
        let to = self.read_target(c);
        // A preferred read replica that does not lead the partition.
        let from_follower = to >= 0 && to != self.zk.partitions[p].leader && c.preferred_read_replica.is_some_and(|(b, _)| b as i32 == to);
        // The HW of the replica read from (0 if none, or if that broker has no replica).
        let high_watermark = usize::try_from(to)
            .ok()
            .and_then(|b| self.brokers.get(b))
            .and_then(|b| b.replicas.get(&c.partition))
            .map_or(0, |r| r.log.high_watermark());
        ConsumerView {
            partition: c.partition,
            position: c.position,
            records_read: c.read_base + c.read.len() as u64,
            last_values: c.read.iter().skip(c.read.len().saturating_sub(VIEW_VALUES)).map(|r| r.value).collect(),
            resets: c.resets,
            fetching_from: to,
            from_follower,
            high_watermark,
        }
    }

    pub fn consumer_views(&self) -> Vec<ConsumerView> {
        (0..self.consumers.len()).map(|p| self.consumer_view(p)).collect()
    }
}
