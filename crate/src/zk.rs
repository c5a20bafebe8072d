//! The ZooKeeper state of a ZooKeeper-era cluster (§2.3, §2.4, §4.1): `/controller`,
//! `/controller_epoch`, `/brokers/ids/N` (ephemeral, tied to a session) and each partition's
//! `state` znode with its zkVersion. Operations are atomic and instantly visible (as in the TLA+
//! models); only session expiry takes time.

use crate::collections::VecMap;
use crate::events::ids;
use crate::log::Epoch;
use crate::message::{BrokerId, Tick};

pub const TOPIC: &str = "demo";

/// `/brokers/topics/T/partitions/P/state`, exactly Kafka's fields. `version` is the znode's
/// zkVersion, the "partition epoch" used for conditional updates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartitionState {
    pub leader: i32,
    pub leader_epoch: Epoch,
    pub isr: Vec<BrokerId>,
    pub controller_epoch: u32,
    pub version: u32,
    /// KIP-704 (3.2+): the leader was elected uncleanly and has not yet recovered (RECOVERING);
    /// cleared by the leader's next accepted AlterPartition (RECOVERED).
    pub recovering: bool,
}

impl PartitionState {
    /// The znode's JSON, byte for byte as Kafka writes it (`TopicPartitionStateZNode.encode`:
    /// `leader_recovery_state` only when not RECOVERED).
    pub fn json(&self) -> String {
        let isr = ids(&self.isr);
        let recovery = if self.recovering { ",\"leader_recovery_state\":1" } else { "" };
        format!(
            "{{\"controller_epoch\":{},\"leader\":{},\"version\":1,\"leader_epoch\":{},\"isr\":[{}]{recovery}}}",
            self.controller_epoch, self.leader, self.leader_epoch, isr
        )
    }
}

/// `/brokers/ids/N`: an ephemeral znode owned by one session.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Registration {
    /// The creating transaction id: a re-registration after a bounce has a new one, which is how
    /// the controller tells a restarted broker from one that never left.
    pub czxid: u64,
    /// Set once the owning broker stops heart-beating: the znode is deleted at this tick.
    pub session_expires_at: Option<Tick>,
}

/// A running reassignment, as KIP-455's `ReplicaAssignment` keeps it (2.4+): the replicas are
/// RS = TRS + ORS meanwhile, `adding` = TRS − ORS, `removing` = ORS − TRS.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reassignment {
    pub target: Vec<BrokerId>,
    pub adding: Vec<BrokerId>,
    pub removing: Vec<BrokerId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ZooKeeper {
    pub controller: Option<BrokerId>,
    pub controller_epoch: u32,
    pub brokers: VecMap<BrokerId, Registration>,
    /// `/brokers/topics/T`: the replica assignment per partition (AR, in order).
    pub assignment: Vec<Vec<BrokerId>>,
    pub partitions: Vec<PartitionState>,
    /// `/admin/reassign_partitions`: each partition being reassigned, with its target replicas.
    pub reassignments: VecMap<u32, Reassignment>,
    /// The topic's id (KIP-516, 2.8+), in `Uuid.toString`'s form; None before.
    pub topic_id: Option<String>,
    next_zxid: u64,
}

/// A topic id as `Uuid.toString` writes it (URL-safe base64 of the 16 bytes, no padding: 22
/// characters), drawn from its own generator seeded by `seed` so the simulation's draws are not
/// moved (Kafka draws `Uuid.randomUuid()` at topic creation).
pub fn topic_id(seed: u64) -> String {
    let mut rng = crate::rng::Rng::new(seed ^ 0x7091_c1d5_0000_0516);
    uuid_string((u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64()))
}

fn uuid_string(bits: u128) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // 128 bits are 21 base64 digits of 6 bits and a last one of 2 bits (shifted up, as base64 pads).
    let mut out: String = (0..21).map(|i| ALPHABET[((bits >> (122 - 6 * i)) & 63) as usize] as char).collect();
    out.push(ALPHABET[((bits & 3) << 4) as usize] as char);
    out
}

