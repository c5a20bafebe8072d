// <kafka-replication-playground>: the playground in any page with one script tag.
//
//   <script type="module" src="https://…/playground/embed.js"></script>
//   <kafka-replication-playground scenario="01-anatomy" step="2" controls="minimal" lang="zh">
//   </kafka-replication-playground>
//
// The element draws an <iframe> of the playground page (index.html next to this script, or the
// `src` attribute) with its attributes as URL parameters: scenario, step, controls
// (none | minimal | full; default minimal), autoplay, theme (light | dark), lang (en | zh),
// height (px, default 640), mode + preset (compare mode), seed, share (a share link's query).
// Changing lang or theme later tells the page; other attributes reload it.
//
// Scripting: el.send(type, fields) posts a command (see www/embed-api.js for the list) and
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
const PASSED = ["scenario", "step", "controls", "autoplay", "theme", "lang", "mode", "preset", "seed", "height"];
const LIVE = ["lang", "theme"];
const HERE = import.meta.url;

class KafkaReplicationPlayground extends HTMLElement {
  static get observedAttributes() {
    return [...PASSED, "src", "share", "title"];
  }

  constructor() {
    super();
    this.ready = false;
    this.state = null;
    this._queue = [];
    this._pending = new Map();
    this._seq = 0;
    this._onMessage = (e) => this._message(e);
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = `<style>
      :host { display: block; position: relative; width: 100%; max-width: 100%; }
      iframe { display: block; width: 100%; border: 1px solid #d9dde3; border-radius: 8px; background: transparent; }
      :host([theme="dark"]) iframe { border-color: #2e3744; }
    </style><iframe loading="lazy" allow="clipboard-write"></iframe>`;
    this.frame = root.querySelector("iframe");
  }

  connectedCallback() {
    window.addEventListener("message", this._onMessage);
    this._load();
  }

  disconnectedCallback() {
    window.removeEventListener("message", this._onMessage);
  }

  attributeChangedCallback(name, oldValue, value) {
    if (!this.isConnected || oldValue === value) return;
    if (name === "title") {
      this.frame.title = value || "Kafka replication playground";
    } else if (LIVE.includes(name) && this.ready && value) {
      this.send(name, { [name]: value });
    } else if (name === "height") {
      this.frame.style.height = `${this._height()}px`;
    } else {
      this._load();
    }
  }

  /** The page's URL with this element's attributes as parameters. */
  get pageUrl() {
    const url = new URL(this.getAttribute("src") || "index.html", HERE);
    const share = this.getAttribute("share");
    if (share) for (const [k, v] of new URLSearchParams(share)) url.searchParams.set(k, v);
    for (const name of PASSED) {
      if (!this.hasAttribute(name)) continue;
      const v = this.getAttribute(name);
      url.searchParams.set(name, name === "autoplay" && v === "" ? "1" : v);
    }
    if (!this.hasAttribute("controls")) url.searchParams.set("controls", "minimal");
    return url.href;
  }

  _height() {
    const h = parseInt(this.getAttribute("height") ?? "", 10);
    return Number.isFinite(h) && h >= 200 ? h : 640;
  }

  _load() {
    this.ready = false;
    this.frame.title = this.getAttribute("title") || "Kafka replication playground";
    this.frame.style.height = `${this._height()}px`;
    this.frame.src = this.pageUrl;
  }

  _message(e) {
    if (e.source !== this.frame.contentWindow) return;
    const data = e.data;
    if (!data || data.source !== SOURCE) return;
    if (data.type === "ready") {
      this.ready = true;
      for (const m of this._queue.splice(0)) this.frame.contentWindow.postMessage(m, "*");
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
      this._pending.set(id, { resolve });
      if (this.ready) this.frame.contentWindow.postMessage(msg, "*");
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
    const target = id ? document.getElementById(id) : document.querySelector(TAG);
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
