// Metadata-log panel (KRaft presets, in place of the ZooKeeper panel): the tail of
// __cluster_metadata newest first — offset, record type, its fields — the newest record marked,
// records written since the previous frame flashing, and for each record the brokers that have
// not replayed it yet; above it each broker's registration (broker epoch, fenced) and how far it
// has replayed. Test hooks: [data-metadata-offset], .metadata-brokers [data-broker].

import { h, setText } from "./dom.js";
import { metadataLog } from "../views/metadata-model.js";
import { modelKey } from "../views/model.js";
import { t } from "../i18n.js";

export function render(root, snap, prev, ctx = {}) {
  const model = metadataLog(snap, ctx.continuous ? prev : null);
  if (!model) return;
  // The heartbeat clocks change every tick and are not drawn here: left out of the key.
  const key = modelKey([model.endOffset, model.brokers.map((b) => [b.brokerEpoch, b.fenced, b.replayedThrough])]);
  if (root.__key === key) return;
  root.__key = key;
  if (!root.firstChild) {
    root.append(
      h("p", { class: "metadata-head muted" }),
      h("ul", { class: "metadata-brokers", "aria-label": t("metadata.brokers") }),
      h("ol", { class: "metadata-log", "aria-label": t("metadata.log") }),
    );
  }
  const head =
    model.controller === null
      ? t("metadata.headNone", { end: model.endOffset })
      : t("metadata.head", { controller: model.controller, end: model.endOffset });
  setText(root.querySelector(".metadata-head"), head);
  root.querySelector(".metadata-brokers").replaceChildren(...model.brokers.map(brokerItem));
  drawRecords(root.querySelector(".metadata-log"), model.records, ctx.reducedMotion);
}

function brokerItem(b) {
  return h(
    "li",
    { class: `metadata-broker${b.fenced ? " is-fenced" : ""}`, "data-broker": b.id },
    h("strong", {}, `b${b.id}`),
    " ",
    b.brokerEpoch < 0 ? t("metadata.unregistered") : t("metadata.epoch", { epoch: b.brokerEpoch }),
    " · ",
    t(b.fenced ? "metadata.fenced" : "metadata.unfenced"),
    " · ",
    replayText(b),
  );
}

function replayText(b) {
  if (b.replayedThrough < 0) return t("metadata.none");
  const offset = b.replayedThrough;
  return b.behind > 0 ? t("metadata.behind", { offset, n: b.behind }) : t("metadata.caughtUp", { offset });
}

/**
 * The records, newest first, keyed by offset: a record never changes once written, so only the
 * new ones are made (and flash); the rest keep their nodes, and with them a running highlight.
 * A log that is not the drawn one plus newer records (a seek back, a new cluster) is drawn anew.
 */
function drawRecords(list, records, still) {
  const items = list.__items ?? new Map();
  const newest = list.__newest ?? -1;
  if (records.some((r) => r.offset <= newest && !items.has(r.offset)) || (records[0]?.offset ?? -1) < newest) {
    items.clear();
    list.replaceChildren();
  }
  const added = records.filter((r) => !items.has(r.offset)).map((r) => {
    const li = recordItem(r);
    items.set(r.offset, li);
    if (r.fresh && !still) li.animate(FLASH, { duration: 2400 });
    return li;
  });
  list.prepend(...added);
  const kept = new Set(records.map((r) => r.offset));
  for (const [offset, li] of items) {
    if (kept.has(offset)) continue;
    li.remove();
    items.delete(offset);
  }
  for (const r of records) {
    const li = items.get(r.offset);
    li.classList.toggle("is-newest", r.newest);
    li.classList.toggle("is-fresh-still", r.fresh && still);
    const pending = li.querySelector(".metadata-pending");
    setText(pending, r.pendingFor.length ? t("metadata.pending", { brokers: r.pendingFor.map((b) => `b${b}`).join(" ") }) : "");
  }
  list.__items = items;
  list.__newest = records[0]?.offset ?? -1;
}

function recordItem(r) {
  return h(
    "li",
    { class: "metadata-record", "data-metadata-offset": r.offset },
    h("span", { class: "metadata-offset", title: t("metadata.offset.title") }, String(r.offset)),
    h("code", { class: "metadata-kind" }, r.kind),
    h("code", { class: "metadata-fields" }, r.fields.map((f) => `${f.name}=${f.value}`).join(" ")),
    h("span", { class: "metadata-pending muted" }),
  );
}

/** The fading highlight of a record just written (as the ZooKeeper panel flashes a changed znode). */
const FLASH = [
  { background: "var(--leader-bg)", boxShadow: "inset 3px 0 0 var(--leader)" },
  { offset: 0.3, background: "var(--leader-bg)", boxShadow: "inset 3px 0 0 var(--leader)", easing: "ease-out" },
  {},
];
