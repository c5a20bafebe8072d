//! The producer client (§3): one producer that sends each request to the partition's leader,
//! tracks it to an ack or a Kafka error, retries retriable errors (`retries`, `retry.backoff.ms`,
//! `delivery.timeout.ms`) — which duplicates records after a leader change (§3.2) — unless it is
//! idempotent (KIP-98, §3.3): then each batch carries a sequence number the leader deduplicates.

use crate::api::{bool_arg, choice_arg, from_options, int_arg, ApiError, Value};
use crate::cluster::Cluster;
use crate::config::Config;
use crate::events::{params, Params};
use crate::log::Offset;
use crate::message::{Acks, KafkaError, Msg, ProduceRequest, Tick, PRODUCER};
use crate::partition::{offsets_params, offsets_text};

/// The one producer's id (a real broker hands it out with InitProducerId).
pub const PRODUCER_ID: i64 = 1000;

/// `produce` accepts at most this many records per request.
pub const MAX_PRODUCE_COUNT: u64 = 100_000;
/// Completed requests kept for the snapshot (pending ones are always kept).
pub const MAX_KEPT_REQUESTS: usize = 500;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RequestStatus {
    Pending,
    Acked,
    Failed,
}

impl RequestStatus {
    pub fn label(self) -> &'static str {
        match self {
            RequestStatus::Pending => "pending",
            RequestStatus::Acked => "acked",
            RequestStatus::Failed => "failed",
        }
    }
}

/// A produce request as the producer client tracks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Request {
    pub id: u32,
    pub partition: u32,
    pub acks: Acks,
    pub count: u32,
    pub first_value: u32,
    /// The batch's base sequence when the producer is idempotent.
    pub base_sequence: Option<i32>,
    pub status: RequestStatus,
    pub error: Option<KafkaError>,
    pub base_offset: Option<Offset>,
    pub sent_at: Tick,
    pub done_at: Option<Tick>,
    /// Sends so far (1 + retries); responses to an earlier attempt are ignored.
    pub attempts: u32,
    pub attempt_sent_at: Tick,
    /// The broker the current attempt went to (-1: none).
    pub sent_to: i32,
    /// Waiting out `retry.backoff.ms` before the next attempt.
    pub retry_at: Option<Tick>,
    /// Held in the accumulator: the leader its metadata names refuses connections.
    pub waiting: bool,
}

/// Arguments of [`Cluster::produce`]; `None` takes the producer's configured default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProduceArgs {
    pub partition: u32,
    pub count: u32,
    pub acks: Option<Acks>,
    pub idempotence: Option<bool>,
}

/// `produce`'s options as given, checked by `ProduceArgs::from_pairs`.
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify))]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProduceOptions {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number", optional))]
    partition: Option<Value>,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number", optional))]
    count: Option<Value>,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "AcksArg", optional))]
    acks: Option<Value>,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "boolean", optional))]
    idempotence: Option<Value>,
}

impl ProduceArgs {
    pub fn new(partition: u32, count: u32, acks: Acks) -> ProduceArgs {
        ProduceArgs { partition, count, acks: Some(acks), idempotence: None }
    }

    /// Parses `{partition, count, acks, idempotence}` (all optional; acks: 0 | 1 | "all" | -1).
    pub fn from_pairs(pairs: &[(String, Value)]) -> Result<ProduceArgs, ApiError> {
        let o: ProduceOptions = from_options("produce", pairs)?;
        Ok(ProduceArgs {
            partition: o.partition.map_or(Ok(0), |v| int_arg("partition", &v, 0, u32::MAX as u64))? as u32,
            count: o.count.map_or(Ok(1), |v| int_arg("count", &v, 1, MAX_PRODUCE_COUNT))? as u32,
            acks: o.acks.map(|v| acks_arg("acks", &v)).transpose()?,
            idempotence: o.idempotence.map(|v| bool_arg("idempotence", &v)).transpose()?,
        })
    }
}

