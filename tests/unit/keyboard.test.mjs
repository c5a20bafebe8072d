// Keyboard shortcuts and the broker action table (www/page/keyboard.js, www/app/actions.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { keyCommand, SHORTCUTS } from "../../www/page/keyboard.js";
import { BROKER_ACTIONS, brokerAction, brokerActionEnabled, selectByDigit } from "../../www/app/actions.js";

/** A stand-in for a focused element: closest(selector) matches on tag names only. */
function el(tag, type) {
  return { type, closest: (sel) => (sel.split(",").map((s) => s.trim().split(/[[.:]/)[0]).includes(tag) ? { type } : null) };
}
const key = (k, extra = {}) => keyCommand({ key: k, target: el("body"), ...extra });

describe("shortcuts", () => {
  test("the documented keys", () => {
    assert.deepEqual(key(" "), { command: "togglePlay" });
    assert.deepEqual(key("ArrowRight"), { command: "step" });
    assert.deepEqual(key("s"), { command: "step" });
    assert.deepEqual(key("ArrowLeft"), { command: "stepBack" });
    assert.deepEqual(key("p"), { command: "produce" });
    assert.deepEqual(key("r"), { command: "reset" });
    assert.deepEqual(key("?"), { command: "help" });
    assert.deepEqual(key("7"), { command: "select", digit: 7 });
    assert.deepEqual(["c", "x", "k", "w", "i", "u"].map((k) => key(k).command), ["crash", "crashLossy", "stuck", "slow", "isolate", "recover"]);
  });
  test("left alone: modifiers, Shift+letter, typing, Space on a button, unknown keys", () => {
    assert.equal(key("s", { ctrlKey: true }), null);
    assert.equal(key("r", { metaKey: true }), null);
    assert.equal(key("S"), null);
    assert.equal(key("s", { target: el("input", "number") }), null);
    assert.equal(key("s", { target: el("select") }), null);
    assert.equal(key(" ", { target: el("button") }), null);
    assert.deepEqual(key("s", { target: el("button") }), { command: "step" }, "letters still work on a focused button");
    assert.deepEqual(key("p", { target: el("input", "checkbox") }), { command: "produce" });
    assert.equal(key("ArrowLeft", { target: el("input", "range") }), null, "a slider keeps its arrows");
    assert.deepEqual(key(" ", { target: el("input", "range") }), { command: "togglePlay" });
    assert.equal(key("q"), null);
    assert.equal(key("F5"), null);
  });
  test("the help overlay lists every command the keys run", () => {
    const listed = new Set(SHORTCUTS.map((s) => s.command));
    for (const k of [" ", "s", "ArrowLeft", "p", "a", "r", "?", "3", ...BROKER_ACTIONS.map((a) => a.key)]) {
      assert.ok(listed.has(key(k).command), `${k} → ${key(k).command} is in the help`);
    }
  });
});

describe("broker selection by digits", () => {
  test("two quick digits make a two-digit id when that broker exists", () => {
    let s = selectByDigit(null, 1, 0, 24);
    s = selectByDigit(s, 2, 300, 24);
    assert.equal(s.id, 12);
    assert.equal(selectByDigit(s, 3, 500, 24).id, 3, "123 does not exist: start over");
    assert.equal(selectByDigit({ id: 1, at: 0 }, 2, 5000, 24).id, 2, "too slow: start over");
    assert.equal(selectByDigit({ id: 1, at: 0 }, 2, 100, 4).id, 2, "only 4 brokers: no B12");
  });
});

describe("broker actions", () => {
  test("each is one handle call", () => {
    assert.deepEqual(brokerAction("crash").call(2), ["fail", [2]]);
    assert.deepEqual(brokerAction("crashLossy").call(2), ["fail", [2, "crash", { lossy: true }]]);
    assert.deepEqual(brokerAction("stuck").call(2), ["fail", [2, "stuck"]]);
    assert.deepEqual(brokerAction("slow").call(2), ["fail", [2, "slow"]]);
    assert.deepEqual(brokerAction("isolate").call(2), ["fail", [2, "isolated"]]);
    assert.deepEqual(brokerAction("shutdown").call(2), ["fail", [2, "shutdown"]]);
    assert.deepEqual(brokerAction("recover").call(2), ["recover", [2]]);
    assert.equal(brokerAction("nope"), null);
  });
  test("what makes sense in each status", () => {
    const enabled = (status) => BROKER_ACTIONS.filter((a) => brokerActionEnabled(a, status)).map((a) => a.id);
    // As the core takes them: a fault only on a broker that is up (fail refuses any other), and a
    // controlled shutdown cannot be undone until the broker has stopped.
    assert.deepEqual(enabled("up"), ["crash", "crashLossy", "stuck", "slow", "isolate", "shutdown"]);
    assert.deepEqual(enabled("crashed"), ["recover"]);
    assert.deepEqual(enabled("stuck"), ["recover"]);
    assert.deepEqual(enabled("shutting-down"), []);
    assert.deepEqual(enabled("stopped"), ["recover"]);
  });
});

describe("keyboard scope", () => {
  /** A focused element in a document whose selection is `text` (empty: a caret, collapsed). */
  const inDoc = (text) => ({ ...el("body"), ownerDocument: { getSelection: () => ({ isCollapsed: text === "", toString: () => text }) } });
  test("no shortcut while text is selected: Space, letters and digits belong to the selection", () => {
    for (const k of [" ", "s", "c", "7", "ArrowRight"]) assert.equal(key(k, { target: inDoc("the leader's HW") }), null, k);
  });
  test("a caret left by a click on text is no selection", () => {
    assert.deepEqual(key(" ", { target: inDoc("") }), { command: "togglePlay" });
    assert.deepEqual(key("s", { target: inDoc("  ") }), { command: "step" });
  });
});
