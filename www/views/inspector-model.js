// What the inspector dialog shows for a clicked broker, partition, replica, record or message
// (RaftScope's "full state" modal): a title and sections of rows or tables, as plain data built
// from the current snapshot. Pure, unit-tested; page/inspector-view.js draws it.

import { messageGlyph, MESSAGE_FAMILIES } from "./cluster-layout.js";
import { formatIdSet, formatSeconds, isCommitted, leaderEpochsByOffset, leaderLog, nodeName } from "./model.js";
import { t } from "../i18n.js";

/** Records listed for a replica (newest). */
export const INSPECTOR_RECORDS = 12;

const STATUSES = ["up", "crashed", "stuck", "slow", "isolated", "shutting-down", "stopped"];
const statusWords = (status) => (STATUSES.includes(status) ? t(`insp.status.${status}`) : status);

const yesNo = (b) => t(b ? "insp.yes" : "insp.no");

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
      return { title: t("insp.nothing"), sections: [] };
  }
}

function gone(title, what) {
  return { title, sections: [{ note: t("insp.gone", { what }) }] };
}

function inspectBroker(id, snap, ctx) {
  const b = snap.brokers.find((x) => x.id === id);
  if (!b) return gone(t("insp.broker", { id }), t("insp.broker", { id }));
  const cuts = [...(ctx.cuts ?? [])].filter((k) => k.split("-").map(Number).includes(id));
  const rows = [
    [t("insp.status"), statusWords(b.status)],
    [
      t("insp.controller"),
      b.controller
        ? t("insp.controller.yes", { epoch: snap.controller.epoch })
        : t("insp.controller.no", { who: snap.controller.broker >= 0 ? nodeName(snap.controller.broker) : t("insp.none") }),
    ],
    ["/brokers/ids/" + id, b.zkSession === "expiring" ? t("insp.expiring", { time: formatSeconds(b.sessionExpiresInMs) }) : t(b.registered ? "insp.registered" : "insp.absent")],
    [t("insp.linksCut"), cuts.length ? cuts.map((k) => k.replace("-", "–")).join(", ") : t("insp.none")],
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
    title: t("insp.broker", { id }),
    sections: [
      { heading: t("insp.state"), rows },
      {
        heading: t("insp.replicasOn"),
        table: {
          columns: [t("insp.col.partition"), t("insp.col.role"), t("insp.col.inIsr"), t("insp.col.leaderEpoch"), "LEO", "HW", t("insp.col.logStart")],
          rows: hosted,
        },
      },
    ],
  };
}

function inspectPartition(pid, snap) {
  const p = snap.partitions.find((x) => x.partition === pid);
  if (!p) return gone(t("insp.partition", { p: pid }), t("insp.partition", { p: pid }));
  const osr = p.replicas.filter((b) => !p.isr.includes(b));
  return {
    title: t("insp.partition", { p: pid }),
    sections: [
      {
        heading: t("insp.stateZk"),
        rows: [
          [t("insp.leader"), p.leader >= 0 ? nodeName(p.leader) : t("insp.leaderNone")],
          ["leader_epoch", p.leaderEpoch],
          [t("insp.ar"), formatIdSet(p.replicas)],
          [t("insp.isr"), formatIdSet(p.isr)],
          [t("insp.osr"), formatIdSet(osr)],
          // A running reassignment, as the topic znode has it (KIP-455): replicas = RS = TRS + ORS.
          ...(p.targetReplicas
            ? [
                [t("insp.reassignTarget"), `[${p.targetReplicas.join(",")}]`],
                ["adding_replicas", formatIdSet(p.addingReplicas)],
                ["removing_replicas", formatIdSet(p.removingReplicas)],
              ]
            : []),
          [t("insp.hw"), p.hw >= 0 ? p.hw : t("insp.hwNone")],
          ["zkVersion", p.zkVersion],
          ["controller_epoch", p.controllerEpoch],
        ],
      },
      {
        heading: t("insp.replicas"),
        table: {
          columns: [t("insp.col.broker"), t("insp.col.role"), t("insp.col.inIsr"), "LEO", "HW", t("insp.col.lag")],
          rows: p.logs.map((l) => [nodeName(l.broker), p.leader === l.broker ? "leader" : l.role, yesNo(p.isr.includes(l.broker)), l.leo, l.hw, l.follower ? l.follower.lagMessages : "–"]),
        },
      },
    ],
  };
}

