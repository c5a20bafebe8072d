// Share links and embed parameters (www/app/share.js): a link round-trips, and a damaged, old or
// malformed one is refused with a reason (the page then says so instead of breaking).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  compactRows,
  decodeShare,
  embedOptions,
  encodeShare,
  fnv1a,
  fromBase64Url,
  lessonQuery,
  MAX_LINK_ACTIONS,
  MAX_LINK_CHARS,
  MAX_LINK_TICKS,
  replayEstimateMs,
  shareParams,
  shareQuery,
  toBase64Url,
} from "../../www/app/share.js";

const moment = {
  config: { version: "0.11", brokers: 3, partitions: 1, replicationFactor: 3, seed: 42 },
  actions: [
    { tick: 0, method: "produce", args: [{ partition: 0, count: 5, acks: "all" }] },
    { tick: 12, method: "fail", args: [2, "crash", { lossy: true }] },
    { tick: 12, method: "cut", args: [0, 1] },
    { tick: 40, method: "recover", args: [2] },
    { tick: 41, method: "dropNext", args: ["FetchResponse"] },
    { tick: 90, method: "addReplica", args: [0, 3] },
    { tick: 92, method: "reassign", args: [0, [1, 2, 3]] },
    { tick: 95, method: "heal", args: [0, 1] },
  ],
  tick: 60,
  horizon: 120,
};
const params = (q) => new URLSearchParams(q);
const link = (state = moment, extra) => params(shareQuery(state, extra));

describe("share links", () => {
  test("round trip: config, seed, every action, position and horizon", () => {
    const r = decodeShare(link());
    assert.equal(r.ok, true);
    assert.deepEqual(r.state, moment);
  });
  test("the link is v=2, a base64url payload and an 8-digit FNV-1a checksum of it", () => {
    const { v, s, c } = encodeShare(moment);
    assert.equal(v, "2");
    assert.match(s, /^[A-Za-z0-9_-]+$/);
    assert.equal(c, fnv1a(s));
    assert.match(c, /^[0-9a-f]{8}$/);
    assert.equal(fnv1a(""), "811c9dc5", "FNV-1a offset basis");
    assert.equal(fnv1a("a"), "e40c292c", "FNV-1a of 'a'");
    const q = shareQuery(moment, { lang: "zh" });
    assert.match(q, /^v=2&s=[^&]+&c=[0-9a-f]{8}&lang=zh$/);
  });
  test("Unicode survives base64url", () => {
    assert.equal(fromBase64Url(toBase64Url("副本 ISR · 高水位 HW ✓")), "副本 ISR · 高水位 HW ✓");
    const r = decodeShare(link({ ...moment, config: { ...moment.config, note: "同步副本" } }));
    assert.equal(r.state.config.note, "同步副本");
  });
  test("no share parameters: null (an ordinary page load)", () => {
    assert.equal(decodeShare(params("seed=3&lang=zh")), null);
  });
  test("a damaged link: one character changed, cut short, or a wrong checksum", () => {
    const p = link();
    const s = p.get("s");
    const flipped = params(p);
    flipped.set("s", s.slice(0, 20) + (s[20] === "A" ? "B" : "A") + s.slice(21));
    assert.deepEqual(decodeShare(flipped), { ok: false, reason: "checksum", detail: "" });
    const cut = params(p);
    cut.set("s", s.slice(0, -7));
    assert.equal(decodeShare(cut).reason, "checksum");
    const sum = params(p);
    sum.set("c", "00000000");
    assert.equal(decodeShare(sum).reason, "checksum");
    assert.equal(decodeShare(params("v=1&s=abc")).reason, "checksum", "no checksum at all");
  });
  test("an old or future format version is named", () => {
    const p = link();
    p.set("v", "3");
    assert.deepEqual(decodeShare(p), { ok: false, reason: "version", detail: "3" });
    assert.equal(decodeShare(params("s=xyz")).reason, "version");
  });
  test("a payload with a valid checksum but the wrong shape is refused, saying why", () => {
    const withPayload = (json) => {
      const s = toBase64Url(json);
      return params(`v=1&s=${s}&c=${fnv1a(s)}`);
    };
    assert.match(decodeShare(withPayload("{nope")).detail, /not JSON/);
    assert.match(decodeShare(withPayload("[]")).detail, /not an object/);
    assert.match(decodeShare(withPayload(JSON.stringify({ c: {}, a: [[0, "x"]], t: 0, h: 0 }))).detail, /unknown action/);
    assert.match(decodeShare(withPayload(JSON.stringify({ c: {}, a: [[-1, "p", {}]], t: 0, h: 0 }))).detail, /without a tick/);
    assert.match(decodeShare(withPayload(JSON.stringify({ c: {}, a: [], t: 5, h: 2 }))).detail, /position/);
    assert.match(decodeShare(withPayload(JSON.stringify({ c: {}, a: [[9, "p", {}]], t: 0, h: 5 }))).detail, /after the end/);
    assert.match(decodeShare(withPayload(JSON.stringify({ c: { x: {} }, a: [], t: 0, h: 0 }))).detail, /config x/);
    assert.match(decodeShare(withPayload(JSON.stringify({ c: {}, a: [], t: 0, h: MAX_LINK_TICKS + 1 }))).detail, /longer than/);
    for (const r of ["{nope", "[]"].map((j) => decodeShare(withPayload(j)))) assert.equal(r.reason, "format");
  });
});

