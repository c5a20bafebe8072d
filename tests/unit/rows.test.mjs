// The replica rows' ISR story (issue #14), as the view models say it: why a replica is out of
// the ISR (the core's outOfIsr), what removes an ISR member soon (its broker's ZooKeeper session,
// the leader's ISR check: removeInMs), the time to the next ISR check (nextIsrCheckMs), the
// broker's session countdown (zkSession, sessionExpiresInMs) and the acks each record was
// acknowledged with (acked). The "(recorded)" tests use snapshots of the real core.
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { ackedWith, brokersModel, countdownShown, formatCountdown, modelKey, partitionModel, removalShown, replicaNote, sameCells, sessionCountdown } from "../../www/views/model.js";
import { loadLang, setLang } from "../../www/i18n.js";
import { coreFixture, withPartition } from "./fixtures.mjs";

await Promise.all([loadLang("en"), loadLang("zh")]);
afterEach(() => setLang("en"));

const rowOf = (m, broker) => m.replicas.find((r) => r.broker === broker);
const noteOf = (snap, p, broker) => {
  const m = partitionModel(snap.partitions[p], snap, 40);
  return replicaNote(rowOf(m, broker), m);
};

describe("countdowns", () => {
  test("rounded up to the clock's step: whole seconds from a 10 s clock, tenths below", () => {
    assert.equal(countdownShown(11900, 18000), 12000);
    assert.equal(countdownShown(12000, 18000), 12000);
    assert.equal(countdownShown(0, 18000), 0);
    assert.equal(countdownShown(1450, 6000), 1500);
    assert.equal(formatCountdown(11900, 18000), "12 s");
    assert.equal(formatCountdown(1450, 6000), "1.5 s");
  });
  test("a bad call names the argument", () => {
    assert.throws(() => countdownShown(-1, 18000), /ms: must be a time left/);
    assert.throws(() => countdownShown(Number.NaN, 18000), /ms: must be a time left/);
    assert.throws(() => countdownShown(100, 0), /totalMs: must be/);
    assert.throws(() => removalShown({ removeInMs: 100 }, undefined), /lagMaxMs: must be/);
    assert.throws(() => sessionCountdown(undefined, 18000), /b: must be a broker/);
    assert.throws(() => ackedWith(undefined, 0), /acked: must be/);
    assert.throws(() => replicaNote({}, {}), /r: must be a replica/);
  });
});

describe("why a replica is out of the ISR", () => {
  test("a crashed broker's replica (recorded: B0 crashed, then the 0.8 truncation story)", () => {
    const s = coreFixture("truncated");
    assert.deepEqual(noteOf(s, 0, 0), {
      kind: "out",
      text: "out: crashed",
      title: "Out of the ISR, and its broker is down (crashed or stopped). It rejoins once it runs again and the leader sees it caught up.",
    });
  });
  test("removed by the controller when its ZooKeeper session expired (recorded: stuck followers)", () => {
    const s = coreFixture("minIsrBlocked");
    assert.equal(noteOf(s, 0, 1).text, "out: ZK session expired");
    assert.equal(noteOf(s, 0, 2).kind, "out");
    assert.equal(noteOf(s, 0, 0), null, "the leader is in the ISR, nothing removes it");
  });
  test("removed by the leader's lag rule (recorded: 0.11, a slow follower)", () => {
    const s = coreFixture("caughtUpOutsideIsr");
    assert.equal(noteOf(s, 0, 2).text, "out: lag time exceeded");
    assert.equal(noteOf(s, 0, 1), null, "B1's removal (13.9 s) is not near: more than half of replica.lag.time.max.ms away");
  });
  test("the other causes, in both languages (on the failover story's crashed B1, its cause changed)", () => {
    const s = withPartition(coreFixture("failover"), 1, (p) => {
      p.logs[0].outOfIsr = "new-replica";
    });
    assert.deepEqual([noteOf(s, 1, 1).kind, noteOf(s, 1, 1).text], ["new", "new replica, catching up"]);
    for (const [cause, en, zh] of [
      ["crashed", "out: crashed", "移出：已宕机"],
      ["zk-session-expired", "out: ZK session expired", "移出：ZK 会话过期"],
      ["fenced", "out: fenced", "移出：已被隔离（fenced）"],
      ["lag-time", "out: lag time exceeded", "移出：超过滞后时间"],
      ["no-fetch", "out: no fetch (0.8)", "移出：未拉取（0.8）"],
      ["lag-messages", "out: too far behind (0.8)", "移出：落后过多（0.8）"],
      ["new-replica", "new replica, catching up", "新副本，正在追赶"],
    ]) {
      const c = withPartition(coreFixture("failover"), 1, (p) => {
        p.logs[0].outOfIsr = cause;
      });
      setLang("en");
      assert.equal(noteOf(c, 1, 1).text, en);
      setLang("zh");
      assert.equal(noteOf(c, 1, 1).text, zh);
      assert.match(noteOf(c, 1, 1).title, /ISR/);
    }
  });
});

