// Pure helpers shared by the views: no DOM, no wasm. Everything here is a function of a snapshot
// (docs/api.md) and is unit-tested in node (tests/unit/model.test.mjs).
//
// Conventions (as in Kafka's code and docs/api.md): offsets start at 0; LEO and HW are exclusive.
// LEO = last offset + 1. HW = N means offsets 0..N-1 are committed (visible to consumers).

import { CONSUMER, PRODUCER } from "./cluster-layout.js";
import { countdownShown, formatAcks, formatCountdown } from "./format.js";
import { sessionCountdown } from "./brokers-model.js";
import { t } from "../i18n.js";

/** A node id in words: -1 is the producer client, -2 the consumer. */
export function nodeName(id) {
  if (id === PRODUCER) return t("insp.producer");
  if (id === CONSUMER) return t("insp.consumer");
  return `B${id}`;
}

/** Most offsets drawn per replica row; older offsets collapse into an ellipsis. */
export const MAX_WINDOW = 40;
/** Fewest offsets drawn per replica row, however narrow the screen. */
export const MIN_WINDOW = 8;
/** Events kept in the event log view. */
export const MAX_EVENTS = 300;

export * from "./format.js";
export * from "./brokers-model.js";

// ---------------------------------------------------------------- replicas

/** The leader's log entry of a partition, or null when there is no live leader. */
export function leaderLog(partition) {
  if (partition.leader < 0) return null;
  return partition.logs.find((l) => l.broker === partition.leader) ?? null;
}

/**
 * How far a follower is behind, in messages, as the leader counts it (`follower.lagMessages`).
 * null when unknown: no live leader, or the leader has not heard from this follower in its epoch.
 */
export function followerLagMessages(partition, log) {
  if (partition.leader < 0 || log.broker === partition.leader) return null;
  const f = log.follower;
  return f && f.leo >= 0 ? Math.max(0, f.lagMessages) : null;
}

/**
 * How far a follower is through replica.lag.time.max.ms without having caught up:
 * sinceCaughtUpMs / replicaLagTimeMaxMs, clamped to [0, 1]. `over` is true once the limit has
 * passed (the leader will drop it from the ISR on its next check). null for non-followers and
 * when unknown (the core reports -1 for a follower that has not caught up in this leader epoch).
 */
export function lagTimeFraction(follower, replicaLagTimeMaxMs) {
  if (!follower || !Number.isFinite(follower.sinceCaughtUpMs) || !(replicaLagTimeMaxMs > 0)) return null;
  if (follower.sinceCaughtUpMs < 0) return null; // -1: has not caught up in this leader epoch
  const raw = Math.max(0, follower.sinceCaughtUpMs) / replicaLagTimeMaxMs;
  return { fraction: Math.min(1, raw), over: raw > 1 };
}

/**
 * Where a replica stands: `membership` is "ISR" | "OSR" (assigned but out of sync);
 * `brokerStatus` is its broker's ("up", "crashed", "stuck", …); `down` is true when the broker
 * is down (crashed or stopped) or the replica offline. Both are shown: a crashed broker stays in the ISR until the
 * controller notices (ZooKeeper session timeout).
 */
export function replicaStatus(partition, log, brokerById) {
  const brokerStatus = brokerById.get(log.broker)?.status ?? "crashed";
  const inIsr = partition.isr.includes(log.broker);
  return {
    inIsr,
    membership: inIsr ? "ISR" : "OSR",
    brokerStatus,
    brokerUp: brokerStatus === "up",
    down: (brokerById.get(log.broker)?.down ?? true) || log.role === "offline",
    isLeader: partition.leader === log.broker && log.role === "leader",
  };
}

/**
 * Leader epochs of the leader's records by offset (a Map), for the divergence check. Empty when
 * there is no leader.
 */
export function leaderEpochsByOffset(partition, start = 0, end = Infinity) {
  const map = new Map();
  const leader = leaderLog(partition);
  if (!leader) return map;
  for (const r of recordsInWindow(leader, start, end)) map.set(r.offset, r.leaderEpoch);
  return map;
}

/**
 * True when the record at `offset` with `epoch` on `log` is committed: below the core's
 * `committedOffset` (the highest HW the partition reached: it stays when the leader dies) and the
 * same record as the leader's at that offset. A record that differs from the leader's (another
 * leader epoch: written by an old leader and never replicated) is not committed, whatever its
 * offset; it is `divergent` and will be truncated.
 * `leaderEpochs` is leaderEpochsByOffset(partition) (pass it when checking many records).
 */
export function isCommitted(offset, partition, log, epoch, leaderEpochs) {
  if (offset >= partition.committedOffset) return false;
  return !isDivergent(offset, partition, log, epoch, leaderEpochs);
}

