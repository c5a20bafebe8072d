// Cluster view: the network picture. Brokers on a ring with their status and the controller tag,
// the producer and consumer clients in the middle, a link per broker pair (cut links drawn
// broken; thick where a follower fetches from its leader), and every message in flight moving
// along its link, so Kafka's *pull* replication is visible: a follower's Fetch travels to the
// leader, the FetchResponse with the records and the HW travels back.
//
// render() redraws the static parts when their slice changes; animate() only moves the messages
// and is called every animation frame with the fraction of the next tick already elapsed.
// Interaction (click, context menu, keyboard) is handled by the app through the data-* hooks:
// [data-broker] nodes, [data-link="a-b"] links, and messageAt() for the messages, which are
// drawn on a canvas over the SVG (drawMessages).

import { cachedWidth, h, join, setAttr, setStyle, setText } from "./dom.js";
import { cssColors, cssFont, paint, sprite, stampSprite, themeKey } from "./canvas.js";
import {
  clusterLayout,
  curvePathData,
  linkCurve,
  messageGlyph,
  messagePoint,
  messageProgress,
  CONSUMER,
  MESSAGE_FAMILIES,
  PRODUCER,
} from "./cluster-layout.js";
import { linkKey } from "../timeline.js";
import { modelKey, nodeName } from "./model.js";
import { t } from "../i18n.js";

/** Messages listed under the picture (the picture draws all of them). */
const LISTED_MESSAGES = 30;

/** Where a message sits when motion is reduced: fixed, this far from its sender. */
const STILL_PROGRESS = 0.4;

const CLIENT = {
  [PRODUCER]: { cls: "producer", letter: "P", nameKey: "cluster.producer" },
  [CONSUMER]: { cls: "consumer", letter: "C", nameKey: "cluster.consumer" },
};

/**
 * `ctx`: { cuts: Set of linkKey, selected: broker id or null, reducedMotion }.
 */
export function render(root, snap, ctx) {
  let fig = root.querySelector(".cluster-figure");
  if (!fig) {
    fig = createFigure();
    root.replaceChildren(fig);
  }
  const svg = fig.querySelector("svg");
  const ids = snap.brokers.map((b) => b.id);
  const width = Math.round(cachedWidth(fig) || 640);
  const clients = Array.isArray(snap.consumers) && snap.consumers.length ? [PRODUCER, CONSUMER] : [PRODUCER];
  const layoutKey = `${ids.join(",")}@${width}@${clients.join(",")}`;
  if (svg.__layoutKey !== layoutKey) {
    svg.__layoutKey = layoutKey;
    svg.__layout = clusterLayout(ids, width);
    svg.__static = null;
    drawFrame(svg, svg.__layout, ids, clients);
  }
  const model = staticModel(snap, ctx);
  const key = modelKey(model);
  if (svg.__static !== key) {
    svg.__static = key;
    updateStatic(svg, model);
  }
  if (fig.__inflight !== snap.inflight) {
    fig.__inflight = snap.inflight;
    updateList(fig.querySelector(".inflight"), snap);
  }
  animate(root, snap.tick, 0, ctx.reducedMotion);
}

/** Move the messages to where they are `phase` (0..1) into the tick after `tick`. */
export function animate(root, tick, phase, reducedMotion) {
  const fig = root.querySelector(".cluster-figure");
  const svg = fig?.querySelector("svg");
  if (!svg?.__layout) return;
  const layout = svg.__layout;
  const shown = [];
  for (const m of fig.__inflight ?? []) {
    const t = reducedMotion ? STILL_PROGRESS : messageProgress(m, tick, phase);
    const pt = messagePoint(layout, m, t);
    // A message between nodes the picture does not draw is not drawn either.
    if (pt) shown.push({ m, x: pt.x, y: pt.y });
  }
  drawMessages(fig.querySelector("canvas.messages-layer"), layout, shown, glyphSize(svg));
}

