// Geometry of the cluster picture, as pure functions (unit-tested): brokers on an ellipse, the
// producer and consumer clients in the middle, one path per broker pair and per client–broker
// spoke, and where an in-flight message is on its path at a given (fractional) tick.

/** Node ids of the clients in snapshot.inflight (from / to). */
export const PRODUCER = -1;
export const CONSUMER = -2;

/** The compact strip's height (px): beside the partitions, the picture is a supporting view (issue #14). */
export const COMPACT_HEIGHT = { min: 180, max: 250 };

/**
 * Positions for `ids` (broker ids, drawn clockwise starting top-left so that 4 brokers make a
 * square with B0 top-left) in a drawing `width` px wide; `compact` draws the strip beside the
 * partitions (COMPACT_HEIGHT), else the full-size picture. Sizes are in CSS px so text keeps
 * its size on every screen.
 */
export function clusterLayout(ids, width, { compact = false } = {}) {
  if (!Array.isArray(ids)) throw new Error("clusterLayout: ids must be an array of broker ids");
  if (!Number.isFinite(width)) throw new Error(`clusterLayout: width must be a number of px, got ${width}`);
  if (typeof compact !== "boolean") throw new Error(`clusterLayout: compact must be true or false, got ${compact}`);
  const n = Math.max(1, ids.length);
  const w = Math.max(280, Math.round(width));
  const h = compact
    ? Math.round(Math.min(COMPACT_HEIGHT.max, Math.max(COMPACT_HEIGHT.min, w * 0.66)))
    : Math.round(Math.min(460, Math.max(250, w * (n > 8 ? 0.62 : 0.5))));
  const nodeR = Math.round(Math.min(26, w / 16, compact ? h / 10 : Infinity, Math.max(10, (Math.PI * Math.min(w, h)) / (n * 3.2))));
  // Room for the node and its labels on its outer side (cluster.js): the top row has its status,
  // the partitions it leads and the controller tag above it; the bottom row status and leads below.
  const padX = nodeR + 34;
  // (A dense cluster draws neither the leads nor the long controller tag.)
  const padTop = nodeR + (n > 8 ? 24 : 46);
  const padBottom = nodeR + (n > 8 ? 24 : 30);
  const cx = w / 2;
  const cy = Math.round((padTop + h - padBottom) / 2);
  const rx = w / 2 - padX;
  const ry = Math.max(nodeR, (h - padTop - padBottom) / 2);
  const start = -Math.PI / 2 - Math.PI / n;
  const nodes = new Map();
  ids.forEach((id, i) => {
    const a = start + (2 * Math.PI * i) / n;
    nodes.set(id, { x: round(cx + rx * Math.cos(a)), y: round(cy + ry * Math.sin(a)) });
  });
  // The two clients side by side in the middle: writes come in on the left, reads leave on the right.
  // The strip draws small clients (no captions, cluster.js), so the chords need not bow as far.
  const clientR = compact ? Math.max(9, Math.round(nodeR * 0.5)) : Math.max(12, Math.round(nodeR * 0.8));
  const gap = Math.min(clientR * (compact ? 1.6 : 1.7), rx / 3);
  nodes.set(PRODUCER, { x: round(cx - gap), y: round(cy) });
  nodes.set(CONSUMER, { x: round(cx + gap), y: round(cy) });
  return { width: w, height: h, nodeR, clientR, clearance: gap + clientR + (compact ? 6 : 16), center: { x: cx, y: cy }, nodes };
}

/** True for the producer and consumer clients (they are not brokers). */
export function isClient(id) {
  return id === PRODUCER || id === CONSUMER;
}

/** Where node `id` (a broker id, PRODUCER or CONSUMER) is drawn. */
export function nodePoint(layout, id) {
  return layout.nodes.get(id) ?? null;
}

/**
 * The drawn path between two nodes as a quadratic curve {x0, y0, cx, cy, x1, y1}, from `a` to
 * `b`. Broker–broker chords that would pass through the middle (where the clients sit) bow
 * out so they clear them; spokes to a client are straight. The same pair gives the same
 * curve in both directions (reversed), so a request and its response share one link.
 */
