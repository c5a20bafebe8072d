// The metadata-log panel's data (KRaft presets): snapshot.kraft's tail of __cluster_metadata as
// rows, newest first, each with the brokers that have replayed it, and each broker's registration
// and replay position. Pure, unit-tested; the records' fields are the core's (Kafka's names).

/**
 * { controller, endOffset, records: [{ offset, kind, fields, newest, fresh, replayedBy, pendingFor }],
 * brokers: [{ id, brokerEpoch, fenced, replayedThrough, behind, sinceHeartbeatMs }] } for a KRaft
 * snapshot, null for a ZooKeeper-era one. replayedThrough: the last offset the broker replayed
 * (its heartbeat's currentMetadataOffset; -1: none), behind: the records after it. `fresh`: written since `prev` (the previous frame drawn
 * while time moved forward; none without it). A broker has replayed a record when its next fetch
 * offset (metadataOffset) is past it.
 */
export function metadataLog(snap, prev = null) {
  const k = snap?.kraft;
  if (!k) return null;
  const before = prev?.kraft ? prev.kraft.logEndOffset : null;
  const records = k.log
    .map((r) => ({
      offset: r.offset,
      kind: r.kind,
      fields: r.fields,
      newest: r.offset === k.logEndOffset - 1,
      fresh: before !== null && r.offset >= before,
      replayedBy: k.brokers.filter((b) => b.metadataOffset > r.offset).map((b) => b.id),
      pendingFor: k.brokers.filter((b) => b.metadataOffset <= r.offset).map((b) => b.id),
    }))
    .reverse();
  const brokers = k.brokers.map((b) => ({
    id: b.id,
    brokerEpoch: b.brokerEpoch,
    fenced: b.fenced,
    replayedThrough: b.metadataOffset - 1,
    behind: k.logEndOffset - b.metadataOffset,
    sinceHeartbeatMs: b.sinceHeartbeatMs,
  }));
  return { controller: k.controller, endOffset: k.logEndOffset, records, brokers };
}
