// The events panel's filtering, the screen-reader announcements drawn from the same events, and
// the guarantees panel's list of the invariants checked.
// Pure, unit-tested.

import { schemaText, t } from "../i18n.js";
import { eventText } from "./event-text.js";

/** Lines drawn at most (the log keeps more; filters look through all of it). */
export const EVENTS_SHOWN = 200;

/** The event kinds present in the log, sorted, for the kind filter. */
export function eventKinds(items) {
  return [...new Set(items.map((e) => e.kind))].sort();
}

/**
 * The events matching the filter (newest first, like the log): `kind` "" = any, `partition`
 * "" = any, else a partition number (events about no partition are then left out).
 */
export function filterEvents(items, { kind = "", partition = "" } = {}, limit = EVENTS_SHOWN) {
  const p = partition === "" ? null : Number(partition);
  const out = [];
  for (const e of items) {
    if (kind && e.kind !== kind) continue;
    if (p !== null && e.partition !== p) continue;
    out.push(e);
    if (out.length >= limit) break;
  }
  return out;
}

/** The event kinds worth interrupting a screen-reader user for (said as i18n.js `announce.<kind>`). */
const ANNOUNCED = new Set(["leader-election", "isr-shrink", "isr-expand", "request-failed"]);

/**
 * Sentences for the aria-live region from one batch of events (oldest first) and the guarantee
 * violations that appeared in it.
 */
export function announcements(events, violations = []) {
  const out = [];
  for (const e of events ?? []) {
    if (ANNOUNCED.has(e.kind)) out.push(`${t(`announce.${e.kind}`)}${e.partition >= 0 ? t("announce.onPartition", { p: e.partition }) : ""}: ${eventText(e)}`);
  }
  for (const v of violations) out.push(t("announce.violated", { kind: v.kind, text: eventText(v) }));
  return out;
}

/** At most `max` sentences, then how many more, so a fast run does not flood the reader. */
export function summarize(sentences, max = 3) {
  if (sentences.length <= max) return sentences.join(" ");
  return `${sentences.slice(0, max).join(" ")}${t("announce.more", { n: sentences.length - max })}`;
}

/** The snapshot's violations new since `prevTick`. */
export function newViolations(snap, prevTick) {
  return snap.violations.filter((v) => v.tick > prevTick);
}

/**
 * [kind, words] for each violation kind the core checks after every tick, most severe first
 * (`Cluster.schema().violationKinds`), in the current language (the core's English meaning, or
 * the dictionary's `inv.<kind>`).
 */
export function invariants(schema) {
  return schema.violationKinds.map(({ kind, meaning }) => [kind, schemaText("inv", kind, meaning)]);
}

/**
 * What each event kind means (`Cluster.schema().eventKinds`), in the current language (the
 * core's English meaning, or the dictionary's `kind.<kind>`), as a Map in the schema's order.
 */
export function eventKindMeanings(schema) {
  return new Map(schema.eventKinds.map(({ kind, meaning }) => [kind, schemaText("kind", kind, meaning)]));
}
