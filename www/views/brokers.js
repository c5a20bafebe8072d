// Broker cards: one per broker with its status, the controller badge, its ZooKeeper registration,
// the partitions it hosts, and the fault buttons (Crash, Recover, and "Faults…" for the menu of
// every fault in actions.js). Buttons carry data-action and data-broker; main.js handles them.

import { h, join, setAttr, setText } from "./dom.js";
import { brokersModel, modelKey } from "./model.js";
import { brokerAction, brokerActionEnabled } from "../actions.js";

const STATUS_CLASS = { up: "ok", crashed: "bad", stuck: "warn", slow: "warn", isolated: "warn" };

/** `ctx.selected`: the broker chosen by click or digit key (highlighted). */
export function render(root, snap, ctx = {}) {
  const model = brokersModel(snap).map((b) => ({ ...b, selected: ctx.selected === b.id }));
  const key = modelKey(model);
  if (root.__key === key) return;
  root.__key = key;

  let list = root.querySelector(".broker-list");
  if (!list) {
    list = h("ol", { class: "broker-list", "aria-label": "Brokers" });
    root.replaceChildren(list);
  }
  list.classList.toggle("many", model.length > 8);
  join(list, model, (b) => b.id, createCard, updateCard);
}

function actionButton(id, b, cls) {
  const a = brokerAction(id);
  return h(
    "button",
    { type: "button", class: `btn ${cls}`, "data-action": id, "data-broker": b.id, "aria-label": `${a.label} broker ${b.id}`, title: `${a.help} (select it, then ${a.key.toUpperCase()})` },
    a.label,
  );
}

function createCard(b) {
  return h(
    "li",
    { class: "broker", "data-broker": b.id },
    h(
      "div",
      { class: "broker-head" },
      h("span", { class: "broker-name" }, `Broker ${b.id}`),
      h("span", { class: "pill status" }),
      h("span", { class: "pill controller-badge", title: "This broker is the controller: it elects partition leaders and writes their state to ZooKeeper" }),
    ),
    h("div", { class: "broker-zk" }),
    h("ul", { class: "broker-hosts", "aria-label": `Partitions on broker ${b.id}` }),
    h(
      "div",
      { class: "broker-actions" },
      actionButton("crash", b, "btn-danger"),
      actionButton("recover", b, ""),
      h(
        "button",
        { type: "button", class: "btn btn-menu", "data-action": "menu", "data-broker": b.id, "aria-haspopup": "menu", "aria-label": `All faults for broker ${b.id}`, title: "Crash (lossy), stuck, slow, isolate, recover" },
        "Faults…",
      ),
    ),
  );
}

function updateCard(el, b) {
  const up = b.status === "up";
  el.className = `broker status-${b.status}${b.controller ? " is-controller" : ""}${b.selected ? " is-selected" : ""}`;
  const status = el.querySelector(".status");
  setText(status, b.status);
  status.className = `pill status ${STATUS_CLASS[b.status] ?? "warn"}`;

  const ctrl = el.querySelector(".controller-badge");
  ctrl.hidden = !b.controller;
  setText(ctrl, b.controller ? `controller · epoch ${b.controllerEpoch}` : "");

  const zk = el.querySelector(".broker-zk");
  let zkText;
  if (b.registered) zkText = up ? `/brokers/ids/${b.id} registered` : "ZK session still alive: the controller has not noticed yet";
  else zkText = up ? "registering in ZooKeeper…" : `/brokers/ids/${b.id} gone: session expired`;
  setText(zk, zkText);
  zk.classList.toggle("warn", !up && b.registered);

  join(
    el.querySelector(".broker-hosts"),
    b.hosts,
    (x) => x.partition,
    () => h("li", { class: "host" }),
    (li, x) => {
      li.className = `host host-${x.role}`;
      setText(li, x.role === "leader" ? `P${x.partition} ♛` : `P${x.partition}`);
      setAttr(li, "title", `Partition ${x.partition}: ${x.role === "leader" ? "leader" : x.role === "isr" ? "follower in the ISR" : "follower out of the ISR"}`);
    },
  );

  for (const btn of el.querySelectorAll("button[data-action]")) {
    const a = brokerAction(btn.dataset.action);
    if (a) btn.disabled = !brokerActionEnabled(a, b.status);
  }
}
