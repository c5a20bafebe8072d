// What the user can do to a broker, in one table used by the broker cards, the context menu, the
// keyboard shortcuts and the help overlay. Each action maps to one handle call (docs/api.md);
// `shortcut` is its line in the help overlay.

export const BROKER_ACTIONS = [
  {
    id: "crash",
    shortcut: "Crash the selected broker",
    label: "Crash",
    key: "c",
    call: (b) => ["fail", [b]],
    help: "kill -9: the process stops. Its ZooKeeper session expires after zookeeper.session.timeout.ms, then the controller moves its leaderships.",
  },
  {
    id: "crashLossy",
    shortcut: "Crash it, losing its unflushed writes",
    label: "Crash, losing unflushed writes",
    key: "x",
    call: (b) => ["fail", [b, "crash", { lossy: true }]],
    help: "Power loss: records not yet flushed to disk are gone when it restarts.",
  },
  {
    id: "stuck",
    shortcut: "Make it stuck (GC pause)",
    label: "Stuck (GC pause)",
    key: "k",
    call: (b) => ["fail", [b, "stuck"]],
    help: "Alive and still registered in ZooKeeper, but neither fetching nor answering: its followers fall out of the ISR.",
  },
  {
    id: "slow",
    shortcut: "Make it slow",
    label: "Slow",
    key: "w",
    call: (b) => ["fail", [b, "slow"]],
    help: "Fetches and answers slowly: a slow follower, the usual cause of ISR shrinks.",
  },
  {
    id: "isolate",
    shortcut: "Isolate it from the network",
    label: "Isolate",
    key: "i",
    call: (b) => ["fail", [b, "isolated"]],
    help: "Network partition: cut off from every other broker and from ZooKeeper.",
  },
  {
    id: "recover",
    shortcut: "Recover it",
    label: "Recover",
    key: "u",
    call: (b) => ["recover", [b]],
    help: "Restart it / end the fault: it registers again, truncates if needed and catches up.",
  },
];

/** The broker status each fault action leads to (to disable the one already in effect). */
const STATUS_OF = { crash: "crashed", crashLossy: "crashed", stuck: "stuck", slow: "slow", isolate: "isolated" };

/** Whether `action` makes sense for a broker in `status` ("up", "crashed", "stuck", …). */
export function brokerActionEnabled(action, status) {
  if (action.id === "recover") return status !== "up";
  return status !== STATUS_OF[action.id] && status !== "crashed";
}

export function brokerAction(id) {
  return BROKER_ACTIONS.find((a) => a.id === id) ?? null;
}