/// `acks`: 0, 1, "all" or -1 (numbers or strings).
pub fn acks_arg(name: &str, v: &Value) -> Result<Acks, ApiError> {
    match v {
        Value::Num(n) if *n == 0.0 => Ok(Acks::Zero),
        Value::Num(n) if *n == 1.0 => Ok(Acks::One),
        Value::Num(n) if *n == -1.0 => Ok(Acks::All),
        Value::Str(_) => choice_arg(name, v, &["all", "-1", "0", "1"]).map(|s| match s {
            "0" => Acks::Zero,
            "1" => Acks::One,
            _ => Acks::All,
        }),
        _ => Err(ApiError::new(name, format!("must be 0, 1, \"all\" or -1, got {v}"))),
    }
}

/// Errors after which the producer may retry (Kafka's `RetriableException`s).
/// Errors after which the producer asks for fresh metadata before its retry (Kafka's
/// `InvalidMetadataException`s, and a request that timed out, whose connection is closed).
fn invalidates_metadata(e: KafkaError) -> bool {
    matches!(
        e,
        KafkaError::NotLeaderOrFollower
            | KafkaError::NetworkException
            | KafkaError::LeaderNotAvailable
            | KafkaError::UnknownLeaderEpoch
            | KafkaError::RequestTimedOut
    )
}

/// The producer's metadata: the leader of each partition as last fetched.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ProducerMetadata {
    pub leaders: Vec<i32>,
    /// An error said the partition's leader may have moved: refresh before the next send.
    pub stale: Vec<bool>,
    pub fetched_at: Tick,
}

fn retriable(e: KafkaError) -> bool {
    matches!(
        e,
        KafkaError::NotLeaderOrFollower
            | KafkaError::NetworkException
            | KafkaError::RequestTimedOut
            | KafkaError::NotEnoughReplicas
            | KafkaError::NotEnoughReplicasAfterAppend
            | KafkaError::LeaderNotAvailable
            | KafkaError::UnknownLeaderEpoch
    )
}

fn values_text(first: u32, count: u32) -> String {
    if count == 1 {
        format!("m{first}")
    } else {
        format!("m{first}–m{}", first + count - 1)
    }
}

impl Cluster {
    /// The producer sends a request to the partition's leader (per its metadata, which here is
    /// always current). Returns the request id.
    pub fn produce(&mut self, args: ProduceArgs) -> Result<u32, ApiError> {
        if args.partition >= self.config.partitions {
            return Err(ApiError::new(
                "partition",
                format!("must be an integer from 0 to {}, got {}", self.config.partitions - 1, args.partition),
            ));
        }
        if args.count == 0 || u64::from(args.count) > MAX_PRODUCE_COUNT {
            return Err(ApiError::new("count", format!("must be an integer from 1 to {MAX_PRODUCE_COUNT}, got {}", args.count)));
        }
        let acks = args.acks.unwrap_or(self.config.acks);
        // The configured default yields to a conflicting acks (KAFKA-13598); an explicit request does not.
        let idempotent = args.idempotence.unwrap_or(self.config.enable_idempotence && acks == Acks::All);
        if idempotent && !self.config.rules().idempotent_producer {
            return Err(ApiError::new(
                "idempotence",
                format!("needs version 0.11 or later (KIP-98), this cluster is {}", self.config.version.label()),
            ));
        }
        if idempotent && acks != Acks::All {
            return Err(ApiError::new(
                "idempotence",
                format!("needs acks=all, got acks={} (Kafka refuses this producer configuration)", acks.label()),
            ));
        }
        self.check_produce_budget(args.partition, args.count)?;
        let id = self.next_request;
        self.next_request += 1;
        let first_value = self.next_value;
        self.next_value += args.count;
        let base_sequence = idempotent.then(|| {
            let seq = &mut self.next_sequence[args.partition as usize];
            let base = *seq;
            *seq = seq.wrapping_add(args.count as i32);
            base
        });
        self.requests.push_back(Request {
            id,
            partition: args.partition,
            acks,
            count: args.count,
            first_value,
            base_sequence,
            status: RequestStatus::Pending,
            error: None,
            base_offset: None,
            sent_at: self.tick,
            done_at: None,
            attempts: 0,
            attempt_sent_at: self.tick,
            sent_to: -1,
            retry_at: None,
            waiting: false,
        });
        self.send_attempt(id);
        self.trim_requests();
        Ok(id)
    }