/**
 * The messages in flight, as glyphs (messageGlyph: a letter in a circle, hollow for a response)
 * stamped on a canvas over the picture (sprite). As SVG elements they were restyled, re-titled
 * and moved on every tick, about a tenth of the page's frame (issue #6). Repainted only when a
 * message moved, came or went, or the look changed. `canvas.__shown` ({ m, x, y } in picture
 * px, drawn in that order) is what messageAt() looks up and the tests read.
 */
function drawMessages(canvas, layout, shown, size) {
  const look = `${layout.width}|${layout.height}|${size.r}|${themeKey()}`;
  const prev = canvas.__shown;
  if (canvas.__look === look && prev && prev.length === shown.length && prev.every((p, i) => p.m.seq === shown[i].m.seq && p.x === shown[i].x && p.y === shown[i].y)) {
    canvas.__shown = shown; // the same places: keep the newer message objects (their text)
    return;
  }
  canvas.__look = look;
  canvas.__shown = shown;
  // Painted with the frame's other canvases (canvas.js paint): a glyph's first sprite reads the
  // theme's colours, which in the middle of the frame's DOM writes would restyle the page.
  paint(canvas, layout.width, layout.height, (ctx) => {
    for (const { m, x, y } of shown) stampSprite(ctx, glyphSprite(messageGlyph(m.kind), size), x - size.box / 2, y - size.box / 2);
  });
}

/** A glyph's circle radius, letter size and baseline, and the square its sprite takes (px); the SVG's were CSS rules (.msg). */
const GLYPH = {
  normal: { r: 8, fontPx: 10, baseline: 3.5, box: 22 },
  dense: { r: 6, fontPx: 8, baseline: 2.5, box: 18 },
};

/** The glyphs' size in the picture `svg` (smaller in a dense cluster). */
function glyphSize(svg) {
  return GLYPH[svg.classList.contains("dense") ? "dense" : "normal"];
}

/** Message colour per glyph family (CSS custom properties, resolved by canvas.js cssColors). */
const FAMILY_COLOR = { fetch: "--m-fetch", produce: "--m-produce", consume: "--m-consume", control: "--m-control", epoch: "--m-epoch", alter: "--m-alter", other: "--m-other" };

function glyphSprite(g, size) {
  return sprite(`msg|${g.family}|${g.response}|${g.letter}|${size.r}`, size.box, size.box, (ctx) => drawGlyph(ctx, g, size, size.box / 2, size.box / 2));
}

/**
 * A glyph's colours: filled with its family's colour and edged with the surface colour (a
 * request), or the other way round with a thicker edge (a response), as the legend's.
 */
function glyphColors(g) {
  const name = FAMILY_COLOR[g.family] ?? FAMILY_COLOR.other;
  const c = cssColors([name, "--surface"]);
  return g.response
    ? { fill: c["--surface"], stroke: c[name], strokeWidth: 2.5, text: c[name] }
    : { fill: c[name], stroke: c["--surface"], strokeWidth: 1.5, text: "#fff" };
}

/** One glyph centred on (`x`, `y`). */
function drawGlyph(ctx, g, size, x, y) {
  const c = glyphColors(g);
  ctx.beginPath();
  ctx.arc(x, y, size.r, 0, 2 * Math.PI);
  ctx.fillStyle = c.fill;
  ctx.fill();
  ctx.lineWidth = c.strokeWidth;
  ctx.strokeStyle = c.stroke;
  ctx.stroke();
  ctx.font = `800 ${size.fontPx}px ${cssFont("--sans")}`;
  ctx.textAlign = "center";
  ctx.fillStyle = c.text;
  ctx.fillText(g.letter, x, y + size.baseline);
}

/**
 * The sequence number of the message drawn at viewport point (`x`, `y`) in the cluster view
 * `root`, or null (the topmost: the last drawn). controls.js opens the message inspector with it.
 */
export function messageAt(root, x, y) {
  return glyphAt(root, x, y)?.m.seq ?? null;
}

