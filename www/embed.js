// <kafka-replication-playground>: the playground in any page with one script tag.
//
//   <script type="module" src="https://…/playground/embed.js"></script>
//   <kafka-replication-playground scenario="01-anatomy" step="2" controls="minimal" lang="zh">
//   </kafka-replication-playground>
//
// The element draws an <iframe> of the playground page (frame.html next to this script: index.html
// made for a frame, see vite.config.js embedFrame; or the `src` attribute: an http(s) URL,
// relative to the document) with its attributes as URL
// parameters: scenario, step, controls (none | minimal | full; default minimal), view (full |
// lesson: the caption and the lesson's partitions | partition: one partition large), autoplay,
// theme, lang (en | zh), mode + preset (compare mode), seed, share (a share link's query).
// Changing lang or theme later tells the page; other attributes reload it.
//
// Size: the page posts its content height (`size` events) and the frame takes it, so there is
// no scrolling inside; `height` (px) is an optional cap, above which the page scrolls inside.
// Theme: `light` / `dark` force one; `auto` (the default) follows the host page: a `dark` /
// `light` class or data-theme on its <html>, or its `color-scheme`, watched for changes.
//
// Safety: the frame's messages are heard only from its own window and the page's origin, and the
// page is told (?origin=) to obey only this page's origin.
//
// Scripting: el.send(type, fields) posts a command (see www/app/protocol.js for the list) and
// returns a Promise of its result; el.play(), el.pause(), el.next(), el.back(), el.goTo(step),
// el.step(ticks), el.produce({ … }), el.fail(broker, kind), el.recover(broker) are shorthands.
// The page's events are dispatched on the element as `playground` CustomEvents (detail = the
// message: { source, version, type, … }) and as `playground-<type>` events; el.state holds the
// latest `state` event.
//
// Text in the host page can drive an instance without script: any element with
// data-playground-command="goto" (and data-playground-args='{"step":3}', optional
// data-playground-target="<element id>", else the first playground on the page) sends that
// command when clicked.
//
// This file is its own bundle (dist/embed.js) and imports nothing: it must stay small.

const SOURCE = "kafka-replication-playground";
const TAG = "kafka-replication-playground";
const PASSED = ["scenario", "step", "controls", "view", "autoplay", "lang", "mode", "preset", "seed"];
const HERE = import.meta.url;
/** The frame's height until the page says how tall it is. */
const FIRST_HEIGHT = 640;
/** The frame's top and bottom borders (px, in CSS below): its height is the content's plus these. */
const BORDERS = 2;
const CSS = `
  :host { display: block; position: relative; width: 100%; max-width: 100%; }
  iframe { display: block; box-sizing: border-box; width: 100%; border: 1px solid #d9dde3; border-radius: 8px; background: transparent; }
  iframe.dark { border-color: #2e3744; }
  [hidden] { display: none; }
  p { margin: 0; padding: 12px; border: 1px solid #d9dde3; border-radius: 8px; font: 14px/1.45 system-ui, sans-serif; }
`;

/** One stylesheet for every instance: constructed, so it applies under a `style-src 'self'` CSP. */
let sheet = null;
function styleRoot(root) {
  if ("adoptedStyleSheets" in root) {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement("style"); // browsers without constructable stylesheets
    style.textContent = CSS;
    root.append(style);
  }
}

// mdBook's themes are classes on <html>: coal, navy and ayu are dark, light and rust light.
const DARK_CLASSES = ["dark", "coal", "navy", "ayu"];
const LIGHT_CLASSES = ["light", "rust"];

/**
 * The host page's theme: "dark" | "light" from a data-theme attribute (Docusaurus), a class on
 * <html> (VitePress and Tailwind's `dark`, mdBook's themes) or a single `color-scheme`; else
 * "auto" (the host follows the system, and so does the page).
 */
function hostTheme() {
  const html = document.documentElement;
  const attr = html.getAttribute("data-theme");
  if (attr === "dark" || attr === "light") return attr;
  if (DARK_CLASSES.some((c) => html.classList.contains(c))) return "dark";
  if (LIGHT_CLASSES.some((c) => html.classList.contains(c))) return "light";
  const scheme = getComputedStyle(html).colorScheme.split(/\s+/);
  if (scheme.includes("dark") !== scheme.includes("light")) return scheme.includes("dark") ? "dark" : "light";
  return "auto";
}

