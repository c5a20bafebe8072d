// app/loop.js: the one animation loop. Commands only mark it dirty; it draws once per task (or per
// frame while playing), requests frames only while something plays, and none while held.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Loop } from "../../www/app/loop.js";

/** A loop with hand-run frames and microtasks, counting draws and the ticks it advanced. */
function harness({ tps = 10 } = {}) {
  const frames = [];
  const tasks = [];
  const seen = { draws: 0, ticks: 0, animated: 0, playing: false };
  const loop = new Loop(
    {
      animating: () => seen.playing,
      tps: () => tps,
      advance: (n) => (seen.ticks += n),
      draw: () => seen.draws++,
      animate: () => seen.animated++,
    },
    { raf: (fn) => frames.push(fn), microtask: (fn) => tasks.push(fn) },
  );
  return {
    loop,
    seen,
    frames,
    endTask: () => tasks.splice(0).forEach((fn) => fn()),
    frame: (now) => frames.shift()(now),
  };
}

test("several changes in one task make one draw, at its end; no frame while nothing plays", () => {
  const h = harness();
  h.loop.dirty();
  h.loop.dirty();
  h.loop.dirty();
  assert.equal(h.seen.draws, 0, "commands do not draw");
  h.endTask();
  assert.equal(h.seen.draws, 1);
  assert.equal(h.frames.length, 0, "a paused playground requests no frame");
  h.loop.dirty();
  h.loop.flush();
  h.endTask();
  assert.equal(h.seen.draws, 2, "flush draws now; nothing is left for the end of the task");
});

test("while playing: ticks by the clock, one draw per frame; stops requesting frames when it stops", () => {
  const h = harness({ tps: 10 });
  h.seen.playing = true;
  h.loop.kick();
  h.loop.kick();
  assert.equal(h.frames.length, 1, "one frame requested");
  h.frame(1000); // the first frame starts the clock
  h.loop.dirty();
  h.frame(1250); // 250 ms at 10 ticks/s
  assert.equal(h.seen.ticks, 2);
  assert.equal(h.seen.draws, 1, "drawn in the frame");
  assert.equal(h.seen.animated, 2);
  h.seen.playing = false;
  h.frame(1300);
  assert.equal(h.frames.length, 0);
});

test("held (hidden, out of view): no frame runs; released, it plays on from a fresh clock", () => {
  const h = harness({ tps: 10 });
  h.seen.playing = true;
  h.loop.hold("hidden", true);
  h.loop.kick();
  assert.equal(h.frames.length, 0);
  h.loop.hold("hidden", false);
  assert.equal(h.frames.length, 1);
  h.frame(50_000);
  h.frame(50_100);
  assert.equal(h.seen.ticks, 1, "an hour hidden is not an hour of ticks");
});

test("redraw waits for the next frame; onNextFrame runs before it", () => {
  const h = harness();
  const order = [];
  h.loop.onNextFrame(() => order.push("input"));
  h.loop.redraw();
  assert.equal(h.frames.length, 1);
  h.frame(0);
  assert.deepEqual(order, ["input"]);
  assert.equal(h.seen.draws, 1);
  assert.throws(() => new Loop({}), /hooks.animating must be a function/);
});