    /// Ids are handed out in order and only the oldest requests are dropped (`trim_requests`),
    /// so the kept ones have consecutive ids and a request's place is its id less the first one's.
    fn request_index(&self, id: u32) -> Option<usize> {
        let i = id.checked_sub(self.requests.front()?.id)? as usize;
        (i < self.requests.len()).then_some(i)
    }

    /// Notes that request `id` may be due at tick `at` (a retry or its client-side timeout):
    /// `run_producer` looks only at the requests whose tick came, not at every pending one.
    fn wake_at(&mut self, at: Tick, id: u32) {
        self.producer_timers.get_or_insert_with(at, Vec::new).push(id);
    }

    /// The leader the producer's metadata names for `p`, refreshed first if an error marked it
    /// stale or it is older than `metadata.max.age.ms`. A refresh returns the controller's
    /// current decision (what UpdateMetadata gives every broker's metadata cache).
    fn metadata_leader(&mut self, p: u32) -> i32 {
        let age = Config::ticks(self.config.metadata_max_age_ms);
        let m = &mut self.producer_metadata;
        // A refresh fetches every partition's leader (a MetadataRequest for the topic).
        if m.stale.iter().any(|s| *s) || self.tick >= m.fetched_at + age {
            m.leaders = self.zk.partitions.iter().map(|st| st.leader).collect();
            m.stale.iter_mut().for_each(|s| *s = false);
            m.fetched_at = self.tick;
        }
        m.leaders[p as usize]
    }

    /// Sends (or re-sends) a request to the leader its metadata names (Kafka's `Sender`: a stale
    /// leader answers NOT_LEADER_OR_FOLLOWER, or nothing if it is gone, and the producer
    /// refreshes its metadata before the retry).
    fn send_attempt(&mut self, id: u32) {
        let Some(i) = self.request_index(id) else { return };
        let p = self.requests[i].partition;
        let leader = self.metadata_leader(p);
        let now = self.tick;
        if leader >= 0 && self.brokers[leader as usize].is_down() {
            return self.hold_in_accumulator(i, leader);
        }
        let req = &mut self.requests[i];
        req.waiting = false;
        req.attempts += 1;
        req.attempt_sent_at = now;
        req.sent_to = leader;
        req.retry_at = None;
        let timeout_at = now + self.producer_timeout();
        self.wake_at(timeout_at, id);
        let req = &mut self.requests[i];
        let values = if self.events.enabled() { values_text(req.first_value, req.count) } else { String::new() };
        if leader < 0 {
            let (p, attempt) = (req.partition, req.attempts);
            let params = params!("produce.no-leader", request = id, values = values.as_str(), p = p, attempt = attempt);
            self.events.record(
                now,
                "produce",
                Some(p),
                None,
                params,
                format!("request #{id} ({values}): p{p} has no leader (attempt {attempt})"),
            );
            self.complete_attempt(id, attempt, None, Some(KafkaError::LeaderNotAvailable));
            return;
        }
        let (params, text) = if self.events.enabled() {
            let retry = if req.attempts > 1 { format!(" (retry {})", req.attempts - 1) } else { String::new() };
            let seq = req.base_sequence.map_or(String::new(), |s| format!(", sequence {s}"));
            let params = params!(
                "produce.sent",
                request = id,
                values = values.as_str(),
                p = req.partition,
                leader = leader,
                acks = req.acks.label(),
                seq = req.base_sequence.map_or(Params::default(), |s| params!("produce.seq", seq = s)),
                retry = if req.attempts > 1 { params!("produce.retry", n = req.attempts - 1) } else { Params::default() }
            );
            (
                params,
                format!(
                    "producer sent request #{id}: {values} to p{} leader b{leader}, acks={}{seq}{retry}",
                    req.partition,
                    req.acks.label()
                ),
            )
        } else {
            (Params::default(), String::new())
        };
        let msg = Msg::Produce(ProduceRequest {
            request: id,
            attempt: req.attempts,
            partition: req.partition,
            first_value: req.first_value,
            count: req.count,
            acks: req.acks,
            base_sequence: req.base_sequence,
        });
        let (p, acks, attempt) = (req.partition, req.acks, req.attempts);
        self.events.record(now, "produce", Some(p), Some(leader as u32), params, text);
        self.send(PRODUCER, leader, msg);
        if acks == Acks::Zero {
            // acks=0: the producer counts the request done once it is sent; no response comes.
            self.complete_attempt(id, attempt, None, None);
        }
    }

