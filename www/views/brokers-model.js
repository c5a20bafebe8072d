// The brokers bar's and the producer panel's models (pure): each broker with the partitions it
// hosts and its ZooKeeper session countdown (the core's zkSession and sessionExpiresInMs), what
// each fault does under this config, the newest produce requests in words and the consumers'
// positions. Re-exported by model.js.

import { countdownShown, formatAcks, formatCountdown, formatDuration, formatSeconds } from "./format.js";
import { t } from "../i18n.js";

/**
 * The time until broker `b`'s ZooKeeper session expires (the core's sessionExpiresInMs, in the
 * steps of a clock of zookeeper.session.timeout.ms `sessionMs`) while it is "expiring" (its owner
 * stopped heart-beating); else null.
 */
export function sessionCountdown(b, sessionMs) {
  if (!b || typeof b !== "object" || !("zkSession" in b)) throw new Error(`b: must be a broker of the snapshot, got ${b}`);
  if (b.zkSession !== "expiring" || !(b.sessionExpiresInMs >= 0)) return null;
  if (!(sessionMs > 0)) throw new Error(`sessionMs: must be zookeeper.session.timeout.ms (a number > 0), got ${sessionMs}`);
  return countdownShown(b.sessionExpiresInMs, sessionMs);
}

/** Broker `b`'s session time left in words ("12 s", sessionCountdown) while it expires, else null. */
export function sessionLeft(b, sessionMs) {
  const ms = sessionCountdown(b, sessionMs);
  return ms === null ? null : formatCountdown(ms, sessionMs);
}

/**
 * Brokers bar model: one entry per broker with the partitions it hosts and its role in each, and
 * its ZooKeeper session (the core's zkSession): while it is "expiring" (its owner stopped
 * heart-beating), the time until the znode goes (`expiresIn`, "12 s", in the clock's steps) and
 * that time's share of zookeeper.session.timeout.ms (`expiresFraction`, for the ring); else null;
 * and its rack (`rack`, null: none).
 */
export function brokersModel(snap) {
  const sessionMs = snap.config?.zookeeperSessionTimeoutMs;
  return snap.brokers.map((b) => {
    const expiresInMs = sessionCountdown(b, sessionMs);
    const hosts = [];
    for (const p of snap.partitions) {
      if (!p.replicas.includes(b.id)) continue;
      hosts.push({
        partition: p.partition,
        role: p.leader === b.id ? "leader" : p.isr.includes(b.id) ? "isr" : "osr",
      });
    }
    return {
      id: b.id,
      status: b.status,
      controller: !!b.controller,
      registered: !!b.registered,
      controllerEpoch: b.controller ? snap.controller.epoch : null,
      expiresIn: sessionLeft(b, sessionMs),
      expiresFraction: expiresInMs === null ? null : Math.min(1, expiresInMs / sessionMs),
      // KIP-392: its broker.rack (null: none), what the rack-aware selector matches client.rack against.
      rack: b.rack ?? null,
      hosts,
    };
  });
}

/** Produce requests listed in the producer panel. */
export const REQUESTS_SHOWN = 12;

/** Producer panel model: the newest `limit` requests, newest first, with display fields. */
export function requestsModel(snap, limit = REQUESTS_SHOWN) {
  const reqs = snap.requests.slice(-limit).reverse();
  return reqs.map((r) => {
    let offsets = "";
    if (r.offset >= 0) offsets = r.count > 1 ? t("request.offsets", { from: r.offset, to: r.offset + r.count - 1 }) : t("request.offset", { n: r.offset });
    const latency = r.status !== "pending" && r.doneMs >= 0 ? formatDuration(r.doneMs - r.sentMs) : "";
    return {
      id: r.id,
      partition: r.partition,
      acks: formatAcks(r.acks),
      count: r.count,
      status: r.status,
      error: r.error ?? null,
      offsets,
      latency,
      sent: formatSeconds(r.sentMs),
    };
  });
}

/**
 * What crash, stuck, slow, isolate and a controlled shutdown do to ISR membership under this config (issue #14): the
 * ZooKeeper session (zookeeper.session.timeout.ms, the controller removes the broker) against
 * the leader's lag rules (replica.lag.time.max.ms, and 0.8's replica.lag.max.messages). The
 * numbers are the config's; the rules are the core's (crate/src/rules.rs).
 */
export function faultHelp(config) {
  if (!config || typeof config !== "object") throw new Error("faultHelp: config must be the snapshot's config object");
  const zkMs = config.zookeeperSessionTimeoutMs ?? 18000;
  const lagMs = config.replicaLagTimeMaxMs ?? 30000;
  const msgs = config.replicaLagMaxMessages ?? 0;
  const zk = formatSeconds(zkMs);
  const lag = formatSeconds(lagMs);
  const first = t(zkMs <= lagMs ? "fault.first.session" : "fault.first.lag");
  return {
    version: config.version ?? "",
    lines: [
      { id: "crash", text: t("fault.crash", { zk }) },
      { id: "stuck", text: t("fault.stuck", { zk, lag, first }) },
      { id: "slow", text: t("fault.slow", { lag, msgs }) },
      { id: "isolated", text: t("fault.isolated", { zk }) },
      { id: "shutdown", text: t("fault.shutdown", { zk }) },
    ],
  };
}

/** Partitions listed one by one in the consumer line; beyond, a total. */
const CONSUMER_LISTED = 6;

/**
 * What the consumers have read, per partition: their position (next offset to read; null when the
 * core runs no consumers) against the HW they may read up to, and the records read in all. A
 * consumer reading from a follower (KIP-392: `fromFollower`) may read up to that follower's HW,
 * which trails the leader's; `follower` names that broker (null: it reads from the leader).
 */
export function consumerModel(snap) {
  const byPartition = new Map((snap.consumers ?? []).map((c) => [c.partition, c]));
  const parts = snap.partitions.map((p) => {
    const c = byPartition.get(p.partition);
    const follower = c?.fromFollower ? c.fetchingFrom : null;
    return { partition: p.partition, hw: follower === null ? p.hw : c.highWatermark, position: c ? c.position : null, resets: c?.resets ?? 0, follower };
  });
  const read = (snap.consumers ?? []).reduce((n, c) => n + (c.recordsRead ?? 0), 0);
  return { parts, read, running: byPartition.size > 0 };
}

/**
 * A line per partition, first few: "P0 at 8 / HW 8", "P1 at 0 / no leader", "P2 at 10 / HW 10
 * (from B2, follower)", "… 3 more", then "12 records read".
 */
export function consumerLines(model) {
  const hw = (p) => (p.hw < 0 ? t("consumer.noLeader") : `HW ${p.hw}`);
  const from = (p) => (p.follower === null || p.follower === undefined ? "" : t("consumer.fromFollower", { b: p.follower }));
  const one = (p) =>
    `P${p.partition} ${p.position === null ? "" : t("consumer.at", { n: p.position })}${hw(p)}${from(p)}${p.resets ? t("consumer.resets", { n: p.resets }) : ""}`;
  const lines = model.parts.slice(0, CONSUMER_LISTED).map(one);
  if (model.parts.length > CONSUMER_LISTED) lines.push(t("consumer.more", { n: model.parts.length - CONSUMER_LISTED }));
  if (model.running) lines.push(t("consumer.read", { n: model.read }));
  return lines;
}
