// Guarantees panel: the invariant violations the core reports (snapshot.violations, each
// {kind, tick, partition, text}) in red, each with a button that jumps to its tick; when there
// are none, the invariants being checked. Jump buttons carry data-jump-tick; the app seeks.

import { h, join, setText } from "./dom.js";
import { violationsOf } from "./events-model.js";
import { formatSeconds, modelKey } from "./model.js";
import { t } from "../i18n.js";

/** The violation kinds the core checks after every tick (crate/src/invariants.rs), most severe first. */
const KINDS = ["committed-lost", "acked-lost", "acks1-lost", "strong-isr", "log-divergence", "consistent-read", "duplicate", "hw-decreased", "structure"];

/**
 * [kind, words] for each kind, in the current language (i18n.js `inv.<kind>`). Unknown kinds
 * still show with the core's own text.
 */
export const INVARIANTS = KINDS.map((kind) => Object.defineProperty([kind], 1, { get: () => t(`inv.${kind}`), enumerable: true }));

const words = (kind) => (KINDS.includes(kind) ? t(`inv.${kind}`) : null);

export function render(root, snap) {
  const reported = Array.isArray(snap.violations);
  const list = violationsOf(snap);
  const dropped = snap.violationsDropped ?? 0;
  const key = modelKey([reported, list, dropped]);
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
        h("dl", { class: "invariants" }, ...INVARIANTS.flatMap(([k, w]) => [h("dt", {}, k), h("dd", {}, w)])),
      ),
    );
  }
  const status = root.querySelector(".guarantee-status");
  status.className = `guarantee-status ${list.length ? "bad" : reported ? "ok" : "unknown"}`;
  setText(
    status,
    list.length ? t("guarantees.bad", { n: list.length + dropped }) : t(reported ? "guarantees.ok" : "guarantees.unknown"),
  );
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
        { class: "violation", title: words(v.kind) },
        h("span", { class: "v-kind" }, `${v.kind}${v.partition >= 0 ? ` · P${v.partition}` : ""}`),
        h("span", { class: "v-text" }, v.text),
        h("button", { type: "button", class: "btn btn-small", "data-jump-tick": v.tick, "aria-label": t("guarantees.jump.aria", { tick: v.tick, kind: v.kind }) }, `tick ${v.tick} · ${formatSeconds(v.tick * (snap.tickMs ?? 100))}`),
      ),
    () => {},
  );
}
