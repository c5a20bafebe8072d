// The UI strings (www/i18n.js): both languages complete, lookup and interpolation, the starting
// language, every key the page uses exists, and switching changes what view helpers say.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { getLang, hasKey, initialLang, keys, loadLang, normalizeLang, onLangChange, SCHEMA_PREFIXES, schemaText, setLang, t, tr } from "../../www/i18n.js";
import { consumerLines, consumerModel } from "../../www/views/brokers-model.js";
import { configSummary } from "../../www/views/config-model.js";
import { partitionAlerts } from "../../www/views/model.js";
import { brokerAction } from "../../www/app/actions.js";
import { coreFixture, schemaFixture } from "./fixtures.mjs";

// The words come from the dictionaries, loaded as the page loads them (i18n.js loadLang).
await Promise.all([loadLang("en"), loadLang("zh")]);

/** A language's two files (its texts and its event templates) as one dictionary. */
const dictionary = async (lang) => ({ ...(await import(`../../www/i18n/${lang}.js`)).default, ...(await import(`../../www/i18n/${lang}-events.js`)).default });

const WWW = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "www");
const CJK = /[\u4e00-\u9fff]/;

afterEach(() => setLang("en"));

describe("the dictionary", () => {
  test("every key has an English and a Chinese text (the schema's meanings aside: their English is the core's)", () => {
    const missing = keys().filter((k) => !hasKey(k) && !SCHEMA_PREFIXES.some((p) => k.startsWith(p)));
    assert.deepEqual(missing, []);
    assert.ok(keys().length > 300, `${keys().length} keys`);
  });
  test("Chinese texts are Chinese where English has words to translate", () => {
    // Texts that are only names, numbers or Kafka terms kept in English (leader epoch) may stay.
    const kept = ["insp.col.leaderEpoch"];
    const same = keys().filter((k) => {
      if (kept.includes(k)) return false;
      const en = tr("en", k, { n: 2, tick: 1, p: 0, b: 1, id: 1 });
      const zh = tr("zh", k, { n: 2, tick: 1, p: 0, b: 1, id: 1 });
      return en === zh && /[a-z]{4,} [a-z]{4,}/.test(en);
    });
    assert.deepEqual(same, [], "translated");
  });
  test("a Chinese text has the English text's {placeholders} and no key of its own (the schema's meanings aside)", async () => {
    const en = await dictionary("en");
    const zh = await dictionary("zh");
    assert.deepEqual(Object.keys(zh).filter((k) => !(k in en) && !SCHEMA_PREFIXES.some((p) => k.startsWith(p))), []);
    // Plurals are functions in English and may be strings in Chinese: compared where both are strings.
    const names = (v) => (typeof v === "string" ? [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join() : null);
    const differ = Object.keys(en).filter((k) => names(en[k]) !== null && names(zh[k]) !== null && names(en[k]) !== names(zh[k]));
    assert.deepEqual(differ, []);
  });
  test("Chinese sentences use full-width punctuation", async () => {
    const zh = await dictionary("zh");
    // An ASCII , ; : ! ? ( ) next to a Chinese character (a code span like `acks=all,` is not one).
    const ascii = /[\u4e00-\u9fff][,;:!?()]|[,;:!?()][\u4e00-\u9fff]/;
    assert.deepEqual(Object.keys(zh).filter((k) => ascii.test(typeof zh[k] === "function" ? zh[k].toString() : zh[k])), []);
  });
  test("the terms of the source notes", () => {
    assert.match(tr("zh", "legend.hw"), /高水位/);
    assert.match(tr("zh", "partition.isr.title"), /同步副本/);
    assert.match(tr("zh", "legend.leo"), /日志末端位移/);
    assert.match(tr("zh", "lesson.status.offScript"), /下一步/);
    // A guided lesson is a tutorial (教程), not a course (课程); a crash is 宕机 wherever it is named.
    assert.match(tr("zh", "controls.lessons"), /^教程$/);
    assert.equal(keys().filter((k) => /课程|崩溃/.test(tr("zh", k, { zk: "6 s" }))).length, 0);
  });
});

describe("lookup", () => {
  test("interpolates {names} and runs plural functions", () => {
    assert.equal(tr("en", "cluster.arrives", { n: 1 }), "arrives in 1 tick");
    assert.equal(tr("en", "cluster.arrives", { n: 3 }), "arrives in 3 ticks");
    assert.equal(tr("zh", "cluster.arrives", { n: 3 }), "3 tick 后到达");
    assert.equal(tr("en", "timeline.status.past", { tick: 7, horizon: 9 }), "tick 7 of 9 · replaying recorded history (acting now discards what follows)");
    assert.equal(tr("en", "lesson.stop", { n: 2, total: 8 }), "Stop 2 of 8");
    assert.equal(tr("zh", "lesson.stop", { n: 2, total: 8 }), "第 2 / 8 步");
  });
  test("an unknown key is shown as itself; a missing variable stays visible", () => {
    assert.equal(t("no.such.key"), "no.such.key");
    assert.equal(tr("en", "lesson.stop", { n: 1 }), "Stop 1 of {total}");
  });
  test("setLang switches t() and tells listeners; unknown languages are ignored", () => {
    const heard = [];
    const off = onLangChange((l) => heard.push(l));
    assert.equal(setLang("zh-CN"), "zh");
    assert.equal(getLang(), "zh");
    assert.equal(t("controls.play"), "播放");
    assert.equal(setLang("fr"), "zh");
    setLang("en");
    off();
    assert.deepEqual(heard, ["zh", "en"]);
    assert.equal(t("controls.play"), "Play");
  });
});

describe("loading the dictionaries", () => {
  test("loadLang resolves to the language; an unknown one is refused", async () => {
    assert.equal(await loadLang("zh-CN"), "zh");
    await assert.rejects(loadLang("fr"), /unknown language fr/);
  });
  test("before its dictionary is loaded a language cannot be chosen, and keys show as themselves", async () => {
    const fresh = await import("../../www/i18n.js?nothing-loaded"); // a module instance of its own
    assert.throws(() => fresh.setLang("zh"), /not loaded/);
    assert.equal(fresh.t("controls.play"), "controls.play");
    assert.equal(fresh.hasKey("controls.play"), false);
    await fresh.loadLang("zh");
    assert.equal(fresh.setLang("zh"), "zh");
    assert.equal(fresh.t("controls.play"), "播放");
  });
});

describe("the starting language", () => {
  test("?lang= first, then the saved choice, then the browser's languages, else English", () => {
    assert.equal(initialLang({ param: "zh", saved: "en", languages: ["en-US"] }), "zh");
    assert.equal(initialLang({ param: null, saved: "zh", languages: ["en-US"] }), "zh");
    assert.equal(initialLang({ param: "klingon", saved: null, languages: ["de-DE", "zh-TW"] }), "zh");
    assert.equal(initialLang({ languages: ["de-DE"] }), "en");
    assert.equal(normalizeLang("ZH_hans"), "zh");
    assert.equal(normalizeLang("en-GB"), "en");
    assert.equal(normalizeLang(""), null);
  });
});

describe("every key the page uses exists", () => {
  const sources = [];
  const walk = (dir) => {
    for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, f.name);
      if (f.isDirectory() && f.name !== "pkg") walk(p);
      else if (/\.(js|html)$/.test(f.name)) sources.push(p);
    }
  };
  walk(WWW);
  test("t(\"…\") calls and data-i18n attributes", () => {
    const used = new Set();
    for (const file of sources) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bt\("([a-zA-Z0-9_.\- ]+)"/g)) used.add(m[1]);
      for (const m of text.matchAll(/data-i18n(?:-[a-z-]+)?="([^"]+)"/g)) used.add(m[1]);
    }
    assert.ok(used.size > 150, `${used.size} keys used`);
    assert.deepEqual([...used].filter((k) => !hasKey(k)), []);
  });
  test("keys built from parts: statuses, broker actions, message families, invariants, config", () => {
    for (const s of ["up", "crashed", "stuck", "slow", "isolated"]) assert.ok(hasKey(`status.${s}`) && hasKey(`insp.status.${s}`), s);
    for (const a of ["crash", "crashLossy", "stuck", "slow", "isolate", "recover"]) for (const f of ["label", "help", "shortcut"]) assert.ok(hasKey(`action.${a}.${f}`), `${a}.${f}`);
    for (const f of ["Fetch", "Produce", "ConsumerFetch", "LeaderAndIsr", "OffsetsForLeaderEpoch", "AlterPartition"]) assert.ok(hasKey(`family.${f}`), f);
    for (const r of ["pending", "acked", "failed"]) assert.ok(hasKey(`request.${r}`), r);
    for (const { key } of schemaFixture().keys) assert.ok(hasKey(`cfg.${key}`), `cfg.${key}`);
  });
});

