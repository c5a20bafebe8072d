// The `kafka-topics.sh --describe` panel: the command and its output for the current snapshot
// (describe-model.js), in a <pre> the reader can select, with a Copy button. Test hook: #describe pre.

import { h, setText } from "./dom.js";
import { describeCommand, describeTopic } from "../views/describe-model.js";

export function render(root, snap) {
  const text = describeTopic(snap);
  if (!root.firstChild) {
    root.append(h("code", { class: "describe-command" }), h("pre", { class: "describe-output", tabindex: "0" }));
  }
  setText(root.querySelector(".describe-command"), `$ ${describeCommand(snap)}`);
  setText(root.querySelector(".describe-output"), text);
}
