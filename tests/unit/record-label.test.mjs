// What a record cell says (www/views/record-label.js), and that the compact picture of compare
// mode and the exports says the same (#14: values m1, m2 … or the leader epoch, in every view).
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { RECORD_LABELS, recordLabel } from "../../www/views/record-label.js";
import { pictureSvg } from "../../www/views/picture.js";
import { loadLang, setLang } from "../../www/i18n.js";
import { coreFixture } from "./fixtures.mjs";

await Promise.all([loadLang("en"), loadLang("zh")]);
afterEach(() => setLang("en"));

/** The labels drawn in the picture's record cells, in document order. */
const cellLabels = (svg) => [...svg.matchAll(/<g class="pic-cell[^"]*">.*?<text[^>]*>([^<]*)<\/text><\/g>/g)].map((m) => m[1]);

describe("record labels", () => {
  test("a value as the captions name it (m1), or the leader epoch that wrote it", () => {
    assert.deepEqual(RECORD_LABELS, ["value", "epoch"]);
    assert.equal(recordLabel("value", 2, 0), "m2");
    assert.equal(recordLabel("value", 99, 3), "m99");
    assert.equal(recordLabel("value", 1234, 3), "…34", "three characters fit a cell");
    assert.equal(recordLabel("epoch", 2, 0), "0");
    assert.equal(recordLabel("epoch", 1234, 12), "12");
  });
  test("a bad call names the argument and the allowed values", () => {
    assert.throws(() => recordLabel("offset", 1, 0), /mode must be one of value, epoch, got "offset"/);
    assert.throws(() => recordLabel("value", -1, 0), /value must be an integer ≥ 0, got -1/);
    assert.throws(() => recordLabel("epoch", 1, 1.5), /epoch must be an integer ≥ 0, got 1.5/);
  });
  test("the compact picture labels its cells the same way, and its key says which", () => {
    const snap = coreFixture("failover");
    const records = snap.partitions.flatMap((p) => p.logs.flatMap((l) => l.records));
    const values = pictureSvg(snap, { labels: "value" }).svg;
    const epochs = pictureSvg(snap, { labels: "epoch" }).svg;
    assert.ok(cellLabels(values).length > 0);
    assert.ok(cellLabels(values).every((s) => /^m\d+$|^…\d\d$/.test(s)), cellLabels(values).join(" "));
    assert.ok(cellLabels(epochs).every((s) => records.some((r) => String(r.leaderEpoch) === s)), cellLabels(epochs).join(" "));
    assert.equal(cellLabels(values).length, cellLabels(epochs).length);
    assert.match(values, /committed \(mN = value N\)/);
    assert.match(epochs, /committed \(the number: its leader epoch\)/);
    assert.equal(pictureSvg(snap).svg, values, "values by default");
    assert.throws(() => pictureSvg(snap, { labels: "offset" }), /mode must be one of value, epoch/);
  });
});
