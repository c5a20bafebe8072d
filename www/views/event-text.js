// An event's or a violation's sentence in the reader's language. The core sends each with its
// English `text` and its `params`: a template name (`kind`) and the fields that fill it — numbers,
// words (error and config names), broker sets (arrays of ids), nested phrases (objects with their
// own `kind`: a reason, an offset range) and lists of phrases. The templates are the dictionaries'
// `ev.<kind>` keys (www/i18n/en.js, zh.js). An event with no params (pushed with its text only),
// or whose template or a nested one is missing, is shown with the core's English text.
// Pure, unit-tested (tests/unit/event-text.test.mjs; tests/node/event-text.test.mjs renders every
// event the scenario files produce).

import { hasKey, t } from "../i18n.js";

/** The words of `item` ({ text, params }, an event or a violation) in the current language. */
export function eventText(item) {
  if (item === null || typeof item !== "object" || typeof item.text !== "string") {
    throw new Error(`eventText: item must be an event or a violation ({ text, params }), got ${JSON.stringify(item)}`);
  }
  const p = item.params;
  return p && translatable(p) ? phrase(p) : item.text;
}

/** True when `p` and every phrase nested in it have a template. */
function translatable(p) {
  if (!hasKey(`ev.${p.kind}`)) return false;
  for (const [name, v] of Object.entries(p)) {
    if (name === "kind" || v === null || typeof v !== "object") continue;
    if (Array.isArray(v) ? v.some((x) => typeof x === "object" && x !== null && !translatable(x)) : !translatable(v)) return false;
  }
  return true;
}

function phrase(p) {
  const vars = {};
  for (const [name, v] of Object.entries(p)) if (name !== "kind") vars[name] = field(name, v);
  return t(`ev.${p.kind}`, vars);
}

/** One field as the template shows it: a set as {1,3} (as the core writes it), a phrase in words. */
function field(name, v) {
  if (v === null) return ""; // an absent optional phrase (a produce's sequence, its retry)
  if (Array.isArray(v)) {
    if (v.some((x) => typeof x === "object" && x !== null)) return v.map(phrase).join(t(`ev.separator.${name}`));
    return `{${v.join(",")}}`;
  }
  if (typeof v === "object") return phrase(v);
  if (name === "status" && hasKey(`ev.status.${v}`)) return t(`ev.status.${v}`); // a broker's state
  return v;
}