/** True when a non-leader replica holds a record at `offset` that differs from the leader's. */
export function isDivergent(offset, partition, log, epoch, leaderEpochs) {
  if (partition.leader < 0 || log.broker === partition.leader || epoch === undefined) return false;
  const epochs = leaderEpochs ?? leaderEpochsByOffset(partition, offset, offset + 1);
  return epochs.has(offset) && epochs.get(offset) !== epoch;
}

// ---------------------------------------------------------------- offset window

/**
 * The offsets drawn for one partition, shared by all its replica rows so that the same offset
 * lines up in every row. The window ends one past the largest LEO (the slot where the next
 * record goes, where the LEO marker sits) and holds at most `capacity` slots.
 * Returns { start, end, hidden } with end exclusive; `hidden` = offsets before `start` not drawn.
 */
export function offsetWindow(logs, capacity = MAX_WINDOW) {
  const cap = Math.max(MIN_WINDOW, Math.min(MAX_WINDOW, Math.floor(capacity) || MAX_WINDOW));
  let maxLeo = 0;
  let minStart = Infinity;
  for (const l of logs) {
    maxLeo = Math.max(maxLeo, l.leo, l.hw);
    minStart = Math.min(minStart, l.logStartOffset ?? 0);
  }
  if (!Number.isFinite(minStart)) minStart = 0;
  const end = maxLeo + 1;
  const start = Math.max(minStart, end - cap);
  return { start, end, hidden: start - minStart };
}

/** Records of `log` with offset in [start, end), oldest first. Uses the sorted-by-offset order. */
export function recordsInWindow(log, start, end) {
  const recs = log.records ?? [];
  const out = [];
  for (let i = recs.length - 1; i >= 0; i--) {
    const r = recs[i];
    if (r.offset < start) break;
    if (r.offset < end) out.push(r);
  }
  return out.reverse();
}

/** Epoch colour slot (0..7) used by the CSS palette (.epoch-0 … .epoch-7). */
export function epochSlot(epoch) {
  const e = Math.max(0, Math.trunc(Number(epoch) || 0));
  return e % 8;
}

// ---------------------------------------------------------------- view models

/**
 * Everything the partitions view draws for one partition, as plain data. Two equal models
 * (modelKey) draw the same pixels, so the view skips partitions whose model did not change.
 */
export function partitionModel(partition, snap, capacity = MAX_WINDOW) {
  const brokerById = new Map(snap.brokers.map((b) => [b.id, b]));
  const win = offsetWindow(partition.logs, capacity);
  const lagMax = snap.config.replicaLagTimeMaxMs;
  const leader = leaderLog(partition);
  const leaderEpochs = leaderEpochsByOffset(partition, win.start, win.end);
  const replicas = partition.logs.map((log) => {
    const st = replicaStatus(partition, log, brokerById);
    const cells = recordsInWindow(log, win.start, win.end).map((r) => ({
      offset: r.offset,
      epoch: r.leaderEpoch,
      committed: isCommitted(r.offset, partition, log, r.leaderEpoch, leaderEpochs),
      divergent: isDivergent(r.offset, partition, log, r.leaderEpoch, leaderEpochs),
      value: r.value,
      acks: ackedWith(partition.acked, r.offset),
    }));
    // Records this replica truncated a moment ago (the core keeps them a few seconds), drawn
    // leaving where nothing has replaced them yet.
    const leaving = [];
    for (const x of partition.truncated) {
      if (x.broker === log.broker && x.offset >= log.leo && x.offset >= win.start && x.offset < win.end) leaving.push({ offset: x.offset, epoch: x.leaderEpoch, value: x.value, rule: x.rule });
    }
    const f = log.follower;
    const lag = followerLagMessages(partition, log);
    const time = f ? lagTimeFraction(f, lagMax) : null;
    return {
      broker: log.broker,
      role: log.role,
      leo: log.leo,
      hw: log.hw,
      ...st,
      hwBehindLeader: leader !== null && log.broker !== partition.leader && log.hw < partition.hw,
      cells,
      leaving,
      lag,
      lagTime: time,
      sinceCaughtUpMs: f && Number.isFinite(f.sinceCaughtUpMs) ? f.sinceCaughtUpMs : null,
      // Why it is outside the ISR, as the core says (docs/api.md logs[].outOfIsr).
      outOfIsr: log.outOfIsr ?? null,
      // How it last joined the ISR and how long ago (the core's joinedIsr).
      joinedIsr: log.joinedIsr ?? null,
      // What a running reassignment does to it (the core's addingReplicas / removingReplicas).
      reassign: partition.addingReplicas.includes(log.broker) ? "adding" : partition.removingReplicas.includes(log.broker) ? "removing" : null,
      removeInMs: removalShown(f, lagMax),
      // Its broker stopped heart-beating: the controller acts when the session expires.
      zkExpiresInMs: sessionCountdown(brokerById.get(log.broker), snap.config.zookeeperSessionTimeoutMs),
    };
  });
  return {
    partition: partition.partition,
    leader: partition.leader,
    leaderEpoch: partition.leaderEpoch,
    isr: [...partition.isr],
    osr: partition.replicas.filter((b) => !partition.isr.includes(b)),
    // KRaft 4.x: the core's Eligible Leader Replicas (KIP-966; [] when none or ELR is off, null before 4.0).
    elr: snap.kraft?.partitions.find((k) => k.partition === partition.partition)?.elr ?? null,
    replicasOrder: [...partition.replicas],
    // A running reassignment (KIP-455), as the core has it: replicas is RS = TRS + ORS meanwhile.
    reassignment: partition.targetReplicas ? { target: [...partition.targetReplicas], adding: [...partition.addingReplicas], removing: [...partition.removingReplicas] } : null,
    hw: partition.hw,
    leaderLeo: leader ? leader.leo : null,
    hwWaitingFor: partition.hwWaitingFor,
    // Why the HW counts each of them (the core's hwCounted[].why: "isr", "caught-up", …).
    hwWaitingWhy: partition.hwWaitingFor.map((b) => partition.hwCounted.find((h) => h.broker === b).why),
    hwQuorum: partition.hwQuorum,
    window: win,
    lagMaxMs: lagMax,
    zkSessionMs: snap.config?.zookeeperSessionTimeoutMs ?? null, // the lag ring's help (partitions.js ringHelp)
    flags: partitionAlerts(partition, brokerById, snap.kraft !== null),
    // The leader's next isr-expiration run (the core's nextIsrCheckMs), in the lag clock's steps.
    isrCheckMs: partition.nextIsrCheckMs >= 0 ? countdownShown(partition.nextIsrCheckMs, lagMax) : null,
    replicas,
  };
}

