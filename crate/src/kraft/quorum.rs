//! The KRaft controller quorum: Raft among the controller voters on `__cluster_metadata`
//! (KIP-595, pre-vote KIP-996), after Kafka's `raft/src/main/java/org/apache/kafka/raft/`
//! `KafkaRaftClient.java`, `QuorumState.java` and `LeaderState.java`.
//!
//! - Followers Fetch from the leader (fetchOffset, lastFetchedEpoch); a log that diverges is
//!   told the end offset of its last epoch on the leader and truncates there (`DivergingEpoch`).
//! - The leader's HW is the offset a majority of voters (itself included) has reached, and it
//!   only advances past `epochStartOffset` (`LeaderState.maybeUpdateHighWatermark`): a new leader
//!   first appends a LeaderChangeMessage of its own epoch, and nothing older is committed by it
//!   until that record is.
//! - A follower that has not fetched successfully within `controller.quorum.fetch.timeout.ms`,
//!   or an unattached voter whose `controller.quorum.election.timeout.ms` (randomised: T + a
//!   random part up to T) ran out, becomes prospective and asks for pre-votes (KIP-996) in its
//!   epoch without bumping it; a majority makes it a candidate (epoch + 1, it votes for
//!   itself), a majority of votes makes it the leader. A pre-vote lost sends it back to the
//!   leader it knew, else unattached in the same epoch. A follower that has fetched from its
//!   leader in its epoch refuses pre-votes (`FollowerState.hasFetchedFromLeader`), as the leader
//!   does, so a voter that was cut off cannot disrupt the quorum when it comes back. A candidate
//!   a majority refused backs off (`binaryExponentialElectionBackoffMs`), then goes prospective.
//! - Check quorum: the leader collects the voters that fetched (valid fetches only) since its
//!   check-quorum timer was last reset and resets it, clearing them, once they are a majority
//!   with itself (`LeaderState.updateCheckQuorumForFollowingVoter`); when the timer, 1.5 × the
//!   fetch timeout (`CHECK_QUORUM_TIMEOUT_FACTOR`), runs out it resigns; an election timeout
//!   later it moves to the next epoch, unattached. BeginQuorumEpoch goes to every voter when it
//!   is elected, then every fetch timeout / 2 to those that have not fetched for that long. A
//!   resigned voter grants no vote, only pre-votes (`ResignedState.canGrantPreVote`).
//! - A restarted voter starts from its quorum-state (`QuorumState.initialize`).
//! - The active controller is the leader once its LeaderChangeMessage is committed
//!   (`KafkaRaftClient.maybeFireLeaderChange` fires once the listener has replayed up to the
//!   epoch start): it then replays the committed log into its state (`kraft.rs`).

use super::records::{KraftMsg, LogEntry, MetadataRecord, QuorumFetchResponse};
use crate::cluster::Cluster;
use crate::collections::VecMap;
use crate::config::Config;
use crate::events::{params, Reason};
use crate::message::{BrokerId, KafkaError, Msg, NodeId, Tick};

/// The first controller's node id (dedicated controllers are numbered 3000, 3001, … in Kafka's docs).
pub const FIRST_VOTER: BrokerId = 3000;
/// `controller.quorum.election.timeout.ms`.
pub const ELECTION_TIMEOUT_MS: u64 = 1_000;
/// `controller.quorum.fetch.timeout.ms`.
pub const FETCH_TIMEOUT_MS: u64 = 2_000;
/// `LeaderState.checkQuorumTimeoutMs`: fetch timeout × `CHECK_QUORUM_TIMEOUT_FACTOR` 1.5.
pub const CHECK_QUORUM_TIMEOUT_MS: u64 = FETCH_TIMEOUT_MS * 3 / 2;
/// `LeaderState.beginQuorumEpochTimeoutMs`: fetch timeout / 2.
pub const BEGIN_QUORUM_EPOCH_TIMEOUT_MS: u64 = FETCH_TIMEOUT_MS / 2;
/// `controller.quorum.request.timeout.ms`: a voter's fetch unanswered this long is sent again.
const REQUEST_TIMEOUT_MS: u64 = 2_000;
/// `KafkaRaftClient`'s fetch max wait: the leader parks a fetch that found nothing new.
pub(crate) const FETCH_MAX_WAIT_MS: u64 = 500;
/// `KafkaRaftClient.RETRY_BACKOFF_BASE_MS`: the unit of a rejected candidate's backoff.
const RETRY_BACKOFF_BASE_MS: u64 = 100;
/// `controller.quorum.election.backoff.max.ms`: the longest backoff after a rejected vote.
pub const ELECTION_BACKOFF_MAX_MS: u64 = 1_000;

/// `QuorumState`'s states (`EpochState` implementations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RaftState {
    Unattached,
    Prospective,
    Candidate,
    Leader,
    Follower,
    Resigned,
}

impl RaftState {
    pub fn label(self) -> &'static str {
        match self {
            RaftState::Unattached => "unattached",
            RaftState::Prospective => "prospective",
            RaftState::Candidate => "candidate",
            RaftState::Leader => "leader",
            RaftState::Follower => "follower",
            RaftState::Resigned => "resigned",
        }
    }
}

/// How `fail` left a controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoterStatus {
    Up,
    Crashed,
    /// Cut off from every other node (controllers and brokers).
    Isolated,
}

impl VoterStatus {
    pub fn label(self) -> &'static str {
        match self {
            VoterStatus::Up => "up",
            VoterStatus::Crashed => "crashed",
            VoterStatus::Isolated => "isolated",
        }
    }
}

/// What the leader knows of a voter (`LeaderState.ReplicaState`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Progress {
    /// Its fetch offset: its log end offset as far as the leader knows.
    pub end_offset: u64,
    pub last_fetch: Tick,
    /// When it last was caught up to the leader's log end (`ReplicaState.lastCaughtUpTimestamp`),
    /// and the leader's log end at its previous fetch (`lastFetchLeaderLogEndOffset`).
    pub last_caught_up: Option<Tick>,
    pub last_fetch_leader_end: u64,
}

impl Progress {
    pub(crate) fn new(end_offset: u64, last_fetch: Tick) -> Progress {
        Progress { end_offset, last_fetch, last_caught_up: None, last_fetch_leader_end: 0 }
    }

    /// `LeaderState.ReplicaState.updateFollowerState`: caught up now if it fetches from the
    /// leader's log end, or caught up as of its previous fetch if it reached the log end the
    /// leader had then.
    fn fetched(&mut self, now: Tick, fetch_offset: u64, leader_end: u64) {
        if fetch_offset >= leader_end {
            self.last_caught_up = Some(now);
        } else if self.last_fetch_leader_end > 0 && fetch_offset >= self.last_fetch_leader_end {
            self.last_caught_up = self.last_caught_up.max(Some(self.last_fetch));
        }
        self.last_fetch_leader_end = leader_end;
        self.last_fetch = now;
        self.end_offset = fetch_offset;
    }
}

