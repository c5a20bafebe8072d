// The compact partitions view's model (page/compact.js draws it): when a cluster is large enough
// for one row per partition, and each row's data. Pure, unit-tested.

import { followerLagMessages, partitionAlerts } from "./model.js";

/** Above this many replicas (partitions × RF), or this many brokers, the compact view is the default. */
export const COMPACT_REPLICAS = 48;
export const COMPACT_BROKERS = 12;

export function shouldCompact(snap) {
  const replicas = snap.partitions.reduce((n, p) => n + p.replicas.length, 0);
  return replicas > COMPACT_REPLICAS || snap.brokers.length > COMPACT_BROKERS;
}

/** One row's data (`kraft`: a KRaft preset's snapshot, whose controller fences brokers). */
export function compactRow(p, brokerById, kraft = false) {
  let maxLag = null;
  for (const log of p.logs) {
    const lag = followerLagMessages(p, log);
    if (lag !== null) maxLag = Math.max(maxLag ?? 0, lag);
  }
  return {
    partition: p.partition,
    leader: p.leader,
    leaderEpoch: p.leaderEpoch,
    isr: p.isr,
    osr: p.replicas.filter((b) => !p.isr.includes(b)),
    rf: p.replicas.length,
    underReplicated: p.underReplicated, // the core's (Partition.isUnderReplicated)
    hw: p.hw,
    maxLag,
    flags: partitionAlerts(p, brokerById, kraft).map((f) => f.text),
  };
}