/** The glyph drawn at viewport point (`x`, `y`) ({ m, x, y } of canvas.__shown), or null. */
function glyphAt(root, x, y) {
  const canvas = root.querySelector("canvas.messages-layer");
  const svg = root.querySelector(".cluster-figure svg");
  if (!canvas?.__shown || !svg?.__layout) return null;
  const box = canvas.getBoundingClientRect();
  const scale = box.width / svg.__layout.width || 1;
  const px = (x - box.left) / scale;
  const py = (y - box.top) / scale;
  const r = glyphSize(svg).r + 1.5;
  for (let i = canvas.__shown.length - 1; i >= 0; i--) {
    const s = canvas.__shown[i];
    if (Math.hypot(s.x - px, s.y - py) <= r) return s;
  }
  return null;
}

/** The message under the pointer says what it is (the canvas has no elements to carry a title). */
function showMessageTitle(event) {
  const fig = event.currentTarget;
  const m = glyphAt(fig.parentElement, event.clientX, event.clientY)?.m;
  setStyle(fig, "cursor", m ? "pointer" : "");
  setAttr(fig, "title", m ? m.text : null);
}

/**
 * The messages drawn now, as SVG elements with their colours written out, for the exported
 * picture (export-svg.js serializeSvg appends them to the cluster's SVG).
 */
export function messageElements(root) {
  const canvas = root.querySelector("canvas.messages-layer");
  const svg = root.querySelector(".cluster-figure svg");
  if (!canvas?.__shown || !svg) return [];
  const size = glyphSize(svg);
  return canvas.__shown.map(({ m, x, y }) => {
    const g = messageGlyph(m.kind);
    const c = glyphColors(g);
    return h(
      "svg:g",
      { transform: `translate(${x},${y})` },
      h("svg:circle", { r: size.r, fill: c.fill, stroke: c.stroke, "stroke-width": c.strokeWidth }),
      h("svg:text", { y: size.baseline, "text-anchor": "middle", "font-size": size.fontPx, "font-weight": 800, "font-family": cssFont("--sans"), fill: c.text }, g.letter),
      h("svg:title", {}, m.text),
    );
  });
}

function createFigure() {
  return h(
    "div",
    { class: "cluster-figure", onpointermove: showMessageTitle },
    h(
      "svg:svg",
      { class: "cluster-svg", role: "group", "aria-label": t("cluster.aria") },
      h("svg:g", { class: "links" }),
      h("svg:g", { class: "spokes", "aria-hidden": "true" }),
      h("svg:g", { class: "clients", "aria-hidden": "true" }),
      h("svg:g", { class: "nodes" }),
    ),
    h("canvas", { class: "messages-layer", "aria-hidden": "true" }),
    h(
      "ul",
      { class: "msg-legend", "aria-label": t("cluster.kinds") },
      ...MESSAGE_FAMILIES.map((f) =>
        h(
          "li",
          { title: t(`family.${f.request}`) },
          glyphIcon(f.family, f.letter, false),
          glyphIcon(f.family, f.letter, true),
          h("span", {}, f.request),
        ),
      ),
      h("li", { class: "legend-note" }, t("cluster.legendNote")),
    ),
    h(
      "details",
      // The list is drawn only while it is open: opening draws the snapshot last given to it.
      { class: "inflight", ontoggle: (e) => updateList(e.currentTarget, e.currentTarget.__snap) },
      h("summary", {}, h("span", { class: "inflight-count" }, t("cluster.inflight"))),
      h("ol", { class: "inflight-list" }),
    ),
  );
}

function glyphIcon(family, letter, response) {
  return h("span", { class: `glyph fam-${family}${response ? " response" : ""}`, "aria-hidden": "true" }, letter);
}

