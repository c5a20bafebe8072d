// Compact partitions view for large clusters (e.g. 24 brokers × 200 partitions): one table row
// per partition with its leader, epoch, ISR size, HW, largest follower lag and warnings, and no
// per-record cells. Rows open the partition inspector (the app, via [data-partition]).

import { h, join, setAttr, setText } from "./dom.js";
import { followerLagMessages, formatIdSet, modelKey, partitionAlerts } from "./model.js";
import { t } from "../i18n.js";

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
    hw: p.hw,
    maxLag,
    flags: partitionAlerts(p, brokerById, kraft).map((f) => f.text),
  };
}

export function render(root, snap) {
  let table = root.querySelector(".compact-table");
  if (!table) {
    table = h(
      "table",
      { class: "compact-table" },
      h("caption", { class: "sr-only" }, t("compact.caption")),
      h(
        "thead",
        {},
        h("tr", {}, ...[t("compact.partition"), t("compact.leader"), t("compact.epoch"), "ISR", "OSR", "HW", t("compact.maxLag"), ""].map((x) => h("th", { scope: "col" }, x))),
      ),
      h("tbody", {}),
    );
    root.replaceChildren(table);
  }
  const brokerById = new Map(snap.brokers.map((b) => [b.id, b]));
  const rows = snap.partitions.map((p) => compactRow(p, brokerById, snap.kraft !== null));
  const key = modelKey(rows);
  if (table.__key === key) return;
  table.__key = key;
  join(
    table.tBodies[0],
    rows,
    (r) => r.partition,
    (r) =>
      h(
        "tr",
        { "data-partition": r.partition, tabindex: 0, role: "button", "aria-label": t("compact.open", { p: r.partition }) },
        ...Array.from({ length: 8 }, () => h("td", {})),
      ),
    (tr, r) => {
      const c = tr.cells;
      setAttr(tr, "data-leader", r.leader);
      tr.classList.toggle("offline", r.leader < 0);
      tr.classList.toggle("under", r.isr.length < r.rf);
      setText(c[0], `P${r.partition}`);
      setText(c[1], r.leader >= 0 ? `B${r.leader}` : t("compact.none"));
      setText(c[2], r.leaderEpoch);
      setText(c[3], `${r.isr.length}/${r.rf} ${formatIdSet(r.isr)}`);
      setText(c[4], r.osr.length ? formatIdSet(r.osr) : "–");
      setText(c[5], r.hw >= 0 ? r.hw : "–");
      setText(c[6], r.maxLag === null ? "–" : r.maxLag);
      setText(c[7], r.flags.join(" · "));
    },
  );
}
