// Configuration form: built from the core's schema (Cluster.schema()), one input per key of its
// kind with the current value from snapshot.config, grouped as config-model.js says. Applying
// resets the cluster with the new config (the app); the core validates and its Error text is
// shown in the form.

import { h, setText } from "./dom.js";
import { configFields, configSummary } from "../views/config-model.js";

/**
 * Rebuild the fields when the cluster's config changed (after a reset), not on every frame, and
 * only while the panel is open: folded, it shows its summary only (the fields are a fifth of
 * the page's elements, issue #18: DOM size).
 */
export function render(form, config, schema) {
  const panel = form.closest("details");
  const key = `${form.ownerDocument.documentElement.lang}|${panel.open}|${JSON.stringify(config)}`;
  if (form.__key === key) return;
  form.__key = key;
  const fields = form.querySelector(".config-fields");
  fields.replaceChildren(...(panel.open ? configFields(config, schema).map(groupSet) : []));
  setText(panel.querySelector(".config-summary"), configSummary(config));
  showError(form, "");
}

/** The form's values as { key: string | boolean }. */
export function readValues(form) {
  const out = {};
  for (const el of form.querySelectorAll("[data-key]")) out[el.dataset.key] = el.type === "checkbox" ? el.checked : el.value;
  return out;
}

/** Put `values` ({ key: value }) into the inputs. */
export function fill(form, values) {
  for (const el of form.querySelectorAll("[data-key]")) {
    if (!(el.dataset.key in values)) continue;
    const v = values[el.dataset.key];
    if (el.type === "checkbox") el.checked = !!v;
    else el.value = String(v);
  }
}

/** The core's (or the page's) words for a rejected config; "" hides it. */
export function showError(form, text) {
  const p = form.querySelector(".config-error");
  setText(p, text);
  p.hidden = !text;
}

function groupSet({ group, fields }) {
  return h("fieldset", { class: "config-group" }, h("legend", {}, group), ...fields.map(field));
}

function field(f) {
  const id = `cfg-${f.key}`;
  const helpId = f.help ? `${id}-help` : null;
  let input;
  if (f.type === "select") {
    input = h("select", { id, "data-key": f.key, "aria-describedby": helpId }, ...f.options.map((o, i) => h("option", { value: o }, f.optionLabels[i])));
    input.value = String(f.value);
  } else if (f.type === "checkbox") {
    input = h("input", { id, type: "checkbox", "data-key": f.key, "aria-describedby": helpId });
    input.checked = !!f.value;
  } else {
    input = h("input", {
      id,
      type: f.type === "number" ? "number" : "text",
      inputmode: f.type === "number" ? "numeric" : null,
      step: f.type === "number" ? 1 : null,
      min: f.min,
      max: f.max,
      "data-key": f.key,
      value: f.value,
      "aria-describedby": helpId,
    });
  }
  return h(
    "div",
    { class: `config-field type-${f.type}` },
    h("label", { for: id }, h("span", { class: "cfg-label" }, f.label), f.kafka ? h("code", { class: "cfg-kafka" }, f.kafka) : null),
    input,
    f.help ? h("small", { id: helpId, class: "cfg-help" }, f.help) : null,
  );
}