impl ZooKeeper {
    pub fn new(assignment: Vec<Vec<BrokerId>>) -> ZooKeeper {
        let partitions = assignment
            .iter()
            .map(|_| PartitionState { leader: -1, leader_epoch: -1, isr: Vec::new(), controller_epoch: 0, version: 0, recovering: false })
            .collect();
        ZooKeeper {
            controller: None,
            controller_epoch: 0,
            brokers: VecMap::new(),
            assignment,
            partitions,
            reassignments: VecMap::new(),
            topic_id: None,
            next_zxid: 1,
        }
    }

    /// Creates `/brokers/ids/N` for a new session; returns the session's czxid.
    pub fn register(&mut self, broker: BrokerId) -> u64 {
        let czxid = self.next_zxid;
        self.next_zxid += 1;
        self.brokers.insert(broker, Registration { czxid, session_expires_at: None });
        czxid
    }

    pub fn is_registered(&self, broker: BrokerId) -> bool {
        self.brokers.contains_key(&broker)
    }

    /// KRaft presets: the broker epoch of a registered broker that is neither fenced nor in a
    /// controlled shutdown, as the published image says (`KRaftMetadataCache.getAliveBrokerEpoch`,
    /// which answers for one in controlled shutdown too: here a fetch from the previous process
    /// of a broker in controlled shutdown is not refused, but its replica cannot join the ISR
    /// either way).
    pub fn alive_broker_epoch(&self, broker: BrokerId) -> Option<i64> {
        self.brokers.get(&broker).map(|r| r.czxid as i64)
    }

    /// Conditional `setData` on a partition state znode: succeeds only if the caller's cached
    /// zkVersion is current (`ReplicationUtils.updateLeaderAndIsr`). Returns the new zkVersion.
    pub fn conditional_update(&mut self, partition: u32, expected_version: u32, mut next: PartitionState) -> Option<u32> {
        let cur = &mut self.partitions[partition as usize];
        if cur.version != expected_version {
            return None;
        }
        next.version = cur.version + 1;
        *cur = next;
        Some(cur.version)
    }