/** Links, spokes and nodes for a broker set, clients and size (rebuilt only when those change). */
function drawFrame(svg, layout, ids, clients) {
  svg.classList.toggle("dense", ids.length > 8);
  setAttr(svg, "viewBox", `0 0 ${layout.width} ${layout.height}`);
  setAttr(svg, "width", layout.width);
  setAttr(svg, "height", layout.height);
  const pairs = [];
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) pairs.push([ids[i], ids[j]]);
  svg.querySelector(".links").replaceChildren(
    ...pairs.map(([a, b]) => {
      const d = curvePathData(linkCurve(layout, a, b));
      return h(
        "svg:g",
        { class: "link", "data-link": linkKey(a, b), tabindex: 0, role: "button" },
        h("svg:path", { class: "link-hit", d }),
        h("svg:path", { class: "link-line", d }),
      );
    }),
  );
  svg.querySelector(".spokes").replaceChildren(
    ...clients.flatMap((c) =>
      ids.map((id) => h("svg:path", { class: `spoke ${CLIENT[c].cls}`, "data-broker": id, d: curvePathData(linkCurve(layout, c, id)) })),
    ),
  );
  svg.querySelector(".clients").replaceChildren(
    ...clients.map((c) => {
      const { x, y } = layout.nodes.get(c);
      const r = layout.clientR;
      return h(
        "svg:g",
        { class: `client ${CLIENT[c].cls}` },
        h("svg:circle", { cx: x, cy: y, r }),
        h("svg:text", { x, y: y + 4, class: "client-letter" }, CLIENT[c].letter),
        h("svg:text", { x, y: y + r + 13, class: "client-caption" }, t(CLIENT[c].nameKey)),
      );
    }),
  );
  const r = layout.nodeR;
  join(
    svg.querySelector(".nodes"),
    ids,
    (id) => id,
    (id) =>
      h(
        "svg:g",
        { class: "node", "data-broker": id, tabindex: 0, role: "button", "aria-haspopup": "menu" },
        h("svg:circle", { class: "node-select", r: r + 5 }),
        h("svg:circle", { class: "node-body", r }),
        h("svg:text", { class: "node-name", y: 4 }, nodeName(id)),
        h("svg:text", { class: "node-status", y: r + 13 }),
        h("svg:text", { class: "node-leads", y: r + 25 }),
        h("svg:g", { class: "node-ctrl" }, h("svg:rect", { rx: 4, height: 15 }), h("svg:text", { y: 11 })),
      ),
    (el, id) => {
      const p = layout.nodes.get(id);
      el.setAttribute("transform", `translate(${p.x},${p.y})`);
      el.querySelector(".node-name").style.fontSize = `${Math.max(9, Math.min(14, r * 0.6))}px`;
    },
  );
}

/** Everything the static layer draws, as data (for the did-it-change check). */
function staticModel(snap, ctx) {
  const leads = new Map();
  // Links that carry replication: a follower fetches from its leader over them.
  const replicates = new Map();
  for (const p of snap.partitions) {
    if (p.leader < 0) continue;
    if (!leads.has(p.leader)) leads.set(p.leader, []);
    leads.get(p.leader).push(p.partition);
    for (const b of p.replicas) {
      if (b === p.leader) continue;
      const key = linkKey(b, p.leader);
      if (!replicates.has(key)) replicates.set(key, []);
      replicates.get(key).push(p.partition);
    }
  }
  return {
    brokers: snap.brokers.map((b) => ({
      id: b.id,
      status: b.status,
      controller: b.controller,
      registered: b.registered,
      leads: leads.get(b.id) ?? [],
      selected: ctx.selected === b.id,
    })),
    epoch: snap.controller?.epoch,
    cuts: [...(ctx.cuts ?? [])].sort(),
    replicates: [...replicates],
  };
}

