//! Breaking things on purpose: the failures of the source notes and §4 (crash, power failure,
//! GC pause, slow disk or network, isolation) and targeted network faults (cut a link, drop the
//! next message of a kind). Every action validates first and changes nothing on a bad call.

use crate::api::{bool_arg, check_keys, choice_arg, from_options, int_arg, ApiError, Value};
use crate::broker::BrokerStatus;
use crate::cluster::Cluster;
use crate::collections::VecMap;
use crate::config::{Config, TICK_MS};
use crate::events::{params, Reason};
use crate::message::{BrokerId, Envelope, NodeId, UNKNOWN_BROKER_EPOCH};
use crate::partition::Ctx;

/// How `fail` breaks a broker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailKind {
    /// The process dies; `lossy`: a power failure that also loses unflushed records.
    Crash { lossy: bool },
    /// A long GC pause: alive, but handling nothing.
    Stuck,
    /// Every message to or from it is delayed by `delay_ms`.
    Slow { delay_ms: u64 },
    /// Cut off from the other brokers, and from ZooKeeper if `zookeeper`.
    Isolated { zookeeper: bool },
    /// A controlled shutdown: leaderships move first, then the broker stops cleanly (`shutdown.rs`).
    Shutdown,
}

/// `fail`'s options as given (each kind takes its own: crash `lossy`, slow `delayMs`, isolated
/// `zookeeper`), checked by `FailKind::from_args`.
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify))]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FailOptions {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "boolean", optional))]
    lossy: Option<Value>,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number", optional))]
    delay_ms: Option<Value>,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "boolean", optional))]
    zookeeper: Option<Value>,
}

/// The kinds `fail` accepts, for messages.
pub const FAIL_KINDS: [&str; 5] = ["crash", "stuck", "slow", "isolated", "shutdown"];
/// Message kinds `dropNext` accepts.
pub const MESSAGE_KINDS: [&str; 10] = [
    "Produce",
    "ProduceResponse",
    "Fetch",
    "FetchResponse",
    "OffsetsForLeaderEpoch",
    "OffsetsForLeaderEpochResponse",
    "AlterPartition",
    "AlterPartitionResponse",
    "LeaderAndIsr",
    "LeaderAndIsrResponse",
];
pub const DEFAULT_SLOW_DELAY_MS: u64 = 3_000;

impl FailKind {
    /// `kind` (default "crash") and its options: crash `{lossy}`, slow `{delayMs}`, isolated `{zookeeper}`.
    pub fn from_args(kind: &Value, options: &[(String, Value)]) -> Result<FailKind, ApiError> {
        let kind = match kind {
            Value::Null => "crash",
            k => choice_arg("kind", k, &FAIL_KINDS)?,
        };
        let what = format!("{kind} option");
        // Another kind's option is refused by name, listing this kind's, unless a repeated key
        // comes first (`from_options` reports that), as one struct per kind did; one struct is
        // one TypeScript type. The keys up to the first unknown or repeated one are at most two.
        let allowed: &[&str] = match kind {
            "crash" => &["lossy"],
            "slow" => &["delayMs"],
            "isolated" => &["zookeeper"],
            _ => &[],
        };
        let stop =
            options.iter().enumerate().position(|(i, (k, _))| !allowed.contains(&k.as_str()) || options[..i].iter().any(|(p, _)| p == k));
        check_keys(&what, &options[..stop.map_or(options.len(), |i| i + 1)], allowed)?;
        let o: FailOptions = from_options(&what, options)?;
        let flag = |v: Option<Value>, name| v.map_or(Ok(false), |v| bool_arg(name, &v));
        Ok(match kind {
            "crash" => FailKind::Crash { lossy: flag(o.lossy, "lossy")? },
            "slow" => {
                FailKind::Slow { delay_ms: o.delay_ms.map_or(Ok(DEFAULT_SLOW_DELAY_MS), |v| int_arg("delayMs", &v, TICK_MS, 600_000))? }
            }
            "isolated" => FailKind::Isolated { zookeeper: flag(o.zookeeper, "zookeeper")? },
            "stuck" => FailKind::Stuck,
            _ => FailKind::Shutdown,
        })
    }
}

