// The ZooKeeper panel's data (www/views/zk-model.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { zkChanges, zkDeletions, zkTree, znodeHelp } from "../../www/views/zk-model.js";
import { coreFixture } from "./fixtures.mjs";

// ZooKeeper as the failover story leaves it (recorded): B1's session expired (/brokers/ids/1
// deleted), the controller moved P0 and P1 to leader_epoch 1.
const zk = () => coreFixture("failover").zk;

describe("znode tree", () => {
  test("paths become nested nodes; parents without data group children", () => {
    const root = zkTree(zk());
    assert.deepEqual(root.children.map((c) => c.name), ["controller", "controller_epoch", "brokers"]);
    const brokers = root.children[2];
    assert.equal(brokers.znode, null, "/brokers has no data of its own here");
    assert.deepEqual(brokers.children.map((c) => c.name), ["ids", "topics"]);
    assert.deepEqual(brokers.children[0].children.map((c) => c.name), ["0", "2", "3"], "B1's registration is gone");
    const demo = brokers.children[1].children[0];
    assert.equal(demo.path, "/brokers/topics/demo");
    assert.ok(demo.znode, "/brokers/topics/demo holds the assignment");
    const state = demo.children[0].children[1].children[0];
    assert.equal(state.path, "/brokers/topics/demo/partitions/1/state");
    assert.deepEqual(JSON.parse(state.znode.data), { controller_epoch: 1, leader: 2, version: 1, leader_epoch: 1, isr: [2, 3] });
    assert.equal(state.znode.version, 1, "written once since the topic was created: the election");
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
    after.find((z) => z.path.endsWith("/0/state")).data = '{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":1,"isr":[0,2,1]}';
    after.find((z) => z.path.endsWith("/2/state")).version = 1;
    after.push({ path: "/brokers/ids/1", data: '{"czxid":9}', version: 0 }); // B1 recovered and registered again
    const changes = zkChanges(after, before);
    assert.deepEqual([...changes], [
      ["/brokers/topics/demo/partitions/0/state", "changed"],
      ["/brokers/topics/demo/partitions/2/state", "changed"],
      ["/brokers/ids/1", "created"],
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
