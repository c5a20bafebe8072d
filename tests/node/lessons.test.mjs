// The page's lesson runner, compare mode and share links against the real wasm core (www/pkg):
// every scenario file plays to its end through www/lesson.js with every checkpoint passing (the
// same files cargo test plays, so the page and cargo agree); every compare preset shows the
// difference its captions describe; a share link replays to the very same state hash.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import init, { Cluster, parseScenario } from "../../www/pkg/kafka_replication.js";
import { catalogue, configOf, countStops, createRun, lessonInfo, play } from "../../www/lesson.js";
import { createStats, paneConfig, paneMetrics, PRESETS, sampleTick } from "../../www/compare.js";
import { decodeShare, shareQuery } from "../../www/share.js";
import { replayPlan } from "../../www/timeline.js";

await init({ module_or_path: fs.readFileSync(new URL("../../www/pkg/kafka_replication_bg.wasm", import.meta.url)) });

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const files = {};
// Every folder under scenarios/, as the page (www/scenario-files.js) and cargo test find them.
for (const group of fs.readdirSync(path.join(ROOT, "scenarios"))) {
  for (const f of fs.readdirSync(path.join(ROOT, "scenarios", group))) {
    if (f.endsWith(".txt")) files[`../scenarios/${group}/${f}`] = fs.readFileSync(path.join(ROOT, "scenarios", group, f), "utf8");
  }
}

/** The runner's ops on one handle, recording the action log as main.js does. */
function single(c, log) {
  let tick = 0;
  return {
    call(method, args) {
      try {
        c[method](...args);
        log.push({ tick, method, args });
        return { ok: true };
      } catch (err) {
        return { ok: false, error: err.message };
      }
    },
    step(n) {
      c.step(n);
      tick += n;
    },
    expect: (text) => c.expect(text),
    tick: () => tick,
  };
}

describe("every scenario file plays through the page's runner", () => {
  for (const entry of catalogue(files)) {
    test(`${entry.group}/${entry.id}`, () => {
      const commands = parseScenario(entry.text);
      const c = new Cluster(configOf(commands));
      const run = createRun();
      const ops = single(c, []);
      let r;
      let calls = 0;
      do {
        r = play(run, commands, 13, ops); // a budget, as the animation spends it
        assert.ok(++calls < 100000);
      } while (r.stop !== "end");
      const bad = run.checkpoints.filter((x) => !x.ok);
      assert.deepEqual(bad, [], "every checkpoint passes");
      assert.ok(run.checkpoints.length > 0);
      assert.equal(run.stops, countStops(commands), "the stops counted ahead are the stops played");
      if (entry.group === "lessons") {
        const info = lessonInfo(commands);
        assert.ok(info.title.en && info.title.zh, "titles in both languages");
        assert.equal(commands.filter((x) => x.command === "caption" && x.kind === "en").length, commands.filter((x) => x.command === "caption" && x.kind === "zh").length, "a Chinese caption for every English one");
      }
      c.free();
    });
  }
});

describe("a stop replayed from the action log is the state seen there", () => {
  test("lesson 05-acks: every stop's state hash, by replaying its log on a new handle", () => {
    const commands = parseScenario(files["../scenarios/lessons/05-acks.txt"]);
    const config = configOf(commands);
    const c = new Cluster(config);
    const log = [];
    const ops = single(c, log);
    const run = createRun();
    const stops = [];
    while (play(run, commands, Infinity, ops).stop !== "end") stops.push({ tick: ops.tick(), actions: log.slice(), hash: c.stateHash() });
    assert.equal(stops.length, 8);
    for (const s of stops) {
      const again = new Cluster(config);
      for (const op of replayPlan(s.actions, 0, s.tick, { includeFrom: true })) {
        if (op.apply) again[op.apply.method](...op.apply.args);
        else if (op.step) again.step(op.step);
      }
      assert.equal(again.stateHash(), s.hash, `stop at tick ${s.tick}`);
      again.free();
    }
  });
});