/** The instances following the host's theme, and the one observer of <html> they share. */
const following = new Set();
let themeObserver = null;
function followHost(el, on) {
  if (on) following.add(el);
  else following.delete(el);
  if (following.size && !themeObserver) {
    themeObserver = new MutationObserver(() => {
      for (const x of following) x._syncTheme();
    });
    themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style", "data-theme"] });
  } else if (!following.size && themeObserver) {
    themeObserver.disconnect();
    themeObserver = null;
  }
}

class KafkaReplicationPlayground extends HTMLElement {
  static get observedAttributes() {
    return [...PASSED, "theme", "height", "src", "share", "title"];
  }

  constructor() {
    super();
    this.ready = false;
    this.state = null;
    this._queue = [];
    this._pending = new Map();
    this._seq = 0;
    this._origin = null; // the page's origin, once its URL is accepted
    this._theme = null; // the theme the page was last given
    this._content = null; // the page's content height, from its `size` events
    this._onMessage = (e) => this._message(e);
    const root = this.attachShadow({ mode: "open" });
    styleRoot(root);
    this.frame = document.createElement("iframe");
    this.frame.loading = "lazy";
    this.frame.allow = "clipboard-write";
    this.problem = document.createElement("p");
    this.problem.hidden = true;
    root.append(this.frame, this.problem);
  }

  connectedCallback() {
    window.addEventListener("message", this._onMessage);
    followHost(this, true);
    this._load();
  }

  disconnectedCallback() {
    window.removeEventListener("message", this._onMessage);
    followHost(this, false);
  }

  attributeChangedCallback(name, oldValue, value) {
    if (!this.isConnected || oldValue === value) return;
    if (name === "title") {
      this.frame.title = value || "Kafka replication playground";
    } else if (name === "lang" && this.ready && value) {
      this.send("lang", { lang: value });
    } else if (name === "theme") {
      this._syncTheme();
    } else if (name === "height") {
      this._fit();
    } else {
      this._load();
    }
  }

  /** The theme the page should have: the attribute's when it forces one, else the host's. */
  get theme() {
    const forced = this.getAttribute("theme");
    return forced === "light" || forced === "dark" ? forced : hostTheme();
  }

