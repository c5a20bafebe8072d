// The page's lesson runner, compare mode (its Mode, app/modes/compare.js) and share links against the real wasm core (www/pkg):
// every scenario file plays to its end through www/app/lesson-runner.js with every checkpoint passing (the
// same files cargo test plays, so the page and cargo agree); every compare preset shows the
// difference its captions describe; a share link replays to the very same state hash.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import init, { Cluster, parseScenario } from "../../www/pkg/kafka_replication.js";
import { catalogue, configOf, countStops, createRun, lessonInfo, play } from "../../www/app/lesson-runner.js";
import { loadPresets, PRESETS } from "../../www/app/compare-presets.js";
import { CompareMode } from "../../www/app/modes/compare.js";
import { decodeShare, shareQuery } from "../../www/app/share.js";
import { replayPlan } from "../../www/app/timeline.js";

await init({ module_or_path: fs.readFileSync(new URL("../../www/pkg/kafka_replication_bg.wasm", import.meta.url)) });

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const files = {};
// Every folder under scenarios/, as the page (www/scenario-files.js) and cargo test find them.
for (const group of fs.readdirSync(path.join(ROOT, "scenarios"))) {
  for (const f of fs.readdirSync(path.join(ROOT, "scenarios", group))) {
    if (f.endsWith(".txt")) files[`../scenarios/${group}/${f}`] = fs.readFileSync(path.join(ROOT, "scenarios", group, f), "utf8");
  }
}

loadPresets(files, parseScenario);

/** The runner's ops on one handle, recording the action log as the page's Session does. */
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
        for (const x of commands.filter((x) => x.command === "expect")) assert.ok(x.sentence?.en && x.sentence?.zh, `line ${x.line}: a check sentence in en and zh for ${x.text}`);
        assert.ok(run.checkpoints.filter((x) => x.kind === "expect").every((x) => x.sentence?.en), "the runner carries the sentences");
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
    assert.equal(stops.length, 9);
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
  /** Plays a preset to its end in the page's compare Mode (app/modes/compare.js); the metrics of both panes. */
  function playPreset(preset) {
    const host = { lang: () => "en", t: (k) => k, post() {}, wake() {} };
    const mode = new CompareMode(preset, Cluster, parseScenario, host);
    mode.goto(Infinity);
    const m = mode.model();
    const run = mode.player.run;
    mode.close();
    return { metrics: m.metrics, expected: m.expected, run, hashes: m.hashes, stops: countStops(parseScenario(preset.script)) };
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
    elr: ([a, b]) => {
      assert.equal(a.leader[0], -1, "3.7 waits for its last ISR member");
      assert.equal(b.leader[0], 1, "4.2 elects b1 from the ELR");
      assert.equal(b.lost, 0);
      assert.ok(a.unavailableTicks > b.unavailableTicks + 100, `offline ${a.unavailableTicks} vs ${b.unavailableTicks} ticks`);
    },
    detection: ([a, b]) => {
      assert.deepEqual([a.acked, b.acked], [1, 2], "4.2 acknowledged m2; 3.7 still waits for b2");
      assert.deepEqual([a.hw, b.hw], [[1], [2]]);
    },
    "strict-min-isr": ([a, b]) => {
      assert.deepEqual([a.violations["committed-lost"], b.violations["committed-lost"]], [1, undefined], "2.8 had committed m3; 3.7 had not");
      assert.deepEqual([a.violations["acks1-lost"], b.violations["acks1-lost"]], [1, 1], "the acks=1 m3 is gone on both sides");
      assert.deepEqual([a.lostValues, b.lostValues], [[3], [3]]);
    },
    "zombie-fetch": ([a, b]) => {
      assert.deepEqual([a.violations["strong-isr"], b.violations["strong-isr"]], [1, undefined], "2.8 let the zombie fetch put b1 into the ISR without m3");
      assert.deepEqual([a.violations["committed-lost"], a.violations["acked-lost"]], [1, 1], "2.8 elected b1 and lost m3");
      assert.deepEqual([a.lostValues, b.lostValues], [[3], []]);
      assert.deepEqual(b.violations, {}, "4.2 refused the stale broker epoch");
      assert.deepEqual([a.leader, b.leader], [[1], [1]]);
    },
  };
  for (const preset of PRESETS) {
    test(preset.id, () => {
      const { metrics, expected: findings, run, hashes, stops } = playPreset(preset);
      assert.equal(run.stops, stops);
      assert.ok(findings.length > 0 && findings.every((f) => f.holds), `the expected contrast is found: ${JSON.stringify(findings)}`);
      assert.notEqual(hashes[0], hashes[1]);
      expected[preset.id](metrics);
      // Every checkpoint holds on the side its file names (`expect left|right`; else both), as
      // cargo test asserts: each states what one of the settings does.
      const commands = parseScenario(preset.script);
      for (const c of run.checkpoints) {
        const side = ["left", "right"].indexOf(commands.find((x) => x.line === c.line)?.kind);
        assert.ok(side < 0 ? c.panes.every((p) => p.ok) : c.panes[side].ok, `${c.text} holds on its side`);
        assert.ok(c.sentence?.en && c.sentence?.zh, `${c.text} reads as a sentence in en and zh`);
      }
    });
  }
  test("the expected contrast is not claimed before the panes show it", () => {
    const host = { lang: () => "zh", t: (k) => k, post() {}, wake() {} };
    const mode = new CompareMode(PRESETS[0], Cluster, parseScenario, host);
    mode.goto(1);
    const first = mode.model().expected;
    assert.ok(first.every((f) => !f.holds) && /acks=1/.test(first[0].text) && /[\u4e00-\u9fff]/.test(first[0].text), JSON.stringify(first));
    mode.close();
  });
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
