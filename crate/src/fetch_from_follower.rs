//! Fetch from follower (KIP-392, 2.4+), the brokers' side: the leader names a preferred read
//! replica for a consumer (`ReplicaManager.findPreferredReadReplica` with the configured
//! `replica.selector.class`), and a follower serves a consumer's fetch up to its own HW, which is
//! min(the HW of its last fetch response, its LEO) (§1.5) and so trails the leader's.
//! The consumer's side (where it sends its fetches, when it goes back to the leader) is in
//! `consumer.rs`.

use crate::config::{RackSettings, ReplicaSelector};
use crate::log::Offset;
use crate::message::{BrokerId, KafkaError, Msg, Tick, CONSUMER};
use crate::partition::{Ctx, ParkedFetch, Replica, Role, REPLICA_FETCH_MAX_RECORDS};

/// The consumer fetches a follower holds (Kafka's fetch purgatory on a follower). Hashed only
/// when some wait, so that a cluster without fetch from follower hashes as before it existed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParkedReads(pub Vec<ParkedFetch>);

impl std::hash::Hash for ParkedReads {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            self.0.hash(h);
        }
    }
}

/// What a replica selector knows of one replica (`org.apache.kafka.common.replica.ReplicaView`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplicaView<'r> {
    pub id: BrokerId,
    /// Its `broker.rack` (None: no rack, or no endpoint: a broker missing from the metadata).
    pub rack: Option<&'r str>,
    pub log_end_offset: Offset,
    /// `timeSinceLastCaughtUpMs`, in ticks (the leader's own view: 0).
    pub since_caught_up: Tick,
}

/// `RackAwareReplicaSelector.select`: with a `client.rack`, the replicas in that rack: the leader
/// if it is one of them, else the most caught-up (`ReplicaView.comparator()`: highest LEO, then
/// least time since caught up, then highest id); no rack or no replica there: the leader.
pub fn select_rack_aware<'r>(client_rack: &str, leader: &ReplicaView<'r>, replicas: &[ReplicaView<'r>]) -> BrokerId {
    if client_rack.is_empty() {
        return leader.id;
    }
    let same_rack = || std::iter::once(leader).chain(replicas).filter(|r| r.rack == Some(client_rack));
    if same_rack().any(|r| r.id == leader.id) {
        return leader.id;
    }
    same_rack().max_by_key(|r| (r.log_end_offset, std::cmp::Reverse(r.since_caught_up), r.id)).map_or(leader.id, |r| r.id)
}

impl Replica {
    /// `findPreferredReadReplica` (ReplicaManager.scala): only the leader, only for a consumer's
    /// fetch, only with a selector set. The followers offered hold the fetch offset (LEO ≥ it) and,
    /// since 3.4 (KAFKA-14372), are in the ISR; the leader joins them; a broker missing from the
    /// metadata has no endpoint (`Node.noNode()`, no rack) and is never returned. None: read here.
    /// (Kafka also requires the follower's log start offset ≤ the fetch offset; the leader here
    /// does not track followers' log starts: such a follower answers OFFSET_OUT_OF_RANGE and the
    /// consumer comes back, `consumer.rs`.)
    pub(crate) fn preferred_read_replica(&self, ctx: &Ctx, fetch_offset: Offset) -> Option<BrokerId> {
        let Role::Leader(ls) = &self.role else { return None };
        let racks: &RackSettings = &ctx.cfg.rack;
        if racks.replica_selector_class == ReplicaSelector::None {
            return None;
        }
        let live = |b: BrokerId| ctx.zk.brokers.contains_key(&b);
        let rack = |b: BrokerId| if live(b) { racks.broker_rack(b) } else { None };
        let in_isr_only = ctx.cfg.rules().preferred_replica_in_isr;
        let followers: Vec<ReplicaView> = ls
            .followers
            .iter()
            .filter(|(id, _)| !in_isr_only || self.isr.contains(id))
            .filter_map(|(id, f)| {
                let leo = f.log_end_offset.filter(|leo| *leo >= fetch_offset)?;
                let since_caught_up = f.last_caught_up.map_or(Tick::MAX, |t| ctx.now.saturating_sub(t));
                Some(ReplicaView { id: *id, rack: rack(*id), log_end_offset: leo, since_caught_up })
            })
            .collect();
        let leader = ReplicaView { id: ctx.me, rack: rack(ctx.me), log_end_offset: self.log.log_end_offset(), since_caught_up: 0 };
        let chosen = select_rack_aware(&racks.client_rack, &leader, &followers);
        (chosen != ctx.me).then_some(chosen)
    }

