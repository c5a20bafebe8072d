//! Leader elections on demand and the automatic preferred-leader rebalance (`KafkaController`:
//! `processReplicaLeaderElection`, `checkAndTriggerAutoLeaderRebalance`;
//! `PartitionLeaderElectionAlgorithms` in `PartitionStateMachine.scala`):
//! - preferred: the first replica in assignment order leads again, if it is live and in the ISR
//!   (`preferredReplicaPartitionLeaderElection`); a partition it already leads needs no election;
//! - unclean (KIP-460, `kafka-leader-election.sh --election-type unclean`): a partition whose
//!   leader is gone gets the first live ISR member, else the first live replica, whatever
//!   `unclean.leader.election.enable` says;
//! - every `leader.imbalance.check.interval.seconds` the controller counts, for each broker, the
//!   partitions it prefers but does not lead; above `leader.imbalance.per.broker.percentage` it
//!   runs the preferred election for those whose preferred replica can lead.
//!
//! KRaft presets take both elections and the rebalance to their controller (`kraft.rs`:
//! `ReplicationControlManager.electLeaders`, `maybeBalancePartitionLeaders`).

use crate::api::{choice_arg, from_options, int_list_arg, ApiError, Value};
use crate::cluster::Cluster;
use crate::collections::VecSet;
use crate::config::Config;
use crate::events::{params, Reason};
use crate::message::{BrokerId, KafkaError};

/// `electLeaders({ type })`: Kafka's `ElectionType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElectionType {
    Preferred,
    Unclean,
}

pub const ELECTION_TYPES: [&str; 2] = ["preferred", "unclean"];

impl ElectionType {
    pub fn from_arg(v: &Value) -> Result<ElectionType, ApiError> {
        Ok(match choice_arg("type", v, &ELECTION_TYPES)? {
            "preferred" => ElectionType::Preferred,
            _ => ElectionType::Unclean,
        })
    }

    pub fn label(self) -> &'static str {
        match self {
            ElectionType::Preferred => "preferred",
            ElectionType::Unclean => "unclean",
        }
    }
}

/// `electLeaders`'s options as given, checked by `elect_args`.
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify))]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElectOptions {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"preferred\" | \"unclean\""))]
    r#type: Option<Value>,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number[]", optional))]
    partitions: Option<Value>,
}

