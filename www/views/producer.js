// Producer panel: keeps the partition <select> in step with the snapshot and lists the latest
// produce requests with their status (pending / acked / failed) and Kafka error names.
// The form itself is static markup in index.html; main.js handles its submit.

import { h, join, setAttr, setText } from "./dom.js";
import { modelKey, requestsModel } from "./model.js";

export function render(root, snap) {
  const select = root.querySelector("#produce-partition");
  if (select) {
    const want = snap.partitions.map((p) => String(p.partition));
    const have = [...select.options].map((o) => o.value);
    if (want.join(",") !== have.join(",")) {
      const keep = select.value;
      select.replaceChildren(...want.map((v) => h("option", { value: v }, `P${v}`)));
      if (want.includes(keep)) select.value = keep;
    }
  }

  const model = requestsModel(snap);
  const key = modelKey(model);
  const list = root.querySelector(".request-list");
  if (!list || list.__key === key) return;
  list.__key = key;
  const empty = root.querySelector(".request-empty");
  if (empty) empty.hidden = model.length > 0;
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
