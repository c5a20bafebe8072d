// The page around the partitions (issue #14): which partitions and brokers are in view, and the
// small switches of the first screen.
// - On a phone only the chosen partition (the producer's) is drawn, with tabs to choose another.
// - In a lesson, only the partitions its script talks about, and in the picture only the brokers
//   that hold them (lessonFocus); a one-partition lesson draws its partition large.
// - History (the HW charts), Enlarge (the network picture at full size), "Next change", and the
//   first visit's "start here" card (dismissed once, for good: localStorage).
// Classes it sets: html.start-dismissed; body.drawn, body.show-history, body.cluster-expanded, body.lesson-one;
// .partition.is-chosen, .partition.off-lesson. Test hooks: #history-toggle, #cluster-expand,
// #skip, #start-here, .partition-tabs [data-tab].

import { h, join, onWidthChange, setAttr } from "./dom.js";
import { lessonFocus } from "../views/lesson-focus.js";
import { t } from "../i18n.js";

const START_KEY = "kafka-playground.start-here";

/** Wire the switches. `cmd.skip()` plays to the next change; `cmd.redraw()` draws again (a layout change). */
export function wire(cmd) {
  if (typeof cmd?.skip !== "function" || typeof cmd?.redraw !== "function") throw new Error("page-layout wire: cmd must have skip() and redraw()");
  const $ = (sel) => document.querySelector(sel);
  // A partition shown after it was drawn hidden (a phone's tab, a lesson) was measured 0 px wide:
  // when a measured width changes, draw again (dom.js has dropped the stale cached widths).
  onWidthChange(() => cmd.redraw());
  const toggle = (button, cls) => {
    const on = document.body.classList.toggle(cls);
    setAttr(button, "aria-pressed", String(on));
    cmd.redraw();
  };
  $("#history-toggle").addEventListener("click", (e) => toggle(e.currentTarget, "show-history"));
  $("#cluster-expand").addEventListener("click", (e) => toggle(e.currentTarget, "cluster-expanded"));
  $("#skip").addEventListener("click", () => cmd.skip());
  $("#partitions-tabs")?.addEventListener("click", (e) => {
    const tab = e.target.closest("[data-tab]");
    if (!tab) return;
    const select = $("#produce-partition");
    select.value = tab.dataset.tab;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    cmd.redraw();
  });
  $("#produce-partition").addEventListener("change", () => cmd.redraw());
  // The lesson bar sticks under the header, whatever its height (CSS --topbar-h).
  const topbar = $(".topbar");
  new ResizeObserver(() => document.documentElement.style.setProperty("--topbar-h", `${Math.round(topbar.getBoundingClientRect().height)}px`)).observe(topbar);
  // A dismissed card is hidden before the main area is first shown (body.drawn), so hiding it
  // shifts nothing.
  if (readDismissed()) document.documentElement.classList.add("start-dismissed");
  $("#start-here-close").addEventListener("click", () => {
    document.documentElement.classList.add("start-dismissed");
    try {
      localStorage.setItem(START_KEY, "dismissed");
    } catch {
      // Storage refused (private mode): it is dismissed for this visit.
    }
  });
}

function readDismissed() {
  try {
    return localStorage.getItem(START_KEY) === "dismissed";
  } catch {
    return false; // storage refused: shown, as on a first visit
  }
}

/**
 * Mark the partitions in view and return what the picture draws: { compact, brokers } for
 * cluster.js (`lesson`: the open lesson's parsed commands, or null).
 */
export function render(snap, lesson) {
  // The main area is shown from the first drawing on (CSS): before, its empty panels would jump
  // as the partitions fill in (a layout shift of 0.4 on load).
  if (!document.body.classList.contains("drawn")) document.body.classList.add("drawn"); // add() sets the attribute even unchanged
  /** @type {(HTMLElement & { __focus?: string }) | null} */
  const list = document.querySelector("#partitions .partition-list");
  const chosen = /** @type {HTMLSelectElement | null} */ (document.querySelector("#produce-partition"))?.value;
  const focus = lesson ? lessonFocus(lesson, snap) : null;
  const key = `${chosen}|${focus ? [...focus.partitions].join(",") : ""}|${snap.partitions.length}`;
  if (list && list.__focus !== key) {
    list.__focus = key;
    const firstShown = snap.partitions.find((p) => !focus || focus.partitions.has(p.partition))?.partition;
    const chosenOne = chosen !== undefined && chosen !== "rr" && snap.partitions.some((p) => String(p.partition) === chosen) ? chosen : String(firstShown);
    for (const el of list.children) {
      const p = Number(/** @type {HTMLElement} */ (el).dataset.partition);
      el.classList.toggle("is-chosen", String(p) === chosenOne);
      el.classList.toggle("off-lesson", !!focus && !focus.partitions.has(p));
    }
    document.body.classList.toggle("lesson-one", !!focus && focus.partitions.size === 1);
    drawTabs(snap, focus, chosenOne);
  }
  return { compact: !document.body.classList.contains("cluster-expanded"), brokers: focus ? focus.brokers : null };
}

/** The phone's partition tabs (CSS shows them on narrow screens only). */
function drawTabs(snap, focus, chosen) {
  const tabs = /** @type {HTMLElement | null} */ (document.querySelector("#partitions-tabs"));
  if (!tabs) return;
  const shown = snap.partitions.filter((p) => !focus || focus.partitions.has(p.partition));
  tabs.hidden = shown.length < 2;
  join(
    tabs,
    shown,
    (p) => p.partition,
    (p) => h("button", { type: "button", class: "btn btn-small partition-tab", "data-tab": p.partition }, `P${p.partition}`),
    (el, p) => {
      setAttr(el, "aria-pressed", String(String(p.partition) === chosen));
      setAttr(el, "title", t("tabs.partition.title", { p: p.partition }));
    },
  );
}
