// The page's words for the core's events and violations (views/event-text.js) against the real
// wasm core (www/pkg): every scenario file is played and every event and violation it produces is
// rendered from its params. In English the words are the core's own text; in Chinese every
// template is filled (no {name} left, nothing undefined) and is Chinese; and every event kind and
// violation kind the core lists has its templates in both dictionaries.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import init, { Cluster, parseScenario } from "../../www/pkg/kafka_replication.js";
import { catalogue, configOf, createRun, play } from "../../www/app/lesson-runner.js";
import { hasKey, keys, loadLang, setLang } from "../../www/i18n.js";
import { eventText } from "../../www/views/event-text.js";

await init({ module_or_path: fs.readFileSync(new URL("../../www/pkg/kafka_replication_bg.wasm", import.meta.url)) });
await Promise.all([loadLang("en"), loadLang("zh")]);

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const files = {};
for (const group of fs.readdirSync(path.join(ROOT, "scenarios"))) {
  for (const f of fs.readdirSync(path.join(ROOT, "scenarios", group))) {
    if (f.endsWith(".txt")) files[`../scenarios/${group}/${f}`] = fs.readFileSync(path.join(ROOT, "scenarios", group, f), "utf8");
  }
}

/** Every event and violation the scenario files produce (a compare file plays its first side). */
function recorded() {
  const events = [];
  const violations = [];
  for (const entry of catalogue(files)) {
    const commands = parseScenario(entry.text);
    const c = new Cluster(configOf(commands));
    const ops = {
      call(method, args) {
        try {
          c[method](...args);
          return { ok: true };
        } catch (err) {
          return { ok: false, error: err.message };
        }
      },
      step: (n) => events.push(...c.step(n)),
      expect: (text) => c.expect(text),
      tick: () => 0,
    };
    const run = createRun();
    while (play(run, commands, Infinity, ops).stop !== "end");
    violations.push(...c.snapshot().violations);
    c.free();
  }
  return { events, violations };
}

/**
 * The params kinds of crate/src and their field names, read from the `params!(kind, name = …)`
 * calls. A kind chosen by an expression stands for the template names written as literals in it,
 * or else just before the call (`let kind = if … { "a" } else { "a.b" }`).
 */
