// Dev aid (www/index.html?fixture=1): a read-only stand-in for the wasm Cluster whose snapshot is
// the hand-written fixture of tests/unit/fixtures.mjs. Lets the views be looked at without the
// core. Stepping only moves the clock; actions throw, as bad input to the real core would.

import { eventsFixture, snapshotFixture } from "../../tests/unit/fixtures.mjs";

export class FixtureCluster {
  constructor() {
    this.snap = snapshotFixture();
    this.firstStep = true;
  }
  step(n = 1) {
    this.snap.tick += n;
    this.snap.timeMs += n * this.snap.tickMs;
    if (this.firstStep) {
      this.firstStep = false;
      return eventsFixture();
    }
    return [];
  }
  produce(req) {
    throw new Error(`fixture mode is read-only: produce(${JSON.stringify(req)}) was not sent`);
  }
  fail(broker) {
    throw new Error(`fixture mode is read-only: broker ${broker} was not failed`);
  }
  recover(broker) {
    throw new Error(`fixture mode is read-only: broker ${broker} was not recovered`);
  }
  snapshot() {
    return structuredClone(this.snap);
  }
  stateHash() {
    return 0n;
  }
  free() {}
}
