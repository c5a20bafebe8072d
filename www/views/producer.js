// Producer & consumer panel: keeps the partition <select> in step with the snapshot, lists the
// latest produce requests with their status (pending / acked / failed) and Kafka error names,
// and shows what a consumer may read (everything below each partition's HW). The form itself is
// static markup in index.html; main.js handles its submit and the automatic producer.

import { h, join, setAttr, setText } from "./dom.js";
import { modelKey, requestsModel } from "./model.js";

/** Partitions listed one by one in the consumer line; beyond, a total. */
const CONSUMER_LISTED = 6;

/** What a consumer can read: [{ partition, hw }] and the total of committed records. */
export function consumerModel(snap) {
  const parts = snap.partitions.map((p) => ({ partition: p.partition, hw: p.hw, start: p.logs[0]?.logStartOffset ?? 0 }));
  return { parts, total: parts.reduce((n, p) => n + Math.max(0, p.hw - p.start), 0) };
}

/** "P0 0–41 · P1 none yet · P2 no leader" (first few partitions), plus the total. */
export function consumerText(model) {
  const one = (p) => (p.hw < 0 ? `P${p.partition} no leader` : p.hw <= p.start ? `P${p.partition} nothing yet` : `P${p.partition} ${p.start}–${p.hw - 1}`);
  const listed = model.parts.slice(0, CONSUMER_LISTED).map(one).join(" · ");
  const more = model.parts.length > CONSUMER_LISTED ? ` · … ${model.parts.length - CONSUMER_LISTED} more` : "";
  return `${listed}${more} (${model.total} committed record${model.total === 1 ? "" : "s"} in all)`;
}

/** `ctx.auto`: { text } describing the automatic producer's state. */
export function render(root, snap, ctx = {}) {
  syncPartitionOptions(root.querySelector("#produce-partition"), snap);
  setText(root.querySelector("#auto-status"), ctx.auto?.text ?? "");
  setText(root.querySelector(".consumer-text"), consumerText(consumerModel(snap)));

  const model = requestsModel(snap);
  const key = modelKey(model);
  const list = root.querySelector(".request-list");
  if (!list || list.__key === key) return;
  list.__key = key;
  const empty = root.querySelector(".request-empty");
  if (empty) empty.hidden = model.length > 0;
  join(list, model, (r) => r.id, createItem, updateItem);
}

/** P0…Pn, then round-robin over all of them (used by the automatic producer too). */
function syncPartitionOptions(select, snap) {
  if (!select) return;
  const want = [...snap.partitions.map((p) => String(p.partition)), "rr"];
  const have = [...select.options].map((o) => o.value);
  if (want.join(",") === have.join(",")) return;
  const keep = select.value;
  select.replaceChildren(...want.map((v) => h("option", { value: v }, v === "rr" ? "all, round-robin" : `P${v}`)));
  if (want.includes(keep)) select.value = keep;
}

function createItem() {
  return h(
    "li",
    { class: "request" },
    h("span", { class: "req-status pill" }),
    h("span", { class: "req-what" }),
    h("span", { class: "req-detail" }),
  );
}

function updateItem(li, r) {
  li.className = `request req-${r.status}`;
  setAttr(li, "data-request", r.id);
  const st = li.querySelector(".req-status");
  setText(st, r.status);
  st.className = `req-status pill ${r.status === "acked" ? "ok" : r.status === "failed" ? "bad" : "pending"}`;
  setText(li.querySelector(".req-what"), `#${r.id} P${r.partition} ×${r.count} acks=${r.acks}`);
  const detail = [];
  if (r.error) detail.push(r.error);
  if (r.offsets) detail.push(r.offsets);
  if (r.latency) detail.push(r.latency);
  else detail.push(`sent ${r.sent}`);
  const d = li.querySelector(".req-detail");
  setText(d, detail.join(" · "));
  d.classList.toggle("err", !!r.error);
}