function declaredParams() {
  const dir = path.join(ROOT, "crate", "src");
  const out = new Map();
  // The sources and those of kraft/.
  const files = ["", "kraft"].flatMap((sub) =>
    fs.readdirSync(path.join(dir, sub)).filter((f) => f.endsWith(".rs")).map((f) => path.join(dir, sub, f)),
  );
  for (const f of files) {
    const src = fs.readFileSync(f, "utf8");
    for (const m of src.matchAll(/params!\(/g)) {
      const args = topLevelArgs(src, m.index + m[0].length);
      const kindArg = args[0].trim();
      const names = args.slice(1).map((a) => a.trim().match(/^(\w+)\s*=/)?.[1]).filter(Boolean);
      const literals = (text) => [...text.matchAll(/"([a-z0-9.-]+)"/g)].map((x) => x[1]).filter((k) => hasKey(`ev.${k}`));
      const inArg = literals(kindArg);
      const kinds = inArg.length ? inArg : literals(src.slice(Math.max(0, m.index - 700), m.index));
      for (const k of kinds) out.set(k, new Set([...(out.get(k) ?? []), ...names]));
    }
    // A kind passed from further away (apply_isr's `how`) has no fields of its own.
    for (const [, k] of src.matchAll(/"([a-z0-9.-]+)"/g)) if (hasKey(`ev.${k}`) && !out.has(k)) out.set(k, new Set());
  }
  return out;
}

/** The comma-separated arguments of the call whose "(" ends at `start`, split at its own level. */
function topLevelArgs(src, start) {
  const args = [];
  let depth = 0;
  let cur = "";
  for (let i = start; i < src.length; i++) {
    const ch = src[i];
    if (ch === '"') {
      const end = src.indexOf('"', i + 1);
      cur += src.slice(i, end + 1);
      i = end;
      continue;
    }
    if ("([{".includes(ch)) depth++;
    if (")]}".includes(ch)) {
      if (depth === 0) break;
      depth--;
    }
    if (ch === "," && depth === 0) {
      args.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur.trim()) args.push(cur);
  return args;
}

const { events, violations } = recorded();
const schema = Cluster.schema();

/** Every params kind in an item's tree. */
function kindsIn(p, out = new Set()) {
  if (p === null || typeof p !== "object") return out;
  if (Array.isArray(p)) {
    for (const x of p) kindsIn(x, out);
    return out;
  }
  out.add(p.kind);
  for (const [k, v] of Object.entries(p)) if (k !== "kind") kindsIn(v, out);
  return out;
}

describe("events and violations in the reader's language", () => {
  test("the scenario files produce most kinds, each with params", () => {
    const kinds = new Set(events.map((e) => e.kind));
    assert.ok(kinds.size >= 25, `${kinds.size} kinds`);
    assert.ok(violations.length > 0);
    assert.deepEqual(events.filter((e) => !e.params).map((e) => e.kind), [], "the core gives every event its params");
  });

  test("in English, the words are the core's text", () => {
    setLang("en");
    const differ = [...events, ...violations].filter((x) => eventText(x) !== x.text).map((x) => [x.text, eventText(x)]);
    assert.deepEqual(differ.slice(0, 5), []);
  });

  test("in Chinese, every template is filled and Chinese", () => {
    setLang("zh");
    try {
      for (const x of [...events, ...violations]) {
        const zh = eventText(x);
        assert.notEqual(zh, x.text, `translated: ${x.text}`);
        assert.doesNotMatch(zh, /\{[a-z_]+\}|undefined|\[object/, `filled: ${zh}`);
        assert.match(zh, /[\u4e00-\u9fff]/, `Chinese: ${zh}`);
      }
    } finally {
      setLang("en");
    }
  });

  test("every template's placeholders are fields of the params the core emits", () => {
    const fields = new Map(); // params kind → the field names seen
    const walk = (p) => {
      if (p === null || typeof p !== "object") return;
      if (Array.isArray(p)) return p.forEach(walk);
      const names = fields.get(p.kind) ?? new Set();
      for (const [k, v] of Object.entries(p)) if (k !== "kind") (names.add(k), walk(v));
      fields.set(p.kind, names);
    };
    for (const x of [...events, ...violations]) walk(x.params);
    const seen = [...fields.keys()];
    for (const lang of ["en", "zh"]) {
      setLang(lang);
      for (const kind of seen) {
        const src = fs.readFileSync(path.join(ROOT, "www", "i18n", `${lang}-events.js`), "utf8");
        const line = src.split("\n").find((l) => l.trimStart().startsWith(`"ev.${kind}":`));
        assert.ok(line, `${lang}: a template for ${kind}`);
        const slots = [...line.slice(line.indexOf(":") + 1).matchAll(/\{(\w+)\}|\$\{(\w+)/g)].map((m) => m[1] ?? m[2]);
        for (const s of slots) assert.ok(fields.get(kind).has(s), `${lang} ev.${kind}: {${s}} is not a field of its params (${[...fields.get(kind)]})`);
      }
    }
    setLang("en");
  });

  test("templates the scenario files do not exercise fill from the fields the core's source gives them", () => {
    const declared = declaredParams();
    for (const lang of ["en", "zh"]) {
      const src = fs.readFileSync(path.join(ROOT, "www", "i18n", `${lang}-events.js`), "utf8");
      for (const line of src.split("\n")) {
        const m = line.match(/^\s*"ev\.([\w.-]+)":(.*)$/);
        if (!m || m[1].startsWith("separator.") || m[1].startsWith("status.")) continue;
        const fields = declared.get(m[1]);
        assert.ok(fields, `${lang} ev.${m[1]}: no params!("${m[1]}", …) in crate/src`);
        for (const s of [...m[2].matchAll(/\{(\w+)\}|\$\{(\w+)/g)].map((x) => x[1] ?? x[2])) {
          assert.ok(fields.has(s), `${lang} ev.${m[1]}: {${s}} is not among its fields (${[...fields]})`);
        }
      }
    }
  });

  test("every event kind and violation kind the core lists has templates in both languages", () => {
    const ev = keys().filter((k) => k.startsWith("ev."));
    const has = (prefix) => ev.some((k) => (k === prefix || k.startsWith(`${prefix}.`)) && hasKey(k));
    for (const { kind } of schema.eventKinds) assert.ok(has(`ev.${kind}`) || (kind === "produce" && has("ev.produce")), `event kind ${kind}`);
    for (const { kind } of schema.violationKinds) assert.ok(has(`ev.vio.${kind}`), `violation kind ${kind}`);
    assert.ok(kindsIn(events.map((e) => e.params)).size > 40);
  });
});
