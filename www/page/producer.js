// Producer & consumer panel: keeps the partition <select> in step with the snapshot, lists the
// latest produce requests with their status (pending / acked / failed) and Kafka error names,
// and shows where each partition's consumer is against the HW it may read up to. The form itself
// is static markup in index.html; the app handles its submit and the automatic producer.

import { h, join, setAttr, setHidden, setOptions, setStyle, setText } from "./dom.js";
import { modelKey, REQUESTS_SHOWN, requestsModel } from "../views/model.js";
import { t } from "../i18n.js";

/** Partitions listed one by one in the consumer line; beyond, a total. */
const CONSUMER_LISTED = 6;

/**
 * What the consumers have read, per partition: their position (next offset to read; null when the
 * core runs no consumers) against the HW they may read up to, and the records read in all.
 */
export function consumerModel(snap) {
  const byPartition = new Map((snap.consumers ?? []).map((c) => [c.partition, c]));
  const parts = snap.partitions.map((p) => {
    const c = byPartition.get(p.partition);
    return { partition: p.partition, hw: p.hw, position: c ? c.position : null, resets: c?.resets ?? 0 };
  });
  const read = (snap.consumers ?? []).reduce((n, c) => n + (c.recordsRead ?? 0), 0);
  return { parts, read, running: byPartition.size > 0 };
}

/**
 * A line per partition, first few: "P0 at 8 / HW 8", "P1 at 0 / no leader", "… 3 more", then
 * "12 records read".
 */
export function consumerLines(model) {
  const hw = (p) => (p.hw < 0 ? t("consumer.noLeader") : `HW ${p.hw}`);
  const one = (p) => `P${p.partition} ${p.position === null ? "" : t("consumer.at", { n: p.position })}${hw(p)}${p.resets ? t("consumer.resets", { n: p.resets }) : ""}`;
  const lines = model.parts.slice(0, CONSUMER_LISTED).map(one);
  if (model.parts.length > CONSUMER_LISTED) lines.push(t("consumer.more", { n: model.parts.length - CONSUMER_LISTED }));
  if (model.running) lines.push(t("consumer.read", { n: model.read }));
  return lines;
}

/** `ctx.auto`: { text } describing the automatic producer's state. */
export function render(root, snap, ctx = {}) {
  const select = root.querySelector("#produce-partition");
  // P0…Pn, then round-robin over all of them (used by the automatic producer too).
  if (select) setOptions(select, [...snap.partitions.map((p) => [String(p.partition), `P${p.partition}`]), ["rr", t("producer.rr")]]);
  setText(root.querySelector("#auto-status"), ctx.auto?.text ?? "");
  // A box of its own, a line each (CSS .consumer-text): its height changes only with the count of lines.
  const lines = consumerLines(consumerModel(snap));
  const box = root.querySelector(".consumer-text");
  setText(box, lines.join("\n"));
  setStyle(box, "--lines", lines.length);

  const list = root.querySelector(".request-list");
  // Keyed on the core's requests: the model formats every line, in words.
  const key = modelKey(snap.requests.slice(-REQUESTS_SHOWN));
  if (!list || list.__key === key) return;
  list.__key = key;
  const model = requestsModel(snap);
  const empty = root.querySelector(".request-empty");
  if (empty) setHidden(empty, model.length > 0);
  join(list, model, (r) => r.id, createItem, updateItem);
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
  setAttr(li, "class", `request req-${r.status}`);
  setAttr(li, "data-request", r.id);
  const st = li.querySelector(".req-status");
  setText(st, t(`request.${r.status}`));
  setAttr(st, "class", `req-status pill ${r.status === "acked" ? "ok" : r.status === "failed" ? "bad" : "pending"}`);
  setText(li.querySelector(".req-what"), `#${r.id} P${r.partition} ×${r.count} acks=${r.acks}`);
  const detail = [];
  if (r.error) detail.push(r.error);
  if (r.offsets) detail.push(r.offsets);
  if (r.latency) detail.push(r.latency);
  else detail.push(t("request.sent", { t: r.sent }));
  const d = li.querySelector(".req-detail");
  setText(d, detail.join(" · "));
  d.classList.toggle("err", !!r.error);
}
