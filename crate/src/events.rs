//! The event feed: every state change with its reason and values.

use crate::log::{Epoch, Offset};
use crate::message::{BrokerId, Tick};
use std::collections::VecDeque;

/// Every event kind, with what it means (`Cluster.schema()`; a test checks that the core emits
/// no other).
pub const EVENT_KINDS: &[(&str, &str)] = &[
    ("produce", "the producer sent a produce request"),
    ("append", "the leader appended a produce request's records to its log"),
    ("produce-wait", "the producer holds a request: the leader its metadata names refuses connections; it refreshes its metadata"),
    ("produce-rejected", "the leader refused a produce request (NOT_ENOUGH_REPLICAS, OUT_OF_ORDER_SEQUENCE_NUMBER)"),
    ("duplicate-ignored", "the leader recognised a retried idempotent batch and did not append it again"),
    ("request-acked", "the producer got a successful answer"),
    ("request-failed", "the producer gave up on a request (its error is given)"),
    ("request-retry", "the producer sends a request again after a retriable error"),
    ("replicate", "a follower appended records fetched from the leader"),
    ("hw", "a high watermark moved (leader: min LEO of the replicas that count; follower: learned from the leader)"),
    ("truncate", "a replica removed records at the end of its log to match the leader's"),
    ("lost-unflushed", "a power failure lost records not yet flushed to disk"),
    ("fetch-timeout", "a follower's request to the leader went unanswered for replica.socket.timeout.ms"),
    ("isr-shrink", "a follower left the ISR (the reason is given)"),
    ("isr-expand", "a follower joined the ISR"),
    ("isr-write-skipped", "a leader's ISR write to ZooKeeper failed: its cached zkVersion was stale"),
    ("control-resent", "a control request (LeaderAndIsr, AlterPartition) got no answer in time and was sent again"),
    ("alter-partition", "a leader asked the controller to change the ISR (AlterPartition), or learned it failed"),
    ("leader", "a broker became the leader of a partition"),
    ("leader-election", "the controller chose a partition's leader (and ISR) and wrote it to ZooKeeper (KRaft: to the metadata log)"),
    ("metadata-record", "KRaft: the controller wrote a PartitionChangeRecord that keeps the leader (an ISR or ELR change)"),
    ("broker-registered", "KRaft: a broker registered with the controller (RegisterBrokerRecord); it starts fenced"),
    ("broker-fenced", "KRaft: the controller fenced a broker (its session timed out) after removing it from every ISR"),
    (
        "broker-in-shutdown",
        "KRaft: a broker asked to shut down while leading; the controller marks it in controlled shutdown and moves its leaderships",
    ),
    ("broker-unfenced", "KRaft: the controller unfenced a broker that caught up with the metadata log"),
    ("controller", "a broker became the controller"),
    ("stale-controller", "a broker ignored a request from a controller with an older controller_epoch"),
    (
        "stale-broker-epoch",
        "a broker refused a control request meant for its previous process, or the controller a ControlledShutdown from one (STALE_BROKER_EPOCH, KIP-380); KRaft: a leader refused a Fetch from a previous process or kept a replica whose fetch named another broker epoch out of the ISR, or the controller refused an AlterPartition naming one (KIP-903)",
    ),
    ("zk-register", "a broker registered its ZooKeeper session (/brokers/ids/N)"),
    ("zk-session-expired", "a broker's ZooKeeper session expired: its ephemeral znode is deleted"),
    ("broker-fail", "a broker was made to fail (crash, stuck, slow, isolated) or began a controlled shutdown"),
    ("broker-recover", "a failed broker recovered"),
    ("controller-fail", "KRaft: a controller was made to fail (crash, isolated)"),
    ("controller-recover", "KRaft: a failed controller recovered"),
    (
        "quorum",
        "KRaft: a controller's Raft state changed (prospective, candidate, leader, active, follower, unattached, resigned), a vote, a refused pre-vote or a truncation",
    ),
    ("controlled-shutdown", "an attempt of a broker's controlled shutdown failed; it asks again or stops anyway"),
    ("stop-replica", "a broker shutting down stopped fetching a partition, or a replica removed by a reassignment was deleted (StopReplica from the controller)"),
    ("broker-stop", "a broker stopped cleanly after a controlled shutdown (its ZooKeeper session closed at once)"),
    ("link-cut", "the network link between two brokers was cut"),
    ("link-heal", "a cut link was healed"),
    ("message-dropped", "the network dropped a message (dropNext)"),
    ("consumer-reset", "a consumer reset its offset (out of range on the leader)"),
    (
        "consumer-read-replica",
        "KIP-392: the leader named a follower as a consumer's preferred read replica, or the consumer went back to the leader (lease expired, replica offline, or an error)",
    ),
    ("violation", "a guarantee was violated (see the violation kinds)"),
    ("events-dropped", "older events were dropped: more than 5000 in one step"),
];

