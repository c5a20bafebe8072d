// Compare mode's panes and summary: for each pane its setting, a compact picture of its cluster
// (views/picture.js), its checkpoints (✓ / ✗ per pane), and below them the table of differences
// with the rows that differ marked, and the findings in words. app/modes/compare.js owns the two sessions and
// passes plain data.
//
// Test hooks: .compare-pane[data-pane="0|1"] with .pane-picture svg and [data-unavailable];
// #compare-table tr[data-row][data-differs]; #compare-findings li; #compare-expected li[data-holds].

import { h, join, setAttr, setText } from "./dom.js";
import { t } from "../i18n.js";
import { pictureSvg } from "../views/picture.js";
import { checkActual } from "./lesson-view.js";

/** Fill the preset picker, keeping `current` selected. `labelOf(preset, i)`: pane i's setting. */
export function fillPresets(select, presets, current, titleOf, labelOf) {
  const key = `${document.documentElement.lang}|${presets.map((p) => p.id).join(",")}`;
  if (select.__key !== key) {
    select.__key = key;
    select.replaceChildren(...presets.map((p) => h("option", { value: p.id }, `${titleOf(p)} (${labelOf(p, 0)} / ${labelOf(p, 1)})`)));
  }
  select.value = current;
}

/**
 * `m`: { panes: [{ label, snap, checks: [{ text, says, ok, contrast, actual, tick, kind }], unavailable }],
 * rows: [{ id, label, cells, differs }], findings: [text] }; `labels`: what a record cell says
 * (record-label.js RECORD_LABELS).
 */
export function renderPanes(root, m, labels) {
  join(
    root,
    m.panes.map((p, i) => ({ ...p, i })),
    (p) => p.i,
    (p) =>
      h(
        "section",
        { class: "panel compare-pane", "data-pane": p.i },
        h("header", { class: "pane-head" }, h("h3", { class: "pane-label" }), h("span", { class: "pill bad pane-unavailable" })),
        h("div", { class: "pane-picture" }),
        h("ol", { class: "checkpoint-list pane-checks" }),
      ),
    (el, p) => {
      setText(el.querySelector(".pane-label"), t("compare.pane", { n: p.i + 1, label: p.label }));
      const badge = el.querySelector(".pane-unavailable");
      badge.hidden = !p.unavailable;
      setText(badge, t("compare.unavailableNow"));
      setAttr(el, "data-unavailable", p.unavailable ? "true" : "false");
      const pic = el.querySelector(".pane-picture");
      const width = Math.max(320, Math.round(pic.clientWidth || 460));
      const key = `${document.documentElement.lang}|${width}|${p.snap.tick}|${p.version}|${labels}`;
      if (pic.__key !== key) {
        pic.__key = key;
        const { svg } = pictureSvg(p.snap, { width, labels });
        pic.innerHTML = svg;
        const svgEl = pic.querySelector("svg");
        setAttr(svgEl, "aria-label", t("compare.picture", { label: p.label }));
      }
      const list = el.querySelector(".pane-checks");
      setAttr(list, "aria-label", t("compare.checks"));
      join(
        list,
        p.checks.map((c, i) => ({ ...c, i })),
        (c) => `${c.i}|${c.text}|${c.ok}|${c.says ?? ""}`,
        (c) =>
          h(
            "li",
            // A checkpoint that holds in the other pane only is the contrast itself, not a failure:
            // ✗ is kept for one that holds in neither.
            { class: `checkpoint ${c.ok ? "ok" : c.contrast ? "contrast" : "bad"}` },
            h("span", { class: "mark", "aria-hidden": "true" }, c.ok ? "✓" : c.contrast ? "≠" : "✗"),
            h(
              c.says ? "span" : "code",
              { class: "cp-text", title: c.says ? c.text : null },
              c.ok ? (c.says ?? c.text) : `${c.says ?? c.text} — ${t(c.contrast ? "compare.check.notHere" : "lesson.checkpoint.actual", { actual: checkActual(c) })}`,
            ),
            h("span", { class: "cp-tick" }, t("lesson.checkpoint.tick", { tick: c.tick })),
          ),
        () => {},
      );
    },
  );
}

export function renderSummary(table, findingsList, m) {
  // The empty corner is a td: a header cell needs a text (axe: empty-table-header).
  const head = h("thead", {}, h("tr", {}, h("td", {}), ...m.panes.map((p, i) => h("th", { scope: "col" }, t("compare.pane", { n: i + 1, label: p.label })))));
  const body = h(
    "tbody",
    {},
    ...m.rows.map((r) =>
      h(
        "tr",
        { "data-row": r.id, "data-differs": r.differs ? "true" : "false", class: r.differs ? "differs" : "" },
        h("th", { scope: "row" }, r.label),
        ...r.cells.map((c) => h("td", {}, c)),
      ),
    ),
  );
  table.replaceChildren(head, body);
  const items = m.findings.length ? m.findings : [t("compare.same")];
  findingsList.replaceChildren(...items.map((f) => h("li", { class: m.findings.length ? "" : "muted" }, f)));
}

/**
 * The contrast the preset is there to show (`m.expected`: [{ text, holds }]), under the caption:
 * a finding once the panes show it, to watch for until then. The panes' checkpoints are the detail.
 */
export function renderExpected(list, m) {
  join(
    list,
    (m.expected ?? []).map((f, i) => ({ ...f, i })),
    (f) => `${f.i}|${f.text}|${f.holds}`,
    (f) =>
      h(
        "li",
        { class: `finding ${f.holds ? "holds" : "pending muted"}`, "data-holds": f.holds ? "true" : "false" },
        h("span", { class: "mark", "aria-hidden": "true" }, f.holds ? "✓ " : "… "),
        f.holds ? f.text : `${f.text} ${t("compare.finding.pending")}`,
      ),
    () => {},
  );
}
