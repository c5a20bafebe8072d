// Keyboard shortcuts: one table, used both to handle keys (keyCommand) and to draw the help
// overlay, so the two cannot disagree. Pure (unit-tested); the app runs the commands.

import { BROKER_ACTIONS } from "../app/actions.js";
import { t } from "../i18n.js";

/** A shortcut line whose label is read from i18n.js (key `key.<command>`) when drawn. */
const line = (keys, command, labelKey = `key.${command}`) => ({ keys, command, get label() { return t(labelKey); } });

/** [{ keys (as shown), command, label }] in the order the help overlay lists them. */
export const SHORTCUTS = [
  line(["Space"], "togglePlay"),
  line(["→", "S"], "step"),
  line(["←"], "stepBack"),
  line(["P"], "produce"),
  line(["A"], "toggleAuto"),
  line(["R"], "reset"),
  line(["0", "…", "9"], "select"),
  ...BROKER_ACTIONS.map((a) => ({ keys: [a.key.toUpperCase()], command: a.id, get label() { return a.shortcut; } })),
  line(["N"], "lessonNext"),
  line(["B"], "lessonBack"),
  line(["?"], "help"),
  line(["Esc"], "close"),
];

const BY_KEY = new Map([
  [" ", "togglePlay"],
  ["ArrowRight", "step"],
  ["s", "step"],
  ["ArrowLeft", "stepBack"],
  ["p", "produce"],
  ["a", "toggleAuto"],
  ["r", "reset"],
  ["n", "lessonNext"],
  ["b", "lessonBack"],
  ["?", "help"],
  ...BROKER_ACTIONS.map((a) => /** @type {[string, string]} */ ([a.key, a.id])),
]);

/**
 * The command for a keydown, or null when the page should leave the key alone: with a modifier
 * (browser shortcuts), while typing in a form field, while text is selected (the keys belong to
 * the selection), and for Space / Enter on a focused button or link (they press it). Returns
 * { command } or { command: "select", digit }. main.js plays a lesson or comparison on for
 * Space instead of free play, which would take it off its script.
 */
export function keyCommand(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (isTyping(e.target, e.key)) return null;
  if (isSelecting(e.target)) return null;
  if ((e.key === " " || e.key === "Enter") && isPressable(e.target)) return null;
  if (/^[0-9]$/.test(e.key)) return { command: "select", digit: Number(e.key) };
  const command = BY_KEY.get(e.key.length === 1 && e.key !== "?" ? e.key.toLowerCase() : e.key);
  if (!command) return null;
  // Capital letters are Shift+letter: leave them to the browser (only "?" needs Shift).
  if (e.key.length === 1 && e.key !== "?" && e.key !== e.key.toLowerCase()) return null;
  return { command };
}

/** True when `key` belongs to the focused form field (text, select, or a slider's arrows). */
function isTyping(el, key) {
  if (!el || typeof el.closest !== "function") return false;
  if (el.closest("textarea, select, [contenteditable]")) return true;
  const input = el.closest("input");
  if (!input) return false;
  if (input.type === "range") return /^(Arrow|Page|Home|End)/.test(key);
  return !["checkbox", "radio", "button", "submit", "reset"].includes(input.type);
}

/** True while the reader has text selected in the key's document. */
function isSelecting(el) {
  const sel = el?.ownerDocument?.getSelection?.();
  return !!sel && !sel.isCollapsed && String(sel).trim() !== "";
}

/** True when Space / Enter would press the focused element (a slider has nothing to press). */
function isPressable(el) {
  if (!el || typeof el.closest !== "function") return false;
  if (el.closest("button, a, summary, [role=button], [role=menuitem]")) return true;
  const input = el.closest("input");
  return !!input && input.type !== "range";
}
