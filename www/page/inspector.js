// The inspector dialog, a chunk of its own (loaded on first use): what it shows of a broker,
// partition, replica, record or message (views/inspector-model.js), live while it is open.

import { inspect } from "../views/inspector-model.js";
import * as inspectorView from "./inspector-view.js";

const dialog = () => /** @type {HTMLDialogElement} */ (document.querySelector("#inspector"));

/** Draw `target` from `snap` (a full snapshot: the inspector lists every record the core keeps). */
export function drawInspector(target, snap, cuts) {
  inspectorView.render(dialog(), inspect(target, snap, { cuts }));
}

/** Open the dialog on `target`. */
export function openInspector(target, snap, cuts) {
  drawInspector(target, snap, cuts);
  if (!dialog().open) dialog().showModal();
}

export function inspectorOpen() {
  return dialog().open;
}