describe("the meanings of the core's kinds (Cluster.schema())", () => {
  const schema = schemaFixture();
  const own = (lang, prefix) => keys().filter((k) => k.startsWith(prefix) && tr(lang, k) !== k).map((k) => k.slice(prefix.length)).sort();
  test("Chinese has every violation kind and event kind of the schema, and no other; English has none (it shows the core's words)", () => {
    assert.deepEqual(own("zh", "inv."), schema.violationKinds.map((k) => k.kind).sort());
    assert.deepEqual(own("zh", "kind."), schema.eventKinds.map((k) => k.kind).sort());
    for (const prefix of SCHEMA_PREFIXES) assert.deepEqual(own("en", prefix), [], prefix);
    assert.ok(schema.eventKinds.length > 30);
  });
  test("schemaText: the dictionary's words, else the core's English", () => {
    const { kind, meaning } = schema.eventKinds.find((k) => k.kind === "isr-shrink");
    assert.equal(schemaText("kind", kind, meaning), meaning);
    setLang("zh");
    assert.equal(schemaText("kind", kind, meaning), "follower 离开了 ISR（附上原因）");
    assert.equal(schemaText("kind", "new-kind", "the core's own words"), "the core's own words");
  });
});

describe("switching changes what the views say", () => {
  test("the consumer line, the config summary, partition flags and broker actions", () => {
    const snap = coreFixture("failover");
    const byId = new Map(snap.brokers.map((b) => [b.id, b]));
    const before = [consumerLines(consumerModel({ partitions: [{ partition: 0, hw: -1 }] }))[0], configSummary(snap.config), partitionAlerts(snap.partitions[1], byId)[0].text, brokerAction("crash").label];
    setLang("zh");
    const after = [consumerLines(consumerModel({ partitions: [{ partition: 0, hw: -1 }] }))[0], configSummary(snap.config), partitionAlerts(snap.partitions[1], byId)[0].text, brokerAction("crash").label];
    assert.deepEqual(before, ["P0 no leader", "Kafka 3.7 · 4 brokers · 3 partitions · RF 3 · min.ISR 1 · seed 1", "under-replicated", "Crash"]);
    for (const [i, text] of after.entries()) {
      assert.notEqual(text, before[i]);
      assert.match(text, CJK, text);
    }
  });
});
