// The operator-metrics panel (issue #19): one row per Kafka JMX metric, its value now, the nodes
// that report it and a sparkline of the last 30 s (views/metrics-model.js lays them out from the
// core's snap.metrics). A value other than the healthy one is marked. Test hook: #metrics tr[data-metric].

import { h, join, setAttr, setStyle, setText } from "./dom.js";
import { metricsRows, sparklineView } from "../views/metrics-model.js";
import { t } from "../i18n.js";

/** The sparkline's box (px). */
const CHART = { width: 96, height: 22 };

function nodesText(row) {
  if (row.nodes) return row.nodes.map((n) => `${n.label} ${n.value ?? t("metrics.down")}`).join(" · ");
  return row.count === null ? "" : t("metrics.count", { n: row.count });
}

/** The MBean's name with a line-break opportunity before each capitalised word (a narrow panel wraps it there, not mid-word). */
function nameParts(name) {
  return name.split(/(?=[A-Z])/).flatMap((part, i) => (i === 0 ? [part] : [h("wbr"), part]));
}

function createRow(row) {
  const tr = h(
    "tr",
    { dataset: { metric: row.key } },
    h("th", { scope: "row" }, h("code", { class: "metric-name" }, nameParts(row.name)), h("span", { class: "metric-nodes" })),
    h("td", { class: "metric-value" }),
    h(
      "td",
      { class: "metric-chart" },
      h(
        "span",
        { class: "metric-spark" },
        h(
          "svg:svg",
          { width: 2 * CHART.width, height: CHART.height, viewBox: `0 0 ${2 * CHART.width} ${CHART.height}`, role: "img" },
          // The line is in tick space (metrics-model.js sparkline): its transform puts a window
          // and the next on the picture, which time moves through the box (sparklineView); the
          // stroke keeps its width through the horizontal scale.
          h("svg:path", { "vector-effect": "non-scaling-stroke" }),
        ),
      ),
    ),
  );
  tr.__els = { name: tr.querySelector(".metric-name"), nodes: tr.querySelector(".metric-nodes"), value: tr.querySelector(".metric-value"), svg: tr.querySelector("svg") };
  return tr;
}

/** Rewrite a row only when what it shows changed (a tick that changed nothing moves the line only). */
function updateRow(tr, row) {
  const { name, nodes, value, svg } = tr.__els;
  const text = nodesText(row);
  const key = `${document.documentElement.lang}|${row.value}|${row.alert}|${text}|${row.top}|${row.path}`;
  if (tr.__shown === key) return;
  tr.__shown = key;
  setAttr(name, "title", `${row.mbean}\n${t(`metrics.about.${row.key}`)}`);
  setText(nodes, text);
  setText(value, row.value);
  setAttr(tr, "class", row.alert ? "metric-alert" : null);
  setAttr(svg.firstChild, "d", row.path || null);
  const top = row.rate ? `${row.top.toFixed(1)}/s` : String(row.top);
  setAttr(svg, "aria-label", t("metrics.chart", { name: row.name, value: row.value, top }));
}

export function render(root, snap) {
  if (!root.firstChild) {
    root.append(
      h(
        "table",
        { class: "metrics-table" },
        h(
          "thead",
          {},
          h("tr", {}, h("th", { scope: "col", class: "metric-head-name" }), h("th", { scope: "col", class: "metric-head-value" }), h("th", { scope: "col", class: "metric-head-chart" })),
        ),
        h("tbody", {}),
      ),
      h("p", { class: "metrics-note hint" }),
    );
  }
  root.__head ??= root.querySelectorAll("thead th");
  const secs = snap.metrics.rateWindowMs / 1000;
  const [name, value, chart] = root.__head;
  setText(name, t("metrics.col.metric"));
  setText(value, t("metrics.col.now"));
  setText(chart, t("metrics.col.chart"));
  setText(root.querySelector(".metrics-note"), t("metrics.note", { s: secs }));
  const tbody = root.querySelector("tbody");
  join(tbody, metricsRows(snap, CHART), (r) => r.key, createRow, updateRow);
  const { transform, x } = sparklineView(snap.tick, CHART.width);
  // On whole device pixels: a tick moves the line a third of a pixel, so the pictures move (and
  // are restyled) on one tick in three, and their lines stay sharp.
  const ratio = globalThis.devicePixelRatio || 1;
  const shift = `translateX(${-Math.round(x * ratio) / ratio}px)`;
  for (const tr of tbody.children) {
    setAttr(tr.__els.svg.firstChild, "transform", transform);
    setStyle(tr.__els.svg, "transform", shift);
  }
}