  /**
   * The page's URL with this element's attributes as parameters, or null when `src` is not an
   * http(s) URL (a javascript: or data: URL would run script in the host page).
   */
  get pageUrl() {
    const src = this.getAttribute("src");
    let url;
    try {
      url = src ? new URL(src, document.baseURI) : new URL("frame.html", HERE);
    } catch {
      return null;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    const share = this.getAttribute("share");
    if (share) for (const [k, v] of new URLSearchParams(share)) url.searchParams.set(k, v);
    for (const name of PASSED) {
      if (!this.hasAttribute(name)) continue;
      const v = this.getAttribute(name);
      url.searchParams.set(name, name === "autoplay" && v === "" ? "1" : v);
    }
    if (!this.hasAttribute("controls")) url.searchParams.set("controls", "minimal");
    const theme = this.theme;
    if (theme === "auto") url.searchParams.delete("theme");
    else url.searchParams.set("theme", theme);
    // Only this page may command the playground (a file:// host has no origin to name).
    if (location.origin !== "null") url.searchParams.set("origin", location.origin);
    else url.searchParams.delete("origin");
    return url;
  }

  /** The cap from the `height` attribute (px), or null. */
  _cap() {
    const h = parseInt(this.getAttribute("height") ?? "", 10);
    return Number.isFinite(h) && h >= 200 ? h : null;
  }

  /** The frame's height: the page's content height (FIRST_HEIGHT until known), at most the cap. */
  _fit() {
    const cap = this._cap();
    const h = this._content === null ? FIRST_HEIGHT : this._content + BORDERS;
    this.frame.style.height = `${cap === null ? h : Math.min(h, cap)}px`;
  }

  _load() {
    this.ready = false;
    this._content = null;
    const url = this.pageUrl;
    this._origin = url?.origin ?? null;
    this._theme = this.theme;
    this.frame.classList.toggle("dark", this._theme === "dark");
    this.frame.title = this.getAttribute("title") || "Kafka replication playground";
    this.frame.hidden = !url;
    this.problem.hidden = !!url;
    if (!url) {
      this.frame.removeAttribute("src");
      this.problem.textContent = `<${TAG}>: src must be an http(s) URL; got ${JSON.stringify(this.getAttribute("src"))}`;
      return;
    }
    this._fit();
    this.frame.src = url.href;
  }

  /** Tell the page the theme when it changed (the host toggled its own, or the attribute). */
  _syncTheme() {
    const theme = this.theme;
    if (theme === this._theme) return;
    this._theme = theme;
    this.frame.classList.toggle("dark", theme === "dark");
    if (this._origin) this.send("theme", { theme });
  }

  _message(e) {
    // Only the page in this element's own frame, at the origin it was loaded from.
    if (!this._origin || e.source !== this.frame.contentWindow || e.origin !== this._origin) return;
    const data = e.data;
    if (!data || data.source !== SOURCE) return;
    if (data.type === "ready") {
      this.ready = true;
      for (const m of this._queue.splice(0)) this.frame.contentWindow.postMessage(m, this._origin);
    }
    if (data.type === "size" && Number.isFinite(data.height) && data.height > 0) {
      this._content = Math.min(Math.ceil(data.height), 100000);
      this._fit();
    }
    if (data.type === "state") this.state = data;
    if (data.type === "result" && this._pending.has(data.id)) {
      const { resolve } = this._pending.get(data.id);
      this._pending.delete(data.id);
      resolve(data);
    }
    this.dispatchEvent(new CustomEvent("playground", { detail: data }));
    this.dispatchEvent(new CustomEvent(`playground-${data.type}`, { detail: data }));
  }

  /** Post a command; resolves with its `result` event ({ ok, error? }). Queued until the page is ready. */
  send(type, fields = {}) {
    const id = `${Date.now().toString(36)}-${++this._seq}`;
    const msg = { ...fields, type, id, target: SOURCE };
    return new Promise((resolve) => {
      if (!this._origin) return resolve({ source: SOURCE, type: "result", id, command: type, ok: false, error: "no page loaded (src must be an http(s) URL)" });
      this._pending.set(id, { resolve });
      if (this.ready) this.frame.contentWindow.postMessage(msg, this._origin);
      else this._queue.push(msg);
    });
  }

  play() {
    return this.send("play");
  }
  pause() {
    return this.send("pause");
  }
  next() {
    return this.send("next");
  }
  back() {
    return this.send("back");
  }
  restart() {
    return this.send("restart");
  }
  goTo(step) {
    return this.send("goto", { step: Number(step) });
  }
  step(ticks = 1) {
    return this.send("step", { ticks: Number(ticks) });
  }
  produce(fields = {}) {
    return this.send("produce", fields);
  }
  fail(broker, kind = "crash", options = {}) {
    return this.send("fail", { broker: Number(broker), kind, ...options });
  }
  recover(broker) {
    return this.send("recover", { broker: Number(broker) });
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, KafkaReplicationPlayground);

// Host-page text that drives a playground: <a data-playground-command="goto" data-playground-args='{"step":3}'>.
if (!window.__kafkaPlaygroundLinks) {
  window.__kafkaPlaygroundLinks = true;
  document.addEventListener("click", (e) => {
    const el = e.target instanceof Element ? e.target.closest("[data-playground-command]") : null;
    if (!el) return;
    const id = el.getAttribute("data-playground-target");
    const target = /** @type {KafkaReplicationPlayground | null} */ (id ? document.getElementById(id) : document.querySelector(TAG));
    if (!target || typeof target.send !== "function") return;
    e.preventDefault();
    let fields = {};
    try {
      fields = JSON.parse(el.getAttribute("data-playground-args") || "{}");
    } catch {
      fields = {};
    }
    target.send(el.getAttribute("data-playground-command"), fields);
  });
}

export { KafkaReplicationPlayground };
