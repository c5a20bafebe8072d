// The page around the views: language, theme, notices and toasts, the help and share dialogs, the
// embed layout, watching visibility and width, and the postMessage channel to a host page.

import * as helpView from "./help.js";
import * as contextMenu from "./context-menu.js";
import { toast } from "./toast.js";
import { THEME_QUERIES } from "./canvas.js";
import { getLang, htmlLang, LANG_NAMES, setLang, t } from "../i18n.js";
import { embedLink } from "./embed-link.js";
import { acksHelp } from "./forms.js";

const $ = (sel) => document.querySelector(sel);
export const THEMES = ["auto", "light", "dark"];
const THEME_KEY = "kafka-playground-theme";
export const embedded = window.parent !== window;
/** Who may command this page, where its events go (embed-link.js embedLink; ?origin=). */
export const link = embedLink(window, new URLSearchParams(location.search));
/** The one-file build (scripts/build-single.mjs), with the URL of a hosted copy if it was built with one. */
const singleFile = globalThis.__KRP_WASM_BASE64__ ? { hosted: globalThis.__KRP_HOSTED_URL__ ?? null } : null;

/** A toast: an error (default) or "info". */
export function say(text, kind) {
  toast($("#toasts"), text, kind);
}

/** A message in the notice bar (not an error: the page works); "" hides it. */
export function notice(text) {
  $("#notice .notice-text").textContent = text;
  $("#notice").hidden = !text;
}

/**
 * A replay's progress in a bar of its own (made here on first use, styled as the notice bar):
 * `text` ("tick N of M"), a <progress> at `tick` of `total` and Cancel (`onCancel`). `tick` null
 * removes it.
 */
export function replayProgress(tick, total, onCancel, text = t("replay.progress", { tick, total })) {
  let bar = $("#replay-progress");
  if (tick === null) {
    bar?.remove();
    return;
  }
  if (!bar) {
    bar = document.createElement("div");
    bar.id = "replay-progress";
    bar.className = "banner banner-notice";
    bar.setAttribute("role", "status");
    bar.innerHTML = `<span class="notice-text"></span> <progress max="1" value="0"></progress> <button type="button" class="btn btn-small replay-cancel"></button>`;
    $("#notice").after(bar);
  }
  const button = bar.querySelector(".replay-cancel");
  button.textContent = t("replay.cancel");
  if (onCancel) button.onclick = onCancel;
  bar.querySelector(".notice-text").textContent = text;
  const meter = bar.querySelector("progress");
  meter.max = Math.max(1, total);
  meter.value = tick;
}

// ------------------------------------------------------------------ language

/**
 * Fill the static markup under `root`: [data-i18n] gets its text, [data-i18n-<attr>] that
 * attribute (aria-label, title, placeholder).
 */
function applyStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const text = t(el.dataset.i18n);
    if (el.textContent !== text) el.textContent = text;
  }
  for (const attr of ["aria-label", "title", "placeholder"]) {
    const data = `data-i18n-${attr}`;
    for (const el of root.querySelectorAll(`[${data}]`)) el.setAttribute(attr, t(el.getAttribute(data)));
  }
}

/** Set the language everywhere: static markup, the title, the language button. */
export function applyLanguage(lang) {
  setLang(lang);
  document.documentElement.lang = htmlLang();
  applyStatic(document);
  document.title = t("app.title");
  $("#meta-description")?.setAttribute("content", t("app.description"));
  const other = getLang() === "en" ? "zh" : "en";
  const btn = $("#lang");
  btn.setAttribute("lang", htmlLang(other));
  btn.querySelector(".lang-text").textContent = LANG_NAMES[other];
}

/** Keep ?lang= in the address (reloads and copied URLs keep the language). */
export function keepLangInAddress(params) {
  if (!params.has("lang") && embedded) return;
  const url = new URL(location.href);
  url.searchParams.set("lang", getLang());
  try {
    history.replaceState(history.state, "", url);
  } catch {
    /* file:// in some browsers: the address just stays */
  }
}

/**
 * Empty every view's root for a redraw in the new language (their caches are keyed on the data,
 * not the words) and redo the page's own texts; the caller then draws.
 */
export function relocalize() {
  for (const sel of ["#cluster", "#brokers", "#partitions", "#guarantees", "#zk", "#metadata", "#events", "#compare-panes"]) {
    const el = $(sel);
    el.replaceChildren();
    for (const k of Object.keys(el)) if (k.startsWith("__")) delete el[k];
  }
  const partition = $("#produce-partition");
  const keep = partition.value;
  partition.replaceChildren();
  const requests = $(".request-list");
  requests.replaceChildren();
  delete requests.__key;
  delete $("#inspector").__key;
  drawThemeButton();
  acksHelp();
  if ($("#help").open) helpView.render($("#help"));
  // The partition choices come back with the next draw: the reader's choice is restored then.
  return () => {
    if ([...partition.options].some((o) => o.value === keep)) partition.value = keep;
  };
}

// ------------------------------------------------------------------ theme

export function readTheme() {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return THEMES.includes(v) ? v : "auto";
  } catch {
    return "auto"; // storage blocked (e.g. a sandboxed iframe)
  }
}

export function currentTheme() {
  return document.documentElement.dataset.theme ?? "auto";
}

