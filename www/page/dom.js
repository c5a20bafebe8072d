// Tiny DOM helpers for the hand-built views (no framework).

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Create an element: h("button", { class: "x", "aria-label": "Go", onclick: fn }, "text", child).
 * `class` / `text` / `on*` (functions) / `dataset` objects are handled; other keys become attributes
 * (skipped when null/false, empty when true).
 */
export function h(tag, attrs = {}, ...children) {
  const el = tag.startsWith("svg:") ? document.createElementNS(SVG_NS, tag.slice(4)) : document.createElement(tag);
  setAttrs(el, attrs);
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const found = new Map();

/**
 * document.querySelector(`sel`), kept while the element found stays in the document: the views
 * drawn every frame look up the same elements of index.html, and a selector matched against the
 * whole page each time cost a tenth of a millisecond a frame (issue #19's frame budget).
 */
export function query(sel) {
  const el = found.get(sel);
  if (el?.isConnected) return el;
  const now = document.querySelector(sel);
  if (now) found.set(sel, now);
  return now;
}

export function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (k === "text") el.textContent = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (v === null || v === undefined || v === false) el.removeAttribute(k);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
}

/**
 * Set text only when it differs (keeps the DOM quiet for screen readers and devtools). A lone
 * text node is changed in place rather than replaced, which keeps its layout object.
 */
export function setText(el, text) {
  const t = String(text);
  const node = el.firstChild;
  if (node !== null && node === el.lastChild && node.nodeType === Node.TEXT_NODE) {
    if (node.data !== t) node.data = t;
  } else if (el.textContent !== t) el.textContent = t;
}

/**
 * Set the text of `box`, a box laid out on its own (CSS: display block, contain: strict, a fixed
 * height or one of `--lines` lines; the monospace font), and make it wide enough for the text:
 * 1ch a character of its longest line, 2ch an East Asian wide one, 1ch to spare. A changed text
 * in the page's flow makes Chromium lay out the page from its root; in a box whose size does not
 * depend on its content only the box is laid out, as long as nothing else in the frame dirtied
 * the root (issue #6). The box only grows (until the language changes), so the page is laid out
 * again only when a text is longer than any before it, and what follows the box does not jump
 * back and forth; its height follows the count of lines.
 */
export function setBoxText(box, text) {
  const t = String(text);
  setText(box, t);
  let ch = 1;
  let line = 1;
  let lines = 1;
  for (const c of t) {
    if (c === "\n") {
      lines += 1;
      line = 1;
    } else line += c.codePointAt(0) >= 0x1100 ? 2 : 1;
    if (line > ch) ch = line;
  }
  setStyle(box, "--lines", lines);
  const lang = document.documentElement.lang;
  if (box.__boxLang !== lang) {
    box.__boxLang = lang;
    box.__boxCh = 0;
  }
  if (ch > box.__boxCh) {
    box.__boxCh = ch;
    setStyle(box, "width", `${ch}ch`);
  }
}

/** Show or hide (the `hidden` attribute) only when that changes: setting it restyles the element. */
export function setHidden(el, hidden) {
  if (el.hidden !== hidden) el.hidden = hidden;
}

/** Set or remove an attribute only when it differs. */
export function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
    return;
  }
  const v = value === true ? "" : String(value);
  if (el.getAttribute(name) !== v) el.setAttribute(name, v);
}

/**
 * Set an inline style property (custom properties too) only when it differs; "" removes it. The
 * values last set are remembered on the element (reading the inline style back costs more than
 * the rest of a cell's update), so the properties it sets must be set through it only.
 */
export function setStyle(el, prop, value) {
  const v = String(value);
  const set = (el.__style ??= {});
  if (set[prop] === v) return;
  set[prop] = v;
  if (v === "") el.style.removeProperty(prop);
  else el.style.setProperty(prop, v);
}

/**
 * Make a <select>'s options `options` ([value, label] pairs), keeping the selected value when it
 * is still offered (else the first). Rebuilt only when a value or label changed: reading the
 * options back every frame would cost more than the rest of a view.
 */
export function setOptions(select, options) {
  const key = options.map(([v, l]) => `${v}\u0000${l}`).join("\u0001");
  if (select.__options === key && select.options.length === options.length) return;
  select.__options = key;
  const keep = select.value;
  select.replaceChildren(...options.map(([v, l]) => h("option", { value: v }, l)));
  select.value = options.some(([v]) => v === keep) ? keep : (options[0]?.[0] ?? "");
}

/**
 * Keyed join (d3-style): make `parent`'s children match `items`, in order. Elements are found by
 * key (stored in `el.__key`); new ones come from create(item), every one is passed to
 * update(el, item), elements whose key is gone are removed. Existing elements keep their
 * identity, so CSS transitions on them play.
 */
export function join(parent, items, key, create, update) {
  const keys = items.map(key);
  const live = new Set(keys);
  const old = new Map();
  // Gone elements leave first, so the ones that stay are already in order and are not moved
  // (moving an element rebuilds its layout).
  for (const el of [...parent.children]) {
    if (el.__key === undefined) continue;
    if (live.has(el.__key)) old.set(el.__key, el);
    else el.remove();
  }
  let prev = null;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const k = keys[i];
    let el = old.get(k);
    if (el) old.delete(k); // a repeated key gets an element of its own
    else {
      el = create(item);
      el.__key = k;
    }
    update(el, item);
    const want = prev ? prev.nextSibling : parent.firstChild;
    if (want !== el) parent.insertBefore(el, want);
    prev = el;
  }
}

// Widths of elements that views size their drawings by, read once and then only again after
// the element resizes (a ResizeObserver drops the cached value), so drawing a frame does not
// force a layout by reading clientWidth right after writing the DOM. The observer's first report
// of an element (its size when observed) drops nothing when the cached width is still right
// (reading clientWidth there is free: layout has just run), and onWidthChange's listeners hear
// only of real changes: at load that saved a second full draw (issue #18).
const widthListeners = new Set();
const widthObserver =
  typeof ResizeObserver === "function"
    ? new ResizeObserver((entries) => {
        let changed = false;
        for (const e of entries) {
          const el = /** @type {any} */ (e.target);
          if (el.__width === el.clientWidth) continue;
          delete el.__width;
          changed = true;
        }
        if (changed) for (const fn of widthListeners) fn();
      })
    : null;

/** Call `fn()` after an element measured by cachedWidth has changed width (its drawing is stale). */
export function onWidthChange(fn) {
  if (typeof fn !== "function") throw new Error("onWidthChange: fn must be a function");
  widthListeners.add(fn);
}

/** `el.clientWidth`, cached until `el` resizes (no observer available: always read). */
export function cachedWidth(el) {
  if (!widthObserver) return el.clientWidth;
  if (el.__width === undefined) {
    el.__width = el.clientWidth;
    if (!el.__widthObserved) {
      el.__widthObserved = true;
      widthObserver.observe(el);
    }
  }
  return el.__width;
}
