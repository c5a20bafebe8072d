// Toasts: short messages in words for errors thrown by the wasm handle (bad input) and other
// problems. The container is an aria-live region, so screen readers announce them.

import { h } from "./dom.js";
import { t } from "../i18n.js";

const SHOW_MS = 6000;

export function toast(root, message, kind = "error") {
  const el = h(
    "div",
    { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" },
    h("span", { class: "toast-text" }, message),
    h("button", { type: "button", class: "toast-close", "aria-label": t("toast.dismiss") }, "×"),
  );
  el.querySelector("button").addEventListener("click", () => el.remove());
  root.append(el);
  while (root.children.length > 4) root.firstElementChild.remove();
  setTimeout(() => el.remove(), SHOW_MS);
  return el;
}
