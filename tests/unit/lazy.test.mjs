// once() (www/lazy.js): the loader of a code-split chunk is shared by every caller, and a failed
// load is not remembered, so the next use tries again.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { once } from "../../www/lazy.js";

describe("once", () => {
  test("concurrent and later calls share one load", async () => {
    let calls = 0;
    const load = once(async () => ++calls);
    const [a, b] = await Promise.all([load(), load()]);
    assert.deepEqual([a, b, await load(), calls], [1, 1, 1, 1]);
  });
  test("after a failure the next call loads again", async () => {
    let calls = 0;
    const load = once(async () => {
      calls++;
      if (calls === 1) throw new Error("offline");
      return "module";
    });
    await assert.rejects(load(), /offline/);
    assert.equal(await load(), "module");
    assert.equal(await load(), "module");
    assert.equal(calls, 2);
  });
});