/// `electLeaders({ type, partitions })`'s arguments (`partitions` omitted: all of them).
pub fn elect_args(pairs: &[(String, Value)]) -> Result<(ElectionType, Option<Vec<u32>>), ApiError> {
    let o: ElectOptions = from_options("electLeaders", pairs)?;
    // The values given are checked before the one missing.
    let partitions = match o.partitions {
        None | Some(Value::Null) => None,
        Some(v) => Some(int_list_arg("partitions", &v, 0, u64::from(u32::MAX))?.into_iter().map(|p| p as u32).collect()),
    };
    Ok((ElectionType::from_arg(&o.r#type.unwrap_or(Value::Null))?, partitions))
}

/// One partition's outcome, as `ElectLeadersResponse` gives it (no error: elected).
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify), tsify(missing_as_null))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ElectionResult {
    pub partition: u32,
    pub error: Option<&'static str>,
}

impl Cluster {
    /// Brokers the controller may elect: registered and not shutting down (`isReplicaOnline`).
    pub(crate) fn electable(&self) -> VecSet<BrokerId> {
        self.controller_live.keys().copied().filter(|b| !self.shutting_down.contains(b)).collect()
    }

    /// `electLeaders({ type, partitions })` (the admin client's ElectLeaders, `kafka-leader-election.sh`):
    /// every partition when `partitions` is None. Needs an active controller.
    pub fn elect_leaders(&mut self, kind: ElectionType, partitions: Option<Vec<u32>>) -> Result<Vec<ElectionResult>, ApiError> {
        let n = self.config.partitions;
        if let Some(bad) = partitions.iter().flatten().find(|p| **p >= n) {
            return Err(ApiError::new("partitions", format!("must list partitions from 0 to {}, got {bad}", n - 1)));
        }
        let mut list = partitions.unwrap_or_else(|| (0..n).collect());
        list.sort_unstable();
        list.dedup();
        if self.kraft.is_some() {
            return self.kraft_elect_leaders(kind, list);
        }
        if self.active_controller().is_none() {
            return Err(ApiError::new("type", "no controller is active to elect leaders; wait for one".to_string()));
        }
        let results = list
            .into_iter()
            .map(|p| {
                let error = match kind {
                    ElectionType::Preferred => self.preferred_election(
                        p,
                        &Reason::new(params!("trigger.admin"), "an admin request (ElectLeaders, type preferred)".to_string()),
                    ),
                    ElectionType::Unclean => self.unclean_election(p),
                };
                ElectionResult { partition: p, error: error.map(KafkaError::name) }
            })
            .collect();
        Ok(results)
    }

    /// The controller, if its broker still holds the session that won `/controller` (only then does it act).
    pub(crate) fn active_controller(&self) -> Option<BrokerId> {
        self.zk.controller.filter(|c| self.holds_session(*c))
    }

    fn preferred_election(&mut self, p: u32, trigger: &Reason) -> Option<KafkaError> {
        let st = self.zk.partitions[p as usize].clone();
        let preferred = self.zk.assignment[p as usize][0];
        if st.leader == preferred as i32 {
            return Some(KafkaError::ElectionNotNeeded);
        }
        if !(self.electable().contains(&preferred) && st.isr.contains(&preferred)) {
            return Some(KafkaError::PreferredLeaderNotAvailable);
        }
        let text =
            format!("preferred replica election after {}: elected b{preferred}, the first replica in assignment order", trigger.text);
        self.write_partition_state(
            p,
            preferred as i32,
            st.isr,
            false,
            Reason::new(params!("why.preferred", trigger = trigger.params.clone(), b = preferred), text),
        );
        None
    }

    fn unclean_election(&mut self, p: u32) -> Option<KafkaError> {
        let st = self.zk.partitions[p as usize].clone();
        let live = self.electable();
        if st.leader >= 0 && live.contains(&(st.leader as u32)) {
            return Some(KafkaError::ElectionNotNeeded);
        }
        let ar = self.zk.assignment[p as usize].clone();
        // `offlinePartitionLeaderElection` with unclean allowed: an ISR member first.
        let (leader, isr, unclean) = match ar.iter().copied().find(|r| live.contains(r) && st.isr.contains(r)) {
            Some(l) => (l, st.isr.iter().copied().filter(|r| live.contains(r)).collect(), false),
            None => match ar.iter().copied().find(|r| live.contains(r)) {
                Some(l) => (l, vec![l], true),
                None => return Some(KafkaError::EligibleLeadersNotAvailable),
            },
        };
        let (how, kind) = if unclean {
            (format!("no ISR member is alive: UNCLEAN election of b{leader}, committed records may be lost"), "why.admin-unclean")
        } else {
            (format!("elected b{leader}, the first live ISR member in assignment order"), "why.admin-clean")
        };
        let text = format!("election after an admin request (ElectLeaders, type unclean): {how}");
        self.write_partition_state(p, leader as i32, isr, unclean, Reason::new(params!(kind, b = leader), text));
        None
    }

    /// `auto.leader.rebalance.enable`: the task a controller schedules every
    /// `leader.imbalance.check.interval.seconds` from the moment it became controller.
    pub(crate) fn maybe_rebalance_leaders(&mut self) {
        if !self.config.auto_leader_rebalance_enable {
            return;
        }
        let interval = Config::ticks(self.config.leader_imbalance_check_interval_seconds * 1000);
        let due = *self.rebalance_at.get_or_insert(self.tick + interval);
        if self.tick < due {
            return;
        }
        self.rebalance_at = Some(self.tick + interval);
        let percentage = self.config.leader_imbalance_per_broker_percentage;
        // Who may lead does not change while preferred replicas take their partitions back.
        let electable = self.electable();
        for broker in 0..self.config.brokers {
            let preferred: Vec<u32> = (0..self.config.partitions).filter(|p| self.zk.assignment[*p as usize][0] == broker).collect();
            let elsewhere: Vec<u32> =
                preferred.iter().copied().filter(|p| self.zk.partitions[*p as usize].leader != broker as i32).collect();
            // imbalance ratio > percentage / 100, in integers
            if preferred.is_empty() || elsewhere.len() as u64 * 100 <= percentage * preferred.len() as u64 {
                continue;
            }
            if !self.zk.reassignments.is_empty() {
                return; // not while a reassignment is in progress
            }
            let leads = preferred.len() - elsewhere.len();
            let trigger = Reason::new(
                params!("trigger.imbalance", b = broker, leads = leads, prefers = preferred.len(), percentage = percentage),
                format!(
                    "the leader imbalance check (b{broker} leads {leads} of the {} partitions it prefers, more than leader.imbalance.per.broker.percentage {percentage}% away)",
                    preferred.len()
                ),
            );
            for p in elsewhere {
                let st = &self.zk.partitions[p as usize];
                if electable.contains(&broker) && st.isr.contains(&broker) {
                    self.preferred_election(p, &trigger);
                }
            }
        }
    }
}