/// One controller voter. Its epoch, vote and log are on disk (`quorum-state`, the log's
/// segments); the rest is lost when it crashes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Voter {
    pub id: BrokerId,
    pub status: VoterStatus,
    pub state: RaftState,
    pub epoch: u32,
    pub voted_for: Option<BrokerId>,
    pub leader: Option<BrokerId>,
    pub log: Vec<LogEntry>,
    pub high_watermark: u64,
    /// Follower: when its fetch timeout runs out; otherwise when its election timeout does.
    pub timer: Tick,
    /// The voters that granted its (pre-)vote, itself included, and those that refused it
    /// (`EpochElection`'s granting and rejecting voters).
    pub granted: Vec<BrokerId>,
    pub refused: Vec<BrokerId>,
    pub fetch_sent: Option<Tick>,
    /// Leader: each other voter's fetch state.
    pub progress: VecMap<BrokerId, Progress>,
    /// Leader: the offset of its LeaderChangeMessage.
    pub epoch_start: u64,
    /// Follower: a fetch from its leader succeeded in this epoch (`FollowerState.hasFetchedFromLeader`):
    /// until then it may grant pre-votes.
    pub fetched_from_leader: bool,
    /// Prospective, candidate: its elections lost in a row as candidate, plus one
    /// (`NomineeState.retries`), for the backoff after a rejected vote.
    pub retries: u32,
    /// Leader: the other voters that fetched since the check-quorum timer was last reset
    /// (`LeaderState.fetchedVoters`), and when that timer runs out (`checkQuorumTimer`).
    pub fetched_voters: Vec<BrokerId>,
    pub check_quorum_timer: Tick,
    /// Leader: when BeginQuorumEpoch next goes to the voters that have not fetched for
    /// fetch timeout / 2 (`LeaderState.beginQuorumEpochTimer`).
    pub begin_quorum_timer: Tick,
}

impl Voter {
    pub fn log_end_offset(&self) -> u64 {
        self.log.len() as u64
    }

    /// The leader its answers name (`EpochState.election().leaderIdOpt`): a leader or follower
    /// names the leader it knows, a resigned voter itself (`ResignedState.election()` is
    /// `withElectedLeader(epoch, localId, voters)`); unattached, prospective and candidate none.
    fn answer_leader(&self) -> Option<BrokerId> {
        self.leader.filter(|_| matches!(self.state, RaftState::Leader | RaftState::Follower | RaftState::Resigned))
    }

    /// A leader whose epoch's LeaderChangeMessage has committed: its HW is known in this epoch,
    /// and the controller on it may claim the leadership (`QuorumController.handleLeaderChange`).
    pub fn leads_committed_epoch(&self) -> bool {
        self.state == RaftState::Leader && self.high_watermark > self.epoch_start
    }

    /// `LeaderState.highWatermark` is empty until the epoch's LeaderChangeMessage commits: a new
    /// leader's HW carried over from its last epoch is not known in this one.
    pub fn high_watermark_known(&self) -> bool {
        self.state != RaftState::Leader || self.leads_committed_epoch()
    }

    fn last_epoch(&self) -> u32 {
        self.log.last().map_or(0, |e| e.epoch)
    }

    /// `ReplicatedLog.endOffsetForEpoch`: where the largest epoch ≤ `epoch` ends in this log.
    fn end_offset_for_epoch(&self, epoch: u32) -> u64 {
        self.log.iter().position(|e| e.epoch > epoch).unwrap_or(self.log.len()) as u64
    }

    fn runs(&self) -> bool {
        self.status != VoterStatus::Crashed
    }
}

/// A voter's Fetch the leader holds until it has something new or `FETCH_MAX_WAIT_MS` passed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParkedVoterFetch {
    pub replica: BrokerId,
    pub fetch_offset: u64,
    pub deadline: Tick,
}

/// The voters of a new cluster: `leader` leads epoch 1; every log holds the same records.
pub(crate) fn bootstrap_voters(n: u32) -> Vec<Voter> {
    (0..n)
        .map(|i| Voter {
            id: FIRST_VOTER + i,
            status: VoterStatus::Up,
            state: if i == 0 { RaftState::Leader } else { RaftState::Follower },
            epoch: 1,
            voted_for: Some(FIRST_VOTER),
            leader: Some(FIRST_VOTER),
            log: Vec::new(),
            high_watermark: 0,
            timer: Config::ticks(FETCH_TIMEOUT_MS),
            granted: Vec::new(),
            refused: Vec::new(),
            fetch_sent: None,
            progress: if i == 0 { (1..n).map(|o| (FIRST_VOTER + o, Progress::new(0, 0))).collect() } else { VecMap::new() },
            epoch_start: 0,
            // The formatted cluster starts settled: its followers have fetched from the leader.
            fetched_from_leader: i != 0,
            retries: 0,
            fetched_voters: Vec::new(),
            check_quorum_timer: Config::ticks(CHECK_QUORUM_TIMEOUT_MS),
            begin_quorum_timer: Config::ticks(BEGIN_QUORUM_EPOCH_TIMEOUT_MS),
        })
        .collect()
}

impl Cluster {
    pub(crate) fn voter_index(&self, id: i64) -> Option<usize> {
        let n = self.kraft.as_ref()?.voters.len() as i64;
        let i = id - i64::from(FIRST_VOTER);
        (0..n).contains(&i).then_some(i as usize)
    }

    fn voter(&self, i: usize) -> &Voter {
        &self.kraft.as_ref().expect("a KRaft preset").voters[i]
    }

    fn voter_mut(&mut self, i: usize) -> &mut Voter {
        &mut self.kraft.as_mut().expect("a KRaft preset").voters[i]
    }

    fn majority(&self) -> usize {
        self.kraft.as_ref().expect("a KRaft preset").voters.len() / 2 + 1
    }

    /// `QuorumConfig.electionTimeoutMs` randomised as `KafkaRaftClient.randomElectionTimeoutMs`
    /// does: T plus a random part below T (the seeded PRNG).
    fn election_deadline(&mut self) -> Tick {
        let t = Config::ticks(ELECTION_TIMEOUT_MS);
        self.tick + t + self.rng.range_inclusive(0, t - 1)
    }

    fn quorum_event(&mut self, id: BrokerId, why: Reason) {
        self.events.record(self.tick, "quorum", None, None, why.params, format!("controller {id} {}", why.text));
    }

    fn send_to_voters(&mut self, from: usize, msg: KraftMsg) {
        let id = self.voter(from).id;
        let others: Vec<BrokerId> = self.kraft().voters.iter().map(|v| v.id).filter(|v| *v != id).collect();
        for to in others {
            self.send(id as NodeId, to as NodeId, Msg::Kraft(msg.clone()));
        }
    }

