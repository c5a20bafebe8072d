// A partition's replica sets in the partitions view (partitions.js): AR, ISR and OSR as chips
// keyed by broker, the leader's marked. A follower leaving the ISR (or rejoining it) is a chip
// moving between the two sets, animated, so the moment is hard to miss. Also the head's flags (drawFlags).

import { h, join } from "./dom.js";
import { modelKey } from "../views/model.js";

/** How long (ms) a chip or a badge takes to move or settle. */
export const MOVE_MS = 700;

/**
 * AR = ISR + OSR as chips keyed by broker. A chip that changes set is moved in the DOM and then
 * animated from where it was (FLIP), so ISR shrink / expand reads as movement. `m`: the
 * partition's view model (views/model.js partitionModel); `ctx`: { reducedMotion }.
 */
export function updateSets(block, m, ctx) {
  const chipsOf = (cls) => block.querySelector(`.${cls} .chips`);
  // FLIP measurements only when a chip changes place between ISR and OSR (and motion is wanted):
  // reading positions every frame would force a layout per partition.
  const setsKey = `${m.isr.join(",")}|${m.osr.join(",")}`;
  const drawn = `${setsKey}|${m.replicasOrder.join(",")}|${m.leader}`;
  if (block.__sets === drawn) return;
  block.__sets = drawn;
  const moved = block.__setsKey !== undefined && block.__setsKey !== setsKey;
  block.__setsKey = setsKey;
  const flip = moved && !ctx.reducedMotion;
  const before = new Map();
  if (flip) for (const chip of block.querySelectorAll(".set-isr .chip, .set-osr .chip")) before.set(chip.__key, chip.getBoundingClientRect());
  const chip = (b) => h("span", { class: "chip", "data-broker": b }, String(b));
  const mark = (el, b) => el.classList.toggle("chip-leader", b === m.leader);
  join(chipsOf("set-ar"), m.replicasOrder, (b) => b, chip, mark);
  // Move chips between the two sets by hand so each keeps its identity (join works per parent).
  for (const [cls, ids] of [["set-isr", m.isr], ["set-osr", m.osr]]) {
    const parent = chipsOf(cls);
    ids.forEach((b, i) => {
      let el = block.querySelector(`.set-isr .chip[data-broker="${b}"], .set-osr .chip[data-broker="${b}"]`);
      if (!el) {
        el = chip(b);
        el.__key = b;
      }
      mark(el, b);
      if (parent.children[i] !== el) parent.insertBefore(el, parent.children[i] ?? null);
    });
    while (parent.children.length > ids.length) parent.lastElementChild.remove();
  }
  block.querySelector(".set-osr").classList.toggle("empty", m.osr.length === 0);
  if (!flip) return;
  for (const el of block.querySelectorAll(".set-isr .chip, .set-osr .chip")) {
    const was = before.get(el.__key);
    if (!was) continue;
    const now = el.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(1.4)` }, { transform: "none" }], { duration: MOVE_MS, easing: "cubic-bezier(.2,.8,.2,1)" });
  }
}

/**
 * A partition head's flags (views/model.js partitionAlerts). A desktop head is one line (issue
 * #14): there the first flag with short words shows them, its title says every flag in full, and
 * the others are left to it (data-rest); a screen reader hears them all. A phone's head wraps and
 * shows each flag's full text (style.css).
 */
export function drawFlags(el, flags) {
  const key = modelKey(flags);
  if (el.__key === key) return;
  el.__key = key;
  const first = flags.findIndex((f) => f.short);
  const all = flags.map((f) => f.text).join("; ");
  el.replaceChildren(
    ...flags.map((f, i) =>
      h(
        "span",
        { class: `pill ${f.kind === "warn" ? "warn" : "bad"}`, title: i === first ? all : f.text, "data-rest": i === first ? null : "" },
        h("span", { class: "flag-short", "aria-hidden": "true" }, f.short),
        h("span", { class: "flag-full" }, f.text),
      ),
    ),
  );
}