export function linkCurve(layout, a, b) {
  const p = nodePoint(layout, a);
  const q = nodePoint(layout, b);
  if (!p || !q) return null;
  const mx = (p.x + q.x) / 2;
  const my = (p.y + q.y) / 2;
  let c = { x: mx, y: my };
  if (!isClient(a) && !isClient(b)) {
    const clearance = layout.clearance;
    const dx = mx - layout.center.x;
    const dy = my - layout.center.y;
    const d = Math.hypot(dx, dy);
    if (d < clearance) {
      // Push the curve's midpoint out to `clearance`: a quadratic's midpoint is (m + c) / 2.
      // The direction comes from the lower id to the higher so both directions agree.
      const [lo, hi] = a < b ? [p, q] : [q, p];
      let ux = dx / d;
      let uy = dy / d;
      if (!(d > 1e-6)) {
        const len = Math.hypot(hi.x - lo.x, hi.y - lo.y) || 1;
        ux = -(hi.y - lo.y) / len;
        uy = (hi.x - lo.x) / len;
      }
      c = { x: 2 * (layout.center.x + ux * clearance) - mx, y: 2 * (layout.center.y + uy * clearance) - my };
    }
  }
  return { x0: p.x, y0: p.y, cx: round(c.x), cy: round(c.y), x1: q.x, y1: q.y };
}

/** SVG path data of a curve. */
export function curvePathData(k) {
  return `M${k.x0},${k.y0} Q${k.cx},${k.cy} ${k.x1},${k.y1}`;
}

/** The point at parameter t ∈ [0, 1] on a quadratic curve. */
export function pointOnCurve(k, t) {
  const u = 1 - t;
  // The ends' terms added first, so the reversed curve at 1 - t sums the same floats.
  return {
    x: round(u * u * k.x0 + t * t * k.x1 + 2 * u * t * k.cx),
    y: round(u * u * k.y0 + t * t * k.y1 + 2 * u * t * k.cy),
  };
}

/**
 * How far along its link a message is: (now - sentTick) / (deliverTick - sentTick), where now is
 * the snapshot's tick plus the fraction of the next tick the loop has already accumulated
 * (`phase`), so messages glide between frames. Clamped to [0, 1].
 */
export function messageProgress(msg, tick, phase = 0) {
  const span = msg.deliverTick - msg.sentTick;
  if (!(span > 0)) return 1;
  return Math.min(1, Math.max(0, (tick + phase - msg.sentTick) / span));
}

/**
 * Where to draw a message: on its link, starting at the sender's edge and ending at the
 * receiver's, so it never hides under a node. `t` is its progress (messageProgress). Null when
 * it is not drawn: a node the picture lacks, or a broker's message to itself.
 */
export function messagePoint(layout, msg, t) {
  // The controller's LeaderAndIsr to its own broker travels no link: drawn, it hid the node's name.
  if (msg.from === msg.to) return null;
  const k = linkCurve(layout, msg.from, msg.to);
  if (!k) return null;
  const len = Math.hypot(k.x1 - k.x0, k.y1 - k.y0) || 1;
  const r0 = (isClient(msg.from) ? layout.clientR : layout.nodeR) / len;
  const r1 = (isClient(msg.to) ? layout.clientR : layout.nodeR) / len;
  const s = Math.min(1, r0 + t * Math.max(0, 1 - r0 - r1));
  return pointOnCurve(k, s);
}

/**
 * How a message kind is drawn: a letter, a colour family shared by a request and its response,
 * and whether it is a response (drawn hollow). Unknown kinds get their first letter.
 */
export function messageGlyph(kind) {
  const base = String(kind ?? "?").replace(/Response$/, "");
  const known = MESSAGE_FAMILIES.find((f) => f.request === base);
  return {
    letter: known ? known.letter : base.charAt(0).toUpperCase() || "?",
    family: known ? known.family : "other",
    response: String(kind).endsWith("Response"),
  };
}

/** The message kinds of the core (docs/api.md), for the glyphs and the legend (their words: i18n.js `family.<request>`). */
export const MESSAGE_FAMILIES = [
  { request: "Fetch", letter: "F", family: "fetch" },
  { request: "Produce", letter: "P", family: "produce" },
  { request: "ConsumerFetch", letter: "C", family: "consume" },
  { request: "LeaderAndIsr", letter: "L", family: "control" },
  { request: "OffsetsForLeaderEpoch", letter: "E", family: "epoch" },
  { request: "AlterPartition", letter: "A", family: "alter" },
  { request: "ControlledShutdown", letter: "S", family: "control" },
  { request: "StopReplica", letter: "X", family: "control" },
];

function round(v) {
  return Math.round(v * 10) / 10;
}