    /// Each tick: timers of the voters that run (fetch, fetch and election timeouts, check quorum).
    pub(crate) fn run_quorum(&mut self) {
        let now = self.tick;
        for i in 0..self.kraft().voters.len() {
            let v = self.voter(i);
            if !v.runs() {
                continue;
            }
            match v.state {
                RaftState::Leader => {
                    // `KafkaRaftClient.pollLeader`: it resigns once `timeUntilCheckQuorumExpires`
                    // is 0 (never with a single voter); the timer is reset only when a majority
                    // has fetched (`updateCheckQuorumForFollowingVoter`, `on_voter_fetch`).
                    if v.progress.is_empty() || now < v.check_quorum_timer {
                        if now >= v.begin_quorum_timer {
                            self.resend_begin_quorum_epoch(i);
                        }
                    } else {
                        let epoch = v.epoch;
                        let why = Reason::new(
                            params!("quorum.resign", id = v.id, epoch = epoch, ms = CHECK_QUORUM_TIMEOUT_MS),
                            format!(
                                "resigns the leadership of epoch {epoch}: no fetch from a majority of the voters within {CHECK_QUORUM_TIMEOUT_MS} ms (check quorum, 1.5 × controller.quorum.fetch.timeout.ms)"
                            ),
                        );
                        self.lose_leadership(i);
                        let deadline = self.election_deadline();
                        let v = self.voter_mut(i);
                        v.state = RaftState::Resigned;
                        v.timer = deadline;
                        let id = v.id;
                        self.quorum_event(id, why);
                    }
                }
                RaftState::Follower => {
                    if now >= v.timer {
                        let (id, leader) = (v.id, v.leader.unwrap_or(0));
                        let why = Reason::new(
                            params!("quorum.fetch-timeout", id = id, leader = leader, ms = FETCH_TIMEOUT_MS, epoch = v.epoch),
                            format!(
                                "fetched nothing from leader {leader} within controller.quorum.fetch.timeout.ms {FETCH_TIMEOUT_MS} ms: prospective, it asks for pre-votes in epoch {}",
                                v.epoch
                            ),
                        );
                        self.prospective(i, why);
                    } else if v.fetch_sent.is_none_or(|t| now >= t + Config::ticks(REQUEST_TIMEOUT_MS)) {
                        let (id, leader) = (v.id, v.leader.expect("a follower has a leader"));
                        let msg = KraftMsg::QuorumFetch {
                            replica: id,
                            epoch: v.epoch,
                            fetch_offset: v.log_end_offset(),
                            last_fetched_epoch: v.last_epoch(),
                        };
                        self.voter_mut(i).fetch_sent = Some(now);
                        self.send(id as NodeId, leader as NodeId, Msg::Kraft(msg));
                    }
                }
                // `KafkaRaftClient.pollResigned`: an election timeout after resigning it moves to
                // the next epoch, unattached (`transitionToUnattached(epoch + 1)`), so that no
                // fetch response naming it as the leader of its old epoch is taken for current.
                // The timer it keeps is the resigned one, run out: it goes prospective at once.
                RaftState::Resigned => {
                    if now >= v.timer {
                        let (id, old) = (v.id, v.epoch);
                        self.become_unattached(i, old + 1, now);
                        let why = Reason::new(
                            params!("quorum.resigned-timeout", id = id, old = old, epoch = old + 1),
                            format!(
                                "resigned epoch {old} an election timeout ago: unattached in epoch {} (KafkaRaftClient.pollResigned)",
                                old + 1
                            ),
                        );
                        self.quorum_event(id, why);
                    }
                }
                // `pollProspective`: no majority within its election timeout is an election lost.
                RaftState::Prospective => {
                    if now >= v.timer {
                        self.pre_vote_lost(i, false);
                    }
                }
                // `pollUnattachedAsVoter`, `pollCandidate`: prospective once the election timeout
                // ran out (a candidate a majority refused waits it out too, `maybeHandleElectionLoss`).
                RaftState::Unattached | RaftState::Candidate => {
                    if now >= v.timer {
                        let (id, epoch) = (v.id, v.epoch);
                        let why = Reason::new(
                            params!("quorum.election-timeout", id = id, epoch = epoch),
                            format!("saw no leader within its election timeout: prospective, it asks for pre-votes in epoch {epoch}"),
                        );
                        self.prospective(i, why);
                    } else if v.state == RaftState::Unattached && v.fetch_sent.is_none_or(|t| now >= t + Config::ticks(REQUEST_TIMEOUT_MS))
                    {
                        self.fetch_from_any_voter(i);
                    }
                }
            }
        }
        let parked: Vec<(usize, ParkedVoterFetch)> = {
            let k = self.kraft_mut();
            let (due, kept) = std::mem::take(&mut k.parked_voters).into_iter().partition(|(_, f)| now >= f.deadline);
            k.parked_voters = kept;
            due
        };
        for (leader, f) in parked {
            self.answer_voter_fetch(leader, f.replica, f.fetch_offset);
        }
    }

    /// Prospective (KIP-996): pre-votes, its own epoch unchanged. The request carries its
    /// current epoch (`KafkaRaftClient.buildVoteRequest` sends `quorum.epoch()` when
    /// `preVote`); a majority makes it a candidate of the next. It keeps the leader it timed
    /// out on (`transitionToProspective`), so a follower's refusal naming that leader does not
    /// send it back to a leader it cannot reach (the leader's own does).
    fn prospective(&mut self, i: usize, why: Reason) {
        let deadline = self.election_deadline();
        let v = self.voter_mut(i);
        // `QuorumState.transitionToProspective`: `retries` counts the candidate's lost elections.
        v.retries = if v.state == RaftState::Candidate { v.retries + 1 } else { 1 };
        v.state = RaftState::Prospective;
        v.timer = deadline;
        v.granted = vec![v.id];
        v.refused.clear();
        v.fetch_sent = None;
        let id = v.id;
        let msg =
            KraftMsg::Vote { candidate: id, epoch: v.epoch, last_epoch: v.last_epoch(), end_offset: v.log_end_offset(), pre_vote: true };
        self.quorum_event(id, why);
        self.send_to_voters(i, msg);
        self.maybe_won(i);
    }

    /// `transitionToCandidate`: the next epoch, a vote for itself, Vote requests.
    fn candidate(&mut self, i: usize) {
        let votes = self.voter(i).granted.len();
        let v = self.voter_mut(i);
        v.epoch += 1;
        v.voted_for = Some(v.id);
        let (id, epoch) = (v.id, v.epoch);
        let why = Reason::new(
            params!("quorum.candidate", id = id, epoch = epoch, votes = votes),
            format!("won the pre-vote ({votes} voters): candidate for epoch {epoch}, it votes for itself and asks for votes"),
        );
        self.quorum_event(id, why);
        self.ask_for_votes(i);
    }

