//! Controlled shutdown (`fail(b, "shutdown")`): the broker side of `KafkaServer.controlledShutdown`
//! and the controller side of `KafkaController.doControlledShutdown`. The broker keeps working
//! while it asks the controller to move its leaderships; the controller elects, for every
//! partition it leads, the first live ISR member in assignment order that is not shutting down
//! (`controlledShutdownPartitionLeaderElection`), drops it from the ISR of the partitions it
//! follows and sends them StopReplica, and answers with the partitions it still leads. Once none
//! is left the broker stops cleanly: logs flushed, HWs checkpointed, and its ZooKeeper session
//! closed, so its registration goes at once instead of after `zookeeper.session.timeout.ms`. A
//! rolling restart done this way leaves no partition without a leader; a crash leaves them
//! leaderless until the session expires. After `controlled.shutdown.max.retries` failed attempts
//! (no controller, no answer, partitions left) the broker stops anyway.

use crate::broker::BrokerStatus;
use crate::cluster::Cluster;
use crate::events::{params, set_text, Reason};
use crate::message::{BrokerId, KafkaError, Msg, NodeId, UNKNOWN_BROKER_EPOCH};

impl Cluster {
    /// `fail(b, "shutdown")`: the broker starts asking the controller (this tick).
    pub(crate) fn begin_shutdown(&mut self, b: BrokerId) -> Reason {
        self.brokers[b as usize].status = BrokerStatus::ShuttingDown { attempt: 1, next_try: Some(self.tick), asked_at: self.tick };
        Reason::new(
            params!("broker-fail.shutdown", b = b),
            format!("b{b} begins a controlled shutdown: it asks the controller to move its leaderships before it stops"),
        )
    }

    /// Each tick: a broker shutting down asks the controller when due; an answer that does not
    /// come within `controller.socket.timeout.ms` is a failed attempt.
    pub(crate) fn run_controlled_shutdowns(&mut self) {
        let now = self.tick;
        for b in 0..self.config.brokers {
            let BrokerStatus::ShuttingDown { attempt, next_try, asked_at } = self.brokers[b as usize].status else { continue };
            match next_try {
                Some(t) if t <= now => match self.zk.controller {
                    // Its metadata names the controller; it sends the request there.
                    Some(ctrl) => {
                        self.brokers[b as usize].status = BrokerStatus::ShuttingDown { attempt, next_try: None, asked_at: now };
                        // KIP-380 (2.2+): its own broker epoch, the czxid of its registration.
                        let broker_epoch = match self.brokers[b as usize].zk_session {
                            Some(czxid) if self.config.rules().broker_epoch => czxid as i64,
                            _ => UNKNOWN_BROKER_EPOCH,
                        };
                        self.send(b as NodeId, ctrl as NodeId, Msg::ControlledShutdown { broker: b, broker_epoch, attempt });
                    }
                    None => self.controlled_shutdown_failed(
                        b,
                        Reason::new(params!("shutdown.no-controller"), "no controller is known".to_string()),
                    ),
                },
                None if now >= asked_at + self.timing.controller_timeout => {
                    let timeout = self.config.controller_socket_timeout_ms;
                    let why = Reason::new(
                        params!("shutdown.no-answer", timeout = timeout),
                        format!("no answer within controller.socket.timeout.ms {timeout}"),
                    );
                    self.controlled_shutdown_failed(b, why)
                }
                _ => {}
            }
        }
    }