impl FailKind {
    /// The kind's name and options, as `fail` takes them from JS.
    pub fn as_args(self) -> (&'static str, VecMap<String, Value>) {
        let mut o = VecMap::new();
        let name = match self {
            FailKind::Crash { lossy } => {
                if lossy {
                    o.insert("lossy".to_string(), Value::Bool(true));
                }
                "crash"
            }
            FailKind::Stuck => "stuck",
            FailKind::Shutdown => "shutdown",
            FailKind::Slow { delay_ms } => {
                o.insert("delayMs".to_string(), Value::Num(delay_ms as f64));
                "slow"
            }
            FailKind::Isolated { zookeeper } => {
                o.insert("zookeeper".to_string(), Value::Bool(zookeeper));
                "isolated"
            }
        };
        (name, o)
    }
}

impl Cluster {
    fn check_broker_id(&self, name: &str, broker: u32) -> Result<(), ApiError> {
        if broker >= self.config.brokers && self.voter_index(i64::from(broker)).is_none() {
            let last = self.config.brokers - 1;
            let voters = self.kraft.as_ref().map_or(0, |k| k.voters.len() as u32);
            let allowed = match voters {
                0 => format!("a broker id from 0 to {last}"),
                1 => format!("a broker id from 0 to {last} or the controller {}", crate::kraft::quorum::FIRST_VOTER),
                n => format!(
                    "a broker id from 0 to {last} or a controller id from {} to {}",
                    crate::kraft::quorum::FIRST_VOTER,
                    crate::kraft::quorum::FIRST_VOTER + n - 1
                ),
            };
            return Err(ApiError::new(name, format!("must be {allowed}, got {broker}")));
        }
        Ok(())
    }

    /// `fail(id, kind)`: a broker, or in a KRaft preset a controller (3000, …: crash or isolated).
    pub fn fail(&mut self, broker: u32, kind: FailKind) -> Result<(), ApiError> {
        self.check_broker_id("broker", broker)?;
        if let Some(i) = self.voter_index(i64::from(broker)) {
            return self.fail_controller(i, kind);
        }
        let status = self.brokers[broker as usize].status;
        if status != BrokerStatus::Up {
            let up: Vec<String> = self.brokers.iter().filter(|b| b.status == BrokerStatus::Up).map(|b| b.id.to_string()).collect();
            return Err(ApiError::new(
                "broker",
                format!(
                    "b{broker} is already {}; recover it first (brokers that are up: {})",
                    status.label(),
                    if up.is_empty() { "none".to_string() } else { up.join(", ") }
                ),
            ));
        }
        let now = self.tick;
        let expiry = self.session_expiry_text();
        // The session a failure starts counting down: ZooKeeper's, or KRaft's broker session.
        let session_ms =
            if self.kraft.is_some() { self.config.kraft.broker_session_timeout_ms } else { self.config.zookeeper_session_timeout_ms };
        let quorum = if self.kraft.is_some() { "the controller" } else { "ZooKeeper" };
        let text = match kind {
            FailKind::Crash { lossy } => {
                // Its connections close: what it sent and is still on the way is lost.
                self.network.drop_from(broker as NodeId);
                let mut out = Vec::new();
                {
                    let (b, mut ctx) = self.broker_ctx(broker, &mut out);
                    b.crash(&mut ctx, lossy);
                }
                self.flush(broker as NodeId, out);
                self.connection_closed(broker);
                self.consumer_connection_closed(broker);
                let kind = match (lossy, self.kraft.is_some()) {
                    (false, false) => "broker-fail.crash",
                    (true, false) => "broker-fail.power",
                    (false, true) => "broker-fail.crash-kraft",
                    (true, true) => "broker-fail.power-kraft",
                };
                let how = if lossy { "lost power (unflushed records are gone)" } else { "crashed" };
                Reason::new(params!(kind, b = broker, session = session_ms), format!("b{broker} {how}; {expiry}"))
            }
            FailKind::Shutdown if self.kraft.is_some() => self.kraft_begin_shutdown(broker),
            FailKind::Shutdown => self.begin_shutdown(broker),
            FailKind::Stuck => {
                self.brokers[broker as usize].status = BrokerStatus::Stuck;
                let kind = if self.kraft.is_some() { "broker-fail.stuck-kraft" } else { "broker-fail.stuck" };
                Reason::new(
                    params!(kind, b = broker, session = session_ms),
                    format!("b{broker} is stuck (GC pause): it fetches and answers nothing; {expiry} unless it resumes"),
                )
            }
            FailKind::Slow { delay_ms } => {
                self.brokers[broker as usize].status = BrokerStatus::Slow { delay: Config::ticks(delay_ms) };
                Reason::new(
                    params!("broker-fail.slow", b = broker, delay = delay_ms),
                    format!("b{broker} is slow: every message to or from it takes {delay_ms} ms longer"),
                )
            }
            FailKind::Isolated { zookeeper } => {
                self.brokers[broker as usize].status = BrokerStatus::Isolated { zookeeper };
                if zookeeper {
                    let (kind, expiry) = if self.kraft.is_some() {
                        ("broker-fail.isolated-controller", expiry)
                    } else {
                        ("broker-fail.isolated-zk", format!("its session expires in {session_ms} ms"))
                    };
                    Reason::new(
                        params!(kind, b = broker, session = session_ms),
                        format!("b{broker} is isolated from the other brokers and from {quorum} ({expiry})"),
                    )
                } else {
                    let kind = if self.kraft.is_some() { "broker-fail.isolated-kraft" } else { "broker-fail.isolated" };
                    Reason::new(
                        params!(kind, b = broker),
                        format!("b{broker} is isolated from the other brokers; it still reaches {quorum} and the producer"),
                    )
                }
            }
        };
        // Heartbeats stop now: the session's expiry is counted from this tick.
        if !self.brokers[broker as usize].reaches_zookeeper() && self.kraft.is_none() {
            if let Some(reg) = self.zk.brokers.get_mut(&broker) {
                reg.session_expires_at.get_or_insert(now + self.timing.session);
            }
        }
        self.events.record(now, "broker-fail", None, Some(broker), text.params, text.text);
        Ok(())
    }