    /// `CandidateState`: its own vote, an election timeout, Vote requests in its epoch
    /// (`buildVoteRequest` with the candidate's epoch).
    fn ask_for_votes(&mut self, i: usize) {
        let deadline = self.election_deadline();
        let v = self.voter_mut(i);
        v.state = RaftState::Candidate;
        v.granted = vec![v.id];
        v.refused.clear();
        v.timer = deadline;
        v.fetch_sent = None;
        let msg =
            KraftMsg::Vote { candidate: v.id, epoch: v.epoch, last_epoch: v.last_epoch(), end_offset: v.log_end_offset(), pre_vote: false };
        self.send_to_voters(i, msg);
        self.maybe_won(i);
    }

    /// `KafkaRaftClient.prospectiveTransitionAfterElectionLoss`, after its election timeout
    /// (`pollProspective`) or a majority's refusal (`maybeHandleElectionLoss`): back to the
    /// leader it knows in its epoch, else unattached in the same epoch, its vote kept
    /// (`QuorumState.transitionToUnattached`). A timed-out election keeps its run-out timer, so
    /// it asks again at once; a refused one waits a new election timeout.
    fn pre_vote_lost(&mut self, i: usize, refused: bool) {
        let v = self.voter(i);
        let (id, epoch, leader) = (v.id, v.epoch, v.leader.filter(|l| *l != v.id));
        let why = if refused {
            Reason::new(
                params!("quorum.pre-vote-rejected", id = id, epoch = epoch),
                format!("lost its pre-vote in epoch {epoch}: a majority of the voters refused it"),
            )
        } else {
            Reason::new(
                params!("quorum.pre-vote-timeout", id = id, epoch = epoch),
                format!("lost its pre-vote in epoch {epoch}: no majority within its election timeout"),
            )
        };
        self.quorum_event(id, why);
        match leader {
            Some(l) => self.follow(i, l, epoch),
            None => {
                let timer = if refused { self.election_deadline() } else { self.tick };
                self.become_unattached(i, epoch, timer);
            }
        }
    }

    /// `KafkaRaftClient.maybeSendFetchToAnyBootstrap` (`pollUnattachedCommon`): an unattached
    /// voter fetches from a voter picked at random; a response naming the leader of its epoch
    /// makes it that leader's follower.
    fn fetch_from_any_voter(&mut self, i: usize) {
        let n = self.kraft().voters.len();
        let pick = self.rng.range_inclusive(0, n as u64 - 2) as usize;
        let to = self.voter(if pick >= i { pick + 1 } else { pick }).id;
        let v = self.voter(i);
        let id = v.id;
        let msg =
            KraftMsg::QuorumFetch { replica: id, epoch: v.epoch, fetch_offset: v.log_end_offset(), last_fetched_epoch: v.last_epoch() };
        self.voter_mut(i).fetch_sent = Some(self.tick);
        self.send(id as NodeId, to as NodeId, Msg::Kraft(msg));
    }

    fn maybe_won(&mut self, i: usize) {
        if self.voter(i).granted.len() < self.majority() {
            return;
        }
        match self.voter(i).state {
            RaftState::Prospective => self.candidate(i),
            RaftState::Candidate => self.become_leader(i),
            _ => {}
        }
    }

    /// `onBecomeLeader`: the LeaderChangeMessage at the epoch start, BeginQuorumEpoch to the others.
    fn become_leader(&mut self, i: usize) {
        let now = self.tick;
        let voters: Vec<BrokerId> = self.kraft().voters.iter().map(|v| v.id).collect();
        let votes = self.voter(i).granted.len();
        let v = self.voter_mut(i);
        v.state = RaftState::Leader;
        v.leader = Some(v.id);
        v.epoch_start = v.log_end_offset();
        v.progress = voters.iter().filter(|o| **o != v.id).map(|o| (*o, Progress::new(0, now))).collect();
        // `LeaderState`: `checkQuorumTimer` starts at 1.5 × the fetch timeout, `fetchedVoters`
        // empty; `beginQuorumEpochTimer` starts expired, so every voter gets BeginQuorumEpoch
        // now (their `lastFetchTimestamp` is -1), then again each fetch timeout / 2 while it
        // has not fetched (`resend_begin_quorum_epoch`).
        v.fetched_voters.clear();
        v.check_quorum_timer = now + Config::ticks(CHECK_QUORUM_TIMEOUT_MS);
        v.begin_quorum_timer = now + Config::ticks(BEGIN_QUORUM_EPOCH_TIMEOUT_MS);
        let (id, epoch, start) = (v.id, v.epoch, v.epoch_start);
        v.log.push(LogEntry { epoch, record: MetadataRecord::LeaderChange { leader: id, epoch, voters } });
        let why = Reason::new(
            params!("quorum.leader", id = id, epoch = epoch, votes = votes, offset = start),
            format!(
                "won the vote for epoch {epoch} ({votes} voters): leader; it appends LeaderChangeMessage at offset {start} and commits nothing until that record is on a majority"
            ),
        );
        self.quorum_event(id, why);
        self.send_to_voters(i, KraftMsg::BeginQuorumEpoch { leader: id, epoch });
        self.maybe_advance_hw(i);
    }

    /// `KafkaRaftClient.maybeSendBeginQuorumEpochRequests`: once `beginQuorumEpochTimer` runs out,
    /// BeginQuorumEpoch to each voter whose last valid fetch is fetch timeout / 2 old or more
    /// (`LeaderState.needToSendBeginQuorumRequests`: `currentTimeMs - state.lastFetchTimestamp >=
    /// beginQuorumEpochTimeoutMs`), and the timer is reset (`resetBeginQuorumEpochTimer`).
    fn resend_begin_quorum_epoch(&mut self, i: usize) {
        let now = self.tick;
        let timeout = Config::ticks(BEGIN_QUORUM_EPOCH_TIMEOUT_MS);
        let v = self.voter_mut(i);
        v.begin_quorum_timer = now + timeout;
        let (id, epoch) = (v.id, v.epoch);
        let stale: Vec<BrokerId> = v.progress.iter().filter(|(_, p)| now - p.last_fetch >= timeout).map(|(o, _)| *o).collect();
        for to in stale {
            self.send(id as NodeId, to as NodeId, Msg::Kraft(KraftMsg::BeginQuorumEpoch { leader: id, epoch }));
        }
    }

    /// Leaves the leadership (or never had it): the active controller's state is dropped.
    fn lose_leadership(&mut self, i: usize) {
        let id = self.voter(i).id;
        if self.voter(i).state != RaftState::Leader {
            return;
        }
        let k = self.kraft_mut();
        k.parked.clear();
        k.parked_voters.clear();
        k.voters[i].progress.clear();
        if k.active == Some(id) {
            k.active = None;
            k.deferred.clear();
            self.zk.controller = None;
        }
    }

