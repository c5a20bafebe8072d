// HW-history chart of one partition: the leader's HW (thick) and each replica's LEO (thin) over
// the last samples, as step lines, with the latest values labelled at the right edge. Seeing
// the LEOs run ahead and the HW follow the slowest ISR member is the point of the chart.

import { cachedWidth, h, join, setAttr, setText } from "./dom.js";
import { chartGeometry, partitionSeries, spreadLabels } from "./hw-history.js";
import { modelKey } from "./model.js";
import { t } from "../i18n.js";

const HEIGHT = 70;

/** The width to draw `figure` at (cached: see cachedWidth). */
export function measure(figure) {
  return Math.round(cachedWidth(figure) || 300);
}
const LABEL_GAP = 10;

/**
 * Draw `partition`'s series from `history` into `figure` (skipped when nothing changed).
 * `width`: the figure's width in px, measured by the caller before it wrote to the DOM.
 */
export function render(figure, history, partition, replicas, width = measure(figure)) {
  const key = `${history.version}|${width}|${replicas.join(",")}`;
  if (figure.__key === key) return;
  figure.__key = key;
  if (!figure.firstChild) {
    figure.append(
      h("svg:svg", { class: "chart", height: HEIGHT, role: "img" }),
      h("figcaption", { class: "chart-caption" }),
    );
  }
  const svg = figure.querySelector("svg");
  setAttr(svg, "width", width);
  setAttr(svg, "viewBox", `0 0 ${width} ${HEIGHT}`);
  const series = partitionSeries(history, partition);
  const geo = chartGeometry(series, width, HEIGHT);
  const caption = figure.querySelector(".chart-caption");
  if (!geo) {
    svg.replaceChildren();
    svg.__shape = null;
    setText(caption, t("chart.empty"));
    setAttr(svg, "aria-label", t("chart.noHistory"));
    return;
  }
  const lines = [
    ...geo.leos.map((l) => ({ cls: `leo-line r${replicas.indexOf(l.broker)}`, d: l.d, y: l.y, label: `B${l.broker} ${l.last}` })),
    { cls: "hw-line", d: geo.hw.d, y: geo.hw.y, label: geo.hw.last === null ? "" : `HW ${geo.hw.last}` },
  ];
  const labelled = lines.filter((l) => l.y !== null && l.label);
  const ys = spreadLabels(labelled.map((l) => l.y), LABEL_GAP, 8, HEIGHT - 2);
  const items = [...lines.map((l) => ({ tag: "path", ...l })), ...labelled.map((l, i) => ({ tag: "text", ...l, x: width - 38, y: ys[i] + 3 }))];
  // The history changes every tick but a quiet partition's lines do not: skip the DOM then.
  const shape = modelKey(items);
  if (svg.__shape !== shape) {
    svg.__shape = shape;
    drawLines(svg, items);
  }
  const span = geo.tickMax - geo.tickMin;
  setText(caption, t("chart.caption", { from: geo.tickMin, to: geo.tickMax, one: span ? "" : t("chart.oneSample"), min: geo.yMin, max: geo.yMax }));
  setAttr(
    svg,
    "aria-label",
    t("chart.aria", { p: partition, hw: geo.hw.last ?? t("compact.none"), leos: geo.leos.map((l) => `B${l.broker} LEO ${l.last}`).join(", ") }),
  );
}

/** The paths and their end labels: kept from frame to frame, only their data changes. */
function drawLines(svg, items) {
  join(
    svg,
    items,
    (item) => `${item.tag} ${item.cls}`,
    (item) => h(`svg:${item.tag}`, { class: item.tag === "path" ? item.cls : `chart-label ${item.cls}` }),
    (el, item) => {
      if (item.tag === "path") {
        setAttr(el, "d", item.d);
        return;
      }
      setAttr(el, "x", item.x);
      setAttr(el, "y", item.y);
      setText(el, item.label);
    },
  );
}
