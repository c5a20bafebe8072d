// Fuzzing the share-link decoder (www/app/share.js): the fast slice of `npm run fuzz`
// (scripts/fuzz.mjs runs millions of the same cases, and replays what opens on the wasm core).
// Random text and bytes, valid links damaged, and damaged payloads carrying a valid checksum must
// each give no link, a moment the page can use and link to again, or a refusal with a reason:
// never an exception, never a moment that breaks the page later.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeShare } from "../../www/app/share.js";
import { minimiseShare, shareCase, shareProblem, withPayload } from "../../scripts/fuzz-cases.mjs";

const SEED = 6; // issue #6; `npm run fuzz -- --seed=6 --only=share` replays these cases and more
const CASES = 30_000;

/** The parameters of a link whose checksum is right for `payload` (JSON text). */
const signed = (payload) => new URLSearchParams(withPayload("v=1", payload));

describe("share links, fuzzed", () => {
  test(`${CASES.toLocaleString("en")} generated queries: each decoded as documented`, () => {
    const tally = {};
    for (let i = 0; i < CASES; i++) {
      const query = shareCase(SEED, i);
      const problem = shareProblem(query, { tally });
      if (problem) {
        const small = minimiseShare(query, (q) => shareProblem(q) !== null);
        assert.fail(`case ${i} of seed ${SEED}: ${problem}\nminimised: ${JSON.stringify(small)}`);
      }
    }
    // The cases reach every outcome, the payload's shape checks above all.
    for (const outcome of ["no link", "opened", "refused (version)", "refused (checksum)"]) {
      assert.ok(tally[outcome] > CASES / 50, `${outcome}: ${tally[outcome]} of ${CASES}`);
    }
    assert.ok(tally["refused (format)"] > CASES / 4, `refused (format): ${tally["refused (format)"]}`);
  });

  // What the fuzzer found, as fixed examples.
  test("an action named after an Object method is unknown, not a function to call", () => {
    for (const code of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      const r = decodeShare(signed(JSON.stringify({ c: {}, a: [[0, code]], t: 0, h: 0 })));
      assert.deepEqual(r, { ok: false, reason: "format", detail: `an unknown action "${code}"` });
    }
  });

  test("values JSON cannot write back are refused: nesting deeper than JSON.stringify goes, ±1e400", () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const refused = (payload) => decodeShare(signed(payload));
    // As the action's name this used to throw a RangeError (the page then failed to start).
    for (const name of [deep, `{"x":${deep}}`]) assert.match(refused(`{"c":{},"a":[[0,${name}]],"t":0,"h":0}`).detail, /an unknown action object/);
    assert.match(refused(`{"c":{},"a":[[0,"p",${deep}]],"t":0,"h":0}`).detail, /produce with an argument that is not/);
    assert.match(refused(`{"c":{},"a":[[0,"f",1,"slow",{"delayMs":1e400}]],"t":0,"h":0}`).detail, /fail with an argument/);
    assert.match(refused(`{"c":{"brokers":1e400},"a":[],"t":0,"h":0}`).detail, /config brokers is not a number/);
    assert.equal(refused(`{"c":{},"a":[[0,"f",1,"slow",{"delayMs":3000}],[0,"r",null]],"t":0,"h":0}`).ok, true, "the page's own arguments still open");
  });
});