    /// `doControlledShutdown` on the broker `to`: refused unless it is the controller, the request
    /// comes from `b`'s current process (KIP-380: a broker epoch older than the one the controller
    /// knows is STALE_BROKER_EPOCH) and `b` is live.
    pub(crate) fn on_controlled_shutdown(&mut self, to: BrokerId, b: BrokerId, broker_epoch: i64) -> Msg {
        let refuse = |error| Msg::ControlledShutdownResponse { remaining: Vec::new(), error: Some(error) };
        if self.zk.controller != Some(to) {
            return refuse(KafkaError::NotController);
        }
        let known = self.controller_live.get(&b).map_or(UNKNOWN_BROKER_EPOCH, |z| *z as i64);
        if broker_epoch != UNKNOWN_BROKER_EPOCH && broker_epoch < known {
            let text = format!(
                "controller b{to} refused b{b}'s ControlledShutdown: STALE_BROKER_EPOCH (broker epoch {broker_epoch} < {known}, a request from its previous process)"
            );
            let params = params!("stale-broker-epoch.shutdown", ctrl = to, b = b, epoch = broker_epoch, current = known);
            self.events.record(self.tick, "stale-broker-epoch", None, Some(b), params, text);
            return refuse(KafkaError::StaleBrokerEpoch);
        }
        if !self.controller_live.contains_key(&b) {
            return refuse(KafkaError::BrokerNotAvailable);
        }
        self.shutting_down.insert(b);
        for p in 0..self.config.partitions {
            let ar = self.zk.assignment[p as usize].clone();
            let st = self.zk.partitions[p as usize].clone();
            if !ar.contains(&b) || ar.len() < 2 || st.leader < 0 {
                continue;
            }
            if st.leader == b as i32 {
                let candidate = ar
                    .iter()
                    .copied()
                    .find(|r| self.controller_live.contains_key(r) && st.isr.contains(r) && !self.shutting_down.contains(r));
                if let Some(l) = candidate {
                    let isr: Vec<BrokerId> = st.isr.iter().copied().filter(|r| !self.shutting_down.contains(r)).collect();
                    let order = ar.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(",");
                    let text = format!(
                        "leader b{b} is shutting down (controlled shutdown); elected b{l}, the first live ISR member in assignment order [{order}] that is not shutting down"
                    );
                    let why = Reason::new(params!("why.shutdown-moved", from = b, b = l, assignment = order.as_str()), text);
                    self.note_shutdown_exits(p, &st.isr, &isr);
                    self.write_partition_state(p, l as i32, isr, false, why);
                }
            } else {
                // A follower: its fetcher stops, and it leaves the ISR (`OfflineReplica`), never
                // the last member.
                let broker_epoch = self.broker_epoch_of(b);
                self.send(to as NodeId, b as NodeId, Msg::StopReplica { partition: p, delete: false, broker_epoch });
                if st.isr.contains(&b) && st.isr.len() > 1 {
                    let isr: Vec<BrokerId> = st.isr.iter().copied().filter(|r| *r != b).collect();
                    let text = format!("removed b{b} from the ISR {}: it is shutting down", set_text(&st.isr));
                    self.note_shutdown_exits(p, &st.isr, &isr);
                    self.write_partition_state(
                        p,
                        st.leader,
                        isr,
                        false,
                        Reason::new(params!("why.shutdown-removed", b = b, isr = &st.isr), text),
                    );
                }
            }
        }
        let remaining = (0..self.config.partitions).filter(|p| self.zk.partitions[*p as usize].leader == b as i32).collect();
        Msg::ControlledShutdownResponse { remaining, error: None }
    }

    /// The controller's answer reached the broker: it stops if it leads nothing any more.
    pub(crate) fn on_controlled_shutdown_response(&mut self, b: BrokerId, remaining: &[u32], error: Option<KafkaError>) {
        if !matches!(self.brokers[b as usize].status, BrokerStatus::ShuttingDown { next_try: None, .. }) {
            return; // an answer to an attempt already given up
        }
        match (error, remaining) {
            (None, []) => self.stop_cleanly(b, Reason::new(params!("shutdown.moved"), "the controller moved its leaderships".to_string())),
            (Some(e), _) => self.controlled_shutdown_failed(
                b,
                Reason::new(params!("shutdown.error", error = e.name()), format!("the controller answered {}", e.name())),
            ),
            (None, left) => {
                let names = left.iter().map(|p| format!("p{p}")).collect::<Vec<_>>().join(", ");
                let why = Reason::new(
                    params!("shutdown.still-leads", partitions = names.as_str()),
                    format!("it still leads {names} (no other live ISR member)"),
                );
                self.controlled_shutdown_failed(b, why)
            }
        }
    }

    /// One attempt failed: ask again after `controlled.shutdown.retry.backoff.ms`, or stop anyway
    /// after `controlled.shutdown.max.retries` attempts.
    fn controlled_shutdown_failed(&mut self, b: BrokerId, why: Reason) {
        let BrokerStatus::ShuttingDown { attempt, .. } = self.brokers[b as usize].status else { return };
        let max = self.config.controlled_shutdown_max_retries;
        if u64::from(attempt) >= max {
            let text = format!("all {max} controlled shutdown attempts failed ({}): shutting down anyway", why.text);
            return self.stop_cleanly(b, Reason::new(params!("shutdown.gave-up", max = max, why = why.params), text));
        }
        let backoff = self.config.controlled_shutdown_retry_backoff_ms;
        let next_try = Some(self.tick + crate::config::Config::ticks(backoff));
        self.brokers[b as usize].status = BrokerStatus::ShuttingDown { attempt: attempt + 1, next_try, asked_at: self.tick };
        let text = format!("b{b}'s controlled shutdown attempt {attempt} of {max} failed: {}; it asks again in {backoff} ms", why.text);
        let params = params!("controlled-shutdown", b = b, attempt = attempt, max = max, why = why.params, backoff = backoff);
        self.events.record(self.tick, "controlled-shutdown", None, Some(b), params, text);
    }