/// How long truncated records stay in the snapshot (`truncated`): 3 s of Kafka time, for the page
/// to show them leaving.
pub const TRUNCATED_KEPT_TICKS: Tick = 30;
/// At most this many truncated records are kept per truncation (the lowest offsets removed).
pub const TRUNCATED_KEPT_RECORDS: usize = 200;

/// A record a truncation removed, with the rule that removed it.
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Truncated {
    pub tick: Tick,
    /// The snapshot lists these under their partition.
    #[serde(skip)]
    pub partition: u32,
    pub broker: BrokerId,
    pub offset: Offset,
    pub value: u32,
    pub leader_epoch: Epoch,
    /// "high-watermark" (≤ 0.10), "leader-epoch" (KIP-101), "kip-279", "diverging-epoch" (2.8+
    /// DivergingEpoch) or "out-of-range" (above the leader's LEO).
    pub rule: &'static str,
}

/// Why a replica last left a partition's ISR, and when (the snapshot's `outOfIsr`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IsrExit {
    pub reason: &'static str,
    pub tick: Tick,
}

/// How a replica last joined a partition's ISR, and when (the snapshot's `joinedIsr`): "caught-up"
/// (the leader's ISR expansion: its LEO reached the HW, `Partition.isFollowerInSync`) or "elected"
/// (the controller chose it as leader with the ISR it wrote: an unclean or ELR election).
pub type IsrJoin = IsrExit;

/// One field of an event's `params`: a number, a word (a Kafka error or config name, a rule), a
/// broker set, or a nested phrase (the reason of a change) with its own template.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Param {
    Int(i64),
    Text(String),
    Ids(Vec<u32>),
    Nested(Params),
    /// Phrases joined by "; " (an election's reasons).
    List(Vec<Params>),
}

/// What an event or a violation says, as data: `kind` names the page's template (i18n.js
/// `ev.<kind>`, e.g. `produce.sent`) and `fields` fill its `{name}` slots, so the page can say it
/// in the reader's language. Empty (`kind` "") for an event pushed with its text only: the page
/// then shows the text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Params {
    pub kind: &'static str,
    pub fields: Vec<(&'static str, Param)>,
}

/// `params!("produce.sent", request = id, acks = acks.label())`: a `Params` (each value is
/// anything `Param: From` takes).
macro_rules! params {
    ($kind:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::events::Params { kind: $kind, fields: vec![$((stringify!($name), $crate::events::Param::from($value))),*] }
    };
}
pub(crate) use params;

macro_rules! param_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Param {
            fn from(n: $t) -> Param {
                Param::Int(n as i64)
            }
        }
    )*};
}
param_from_int!(u32, u64, i32, i64, usize);

impl From<&str> for Param {
    fn from(s: &str) -> Param {
        Param::Text(s.to_string())
    }
}
impl From<String> for Param {
    fn from(s: String) -> Param {
        Param::Text(s)
    }
}
impl From<&[u32]> for Param {
    fn from(ids: &[u32]) -> Param {
        Param::Ids(ids.to_vec())
    }
}
impl From<Vec<u32>> for Param {
    fn from(ids: Vec<u32>) -> Param {
        Param::Ids(ids)
    }
}
impl From<&Vec<u32>> for Param {
    fn from(ids: &Vec<u32>) -> Param {
        Param::Ids(ids.clone())
    }
}
impl From<Params> for Param {
    fn from(p: Params) -> Param {
        Param::Nested(p)
    }
}

/// `{"kind":…,"name":value,…}`, or `null` when empty.
impl serde::Serialize for Params {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        if self.kind.is_empty() {
            return s.serialize_none();
        }
        let mut map = s.serialize_map(Some(self.fields.len() + 1))?;
        map.serialize_entry("kind", self.kind)?;
        for (name, value) in &self.fields {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// A number, a string, an array of broker ids, a nested phrase or a list of phrases, as it is.
impl serde::Serialize for Param {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Param::Int(n) => s.serialize_i64(*n),
            Param::Text(t) => s.serialize_str(t),
            Param::Ids(ids) => ids.serialize(s),
            Param::Nested(p) => p.serialize(s),
            Param::List(items) => items.serialize(s),
        }
    }
}

