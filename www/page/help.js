// Help overlay (press ?): the keyboard shortcuts, drawn from keyboard.js's table, and how to read
// the picture.

import { h } from "./dom.js";
import { SHORTCUTS } from "./keyboard.js";

export function render(dialog) {
  if (dialog.__built === dialog.ownerDocument.documentElement.lang) return;
  dialog.__built = dialog.ownerDocument.documentElement.lang;
  dialog.querySelector(".help-keys").replaceChildren(
    ...SHORTCUTS.map((s) =>
      h(
        "tr",
        {},
        h("th", { scope: "row" }, ...s.keys.flatMap((k, i) => [i ? " " : null, k === "…" ? "…" : h("kbd", {}, k)])),
        h("td", {}, s.label),
      ),
    ),
  );
}