/**
 * The acks a record at `offset` was acknowledged to the producer with ("all", "1", "0"), from the
 * core's `acked` ranges; null when it was not (yet).
 */
export function ackedWith(acked, offset) {
  if (!Array.isArray(acked)) throw new Error(`acked: must be a partition's acked ranges [{ offset, count, acks }], got ${acked}`);
  for (const a of acked) if (offset >= a.offset && offset < a.offset + a.count) return formatAcks(a.acks);
  return null;
}

/**
 * A follower is "close to removal" once the leader's isr-expiration task would remove it within
 * this share of replica.lag.time.max.ms: its lag ring is past half by then. (A healthy follower
 * behind a steady producer is always a fetch short of the LEO, its removeInMs near the whole
 * limit: a countdown on it would flicker on every produce.)
 */
export const REMOVAL_NEAR = 0.5;
/** How long (Kafka time) a row says how its replica joined the ISR, after it did. */
export const JOIN_SHOWN_MS = 10_000;

/**
 * The time until the leader removes this ISR follower from the ISR if it makes no progress (the
 * core's follower.removeInMs, in the lag clock's steps) when that is near (REMOVAL_NEAR), else null.
 */
export function removalShown(follower, lagMaxMs) {
  if (!(lagMaxMs > 0)) throw new Error(`lagMaxMs: must be replica.lag.time.max.ms (a number > 0), got ${lagMaxMs}`);
  const ms = follower?.removeInMs;
  if (!Number.isFinite(ms) || ms < 0 || ms > lagMaxMs * REMOVAL_NEAR) return null;
  return countdownShown(ms, lagMaxMs);
}

/**
 * What a replica row says under its name about its ISR membership: why it is outside the ISR
 * (the core's outOfIsr); in the ISR, what removes it first: its broker's ZooKeeper session
 * expiring (the controller removes it, or elects another leader) or, for a follower close to
 * removal, the leader's ISR check (removeInMs); else what a running reassignment does to it
 * (adding, removing); else, for JOIN_SHOWN_MS after it joined the ISR, how (the core's joinedIsr:
 * caught up, or elected). `r` is a replica of `m` (partitionModel); null when there is nothing to
 * say. { kind: "out" | "new" | "leaving" | "reassign" | "joined", text, title }
 */
