// The brokers bar's and the producer panel's models (pure): each broker with the partitions it
// hosts and its ZooKeeper session countdown (the core's zkSession and sessionExpiresInMs), and the
// newest produce requests in words. Re-exported by model.js.

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
 * that time's share of zookeeper.session.timeout.ms (`expiresFraction`, for the ring); else null.
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