    /// Undoes `fail`: a crashed broker restarts from disk; a stuck one resumes (and handles what
    /// waited in its buffers); a slow or isolated one is healthy again.
    pub fn recover(&mut self, broker: u32) -> Result<(), ApiError> {
        self.check_broker_id("broker", broker)?;
        if let Some(i) = self.voter_index(i64::from(broker)) {
            return self.recover_controller(i);
        }
        let now = self.tick;
        let b = &mut self.brokers[broker as usize];
        let text = match b.status {
            BrokerStatus::Up => {
                let failed: Vec<String> = self.brokers.iter().filter(|b| b.status != BrokerStatus::Up).map(|b| b.id.to_string()).collect();
                return Err(ApiError::new(
                    "broker",
                    format!(
                        "b{broker} is up; allowed: a failed broker ({})",
                        if failed.is_empty() { "none".to_string() } else { failed.join(", ") }
                    ),
                ));
            }
            BrokerStatus::ShuttingDown { .. } => {
                return Err(ApiError::new(
                    "broker",
                    format!("b{broker} is shutting down; a controlled shutdown cannot be undone: recover it once it has stopped"),
                ));
            }
            BrokerStatus::Crashed | BrokerStatus::Stopped => {
                b.restart(now);
                let (note, kind) = if self.kraft.is_some() {
                    self.kraft_restarted(broker);
                    (
                        "it registers with the controller again, fenced until it has caught up with the metadata log",
                        "broker-recover.restart-kraft",
                    )
                } else if self.zk.is_registered(broker) {
                    ("it registers in ZooKeeper once its old session expires", "broker-recover.restart-wait")
                } else {
                    ("it registers in ZooKeeper", "broker-recover.restart")
                };
                Reason::new(params!(kind, b = broker), format!("b{broker} restarted with its log on disk and the checkpointed HWs; {note}"))
            }
            BrokerStatus::Stuck => {
                b.status = BrokerStatus::Up;
                let held = std::mem::take(&mut b.held);
                let n = held.len();
                for env in held {
                    self.network.redeliver(now, env);
                }
                let waiting = if n == 1 { "1 message".to_string() } else { format!("{n} messages") };
                Reason::new(
                    params!("broker-recover.resume", b = broker, n = n),
                    format!("b{broker} resumed after its pause, with {waiting} waiting"),
                )
            }
            _ => {
                b.status = BrokerStatus::Up;
                Reason::new(params!("broker-recover.healthy", b = broker), format!("b{broker} is healthy again"))
            }
        };
        self.events.record(now, "broker-recover", None, Some(broker), text.params, text.text);
        Ok(())
    }

    fn link(&self, a: u32, b: u32) -> Result<(BrokerId, BrokerId), ApiError> {
        self.check_broker_id("a", a)?;
        self.check_broker_id("b", b)?;
        if a == b {
            return Err(ApiError::new("b", format!("must differ from a ({a}): a link joins two brokers")));
        }
        Ok((a.min(b), a.max(b)))
    }

