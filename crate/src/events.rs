//! The event feed: every state change with its reason and values.

use crate::message::Tick;
use std::collections::VecDeque;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Event {
    pub tick: Tick,
    pub time_ms: u64,
    pub kind: &'static str,
    /// -1 when the event is not about one partition.
    pub partition: i64,
    /// -1 when the event is not about one broker.
    pub broker: i64,
    pub text: String,
}

crate::json_object!(Event { "tick" => tick, "timeMs" => time_ms, "kind" => kind, "partition" => partition, "broker" => broker, "text" => text });

/// At most this many events are kept between two drains; older ones are dropped and counted, so a
/// long `step(n)` under heavy load cannot grow memory without bound.
pub const MAX_PENDING_EVENTS: usize = 5_000;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Events {
    pending: VecDeque<Event>,
    dropped: u64,
    /// Off: nothing is recorded or formatted (`Config::events`, for benchmarks).
    enabled: bool,
}

impl Events {
    pub fn new(enabled: bool) -> Events {
        Events { pending: VecDeque::new(), dropped: 0, enabled }
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

    pub fn push(&mut self, tick: Tick, kind: &'static str, partition: Option<u32>, broker: Option<u32>, text: String) {
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
        });
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
            });
            self.dropped = 0;
        }
        out.extend(self.pending.drain(..));
        out
    }
}

/// `{1,3}`: a broker set as the event texts write it.
pub fn set_text(ids: &[u32]) -> String {
    format!("{{{}}}", ids.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(","))
}