    /// The leader's answer naming the preferred read replica: no records, its own HW
    /// (`readFromLocalLog` skips the read when a preferred replica is set).
    pub(crate) fn consumer_redirect(&self, fetch_offset: Offset, preferred_read_replica: BrokerId) -> Msg {
        Msg::ConsumerFetchRedirect {
            partition: self.partition,
            fetch_offset,
            preferred_read_replica,
            high_watermark: self.log.high_watermark(),
        }
    }

    /// A follower's answer to a consumer (2.4+, `fetchOnlyFromLeader` false for consumers):
    /// OFFSET_OUT_OF_RANGE above its LEO or below its log start, else the records below its own
    /// HW; with none there, the fetch is parked until the follower's HW passes it or the wait
    /// (`replica.fetch.wait.max.ms`, as for the leader's consumer fetches) ends.
    pub(crate) fn on_consumer_fetch_as_follower(&mut self, ctx: &mut Ctx, fetch_offset: Offset) {
        if self.log.out_of_range(fetch_offset) || fetch_offset < self.log.high_watermark() || ctx.timing.fetch_wait == 0 {
            return ctx.out.push((CONSUMER, self.follower_read(fetch_offset)));
        }
        if let Role::Follower(fs) = &mut self.role {
            fs.parked.0.push(ParkedFetch { replica: None, fetch_offset, deadline: ctx.now + ctx.timing.fetch_wait });
        }
    }

    /// What a follower has for a consumer at `fetch_offset`: the records below its HW (maybe
    /// none), or OFFSET_OUT_OF_RANGE above its LEO or below its log start.
    pub(crate) fn follower_read(&self, fetch_offset: Offset) -> Msg {
        let hw = self.log.high_watermark();
        let out_of_range = self.log.out_of_range(fetch_offset);
        let records = if out_of_range {
            Vec::new()
        } else {
            self.log.copy_range(fetch_offset, hw.max(fetch_offset).min(fetch_offset + REPLICA_FETCH_MAX_RECORDS))
        };
        let error = out_of_range.then_some(KafkaError::OffsetOutOfRange);
        Msg::ConsumerFetchResponse { partition: self.partition, fetch_offset, records, high_watermark: hw, error }
    }

