// The default page's first frame (issue #16, www/app/first-frame.js): which pages may draw the
// build's snapshot first, and the stand-in commands that keep what is pressed before the app is
// there and run it in order once it is.
import assert from "node:assert/strict";
import { test } from "node:test";
import { defaultPage, pendingCommands } from "../../www/app/first-frame.js";

const win = (search = "", hash = "", framed = false) => {
  const w = { location: { search, hash } };
  w.parent = framed ? {} : w;
  return w;
};

test("only the page with nothing in its URL, not embedded, starts as the build recorded", () => {
  assert.equal(defaultPage(win()), true);
  assert.equal(defaultPage(win("?lang=zh")), false);
  assert.equal(defaultPage(win("?scenario=01-anatomy&step=2")), false);
  assert.equal(defaultPage(win("", "#v=2&s=1&c=abc")), false);
  assert.equal(defaultPage(win("", "", true)), false, "an embed's frame");
});

test("pending commands run in order once started, later calls go straight through", () => {
  const calls = [];
  const { cmd, start } = pendingCommands();
  cmd.step();
  cmd.produce();
  cmd.setSpeed("1.5");
  assert.deepEqual(calls, [], "nothing runs before the app is there");
  assert.equal(typeof cmd.skip, "function", "every command name is callable (page-layout.js checks some)");
  const real = new Proxy({}, { get: (_, name) => (...args) => calls.push([name, ...args]) });
  start(real);
  assert.deepEqual(calls, [["step"], ["produce"], ["setSpeed", "1.5"]]);
  cmd.step();
  assert.deepEqual(calls.at(-1), ["step"]);
  assert.equal(calls.length, 4);
});
