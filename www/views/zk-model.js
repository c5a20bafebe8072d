// The ZooKeeper panel's data: snapshot.zk ([{path, data, version}]) as a tree, and which znodes
// changed since the previous snapshot drawn. Pure, unit-tested.

import { t } from "../i18n.js";

/**
 * The znodes as a tree of { name, path, znode (null for a parent that only groups children),
 * children }, children in the order the core lists them (it lists /controller first and
 * partitions in order; ids sort numerically).
 */
export function zkTree(znodes) {
  const root = { name: "/", path: "/", znode: null, children: [] };
  const byPath = new Map([["/", root]]);
  for (const z of znodes ?? []) {
    const parts = z.path.split("/").filter(Boolean);
    let parent = root;
    let path = "";
    parts.forEach((name, i) => {
      path += `/${name}`;
      let node = byPath.get(path);
      if (!node) {
        node = { name, path, znode: null, children: [] };
        byPath.set(path, node);
        parent.children.push(node);
      }
      if (i === parts.length - 1) node.znode = z;
      parent = node;
    });
  }
  return root;
}

/**
 * Paths created or changed (data or zkVersion) between `prev` and `cur` znode lists:
 * Map path → "created" | "changed". Empty without a previous list (first frame, new cluster).
 */
export function zkChanges(cur, prev) {
  const out = new Map();
  if (!prev) return out;
  const before = new Map(prev.map((z) => [z.path, z]));
  for (const z of cur ?? []) {
    const old = before.get(z.path);
    if (!old) out.set(z.path, "created");
    else if (old.data !== z.data || old.version !== z.version) out.set(z.path, "changed");
  }
  return out;
}

/** Paths that existed in `prev` and are gone in `cur` (e.g. an expired broker registration). */
export function zkDeletions(cur, prev) {
  if (!prev) return [];
  const now = new Set((cur ?? []).map((z) => z.path));
  return prev.filter((z) => !now.has(z.path)).map((z) => z.path);
}

/** What a znode is for, in a few words (tooltip and screen-reader text). */
export function znodeHelp(path) {
  if (path === "/controller") return t("zk.help.controller");
  if (path === "/controller_epoch") return t("zk.help.controllerEpoch");
  if (/^\/brokers\/ids\/\d+$/.test(path)) return t("zk.help.brokerId");
  if (/^\/brokers\/topics\/[^/]+$/.test(path)) return t("zk.help.topic");
  if (/\/partitions\/\d+\/state$/.test(path)) return t("zk.help.state");
  return "";
}
