// HW-history chart of one partition: the leader's HW (thick) and each replica's LEO (thin) over
// the last samples, as step lines, with the latest values labelled at the right edge. Seeing
// the LEOs run ahead and the HW follow the slowest ISR member is the point of the chart.
//
// The lines are drawn in data space (ticks × offsets, see hw-history.js createPaths) inside a
// transform that maps the window onto the plot: as time goes by, a tick changes the transform
// and the lines that moved, not every path (redrawing them all cost more than the rest of the
// partition).

import { cachedWidth, h, join, setAttr, setBoxText, setText } from "./dom.js";
import { chartTransform, chartWindow, createPaths, extendPaths, HW, pathData, spreadLabels, transformAttr } from "../views/hw-history.js";
import { t } from "../i18n.js";

const HEIGHT = 70;
/** The plot's inner top and bottom margin, and the room at the right for the end labels (px). */
const PAD = { y: 6, left: 4, right: 40 };
const LABEL_GAP = 10;

/** The width to draw `figure` at (cached: see cachedWidth). */
export function measure(figure) {
  return Math.round(cachedWidth(figure) || 300);
}

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
      h(
        "svg:svg",
        { class: "chart", height: HEIGHT, role: "img" },
        // A nested viewport clips the lines to the plot (they run on past both edges).
        h("svg:svg", { class: "plot", x: PAD.left, y: 0, height: HEIGHT }, h("svg:g", { class: "lines" })),
        h("svg:g", { class: "labels" }),
      ),
      h("figcaption", { class: "chart-caption" }, h("span", { class: "chart-caption-text" }), h("span", {}, h("span", { class: "chart-offsets" }))),
    );
  }
  const svg = figure.querySelector("svg");
  const plot = svg.querySelector(".plot");
  const linesGroup = plot.firstChild;
  const labelsGroup = svg.querySelector(".labels");
  const plotWidth = Math.max(1, width - PAD.left - PAD.right);
  setAttr(svg, "width", width);
  setAttr(svg, "viewBox", `0 0 ${width} ${HEIGHT}`);
  setAttr(plot, "width", plotWidth);
  const captionText = figure.querySelector(".chart-caption-text");
  const captionOffsets = figure.querySelector(".chart-offsets");
  const win = chartWindow(history, partition);
  if (!win) {
    figure.__paths = null;
    linesGroup.replaceChildren();
    labelsGroup.replaceChildren();
    linesGroup.__key = labelsGroup.__key = null;
    figure.__values = null;
    setText(captionText, t("chart.empty"));
    setText(captionOffsets, "");
    setAttr(svg, "aria-label", t("chart.noHistory"));
    return;
  }
  let paths = figure.__paths;
  if (!paths || paths.partition !== partition || !extendPaths(paths, history, partition)) {
    paths = createPaths(history, partition);
    figure.__paths = paths;
  }
  const tf = chartTransform(win, paths.base, plotWidth, HEIGHT, PAD.y);
  setAttr(linesGroup, "transform", transformAttr(tf));
  // Test hook: the data space's origin (tick,value), to read the series back from the paths.
  setAttr(linesGroup, "data-base", `${paths.base.tick},${paths.base.value}`);

  const lines = [
    ...win.leos.map((l) => ({ id: l.broker, cls: `leo-line r${replicas.indexOf(l.broker)}`, value: l.leo, label: `B${l.broker} ${l.leo}` })),
    { id: HW, cls: "hw-line", value: win.hw, label: win.hw === null ? "" : `HW ${win.hw}` },
  ];
  // Every line ever drawn in this window keeps its path (a replica that left still has its past).
  const drawn = [...paths.lines.keys()].filter((id) => id !== HW && !lines.some((l) => l.id === id));
  const all = [...drawn.map((id) => ({ id, cls: `leo-line r${replicas.indexOf(id)}` })), ...lines];
  const linesKey = `${all.map((l) => `${l.id}:${l.cls}`).join(",")}|${paths.changes}`;
  if (linesGroup.__paths !== paths || linesGroup.__key !== linesKey) {
    linesGroup.__paths = paths;
    linesGroup.__key = linesKey;
    drawLines(linesGroup, all, paths);
  }
  // The labels, the caption and the aria-label depend on the values only: on most ticks, only
  // the transform above changes.
  const valuesKey = `${width}|${win.yMin}|${win.yMax}|${lines.map((l) => `${l.id}:${l.cls}:${l.value}`).join(",")}`;
  if (figure.__values === valuesKey) return;
  figure.__values = valuesKey;
  const labelled = lines.filter((l) => l.value !== null && l.label);
  const ys = spreadLabels(labelled.map((l) => tf.y(l.value)), LABEL_GAP, 8, HEIGHT - 2);
  labelled.forEach((l, i) => (l.y = num(ys[i] + 3)));
  const labelsKey = `${width}|${labelled.map((l) => `${l.id}:${l.cls}:${l.y}:${l.label}`).join(",")}`;
  if (labelsGroup.__key !== labelsKey) {
    labelsGroup.__key = labelsKey;
    drawLabels(labelsGroup, labelled, width);
  }
  // (A text changed every tick would cost Chromium about 50 µs of layout, issue #6.)
  const offsets = t("chart.offsets", { min: win.yMin, max: win.yMax });
  setText(captionText, t("chart.caption", { n: history.capacity }));
  setBoxText(captionOffsets, offsets);
  const leos = win.leos.map((l) => `B${l.broker} LEO ${l.leo}`).join(", ");
  setAttr(svg, "aria-label", t("chart.aria", { p: partition, offsets, hw: win.hw ?? t("compact.none"), leos }));
}

/** One path per line, its data in data space (see createPaths). */
function drawLines(group, lines, paths) {
  join(
    group,
    lines,
    (l) => `${l.id}`,
    () => h("svg:path"),
    (el, l) => {
      setAttr(el, "class", l.cls);
      setAttr(el, "d", pathData(paths, l.id));
    },
  );
}

/** The latest values at the right edge, pushed apart where they would overlap. */
function drawLabels(group, labelled, width) {
  join(
    group,
    labelled,
    (l) => `${l.id}`,
    () => h("svg:text"),
    (el, l) => {
      setAttr(el, "class", `chart-label ${l.cls}`);
      setAttr(el, "x", width - 38);
      setAttr(el, "y", l.y);
      setText(el, l.label);
    },
  );
}

/** A label's coordinate with at most 3 decimals (enough for a pixel, short to write). */
function num(v) {
  return Math.round(v * 1000) / 1000;
}
