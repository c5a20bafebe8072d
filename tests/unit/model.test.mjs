// Unit tests of the views' pure helpers (www/views/model.js), on snapshots recorded from the core
// (tests/unit/fixtures.mjs). Run: node --test tests/unit/
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  brokersModel,
  epochSlot,
  errorMessage,
  eventSubject,
  followerLagMessages,
  formatAcks,
  formatDuration,
  formatIdSet,
  formatLagTime,
  lagClockFraction,
  lagClockShown,
  formatSeconds,
  formatSpeed,
  isCommitted,
  isDivergent,
  lagTimeFraction,
  leaderLog,
  MAX_EVENTS,
  MAX_WINDOW,
  mergeEvents,
  MIN_WINDOW,
  modelKey,
  offsetWindow,
  parseAcks,
  partitionModel,
  recordsInWindow,
  replicaNote,
  JOIN_SHOWN_MS,
  replicaStatus,
  requestsModel,
  sameCells,
  speedFromSlider,
  ticksForFrame,
} from "../../www/views/model.js";
import { coreFixture, eventsFixture, withPartition } from "./fixtures.mjs";
import { loadLang, t } from "../../www/i18n.js";

// The words come from the dictionaries, loaded as the page loads them (i18n.js loadLang).
await loadLang("en");

const byId = (snap) => new Map(snap.brokers.map((b) => [b.id, b]));
const logOf = (p, broker) => p.logs.find((l) => l.broker === broker);

describe("formatting", () => {
  test("Kafka time in seconds with one decimal", () => {
    assert.equal(formatSeconds(0), "0.0 s");
    assert.equal(formatSeconds(24500), "24.5 s");
    assert.equal(formatSeconds(100), "0.1 s");
    assert.equal(formatSeconds(NaN), "–");
  });
  test("durations: ms below a second", () => {
    assert.equal(formatDuration(300), "300 ms");
    assert.equal(formatDuration(0), "0 ms");
    assert.equal(formatDuration(1500), "1.5 s");
    assert.equal(formatDuration(-1), "–");
  });
  test("ISR sets print like Kafka's", () => {
    assert.equal(formatIdSet([1, 3]), "{1,3}");
    assert.equal(formatIdSet([]), "{}");
  });
  test("lag time out of replica.lag.time.max.ms", () => {
    assert.equal(formatLagTime(1200, 2500), "1.2/2.5 s", "tenths below 10 s");
    assert.equal(formatLagTime(0, 2500), "0.0/2.5 s");
    assert.equal(formatLagTime(1200, 10000), "1/10 s", "whole seconds from 10 s");
    assert.equal(formatLagTime(29999, 30000), "29/30 s", "rounded down: the limit shows once reached");
    assert.equal(formatLagTime(30000, 30000), "30/30 s");
    assert.equal(lagClockShown(999, 30000), 0, "a follower that catches up every fetch rests at 0");
    assert.equal(lagClockFraction(15999, 30000), 0.5, "the ring moves in the clock's steps");
    assert.equal(lagClockFraction(45000, 30000), 1, "full past the limit");
  });
  test("acks: select value ↔ API value", () => {
    assert.equal(parseAcks("all"), "all");
    assert.equal(parseAcks("-1"), "all");
    assert.equal(parseAcks("0"), 0);
    assert.equal(parseAcks("1"), 1);
    assert.equal(parseAcks("2"), "2", "left for the core to reject");
    assert.equal(formatAcks(-1), "all");
    assert.equal(formatAcks("all"), "all");
    assert.equal(formatAcks(0), "0");
  });
  test("error messages of anything thrown", () => {
    assert.equal(errorMessage(new Error("partition must be 0..=2, got 7")), "partition must be 0..=2, got 7");
    assert.equal(errorMessage("plain"), "plain");
    assert.equal(errorMessage({ a: 1 }), '{"a":1}');
  });
  test("event subject", () => {
    assert.equal(eventSubject({ partition: 1, broker: 2 }), "P1 · B2");
    assert.equal(eventSubject({ partition: -1, broker: 3 }), "B3");
    assert.equal(eventSubject({ partition: -1, broker: -1 }), "");
  });
});

