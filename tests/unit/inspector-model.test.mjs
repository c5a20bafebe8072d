// What the inspector dialog shows (www/views/inspector-model.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { inspect } from "../../www/views/inspector-model.js";
import { nodeName } from "../../www/views/model.js";
import { linkKey } from "../../www/app/timeline.js";
import { coreFixture, withPartition } from "./fixtures.mjs";
import { loadLang } from "../../www/i18n.js";

// The words come from the dictionaries, loaded as the page loads them (i18n.js loadLang).
await loadLang("en");

const snap = coreFixture("failover");
const rows = (section) => Object.fromEntries(section.rows.map(([k, v]) => [k, String(v)]));
const sectionNamed = (model, start) => model.sections.find((s) => s.heading?.startsWith(start));

describe("inspector", () => {
  test("node names", () => {
    assert.equal(nodeName(-1), "producer");
    assert.equal(nodeName(-2), "consumer");
    assert.equal(nodeName(3), "B3");
  });

  test("a leader replica lists its followers as the leader sees them", () => {
    const m = inspect({ type: "replica", partition: 0, broker: 0 }, snap);
    assert.equal(m.title, "Replica of P0 on B0");
    assert.equal(rows(m.sections[0]).Role, "leader");
    const f = sectionNamed(m, "Followers");
    assert.deepEqual(f.table.columns, ["Follower", "LEO", "Last caught up", "Since", "Lag (msgs)", "In ISR", "Fetch in flight"]);
    assert.deepEqual(f.table.rows, [
      ["B1", 10, "never", "–", 3, "no", "yes"],
      ["B2", 12, "24.7 s", "0.2 s", 1, "yes", "yes"],
    ], "crashed B1 never caught up in leader_epoch 1");
    const recs = sectionNamed(m, "Newest records");
    assert.deepEqual(recs.table.rows.slice(0, 3), [[12, 1, 84, "no"], [11, 1, 81, "yes"], [10, 1, 80, "yes"]], "newest first; m84 at offset 12 is at the HW 12, waiting for B2");
    assert.deepEqual(recs.table.rows.at(-1)[3], "yes");
  });

  test("why a replica is out of the ISR, and a session's countdown, as the core says (recorded)", () => {
    const s = coreFixture("minIsrBlocked");
    assert.equal(rows(inspect({ type: "replica", partition: 0, broker: 1 }, s).sections[0])["In ISR"], "no: removed by the controller when its ZooKeeper session expired");
    const crashed = coreFixture("leaderCrashed");
    const b0 = rows(inspect({ type: "broker", id: 0 }, crashed).sections[0])["/brokers/ids/0"];
    assert.match(b0, /^registered, but its owner stopped heart-beating: the session expires in 1[0-8]\.\d s$/);
    const r = rows(inspect({ type: "replica", partition: 0, broker: 1 }, crashed).sections[0]);
    assert.equal(r["Committed below (highest HW reached)"], "5");
    assert.equal(r["Partition HW (leader's)"], "–");
  });

  test("a follower shows how the leader sees it; an offline one that it is out", () => {
    const m = inspect({ type: "replica", partition: 1, broker: 1 }, snap);
    assert.equal(rows(m.sections[0]).Broker, "crashed: the process is down");
    assert.equal(rows(m.sections[0])["In ISR"], "no: its broker is down");
    const seen = sectionNamed(m, "As the leader");
    assert.equal(seen.heading, "As the leader (B2) sees it");
    assert.equal(rows(seen)["LEO known to the leader"], "unknown (no fetch yet)");
    assert.equal(rows(seen).Lag, "10 messages");
  });

  test("a follower's broker epoch from its last fetch shows in KRaft presets only (KIP-903)", () => {
    const label = "Broker epoch of its last fetch (KIP-903)";
    const seen = (s, broker = 1) => rows(sectionNamed(inspect({ type: "replica", partition: 1, broker }, s), "As the leader"));
    assert.equal(seen(snap)[label], undefined, "B1 has not fetched from this leader (null)");
    assert.equal(seen(snap, 3)[label], undefined, "a ZooKeeper preset: B3's fetches carry none (-1)");
    const kraft = withPartition(snap, 1, (p) => {
      p.logs.find((l) => l.broker === 1).follower.brokerEpoch = 12;
    });
    assert.equal(seen(kraft)[label], "12");
  });

  test("a record: committed or not, and on which replicas", () => {
    const m = inspect({ type: "record", partition: 1, broker: 1, offset: 8 }, snap);
    const r = rows(m.sections[0]);
    assert.equal(r.Value, "76");
    assert.match(r.Committed, /^no/);
    assert.match(r["Same as the leader's"], /epoch 1; this one will be truncated/);
    assert.deepEqual(m.sections[1].table.rows, [["B1", "yes", 0, "no"], ["B2", "yes", 1, "yes"], ["B3", "yes", 1, "yes"]]);
    const ok = inspect({ type: "record", partition: 0, broker: 1, offset: 3 }, snap);
    assert.match(rows(ok.sections[0]).Committed, /^yes/);
  });

  test("a broker: status, controller, registration, cut links, hosted replicas", () => {
    const m = inspect({ type: "broker", id: 0 }, snap, { cuts: new Set(["0-2", "1-3"]) });
    const r = rows(m.sections[0]);
    assert.equal(r.Controller, "yes, controller_epoch 1");
    assert.equal(r["Links cut"], "0–2");
    assert.deepEqual(m.sections[1].table.rows.map((x) => x.slice(0, 3)), [["P0", "leader", "yes"], ["P2", "follower", "yes"]]);
    // The cut links as the core reports them (recorded: B2's link to the leader B0 cut).
    const leaving = coreFixture("followerLeaving");
    const cuts = new Set(leaving.cutLinks.map(([a, b]) => linkKey(a, b)));
    assert.equal(rows(inspect({ type: "broker", id: 2 }, leaving, { cuts }).sections[0])["Links cut"], "0–2");
    assert.equal(rows(inspect({ type: "broker", id: 1 }, leaving, { cuts }).sections[0])["Links cut"], "none", "B1's links are whole");
  });

  test("a message in flight, and after delivery", () => {
    const live = inspect({ type: "message", seq: 459 }, snap);
    assert.equal(live.title, "FetchResponse #459");
    const r = rows(live.sections[0]);
    assert.equal(r["From → to"], "B0 → B2");
    assert.equal(r.Status, "in flight: arrives in 1 tick(s)");
    assert.match(live.sections[1].note, /^Fetch: follower pulls/);
    const old = { ...coreFixture("failover"), tick: 300, inflight: [] };
    const gone = inspect({ type: "message", seq: 459, message: snap.inflight.find((x) => x.seq === 459) }, old);
    assert.equal(rows(gone.sections[0]).Status, "delivered at tick 250");
  });

  test("a partition: AR, ISR, OSR explicitly", () => {
    const r = rows(inspect({ type: "partition", partition: 1 }, snap).sections[0]);
    assert.equal(r["AR (assigned replicas)"], "{1,2,3}");
    assert.equal(r.Leader, "B2");
    assert.equal(r["ISR (in sync)"], "{2,3}");
    assert.equal(r["OSR (out of sync)"], "{1}");
    assert.equal(r.adding_replicas, undefined, "no reassignment running");
  });

  test("a partition being reassigned: its target and the znode's adding / removing replicas (recorded)", () => {
    const r = rows(inspect({ type: "partition", partition: 0 }, coreFixture("reassigning")).sections[0]);
    assert.equal(r["AR (assigned replicas)"], "{1,2,3,0}");
    assert.deepEqual([r["reassigning to (TRS)"], r.adding_replicas, r.removing_replicas], ["[1,2,3]", "{3}", "{0}"]);
  });

  test("a target that no longer exists says so", () => {
    assert.match(inspect({ type: "broker", id: 9 }, snap).sections[0].note, /does not exist/);
    assert.match(inspect({ type: "record", partition: 0, broker: 0, offset: 99 }, snap).sections[0].note, /does not exist/);
    assert.match(inspect({ type: "message", seq: 1 }, snap).sections[0].note, /does not exist/);
  });
});