/// A phrase of an event's sentence computed before the event (why an ISR member leaves, where a
/// truncation goes, why the controller elects): its English words and its params.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reason {
    pub text: String,
    pub params: Params,
}

/// Hashed as its text alone: a pending ISR change holds its reasons, and the state hash (the
/// determinism fixture) stays what it was when reasons were text.
impl std::hash::Hash for Reason {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

impl Reason {
    pub fn new(params: Params, text: String) -> Reason {
        Reason { text, params }
    }

    /// The reasons in order, joined by "; ".
    pub fn join(reasons: Vec<Reason>) -> Reason {
        let text = reasons.iter().map(|r| r.text.as_str()).collect::<Vec<_>>().join("; ");
        Reason { text, params: params!("list", items = Param::List(reasons.into_iter().map(|r| r.params).collect())) }
    }
}

#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    pub tick: Tick,
    pub time_ms: u64,
    pub kind: &'static str,
    /// -1 when the event is not about one partition.
    pub partition: i64,
    /// -1 when the event is not about one broker.
    pub broker: i64,
    /// The English sentence (the CLI, traces, and the page when `params` is empty).
    pub text: String,
    /// The same, as a template name and its fields (the page's translations).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "EventParams | null"))]
    pub params: Params,
}

/// At most this many events are kept between two drains; older ones are dropped and counted, so a
/// long `step(n)` under heavy load cannot grow memory without bound.
pub const MAX_PENDING_EVENTS: usize = 5_000;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Events {
    pending: VecDeque<Event>,
    dropped: u64,
    /// Off: nothing is recorded or formatted (`Config::events`, for benchmarks).
    enabled: bool,
    /// What views show besides the feed, kept whether or not the feed is on (a quiet replay
    /// reaches the same picture). Not part of the state hash: nothing in the model reads them.
    recent_truncated: VecDeque<Truncated>,
    isr_exits: crate::collections::VecMap<(u32, BrokerId), IsrExit>,
    isr_joins: crate::collections::VecMap<(u32, BrokerId), IsrJoin>,
}

impl Events {
    pub fn new(enabled: bool) -> Events {
        Events {
            pending: VecDeque::new(),
            dropped: 0,
            enabled,
            recent_truncated: VecDeque::new(),
            isr_exits: Default::default(),
            isr_joins: Default::default(),
        }
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Turns recording off or on; returns the previous setting. Turning it off discards what is
    /// pending.
    pub fn set_enabled(&mut self, on: bool) -> bool {
        if !on {
            self.pending.clear();
            self.dropped = 0;
        }
        std::mem::replace(&mut self.enabled, on)
    }

    /// Records an event with its English text only (the page shows the text as it is).
    pub fn push(&mut self, tick: Tick, kind: &'static str, partition: Option<u32>, broker: Option<u32>, text: String) {
        self.record(tick, kind, partition, broker, Params::default(), text);
    }

    /// Records an event with its text and its `params` (what the page translates).
    pub fn record(&mut self, tick: Tick, kind: &'static str, partition: Option<u32>, broker: Option<u32>, params: Params, text: String) {
        if !self.enabled {
            return;
        }
        if self.pending.len() >= MAX_PENDING_EVENTS {
            self.pending.pop_front();
            self.dropped += 1;
        }
        self.pending.push_back(Event {
            tick,
            time_ms: tick * crate::config::TICK_MS,
            kind,
            partition: partition.map_or(-1, i64::from),
            broker: broker.map_or(-1, i64::from),
            text,
            params,
        });
    }

    /// Remembers records removed by a truncation at `tick` (at most TRUNCATED_KEPT_RECORDS), and
    /// forgets those older than TRUNCATED_KEPT_TICKS.
    pub fn truncated(
        &mut self,
        tick: Tick,
        partition: u32,
        broker: BrokerId,
        rule: &'static str,
        records: impl Iterator<Item = (Offset, u32, Epoch)>,
    ) {
        while self.recent_truncated.front().is_some_and(|t| t.tick + TRUNCATED_KEPT_TICKS < tick) {
            self.recent_truncated.pop_front();
        }
        for (offset, value, leader_epoch) in records.take(TRUNCATED_KEPT_RECORDS) {
            self.recent_truncated.push_back(Truncated { tick, partition, broker, offset, value, leader_epoch, rule });
        }
    }

    /// The records of `partition` truncated within TRUNCATED_KEPT_TICKS before `now`.
    pub fn recent_truncations(&self, now: Tick, partition: u32) -> impl Iterator<Item = &Truncated> + '_ {
        self.recent_truncated.iter().filter(move |t| t.partition == partition && t.tick + TRUNCATED_KEPT_TICKS >= now)
    }

