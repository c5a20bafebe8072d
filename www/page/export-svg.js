// Pictures for export: the live cluster SVG serialized with its computed styles written out (so the
// file looks like the page without the stylesheet), composed with the compact partition picture
// (views/picture.js) into one SVG; an SVG drawn onto a canvas for PNG; and file downloads.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Properties copied from the computed style onto each element of the exported SVG (all SVG presentation attributes). */
const PROPS = [
  "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray", "stroke-linecap", "stroke-linejoin",
  "opacity", "font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline", "paint-order", "visibility",
];

/**
 * The SVG element `svg` as standalone markup: computed styles inlined, hidden elements dropped,
 * a background rectangle in `background`, and the elements `extra` (styled already: what the
 * page draws over the SVG, like the messages in flight) on top. Returns { svg, width, height }.
 */
export function serializeSvg(svg, { background = null, extra = [] } = {}) {
  const clone = svg.cloneNode(true);
  const src = [svg, ...svg.querySelectorAll("*")];
  const dst = [clone, ...clone.querySelectorAll("*")];
  const drop = [];
  src.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const out = dst[i];
    if (cs.display === "none") {
      drop.push(out);
      return;
    }
    // As presentation attributes, not a style attribute: a page under a `style-src` CSP without
    // 'unsafe-inline' refuses (and reports) every inline style set, even on a detached copy.
    for (const p of PROPS) out.setAttribute(p, cs.getPropertyValue(p));
    out.removeAttribute("style");
    out.removeAttribute("class");
    out.removeAttribute("tabindex");
  });
  for (const el of drop) el.remove();
  clone.append(...extra);
  const box = svg.getBoundingClientRect();
  const width = Math.round(Number(svg.getAttribute("width")) || box.width);
  const height = Math.round(Number(svg.getAttribute("height")) || box.height);
  clone.setAttribute("xmlns", SVG_NS);
  clone.setAttribute("width", String(width));
  clone.setAttribute("height", String(height));
  if (background) {
    const rect = document.createElementNS(SVG_NS, "rect");
    for (const [k, v] of Object.entries({ x: 0, y: 0, width, height, fill: background })) rect.setAttribute(k, String(v));
    clone.insertBefore(rect, clone.firstChild);
  }
  return { svg: new XMLSerializer().serializeToString(clone), width, height };
}

/** Draw SVG markup onto a canvas (`scale` × its size) and return the PNG as a Blob. */
export async function svgToPng(svgText, width, height, scale = 2) {
  const url = URL.createObjectURL(new Blob([svgText], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    img.decoding = "sync";
    await new Promise((resolve, reject) => {
      img.onload = resolve;
      img.onerror = () => reject(new Error("the browser could not draw the SVG"));
      img.src = url;
    });
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext("2d");
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the canvas gave no PNG"))), "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Offer `blob` as a download called `name`. */
export function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