describe("compare presets show their difference", () => {
  /** Plays a preset in two handles as main.js does; returns the metrics of both panes. */
  function playPreset(preset) {
    const commands = parseScenario(preset.script);
    const panes = [0, 1].map((i) => ({ c: new Cluster(paneConfig(configOf(commands), preset, i)), stats: createStats() }));
    let tick = 0;
    const ops = {
      call(m, a) {
        for (const p of panes) p.c[m](...a);
        return { ok: true };
      },
      step(n) {
        for (let i = 0; i < n; i++) {
          for (const p of panes) {
            p.c.step(1);
            sampleTick(p.stats, p.c.snapshot({ records: 0 }));
          }
          tick++;
        }
      },
      expect(text) {
        const r = panes.map((p) => p.c.expect(text));
        return { ok: r.every((x) => x.ok), panes: r };
      },
      tick: () => tick,
    };
    const run = createRun();
    while (play(run, commands, Infinity, ops).stop !== "end");
    const hashes = panes.map((p) => p.c.stateHash());
    const metrics = panes.map((p) => paneMetrics(p.c.snapshot(), p.stats));
    for (const p of panes) p.c.free();
    return { metrics, run, hashes, stops: countStops(commands) };
  }
  const expected = {
    acks: ([a, b]) => {
      assert.deepEqual(a.lostValues, [2], "acks=1 loses the acknowledged m2");
      assert.equal(b.lost, 0);
      assert.equal(a.violations["acks1-lost"], 1);
      assert.ok(b.failed >= 1, "acks=all: m2 failed instead");
    },
    "lag-rule": ([a, b]) => {
      assert.ok(a.isrChanges >= 4, `the message rule flaps the ISR (${a.isrChanges})`);
      assert.equal(b.isrChanges, 0);
    },
    truncation: ([a, b]) => {
      assert.deepEqual(a.lostValues, [2]);
      assert.equal(a.violations["acked-lost"], 1);
      assert.equal(b.lost, 0);
      assert.deepEqual(b.violations, {});
    },
    strategy: ([a, b]) => {
      assert.deepEqual(a.errors, {});
      assert.deepEqual(b.errors, { REQUEST_TIMED_OUT: 1 }, "the quorum stops with 2 of 3 down");
      assert.ok(a.acked > b.acked);
    },
    unclean: ([a, b]) => {
      assert.deepEqual(a.lostValues, [2, 3], "unclean election loses committed m2, m3");
      assert.equal(b.lost, 0);
      assert.ok(b.unavailableTicks > a.unavailableTicks + 100, "consistency first: offline for longer");
    },
  };
  for (const preset of PRESETS) {
    test(preset.id, () => {
      const { metrics, run, hashes, stops } = playPreset(preset);
      assert.equal(run.stops, stops);
      assert.notEqual(hashes[0], hashes[1]);
      expected[preset.id](metrics);
      // Every checkpoint holds in at least one pane: each states what one of the settings does.
      for (const c of run.checkpoints) assert.ok(c.panes.some((p) => p.ok), `${c.text} holds in one pane`);
    });
  }
  test("deterministic: the same preset twice, the same hashes", () => {
    assert.deepEqual(playPreset(PRESETS[0]).hashes, playPreset(PRESETS[0]).hashes);
  });
});

describe("share links with the real core", () => {
  test("encode → decode → replay gives the same state hash", () => {
    const config = { brokers: 4, partitions: 3, replicationFactor: 3, seed: 9 };
    const c = new Cluster(config);
    const actions = [];
    let tick = 0;
    const act = (method, ...args) => {
      c[method](...args);
      actions.push({ tick, method, args });
    };
    const step = (n) => {
      c.step(n);
      tick += n;
    };
    act("produce", { partition: 0, count: 5, acks: "all" });
    step(17);
    act("fail", 1, "stuck");
    act("cut", 0, 2);
    step(40);
    act("produce", { partition: 1, count: 3, acks: 1 });
    act("recover", 1);
    step(33);
    const hash = c.stateHash();
    const res = decodeShare(new URLSearchParams(shareQuery({ config, actions, tick, horizon: tick })));
    assert.equal(res.ok, true);
    const again = new Cluster(res.state.config);
    for (const op of replayPlan(res.state.actions, 0, res.state.tick, { includeFrom: true })) {
      if (op.apply) again[op.apply.method](...op.apply.args);
      else if (op.step) again.step(op.step);
    }
    assert.equal(again.stateHash(), hash);
  });
});