    /// `transitionToFollower`: it follows `leader` in `epoch`.
    fn follow(&mut self, i: usize, leader: BrokerId, epoch: u32) {
        let v = self.voter(i);
        if v.state == RaftState::Follower && v.leader == Some(leader) && v.epoch == epoch {
            return;
        }
        if v.state == RaftState::Leader {
            self.lose_leadership(i);
        }
        let timer = self.tick + Config::ticks(FETCH_TIMEOUT_MS);
        let v = self.voter_mut(i);
        if epoch > v.epoch {
            v.voted_for = None;
        }
        v.epoch = epoch;
        v.state = RaftState::Follower;
        v.leader = Some(leader);
        v.timer = timer;
        v.fetched_from_leader = false;
        v.fetch_sent = None;
        v.granted.clear();
        v.refused.clear();
        let id = v.id;
        let why = Reason::new(
            params!("quorum.follower", id = id, leader = leader, epoch = epoch),
            format!("follows leader {leader} in epoch {epoch}"),
        );
        self.quorum_event(id, why);
    }

    /// `transitionToUnattached`: a request named a newer epoch without a leader.
    fn unattached(&mut self, i: usize, epoch: u32, from: BrokerId) {
        let v = self.voter(i);
        let old = v.epoch;
        // `QuorumState.transitionToUnattached`: a candidate, unattached, prospective or resigned
        // voter keeps what is left of its election timeout (`remainingElectionTimeMs`); a
        // follower or leader draws a new one (`randomElectionTimeoutMs`).
        let keeps = matches!(v.state, RaftState::Candidate | RaftState::Unattached | RaftState::Prospective | RaftState::Resigned);
        let deadline = if keeps { v.timer } else { self.election_deadline() };
        self.become_unattached(i, epoch, deadline);
        let id = self.voter(i).id;
        let why = Reason::new(
            params!("quorum.unattached", id = id, epoch = epoch, from = from, old = old),
            format!("saw epoch {epoch} from {from}: it leaves epoch {old} (unattached)"),
        );
        self.quorum_event(id, why);
    }

    /// `QuorumState.transitionToUnattached(epoch)`, no leader: a vote is kept in the same epoch
    /// only (from prospective), forgotten in a newer one.
    fn become_unattached(&mut self, i: usize, epoch: u32, timer: Tick) {
        if self.voter(i).state == RaftState::Leader {
            self.lose_leadership(i);
        }
        let v = self.voter_mut(i);
        if epoch > v.epoch {
            v.voted_for = None;
        }
        v.epoch = epoch;
        v.state = RaftState::Unattached;
        v.leader = None;
        v.timer = timer;
        v.fetch_sent = None;
        v.granted.clear();
        v.refused.clear();
    }

    /// `handleVoteRequest` (with KIP-996's pre-votes).
    /// A newer epoch, pre-vote or not, makes it unattached in that epoch first; an older one is
    /// refused (FENCED_LEADER_EPOCH), its reply naming its own epoch and leader.
    fn on_vote(&mut self, i: usize, candidate: BrokerId, epoch: u32, last_epoch: u32, end_offset: u64, pre_vote: bool) {
        if epoch > self.voter(i).epoch {
            self.unattached(i, epoch, candidate);
        }
        let v = self.voter(i);
        let log_ok = (last_epoch, end_offset) >= (v.last_epoch(), v.log_end_offset());
        let granted = epoch == v.epoch
            && if pre_vote {
                // `EpochState.canGrantVote(…, isPreVote)`: the log check, and a follower only until
                // it has fetched from its leader in this epoch (`FollowerState`: `isPreVote &&
                // !hasFetchedFromLeader && isLogUpToDate`); a resigned leader grants pre-votes
                // (`ResignedState.canGrantPreVote`), the leader none.
                log_ok
                    && match v.state {
                        RaftState::Leader => false,
                        RaftState::Follower => !v.fetched_from_leader,
                        RaftState::Resigned | RaftState::Unattached | RaftState::Prospective | RaftState::Candidate => true,
                    }
            } else {
                // `QuorumState.unattachedOrProspectiveCanGrantVote`: the candidate it voted for
                // again; else none while it knows a leader (a prospective keeps the one it timed
                // out on); else the log check. Candidates, leaders, followers, resigned: never.
                matches!(v.state, RaftState::Unattached | RaftState::Prospective)
                    && match v.voted_for {
                        Some(c) => c == candidate,
                        None => v.leader.is_none() && log_ok,
                    }
            };
        let first_vote = v.voted_for.is_none();
        let (id, my_epoch) = (v.id, v.epoch);
        let leader = v.answer_leader();
        // `unattachedAddVotedState`, `prospectiveAddVotedState`: a new election timeout with the vote.
        if granted && !pre_vote && first_vote {
            let deadline = self.election_deadline();
            let v = self.voter_mut(i);
            v.voted_for = Some(candidate);
            v.timer = deadline;
            let why = Reason::new(
                params!("quorum.voted", id = id, candidate = candidate, epoch = epoch),
                format!("voted for {candidate} in epoch {epoch}"),
            );
            self.quorum_event(id, why);
        } else if pre_vote && !granted {
            let why = match leader {
                // `validateVoterOnlyRequest`: FENCED_LEADER_EPOCH; the reply's epoch and leader
                // bring the prospective up to date (`maybeHandleCommonResponse`).
                _ if epoch < my_epoch => Some(Reason::new(
                    params!("quorum.pre-vote-fenced", id = id, candidate = candidate, their = epoch, epoch = my_epoch),
                    format!("refused {candidate}'s pre-vote in epoch {epoch}: it is in the newer epoch {my_epoch} (FENCED_LEADER_EPOCH)"),
                )),
                Some(l) if l == id => Some(Reason::new(
                    params!("quorum.pre-vote-refused-leader", id = id, candidate = candidate, epoch = my_epoch),
                    format!("refused {candidate}'s pre-vote: it leads epoch {my_epoch} (KIP-996)"),
                )),
                Some(l) => Some(Reason::new(
                    params!("quorum.pre-vote-refused", id = id, candidate = candidate, leader = l, epoch = my_epoch),
                    format!("refused {candidate}'s pre-vote: it has leader {l} in epoch {my_epoch} (KIP-996)"),
                )),
                None => None,
            };
            if let Some(why) = why {
                self.quorum_event(id, why);
            }
        }
        let reply = KraftMsg::VoteResponse { voter: id, epoch: my_epoch, leader, granted, pre_vote };
        self.send(id as NodeId, candidate as NodeId, Msg::Kraft(reply));
    }