describe("links that always open (#17)", () => {
  // Made by the page before #17 (format 1, in the query): such links keep opening.
  const V1 =
    "v=1&s=eyJjIjp7InZlcnNpb24iOiIwLjExIiwiYnJva2VycyI6MywicGFydGl0aW9ucyI6MSwicmVwbGljYXRpb25GYWN0b3IiOjMsInNlZWQiOjQyfSwiYSI6W1swLCJwIix7InBhcnRpdGlvbiI6MCwiY291bnQiOjUsImFja3MiOiJhbGwifV0sWzEyLCJmIiwyLCJjcmFzaCIseyJsb3NzeSI6dHJ1ZX1dLFsyOCwiciIsMl1dLCJ0Ijo2MCwiaCI6MTIwfQ&c=e47238ed&lang=zh";
  test("an old ?v=1&s= link still opens, to the same moment", () => {
    const r = decodeShare(shareParams(`?${V1}`, ""));
    assert.equal(r.ok, true);
    assert.deepEqual(r.state, {
      config: { version: "0.11", brokers: 3, partitions: 1, replicationFactor: 3, seed: 42 },
      actions: [
        { tick: 0, method: "produce", args: [{ partition: 0, count: 5, acks: "all" }] },
        { tick: 12, method: "fail", args: [2, "crash", { lossy: true }] },
        { tick: 40, method: "recover", args: [2] },
      ],
      tick: 60,
      horizon: 120,
    });
  });
  test("the state is read from the fragment first, else from the query", () => {
    const q = shareQuery(moment);
    assert.deepEqual(decodeShare(shareParams("?lang=en", `#${q}`)).state, moment);
    assert.deepEqual(decodeShare(shareParams(`?${q}`, "#")).state, moment, "an embed's iframe passes it in the query");
    assert.equal(decodeShare(shareParams("?lang=en", "")), null);
  });
  test("runs of automatic produces are compacted: 30 s of one a tick is a few rows", () => {
    const actions = [];
    for (let tick = 1; tick <= 300; tick++) actions.push({ tick, method: "produce", args: [{ partition: tick % 3, count: 1 + (tick % 2), acks: "all" }] });
    actions.push({ tick: 300, method: "fail", args: [1] });
    const state = { config: { seed: 1 }, actions, tick: 300, horizon: 300 };
    const { s } = encodeShare(state);
    const rows = JSON.parse(fromBase64Url(s)).a;
    assert.ok(rows.length <= 10, `${rows.length} rows`);
    assert.ok(rows.some((r) => r[0] === "*"), "a repeat row");
    assert.ok(s.length < 600, `${s.length} characters (format 1 had ~16 000)`);
    assert.deepEqual(decodeShare(params(shareQuery(state))).state, state);
  });
  test("compactRows: repeats the longest run of a period, else the rows as they are", () => {
    assert.deepEqual(compactRows([[1, "p"], [1, "p"], [1, "p"]]), [[1, "p"], ["*", 1, 2]]);
    assert.deepEqual(compactRows([[1, "a"], [2, "b"], [1, "a"], [2, "b"], [1, "a"]]), [[1, "a"], [2, "b"], ["*", 2, 1], [1, "a"]]);
    assert.deepEqual(compactRows([[1, "a"], [2, "b"]]), [[1, "a"], [2, "b"]]);
  });
  test("a repeat row of rows that are not there, or beyond the limits, is refused", () => {
    const withPayload = (json) => {
      const s = toBase64Url(json);
      return params(`v=2&s=${s}&c=${fnv1a(s)}`);
    };
    assert.match(decodeShare(withPayload(JSON.stringify({ c: {}, a: [["*", 1, 1]], t: 0, h: 0 }))).detail, /not there/);
    assert.match(decodeShare(withPayload(JSON.stringify({ c: {}, a: [[0, "p", {}], ["*", 1, MAX_LINK_ACTIONS]], t: 0, h: 0 }))).detail, /more than/);
    assert.match(decodeShare(withPayload(JSON.stringify({ c: {}, a: [[1, "p", {}], ["*", 1, 5]], t: 5, h: 5 }))).detail, /after the end/, "6 ticks of actions in a history of 5");
    const v1 = (json) => {
      const s = toBase64Url(json);
      return params(`v=1&s=${s}&c=${fnv1a(s)}`);
    };
    assert.equal(decodeShare(v1(JSON.stringify({ c: {}, a: [[0, "p", {}], ["*", 1, 1]], t: 0, h: 0 }))).reason, "format", "format 1 has no repeat rows");
  });
  test("the page never makes a link it would refuse: too many actions, too long a history or replay", () => {
    const many = Array.from({ length: MAX_LINK_ACTIONS + 1 }, (_, i) => ({ tick: i, method: "fail", args: [i % 7] }));
    const cases = [
      { config: {}, actions: many, tick: MAX_LINK_ACTIONS, horizon: MAX_LINK_ACTIONS },
      { config: {}, actions: [], tick: 0, horizon: MAX_LINK_TICKS + 1 },
      { config: { brokers: 32, partitions: 256, replicationFactor: 32 }, actions: [], tick: 5000, horizon: 5000 },
    ];
    for (const state of cases) {
      const enc = encodeShare(state);
      assert.match(enc.problem.why, /more than|longer than/);
      assert.equal(shareQuery(state), null);
    }
    const wide = { config: { note: "x".repeat(MAX_LINK_CHARS) }, actions: [], tick: 0, horizon: 0 };
    assert.match(encodeShare(wide).problem.why, /characters/);
    // And a link made by hand past a limit is refused saying which, before any replay.
    const s = toBase64Url(JSON.stringify({ c: { partitions: 256, replicationFactor: 32 }, a: [], t: 5000, h: 5000 }));
    const r = decodeShare(params(`v=2&s=${s}&c=${fnv1a(s)}`));
    assert.equal(r.reason, "long");
    assert.match(r.detail, /replay estimated at \d+ s, longer than 10 s/);
  });
});

