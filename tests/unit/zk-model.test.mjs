// The ZooKeeper panel's data (www/views/zk-model.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { zkChanges, zkDeletions, zkTree, znodeHelp } from "../../www/views/zk-model.js";
import { snapshotFixture } from "./fixtures.mjs";

const zk = () => snapshotFixture().zk;

describe("znode tree", () => {
  test("paths become nested nodes; parents without data group children", () => {
    const root = zkTree(zk());
    assert.deepEqual(root.children.map((c) => c.name), ["controller", "controller_epoch", "brokers"]);
    const brokers = root.children[2];
    assert.equal(brokers.znode, null, "/brokers has no data of its own here");
    assert.deepEqual(brokers.children.map((c) => c.name), ["ids", "topics"]);
    assert.deepEqual(brokers.children[0].children.map((c) => c.name), ["0", "1", "2"]);
    const demo = brokers.children[1].children[0];
    assert.equal(demo.path, "/brokers/topics/demo");
    assert.ok(demo.znode, "/brokers/topics/demo holds the assignment");
    const state = demo.children[0].children[1].children[0];
    assert.equal(state.path, "/brokers/topics/demo/partitions/1/state");
    assert.equal(JSON.parse(state.znode.data).leader_epoch, 1);
    assert.equal(state.znode.version, 2);
  });
  test("empty", () => {
    assert.deepEqual(zkTree([]).children, []);
    assert.deepEqual(zkTree(undefined).children, []);
  });
});

describe("what changed", () => {
  test("data or zkVersion changes, new znodes, deleted znodes", () => {
    const before = zk();
    const after = zk().filter((z) => z.path !== "/brokers/ids/2");
    after.find((z) => z.path.endsWith("/0/state")).data = '{"controller_epoch":1,"leader":1,"version":1,"leader_epoch":1,"isr":[1,2]}';
    after.find((z) => z.path.endsWith("/2/state")).version = 4;
    after.push({ path: "/brokers/ids/3", data: '{"czxid":9}', version: 0 });
    const changes = zkChanges(after, before);
    assert.deepEqual([...changes], [
      ["/brokers/topics/demo/partitions/0/state", "changed"],
      ["/brokers/topics/demo/partitions/2/state", "changed"],
      ["/brokers/ids/3", "created"],
    ]);
    assert.deepEqual(zkDeletions(after, before), ["/brokers/ids/2"]);
  });
  test("no previous frame: nothing is new", () => {
    assert.equal(zkChanges(zk(), null).size, 0);
    assert.deepEqual(zkDeletions(zk(), null), []);
  });
  test("every znode kind has help text", () => {
    for (const z of zk()) assert.ok(znodeHelp(z.path).length > 10, z.path);
    assert.equal(znodeHelp("/brokers"), "");
  });
});
