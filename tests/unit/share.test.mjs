// Share links and embed parameters (www/share.js): a link round-trips, and a damaged, old or
// malformed one is refused with a reason (the page then says so instead of breaking).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeShare, embedOptions, encodeShare, fnv1a, fromBase64Url, lessonQuery, MAX_LINK_TICKS, shareQuery, toBase64Url } from "../../www/share.js";

const moment = {
  config: { version: "0.11", brokers: 3, partitions: 1, replicationFactor: 3, seed: 42 },
  actions: [
    { tick: 0, method: "produce", args: [{ partition: 0, count: 5, acks: "all" }] },
    { tick: 12, method: "fail", args: [2, "crash", { lossy: true }] },
    { tick: 12, method: "cut", args: [0, 1] },
    { tick: 40, method: "recover", args: [2] },
    { tick: 41, method: "dropNext", args: ["FetchResponse"] },
    { tick: 90, method: "addReplica", args: [0, 3] },
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
  test("the link is v=1, a base64url payload and an 8-digit FNV-1a checksum of it", () => {
    const { v, s, c } = encodeShare(moment);
    assert.equal(v, "1");
    assert.match(s, /^[A-Za-z0-9_-]+$/);
    assert.equal(c, fnv1a(s));
    assert.match(c, /^[0-9a-f]{8}$/);
    assert.equal(fnv1a(""), "811c9dc5", "FNV-1a offset basis");
    assert.equal(fnv1a("a"), "e40c292c", "FNV-1a of 'a'");
    const q = shareQuery(moment, { lang: "zh" });
    assert.match(q, /^v=1&s=[^&]+&c=[0-9a-f]{8}&lang=zh$/);
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
    p.set("v", "2");
    assert.deepEqual(decodeShare(p), { ok: false, reason: "version", detail: "2" });
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

describe("embed parameters", () => {
  test("all of them", () => {
    const o = embedOptions(params("scenario=01-anatomy&step=3&controls=minimal&autoplay&theme=dark&lang=zh&height=600&mode=compare&preset=acks"));
    assert.deepEqual(
      { ...o, problems: o.problems.length },
      { scenario: "01-anatomy", step: 3, controls: "minimal", autoplay: true, theme: "dark", lang: "zh", height: 600, mode: "compare", preset: "acks", problems: 0 },
    );
  });
  test("defaults, and bad values reported and ignored", () => {
    const d = embedOptions(params(""));
    assert.equal(d.controls, "full");
    assert.equal(d.autoplay, false);
    assert.equal(d.step, null);
    const bad = embedOptions(params("controls=some&step=-2&height=5&theme=pink&autoplay=0"));
    assert.deepEqual(bad.problems.map((p) => p.name).sort(), ["controls", "height", "step", "theme"]);
    assert.equal(bad.controls, "full");
    assert.equal(bad.autoplay, false);
  });
  test("a lesson link", () => {
    assert.equal(lessonQuery({ scenario: "05-acks", step: 4, lang: "zh" }), "scenario=05-acks&step=4&lang=zh");
  });
});
