// Broker cards: one per broker with its status, the controller badge, its ZooKeeper registration
// (a countdown ring while its session expires), the partitions it hosts, and the fault buttons
// (Crash, Recover, and "Faults…" for the menu of every fault in actions.js). Buttons carry data-action and data-broker; the app handles them.

import { h, join, setAttr, setText } from "./dom.js";
import { brokersModel, faultHelp, modelKey } from "../views/model.js";
import { brokerAction, brokerActionEnabled } from "../app/actions.js";
import { t } from "../i18n.js";

const STATUS_CLASS = { up: "ok", crashed: "bad", stopped: "bad", stuck: "warn", slow: "warn", isolated: "warn", "shutting-down": "warn" };

/**
 * `ctx.selected`: the broker chosen by click or digit key (highlighted); `ctx.config`: the
 * cluster's config (snapshot.config), for what each fault does under its version.
 */
export function render(root, snap, ctx = {}) {
  const model = brokersModel(snap).map((b) => ({ ...b, selected: ctx.selected === b.id }));
  const config = ctx.config ?? snap.config ?? {};
  // The fault help depends on four config values and the language: worded only when they change.
  const helpKey = `${config.version}|${config.zookeeperSessionTimeoutMs}|${config.replicaLagTimeMaxMs}|${config.replicaLagMaxMessages}|${document.documentElement.lang}`;
  const key = `${modelKey(model)}|${helpKey}`;
  if (root.__key === key) return;
  root.__key = key;

  let list = root.querySelector(".broker-list");
  if (!list) {
    list = h("ol", { class: "broker-list", "aria-label": t("brokers.list") });
    root.replaceChildren(
      list,
      h("details", { class: "fault-help" }, h("summary", {}), h("ul", { class: "fault-help-list" })),
    );
  }
  list.classList.toggle("many", model.length > 8);
  join(list, model, (b) => b.id, createCard, updateCard);
  const help = root.querySelector(".fault-help");
  if (help.__key === helpKey) return;
  help.__key = helpKey;
  const faults = faultHelp(config);
  setText(help.querySelector("summary"), t("faults.summary", { version: faults.version }));
  join(help.querySelector(".fault-help-list"), faults.lines, (l) => l.id, (l) => h("li", { "data-fault": l.id }), (li, l) => setText(li, l.text));
}

function actionButton(id, b, cls) {
  const a = brokerAction(id);
  return h(
    "button",
    { type: "button", class: `btn ${cls}`, "data-action": id, "data-broker": b.id, "aria-label": t("broker.action.aria", { label: a.label, id: b.id }), title: t("broker.action.title", { help: a.help, key: a.key.toUpperCase() }) },
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
      h("span", { class: "broker-name" }, t("broker.name", { id: b.id })),
      h("span", { class: "pill status" }),
      h("span", { class: "pill controller-badge", title: t("broker.controllerTitle") }),
      h("span", { class: "pill rack", title: t("broker.rackTitle") }),
    ),
    h("div", { class: "broker-zk" }, h("span", { class: "zk-ring", hidden: true, "aria-hidden": "true" }), h("span", { class: "broker-zk-text" })),
    h("ul", { class: "broker-hosts", "aria-label": t("broker.hosts", { id: b.id }) }),
    h(
      "div",
      { class: "broker-actions" },
      actionButton("crash", b, "btn-danger"),
      actionButton("recover", b, ""),
      h(
        "button",
        { type: "button", class: "btn btn-menu", "data-action": "menu", "data-broker": b.id, "aria-haspopup": "menu", "aria-label": t("broker.faults.aria", { id: b.id }), title: t("broker.faults.title") },
        t("broker.faults"),
      ),
    ),
  );
}

function updateCard(el, b) {
  const up = b.status === "up";
  el.className = `broker status-${b.status}${b.controller ? " is-controller" : ""}${b.selected ? " is-selected" : ""}`;
  const status = el.querySelector(".status");
  setText(status, t(`status.${b.status}`));
  status.className = `pill status ${STATUS_CLASS[b.status] ?? "warn"}`;

  const ctrl = el.querySelector(".controller-badge");
  ctrl.hidden = !b.controller;
  setText(ctrl, b.controller ? t("broker.controllerBadge", { epoch: b.controllerEpoch }) : "");
  const rack = el.querySelector(".rack");
  rack.hidden = b.rack === null;
  setText(rack, b.rack === null ? "" : t("broker.rack", { rack: b.rack }));

  // The session as the core says (zkSession): a broker that stopped heart-beating (crashed,
  // stuck, cut from ZooKeeper) keeps its znode until the session expires, and the controller
  // acts only then; a slow broker still heart-beats.
  const zk = el.querySelector(".broker-zk");
  const expiring = b.expiresIn !== null;
  let zkText;
  if (expiring) zkText = t("broker.zk.expiring", { time: b.expiresIn });
  else if (b.registered) zkText = t("broker.zk.registered", { id: b.id });
  else zkText = up ? t("broker.zk.registering") : t("broker.zk.gone", { id: b.id });
  setText(zk.querySelector(".broker-zk-text"), zkText);
  setAttr(zk, "title", expiring ? t("broker.zk.expiring.title", { id: b.id }) : null);
  zk.classList.toggle("warn", expiring);
  const ring = zk.querySelector(".zk-ring");
  ring.hidden = !expiring;
  if (expiring) ring.style.setProperty("--left", b.expiresFraction.toFixed(3));

  join(
    el.querySelector(".broker-hosts"),
    b.hosts,
    (x) => x.partition,
    () => h("li", { class: "host" }),
    (li, x) => {
      li.className = `host host-${x.role}`;
      setText(li, x.role === "leader" ? `P${x.partition} ♛` : `P${x.partition}`);
      setAttr(li, "title", t("broker.host.title", { p: x.partition, role: t(`broker.host.${x.role}`) }));
    },
  );

  for (const btn of el.querySelectorAll("button[data-action]")) {
    const a = brokerAction(btn.dataset.action);
    if (a) btn.disabled = !brokerActionEnabled(a, b.status);
  }
}