/** Apply theme `mode`; remembered as the reader's choice unless `locked` (an embed's ?theme=) or embedded (a host's command is not the reader's choice). */
export function applyTheme(mode, locked) {
  if (mode === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = mode;
  drawThemeButton();
  if (locked || embedded) return;
  try {
    localStorage.setItem(THEME_KEY, mode);
  } catch {
    /* the choice just is not remembered */
  }
}

function drawThemeButton() {
  const mode = currentTheme();
  const btn = $("#theme");
  btn.setAttribute("aria-label", t("theme.aria", { mode }));
  btn.querySelector(".theme-text").textContent = t(`theme.${mode}`);
}

// ------------------------------------------------------------------ dialogs

/** The broker's context menu (page/context-menu.js open's options). */
export function openMenu(opts) {
  contextMenu.open($("#context-menu"), opts);
}

export function openHelp() {
  const d = $("#help");
  helpView.render(d); // drawn when opened (in the current language), not before the first frame
  if (!d.open) d.showModal();
}

/**
 * Fill the share dialog: `link` ({ url, problem, stop, tick }), the embed `snippet`. A history
 * too long to share exactly (`problem`) has no link: the dialog says so and offers the trace.
 */
export function fillShare(link, snippet) {
  // The one-file build without a hosted copy: a link or an embed would point at this computer.
  const local = singleFile && !singleFile.hosted;
  $("#share-link").closest(".copy-row").hidden = local;
  $("#share-embed").closest(".share-section").hidden = local;
  // A history too long to share exactly: no link, the reason, and the trace export instead.
  $("#share-link").value = local ? "" : link.url;
  $("#share-link").disabled = !!link.problem;
  $("#share-copy").disabled = !!link.problem;
  $("#share-link-help").textContent = local
    ? t("share.single")
    : link.problem
      ? t("share.link.tooLong", { why: link.problem })
      : link.stop
        ? t("share.link.lesson", { name: link.stop.title, n: link.stop.n })
        : t("share.link.help", { tick: link.tick });
  $("#share-embed").value = local ? "" : snippet;
  $("#share-export-help").textContent = t("share.export.help", { tick: link.tick });
}

export function shareOpen() {
  return $("#share-dialog").open;
}

export function openShare() {
  const d = $("#share-dialog");
  $("#share-status").textContent = "";
  if (!d.open) d.showModal();
  if ($("#share-link").disabled) $('#share-dialog [data-export="json"]').focus();
  else $("#share-link").select();
}

export function shareStatus(text) {
  $("#share-status").textContent = text;
}

export async function copyField(id) {
  const field = $(`#${id}`);
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    shareStatus(t("share.copied"));
  } catch {
    shareStatus(t("share.copyFailed"));
  }
}

/** Copy the text of `selector` (the describe panel's output), saying so in a toast. */
export async function copyText(selector) {
  try {
    await navigator.clipboard.writeText($(selector).textContent);
    say(t("describe.copied"), "info");
  } catch {
    say(t("describe.copyFailed"));
  }
}

/**
 * The page's own address without its query (works for file:// too). In an embed's frame.html
 * (vite.config.js embedFrame), index.html beside it: links and snippets name the page itself.
 */
export function pageBase() {
  if (singleFile?.hosted) return singleFile.hosted;
  return `${location.origin === "null" ? "file://" : location.origin}${location.pathname.replace(/\/frame\.html$/, "/index.html")}`;
}

// ------------------------------------------------------------------ embedding, watching

/** The embed parameters that shape the page: controls, height, iframe; the legend folded on phones and in embeds. */
export function applyEmbedLayout(embed) {
  document.body.classList.toggle("embedded", embedded);
  document.body.classList.add(`controls-${embed.controls}`, `view-${embed.view}`);
  if (embed.height) {
    document.body.classList.add("has-height");
    document.documentElement.style.setProperty("--embed-height", `${embed.height}px`);
  }
}

export function foldLegend() {
  // The legend starts folded on phones (and in embeds), where it would fill the first screen.
  if (window.matchMedia("(max-width: 720px)").matches || embedded) $(".legend").open = false;
}

/** Send an event to the page embedding this one (nothing when not embedded; with ?origin= only to those origins). */
export function postEvent(type, payload) {
  link.post(type, payload);
}

/** Listen to the host page (only the window embedding this one, from an allowed origin): `onMessage(data, reply)` where reply(msg) answers the sender. */
export function listenMessages(onMessage) {
  window.addEventListener("message", (e) => {
    if (!link.accepts(e)) return;
    onMessage(e.data, (msg) => link.reply(e, msg));
  });
}

/** `onVisible(why, visible)` as the tab is hidden / shown ("hidden") and #app scrolls out of / into view ("offscreen"). */
export function watchVisibility(onVisible) {
  document.addEventListener("visibilitychange", () => onVisible("hidden", !document.hidden));
  new IntersectionObserver((entries) => {
    for (const e of entries) onVisible("offscreen", e.isIntersecting);
  }).observe($("#app"));
}

/**
 * `redraw()` when the layout's width changes (the picture, the offset window and the charts are
 * sized in px), the theme's media queries change (the canvases use its colours) or reduced motion
 * is switched. Only the width matters, and the caller redraws on the next frame, so drawing cannot
 * feed the observer a new size in the same frame.
 */
export function watchLayout(redraw, onMotion) {
  let width = null; // the observer's first report is the width the page is drawn at: no redraw
  new ResizeObserver(([entry]) => {
    const w = Math.round(entry.contentRect.width);
    if (w === width) return;
    if (width !== null) redraw();
    width = w;
  }).observe($("#main"));
  for (const q of THEME_QUERIES) window.matchMedia(q).addEventListener("change", redraw);
  window.matchMedia("(prefers-reduced-motion: reduce)").addEventListener("change", onMotion);
}

/** Page errors as toasts. */
export function watchErrors(words) {
  window.addEventListener("error", (e) => say(t("main.pageError", { error: e.message })));
  window.addEventListener("unhandledrejection", (e) => say(t("main.pageError", { error: words(e.reason) })));
}