describe("speed slider (log scale)", () => {
  test("ends and middle", () => {
    assert.equal(speedFromSlider(0), 1);
    assert.equal(speedFromSlider(1), 10);
    assert.equal(speedFromSlider(2), 100);
    assert.equal(speedFromSlider(3), 1000);
    assert.equal(speedFromSlider(99), 1000, "clamped");
    assert.equal(speedFromSlider(-5), 0.3, "clamped to the slow end");
    assert.equal(speedFromSlider(-0.5), 0.3, "below Kafka time, to follow single messages");
  });
  test("monotonic and two significant digits", () => {
    let last = 0;
    for (let p = -0.5; p <= 3.0001; p += 0.05) {
      const tps = speedFromSlider(p);
      assert.ok(tps >= last, `non-decreasing at ${p}`);
      last = tps;
      const digits = String(tps).replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
      assert.ok(digits.length <= 2, `${tps} has at most two significant digits`);
    }
  });
  test("label says how fast Kafka time runs", () => {
    assert.equal(formatSpeed(10, 100), "10 ticks/s · 1× Kafka time");
    assert.equal(formatSpeed(1000, 100), "1000 ticks/s · 100× Kafka time");
    assert.equal(formatSpeed(1, 100), "1 ticks/s · 0.1× Kafka time");
  });
  test("frame budget carries fractions and clamps long gaps", () => {
    let carry = 0;
    let total = 0;
    for (let i = 0; i < 60; i++) {
      const r = ticksForFrame(1000 / 60, 10, carry);
      carry = r.carry;
      total += r.ticks;
    }
    assert.ok(total === 10 || total === 9, `~10 ticks in one second at 10 ticks/s, got ${total}`);
    assert.equal(ticksForFrame(60_000, 10).ticks, 2, "a 60 s gap (background tab) counts as 250 ms");
    assert.equal(ticksForFrame(16, 1000).ticks, 16);
  });
});