function inspectReplica(pid, broker, snap) {
  const p = snap.partitions.find((x) => x.partition === pid);
  const log = p?.logs.find((l) => l.broker === broker);
  const title = t("insp.replicaTitle", { p: pid, b: broker });
  if (!log) return gone(title, t("insp.thisReplica"));
  const isLeader = p.leader === broker;
  const b = snap.brokers.find((x) => x.id === broker);
  /** @type {object[]} the inspector's sections: { heading, rows } or { heading, note?, table } */
  const sections = [
    {
      heading: t("insp.state"),
      rows: [
        [t("insp.role"), isLeader ? "leader" : log.role],
        [t("insp.brokerRow"), b ? statusWords(b.status) : "?"],
        [t("insp.inIsr"), log.outOfIsr ? `${yesNo(false)}: ${t(`insp.outOfIsr.${log.outOfIsr}`)}` : yesNo(true)],
        [t("insp.replicaEpoch"), log.leaderEpoch],
        [t("insp.leo"), log.leo],
        [t("insp.ownHw"), log.hw],
        [t("insp.partitionHw"), p.hw >= 0 ? p.hw : "–"],
        [t("insp.committedOffset"), p.committedOffset],
        [t("insp.logStart"), log.logStartOffset],
      ],
    },
  ];
  if (isLeader) {
    const followers = p.logs.filter((l) => l.broker !== broker);
    sections.push({
      heading: t("insp.followers"),
      note: t("insp.followers.note"),
      table: {
        columns: [t("insp.col.follower"), "LEO", t("insp.col.lastCaughtUp"), t("insp.col.since"), t("insp.col.lag"), t("insp.col.inIsr"), t("insp.col.fetchInFlight")],
        rows: followers.map((l) => followerRow(l)),
      },
    });
  } else if (log.follower) {
    const f = log.follower;
    sections.push({
      heading: t("insp.asLeaderSees", { who: nodeName(p.leader) }),
      rows: [
        [t("insp.leoKnown"), f.leo >= 0 ? f.leo : t("insp.unknownNoFetch")],
        [t("insp.lag"), t("insp.lagMsgs", { n: f.lagMessages })],
        [t("insp.lastCaughtUp"), f.lastCaughtUpMs >= 0 ? formatSeconds(f.lastCaughtUpMs) : t("insp.never")],
        [t("insp.inIsr"), yesNo(f.inIsr)],
        ...(f.removeInMs >= 0 ? [[t("insp.removeIn"), formatSeconds(f.removeInMs)]] : []),
        [t("insp.fetchInFlight"), yesNo(f.fetchInFlight)],
        // KIP-903 (4.x): the broker epoch its last fetch carried; null before a fetch, -1 before 4.0.
        ...(Number.isInteger(f.brokerEpoch) && f.brokerEpoch >= 0 ? [[t("insp.fetchBrokerEpoch"), f.brokerEpoch]] : []),
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
    f.leo >= 0 ? f.leo : t("insp.unknown"),
    f.lastCaughtUpMs >= 0 ? formatSeconds(f.lastCaughtUpMs) : t("insp.neverShort"),
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
    heading: t("insp.newest", { n: log.records?.length ?? 0 }),
    table: {
      columns: [t("insp.col.offset"), t("insp.col.leaderEpoch"), t("insp.col.value"), t("insp.col.committed")],
      rows: recs.map((r) => [r.offset, r.leaderEpoch, r.value, yesNo(isCommitted(r.offset, p, log, r.leaderEpoch, epochs))]),
    },
  };
}

function inspectRecord(pid, broker, offset, snap) {
  const p = snap.partitions.find((x) => x.partition === pid);
  const log = p?.logs.find((l) => l.broker === broker);
  const rec = log?.records?.find((r) => r.offset === offset);
  const title = t("insp.recordTitle", { offset, p: pid, b: broker });
  if (!rec) return gone(title, t("insp.thisRecord"));
  const leader = leaderLog(p);
  const leaderRec = leader?.records?.find((r) => r.offset === offset);
  const committed = isCommitted(offset, p, log, rec.leaderEpoch);
  return {
    title,
    sections: [
      {
        heading: t("insp.record"),
        rows: [
          [t("insp.offset"), offset],
          [t("insp.writtenBy"), rec.leaderEpoch],
          [t("insp.value"), rec.value],
          [t("insp.committed"), committed ? t("insp.committed.yes", { hw: p.hw }) : t("insp.committed.no")],
          [
            t("insp.sameAsLeader"),
            !leader
              ? t("insp.noLeader")
              : !leaderRec
                ? t("insp.leaderHasNone")
                : leaderRec.leaderEpoch === rec.leaderEpoch
                  ? t("insp.yes")
                  : t("insp.differs", { epoch: leaderRec.leaderEpoch }),
          ],
        ],
      },
      {
        heading: t("insp.everyReplica"),
        table: {
          columns: [t("insp.col.broker"), t("insp.col.hasOffset"), t("insp.col.leaderEpoch"), t("insp.col.belowHw")],
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
  if (!m) return gone(t("insp.messageTitle", { seq: target.seq }), t("insp.thisMessage"));
  const family = MESSAGE_FAMILIES.find((f) => f.family === messageGlyph(m.kind).family);
  const tickMs = snap.tickMs ?? 100;
  const status = live
    ? t("insp.inFlight", { n: Math.max(0, m.deliverTick - snap.tick) })
    : snap.tick >= m.deliverTick
      ? t("insp.delivered", { tick: m.deliverTick })
      : t("insp.notInFlight");
  return {
    title: `${m.kind} #${m.seq}`,
    sections: [
      {
        heading: t("insp.message"),
        rows: [
          [t("insp.kind"), m.kind],
          [t("insp.fromTo"), `${nodeName(m.from)} → ${nodeName(m.to)}`],
          [t("insp.partitionRow"), `P${m.partition}`],
          [t("insp.sent"), t("insp.tickAt", { tick: m.sentTick, time: formatSeconds(m.sentTick * tickMs) })],
          [t("insp.deliveredRow"), t("insp.tickAt", { tick: m.deliverTick, time: formatSeconds(m.deliverTick * tickMs) })],
          [t("insp.statusRow"), status],
          [t("insp.content"), m.text],
        ],
      },
      ...(family ? [{ note: `${family.request}: ${t(`family.${family.request}`)}.` }] : []),
    ],
  };
}