    fn on_vote_response(&mut self, i: usize, voter: BrokerId, epoch: u32, leader: Option<BrokerId>, granted: bool, pre_vote: bool) {
        let v = self.voter(i);
        if epoch > v.epoch {
            match leader {
                Some(l) => self.follow(i, l, epoch),
                None => self.unattached(i, epoch, voter),
            }
            return;
        }
        // `KafkaRaftClient.maybeHandleCommonResponse`: the leader of its own epoch, unknown to it
        // until now, makes it a follower (granted or not); a prospective that knows the leader it
        // timed out on only counts the answer, and follows that leader once it loses.
        if let Some(l) = leader.filter(|l| epoch == v.epoch && v.leader.is_none() && *l != v.id && v.state != RaftState::Leader) {
            self.follow(i, l, epoch);
            return;
        }
        let n = self.kraft().voters.len();
        let rejected_at = n - self.majority() + 1;
        match (v.state, pre_vote) {
            (RaftState::Prospective, true) | (RaftState::Candidate, false) if epoch == v.epoch => {
                let v = self.voter_mut(i);
                if granted {
                    if !v.granted.contains(&voter) {
                        v.granted.push(voter);
                    }
                    return self.maybe_won(i);
                }
                // `EpochElection.isVoteRejected`: the granted and the unanswered voters can no
                // longer make a majority.
                if v.refused.contains(&voter) {
                    return;
                }
                v.refused.push(voter);
                if v.refused.len() != rejected_at {
                    return;
                }
                if v.state == RaftState::Prospective {
                    self.pre_vote_lost(i, true);
                } else {
                    self.candidate_backs_off(i);
                }
            }
            _ => {}
        }
    }

    /// `KafkaRaftClient.maybeHandleElectionLoss`: a candidate a majority refused backs off for
    /// `binaryExponentialElectionBackoffMs(retries)` (RETRY_BACKOFF_BASE_MS × a random integer
    /// below 2^retries, at most `controller.quorum.election.backoff.max.ms`) instead of waiting out
    /// its election timeout; `pollCandidate` then makes it prospective.
    fn candidate_backs_off(&mut self, i: usize) {
        let retries = self.voter(i).retries.max(1);
        let bound = 2u64 << (retries - 1).min(20);
        let ms = (RETRY_BACKOFF_BASE_MS * self.rng.range_inclusive(0, bound - 1)).min(ELECTION_BACKOFF_MAX_MS);
        let timer = self.tick + Config::ticks(ms);
        let v = self.voter_mut(i);
        v.timer = timer;
        let (id, epoch) = (v.id, v.epoch);
        let why = Reason::new(
            params!("quorum.vote-rejected", id = id, epoch = epoch, ms = ms),
            format!(
                "lost the vote for epoch {epoch}: a majority of the voters refused it; it backs off {ms} ms, then asks for pre-votes again"
            ),
        );
        self.quorum_event(id, why);
    }

    /// `handleBeginQuorumEpochRequest` (`maybeTransition`): a newer epoch, or the leader of its
    /// own epoch while it knows none (a prospective that timed out on that leader stays one).
    fn on_begin_quorum_epoch(&mut self, i: usize, leader: BrokerId, epoch: u32) {
        let v = self.voter(i);
        if epoch > v.epoch || (epoch == v.epoch && v.leader.is_none() && v.state != RaftState::Leader) {
            self.follow(i, leader, epoch);
        }
    }

    /// `handleFetchRequest` from a voter: validated against the leader's epoch and log; a
    /// diverging log is told where to truncate, a caught-up one parked.
    fn on_voter_fetch(&mut self, i: usize, replica: BrokerId, epoch: u32, fetch_offset: u64, last_fetched_epoch: u32) {
        let now = self.tick;
        let v = self.voter(i);
        let (id, my_epoch) = (v.id, v.epoch);
        if v.state != RaftState::Leader || epoch != my_epoch {
            let error = if epoch < my_epoch { KafkaError::FencedLeaderEpoch } else { KafkaError::NotLeaderOrFollower };
            let reply = KraftMsg::QuorumFetchResponse(QuorumFetchResponse {
                epoch: my_epoch,
                leader: v.answer_leader(),
                base_offset: fetch_offset,
                records: Vec::new(),
                high_watermark: 0,
                diverging_end: None,
                error: Some(error),
            });
            return self.send(id as NodeId, replica as NodeId, Msg::Kraft(reply));
        }
        let diverges =
            fetch_offset > 0 && (fetch_offset > v.log_end_offset() || v.log[fetch_offset as usize - 1].epoch != last_fetched_epoch);
        if diverges {
            // `DivergingEpoch`: the largest epoch of its own ≤ lastFetchedEpoch, and where it ends.
            let epoch = v.log.iter().map(|e| e.epoch).filter(|e| *e <= last_fetched_epoch).max().unwrap_or(0);
            let end = (epoch, v.end_offset_for_epoch(last_fetched_epoch).min(fetch_offset));
            // Not a valid fetch: `KafkaRaftClient.tryCompleteFetchRequest` calls
            // `state.updateReplicaState` (end offset, last fetch time, check quorum) only when
            // `validOffsetAndEpoch.kind() == VALID`.
            let reply = KraftMsg::QuorumFetchResponse(QuorumFetchResponse {
                epoch: my_epoch,
                leader: Some(id),
                base_offset: fetch_offset,
                records: Vec::new(),
                high_watermark: self.voter(i).high_watermark,
                diverging_end: Some(end),
                error: None,
            });
            return self.send(id as NodeId, replica as NodeId, Msg::Kraft(reply));
        }
        let leader_end = self.voter(i).log_end_offset();
        let majority = self.majority();
        let v = self.voter_mut(i);
        if let Some(p) = v.progress.get_mut(&replica) {
            p.fetched(now, fetch_offset, leader_end);
            // `LeaderState.updateCheckQuorumForFollowingVoter` (from `updateReplicaState`): the
            // voter joins `fetchedVoters`; once they are a majority with the leader, the set is
            // cleared and `checkQuorumTimer` reset to 1.5 × the fetch timeout.
            if !v.fetched_voters.contains(&replica) {
                v.fetched_voters.push(replica);
            }
            if v.fetched_voters.len() + 1 >= majority {
                v.fetched_voters.clear();
                v.check_quorum_timer = now + Config::ticks(CHECK_QUORUM_TIMEOUT_MS);
            }
        }
        let advanced = self.maybe_advance_hw(i);
        if fetch_offset < self.voter(i).log_end_offset() || advanced {
            self.answer_voter_fetch(i, replica, fetch_offset);
        } else {
            let deadline = now + Config::ticks(FETCH_MAX_WAIT_MS);
            self.kraft_mut().parked_voters.push((i, ParkedVoterFetch { replica, fetch_offset, deadline }));
        }
    }

    fn answer_voter_fetch(&mut self, i: usize, replica: BrokerId, fetch_offset: u64) {
        let v = self.voter(i);
        if v.state != RaftState::Leader {
            return;
        }
        let from = (fetch_offset as usize).min(v.log.len());
        let reply = KraftMsg::QuorumFetchResponse(QuorumFetchResponse {
            epoch: v.epoch,
            leader: Some(v.id),
            base_offset: fetch_offset,
            records: v.log[from..].to_vec(),
            high_watermark: v.high_watermark,
            diverging_end: None,
            error: None,
        });
        let id = v.id;
        self.send(id as NodeId, replica as NodeId, Msg::Kraft(reply));
    }