describe("replicas", () => {
  const snap = coreFixture("failover");
  const [p0, p1, p2] = snap.partitions;

  test("leader log", () => {
    assert.equal(leaderLog(p0).broker, 0);
    assert.equal(leaderLog(p1).broker, 2, "B2 leads P1 since B1 crashed");
    const noLeader = { ...p1, leader: -1 };
    assert.equal(leaderLog(noLeader), null);
  });

  test("lag in messages: the leader's count", () => {
    assert.equal(followerLagMessages(p0, logOf(p0, 2)), 1, "B2 has 12 of the leader's 13");
    assert.equal(followerLagMessages(p0, logOf(p0, 1)), 3, "crashed B1: the leader's last view of it (LEO 10)");
    assert.equal(followerLagMessages(p0, logOf(p0, 0)), null, "the leader has no lag");
    const noInfo = structuredClone(p0);
    logOf(noInfo, 2).follower = null;
    assert.equal(followerLagMessages(noInfo, logOf(noInfo, 2)), null, "the leader has no view of it");
    assert.equal(logOf(p1, 1).follower.lagMessages, 10);
    assert.equal(followerLagMessages(p1, logOf(p1, 1)), null, "follower LEO unknown (-1) to the new leader B2: no lag shown");
    assert.equal(followerLagMessages({ ...p1, leader: -1 }, logOf(p1, 3)), null, "no leader, no lag");
  });

  test("lag time as a fraction of replica.lag.time.max.ms", () => {
    assert.deepEqual(lagTimeFraction(logOf(p2, 0).follower, 30000), { fraction: 600 / 30000, over: false }, "B0 caught up 0.6 s ago");
    assert.deepEqual(lagTimeFraction({ ...logOf(p2, 0).follower, sinceCaughtUpMs: 45000 }, 30000), { fraction: 1, over: true });
    assert.equal(lagTimeFraction(logOf(p1, 1).follower, 30000), null, "-1: crashed B1 never caught up with the new leader (recorded)");
    assert.equal(lagTimeFraction(null, 30000), null);
    assert.equal(lagTimeFraction(logOf(p2, 0).follower, 0), null);
  });

  test("ISR / OSR / down", () => {
    const b = byId(snap);
    assert.deepEqual(replicaStatus(p0, logOf(p0, 0), b), { inIsr: true, membership: "ISR", brokerStatus: "up", brokerUp: true, down: false, isLeader: true });
    assert.deepEqual(replicaStatus(p1, logOf(p1, 1), b), { inIsr: false, membership: "OSR", brokerStatus: "crashed", brokerUp: false, down: true, isLeader: false });
    // A crashed broker stays in the ISR until the controller notices: both are shown.
    const crashed = structuredClone(snap);
    Object.assign(crashed.brokers[2], { status: "crashed", down: true });
    const st = replicaStatus(p0, logOf(p0, 2), byId(crashed));
    assert.equal(st.inIsr, true);
    assert.equal(st.down, true);
    // A stuck (or slow, isolated) broker is not up, but its replica is not down: it still has its log.
    Object.assign(crashed.brokers[2], { status: "stuck", down: false });
    const stuck = replicaStatus(p0, logOf(p0, 2), byId(crashed));
    assert.deepEqual([stuck.brokerStatus, stuck.brokerUp, stuck.down], ["stuck", false, false]);
  });

  test("committed cells are those below the core's committedOffset, on every replica", () => {
    const b2 = logOf(p0, 2); // its own HW is 10 (the leader's answer is on its way), the committed offset 12
    assert.deepEqual([b2.hw, p0.committedOffset], [10, 12]);
    assert.equal(isCommitted(11, p0, b2, 1), true);
    assert.equal(isCommitted(12, p0, logOf(p0, 0), 1), false, "the leader's own uncommitted tail (m84, acks=all waiting)");
  });

  test("a record that differs from the leader's is divergent, never committed", () => {
    // B1 led P1 in epoch 0 and crashed with m76 at offset 8 (epoch 0), never replicated; the new
    // leader B2 (epoch 1) wrote m78 there. The committed offset 10 is past it, yet it is not committed.
    const b1 = logOf(p1, 1);
    assert.deepEqual([b1.records.at(-1).offset, b1.records.at(-1).leaderEpoch, b1.records.at(-1).value], [8, 0, 76]);
    assert.equal(p1.committedOffset, 10);
    assert.equal(isDivergent(8, p1, b1, 0), true);
    assert.equal(isCommitted(8, p1, b1, 0), false);
    assert.equal(isDivergent(7, p1, b1, 0), false);
    assert.equal(isCommitted(7, p1, b1, 0), true);
    assert.equal(isDivergent(8, p1, logOf(p1, 2), 1), false, "the leader never diverges from itself");
    assert.equal(isDivergent(8, { ...p1, leader: -1 }, b1, 0), false, "no leader, nothing to compare with");
    const m = partitionModel(p1, snap, 40);
    const cells = m.replicas.find((r) => r.broker === 1).cells;
    assert.deepEqual(cells.filter((c) => c.divergent).map((c) => c.offset), [8]);
    assert.deepEqual(cells.filter((c) => !c.committed).map((c) => c.offset), [8]);
  });

  test("a crashed leader's committed records stay committed (recorded)", () => {
    const s = coreFixture("leaderCrashed");
    const p = s.partitions[0];
    assert.deepEqual([p.hw, p.committedOffset], [-1, 5], "no live leader, no HW; 5 records committed");
    const m = partitionModel(p, s, 40);
    for (const r of m.replicas) assert.deepEqual(r.cells.map((c) => c.committed), [true, true, true, true, true], `B${r.broker}`);
  });
});

describe("offset window", () => {
  test("short logs: everything plus the next slot", () => {
    const p0 = coreFixture("failover").partitions[0];
    assert.deepEqual(offsetWindow(p0.logs, 40), { start: 0, end: 14, hidden: 0 }, "the leader's LEO 13, and the slot for the next");
  });
  test("long logs: the last slots, with the count hidden", () => {
    const p2 = coreFixture("failover").partitions[2];
    assert.deepEqual(offsetWindow(p2.logs, 40), { start: 18, end: 58, hidden: 18 });
    assert.deepEqual(offsetWindow(p2.logs, 20), { start: 38, end: 58, hidden: 38 });
  });
  test("capacity is clamped to MIN_WINDOW..MAX_WINDOW", () => {
    const p2 = coreFixture("failover").partitions[2];
    assert.equal(offsetWindow(p2.logs, 2).end - offsetWindow(p2.logs, 2).start, MIN_WINDOW);
    assert.equal(offsetWindow(p2.logs, 500).end - offsetWindow(p2.logs, 500).start, MAX_WINDOW);
  });
  test("log start offset: never draws offsets that were deleted", () => {
    const logs = [{ leo: 12, hw: 12, logStartOffset: 5 }];
    assert.deepEqual(offsetWindow(logs, 40), { start: 5, end: 13, hidden: 0 });
  });
  test("records in the window, oldest first", () => {
    const log = logOf(coreFixture("failover").partitions[2], 2);
    const recs = recordsInWindow(log, 50, 58);
    assert.deepEqual(recs.map((r) => r.offset), [50, 51, 52, 53, 54, 55, 56]);
    assert.deepEqual(recs.map((r) => r.value), [69, 70, 71, 72, 73, 74, 75], "m19–m75 went to P2");
    assert.deepEqual(recordsInWindow(log, 100, 140), []);
  });
  test("epoch colour slots wrap at 8", () => {
    assert.equal(epochSlot(0), 0);
    assert.equal(epochSlot(9), 1);
    assert.equal(epochSlot(-3), 0);
  });
});