    /// The Sender sends only to a node it can connect to: with the leader's broker down the
    /// connection is refused, the batch stays in the accumulator (no attempt is used) and the
    /// disconnect makes the producer refresh its metadata (`NetworkClient.handleDisconnections`),
    /// again every `retry.backoff.ms`, until it names a live leader or `delivery.timeout.ms` expires.
    fn hold_in_accumulator(&mut self, i: usize, leader: i32) {
        let now = self.tick;
        let (backoff, delivery) = (Config::ticks(self.config.retry_backoff_ms), Config::ticks(self.config.delivery_timeout_ms));
        let p = self.requests[i].partition;
        self.producer_metadata.stale[p as usize] = true;
        let req = &mut self.requests[i];
        let id = req.id;
        if now >= req.sent_at + delivery {
            req.status = RequestStatus::Failed;
            req.error = Some(KafkaError::RequestTimedOut);
            req.done_at = Some(now);
            let text = format!("request #{id} failed: REQUEST_TIMED_OUT, expired in the accumulator after delivery.timeout.ms");
            self.events.record(now, "request-failed", Some(p), None, params!("request-failed.expired", request = id), text);
            return self.trim_requests();
        }
        req.retry_at = Some(now + backoff.max(1));
        let was_waiting = std::mem::replace(&mut req.waiting, true);
        self.wake_at(now + backoff.max(1), id);
        if !was_waiting {
            let text = format!(
                "request #{id} waits in the producer: its metadata names b{leader} as p{p}'s leader, whose connection is refused; it refreshes its metadata"
            );
            self.events.record(
                now,
                "produce-wait",
                Some(p),
                Some(leader as u32),
                params!("produce-wait", request = id, leader = leader, p = p),
                text,
            );
        }
    }

    /// A response (or a client-side failure) for one attempt: ack, retry or fail.
    pub(crate) fn complete_attempt(&mut self, id: u32, attempt: u32, base_offset: Option<Offset>, error: Option<KafkaError>) {
        let now = self.tick;
        let Some(i) = self.request_index(id) else { return };
        let (retries, backoff, delivery) =
            (self.config.retries, Config::ticks(self.config.retry_backoff_ms), Config::ticks(self.config.delivery_timeout_ms));
        let req = &mut self.requests[i];
        if req.status != RequestStatus::Pending || req.attempts != attempt || req.retry_at.is_some() {
            return;
        }
        let p = req.partition;
        match error {
            None => {
                let (first, count, acks) = (req.first_value, req.count, req.acks);
                if let Some(o) = base_offset {
                    self.ledger_acked(p, o, first, count, acks, id);
                }
                let req = &mut self.requests[i];
                req.status = RequestStatus::Acked;
                req.base_offset = base_offset;
                req.done_at = Some(now);
                if self.events.enabled() {
                    let (params, text) = match base_offset {
                        Some(o) => (
                            params!("request-acked", request = id, acks = acks.label(), at = offsets_params(o, o + u64::from(count))),
                            format!("request #{id} acked (acks={}): {}", acks.label(), offsets_text(o, o + u64::from(count))),
                        ),
                        None => (
                            params!("request-acked.acks0", request = id),
                            format!("request #{id} sent with acks=0: the producer considers it done"),
                        ),
                    };
                    self.events.record(now, "request-acked", Some(p), None, params, text);
                }
            }
            Some(e) if retriable(e) && req.attempts <= retries && now + backoff < req.sent_at + delivery => {
                if invalidates_metadata(e) {
                    self.producer_metadata.stale[p as usize] = true;
                }
                let req = &mut self.requests[i];
                req.error = Some(e);
                req.retry_at = Some(now + backoff.max(1));
                let text = format!(
                    "request #{id} got {}; the producer retries it (attempt {} of {})",
                    e.name(),
                    req.attempts + 1,
                    u64::from(retries) + 1
                );
                let params =
                    params!("request-retry", request = id, error = e.name(), attempt = req.attempts + 1, attempts = u64::from(retries) + 1);
                self.wake_at(now + backoff.max(1), id);
                self.events.record(now, "request-retry", Some(p), None, params, text);
            }
            Some(e) => {
                req.status = RequestStatus::Failed;
                req.error = Some(e);
                req.done_at = Some(now);
                let params = params!("request-failed", request = id, error = e.name());
                self.events.record(now, "request-failed", Some(p), None, params, format!("request #{id} failed: {}", e.name()));
            }
        }
        self.trim_requests();
    }

