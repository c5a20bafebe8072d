// Producer & consumer panel: keeps the partition <select> in step with the snapshot, lists the
// latest produce requests with their status (pending / acked / failed) and Kafka error names,
// and shows where each partition's consumer is against the HW it may read up to. The form itself
// is static markup in index.html; the app handles its submit and the automatic producer.

import { h, join, setAttr, setHidden, setOptions, setStyle, setText } from "./dom.js";
import { consumerLines, consumerModel, modelKey, REQUESTS_SHOWN, requestsModel } from "../views/model.js";
import { t } from "../i18n.js";

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