describe("partition model", () => {
  const snap = coreFixture("failover");

  test("P0: leader, ISR without the crashed B1, HW, the follower trailing", () => {
    const m = partitionModel(snap.partitions[0], snap, 40);
    assert.equal(m.leader, 0);
    assert.deepEqual(m.isr, [0, 2]);
    assert.deepEqual(m.osr, [1]);
    assert.equal(m.hw, 12);
    assert.equal(m.leaderLeo, 13);
    assert.deepEqual(m.flags, [{ kind: "warn", text: "under-replicated", short: "under-rep." }]);
    assert.deepEqual([m.hwWaitingFor, m.hwWaitingWhy], [[2], ["isr"]], "acks=all m84 waits for B2");
    const [b0, b1, b2] = m.replicas;
    assert.equal(b0.isLeader, true);
    assert.equal(b0.lag, null);
    assert.deepEqual([b2.hw, b2.hwBehindLeader, b2.lag], [10, true, 1]);
    assert.equal(b0.hwBehindLeader, false);
    assert.deepEqual([b1.down, b1.membership], [true, "OSR"]);
    assert.deepEqual(b2.cells.filter((c) => !c.committed).map((c) => c.offset), [], "B2's offsets 10–11 are below the committed 12, its own HW aside");
    assert.deepEqual(b0.cells.filter((c) => !c.committed).map((c) => c.offset), [12]);
    assert.deepEqual(b0.cells.map((c) => c.epoch), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1], "written in leader_epoch 1 since the controller removed B1");
  });

  test("P1: failover — OSR, crashed, epochs, under-replicated", () => {
    const m = partitionModel(snap.partitions[1], snap, 40);
    assert.equal(m.leader, 2);
    assert.deepEqual(m.isr, [2, 3]);
    assert.deepEqual(m.osr, [1]);
    assert.deepEqual(m.flags.map((f) => f.kind), ["warn"]);
    const b1 = m.replicas.find((r) => r.broker === 1);
    assert.equal(b1.down, true);
    assert.equal(b1.membership, "OSR");
    assert.equal(b1.lag, null);
    const leader = m.replicas.find((r) => r.broker === 2);
    assert.deepEqual(leader.cells.map((c) => c.epoch), [0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
  });

  test("no leader: offline flag", () => {
    const s = withPartition(snap, 1, (p) => ({ ...p, leader: -1, hw: -1, writesBlocked: "NO_LEADER" }));
    const m = partitionModel(s.partitions[1], s, 40);
    assert.equal(m.flags[0].kind, "offline");
  });

  test("a running reassignment, as the core has it: RS = TRS + ORS, adding and removing (recorded)", () => {
    const s = coreFixture("reassigning");
    const m = partitionModel(s.partitions[0], s, 40);
    assert.deepEqual(m.reassignment, { target: [1, 2, 3], adding: [3], removing: [0] });
    assert.deepEqual(m.replicasOrder, [1, 2, 3, 0], "the target first, then the old replicas");
    assert.deepEqual(m.replicas.map((r) => [r.broker, r.reassign]), [[1, null], [2, null], [3, "adding"], [0, "removing"]]);
    const b3 = m.replicas.find((r) => r.broker === 3);
    assert.deepEqual([b3.inIsr, b3.outOfIsr], [false, "new-replica"], "B3 (stuck) has not caught up");
    assert.equal(replicaNote(b3, m).text, "new replica, catching up", "why it is out of the ISR comes first");
    const b0 = m.replicas.find((r) => r.broker === 0);
    assert.deepEqual(replicaNote(b0, m), { kind: "reassign", text: "removing: goes at the end", title: t("reassign.note.removing.title") });
    assert.equal(replicaNote({ ...b3, inIsr: true, outOfIsr: null, zkExpiresInMs: null }, m).text, "adding: joined the ISR", "B3 had it joined the ISR, its broker up");
    const after = partitionModel(coreFixture("failover").partitions[0], coreFixture("failover"), 40);
    assert.equal(after.reassignment, null, "none running");
    assert.ok(after.replicas.every((r) => r.reassign === null));
  });

  test("a follower back in the ISR says how it joined, for JOIN_SHOWN_MS (recorded)", () => {
    const s = coreFixture("rejoined");
    const m = partitionModel(s.partitions[0], s, 40);
    const b2 = m.replicas.find((r) => r.broker === 2);
    assert.deepEqual(b2.joinedIsr, { why: "caught-up", agoMs: 500 }, "the core's joinedIsr");
    assert.deepEqual(replicaNote(b2, m), { kind: "joined", text: "joined the ISR: caught up", title: t("row.joinedTitle.caught-up") });
    assert.equal(replicaNote(m.replicas.find((r) => r.broker === 1), m), null, "B1 never left: nothing to say");
    assert.equal(replicaNote({ ...b2, joinedIsr: { why: "caught-up", agoMs: JOIN_SHOWN_MS + 100 } }, m), null, "said for a while, then not");
    assert.equal(replicaNote({ ...b2, joinedIsr: { why: "elected", agoMs: 0 } }, m).text, "in the ISR: elected leader");
  });

  test("records just truncated are drawn leaving, with the rule (recorded)", () => {
    const s = coreFixture("truncated");
    const m = partitionModel(s.partitions[0], s, 40);
    const b2 = m.replicas.find((r) => r.broker === 2);
    assert.deepEqual(b2.leaving, [{ offset: 3, epoch: 0, value: 4, rule: "high-watermark" }]);
    assert.deepEqual(b2.cells.map((c) => c.offset), [0, 1, 2], "m4 is gone from its log");
    assert.ok(m.replicas.filter((r) => r.broker !== 2).every((r) => r.leaving.length === 0));
  });

  test("who the HW waits for is the core's: 0.11 counts a caught-up follower outside the ISR (recorded)", () => {
    const s = coreFixture("caughtUpOutsideIsr");
    const m = partitionModel(s.partitions[0], s, 40);
    assert.deepEqual(m.isr, [0, 1]);
    assert.deepEqual(m.hwWaitingFor, [2], "B2 is out of the ISR, yet it holds the HW (KAFKA-4485)");
    assert.deepEqual(m.hwWaitingWhy, ["caught-up"]);
  });

  test("who the HW waits for under strategy=quorum: a majority, not the stuck ISR member (recorded)", () => {
    const s = coreFixture("quorum");
    const m = partitionModel(s.partitions[0], s, 40);
    assert.deepEqual(m.isr, [0, 1, 2]);
    assert.equal(logOf(s.partitions[0], 2).leo, 0, "B2 is stuck at LEO 0");
    assert.equal(m.hw, 3, "the min LEO over the ISR would say 0: the leader and B1 are a majority");
    assert.deepEqual([m.hwWaitingFor, m.hwWaitingWhy, m.hwQuorum], [[1], ["quorum"], 2], "m4 waits for B1 alone");
    for (const r of m.replicas) assert.deepEqual(r.cells.filter((c) => c.committed).map((c) => c.offset), r.broker === 2 ? [] : [0, 1, 2], `B${r.broker}`);
  });

  test("a crashed leader the controller has not noticed is flagged", () => {
    const s = coreFixture("leaderCrashed");
    const m = partitionModel(s.partitions[0], s, 40);
    assert.ok(m.flags.some((f) => f.kind === "danger" && /leader B0 crashed.*controller notices/.test(f.text)));
    s.brokers[0].registered = false;
    assert.ok(partitionModel(s.partitions[0], s, 40).flags.some((f) => f.text === "leader B0 crashed"));
  });

  test("acks=all refused (NOT_ENOUGH_REPLICAS) and the HW frozen (3.7) are flagged with the effective min ISR (recorded)", () => {
    const s = coreFixture("minIsrBlocked");
    const m = partitionModel(s.partitions[0], s, 40);
    assert.deepEqual(m.flags.map((f) => [f.kind, f.text]), [
      ["danger", "ISR < min.insync.replicas (2)"],
      ["danger", "HW frozen while ISR < 2 (3.7 strict min ISR)"],
      ["warn", "under-replicated"],
    ]);
  });

  test("min.insync.replicas above RF: the effective min ISR is the core's, capped at RF by 3.7 only (recorded)", () => {
    const capped = coreFixture("minIsrAboveRf");
    const m = partitionModel(capped.partitions[0], capped, 40);
    assert.deepEqual([capped.config.minInsyncReplicas, capped.partitions[0].minIsr, m.isr, m.hw], [3, 2, [0, 1], 2], "KAFKA-15583: min(3, RF 2)");
    assert.deepEqual(m.flags, [], "the full ISR meets it: nothing is blocked");
    assert.equal(capped.requests[0].status, "acked");
    const old = coreFixture("minIsrAboveRf28");
    assert.deepEqual(partitionModel(old.partitions[0], old, 40).flags.map((f) => [f.kind, f.text]), [["danger", "ISR < min.insync.replicas (3)"]], "2.8: an ISR of 2 can never meet 3");
    assert.deepEqual([old.partitions[0].hw, old.requests[0].error], [0, "NOT_ENOUGH_REPLICAS"]);
  });

  test("P2: long log windowed, cells only inside the window", () => {
    const m = partitionModel(snap.partitions[2], snap, 40);
    assert.equal(m.window.start, 18);
    for (const r of m.replicas) for (const c of r.cells) assert.ok(c.offset >= 18 && c.offset < 58);
    assert.equal(m.replicas[0].cells.length, 57 - 18);
  });

  test("diffing: equal snapshots give equal keys; an HW move changes the key", () => {
    const a = partitionModel(snap.partitions[0], snap, 40);
    const again = coreFixture("failover");
    assert.equal(modelKey(partitionModel(again.partitions[0], again, 40)), modelKey(a));
    const moved = withPartition(snap, 0, (p) => {
      p.hw = 13;
      p.logs[0].hw = 13;
    });
    assert.notEqual(modelKey(partitionModel(moved.partitions[0], moved, 40)), modelKey(a));
    // A change in another partition does not touch this one's key.
    const other = withPartition(snap, 2, (p) => {
      p.hw = 56;
    });
    assert.equal(modelKey(partitionModel(other.partitions[0], other, 40)), modelKey(a));
  });

  test("diffing: a truncation + re-append to the same LEO still changes the key", () => {
    const before = partitionModel(snap.partitions[1], snap, 40);
    const after = withPartition(snap, 1, (p) => {
      const b1 = p.logs[0];
      b1.records[8] = { offset: 8, leaderEpoch: 1, value: 78 }; // B1 truncated m76 and fetched m78: same LEO 9
    });
    assert.notEqual(modelKey(partitionModel(after.partitions[1], after, 40)), modelKey(before));
  });

  test("diffing: what the view does not draw (a fetch in flight) does not change the key", () => {
    const a = partitionModel(snap.partitions[0], snap, 40);
    const fetching = withPartition(snap, 0, (p) => {
      p.logs[2].follower = { ...p.logs[2].follower, fetchInFlight: !p.logs[2].follower.fetchInFlight };
    });
    assert.equal(modelKey(partitionModel(fetching.partitions[0], fetching, 40)), modelKey(a));
  });

  test("sameCells: equal when every cell draws the same", () => {
    const cells = partitionModel(snap.partitions[1], snap, 40).replicas[2].cells; // B3, a follower of B2
    assert.equal(sameCells(cells, cells.map((c) => ({ ...c }))), true);
    assert.equal(sameCells(cells, cells.slice(1)), false, "one record fewer");
    assert.equal(sameCells(cells, cells.map((c, i) => (i === 3 ? { ...c, committed: !c.committed } : c))), false, "committed since");
    assert.equal(sameCells(cells, cells.map((c, i) => (i === 8 ? { ...c, epoch: c.epoch + 1 } : c))), false, "rewritten by a new leader");
    assert.equal(sameCells(undefined, cells), false, "nothing drawn yet");
  });
});

describe("brokers and requests models", () => {
  const snap = coreFixture("failover");
  test("brokers: status, controller, hosted partitions with roles", () => {
    const m = brokersModel(snap);
    assert.equal(m.length, 4);
    assert.deepEqual(m[0], {
      id: 0, status: "up", controller: true, registered: true, controllerEpoch: 1, expiresIn: null, expiresFraction: null, rack: null,
      hosts: [{ partition: 0, role: "leader" }, { partition: 2, role: "isr" }],
    });
    const racked = structuredClone(snap);
    racked.brokers[2].rack = "c";
    assert.deepEqual(brokersModel(racked).map((b) => b.rack), [null, null, "c", null], "KIP-392: the core's broker.rack, null without one");
    assert.deepEqual([m[1].status, m[1].registered], ["crashed", false], "its ZooKeeper session expired: /brokers/ids/1 deleted");
    assert.deepEqual(m[1].hosts.map((h) => h.role), ["osr", "osr"]);
    assert.deepEqual(m[2].hosts, [{ partition: 0, role: "isr" }, { partition: 1, role: "leader" }, { partition: 2, role: "leader" }]);
  });
  test("requests: newest first, with offsets, errors and latency", () => {
    const m = requestsModel(snap, 3);
    assert.deepEqual(m.map((r) => r.id), [9, 8, 7]);
    assert.deepEqual([m[0].status, m[0].acks, m[0].offsets, m[0].latency], ["pending", "all", "", ""], "acks=all m84 waits for B2");
    assert.deepEqual([m[1].acks, m[1].offsets, m[1].latency], ["0", "", "0 ms"], "acks=0: offset unknown, done when sent");
    const all = requestsModel(snap);
    const timedOut = all.find((r) => r.id === 5);
    assert.deepEqual([timedOut.status, timedOut.error, timedOut.latency], ["failed", "REQUEST_TIMED_OUT", "10.0 s"], "delivery.timeout.ms while B1 was gone");
    assert.deepEqual([all.find((r) => r.id === 4).acks, all.find((r) => r.id === 4).offsets], ["1", "offset 8"]);
    assert.equal(all.find((r) => r.id === 6).offsets, "offsets 8–9", "the new leader's offset 8");
  });
});

describe("event log", () => {
  test("newest first (recorded)", () => {
    const evs = eventsFixture("failover");
    const log = mergeEvents([], evs);
    assert.equal(log.length, evs.length);
    assert.deepEqual(log.slice(0, 3).map((e) => [e.tick, e.kind]), [[249, "append"], [247, "produce"], [247, "request-acked"]], "the same tick's events newest first too");
    assert.deepEqual(log.at(-1), evs[0]);
    const more = mergeEvents(log, [{ tick: 250, timeMs: 25000, kind: "hw", partition: 0, broker: 0, text: "x" }]);
    assert.equal(more[0].tick, 250);
    assert.equal(more.length, evs.length + 1);
    assert.equal(more[1], log[0], "old events keep their identity (the view relies on it)");
  });
  test("keeps the newest 300", () => {
    let log = [];
    for (let batch = 0; batch < 10; batch++) {
      const evs = Array.from({ length: 70 }, (_, i) => ({ tick: batch * 100 + i, timeMs: 0, kind: "hw", partition: 0, broker: 0, text: "" }));
      log = mergeEvents(log, evs);
    }
    assert.equal(log.length, MAX_EVENTS);
    assert.equal(log[0].tick, 969);
    assert.equal(log.at(-1).tick, 550, "batches 9..6 whole (280), then the newest 20 of batch 5");
  });
  test("one huge step keeps only its newest", () => {
    const evs = Array.from({ length: 1000 }, (_, i) => ({ tick: i }));
    const log = mergeEvents([{ tick: -1 }], evs);
    assert.equal(log.length, MAX_EVENTS);
    assert.equal(log[0].tick, 999);
    assert.equal(log.at(-1).tick, 700);
  });
  test("no events: same array", () => {
    const log = [{ tick: 1 }];
    assert.equal(mergeEvents(log, []), log);
  });
});