    /// Answers the voters' parked fetches: the leader's log grew or its HW moved.
    pub(crate) fn wake_voter_fetches(&mut self) {
        let parked = std::mem::take(&mut self.kraft_mut().parked_voters);
        for (leader, f) in parked {
            self.answer_voter_fetch(leader, f.replica, f.fetch_offset);
        }
    }

    /// `handleFetchResponse` at a voter: a newer epoch or leader is adopted; records are
    /// appended, a divergence truncated; the HW is the leader's, capped by its own log end.
    fn on_voter_fetch_response(&mut self, i: usize, from: BrokerId, response: QuorumFetchResponse) {
        let QuorumFetchResponse { epoch, leader, base_offset, records, high_watermark, diverging_end, error } = response;
        let v = self.voter(i);
        if epoch > v.epoch {
            match leader {
                Some(l) => self.follow(i, l, epoch),
                None => self.unattached(i, epoch, from),
            }
        } else if let Some(l) = leader.filter(|l| epoch == v.epoch && v.leader.is_none() && *l != v.id && v.state != RaftState::Leader) {
            // `KafkaRaftClient.maybeTransition`: the leader of its own epoch, unknown to it
            // until now (an unattached voter's fetch to any voter).
            self.follow(i, l, epoch);
        }
        let now = self.tick;
        let v = self.voter(i);
        if v.state != RaftState::Follower || v.leader != Some(from) {
            return;
        }
        let current = epoch == v.epoch;
        self.voter_mut(i).fetch_sent = None;
        if error.is_some() || !current {
            return;
        }
        let v = self.voter_mut(i);
        // `FollowerState.resetFetchTimeoutForSuccessfulFetch`, also after a divergence.
        v.timer = now + Config::ticks(FETCH_TIMEOUT_MS);
        v.fetched_from_leader = true;
        if let Some((diverging_epoch, end)) = diverging_end {
            // Truncated to where that epoch ends in both logs (`KafkaRaftClient.handleFetchResponse`).
            let end = end.min(v.end_offset_for_epoch(diverging_epoch));
            let leo = v.log_end_offset();
            if end < leo {
                v.log.truncate(end as usize);
                v.high_watermark = v.high_watermark.min(end);
                let id = v.id;
                let why = Reason::new(
                    params!("quorum.truncate", id = id, from = leo, to = end, leader = from),
                    format!(
                        "truncated its metadata log from {leo} to {end}: it diverged from leader {from}'s log (records never committed)"
                    ),
                );
                self.quorum_event(id, why);
            }
            return;
        }
        if base_offset != v.log_end_offset() {
            return;
        }
        v.log.extend(records);
        v.high_watermark = v.high_watermark.max(high_watermark.min(v.log_end_offset()));
    }

    /// `LeaderState.maybeUpdateHighWatermark`: the majority's offset, once past the epoch start.
    pub(crate) fn maybe_advance_hw(&mut self, i: usize) -> bool {
        let v = self.voter(i);
        let mut ends: Vec<u64> = std::iter::once(v.log_end_offset()).chain(v.progress.values().map(|p| p.end_offset)).collect();
        ends.sort_unstable_by(|a, b| b.cmp(a));
        let m = ends[ends.len() / 2];
        if m <= v.epoch_start || m <= v.high_watermark {
            return false;
        }
        self.voter_mut(i).high_watermark = m;
        self.on_commit(i);
        true
    }

    /// A message for a controller: the voters' Raft requests, or a broker's request.
    pub(crate) fn voter_deliver(&mut self, i: usize, from: BrokerId, msg: KraftMsg) -> Option<KraftMsg> {
        if !self.voter(i).runs() {
            return Some(msg); // not handled: the caller drops it
        }
        match msg {
            KraftMsg::Vote { candidate, epoch, last_epoch, end_offset, pre_vote } => {
                self.on_vote(i, candidate, epoch, last_epoch, end_offset, pre_vote)
            }
            KraftMsg::VoteResponse { voter, epoch, leader, granted, pre_vote } => {
                self.on_vote_response(i, voter, epoch, leader, granted, pre_vote)
            }
            KraftMsg::BeginQuorumEpoch { leader, epoch } => self.on_begin_quorum_epoch(i, leader, epoch),
            KraftMsg::QuorumFetch { replica, epoch, fetch_offset, last_fetched_epoch } => {
                self.on_voter_fetch(i, replica, epoch, fetch_offset, last_fetched_epoch)
            }
            KraftMsg::QuorumFetchResponse(response) => self.on_voter_fetch_response(i, from, response),
            other => return Some(other),
        }
        None
    }

    // ---- faults ---------------------------------------------------------------------------

    /// `fail` on a controller: "crash" (its epoch, vote and log are on disk) or "isolated".
    pub(crate) fn fail_controller(&mut self, i: usize, kind: crate::faults::FailKind) -> Result<(), crate::api::ApiError> {
        use crate::faults::FailKind;
        let v = self.voter(i);
        let id = v.id;
        if v.status != VoterStatus::Up {
            return Err(crate::api::ApiError::new("broker", format!("controller {id} is already {}; recover it first", v.status.label())));
        }
        let why = match kind {
            FailKind::Crash { lossy: false } => {
                self.network.drop_from(id as NodeId);
                self.lose_leadership(i);
                self.voter_mut(i).status = VoterStatus::Crashed;
                Reason::new(
                    params!("controller-fail.crash", id = id),
                    format!("controller {id} crashed (its epoch, vote and log are on disk)"),
                )
            }
            FailKind::Isolated { .. } => {
                self.voter_mut(i).status = VoterStatus::Isolated;
                Reason::new(
                    params!("controller-fail.isolated", id = id),
                    format!("controller {id} is isolated from the other controllers and from the brokers"),
                )
            }
            _ => {
                return Err(crate::api::ApiError::new(
                    "kind",
                    format!("a controller ({id}) can crash or be isolated; allowed: \"crash\" (not lossy), \"isolated\""),
                ))
            }
        };
        self.events.record(self.tick, "controller-fail", None, None, why.params, why.text);
        Ok(())
    }

