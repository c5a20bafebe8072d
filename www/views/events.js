// Events panel: the events returned by step(), newest first, filtered by kind and partition.
// Each line is a button that jumps to its tick (data-jump-tick; main.js seeks with the same code
// as the time scrubber). Lines: Kafka time, kind, partition/broker, the core's text.

import { h, join, setAttr } from "./dom.js";
import { eventKinds, filterEvents } from "./events-model.js";
import { eventSubject, formatSeconds } from "./model.js";
import { t } from "../i18n.js";

/**
 * `log`: { items (newest first), version }. `filters`: the panel's two <select>s
 * { kind, partition }. `snap` gives the current tick and the partition count.
 */
export function render(root, log, filters, snap) {
  syncOptions(filters.kind, eventKinds(log.items), (k) => k, t("events.allKinds"));
  syncOptions(filters.partition, snap.partitions.map((p) => String(p.partition)), (p) => `P${p}`, t("events.allPartitions"));
  const filter = { kind: filters.kind.value, partition: filters.partition.value };
  const key = `${log.version}|${filter.kind}|${filter.partition}|${snap.tick}`;
  if (root.__key === key) return;
  root.__key = key;

  let list = root.querySelector(".event-list");
  if (!list) {
    list = h("ol", { class: "event-list", "aria-label": t("events.list") });
    root.replaceChildren(list);
  }
  const shown = filterEvents(log.items, filter);
  join(list, shown, (e) => e, line, (li, e) => li.firstChild.classList.toggle("now", e.tick === snap.tick));
  const empty = root.parentElement?.querySelector(".event-empty");
  if (empty) empty.hidden = log.items.length > 0;
  const none = root.parentElement?.querySelector(".event-none");
  if (none) none.hidden = !(log.items.length > 0 && shown.length === 0);
}

/** Keep a filter <select>'s options equal to "" (all) + `values`, keeping the selection. */
function syncOptions(select, values, label, allLabel) {
  const want = ["", ...values];
  const have = [...select.options].map((o) => o.value);
  if (want.join("|") === have.join("|") && select.options[0]?.textContent === allLabel) return;
  const keep = select.value;
  select.replaceChildren(...want.map((v) => h("option", { value: v }, v === "" ? allLabel : label(v))));
  select.value = want.includes(keep) ? keep : "";
}

function line(ev) {
  const subject = eventSubject(ev);
  const btn = h(
    "button",
    { type: "button", class: `event ev-${ev.kind}`, "data-jump-tick": ev.tick },
    h("time", { class: "ev-time" }, formatSeconds(ev.timeMs)),
    h("span", { class: "ev-kind" }, ev.kind),
    subject ? h("span", { class: "ev-subject" }, subject) : null,
    h("span", { class: "ev-text" }, ev.text),
  );
  setAttr(btn, "title", t("events.jump", { tick: ev.tick }));
  return h("li", {}, btn);
}