describe("what removes an ISR member soon", () => {
  // B2's link to the leader is cut: 40.4 s since it caught up, the ISR check removes it in 4.2 s.
  const withRemoval = (ms) =>
    withPartition(coreFixture("followerLeaving"), 0, (p) => {
      p.logs[2].follower.removeInMs = ms;
    });
  test("the leader's ISR check, once it is within half of replica.lag.time.max.ms (30 s here; recorded)", () => {
    const s = coreFixture("followerLeaving");
    assert.deepEqual([s.partitions[0].isr, s.partitions[0].logs[2].follower.removeInMs], [[0, 1, 2], 4200]);
    assert.deepEqual(noteOf(s, 0, 2), {
      kind: "leaving",
      text: "leaves ISR in 5 s",
      title: "Not caught up for a while: unless it catches up, the leader's ISR check removes it from the ISR in 5 s (replica.lag.time.max.ms).",
    });
    assert.equal(noteOf(s, 0, 1), null, "B1 caught up 0.3 s ago: nothing removes it");
    assert.equal(noteOf(withRemoval(15000), 0, 2).text, "leaves ISR in 15 s");
    assert.equal(noteOf(withRemoval(15100), 0, 2), null, "not near yet");
    assert.equal(noteOf(withRemoval(-1), 0, 2), null, "-1: it would not be removed");
    setLang("zh");
    assert.equal(noteOf(s, 0, 2).text, "5 s 后移出 ISR");
  });
  test("the row changes with the countdown's steps, not on every tick", () => {
    const key = (ms) => modelKey(partitionModel(withRemoval(ms).partitions[0], withRemoval(ms), 40));
    assert.equal(key(4200), key(4100));
    assert.notEqual(key(4200), key(3900));
  });
  test("a broker that stopped heart-beating: the session's end (recorded: the leader crashed a moment ago)", () => {
    const s = coreFixture("leaderCrashed");
    assert.deepEqual([s.brokers[0].zkSession, s.brokers[0].sessionExpiresInMs], ["expiring", 17800]);
    const note = noteOf(s, 0, 0);
    assert.equal(note.text, "ZK session ends in 18 s");
    assert.match(note.title, /controller elects another leader/);
    assert.equal(noteOf(s, 0, 1), null);
  });
  test("whichever comes first: the session's end or the ISR check", () => {
    const both = (zkMs, removeMs) => {
      const s = withRemoval(removeMs);
      Object.assign(s.brokers[2], { zkSession: "expiring", sessionExpiresInMs: zkMs });
      return noteOf(s, 0, 2);
    };
    // An 18 s session counts down in whole seconds, like the 30 s lag clock.
    assert.deepEqual([both(2300, 4200).text, both(2300, 4200).title], ["ZK session ends in 3 s", "Its broker stopped heart-beating: in 3 s its ZooKeeper session expires and the controller removes it from the ISR."]);
    assert.equal(both(4900, 1200).text, "leaves ISR in 2 s");
    assert.equal(both(2300, -1).text, "ZK session ends in 3 s");
  });
});

describe("the next ISR check and the broker's session", () => {
  test("the time to the leader's next ISR check, in the lag clock's steps (recorded)", () => {
    const s = coreFixture("caughtUpOutsideIsr");
    assert.equal(s.partitions[0].nextIsrCheckMs, 3900);
    assert.equal(partitionModel(s.partitions[0], s, 40).isrCheckMs, 4000);
    const nobody = coreFixture("leaderCrashed");
    assert.equal(partitionModel(nobody.partitions[0], nobody, 40).isrCheckMs, null, "no running leader, no check");
    const moved = withPartition(s, 0, (p) => {
      p.nextIsrCheckMs = 3300;
    });
    assert.equal(partitionModel(moved.partitions[0], moved, 40).isrCheckMs, 4000, "same second, same model");
  });
  test("a broker's session countdown and the ring's share (recorded: crashed 0.2 s ago, 18 s session)", () => {
    const s = coreFixture("leaderCrashed");
    const [b0, b1] = brokersModel(s);
    assert.deepEqual([b0.expiresIn, b0.expiresFraction], ["18 s", 1]);
    assert.deepEqual([b1.expiresIn, b1.expiresFraction], [null, null], "its session is active");
    s.brokers[0].sessionExpiresInMs = 4500;
    assert.deepEqual([brokersModel(s)[0].expiresIn, brokersModel(s)[0].expiresFraction], ["5 s", 5000 / 18000]);
    const gone = coreFixture("minIsrBlocked");
    assert.equal(gone.brokers[1].zkSession, "none");
    assert.equal(brokersModel(gone)[1].expiresIn, null, "expired already");
  });
});

describe("acknowledged records", () => {
  test("each cell carries the acks its offset was acknowledged with (recorded: acks=all then acks=1)", () => {
    const s = coreFixture("truncated");
    assert.deepEqual(s.partitions[0].acked, [{ offset: 0, count: 3, acks: "all" }, { offset: 3, count: 1, acks: 1 }]);
    const m = partitionModel(s.partitions[0], s, 40);
    for (const r of m.replicas) {
      for (const c of r.cells) assert.equal(c.acks, c.offset < 3 ? "all" : c.offset === 3 ? "1" : null, `B${r.broker} offset ${c.offset}`);
    }
  });
  test("ranges, and what is not acknowledged", () => {
    const acked = [{ offset: 2, count: 3, acks: "all" }, { offset: 5, count: 1, acks: 0 }];
    assert.deepEqual([0, 1, 2, 4, 5, 6].map((o) => ackedWith(acked, o)), [null, null, "all", "all", "0", null]);
    assert.equal(ackedWith([], 0), null);
  });
  test("a cell's acks changing redraws it (recorded: failover's P0, m80–m81 acknowledged since)", () => {
    const snap = coreFixture("failover");
    assert.deepEqual(snap.partitions[0].acked, [{ offset: 0, count: 10, acks: "all" }], "m80–m81's answer is on its way");
    const a = partitionModel(snap.partitions[0], snap, 40).replicas[0].cells;
    const s = withPartition(snap, 0, (p) => {
      p.acked = [{ offset: 0, count: 12, acks: "all" }];
    });
    const b = partitionModel(s.partitions[0], s, 40).replicas[0].cells;
    assert.equal(sameCells(a, b), false);
    assert.deepEqual([a[11].acks, b[11].acks], [null, "all"]);
    assert.equal(b[12].acks, null);
  });
});