    /// Answers the consumer reads a follower holds that its HW now covers (`hw`: it just rose to
    /// it) or whose wait ended.
    pub(crate) fn complete_parked_reads(&mut self, ctx: &mut Ctx, hw: Option<Offset>) {
        let Role::Follower(fs) = &mut self.role else { return };
        let due = |p: &ParkedFetch| ctx.now >= p.deadline || hw.is_some_and(|hw| hw > p.fetch_offset);
        if !fs.parked.0.iter().any(due) {
            return;
        }
        let (done, kept): (Vec<ParkedFetch>, Vec<ParkedFetch>) = std::mem::take(&mut fs.parked.0).into_iter().partition(due);
        fs.parked.0 = kept;
        for p in done {
            ctx.out.push((CONSUMER, self.follower_read(p.fetch_offset)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Value;
    use crate::cluster::Cluster;
    use crate::message::NodeId;

    /// 3 brokers in racks a, b, c (p0 led by b0), the consumer in rack c, 5 records replicated.
    fn cluster(version: &str, selector: &str) -> Cluster {
        let pairs: Vec<(String, Value)> = [
            ("version", Value::Str(version.into())),
            ("brokers", Value::Num(3.0)),
            ("partitions", Value::Num(1.0)),
            ("brokerRacks", Value::Str("a,b,c".into())),
            ("clientRack", Value::Str("c".into())),
            ("replicaSelectorClass", Value::Str(selector.into())),
            ("consumers", Value::Bool(false)),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        let mut c = Cluster::from_pairs(&pairs).unwrap();
        c.produce(crate::producer::ProduceArgs::new(0, 5, crate::message::Acks::All)).unwrap();
        c.step(30).unwrap();
        assert_eq!(c.brokers[2].replicas.get(&0).unwrap().log.high_watermark(), 5);
        c
    }

    /// What broker `b` answers a consumer's fetch at `offset`.
    fn consumer_fetch(c: &mut Cluster, b: u32, offset: Offset) -> Vec<(NodeId, Msg)> {
        let mut out = Vec::new();
        let (broker, mut ctx) = c.broker_ctx(b, &mut out);
        broker.deliver(&mut ctx, CONSUMER, &Msg::ConsumerFetch { partition: 0, fetch_offset: offset });
        out
    }

    /// `ReplicaManagerTest.testPreferredReplicaAsLeader`: the leader names the follower in the
    /// client's rack and reads nothing itself.
    #[test]
    fn the_leader_names_the_follower_in_the_clients_rack() {
        let mut c = cluster("3.7", "rack-aware");
        let out = consumer_fetch(&mut c, 0, 3);
        assert_eq!(
            out,
            [(CONSUMER, Msg::ConsumerFetchRedirect { partition: 0, fetch_offset: 3, preferred_read_replica: 2, high_watermark: 5 })]
        );
    }

    /// `ReplicaManagerTest.testPreferredReplicaAsFollower` and
    /// `testFetchFromFollowerShouldNotRunPreferLeaderSelect` (KAFKA-13778): a follower serves the
    /// read itself, up to its HW, and never names a preferred replica.
    #[test]
    fn a_follower_serves_the_read_and_names_no_replica() {
        let mut c = cluster("3.7", "rack-aware");
        let out = consumer_fetch(&mut c, 1, 3);
        let [(CONSUMER, Msg::ConsumerFetchResponse { records, high_watermark: 5, error: None, .. })] = &out[..] else { panic!("{out:?}") };
        assert_eq!(records.iter().map(|r| r.value).collect::<Vec<_>>(), [4, 5]);
        // Beyond its LEO: OFFSET_OUT_OF_RANGE (the consumer then goes back to the leader, consumer.rs).
        let out = consumer_fetch(&mut c, 1, 6);
        assert!(matches!(&out[..], [(CONSUMER, Msg::ConsumerFetchResponse { error: Some(KafkaError::OffsetOutOfRange), .. })]), "{out:?}");
    }

    /// A follower holds a read at its HW until its HW passes it or the wait ends (Kafka's
    /// purgatory, completed by `ReplicaFetcherThread` when the follower's HW moves).
    #[test]
    fn a_follower_parks_a_read_at_its_hw_until_the_wait_ends() {
        let mut c = cluster("3.7", "rack-aware");
        assert!(consumer_fetch(&mut c, 1, 5).is_empty(), "nothing below the HW 5 yet: parked");
        let Role::Follower(fs) = &c.brokers[1].replicas[&0].role else { panic!("b1 follows") };
        let deadline = fs.parked.0[0].deadline;
        c.tick = deadline;
        let mut out = Vec::new();
        let (broker, mut ctx) = c.broker_ctx(1, &mut out);
        broker.replicas.get_mut(&0).unwrap().complete_parked_reads(&mut ctx, None);
        let [(CONSUMER, Msg::ConsumerFetchResponse { records, high_watermark: 5, error: None, .. })] = &out[..] else { panic!("{out:?}") };
        assert!(records.is_empty(), "the wait ended: an empty answer");
    }

    /// No selector (Kafka's default): the leader reads, and a follower answers as before KIP-392
    /// (see `on_consumer_fetch`); a release before KIP-392 refuses the rack keys.
    #[test]
    fn without_a_selector_the_leader_reads() {
        let mut c = cluster("3.7", "none");
        let out = consumer_fetch(&mut c, 0, 3);
        assert!(matches!(&out[..], [(CONSUMER, Msg::ConsumerFetchResponse { error: None, .. })]), "{out:?}");
        let out = consumer_fetch(&mut c, 1, 3);
        assert!(
            matches!(&out[..], [(CONSUMER, Msg::ConsumerFetchResponse { error: Some(KafkaError::NotLeaderOrFollower), .. })]),
            "{out:?}"
        );
        let e = Cluster::from_pairs(&[("version".into(), Value::Str("0.11".into())), ("clientRack".into(), Value::Str("c".into()))])
            .unwrap_err();
        assert_eq!(e.argument, "clientRack");
        assert!(e.message.contains("2.8, 3.7, 4.0, 4.2"), "{e}");
    }

    /// `ReplicaManagerTest.testPreferredReplicaAsLeaderWhenSameRackFollowerIsOutOfIsr` (KAFKA-14372,
    /// 3.4+): a follower out of the ISR is not offered; before (2.8) it is, if it holds the offset.
    #[test]
    fn a_follower_out_of_the_isr_is_offered_only_before_3_4() {
        for (version, expected) in [("3.7", None), ("2.8", Some(2))] {
            let mut c = cluster(version, "rack-aware");
            let Role::Leader(_) = c.brokers[0].replicas.get(&0).unwrap().role else { panic!() };
            c.brokers[0].replicas.get_mut(&0).unwrap().isr = vec![0, 1];
            let out = consumer_fetch(&mut c, 0, 3);
            let named = match &out[..] {
                [(_, Msg::ConsumerFetchRedirect { preferred_read_replica, .. })] => Some(*preferred_read_replica),
                _ => None,
            };
            assert_eq!(named, expected, "{version}: {out:?}");
        }
    }

    /// `Fetcher`: OFFSET_OUT_OF_RANGE from the preferred read replica clears it and the consumer
    /// retries on the leader without resetting its position.
    #[test]
    fn out_of_range_on_the_follower_sends_the_consumer_back_without_a_reset() {
        let mut c = cluster("3.7", "rack-aware");
        c.consumers[0].position = 7;
        c.consumers[0].in_flight = true;
        c.consumers[0].preferred_read_replica = Some((2, 10_000));
        let out = consumer_fetch(&mut c, 2, 7);
        c.on_consumer_fetch_response(&out[0].1);
        assert_eq!((c.consumers[0].preferred_read_replica, c.consumers[0].position, c.consumers[0].resets), (None, 7, 0));
    }

    fn view(id: BrokerId, rack: &str, leo: Offset, since: Tick) -> ReplicaView<'_> {
        ReplicaView { id, rack: Some(rack).filter(|r| !r.is_empty()), log_end_offset: leo, since_caught_up: since }
    }

    /// Kafka's `ReplicaSelectorTest.testSameRackSelector`: the replica in the client's rack.
    #[test]
    fn same_rack_replica_is_chosen() {
        let leader = view(0, "rack-a", 10, 0);
        let followers = [view(1, "rack-b", 10, 0), view(2, "rack-c", 10, 0)];
        assert_eq!(select_rack_aware("rack-b", &leader, &followers), 1);
        assert_eq!(select_rack_aware("rack-c", &leader, &followers), 2);
        // No replica in the client's rack, or no client.rack: the leader.
        assert_eq!(select_rack_aware("rack-d", &leader, &followers), 0);
        assert_eq!(select_rack_aware("", &leader, &followers), 0);
    }

    /// `RackAwareReplicaSelector`: "Use the leader if it's in this rack", else the most caught-up
    /// (`ReplicaView.comparator()`: LEO, then least time since caught up, then broker id).
    #[test]
    fn leader_in_the_rack_wins_then_the_most_caught_up() {
        let leader = view(0, "a", 10, 0);
        assert_eq!(select_rack_aware("a", &leader, &[view(1, "a", 10, 0)]), 0);
        let leader = view(0, "x", 10, 0);
        assert_eq!(select_rack_aware("a", &leader, &[view(1, "a", 8, 0), view(2, "a", 9, 5)]), 2, "higher LEO");
        assert_eq!(select_rack_aware("a", &leader, &[view(1, "a", 9, 3), view(2, "a", 9, 5)]), 1, "caught up more recently");
        assert_eq!(select_rack_aware("a", &leader, &[view(1, "a", 9, 3), view(2, "a", 9, 3)]), 2, "then the higher id");
    }
}
