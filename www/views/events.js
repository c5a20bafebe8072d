// Events view: the event log returned by step(), newest first (main.js keeps the newest 300 with
// mergeEvents). Each line: Kafka time in seconds, kind, partition/broker, text.

import { h } from "./dom.js";
import { eventSubject, formatSeconds } from "./model.js";

/** `log` is { items (newest first), version (bumps on every change) }. */
export function render(root, log) {
  let list = root.querySelector(".event-list");
  if (!list) {
    list = h("ol", { class: "event-list", "aria-label": "Events, newest first" });
    root.replaceChildren(list);
  }
  if (list.__version === log.version) return;
  list.__version = log.version;
  // Events never change once made: render the new ones on top, drop the ones past the cap.
  const shown = list.__items ?? [];
  const fresh = [];
  for (const ev of log.items) {
    if (shown.length && ev === shown[0]) break;
    fresh.push(ev);
  }
  if (fresh.length === log.items.length) list.replaceChildren();
  const frag = document.createDocumentFragment();
  for (const ev of fresh) frag.append(line(ev));
  list.prepend(frag);
  while (list.children.length > log.items.length) list.lastElementChild.remove();
  list.__items = log.items;
  const empty = root.parentElement?.querySelector(".event-empty");
  if (empty) empty.hidden = log.items.length > 0;
}

function line(ev) {
  const subject = eventSubject(ev);
  return h(
    "li",
    { class: `event ev-${ev.kind}` },
    h("time", { class: "ev-time", title: `tick ${ev.tick}` }, formatSeconds(ev.timeMs)),
    h("span", { class: "ev-kind" }, ev.kind),
    subject ? h("span", { class: "ev-subject" }, subject) : null,
    h("span", { class: "ev-text" }, ev.text),
  );
}
