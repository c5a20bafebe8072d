// Toasts: short messages in words for errors thrown by the wasm handle (bad input) and other
// problems. The container is an aria-live region, so screen readers announce them.
//
// One toast per message (issue #14): the same text again (a key held down, a produce refused
// tick after tick) does not stack another box; the shown one counts the repeats ("×3") and
// stays for SHOW_MS from the latest.

import { h, setText } from "./dom.js";
import { t } from "../i18n.js";

const SHOW_MS = 6000;
const MAX_SHOWN = 4;
const KINDS = ["error", "info"];

export function toast(root, text, kind = "error") {
  if (!root || typeof root.querySelector !== "function") throw new Error("toast: root must be an element");
  const message = String(text);
  if (!KINDS.includes(kind)) throw new Error(`toast: kind must be one of ${KINDS.join(", ")}, got ${kind}`);
  const same = [...root.children].find((el) => el.__message === message && el.__kind === kind);
  if (same) {
    same.__count += 1;
    const count = same.querySelector(".toast-count");
    setText(count, `×${same.__count}`);
    count.hidden = false;
    clearTimeout(same.__timer);
    same.__timer = setTimeout(() => same.remove(), SHOW_MS);
    return same;
  }
  const el = h(
    "div",
    { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" },
    h("span", { class: "toast-text" }, message),
    h("span", { class: "toast-count", hidden: true, title: t("toast.repeats") }),
    h("button", { type: "button", class: "toast-close", "aria-label": t("toast.dismiss") }, "×"),
  );
  el.__message = message;
  el.__kind = kind;
  el.__count = 1;
  el.querySelector("button").addEventListener("click", () => el.remove());
  root.append(el);
  while (root.children.length > MAX_SHOWN) root.firstElementChild.remove();
  el.__timer = setTimeout(() => el.remove(), SHOW_MS);
  return el;
}