    pub(crate) fn recover_controller(&mut self, i: usize) -> Result<(), crate::api::ApiError> {
        let v = self.voter(i);
        let (id, restarts) = (v.id, v.status == VoterStatus::Crashed);
        let why = match v.status {
            VoterStatus::Up => {
                return Err(crate::api::ApiError::new("broker", format!("controller {id} is up; allowed: a failed broker or controller")))
            }
            VoterStatus::Crashed => {
                // `QuorumState.initialize`, from the quorum-state file: its epoch, vote and
                // leader survive the crash (`epoch`, `voted_for`, `leader`; prospective and
                // resigned are memory-only states, `transitionToProspective`, `transitionToResigned`,
                // so the file still holds the follower's or the leader's election).
                let deadline = self.election_deadline();
                let fetch_deadline = self.tick + Config::ticks(FETCH_TIMEOUT_MS);
                let v = self.voter_mut(i);
                let (epoch, voted, leader) = (v.epoch, v.voted_for, v.leader);
                v.status = VoterStatus::Up;
                v.high_watermark = 0;
                v.granted.clear();
                v.refused.clear();
                v.fetch_sent = None;
                v.progress.clear();
                v.timer = deadline;
                // Memory only: a restarted follower has not fetched yet; a restarted candidate's
                // `CandidateState` starts with retries 1.
                v.fetched_from_leader = false;
                v.retries = 1;
                match leader {
                    // It led that epoch: resigned in it, so it cannot vote for another leader
                    // of the epoch, nor reuse an (epoch, offset) a lost unflushed record had.
                    Some(l) if l == id => {
                        v.state = RaftState::Resigned;
                        Reason::new(
                            params!("controller-recover.restart-resigned", id = id, epoch = epoch),
                            format!("controller {id} restarted from its log and quorum-state: it led epoch {epoch}, so it is resigned in that epoch (it grants no vote in it)"),
                        )
                    }
                    Some(l) => {
                        v.state = RaftState::Follower;
                        v.timer = fetch_deadline;
                        Reason::new(
                            params!("controller-recover.restart-follower", id = id, leader = l, epoch = epoch),
                            format!(
                                "controller {id} restarted from its log and quorum-state: it follows leader {l} of epoch {epoch} again"
                            ),
                        )
                    }
                    None if voted == Some(id) => {
                        v.state = RaftState::Candidate;
                        Reason::new(
                            params!("controller-recover.restart-candidate", id = id, epoch = epoch),
                            format!("controller {id} restarted from its log and quorum-state: it had voted for itself in epoch {epoch}, a candidate again, it asks for votes"),
                        )
                    }
                    None => {
                        v.state = RaftState::Unattached;
                        Reason::new(
                            params!("controller-recover.restart", id = id, epoch = epoch),
                            format!("controller {id} restarted from its log and quorum-state: no leader in epoch {epoch} (unattached: it fetches from the other voters to find one)"),
                        )
                    }
                }
            }
            VoterStatus::Isolated => {
                self.voter_mut(i).status = VoterStatus::Up;
                Reason::new(params!("controller-recover.healthy", id = id), format!("controller {id} reaches the others again"))
            }
        };
        self.events.record(self.tick, "controller-recover", None, None, why.params, why.text);
        if restarts && self.voter(i).state == RaftState::Candidate {
            self.ask_for_votes(i);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Value;
    use crate::faults::FailKind;

    fn cluster() -> Cluster {
        let pairs = [("version", Value::Str("4.2".into())), ("brokers", Value::Num(3.0)), ("partitions", Value::Num(1.0))];
        Cluster::from_pairs(&pairs.map(|(k, v)| (k.to_string(), v))).unwrap()
    }

    /// Voter 3002 crashes with this quorum-state (epoch, vote, leader) and restarts.
    fn restarted_3002(epoch: u32, voted_for: Option<BrokerId>, leader: Option<BrokerId>) -> Cluster {
        let mut c = cluster();
        c.step_quiet(10).unwrap();
        c.fail(3002, FailKind::Crash { lossy: false }).unwrap();
        let v = c.voter_mut(2);
        (v.epoch, v.voted_for, v.leader) = (epoch, voted_for, leader);
        c.recover(3002).unwrap();
        c
    }

    /// `QuorumState.initialize` with an election state of no leader and no vote: unattached in
    /// its epoch; `pollUnattachedCommon` then fetches from any voter, and the answer naming the
    /// leader of that epoch makes it a follower before its election timeout runs out (no
    /// pre-vote, no epoch change).
    #[test]
    fn restarted_unattached_voter_finds_the_leader_by_fetching() {
        let mut c = restarted_3002(1, None, None);
        let (state, deadline) = (c.voter(2).state, c.voter(2).timer);
        assert_eq!(state, RaftState::Unattached);
        while c.voter(2).state == RaftState::Unattached {
            assert!(c.tick < deadline, "found no leader before its election timeout");
            c.step_quiet(1).unwrap();
        }
        let v = c.voter(2);
        assert_eq!((v.state, v.leader, v.epoch), (RaftState::Follower, Some(FIRST_VOTER), 1));
    }

    /// `QuorumState.initialize`: a voter whose quorum-state holds its own vote (no leader) is a
    /// candidate of that epoch again, and `pollCandidate` sends its Vote requests.
    #[test]
    fn a_restarted_candidate_asks_for_votes_in_its_epoch() {
        let mut c = restarted_3002(2, Some(3002), None); // it had become candidate of epoch 2
        let v = c.voter(2);
        assert_eq!((v.state, v.epoch, v.voted_for, v.granted.clone()), (RaftState::Candidate, 2, Some(3002), vec![3002]));
        c.step_quiet(10).unwrap();
        let v = c.voter(2);
        assert_eq!((v.state, v.epoch), (RaftState::Leader, 2));
    }

    /// `ResignedState.canGrantVote` is false for votes (pre-votes it grants, changing nothing:
    /// `canGrantPreVote`); `handleVoteRequest` moves it to a newer epoch first, where it may vote.
    #[test]
    fn a_resigned_voter_grants_no_vote_in_its_epoch() {
        let mut c = cluster();
        c.voter_mut(0).state = RaftState::Resigned;
        let end = c.voter(0).log_end_offset();
        for pre_vote in [true, false] {
            c.on_vote(0, 3001, 1, 1, end + 1, pre_vote);
            let v = c.voter(0);
            assert_eq!((v.state, v.epoch, v.voted_for), (RaftState::Resigned, 1, Some(FIRST_VOTER)), "pre_vote={pre_vote}");
        }
        c.on_vote(0, 3001, 2, 1, end + 1, false);
        let v = c.voter(0);
        assert_eq!((v.state, v.epoch, v.voted_for), (RaftState::Unattached, 2, Some(3001)));
    }

    /// `handleVoteRequest`: a pre-vote of a newer epoch (a prospective's own, `buildVoteRequest`)
    /// moves the voter to that epoch, unattached, as a vote does; its vote stays unspent.
    #[test]
    fn a_pre_vote_of_a_newer_epoch_moves_the_voter_to_it() {
        let mut c = cluster();
        let end = c.voter(2).log_end_offset();
        c.on_vote(2, 3001, 3, 1, end, true);
        let v = c.voter(2);
        assert_eq!((v.state, v.epoch, v.voted_for), (RaftState::Unattached, 3, None));
    }
}
