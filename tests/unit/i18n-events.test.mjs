// An English page starts without its event templates (www/i18n.js, issue #16): until they arrive
// the page says an event with the core's text, and loading another language brings the English
// templates along, since hasKey asks every loaded dictionary. Its own file: the dictionaries a
// process has loaded are module state, and the other tests load everything at their start.
import assert from "node:assert/strict";
import { test } from "node:test";
import { hasKey, loadLang, setLang, t } from "../../www/i18n.js";
import { eventText } from "../../www/views/event-text.js";

const event = { text: "offset 4", params: { kind: "offset", offset: 4 } };

test("English without its event templates, then another language with them", async () => {
  await assert.rejects(loadLang("en", { events: "no" }), /events must be true or false, got no/);
  assert.equal(await loadLang("en", { events: false }), "en");
  assert.equal(t("app.title"), "Kafka replication playground");
  assert.equal(hasKey("ev.offset"), false);
  assert.equal(eventText({ ...event, text: "the core's words" }), "the core's words", "the core's text stands in");
  await loadLang("zh");
  assert.equal(hasKey("ev.offset"), true, "the English templates came with the Chinese ones");
  assert.equal(eventText({ ...event, text: "the core's words" }), "offset 4");
  setLang("zh");
  assert.equal(eventText(event), "位移 4");
  setLang("en");
});
