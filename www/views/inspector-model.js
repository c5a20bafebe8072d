// What the inspector dialog shows for a clicked broker, partition, replica, record or message
// (RaftScope's "full state" modal): a title and sections of rows or tables, as plain data built
// from the current snapshot. Pure, unit-tested; views/inspector.js draws it.

import { CONSUMER, messageGlyph, MESSAGE_FAMILIES, PRODUCER } from "./cluster-layout.js";
import { formatIdSet, formatSeconds, isCommitted, leaderEpochsByOffset, leaderLog } from "./model.js";

/** Records listed for a replica (newest). */
export const INSPECTOR_RECORDS = 12;

/** A node id in words: -1 is the producer client, -2 the consumer. */
export function nodeName(id) {
  if (id === PRODUCER) return "producer";
  if (id === CONSUMER) return "consumer";
  return `B${id}`;
}

const STATUS_WORDS = {
  up: "up: running and registered",
  crashed: "crashed: the process is down",
  stuck: "stuck: alive but neither fetching nor answering (e.g. a long GC pause)",
  slow: "slow: fetches and answers late",
  isolated: "isolated: cut off from the other brokers and ZooKeeper",
};

const yesNo = (b) => (b ? "yes" : "no");

/**
 * { title, sections: [{ heading, rows?: [[label, value]], table?: { columns, rows }, note? }] } for
 * `target` in `snap`, or a title with a `gone` note when the target no longer exists (e.g. after
 * a reset with fewer brokers). `ctx.cuts` is the Set of cut links ("a-b").
 */
export function inspect(target, snap, ctx = {}) {
  switch (target?.type) {
    case "broker":
      return inspectBroker(target.id, snap, ctx);
    case "partition":
      return inspectPartition(target.partition, snap);
    case "replica":
      return inspectReplica(target.partition, target.broker, snap);
    case "record":
      return inspectRecord(target.partition, target.broker, target.offset, snap);
    case "message":
      return inspectMessage(target, snap);
    default:
      return { title: "Nothing selected", sections: [] };
  }
}

function gone(title, what) {
  return { title, sections: [{ note: `${what} does not exist in the current cluster.` }] };
}

function inspectBroker(id, snap, ctx) {
  const b = snap.brokers.find((x) => x.id === id);
  if (!b) return gone(`Broker ${id}`, `Broker ${id}`);
  const cuts = [...(ctx.cuts ?? [])].filter((k) => k.split("-").map(Number).includes(id));
  const rows = [
    ["Status", STATUS_WORDS[b.status] ?? b.status],
    ["Controller", b.controller ? `yes, controller_epoch ${snap.controller.epoch}` : `no (controller: ${snap.controller.broker >= 0 ? nodeName(snap.controller.broker) : "none"})`],
    ["/brokers/ids/" + id, b.registered ? "registered (ZooKeeper session alive)" : "absent (session expired or not yet registered)"],
    ["Links cut", cuts.length ? cuts.map((k) => k.replace("-", "–")).join(", ") : "none"],
  ];
  const hosted = snap.partitions
    .map((p) => ({ p, log: p.logs.find((l) => l.broker === id) }))
    .filter((x) => x.log)
    .map(({ p, log }) => [
      `P${p.partition}`,
      p.leader === id ? "leader" : log.role,
      yesNo(p.isr.includes(id)),
      log.leaderEpoch,
      log.leo,
      log.hw,
      log.logStartOffset,
    ]);
  return {
    title: `Broker ${id}`,
    sections: [
      { heading: "State", rows },
      {
        heading: "Replicas on this broker",
        table: { columns: ["Partition", "Role", "In ISR", "Leader epoch", "LEO", "HW", "Log start"], rows: hosted },
      },
    ],
  };
}

function inspectPartition(pid, snap) {
  const p = snap.partitions.find((x) => x.partition === pid);
  if (!p) return gone(`Partition ${pid}`, `Partition ${pid}`);
  const osr = p.replicas.filter((b) => !p.isr.includes(b));
  return {
    title: `Partition ${pid}`,
    sections: [
      {
        heading: "State (ZooKeeper)",
        rows: [
          ["Leader", p.leader >= 0 ? nodeName(p.leader) : "none (offline)"],
          ["leader_epoch", p.leaderEpoch],
          ["AR (assigned replicas)", formatIdSet(p.replicas)],
          ["ISR (in sync)", formatIdSet(p.isr)],
          ["OSR (out of sync)", formatIdSet(osr)],
          ["High watermark", p.hw >= 0 ? p.hw : "– (no leader)"],
          ["zkVersion", p.zkVersion],
          ["controller_epoch", p.controllerEpoch],
        ],
      },
      {
        heading: "Replicas",
        table: {
          columns: ["Broker", "Role", "In ISR", "LEO", "HW", "Lag (msgs)"],
          rows: p.logs.map((l) => [nodeName(l.broker), p.leader === l.broker ? "leader" : l.role, yesNo(p.isr.includes(l.broker)), l.leo, l.hw, l.follower ? l.follower.lagMessages : "–"]),
        },
      },
    ],
  };
}

