// Events panel: the events returned by step(), newest first, filtered by kind and partition.
// Each line is a button that jumps to its tick (data-jump-tick; the app seeks with the same code
// as the time scrubber). Lines: Kafka time, kind, partition/broker, the event's words in the
// reader's language (event-text.js). What each kind means (the core's schema, in the reader's
// language) is the kind's title on each line, the chosen kind's line under the filters (the kind
// select's description) and the panel's "What each kind means" list.

import { h, setAttr, setHidden, setOptions, setText } from "./dom.js";
import { eventKindMeanings, eventKinds, filterEvents } from "../views/events-model.js";
import { eventText } from "../views/event-text.js";
import { eventSubject, formatSeconds } from "../views/model.js";
import { getLang, t } from "../i18n.js";

/**
 * `log`: { items (newest first), version }. `filters`: the panel's two <select>s
 * { kind, partition }. `snap` gives the current tick and the partition count; `schema` is
 * `Cluster.schema()` (the kinds' meanings).
 */
export function render(root, log, filters, snap, schema) {
  const meanings = kindMeanings(root, schema);
  if (root.__kinds !== log.version) {
    root.__kinds = log.version;
    setOptions(filters.kind, [["", t("events.allKinds")], ...eventKinds(log.items).map((k) => [k, k])]);
  }
  setOptions(filters.partition, [["", t("events.allPartitions")], ...snap.partitions.map((p) => [String(p.partition), `P${p.partition}`])]);
  const filter = { kind: filters.kind.value, partition: filters.partition.value };
  const chosen = root.parentElement?.querySelector(".event-kind-meaning");
  if (chosen) {
    setText(chosen, (filter.kind && meanings.get(filter.kind)) || "");
    setHidden(chosen, !filter.kind);
  }
  let list = root.querySelector(".event-list");
  if (!list) {
    list = h("div", { class: "event-list", role: "list", "aria-label": t("events.list") });
    root.replaceChildren(list);
  }
  const filterKey = `${filter.kind}|${filter.partition}`;
  const key = `${log.version}|${filterKey}`;
  const rebuilt = root.__key !== key;
  if (rebuilt) {
    root.__key = key;
    const shown = filterEvents(log.items, filter);
    // A tick adds a few events at the head and drops the oldest: prepend and trim, instead of
    // building all EVENTS_SHOWN lines again. Any other change (a filter, a seek) rebuilds.
    if (root.__filter !== filterKey || !prependNew(list, shown, meanings)) {
      list.replaceChildren();
      addLines(list, shown, meanings);
      list.__shown = shown;
    }
    root.__filter = filterKey;
    // Once the lines fill the panel, its height is fixed and it is laid out on its own: a line
    // added or dropped then costs the page a third of the layout (issue #6).
    root.classList.toggle("is-full", shown.length >= FULL_LINES);
    const empty = root.parentElement?.querySelector(".event-empty");
    if (empty) setHidden(empty, log.items.length > 0);
    const none = root.parentElement?.querySelector(".event-none");
    if (none) setHidden(none, !(log.items.length > 0 && shown.length === 0));
  }
  if (rebuilt || root.__now !== snap.tick) markNow(list, root.__now, snap.tick);
  root.__now = snap.tick;
}

/**
 * The lines sit in chunks of at most CHUNK_LINES (generic boxes between the list and its
 * items): adding or removing a line lays out its chunk and the list of chunks, not all the
 * lines. In one list, each added or dropped line cost Chromium about 2 µs of layout per line
 * shown, 0.3–0.4 ms for 200 (issue #6).
 */
const CHUNK_LINES = 20;
/** Lines that fill the panel's 460 px however they wrap (a line is one or two rows). */
const FULL_LINES = 30;

/**
 * The kinds' meanings in the page's language (eventKindMeanings), made again when the language
 * changes, which also fills the panel's list of them and has the lines built again.
 */
function kindMeanings(root, schema) {
  const lang = getLang();
  if (root.__meaningsLang === lang && root.__schema === schema) return root.__meanings;
  root.__meaningsLang = lang;
  root.__schema = schema;
  root.__meanings = eventKindMeanings(schema);
  root.__key = root.__filter = root.__kinds = null;
  root.parentElement
    ?.querySelector(".event-kind-list")
    ?.replaceChildren(...[...root.__meanings].flatMap(([kind, words]) => [h("dt", {}, kind), h("dd", {}, words)]));
  return root.__meanings;
}

/** Add the lines of `events` (newest first) before the lines `list` shows. */
function addLines(list, events, meanings) {
  for (let i = events.length - 1; i >= 0; i--) {
    let chunk = list.firstElementChild;
    if (!chunk || chunk.childElementCount >= CHUNK_LINES) {
      chunk = h("div", { class: "event-chunk" });
      list.prepend(chunk);
    }
    const el = line(events[i], meanings);
    el.__key = events[i];
    chunk.prepend(el);
  }
}

/**
 * Make `list` show `shown` when the lines it shows (`list.__shown`) are `shown`'s tail with some
 * lines past its end (newer lines at the head, older ones dropped): add the new lines, remove
 * the dropped ones. False, having changed nothing, when they are not such a tail.
 */
function prependNew(list, shown, meanings) {
  const was = list.__shown;
  if (!was || was.length === 0) return false;
  const fresh = shown.indexOf(was[0]);
  if (fresh < 0) return false;
  const kept = shown.length - fresh;
  if (kept > was.length) return false;
  for (let i = 0; i < kept; i++) if (shown[fresh + i] !== was[i]) return false;
  for (let i = kept; i < was.length; i++) {
    const chunk = list.lastElementChild;
    chunk.lastElementChild.remove();
    if (!chunk.firstElementChild) chunk.remove();
  }
  addLines(list, shown.slice(0, fresh), meanings);
  list.__shown = shown;
  return true;
}

/**
 * Highlight the events of the tick shown (`tick`), unmarking those of the tick marked before
 * (`was`). The list is newest first, so only its head is looked at.
 */
function markNow(list, was, tick) {
  const oldest = Math.min(was ?? tick, tick);
  for (const chunk of list.children) {
    for (const el of chunk.children) {
      const e = el.__key;
      if (e.tick < oldest) return;
      el.firstChild.classList.toggle("now", e.tick === tick);
    }
  }
}

function line(ev, meanings) {
  const subject = eventSubject(ev);
  const btn = h(
    "button",
    { type: "button", class: `event ev-${ev.kind}`, "data-jump-tick": ev.tick },
    h("time", { class: "ev-time" }, formatSeconds(ev.timeMs)),
    h("span", { class: "ev-kind", title: meanings.get(ev.kind) }, ev.kind),
    subject ? h("span", { class: "ev-subject" }, subject) : null,
    h("span", { class: "ev-text" }, eventText(ev)),
  );
  setAttr(btn, "title", t("events.jump", { tick: ev.tick }));
  return h("div", { class: "event-line", role: "listitem" }, btn);
}
