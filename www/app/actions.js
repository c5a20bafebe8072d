// What the user can do to a broker, in one table used by the broker cards, the context menu, the
// keyboard shortcuts and the help overlay. Each action maps to one handle call (docs/api.md);
// `shortcut` is its line in the help overlay. The words (label, help, shortcut) are read from
// i18n.js in the current language each time they are used. selectByDigit: the broker a number
// typed on the keyboard picks.

import { t } from "../i18n.js";

/** Adds the translated `shortcut`, `label` and `help` getters to an action. */
const worded = (a) =>
  Object.defineProperties(a, {
    shortcut: { get: () => t(`action.${a.id}.shortcut`), enumerable: true },
    label: { get: () => t(`action.${a.id}.label`), enumerable: true },
    help: { get: () => t(`action.${a.id}.help`), enumerable: true },
  });

export const BROKER_ACTIONS = [
  { id: "crash", key: "c", call: (b) => ["fail", [b]] },
  { id: "crashLossy", key: "x", call: (b) => ["fail", [b, "crash", { lossy: true }]] },
  { id: "stuck", key: "k", call: (b) => ["fail", [b, "stuck"]] },
  { id: "slow", key: "w", call: (b) => ["fail", [b, "slow"]] },
  { id: "isolate", key: "i", call: (b) => ["fail", [b, "isolated"]] },
  { id: "shutdown", key: "d", call: (b) => ["fail", [b, "shutdown"]] },
  { id: "recover", key: "u", call: (b) => ["recover", [b]] },
].map(worded);

/**
 * Whether `action` is one the core takes for a broker in `status` ("up", "crashed", "stuck", …):
 * a fault only on a broker that is up, recover on any other but one shutting down (docs/api.md).
 */
export function brokerActionEnabled(action, status) {
  if (action.id === "recover") return status !== "up" && status !== "shutting-down";
  return status === "up";
}

export function brokerAction(id) {
  return BROKER_ACTIONS.find((a) => a.id === id) ?? null;
}

/**
 * Broker selection by digits: a digit typed within `windowMs` of the previous one extends the
 * number (1, 2 → 12) if such a broker exists; otherwise it starts over. Returns the new
 * { id, at } buffer state.
 */
export function selectByDigit(prev, digit, now, brokerCount, windowMs = 900) {
  if (prev && now - prev.at <= windowMs) {
    const longer = prev.id * 10 + digit;
    if (longer < brokerCount) return { id: longer, at: now };
  }
  return { id: digit, at: now };
}
