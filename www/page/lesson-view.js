// The lesson player's panel (and compare mode's header, which shares its parts): the lesson
// picker, title, caption in the chosen language, the stops as dots, the navigation buttons and
// the checkpoints as they are reached (✓ / ✗ with the value found). the app owns the lesson's
// state and calls render() with a plain model; clicks are wired in controls.js.
//
// Test hooks: #lesson-caption, #lesson-title, #lesson-progress, #lesson-next / -back / -restart,
// .lesson-dot[data-stop], #lesson-checkpoints .checkpoint.ok / .bad [data-line].

import { h, join, setAttr, setText } from "./dom.js";
import { t } from "../i18n.js";

/**
 * Fill a <select> with the catalogue: lessons by title, then the other scenarios by name.
 * `entries`: [{ id, group, title }] (title in the current language, lessons only).
 */
export function fillPicker(select, entries, current) {
  const key = `${document.documentElement.lang}|${entries.map((e) => `${e.group}/${e.id}`).join(",")}`;
  if (select.__key !== key) {
    select.__key = key;
    const lessons = entries.filter((e) => e.group === "lessons");
    const others = entries.filter((e) => e.group !== "lessons");
    select.replaceChildren(
      h("option", { value: "", disabled: true }, t("lesson.choose")),
      h("optgroup", { label: t("lesson.group.lessons") }, ...lessons.map((e) => h("option", { value: e.id }, `${e.id.replace(/^(\d+b?)-.*$/, "$1")} · ${e.title || e.id}`))),
      h("optgroup", { label: t("lesson.group.scenarios") }, ...others.map((e) => h("option", { value: `${e.group}/${e.id}` }, `${e.group}/${e.id}`))),
    );
  }
  select.value = current ?? "";
}

/**
 * Draw the stops, caption and checkpoints. `ids` names the elements (the lesson panel and compare
 * mode use the same layout with different ids). `m`: { title, caption, stop, stops, playing,
 * status, statusKind, canBack, canNext, checkpoints, visited }.
 */
export function render(ids, m) {
  const $ = (id) => document.getElementById(id);
  setText($(ids.title), m.title);
  setText($(ids.caption), m.caption);
  setText($(ids.progress), t("lesson.stop", { n: Math.max(1, m.stop), total: m.stops }));
  const status = $(ids.status);
  setText(status, m.status);
  status.className = `lesson-status ${m.statusKind ?? ""}`;
  const back = /** @type {HTMLButtonElement} */ ($(ids.back));
  back.disabled = !m.canBack;
  const next = /** @type {HTMLButtonElement} */ ($(ids.next));
  next.disabled = !m.canNext;
  next.classList.toggle("is-playing", !!m.playing);
  setText(next.querySelector(".lesson-next-text"), t(m.playing ? "lesson.skip" : "lesson.next"));
  setAttr(next, "aria-label", `${t(m.playing ? "lesson.skip" : "lesson.next")} (${t("lesson.stop", { n: Math.min(m.stops, m.stop + 1), total: m.stops })})`);

  const stops = Array.from({ length: m.stops }, (_, i) => i + 1);
  join(
    $(ids.dots),
    stops,
    (n) => n,
    (n) => h("li", {}, h("button", { type: "button", class: "lesson-dot", "data-stop": n }, h("span", { class: "sr-only" }, t("lesson.goto", { n })))),
    (li, n) => {
      const b = li.firstChild;
      b.className = `lesson-dot${n === m.stop ? " current" : ""}${n < m.stop || (m.visited ?? 0) >= n ? " visited" : ""}${m.playing && n === m.stop + 1 ? " next" : ""}`;
      setAttr(b, "aria-current", n === m.stop ? "step" : null);
      setAttr(b, "title", t("lesson.goto", { n }));
      setText(b.firstChild, t("lesson.goto", { n }));
    },
  );
  if (ids.checkpoints) renderCheckpoints($(ids.checkpoints), $(ids.count), $(ids.empty), m.checkpoints ?? []);
}

/** The checkpoint list: one line per checkpoint, newest last, ✓ or ✗ with the value found. */
export function renderCheckpoints(list, count, empty, checkpoints) {
  const ok = checkpoints.filter((c) => c.ok).length;
  if (count) setText(count, checkpoints.length ? t("lesson.checkpoints.count", { ok, bad: checkpoints.length - ok, total: checkpoints.length }) : "");
  if (empty) empty.hidden = checkpoints.length > 0;
  const items = checkpoints.map((c, i) => ({ ...c, i }));
  join(
    list,
    items,
    (c) => `${c.i}|${c.line}|${c.text}|${c.ok}|${c.says ?? ""}`,
    (c) => {
      const li = h(
        "li",
        { class: `checkpoint ${c.ok ? "ok" : "bad"}`, "data-line": c.line, "data-kind": c.kind },
        h("span", { class: "mark", "aria-hidden": "true" }, c.ok ? "✓" : "✗"),
        // A sentence reads first; the expression it checks stays one hover away.
        c.says ? h("span", { class: "cp-text cp-says", title: c.text, "data-expect": c.text }, checkpointText(c)) : h("code", { class: "cp-text" }, checkpointText(c)),
        h("span", { class: "cp-tick" }, t("lesson.checkpoint.tick", { tick: c.tick })),
      );
      setAttr(li, "aria-label", `${c.ok ? "✓" : "✗"} ${checkpointText(c)}`);
      return li;
    },
    () => {},
  );
  // Keep the newest in view.
  if (list.lastElementChild && list.__count !== items.length) {
    list.__count = items.length;
    list.scrollTop = list.scrollHeight;
  }
}

/** What a checkpoint that did not hold found: the core's value, or that its path is KRaft's only. */
export function checkActual(c) {
  return c.needsKraft ? t("check.needsKraft") : (c.actual ?? c.error ?? "?");
}

function checkpointText(c) {
  if (c.kind === "wait") return t("lesson.wait.failed", { text: c.text, max: c.max, actual: c.actual ?? "?" });
  if (c.kind === "error") return t("lesson.call.failed", { line: c.line, error: `${c.text}: ${c.error}` });
  const text = c.says ?? c.text;
  if (!c.ok) return `${text} — ${t("lesson.checkpoint.actual", { actual: checkActual(c) })}`;
  return text;
}
