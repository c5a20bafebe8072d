// Events and violations in the reader's language (www/views/event-text.js): templates from the
// params, nested phrases and broker sets, and the core's English text when a template is missing.
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { loadLang, setLang } from "../../www/i18n.js";
import { eventText } from "../../www/views/event-text.js";

await Promise.all([loadLang("en"), loadLang("zh")]);
afterEach(() => setLang("en"));

const shrink = {
  kind: "isr-shrink",
  text: "b2 left the ISR of p0: not caught up for 10000 ms > replica.lag.time.max.ms 10000; ISR now {0,1} (written to ZooKeeper by the leader, zkVersion 3)",
  params: { kind: "isr-shrink", b: 2, p: 0, why: { kind: "why.lag-time", ms: 10000, lag: 10000 }, isr: [0, 1], how: { kind: "how.zookeeper", v: 3 } },
};

describe("eventText", () => {
  test("English from the params is the core's text; Chinese uses the Kafka terms", () => {
    assert.equal(eventText(shrink), shrink.text);
    setLang("zh");
    assert.equal(eventText(shrink), "b2 离开 p0 的 ISR：已 10000 ms 没有追上 > replica.lag.time.max.ms 10000；ISR 现为 {0,1}（由 leader 写入 ZooKeeper，zkVersion 3）");
  });
  test("an absent optional phrase is left out; a list of phrases is joined", () => {
    const sent = { kind: "produce", text: "x", params: { kind: "produce.sent", request: 1, values: "m0", p: 0, leader: 1, acks: "all", seq: null, retry: { kind: "produce.retry", n: 2 } } };
    assert.equal(eventText(sent), "producer sent request #1: m0 to p0 leader b1, acks=all (retry 2)");
    const items = [{ kind: "why.leader-gone", b: 0 }, { kind: "why.offline", p: 0 }];
    assert.equal(eventText({ text: "x", params: { kind: "list", items } }), "leader b0 is gone; no live ISR member: p0 is offline");
    setLang("zh");
    assert.equal(eventText({ text: "x", params: { kind: "list", items } }), "leader b0 已不可用；没有存活的 ISR 成员：p0 离线");
  });
  test("the core's text when there are no params, or a template (even a nested one) is missing", () => {
    setLang("zh");
    assert.equal(eventText({ kind: "hw", text: "pushed with text only", params: null }), "pushed with text only");
    assert.equal(eventText({ kind: "hw", text: "new kind", params: { kind: "no-such-template" } }), "new kind");
    assert.equal(eventText({ text: "nested", params: { ...shrink.params, why: { kind: "why.no-such" } } }), "nested");
  });
  test("a bad argument throws, naming it", () => {
    assert.throws(() => eventText(null), /item must be an event or a violation/);
    assert.throws(() => eventText({ params: {} }), /item must be/);
  });
});
