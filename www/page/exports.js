// The exports, a chunk of its own (loaded on first use): the trace as JSON and as a text log, the
// picture as SVG and PNG (the live cluster SVG with its computed styles, or compare mode's panes),
// saved as downloads.

import { composeSvg, exportName, traceJson, traceText } from "../views/export.js";
import { pictureSvg } from "../views/picture.js";
import { download, serializeSvg, svgToPng } from "./export-svg.js";
import { clusterSvg } from "./draw.js";
import { t } from "../i18n.js";
import { recordLabels } from "./record-labels.js";

export { traceJson };

/** The text log of a trace (both panes, one after the other, in compare mode). */
export function traceLog(trace) {
  if (!trace.panes) return traceText(trace);
  return trace.panes.map((p, i) => `## ${t("compare.pane", { n: i + 1, label: p.label })}\n${traceText(p)}`).join("\n");
}

/**
 * The picture: `panes` ([{ snap, title }], compare mode) side by side, or the live cluster SVG
 * with the partitions of `snap` (records included) below it. { svg, width, height }.
 */
export function picture(panes, snap) {
  if (panes) return composeSvg(panes.map((p) => pictureSvg(p.snap, { width: 520, title: p.title, labels: recordLabels() })), { direction: "row", gap: 16 });
  const parts = [];
  const live = clusterSvg();
  if (live) parts.push(serializeSvg(live.svg, { background: live.background, extra: live.extra }));
  parts.push(pictureSvg(snap, { width: Math.max(520, parts[0]?.width ?? 520), labels: recordLabels() }));
  return composeSvg(parts, { direction: "column", gap: 8 });
}

/**
 * Save export `kind` ("json" | "text" | "svg" | "png"): `trace()` and `pic()` make its content,
 * `tick` and `files` ({ trace, picture }: the names' first words) name the file. Resolves to the file's name.
 */
export async function save(kind, { trace, pic, tick, files }) {
  let name;
  let blob;
  if (kind === "json" || kind === "text") {
    const tr = trace();
    name = exportName(files.trace, tick, kind === "json" ? "json" : "txt");
    blob = kind === "json" ? new Blob([`${JSON.stringify(tr, null, 2)}\n`], { type: "application/json" }) : new Blob([traceLog(tr)], { type: "text/plain;charset=utf-8" });
  } else {
    const p = pic();
    name = exportName(files.picture, tick, kind === "svg" ? "svg" : "png");
    blob = kind === "svg" ? new Blob([p.svg], { type: "image/svg+xml" }) : await svgToPng(p.svg, p.width, p.height);
  }
  download(name, blob);
  return name;
}
