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
// drawn on a canvas over the SVG (messages-layer.js).

import { cachedWidth, h, join, setAttr, setText } from "./dom.js";
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
} from "../views/cluster-layout.js";
import { linkKey } from "../app/timeline.js";
import { drawMessages, glyphSize, showMessageTitle } from "./messages-layer.js";

export { messageAt, messageElements } from "./messages-layer.js";
import { modelKey, nodeName, sessionLeft } from "../views/model.js";
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
 * `ctx`: { cuts: Set of linkKey, selected: broker id or null, reducedMotion, compact (the strip
 * beside the partitions), brokers (a Set: draw only these; all when absent) }.
 */
export function render(root, snap, ctx) {
  const fig = figureOf(root);
  const svg = fig.querySelector("svg");
  // A lesson's picture draws only the brokers its script is about (ctx.brokers, a Set).
  const ids = snap.brokers.map((b) => b.id).filter((id) => !ctx.brokers || ctx.brokers.has(id));
  const width = measure(root);
  const clients = Array.isArray(snap.consumers) && snap.consumers.length ? [PRODUCER, CONSUMER] : [PRODUCER];
  const compact = !!ctx.compact;
  const layoutKey = `${ids.join(",")}@${width}@${clients.join(",")}@${compact}`;
  if (svg.__layoutKey !== layoutKey) {
    svg.__layoutKey = layoutKey;
    svg.__layout = clusterLayout(ids, width, { compact });
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

/** The picture's figure in `root`, made on first use. */
function figureOf(root) {
  let fig = root.querySelector(".cluster-figure");
  if (!fig) {
    fig = createFigure();
    root.replaceChildren(fig);
  }
  return fig;
}

/**
 * The width the picture is drawn at (cached: dom.js cachedWidth). A frame reads it before it
 * fills in the partitions (page/draw.js; with the tracks' widths, after their blocks are built):
 * read after their contents, at load, it laid the whole new page out a second time in the first
 * frame's task (issue #18: 300 ms at 4× CPU).
 */
export function measure(root) {
  return Math.round(cachedWidth(figureOf(root)) || 640);
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
        h("svg:text", { class: "node-name", y: 4 }, `${nodeName(id)} `),
        h("svg:text", { class: "node-status", y: r + 13 }),
        h("svg:text", { class: "node-leads", y: r + 25 }),
        h("svg:g", { class: "node-ctrl" }, h("svg:rect", { rx: 4, height: 15 }), h("svg:text", { y: 11 })),
      ),
    (el, id) => {
      const p = layout.nodes.get(id);
      el.setAttribute("transform", `translate(${p.x},${p.y})`);
      el.querySelector(".node-name").style.fontSize = `${Math.max(9, Math.min(14, r * 0.6))}px`;
      // The labels go on the node's outer side (above the top row, below the bottom one): the
      // links leave a node towards the middle, so they never cross its labels.
      const above = p.y < layout.center.y - 1;
      setAttr(el.querySelector(".node-status"), "y", above ? -r - 6 : r + 13);
      setAttr(el.querySelector(".node-leads"), "y", above ? -r - 18 : r + 25);
      el.__ctrlY = above ? -r - 45 : -r - 20;
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
      // Its ZooKeeper session's time left while it expires (the broker card has the ring).
      zkIn: sessionLeft(b, snap.config?.zookeeperSessionTimeoutMs),
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
    const down = byId.get(a)?.down || byId.get(b)?.down;
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
    // Each label ends with a space, which SVG does not draw: the node's text content (its name
    // from content, and what axe compares with the aria-label) reads "B0 up ♛ P0", not "B0up♛ P0".
    setText(g.querySelector(".node-status"), `${t(`status.${b.status}`)}${b.zkIn ? t("cluster.zkIn", { time: b.zkIn }) : ""} `);
    setText(g.querySelector(".node-leads"), n <= 8 && b.leads.length ? `♛ ${b.leads.map((p) => `P${p}`).join(" ")} ` : "");
    const ctrl = g.querySelector(".node-ctrl");
    ctrl.style.display = b.controller ? "" : "none";
    if (b.controller) {
      const text = n <= 8 ? t("cluster.controllerTag", { epoch: model.epoch }) : t("cluster.ctrlShort", { epoch: model.epoch });
      const label = ctrl.querySelector("text");
      setText(label, text);
      const w = [...text].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 11.5 : 6.3), 0) + 10;
      setAttr(ctrl.querySelector("rect"), "width", w.toFixed(0));
      setAttr(ctrl, "transform", `translate(${(-w / 2).toFixed(1)},${g.__ctrlY})`);
      setAttr(label, "x", (w / 2).toFixed(1));
    }
    // The name starts with the words drawn on the node, in their order (WCAG 2.5.3, label in
    // name: a speech user says what they see), then says what they mean.
    const shown = [...g.querySelectorAll(".node-name, .node-status, .node-leads, .node-ctrl text")]
      .filter((el) => el.textContent && (b.controller || !ctrl.contains(el)))
      .map((el) => el.textContent.trim());
    const parts = [t("broker.name", { id: b.id })];
    if (b.controller) parts.push(t("cluster.node.controller", { epoch: model.epoch }));
    if (b.leads.length) parts.push(t("cluster.node.leads", { parts: b.leads.map((p) => `P${p}`).join(", ") }));
    setAttr(g, "aria-label", t("cluster.node.aria", { shown: shown.join(", "), parts: parts.join(", ") }));
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
