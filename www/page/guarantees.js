// Guarantees panel: the invariant violations the core reports (snapshot.violations, each
// {kind, tick, partition, text, params}, said in the reader's language by event-text.js) in red,
// each with a button that jumps to its tick; when there are none, the invariants being checked.
// Jump buttons carry data-jump-tick; the app seeks.

import { h, join, setText } from "./dom.js";
import { eventText } from "../views/event-text.js";
import { invariants } from "../views/events-model.js";
import { formatSeconds, modelKey } from "../views/model.js";
import { t } from "../i18n.js";

export function render(root, snap, schema) {
  const list = snap.violations;
  const dropped = snap.violationsDropped;
  const key = modelKey([list, dropped]);
  if (root.__key === key) return;
  root.__key = key;
  if (!root.firstChild) {
    root.append(
      h("p", { class: "guarantee-status" }),
      h("ol", { class: "violation-list", "aria-label": t("guarantees.list") }),
      h("p", { class: "violation-dropped muted" }),
      h(
        "details",
        { class: "invariant-help" },
        h("summary", {}, t("guarantees.checked")),
        h("dl", { class: "invariants" }, ...invariants(schema).flatMap(([k, w]) => [h("dt", {}, k), h("dd", {}, w)])),
      ),
    );
  }
  const status = root.querySelector(".guarantee-status");
  status.className = `guarantee-status ${list.length ? "bad" : "ok"}`;
  setText(status, list.length ? t("guarantees.bad", { n: list.length + dropped }) : t("guarantees.ok"));
  const more = root.querySelector(".violation-dropped");
  more.hidden = dropped === 0;
  setText(more, t("guarantees.dropped", { n: dropped }));
  // With no violations the list of invariants is the content, so it is shown open.
  root.querySelector(".invariant-help").open = list.length === 0;
  join(
    root.querySelector(".violation-list"),
    list,
    (v) => `${v.tick}|${v.kind}|${v.text}`,
    (v) =>
      h(
        "li",
        { class: "violation", title: invariants(schema).find(([k]) => k === v.kind)?.[1] },
        h("span", { class: "v-kind" }, `${v.kind}${v.partition >= 0 ? ` · P${v.partition}` : ""}`),
        h("span", { class: "v-text" }, eventText(v)),
        h("button", { type: "button", class: "btn btn-small", "data-jump-tick": v.tick, "aria-label": t("guarantees.jump.aria", { tick: v.tick, kind: v.kind }) }, `tick ${v.tick} · ${formatSeconds(v.tick * snap.tickMs)}`),
      ),
    () => {},
  );
}