    /// Notes why `broker` left `partition`'s ISR.
    pub fn isr_exit(&mut self, partition: u32, broker: BrokerId, exit: IsrExit) {
        self.isr_exits.insert((partition, broker), exit);
    }

    /// Why `broker` last left `partition`'s ISR (None: it never did, e.g. a new replica).
    pub fn last_isr_exit(&self, partition: u32, broker: BrokerId) -> Option<IsrExit> {
        self.isr_exits.get(&(partition, broker)).copied()
    }

    /// Notes how `broker` joined `partition`'s ISR.
    pub fn isr_join(&mut self, partition: u32, broker: BrokerId, join: IsrJoin) {
        self.isr_joins.insert((partition, broker), join);
    }

    /// How `broker` last joined `partition`'s ISR (None: it was in it from the topic's creation).
    pub fn last_isr_join(&self, partition: u32, broker: BrokerId) -> Option<IsrJoin> {
        self.isr_joins.get(&(partition, broker)).copied()
    }

    /// Takes the events recorded since the last drain, oldest first. When some were dropped the
    /// first event says how many.
    pub fn drain(&mut self, tick: Tick) -> Vec<Event> {
        let mut out = Vec::with_capacity(self.pending.len() + 1);
        if self.dropped > 0 {
            out.push(Event {
                tick,
                time_ms: tick * crate::config::TICK_MS,
                kind: "events-dropped",
                partition: -1,
                broker: -1,
                text: format!("{} older events were dropped (more than {MAX_PENDING_EVENTS} in one call)", self.dropped),
                params: params!("events-dropped", n = self.dropped, max = MAX_PENDING_EVENTS),
            });
            self.dropped = 0;
        }
        out.extend(self.pending.drain(..));
        out
    }
}

/// `1,3`: broker ids as Kafka's texts list them (inside `[…]` for an ordered list).
pub fn ids(list: &[u32]) -> String {
    list.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(",")
}

/// `{1,3}`: a broker set as the event texts write it.
pub fn set_text(list: &[u32]) -> String {
    format!("{{{}}}", ids(list))
}

#[cfg(test)]
mod tests {
    /// Every kind the sources emit is listed in EVENT_KINDS, and every listed kind is emitted.
    #[test]
    fn event_kinds_are_the_ones_emitted() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut emitted = std::collections::BTreeSet::new();
        // The sources and those of `kraft/`.
        let sub = std::path::Path::new(dir).join("kraft");
        for entry in std::fs::read_dir(dir).unwrap().chain(std::fs::read_dir(sub).unwrap()) {
            let path = entry.unwrap().path();
            if path.ends_with("schema.rs") {
                continue; // its `kind:` fields are key kinds
            }
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let flat = text.split_whitespace().collect::<Vec<_>>().join(" ").replace("( ", "(");
            for marker in [
                "event!(self, ctx, \"",
                ".push(self.tick, \"",
                ".push(now, \"",
                ".push(ctx.now, \"",
                ".record(self.tick, \"",
                ".record(now, \"",
                ".record(ctx.now, \"",
                "kind: \"",
            ] {
                for (i, _) in flat.match_indices(marker) {
                    let rest = &flat[i + marker.len()..];
                    emitted.insert(rest[..rest.find('"').unwrap()].to_string());
                }
            }
        }
        // apply_isr passes its kind in a variable, and so does kraft.rs's `append` for a broker's record.
        emitted.extend(
            ["isr-shrink", "isr-expand", "broker-registered", "broker-fenced", "broker-unfenced", "broker-in-shutdown"].map(String::from),
        );
        emitted.retain(|k| k.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !k.is_empty());
        let listed: std::collections::BTreeSet<String> = super::EVENT_KINDS.iter().map(|k| k.0.to_string()).collect();
        let missing: Vec<_> = emitted.difference(&listed).collect();
        assert!(missing.is_empty(), "emitted but not in EVENT_KINDS: {missing:?}");
        let unused: Vec<_> = listed.difference(&emitted).collect();
        assert!(unused.is_empty(), "in EVENT_KINDS but never emitted: {unused:?}");
    }
}
