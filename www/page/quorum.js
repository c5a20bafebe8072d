// The `kafka-metadata-quorum describe` panel (KRaft presets): both commands and their outputs for
// the current snapshot (quorum-model.js), in <pre>s the reader can select. Test hook: #quorum pre.

import { h, setText } from "./dom.js";
import { QUORUM_COMMANDS, quorumReplication, quorumStatus } from "../views/quorum-model.js";

export function render(root, snap) {
  if (!root.firstChild) {
    for (const k of ["status", "replication"]) {
      root.append(h("code", { class: "describe-command" }, `$ ${QUORUM_COMMANDS[k]}`), h("pre", { class: `describe-output quorum-${k}`, tabindex: "0" }));
    }
  }
  setText(root.querySelector(".quorum-status"), quorumStatus(snap) ?? "");
  setText(root.querySelector(".quorum-replication"), quorumReplication(snap) ?? "");
}
