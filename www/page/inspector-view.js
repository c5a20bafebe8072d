// Inspector dialog: the full state of a clicked broker, partition, replica, record or message,
// as built by inspector-model.js. It stays live: the app redraws it after every refresh, so
// stepping with the dialog open shows the state change.

import { h, setText } from "./dom.js";
import { modelKey } from "../views/model.js";

export function render(dialog, model) {
  const key = modelKey(model);
  if (dialog.__key === key) return;
  dialog.__key = key;
  setText(dialog.querySelector(".inspector-title"), model.title);
  dialog.querySelector(".inspector-body").replaceChildren(...model.sections.map(section));
}

function section(s) {
  return h(
    "section",
    { class: "inspector-section" },
    s.heading ? h("h3", {}, s.heading) : null,
    s.note ? h("p", { class: "inspector-note" }, s.note) : null,
    s.rows ? h("dl", { class: "kv" }, ...s.rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))])) : null,
    s.table ? table(s.table) : null,
  );
}

function table(t) {
  return h(
    "div",
    { class: "table-scroll" },
    h(
      "table",
      { class: "inspector-table" },
      h("thead", {}, h("tr", {}, ...t.columns.map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, ...t.rows.map((r) => h("tr", {}, ...r.map((v) => h("td", {}, String(v)))))),
    ),
  );
}
