// The page's side of the postMessage protocol (app/protocol.js): the link to the window embedding
// it, which posts the events to the allowed origins only, answers commands, reports the content's
// height and places modal dialogs in the part of the frame the reader sees.

import { allowedOrigins, commandAllowed, eventMessage } from "../app/protocol.js";

/** Margin (px) kept between a dialog and the edges of the frame's visible band. */
const DIALOG_MARGIN = 12;

/**
 * Place an open modal dialog in `band` (the visible part of the frame: { top, height }): a frame
 * as tall as its content is taller than the host's viewport, and a dialog centred in it can be
 * out of the reader's sight. Style properties (CSSOM), which a style-src CSP allows.
 */
function placeDialog(d, band) {
  const room = Math.max(120, band.height - 2 * DIALOG_MARGIN);
  d.style.maxHeight = `${room}px`;
  d.style.marginTop = "0";
  d.style.marginBottom = "0";
  d.style.bottom = "auto";
  d.style.top = `${Math.round(band.top + DIALOG_MARGIN + Math.max(0, (room - d.offsetHeight) / 2))}px`;
}

/**
 * The page's link to the window embedding it: `post(type, payload)` sends an event (to the
 * allowed origins only), `accepts(e)` checks a command's sender, `reply(e, msg)` answers
 * it, `watchSize(el)` posts a `size` event whenever el's height changes (a ResizeObserver),
 * so the host can fit the frame to the content, and `placeDialogs(doc)` opens modal dialogs in
 * the part of the frame the reader sees.
 */
export function embedLink(win, params) {
  if (!win || typeof win.postMessage !== "function") throw new Error("embedLink: win must be a window");
  if (!params || typeof params.get !== "function") throw new Error("embedLink: params must be URLSearchParams");
  const embedded = win.parent !== win;
  const { origins, problems } = allowedOrigins(params.get("origin"));
  const targets = origins ?? ["*"];
  const send = (target, msg, origin) => {
    try {
      target.postMessage(msg, origin);
    } catch {
      /* a window that went away */
    }
  };
  return {
    embedded,
    origins,
    problems,
    accepts: (e) => embedded && commandAllowed(e, { own: win, parent: win.parent, origins }),
    post(type, payload) {
      if (!embedded) return;
      const msg = eventMessage(type, payload);
      for (const origin of targets) send(win.parent, msg, origin);
    },
    reply(e, msg) {
      send(e.source, msg, e.origin && e.origin !== "null" ? e.origin : "*");
    },
    placeDialogs(doc) {
      if (!embedded || typeof win.IntersectionObserver !== "function") return;
      // The part of this frame inside the host's viewport (the implicit root of an observer in a
      // frame is the top-level viewport), to the nearest 1 % of the frame's height.
      let band = null;
      const threshold = Array.from({ length: 101 }, (_, i) => i / 100);
      new win.IntersectionObserver(([e]) => {
        band = e.isIntersecting ? e.intersectionRect : null;
      }, { threshold }).observe(doc.documentElement);
      new win.MutationObserver((records) => {
        for (const { target: d } of records) if (d.localName === "dialog" && d.open && band) placeDialog(d, band);
      }).observe(doc.body, { subtree: true, attributes: true, attributeFilter: ["open"] });
    },
    watchSize(el) {
      if (!embedded || typeof win.ResizeObserver !== "function") return;
      let last = -1;
      new win.ResizeObserver(() => {
        const height = Math.ceil(el.getBoundingClientRect().height);
        if (height === last) return;
        last = height;
        this.post("size", { height });
      }).observe(el);
    },
  };
}
