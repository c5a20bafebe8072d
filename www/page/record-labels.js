// The reader's choice of what record cells say (views/record-label.js), remembered like the
// theme. Values (m1, m2 …) unless the reader chose epochs: the lessons' captions and compare
// mode's findings name records by value.

import { RECORD_LABELS, recordLabel } from "../views/record-label.js";
import { t } from "../i18n.js";

const KEY = "kafka-playground-record-labels";
let current = read();
/** The labels and the language drawRecordLabels last drew. */
let drawnFor = null;

function read() {
  try {
    const v = localStorage.getItem(KEY);
    return RECORD_LABELS.includes(v) ? v : "value";
  } catch {
    return "value"; // storage blocked (e.g. a sandboxed iframe)
  }
}

/** What record cells say now: one of RECORD_LABELS. */
export function recordLabels() {
  return current;
}

/**
 * The toggles (.record-labels: the partitions' panel and compare mode's) say what the cells say
 * (their "Labels:" word is data-i18n's; a phone shows the mode only), and the legend's swatches
 * (.sw[data-value][data-epoch]) say it as the cells do.
 */
export function drawRecordLabels() {
  const lang = document.documentElement.lang;
  // The toggles and swatches are index.html's: looked for again only when what they say changed.
  if (drawnFor === `${current}|${lang}`) return;
  drawnFor = `${current}|${lang}`;
  for (const button of document.querySelectorAll(".record-labels")) {
    button.setAttribute("data-labels", current);
    button.setAttribute("data-lang", lang);
    button.querySelector(".labels-mode").textContent = t(`labels.${current}`);
  }
  for (const sw of document.querySelectorAll(".sw[data-value][data-epoch]")) {
    if (sw.getAttribute("data-labels") === current) continue;
    sw.setAttribute("data-labels", current);
    sw.textContent = recordLabel(current, Number(sw.getAttribute("data-value")), Number(sw.getAttribute("data-epoch")));
  }
}

/** Switch between the two labels, and remember the choice. */
export function toggleRecordLabels() {
  current = current === "value" ? "epoch" : "value";
  try {
    localStorage.setItem(KEY, current);
  } catch {
    /* the choice just is not remembered */
  }
}