function inspectReplica(pid, broker, snap) {
  const p = snap.partitions.find((x) => x.partition === pid);
  const log = p?.logs.find((l) => l.broker === broker);
  const title = `Replica of P${pid} on B${broker}`;
  if (!log) return gone(title, "This replica");
  const isLeader = p.leader === broker;
  const b = snap.brokers.find((x) => x.id === broker);
  const sections = [
    {
      heading: "State",
      rows: [
        ["Role", isLeader ? "leader" : log.role],
        ["Broker", STATUS_WORDS[b?.status] ?? b?.status ?? "?"],
        ["In ISR", yesNo(p.isr.includes(broker))],
        ["Leader epoch (this replica's)", log.leaderEpoch],
        ["LEO (log end offset)", log.leo],
        ["HW (its own)", log.hw],
        ["Partition HW (leader's)", p.hw >= 0 ? p.hw : "–"],
        ["Log start offset", log.logStartOffset],
      ],
    },
  ];
  if (isLeader) {
    const followers = p.logs.filter((l) => l.broker !== broker);
    sections.push({
      heading: "Followers, as this leader sees them",
      note: "HW = the smallest LEO among the ISR. A follower is caught up when it has fetched up to the leader's LEO; it leaves the ISR after replica.lag.time.max.ms without catching up.",
      table: {
        columns: ["Follower", "LEO", "Last caught up", "Since", "Lag (msgs)", "In ISR", "Fetch in flight"],
        rows: followers.map((l) => followerRow(l)),
      },
    });
  } else if (log.follower) {
    const f = log.follower;
    sections.push({
      heading: `As the leader (${nodeName(p.leader)}) sees it`,
      rows: [
        ["LEO known to the leader", f.leo >= 0 ? f.leo : "unknown (no fetch yet)"],
        ["Lag", `${f.lagMessages} messages`],
        ["Last caught up", f.lastCaughtUpMs >= 0 ? formatSeconds(f.lastCaughtUpMs) : "never (with this leader)"],
        ["In ISR", yesNo(f.inIsr)],
        ["Fetch in flight", yesNo(f.fetchInFlight)],
      ],
    });
  }
  sections.push(recordsSection(p, log));
  return { title, sections };
}

function followerRow(l) {
  const f = l.follower;
  if (!f) return [nodeName(l.broker), "–", "–", "–", "–", "–", "–"];
  return [
    nodeName(l.broker),
    f.leo >= 0 ? f.leo : "unknown",
    f.lastCaughtUpMs >= 0 ? formatSeconds(f.lastCaughtUpMs) : "never",
    f.sinceCaughtUpMs >= 0 ? formatSeconds(f.sinceCaughtUpMs) : "–",
    f.lagMessages,
    yesNo(f.inIsr),
    yesNo(f.fetchInFlight),
  ];
}

function recordsSection(p, log) {
  const recs = (log.records ?? []).slice(-INSPECTOR_RECORDS).reverse();
  const epochs = leaderEpochsByOffset(p);
  return {
    heading: `Newest records (${log.records?.length ?? 0} in the snapshot)`,
    table: {
      columns: ["Offset", "Leader epoch", "Value", "Committed"],
      rows: recs.map((r) => [r.offset, r.leaderEpoch, r.value, yesNo(isCommitted(r.offset, p, log, r.leaderEpoch, epochs))]),
    },
  };
}

function inspectRecord(pid, broker, offset, snap) {
  const p = snap.partitions.find((x) => x.partition === pid);
  const log = p?.logs.find((l) => l.broker === broker);
  const rec = log?.records?.find((r) => r.offset === offset);
  const title = `Record at offset ${offset} of P${pid} on B${broker}`;
  if (!rec) return gone(title, "This record (truncated, deleted by retention, or never written)");
  const leader = leaderLog(p);
  const leaderRec = leader?.records?.find((r) => r.offset === offset);
  const committed = isCommitted(offset, p, log, rec.leaderEpoch);
  return {
    title,
    sections: [
      {
        heading: "Record",
        rows: [
          ["Offset", offset],
          ["Leader epoch that wrote it", rec.leaderEpoch],
          ["Value", rec.value],
          ["Committed", committed ? `yes: below the leader's HW (${p.hw}), readable by consumers` : "no: consumers cannot read it yet"],
          ["Same as the leader's", !leader ? "no leader" : !leaderRec ? "the leader has no record here" : leaderRec.leaderEpoch === rec.leaderEpoch ? "yes" : `no: the leader's is from epoch ${leaderRec.leaderEpoch}; this one will be truncated`],
        ],
      },
      {
        heading: "On every replica",
        table: {
          columns: ["Broker", "Has offset", "Leader epoch", "Below its HW"],
          rows: p.logs.map((l) => {
            const r = l.records?.find((x) => x.offset === offset);
            return [nodeName(l.broker), yesNo(!!r), r ? r.leaderEpoch : "–", yesNo(offset < l.hw)];
          }),
        },
      },
    ],
  };
}

function inspectMessage(target, snap) {
  const live = snap.inflight?.find((m) => m.seq === target.seq);
  const m = live ?? target.message;
  if (!m) return gone(`Message #${target.seq}`, "This message");
  const family = MESSAGE_FAMILIES.find((f) => f.family === messageGlyph(m.kind).family);
  const tickMs = snap.tickMs ?? 100;
  const status = live
    ? `in flight: arrives in ${Math.max(0, m.deliverTick - snap.tick)} tick(s)`
    : snap.tick >= m.deliverTick
      ? `delivered at tick ${m.deliverTick}`
      : "not in flight at this tick (dropped, or not sent yet in this history)";
  return {
    title: `${m.kind} #${m.seq}`,
    sections: [
      {
        heading: "Message",
        rows: [
          ["Kind", m.kind],
          ["From → to", `${nodeName(m.from)} → ${nodeName(m.to)}`],
          ["Partition", `P${m.partition}`],
          ["Sent", `tick ${m.sentTick} (${formatSeconds(m.sentTick * tickMs)})`],
          ["Delivered", `tick ${m.deliverTick} (${formatSeconds(m.deliverTick * tickMs)})`],
          ["Status", status],
          ["Content", m.text],
        ],
      },
      ...(family ? [{ note: `${family.request}: ${family.words}.` }] : []),
    ],
  };
}
