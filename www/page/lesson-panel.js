// The lesson panel, drawn from the lesson Mode's view() (app/modes/lesson.js): the picker, title,
// caption, the stops as dots, the status and the checkpoints. A chunk of its own, loaded with the
// first lesson; compare mode's header shares its parts (compare-panel.js).

import * as lessonView from "./lesson-view.js";
import { t } from "../i18n.js";

const $ = (sel) => document.querySelector(sel);

const LESSON_IDS = { title: "lesson-title", caption: "lesson-caption", progress: "lesson-progress", status: "lesson-status", back: "lesson-back", next: "lesson-next", dots: "lesson-dots", checkpoints: "lesson-checkpoints", count: "lesson-check-count", empty: "lesson-checks-empty" };

/** Show or hide the panel of `kind` ("lesson" | "compare"). */
export function showPanel(kind, on) {
  const panel = $(`#${kind}`);
  // The lesson panel takes the legend's place at the top; it stays one click away.
  if (on && kind === "lesson" && panel.hidden) $(".legend").open = false;
  panel.hidden = !on;
  $(`#${kind === "lesson" ? "lessons" : "compare"}-button`).setAttribute("aria-pressed", String(on));
  document.body.classList.toggle(`mode-${kind}`, on);
}

/** Draw the lesson Mode's view(). */
export function draw(m) {
  // Until the reader opens it (Catalogue.picker), the picker lists the open lesson only.
  lessonView.fillPicker($("#lesson-select"), m.picker ?? [{ id: m.id, group: m.group, title: m.title }], m.selected);
  let status;
  let kind = "";
  if (m.playing) {
    status = m.wait?.kind === "until" ? t("lesson.status.waiting", { tick: m.tick, text: m.wait.text }) : t("lesson.status.playing", { tick: m.tick });
    kind = "playing";
  } else if (m.offScript) {
    status = t("lesson.status.offScript", { tick: m.tick, n: Math.max(1, m.stop) });
    kind = "off-script";
  } else if (m.done) {
    status = t("lesson.status.end", { tick: m.tick });
    kind = "end";
  } else if (m.autoAt !== null) {
    status = t("lesson.status.autoplay", { s: Math.max(1, Math.round((m.autoAt - Date.now()) / 1000)) });
  } else status = t("lesson.status.paused", { tick: m.tick });
  lessonView.render(LESSON_IDS, {
    ...m,
    status,
    statusKind: kind,
    canBack: m.stop > 1 || m.playing || m.offScript,
    canNext: m.playing || !m.done || m.offScript,
  });
}

/** Show or hide the lesson panel. */
export function show(on) {
  showPanel("lesson", on);
}