export function replicaNote(r, m) {
  if (!r || typeof r !== "object" || !("outOfIsr" in r)) throw new Error(`r: must be a replica of partitionModel, got ${r}`);
  if (!m || !(m.lagMaxMs > 0) || !Array.isArray(m.replicas)) throw new Error(`m: must be the partitionModel of r's partition, got ${m}`);
  if (r.outOfIsr) {
    const kind = r.outOfIsr === "new-replica" ? "new" : "out";
    return { kind, text: t(`row.out.${r.outOfIsr}`), title: t(`row.outTitle.${r.outOfIsr}`) };
  }
  const zk = r.zkExpiresInMs;
  if (zk !== null && (r.removeInMs === null || zk <= r.removeInMs)) {
    const time = formatCountdown(zk, m.zkSessionMs);
    return { kind: "leaving", text: t("row.zkIn", { time }), title: t(r.broker === m.leader ? "row.zkIn.leader" : "row.zkIn.title", { time }) };
  }
  if (r.removeInMs === null) {
    if (r.reassign) return { kind: "reassign", text: t(`reassign.note.${r.reassign}`), title: t(`reassign.note.${r.reassign}.title`) };
    const j = r.joinedIsr;
    return j && j.agoMs <= JOIN_SHOWN_MS ? { kind: "joined", text: t(`row.joined.${j.why}`), title: t(`row.joinedTitle.${j.why}`) } : null;
  }
  const time = formatCountdown(r.removeInMs, m.lagMaxMs);
  return { kind: "leaving", text: t("row.leavesIn", { time }), title: t("row.leavesIn.title", { time }) };
}

/**
 * The warnings shown on a partition, in words, from what the core says blocks it
 * (`writesBlocked`, `hwBlocked`, `underReplicated`; docs/api.md): offline, a leader whose broker is
 * not running (the controller only reacts once its ZooKeeper session expires, or in KRaft
 * (`kraft`) once it fences the broker after broker.session.timeout.ms), acks=all refused
 * with NOT_ENOUGH_REPLICAS (below the effective min ISR), the HW frozen by 3.7's strict min ISR,
 * under-replicated. `short`: the words a one-line partition head has room for (the title says `text`);
 * "" for offline, which the head's "no leader" and the card's red border say already.
 * [{ kind: "offline" | "danger" | "warn", text, short }]
 */
export function partitionAlerts(partition, brokerById, kraft = false) {
  const flags = [];
  const blocked = partition.writesBlocked;
  const n = partition.minIsr;
  if (blocked === "NO_LEADER") flags.push({ kind: "offline", text: t("flag.offline"), short: "" });
  else if (blocked === "LEADER_NOT_RUNNING") {
    const leader = brokerById.get(partition.leader);
    const vars = { b: partition.leader, status: t(`status.${leader.status}`) };
    const waiting = kraft ? "flag.leaderDown.kraft" : "flag.leaderDown";
    flags.push({ kind: "danger", text: t(leader.registered ? waiting : "flag.leaderDown.unregistered", vars), short: t("flag.leaderDown.short", vars) });
  } else if (blocked === "NOT_ENOUGH_REPLICAS") flags.push({ kind: "danger", text: t("flag.minIsr", { n }), short: t("flag.minIsr.short", { n }) });
  // 3.7 (KAFKA-15583): the gate is min(min.insync.replicas, RF), which minIsr is under 3.7.
  if (partition.hwBlocked === "STRICT_MIN_ISR") flags.push({ kind: "danger", text: t("flag.hwFrozen", { n }), short: t("flag.hwFrozen.short") });
  if (partition.leader >= 0 && partition.underReplicated) flags.push({ kind: "warn", text: t("flag.under"), short: t("flag.under.short") });
  return flags;
}

/** True when two lists of partitionModel cells draw the same (one by one, no string built). */
export function sameCells(a, b) {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.offset !== y.offset || x.epoch !== y.epoch || x.committed !== y.committed || x.divergent !== y.divergent || x.value !== y.value || x.acks !== y.acks) return false;
  }
  return true;
}

/** A stable string for "did this slice change?" checks. */
export function modelKey(model) {
  return JSON.stringify(model);
}

// ---------------------------------------------------------------- events

/**
 * Prepend the events of one step (oldest first, as step() returns them) to the log (newest
 * first), keeping the newest `cap`. Does not mutate its inputs.
 */
export function mergeEvents(log, incoming, cap = MAX_EVENTS) {
  if (!incoming || incoming.length === 0) return log;
  const newestFirst = [];
  for (let i = incoming.length - 1; i >= 0 && newestFirst.length < cap; i--) newestFirst.push(incoming[i]);
  return newestFirst.concat(log.slice(0, Math.max(0, cap - newestFirst.length)));
}

/** Short label for an event's subject: "P0 · B2", "P1", "B3" or "". */
export function eventSubject(ev) {
  const parts = [];
  if (ev.partition >= 0) parts.push(`P${ev.partition}`);
  if (ev.broker >= 0) parts.push(`B${ev.broker}`);
  return parts.join(" · ");
}

/** Message of anything thrown (wasm-bindgen throws Error, but be defensive). */
export function errorMessage(err) {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === "string") return err;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}
