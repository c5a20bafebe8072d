// ZooKeeper panel: the znode tree of snapshot.zk (/controller, /controller_epoch, /brokers/ids,
// /brokers/topics/demo and each partition's state JSON with its zkVersion). Znodes that changed
// since the previous frame flash, so a leader election or an ISR change is seen where it is
// written. Test hook: [data-znode="<path>"] with .zk-data and .zk-version inside.

import { h, setText } from "./dom.js";
import { modelKey } from "../views/model.js";
import { zkChanges, zkDeletions, zkTree, znodeHelp } from "../views/zk-model.js";
import { t } from "../i18n.js";

export function render(root, snap, prev, ctx = {}) {
  const znodes = snap.zk ?? [];
  const key = modelKey(znodes);
  if (root.__key === key) return;
  root.__key = key;
  if (!snap.zk) {
    root.replaceChildren(h("p", { class: "muted" }, t("zk.unsupported")));
    return;
  }
  let tree = root.querySelector(".zk-tree");
  if (!tree) {
    tree = h("ul", { class: "zk-tree", "aria-label": t("zk.tree") });
    root.replaceChildren(tree, h("p", { class: "zk-gone muted", "aria-live": "off" }));
  }
  const shape = znodes.map((z) => z.path).join("|");
  if (tree.__shape !== shape) {
    tree.__shape = shape;
    tree.replaceChildren(...zkTree(znodes).children.map(nodeItem));
    tree.__items = new Map([...tree.querySelectorAll("[data-znode]")].map((li) => [li.dataset.znode, li]));
  }
  // The previous frame's znodes only mean "what just changed" when time moved forward by play or step.
  const before = ctx.continuous ? prev?.zk : null;
  const changes = zkChanges(znodes, before);
  for (const z of znodes) {
    const li = tree.__items.get(z.path);
    if (!li) continue;
    setText(li.querySelector(".zk-data"), z.data);
    setText(li.querySelector(".zk-version"), `v${z.version}`);
    const line = li.querySelector(".zk-line");
    if (ctx.reducedMotion) line.classList.toggle("zk-changed-still", changes.has(z.path));
    else if (changes.has(z.path)) flash(line);
  }
  const gone = zkDeletions(znodes, before);
  const note = root.querySelector(".zk-gone");
  if (gone.length) setText(note, t("zk.deleted", { tick: snap.tick, paths: gone.join(", ") }));
  else if (!ctx.continuous) setText(note, "");
}

function nodeItem(node) {
  const z = node.znode;
  const help = znodeHelp(node.path);
  return h(
    "li",
    { class: `zk-node${z ? " has-data" : ""}`, "data-znode": z ? node.path : null, title: help || null },
    h(
      "div",
      { class: "zk-line" },
      h("span", { class: "zk-name" }, node.name),
      z ? h("span", { class: "zk-version", title: t("zk.version.title") }) : null,
      z ? h("code", { class: "zk-data" }) : null,
    ),
    node.children.length ? h("ul", {}, ...node.children.map(nodeItem)) : null,
  );
}

/** The fading highlight of a changed znode: held for 30 % of its time, then eased out. */
const FLASH = [
  { background: "var(--leader-bg)", boxShadow: "inset 3px 0 0 var(--leader)" },
  { offset: 0.3, background: "var(--leader-bg)", boxShadow: "inset 3px 0 0 var(--leader)", easing: "ease-out" },
  {},
];

/**
 * Restart the highlight on a znode line (reduced motion marks it without fading instead). An
 * animation of its own, so restarting it needs no forced layout (as re-adding a CSS class would).
 */
function flash(line) {
  line.__flash?.cancel();
  line.__flash = line.animate(FLASH, { duration: 2400 });
}