describe("replay estimate", () => {
  test("linear in the replicas (partitions × RF), plus the actions", () => {
    const perTick = (partitions, replicationFactor) => replayEstimateMs({ partitions, replicationFactor }, 1, 0);
    const replicas = (p, rf) => perTick(p, rf) - perTick(0, 0);
    assert.ok(Math.abs(perTick(3, 3) - 0.0345) < 1e-9, "the default cluster: 0.03 ms + 9 replicas");
    assert.ok(Math.abs(replicas(256, 32) - 2 * replicas(256, 16)) < 1e-9, "twice the RF, twice the replica work (not four times)");
    assert.ok(Math.abs(replicas(128, 8) - replicas(64, 16)) < 1e-9, "the same replicas, the same work");
    assert.equal(replayEstimateMs({}, 0, 1000), 50, "0.05 ms an action");
    assert.equal(replayEstimateMs({}, 100, 0), 100 * perTick(3, 3), "defaults as the core's: 3 partitions, RF 3");
  });
});

describe("embed parameters", () => {
  test("all of them", () => {
    const o = embedOptions(params("scenario=01-anatomy&step=3&controls=minimal&view=lesson&autoplay&theme=dark&lang=zh&height=600&mode=compare&preset=acks"));
    assert.deepEqual(
      { ...o, problems: o.problems.length },
      { scenario: "01-anatomy", step: 3, controls: "minimal", view: "lesson", autoplay: true, theme: "dark", lang: "zh", height: 600, mode: "compare", preset: "acks", seed: null, ticks: null, problems: 0 },
    );
  });
  test("defaults, and bad values reported and ignored", () => {
    const d = embedOptions(params(""));
    assert.equal(d.controls, "full");
    assert.equal(d.autoplay, false);
    assert.equal(d.step, null);
    assert.equal(d.view, "full");
    const bad = embedOptions(params("controls=some&view=wide&step=-2&height=5&theme=pink&autoplay=0&seed=abc&ticks=1e400"));
    assert.deepEqual(bad.problems.map((p) => p.name).sort(), ["controls", "height", "seed", "step", "theme", "ticks", "view"], "every bad parameter the same way (#17: seed=abc was a blocking banner)");
    assert.equal(bad.seed, null);
    assert.equal(bad.ticks, null);
    assert.deepEqual(embedOptions(params("seed=7&ticks=30")).seed, 7);
    assert.deepEqual(embedOptions(params("seed=")).problems[0].name, "seed");
    assert.equal(bad.controls, "full");
    assert.equal(bad.autoplay, false);
  });
  test("a lesson link", () => {
    assert.equal(lessonQuery({ scenario: "05-acks", step: 4, lang: "zh" }), "scenario=05-acks&step=4&lang=zh");
  });
});
