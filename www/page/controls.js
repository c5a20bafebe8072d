// Wires the page's DOM events to the app's commands (app/commands.js). Holds no state and never
// touches the wasm handle: every handler reads what was clicked or typed and calls one command.

import { keyCommand } from "./keyboard.js";
import { messageAt } from "./cluster.js";
import { recordAt } from "./partitions.js";

const $ = (sel) => document.querySelector(sel);

/**
 * `cmd`: the app's commands (togglePlay, step, stepBack, seekPreview, reset, setSpeed, produce,
 * toggleAuto, brokerAction, openMenu, inspect, openReassign, reassign, toggleLink, jump, applyConfig, versionChanged,
 * configDefaults, setDebug, toggleView, cycleTheme, help, key, inspectorClosed; toggleLang, toggleLessons,
 * pickLesson, openPicker, toggleCompare, pickPreset; next / back / restart / goto / closeMode of whichever
 * mode is open; share, copy, copyDescribe, exportAs, closeNotice).
 */
export function wireControls(cmd) {
  $("#play").addEventListener("click", () => cmd.togglePlay());
  $("#step").addEventListener("click", () => cmd.step());
  $("#step-back").addEventListener("click", () => cmd.stepBack());
  $("#reset").addEventListener("click", () => cmd.reset());
  $("#elect-preferred").addEventListener("click", () => cmd.electPreferred());
  $("#describe-copy").addEventListener("click", () => cmd.copyDescribe());
  $(".banner-reset").addEventListener("click", () => cmd.reset());
  $("#speed").addEventListener("input", (e) => cmd.setSpeed(e.target.value));
  $("#scrubber").addEventListener("input", (e) => cmd.seekPreview(Number(e.target.value)));
  $("#theme").addEventListener("click", () => cmd.cycleTheme());
  $("#help-button").addEventListener("click", () => cmd.help());
  $("#view-mode").addEventListener("click", () => cmd.toggleView());
  for (const id of ["#record-labels", "#compare-labels"]) $(id).addEventListener("click", () => cmd.toggleRecordLabels());
  $("#lang").addEventListener("click", () => cmd.toggleLang());
  $("#lessons-button").addEventListener("click", () => cmd.toggleLessons());
  $("#compare-button").addEventListener("click", () => cmd.toggleCompare());
  $("#share-button").addEventListener("click", () => cmd.share());
  $("#notice .notice-close").addEventListener("click", () => cmd.closeNotice());

  // The lesson panel and compare mode's header: one set of buttons each, the same commands (the
  // open mode's player).
  $("#lesson-select").addEventListener("change", (e) => cmd.pickLesson(e.target.value));
  // Before the list shows (pointerdown comes before the press that opens it; focus before keys).
  for (const type of ["pointerdown", "focus"]) $("#lesson-select").addEventListener(type, () => cmd.openPicker());
  $("#compare-preset").addEventListener("change", (e) => cmd.pickPreset(e.target.value));
  for (const panel of ["lesson", "compare"]) {
    $(`#${panel}-next`).addEventListener("click", () => cmd.next());
    $(`#${panel}-back`).addEventListener("click", () => cmd.back());
    $(`#${panel}-restart`).addEventListener("click", () => cmd.restart());
    $(`#${panel}-close`).addEventListener("click", () => cmd.closeMode());
    $(`#${panel}-dots`).addEventListener("click", (e) => {
      const dot = e.target.closest("[data-stop]");
      if (dot) cmd.goto(Number(dot.dataset.stop));
    });
  }

  // Share dialog: copy buttons and exports.
  const share = $("#share-dialog");
  share.addEventListener("click", (e) => {
    const copy = e.target.closest("[data-copy]");
    if (copy) return cmd.copy(copy.dataset.copy);
    const exp = e.target.closest("[data-export]");
    if (exp) return cmd.exportAs(exp.dataset.export);
    return undefined;
  });

  $("#produce-form").addEventListener("submit", (e) => {
    e.preventDefault();
    cmd.produce();
  });
  $("#auto-on").addEventListener("change", (e) => cmd.toggleAuto(e.target.checked));
  $("#produce-acks").addEventListener("change", () => cmd.acksChanged());

  const config = $("#config-form");
  config.addEventListener("submit", (e) => {
    e.preventDefault();
    cmd.applyConfig();
  });
  config.addEventListener("change", (e) => {
    if (e.target.dataset.key === "version") cmd.versionChanged(e.target.value);
  });
  $("#config-defaults").addEventListener("click", () => cmd.configDefaults());
  $("#debug-timing").addEventListener("change", (e) => cmd.setDebug(e.target.checked));
  // The fields are built when the panel opens (views/config-form.js).
  $("#config-panel").addEventListener("toggle", () => cmd.redraw());

  // Brokers: the picture's nodes and the cards' buttons.
  $("#brokers").addEventListener("click", (e) => {
    const btn = e.target.closest("button[data-action]");
    if (!btn || btn.disabled) return;
    const broker = Number(btn.dataset.broker);
    if (btn.dataset.action === "menu") {
      const r = btn.getBoundingClientRect();
      cmd.openMenu(broker, r.left + window.scrollX, r.bottom + window.scrollY + 4, btn);
    } else cmd.brokerAction(btn.dataset.action, broker);
  });
  $("#cluster").addEventListener("click", (e) => {
    // A message drawn over the picture first (it lies on top), then one of the list under it.
    const seq = messageAt(e.currentTarget, e.clientX, e.clientY) ?? e.target.closest("[data-seq]")?.dataset.seq;
    if (seq !== undefined) return cmd.inspect({ type: "message", seq: Number(seq) });
    const node = e.target.closest(".node[data-broker]");
    if (node) return cmd.inspect({ type: "broker", id: Number(node.dataset.broker) });
    const link = e.target.closest("[data-link]");
    if (link) return cmd.toggleLink(link.dataset.link);
    return undefined;
  });
  for (const root of [$("#cluster"), $("#brokers")]) {
    root.addEventListener("contextmenu", (e) => {
      const el = e.target.closest("[data-broker]");
      if (!el) return;
      e.preventDefault();
      cmd.openMenu(Number(el.dataset.broker), e.pageX, e.pageY, el.closest("[tabindex], button") ?? el);
    });
  }

  // Partitions: the Reassign button, a replica's name, a record cell, a compact row.
  $("#partitions").addEventListener("click", (e) => {
    const reassign = e.target.closest("button[data-reassign]");
    if (reassign) return cmd.openReassign(Number(reassign.dataset.reassign));
    const part = e.target.closest("[data-partition]");
    if (!part) return;
    const partition = Number(part.dataset.partition);
    const row = e.target.closest(".replica[data-broker]");
    const offset = row && e.target.matches("canvas.cells") ? recordAt(e.target, e.clientX, e.clientY) : null;
    if (offset !== null) cmd.inspect({ type: "record", partition, broker: Number(row.dataset.broker), offset });
    else if (row && e.target.closest(".replica-name")) cmd.inspect({ type: "replica", partition, broker: Number(row.dataset.broker) });
    else if (part.tagName === "TR") cmd.inspect({ type: "partition", partition });
    return undefined;
  });
  $("#reassign-form").addEventListener("submit", (e) => {
    e.preventDefault();
    cmd.reassign();
  });
  $("#reassign-stop").addEventListener("click", () => cmd.cancelReassignment());
  $("#reassign-cancel").addEventListener("click", () => $("#reassign-dialog").close());

  // Jump-to-tick buttons: events and violations.
  for (const root of [$("#events"), $("#guarantees")]) {
    root.addEventListener("click", (e) => {
      const btn = e.target.closest("[data-jump-tick]");
      if (btn) cmd.jump(Number(btn.dataset.jumpTick));
    });
  }
  for (const sel of ["#event-kind", "#event-partition"]) $(sel).addEventListener("change", () => cmd.redraw());

  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.querySelector(".dialog-close").addEventListener("click", () => dialog.close());
    // A click on the backdrop (the dialog box itself, outside its content) closes it.
    dialog.addEventListener("click", (e) => {
      if (e.target === dialog) dialog.close();
    });
  }
  $("#inspector").addEventListener("close", () => cmd.inspectorClosed());

  document.addEventListener("keydown", (e) => {
    // SVG and table "buttons" have no native activation: Enter / Space click them, and the
    // context-menu key (or Shift+F10) opens a focused broker's menu.
    const pseudo = e.target instanceof Element && e.target.matches("[role=button]:not(button)");
    if (pseudo && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      e.target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return;
    }
    const broker = e.target instanceof Element ? e.target.closest(".node[data-broker], .broker[data-broker]") : null;
    if (broker && (e.key === "ContextMenu" || (e.key === "F10" && e.shiftKey))) {
      e.preventDefault();
      const r = broker.getBoundingClientRect();
      cmd.openMenu(Number(/** @type {HTMLElement} */ (broker).dataset.broker), r.left + window.scrollX + r.width / 2, r.bottom + window.scrollY, broker);
      return;
    }
    if (document.querySelector("dialog[open]")) return; // a dialog handles its own keys (Esc closes it)
    const k = keyCommand(e);
    if (!k) return;
    e.preventDefault();
    cmd.key(k);
  });
}
