// `kafka-metadata-quorum.sh describe --status` and `--replication --human-readable` as they would
// print the snapshot's controller quorum (snap.kraft.quorum, computed in the core: MaxFollowerLag,
// MaxFollowerLagTimeMs and each voter's lag and times are MetadataQuorumCommand's and
// LeaderState's figures). The model has no cluster id, directory ids or endpoints, so ClusterId
// and DirectoryId are left out and the voters print as {"id": N}; the brokers are the observers,
// whose fetch times the model does not keep, so --replication lists the voters only. Without a
// leader the tool's DescribeQuorum has no one to answer it. Pure, unit-tested.

const NO_LEADER = "Error: the quorum has no leader to answer DescribeQuorum (the request would time out)";
const ago = (ms) => (ms === null ? "-1" : `${ms} ms ago`);
const nodes = (ids) => `[${ids.map((id) => `{"id": ${id}}`).join(", ")}]`;

/** `describe --status` for `snap`, or null in a ZooKeeper preset. */
export function quorumStatus(snap) {
  const q = snap.kraft?.quorum;
  if (!q) return null;
  if (q.leader === null) return NO_LEADER;
  const rows = [
    ["LeaderId", q.leader],
    ["LeaderEpoch", q.leaderEpoch],
    ["HighWatermark", q.highWatermark],
    ["MaxFollowerLag", q.maxFollowerLag],
    ["MaxFollowerLagTimeMs", q.maxFollowerLagTimeMs],
    ["CurrentVoters", nodes(q.voters.map((v) => v.id))],
    ["CurrentObservers", nodes(snap.kraft.brokers.map((b) => b.id))],
  ];
  return rows.map(([k, v]) => `${`${k}:`.padEnd(24)}${v}`).join("\n");
}

/** `describe --replication --human-readable` for `snap` (columns padded as prettyPrintTable does), or null in a ZooKeeper preset. */
export function quorumReplication(snap) {
  const q = snap.kraft?.quorum;
  if (!q) return null;
  if (q.leader === null) return NO_LEADER;
  const leader = q.voters.find((v) => v.id === q.leader);
  const head = ["NodeId", "LogEndOffset", "Lag", "LastFetchTimestamp", "LastCaughtUpTimestamp", "Status"];
  // The leader's own row: RaftUtil.describeQuorumResponse gives it the current time for both.
  const rows = [[leader.id, leader.logEndOffset, 0, ago(0), ago(0), "Leader"]];
  for (const v of q.voters) {
    if (v.id === q.leader) continue;
    // As the leader's ReplicaState says (the core's knownEndOffset and lag); -1 for none, as RaftUtil prints it.
    rows.push([v.id, v.knownEndOffset ?? -1, v.lag ?? -1, ago(v.lastFetchMs), ago(v.lastCaughtUpMs), "Follower"]);
  }
  const table = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  return table.map((r) => r.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd()).join("\n");
}

/** The command lines the panel shows above each output. */
export const QUORUM_COMMANDS = {
  status: "kafka-metadata-quorum.sh --bootstrap-controller localhost:9093 describe --status",
  replication: "kafka-metadata-quorum.sh --bootstrap-controller localhost:9093 describe --replication --human-readable",
};
