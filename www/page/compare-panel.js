// Compare mode's header, panes and summary, drawn from the compare Mode's view()
// (app/modes/compare.js). A chunk of its own, loaded with the first comparison.

import * as lessonView from "./lesson-view.js";
import * as compareView from "./compare-view.js";
import { PRESETS, paneLabel } from "../app/compare-presets.js";
import { lessonInfo, pick } from "../app/lesson-runner.js";
import { getLang, t } from "../i18n.js";
import { showPanel } from "./lesson-panel.js";
import { drawRecordLabels, recordLabels } from "./record-labels.js";

const $ = (sel) => document.querySelector(sel);

const COMPARE_IDS = { title: "compare-title", caption: "compare-caption", progress: "compare-progress", status: "compare-status", back: "compare-back", next: "compare-next", dots: "compare-dots" };

/** Show or hide compare mode's section. */
export function show(on) {
  showPanel("compare", on);
}

/** The presets' titles, per language (parsing a script is not free). */
const titles = new Map();

/** Draw the compare Mode's view(). */
export function draw(m) {
  const lang = getLang();
  compareView.fillPresets(
    $("#compare-preset"),
    PRESETS,
    m.preset.id,
    (p) => {
      const key = `${lang}|${p.id}`;
      if (!titles.has(key)) titles.set(key, titleOf(p, lang, m.parse));
      return titles.get(key);
    },
    paneLabel,
  );
  const status = m.playing ? t("lesson.status.playing", { tick: m.tick }) : m.done ? t("compare.status.end", { tick: m.tick }) : t("lesson.status.paused", { tick: m.tick });
  $("#compare-same").textContent = t("compare.sameSeed", { seed: m.seed, key: m.preset.key });
  lessonView.render(COMPARE_IDS, {
    title: m.title,
    caption: m.caption,
    stop: m.stop,
    stops: m.stops,
    playing: m.playing,
    status,
    statusKind: m.playing ? "playing" : m.done ? "end" : "",
    canBack: m.stop > 1 || m.playing,
    canNext: m.playing || !m.done,
  });
  compareView.renderExpected($("#compare-expected"), m);
  drawRecordLabels();
  compareView.renderPanes($("#compare-panes"), m, recordLabels());
  compareView.renderSummary($("#compare-table"), $("#compare-findings"), m);
}

function titleOf(preset, lang, parse) {
  try {
    return pick(lessonInfo(parse(preset.script)).title, lang);
  } catch {
    return preset.id;
  }
}