function updateStatic(svg, model) {
  const byId = new Map(model.brokers.map((b) => [b.id, b]));
  const cuts = new Set(model.cuts);
  const replicates = new Map(model.replicates);
  for (const g of svg.querySelector(".links").children) {
    const key = g.dataset.link;
    const [a, b] = key.split("-").map(Number);
    const cut = cuts.has(key);
    const sa = byId.get(a)?.status;
    const sb = byId.get(b)?.status;
    const isolated = sa === "isolated" || sb === "isolated";
    const down = sa === "crashed" || sb === "crashed";
    g.classList.toggle("cut", cut);
    g.classList.toggle("isolated", isolated && !cut);
    g.classList.toggle("down", down && !cut && !isolated);
    const parts = replicates.get(key);
    g.classList.toggle("active", !!parts);
    const state = t(cut ? "cluster.link.cut" : isolated ? "cluster.link.isolated" : down ? "cluster.link.down" : "cluster.link.connected");
    const carries = parts ? t("cluster.link.carries", { parts: parts.map((p) => `P${p}`).join(" ") }) : "";
    setAttr(g, "aria-label", t("cluster.link.aria", { a, b, state, carries, verb: t(cut ? "cluster.link.heal" : "cluster.link.cutVerb") }));
  }
  const n = model.brokers.length;
  for (const g of svg.querySelector(".nodes").children) {
    const b = byId.get(Number(g.dataset.broker));
    if (!b) continue;
    g.setAttribute("class", `node status-${b.status}${b.controller ? " is-controller" : ""}${b.selected ? " is-selected" : ""}`);
    setText(g.querySelector(".node-status"), t(`status.${b.status}`));
    setText(g.querySelector(".node-leads"), n <= 8 && b.leads.length ? `♛ ${b.leads.map((p) => `P${p}`).join(" ")}` : "");
    const ctrl = g.querySelector(".node-ctrl");
    ctrl.style.display = b.controller ? "" : "none";
    if (b.controller) {
      const text = n <= 8 ? t("cluster.controllerTag", { epoch: model.epoch }) : t("cluster.ctrlShort", { epoch: model.epoch });
      const label = ctrl.querySelector("text");
      setText(label, text);
      const w = [...text].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 11.5 : 6.3), 0) + 10;
      const r = svg.__layout.nodeR;
      setAttr(ctrl.querySelector("rect"), "width", w.toFixed(0));
      setAttr(ctrl, "transform", `translate(${(-w / 2).toFixed(1)},${-r - 20})`);
      setAttr(label, "x", (w / 2).toFixed(1));
    }
    const parts = [t("broker.name", { id: b.id }), t(`status.${b.status}`)];
    if (b.controller) parts.push(t("cluster.node.controller", { epoch: model.epoch }));
    if (b.leads.length) parts.push(t("cluster.node.leads", { parts: b.leads.map((p) => `P${p}`).join(", ") }));
    setAttr(g, "aria-label", t("cluster.node.aria", { parts: parts.join(", ") }));
  }
  for (const s of svg.querySelector(".spokes").children) {
    const st = byId.get(Number(s.dataset.broker))?.status;
    s.classList.toggle("down", st !== undefined && st !== "up");
  }
}

/** The count of messages in flight and, while `details` is open, the list of the first ones. */
function updateList(details, snap) {
  details.__snap = snap;
  const inflight = snap.inflight ?? [];
  setText(details.querySelector(".inflight-count"), t("cluster.inflightCount", { n: inflight.length }));
  if (!details.open) return;
  const shown = inflight.slice(0, LISTED_MESSAGES);
  const list = details.querySelector(".inflight-list");
  join(
    list,
    shown,
    (m) => m.seq,
    (m) => {
      const g = messageGlyph(m.kind);
      return h(
        "li",
        {},
        h(
          "button",
          { type: "button", class: "inflight-item", "data-seq": m.seq },
          glyphIcon(g.family, g.letter, g.response),
          h("span", { class: "inflight-route" }, `${nodeName(m.from)}→${nodeName(m.to)}`),
          h("span", { class: "inflight-text" }, m.text),
          h("span", { class: "inflight-eta" }),
        ),
      );
    },
    (li, m) => {
      const n = Math.max(0, m.deliverTick - snap.tick);
      setText(li.querySelector(".inflight-eta"), t("cluster.arrives", { n }));
    },
  );
  const more = inflight.length - shown.length;
  let tail = details.querySelector(".inflight-more");
  if (more > 0) {
    if (!tail) details.append((tail = h("p", { class: "inflight-more muted" })));
    setText(tail, t("cluster.more", { n: more }));
  } else tail?.remove();
}
