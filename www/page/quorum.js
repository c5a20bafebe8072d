// The `kafka-metadata-quorum describe` panel (KRaft presets): both commands and their outputs for
// the current snapshot (quorum-model.js), in <pre>s the reader can select. Test hook: #quorum pre.

import { h, setBoxText } from "./dom.js";
import { QUORUM_COMMANDS, quorumReplication, quorumStatus } from "../views/quorum-model.js";

export function render(root, snap) {
  if (!root.firstChild) {
    for (const k of ["status", "replication"]) {
      root.append(h("code", { class: "describe-command" }, `$ ${QUORUM_COMMANDS[k]}`), h("pre", { class: `describe-output quorum-${k}`, tabindex: "0" }, h("span", { class: "quorum-lines" })));
    }
  }
  // The replication table's times change every tick: each output is a box laid out on its own
  // (dom.js setBoxText), else each tick laid out the whole page (issue #19's frame budget).
  setBoxText(root.querySelector(".quorum-status .quorum-lines"), quorumStatus(snap) ?? "");
  setBoxText(root.querySelector(".quorum-replication .quorum-lines"), quorumReplication(snap) ?? "");
}
