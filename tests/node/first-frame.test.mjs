// The default page's first snapshot, recorded at build time (issue #16: scripts/first-frame.mjs,
// www/app/first-frame.js), against the real wasm core (www/pkg): it is the first snapshot the
// App's session shows on the default page, whatever the records the partitions' width asks for,
// and the Vite plugin serves exactly it. The page itself comparing the two: tests/e2e/first-frame.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import init, { Cluster } from "../../www/pkg/kafka_replication.js";
import { Session } from "../../www/app/session.js";
import { snapshotOptions } from "../../www/app/state.js";
import { firstFramePlugin, MODULE_ID, recordFirstSnapshot } from "../../scripts/first-frame.mjs";

await init({ module_or_path: fs.readFileSync(new URL("../../www/pkg/kafka_replication_bg.wasm", import.meta.url)) });

test("the recorded snapshot is the default session's first, for any records shown", async () => {
  const recorded = await recordFirstSnapshot();
  assert.equal(recorded.tick, 0);
  for (const records of [0, 1, 37, 200]) {
    const session = new Session(Cluster, {});
    try {
      assert.deepEqual(session.snapshot(snapshotOptions(records)), recorded, `records: ${records}`);
    } finally {
      session.free();
    }
  }
});

test("the Vite plugin serves the recorded snapshot as its module", async () => {
  const plugin = firstFramePlugin();
  const id = plugin.resolveId(MODULE_ID);
  assert.equal(plugin.resolveId("./other.js"), null);
  const watched = [];
  const code = await plugin.load.call({ addWatchFile: (f) => watched.push(f) }, id);
  const served = JSON.parse(JSON.parse(code.match(/^export default JSON\.parse\((.*)\);$/)[1]));
  assert.deepEqual(served, await recordFirstSnapshot());
  assert.equal(watched.length, 1, "a rebuilt wasm makes the dev server load it again");
});
