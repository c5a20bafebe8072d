// Compact partitions view for large clusters (e.g. 24 brokers × 200 partitions): one table row
// per partition with its leader, epoch, ISR size, HW, largest follower lag and warnings, and no
// per-record cells. Rows open the partition inspector (the app, via [data-partition]).

import { h, join, setAttr, setText } from "./dom.js";
import { formatIdSet, modelKey } from "../views/model.js";
import { compactRow } from "../views/compact-model.js";
import { t } from "../i18n.js";

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
      tr.classList.toggle("under", r.underReplicated);
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