    /// Cuts the link between two nodes (brokers, or controllers in a KRaft preset): messages
    /// between them are lost both ways.
    pub fn cut(&mut self, a: u32, b: u32) -> Result<(), ApiError> {
        let link = self.link(a, b)?;
        if self.cut_links.insert(link) {
            let params = if link.1 >= self.config.brokers {
                let (a, b) = (crate::kraft::controller_label(link.0), crate::kraft::controller_label(link.1));
                params!("link-cut.controller", a = a.as_str(), b = b.as_str())
            } else {
                params!("link-cut", a = link.0, b = link.1)
            };
            let text = format!(
                "link {}–{} cut: messages between them are lost",
                crate::kraft::controller_label(link.0),
                crate::kraft::controller_label(link.1)
            );
            self.events.record(self.tick, "link-cut", None, None, params, text);
        }
        Ok(())
    }

    pub fn heal(&mut self, a: u32, b: u32) -> Result<(), ApiError> {
        let link = self.link(a, b)?;
        if self.cut_links.remove(&link) {
            let params = if link.1 >= self.config.brokers {
                let (a, b) = (crate::kraft::controller_label(link.0), crate::kraft::controller_label(link.1));
                params!("link-heal.controller", a = a.as_str(), b = b.as_str())
            } else {
                params!("link-heal", a = link.0, b = link.1)
            };
            let text = format!("link {}–{} healed", crate::kraft::controller_label(link.0), crate::kraft::controller_label(link.1));
            self.events.record(self.tick, "link-heal", None, None, params, text);
        }
        Ok(())
    }

    /// The network drops the next message of this kind, on any link.
    pub fn drop_next(&mut self, kind: &Value) -> Result<(), ApiError> {
        let kind = choice_arg("kind", kind, &MESSAGE_KINDS)?;
        self.drop_next.push(kind);
        Ok(())
    }

    /// Whether the network loses this message: a cut link, an isolated endpoint (between
    /// brokers; the producer reaches everyone), or a `dropNext` match.
    pub(crate) fn lost_in_network(&mut self, env: &Envelope) -> bool {
        let kind = env.msg.kind();
        if let Some(i) = self.drop_next.iter().position(|k| *k == kind) {
            self.drop_next.remove(i);
            let params = params!("message-dropped", msg = env.to_string());
            self.events.record(
                self.tick,
                "message-dropped",
                env.msg.partition(),
                None,
                params,
                format!("the network dropped {env} (dropNext)"),
            );
            return true;
        }
        // KRaft: a link to or from a controller is lost if cut, if the controller is isolated, or
        // if the broker is isolated with `zookeeper` (cut off from the controller quorum too).
        let voter = |n: NodeId| self.voter_index(i64::from(n));
        if voter(env.from).is_some() || voter(env.to).is_some() {
            let k = self.kraft.as_ref().expect("a KRaft preset");
            let cut_off = |n: NodeId| match voter(n) {
                Some(i) => k.voters[i].status == crate::kraft::quorum::VoterStatus::Isolated,
                None => usize::try_from(n)
                    .ok()
                    .and_then(|b| self.brokers.get(b))
                    .is_some_and(|b| matches!(b.status, BrokerStatus::Isolated { zookeeper: true })),
            };
            let (a, b) = (env.from as BrokerId, env.to as BrokerId);
            return cut_off(env.from) || cut_off(env.to) || self.cut_links.contains(&(a.min(b), a.max(b)));
        }
        // Clients (producer, consumers) reach every broker.
        if env.from < 0 || env.to < 0 || env.from == env.to {
            return false;
        }
        let (a, b) = (env.from as BrokerId, env.to as BrokerId);
        let isolated = |x: BrokerId| matches!(self.brokers[x as usize].status, BrokerStatus::Isolated { .. });
        self.cut_links.contains(&(a.min(b), a.max(b))) || isolated(a) || isolated(b)
    }

    pub(crate) fn broker_ctx<'a>(
        &'a mut self,
        broker: u32,
        out: &'a mut Vec<(NodeId, crate::message::Msg)>,
    ) -> (&'a mut crate::broker::Broker, Ctx<'a>) {
        let zk_session = self.holds_session(broker);
        let broker_epoch = match self.kraft.as_deref() {
            Some(k) if self.config.rules().fetch_broker_epoch => {
                k.observers[broker as usize].broker_epoch.map_or(UNKNOWN_BROKER_EPOCH, |e| e as i64)
            }
            _ => UNKNOWN_BROKER_EPOCH,
        };
        let ctx = Ctx {
            now: self.tick,
            me: broker,
            cfg: &self.config,
            timing: &self.timing,
            out,
            events: &mut self.events,
            zk: &mut self.zk,
            zk_session,
            broker_epoch,
            stats: &mut self.stats,
        };
        (&mut self.brokers[broker as usize], ctx)
    }
}
