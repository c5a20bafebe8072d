// Snapshots and events for the view helpers' unit tests, recorded from the real core
// (tests/fixtures/core.json, by scripts/record-fixtures.mjs; tests/node/fixtures.test.mjs fails
// while the file differs from what the core records now). The stories are described in
// scripts/record-fixtures.mjs STORIES; "failover" is the views' main one (4 brokers, 3 partitions,
// RF 3: B1 crashed while leading P1, B2 leads it at leader_epoch 1, B1's offset 8 diverges, P2 has
// a long log, P0 waits for B2 on an acks=all request). A test that needs a state no story has
// changes a copy (withPartition), and says what it changed.

import fs from "node:fs";

const CORE = JSON.parse(fs.readFileSync(new URL("../fixtures/core.json", import.meta.url), "utf8"));

/** A fresh copy of a snapshot recorded from the core: one of scripts/record-fixtures.mjs STORIES. */
export function coreFixture(name) {
  if (!(name in CORE.snapshots)) throw new Error(`name: must be one of ${Object.keys(CORE.snapshots).join(", ")}, got ${name}`);
  return structuredClone(CORE.snapshots[name]);
}

/** A fresh copy of the events a story's steps returned, oldest first (as step() returns them). */
export function eventsFixture(name) {
  if (!(name in CORE.events)) throw new Error(`name: must be one of ${Object.keys(CORE.events).join(", ")}, got ${name}`);
  return structuredClone(CORE.events[name]);
}

/** `Cluster.schema()` as recorded from the core. */
export function schemaFixture() {
  return structuredClone(CORE.schema);
}

/** A copy of `snap` with partition `index` changed by `change(partition)` (in place, or its result). */
export function withPartition(snap, index, change) {
  const copy = structuredClone(snap);
  copy.partitions[index] = change(copy.partitions[index]) ?? copy.partitions[index];
  return copy;
}