    pub(crate) fn on_produce_response(&mut self, msg: &Msg) {
        if let Msg::ProduceResponse { request, attempt, base_offset, error, .. } = msg {
            self.complete_attempt(*request, *attempt, *base_offset, *error);
        }
    }

    /// The producer's own timers: retries due after their backoff, and attempts with no answer
    /// after `request.timeout.ms` plus the network's round trip (the client-side timeout).
    pub(crate) fn run_producer(&mut self) {
        let now = self.tick;
        let timeout = self.producer_timeout();
        // Every retry_at and every attempt's timeout has a timer, so the requests due are among
        // those whose timers came; a timer left from an earlier attempt finds its request not due.
        let mut woken = Vec::new();
        loop {
            let Some(at) = self.producer_timers.keys().next().copied().filter(|at| *at <= now) else { break };
            woken.extend(self.producer_timers.remove(&at).unwrap_or_default());
        }
        // In id order, as the requests are kept (and once each: a request may have two timers).
        woken.sort_unstable();
        woken.dedup();
        let due: Vec<(u32, bool, u32)> = woken
            .into_iter()
            .filter_map(|id| self.request_index(id).map(|i| &self.requests[i]))
            .filter(|r| r.status == RequestStatus::Pending)
            .filter_map(|r| match r.retry_at {
                Some(t) if t <= now => Some((r.id, true, r.attempts)),
                None if now >= r.attempt_sent_at + timeout => Some((r.id, false, r.attempts)),
                _ => None,
            })
            .collect();
        for (id, retry, attempt) in due {
            if retry {
                self.send_attempt(id);
            } else {
                self.complete_attempt(id, attempt, None, Some(KafkaError::RequestTimedOut));
            }
        }
    }

    /// The client-side timeout of an attempt: `request.timeout.ms` plus the network's round trip.
    fn producer_timeout(&self) -> Tick {
        self.timing.request_timeout + 2 * self.timing.latency.1.max(1)
    }

    /// The producer's connection to a crashed broker closes: every attempt waiting on it fails
    /// with NETWORK_EXCEPTION at once (and may be retried).
    pub(crate) fn connection_closed(&mut self, broker: u32) {
        let waiting: Vec<(u32, u32)> = self
            .requests
            .iter()
            .filter(|r| r.status == RequestStatus::Pending && r.retry_at.is_none() && r.sent_to == broker as i32)
            .map(|r| (r.id, r.attempts))
            .collect();
        for (id, attempt) in waiting {
            self.complete_attempt(id, attempt, None, Some(KafkaError::NetworkException));
        }
    }

    fn trim_requests(&mut self) {
        while self.requests.len() > MAX_KEPT_REQUESTS && self.requests.front().is_some_and(|r| r.status != RequestStatus::Pending) {
            self.requests.pop_front();
        }
    }
}
