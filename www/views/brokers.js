// Brokers bar: one card per broker with its status, the controller badge, its ZooKeeper
// registration, the partitions it hosts, and Fail / Recover buttons.
// The buttons carry data-action and data-broker; main.js handles the clicks (event delegation).

import { h, join, setAttr, setText } from "./dom.js";
import { brokersModel, modelKey } from "./model.js";

export function render(root, snap) {
  const model = brokersModel(snap);
  const key = modelKey(model);
  if (root.__key === key) return;
  root.__key = key;

  let list = root.querySelector(".broker-list");
  if (!list) {
    list = h("ol", { class: "broker-list", "aria-label": "Brokers" });
    root.replaceChildren(list);
  }
  join(list, model, (b) => b.id, createCard, updateCard);
}

function createCard(b) {
  const el = h(
    "li",
    { class: "broker", "data-broker": b.id },
    h(
      "div",
      { class: "broker-head" },
      h("span", { class: "broker-name" }, `Broker ${b.id}`),
      h("span", { class: "pill status" }),
      h("span", { class: "pill controller-badge", title: "This broker is the controller: it elects partition leaders and writes the partition state to ZooKeeper" }),
    ),
    h("div", { class: "broker-zk" }),
    h("ul", { class: "broker-hosts", "aria-label": `Partitions on broker ${b.id}` }),
    h(
      "div",
      { class: "broker-actions" },
      h("button", { type: "button", class: "btn btn-danger", "data-action": "fail", "data-broker": b.id, "aria-label": `Fail broker ${b.id}`, title: "Crash this broker (kill -9)" }, "Fail"),
      h("button", { type: "button", class: "btn", "data-action": "recover", "data-broker": b.id, "aria-label": `Recover broker ${b.id}`, title: "Restart this broker" }, "Recover"),
    ),
  );
  return el;
}

function updateCard(el, b) {
  const up = b.status === "up";
  el.classList.toggle("crashed", !up);
  el.classList.toggle("is-controller", b.controller);
  const status = el.querySelector(".status");
  setText(status, up ? "up" : "crashed");
  status.className = `pill status ${up ? "ok" : "bad"}`;

  const ctrl = el.querySelector(".controller-badge");
  ctrl.hidden = !b.controller;
  setText(ctrl, b.controller ? `controller · epoch ${b.controllerEpoch}` : "");

  const zk = el.querySelector(".broker-zk");
  let zkText;
  if (b.registered) zkText = up ? "/brokers/ids/" + b.id + " registered" : "ZK session still alive: the controller has not noticed yet";
  else zkText = up ? "registering in ZooKeeper…" : "/brokers/ids/" + b.id + " gone: session expired";
  setText(zk, zkText);
  zk.classList.toggle("warn", !up && b.registered);

  const hosts = el.querySelector(".broker-hosts");
  join(
    hosts,
    b.hosts,
    (x) => x.partition,
    (x) => h("li", { class: "host" }),
    (li, x) => {
      li.className = `host host-${x.role}`;
      const label = x.role === "leader" ? `P${x.partition} ♛` : `P${x.partition}`;
      setText(li, label);
      setAttr(li, "title", `Partition ${x.partition}: ${x.role === "leader" ? "leader" : x.role === "isr" ? "follower in the ISR" : "follower out of the ISR"}`);
    },
  );

  el.querySelector('[data-action="fail"]').disabled = !up;
  el.querySelector('[data-action="recover"]').disabled = up;
}