    /// Every znode as (path, data, version), for the snapshot. `kip455`: the topic znode is
    /// version 2 with `adding_replicas` and `removing_replicas` (`TopicZNode.encode`, 2.4+);
    /// with a topic id it is version 3 and has `topic_id` (2.8+, KIP-516).
    pub fn tree(&self, kip455: bool) -> Vec<(String, String, u32)> {
        let mut nodes = Vec::new();
        if let Some(c) = self.controller {
            nodes.push(("/controller".to_string(), format!("{{\"version\":1,\"brokerid\":{c}}}"), 0));
        }
        nodes.push(("/controller_epoch".to_string(), self.controller_epoch.to_string(), self.controller_epoch.saturating_sub(1)));
        for (id, reg) in &self.brokers {
            nodes.push((format!("/brokers/ids/{id}"), format!("{{\"czxid\":{}}}", reg.czxid), 0));
        }
        let assignment = self.assignment.iter().enumerate().map(|(p, ar)| format!("\"{p}\":[{}]", ids(ar))).collect::<Vec<_>>().join(",");
        let topic = if kip455 {
            let field = |f: fn(&Reassignment) -> &Vec<BrokerId>| {
                // Only partitions with replicas to add (or remove) are listed.
                let listed = self.reassignments.iter().filter(|(_, r)| !f(r).is_empty());
                listed.map(|(p, r)| format!("\"{p}\":[{}]", ids(f(r)))).collect::<Vec<_>>().join(",")
            };
            let (version, id) = match &self.topic_id {
                Some(id) => (3, format!(",\"topic_id\":\"{id}\"")),
                None => (2, String::new()),
            };
            format!(
                "{{\"version\":{version},\"partitions\":{{{assignment}}},\"adding_replicas\":{{{}}},\"removing_replicas\":{{{}}}{id}}}",
                field(|r| &r.adding),
                field(|r| &r.removing)
            )
        } else {
            format!("{{\"version\":1,\"partitions\":{{{assignment}}}}}")
        };
        nodes.push((format!("/brokers/topics/{TOPIC}"), topic, 0));
        for (p, st) in self.partitions.iter().enumerate() {
            nodes.push((format!("/brokers/topics/{TOPIC}/partitions/{p}/state"), st.json(), st.version));
        }
        if !self.reassignments.is_empty() {
            let list = self
                .reassignments
                .iter()
                .map(|(p, r)| format!("{{\"topic\":\"{TOPIC}\",\"partition\":{p},\"replicas\":[{}]}}", ids(&r.target)))
                .collect::<Vec<_>>()
                .join(",");
            nodes.push(("/admin/reassign_partitions".to_string(), format!("{{\"version\":1,\"partitions\":[{list}]}}"), 0));
        }
        nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Uuid.toString`: `Base64.getUrlEncoder().withoutPadding()` of the big-endian bytes.
    #[test]
    fn topic_ids_are_written_as_kafkas_uuids() {
        assert_eq!(uuid_string(0x0001_0203_0405_0607_0809_0a0b_0c0d_0e0f), "AAECAwQFBgcICQoLDA0ODw");
        assert_eq!(uuid_string(u128::MAX), "_____________________w");
        assert_eq!(topic_id(7), topic_id(7));
        assert_ne!(topic_id(7), topic_id(8));
        let mut zk = ZooKeeper::new(vec![vec![0, 1]]);
        let v2 = r#"{"version":2,"partitions":{"0":[0,1]},"adding_replicas":{},"removing_replicas":{}}"#;
        let topic = |zk: &ZooKeeper| zk.tree(true).into_iter().find(|(p, _, _)| p == "/brokers/topics/demo").unwrap().1;
        assert_eq!(topic(&zk), v2);
        zk.topic_id = Some("AAECAwQFBgcICQoLDA0ODw".to_string());
        assert_eq!(
            topic(&zk),
            r#"{"version":3,"partitions":{"0":[0,1]},"adding_replicas":{},"removing_replicas":{},"topic_id":"AAECAwQFBgcICQoLDA0ODw"}"#
        );
        // A cluster's topic has an id from 2.8 (KIP-516), none before.
        let version = |v: &str| vec![("version".to_string(), crate::api::Value::Str(v.to_string()))];
        assert!(crate::cluster::Cluster::from_pairs(&version("0.11")).unwrap().zk.topic_id.is_none());
        let c = crate::cluster::Cluster::from_pairs(&version("2.8")).unwrap();
        assert_eq!(c.zk.topic_id.as_deref().map(str::len), Some(22));
    }

    #[test]
    fn state_json_is_kafkas_and_updates_are_conditional() {
        let mut zk = ZooKeeper::new(vec![vec![2, 0, 1]]);
        let st = PartitionState { leader: 2, leader_epoch: 7, isr: vec![2, 0, 1], controller_epoch: 5, version: 0, recovering: false };
        assert_eq!(st.json(), r#"{"controller_epoch":5,"leader":2,"version":1,"leader_epoch":7,"isr":[2,0,1]}"#);
        let unclean = PartitionState { recovering: true, isr: vec![2], ..st.clone() };
        assert_eq!(unclean.json(), r#"{"controller_epoch":5,"leader":2,"version":1,"leader_epoch":7,"isr":[2],"leader_recovery_state":1}"#);
        assert_eq!(zk.conditional_update(0, 0, st.clone()), Some(1));
        assert_eq!(zk.conditional_update(0, 0, st), None, "a stale zkVersion is refused");
        assert_eq!(zk.partitions[0].version, 1);
    }
}