    /// The process stops cleanly: everything is flushed and every HW checkpointed, clients see
    /// their connections close, and the ZooKeeper session is closed (its znodes go at once).
    pub(crate) fn stop_cleanly(&mut self, b: BrokerId, how: Reason) {
        let mut out = Vec::new();
        {
            let (broker, mut ctx) = self.broker_ctx(b, &mut out);
            broker.crash(&mut ctx, false);
            for r in broker.replicas.values_mut() {
                r.log.flush();
                r.hw_checkpoint = r.log.high_watermark();
            }
            broker.status = BrokerStatus::Stopped;
        }
        self.flush(b as NodeId, out);
        self.connection_closed(b);
        self.consumer_connection_closed(b);
        if self.kraft.is_some() {
            let text = format!(
                "b{b} stopped cleanly ({}): logs flushed, HWs checkpointed, its broker epoch kept for its next registration (a clean shutdown)",
                how.text
            );
            return self.events.record(
                self.tick,
                "broker-stop",
                None,
                Some(b),
                params!("broker-stop.kraft", b = b, how = how.params),
                text,
            );
        }
        self.zk.brokers.remove(&b);
        let mut text = format!(
            "b{b} stopped cleanly ({}): logs flushed, HWs checkpointed; its ZooKeeper session is closed, so /brokers/ids/{b} is deleted at once",
            how.text
        );
        let mut kind = "broker-stop";
        if self.zk.controller == Some(b) {
            self.zk.controller = None;
            text.push_str(", and /controller with it");
            kind = "broker-stop.controller";
        }
        self.events.record(self.tick, "broker-stop", None, Some(b), params!(kind, b = b, how = how.params), text);
    }

    /// The members of `was` that `now` leaves out left the ISR by the controlled shutdown (the
    /// snapshot's `outOfIsr`): recorded where the controller changes the ISR, since the leader's
    /// rules would not say why (they are caught up).
    pub(crate) fn note_shutdown_exits(&mut self, p: u32, was: &[BrokerId], now: &[BrokerId]) {
        for &b in was.iter().filter(|b| !now.contains(b)) {
            self.events.isr_exit(p, b, crate::events::IsrExit { reason: "shutdown", tick: self.tick });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::api::Value;
    use crate::cluster::Cluster;
    use crate::message::{KafkaError, Msg, UNKNOWN_BROKER_EPOCH};

    fn cluster(version: &str) -> Cluster {
        Cluster::from_pairs(&[("version".to_string(), Value::Str(version.to_string()))]).unwrap()
    }

    /// `KafkaController.doControlledShutdown` (KIP-380, 2.2+): "Received controlled shutdown request
    /// from an old broker epoch" is refused with STALE_BROKER_EPOCH and moves nothing; the current
    /// epoch, and a request without one (UNKNOWN_BROKER_EPOCH, an old broker), are served. (A stale
    /// one cannot arise in a script: a crash drops what the process still had on the wire.)
    #[test]
    fn controlled_shutdown_from_an_older_broker_epoch_is_refused() {
        let mut c = cluster("3.7");
        let ctrl = c.zk.controller.unwrap();
        let current = c.controller_live[&1] as i64;
        let reply = c.on_controlled_shutdown(ctrl, 1, current - 1);
        assert!(matches!(reply, Msg::ControlledShutdownResponse { error: Some(KafkaError::StaleBrokerEpoch), .. }), "{reply}");
        assert!(c.shutting_down.is_empty(), "a stale request moves no leadership");
        assert_eq!(c.zk.partitions[1].leader, 1);
        let reply = c.on_controlled_shutdown(ctrl, 1, current);
        assert!(matches!(reply, Msg::ControlledShutdownResponse { error: None, .. }), "{reply}");
        assert_ne!(c.zk.partitions[1].leader, 1, "the current process's request moves its leadership");
        let mut c = cluster("3.7");
        let reply = c.on_controlled_shutdown(ctrl, 1, UNKNOWN_BROKER_EPOCH);
        assert!(matches!(reply, Msg::ControlledShutdownResponse { error: None, .. }), "{reply}");
    }

    /// The broker sends its registration's czxid from 2.2, none before.
    #[test]
    fn controlled_shutdown_carries_the_broker_epoch_from_2_2() {
        for (version, expected) in [("0.11", false), ("2.8", true)] {
            let mut c = cluster(version);
            c.fail(1, crate::faults::FailKind::Shutdown).unwrap();
            c.step(1).unwrap();
            let sent = c.network.in_flight().find_map(|e| match e.msg {
                Msg::ControlledShutdown { broker_epoch, .. } => Some(broker_epoch),
                _ => None,
            });
            let czxid = c.brokers[1].zk_session.unwrap() as i64;
            assert_eq!(sent, Some(if expected { czxid } else { UNKNOWN_BROKER_EPOCH }), "{version}");
        }
    }
}
