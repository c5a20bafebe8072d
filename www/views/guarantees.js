// Guarantees panel: the invariant violations the core reports (snapshot.violations, each
// {kind, tick, partition, text}) in red, each with a button that jumps to its tick; when there
// are none, the invariants being checked. Jump buttons carry data-jump-tick; main.js seeks.

import { h, join, setText } from "./dom.js";
import { violationsOf } from "./events-model.js";
import { formatSeconds, modelKey } from "./model.js";

/**
 * The violation kinds the core checks after every tick (crate/src/invariants.rs), most severe
 * first, in words. Unknown kinds still show with the core's own text.
 */
export const INVARIANTS = [
  ["committed-lost", "a committed record (below an HW a leader reached) is lost or changed"],
  ["acked-lost", "a record acknowledged with acks=all is lost: a broken promise"],
  ["acks1-lost", "a record acknowledged with acks=1 is lost: the risk acks=1 accepts"],
  ["strong-isr", "an ISR member lacks the leader's records below the HW (StrongIsr)"],
  ["log-divergence", "two replicas differ below both their HWs (log matching)"],
  ["consistent-read", "a record a consumer read has changed"],
  ["duplicate", "an idempotent producer's record was written twice"],
  ["hw-decreased", "a leader's HW went back within its leader epoch"],
  ["structure", "HW ≤ LEO, the leader is in the ISR, the ISR is within the AR"],
];

const WORDS = new Map(INVARIANTS);

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
      h("ol", { class: "violation-list", "aria-label": "Violations, oldest first" }),
      h("p", { class: "violation-dropped muted" }),
      h(
        "details",
        { class: "invariant-help" },
        h("summary", {}, "What is checked"),
        h("dl", { class: "invariants" }, ...INVARIANTS.flatMap(([k, t]) => [h("dt", {}, k), h("dd", {}, t)])),
      ),
    );
  }
  const status = root.querySelector(".guarantee-status");
  status.className = `guarantee-status ${list.length ? "bad" : reported ? "ok" : "unknown"}`;
  setText(
    status,
    list.length
      ? `${list.length + dropped} violation${list.length + dropped === 1 ? "" : "s"}: this run broke a replication guarantee.`
      : reported
        ? "No violation so far. The core checks these after every tick:"
        : "No violations reported: this build of the simulator core does not check invariants yet. The ones it will check:",
  );
  const more = root.querySelector(".violation-dropped");
  more.hidden = dropped === 0;
  setText(more, `and ${dropped} more not listed`);
  // With no violations the list of invariants is the content, so it is shown open.
  root.querySelector(".invariant-help").open = list.length === 0;
  join(
    root.querySelector(".violation-list"),
    list,
    (v) => `${v.tick}|${v.kind}|${v.text}`,
    (v) =>
      h(
        "li",
        { class: "violation", title: WORDS.get(v.kind) ?? null },
        h("span", { class: "v-kind" }, `${v.kind}${v.partition >= 0 ? ` · P${v.partition}` : ""}`),
        h("span", { class: "v-text" }, v.text),
        h("button", { type: "button", class: "btn btn-small", "data-jump-tick": v.tick, "aria-label": `Jump to tick ${v.tick}, when ${v.kind} was violated` }, `tick ${v.tick} · ${formatSeconds(v.tick * (snap.tickMs ?? 100))}`),
      ),
    () => {},
  );
}
