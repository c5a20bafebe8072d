// What the page can open besides free play, and where it comes from: the code-split chunks
// (loaded on first use), the catalogue of lessons and scenarios, the compare presets. The
// Catalogue finds what a name asks for and hands back how to make its Mode and its panel; app.js
// opens it. Nothing here touches the DOM: the panels, the inspector and the exports are page/
// modules, whose loaders main.js gives (app/ imports no page/ module).

import { once } from "../lazy.js";
import { sameOriginHost } from "../host.js";
import { errorMessage } from "../views/model.js";

/** The page's chunks that the app loads: each a function returning the import() of its module. */
const PAGE_CHUNKS = ["lessonPanel", "comparePanel", "inspector", "exports"];

/**
 * Code-split: what the first frame does not need is a chunk of its own, loaded on first use.
 * `page`: the loaders of the page's chunks ({ lessonPanel, comparePanel, inspector, exports }:
 * page/lesson-panel.js, compare-panel.js, inspector.js, exports.js), each with its mode's chunk.
 */
export function chunkLoaders(page) {
  for (const k of PAGE_CHUNKS) {
    if (typeof page?.[k] !== "function") throw new Error(`chunkLoaders: page.${k} must be a chunk loader (one of ${PAGE_CHUNKS.join(", ")})`);
  }
  return {
    lessons: once(() => Promise.all([import("./modes/lesson.js"), page.lessonPanel()])),
    scenarios: once(sharedScenarioFiles),
    compare: once(() => Promise.all([import("./modes/compare.js"), page.comparePanel()])),
    inspector: once(page.inspector),
    exports: once(page.exports),
  };
}

/**
 * The scenario files' chunk, once per host page: an embed of a page of its own origin takes the
 * texts another embed of it loaded (plain strings: they outlive that frame), instead of fetching
 * and parsing 200 KB again (issue #18).
 */
async function sharedScenarioFiles() {
  const host = sameOriginHost();
  if (host?.__kafkaPlaygroundScenarios) return host.__kafkaPlaygroundScenarios;
  const files = await import("../scenario-files.js");
  if (host) host.__kafkaPlaygroundScenarios ??= { SCENARIO_FILES: files.SCENARIO_FILES };
  return files;
}

/** Load chunks (names of `chunks`, chunkLoaders' loaders); resolves to null, or to the error's words. */
export async function chunksLoaded(chunks, names) {
  if (typeof chunks?.lessons !== "function") throw new Error("chunksLoaded: chunks must be chunkLoaders' loaders");
  try {
    await Promise.all(names.map((n) => chunks[n]()));
    return null;
  } catch (err) {
    return errorMessage(err);
  }
}

export class Catalogue {
  /**
   * `parse`: the core's parseScenario; `t`: i18n.js t; `load`: the chunk loaders (chunkLoaders';
   * a test gives its own: lessons → [modes/lesson.js, panel], scenarios → { SCENARIO_FILES },
   * compare → [modes/compare.js, panel]).
   */
  constructor(parse, t, load) {
    if (typeof parse !== "function") throw new Error("Catalogue: parse must be the core's parseScenario");
    if (typeof t !== "function") throw new Error("Catalogue: t must be i18n.js t");
    for (const k of ["lessons", "scenarios", "compare"]) {
      if (typeof load?.[k] !== "function") throw new Error(`Catalogue: load.${k} must be a chunk loader`);
    }
    this.parse = parse;
    this.t = t;
    this.load = load;
    this.entries = []; // the scenario files as lessons.js catalogue() lists them, once loaded
    this.lessons = null; // modes/lesson.js, once loaded
    this.cached = null; // the picker's entries: { lang, entries }
    this.pickerOpened = false; // the reader opened the picker: its entries are wanted
  }

  /**
   * The lesson or scenario `nameOrEntry` asks for (a name, a catalogue entry, or nothing: the
   * first lesson), its chunks loaded: { make(session, host) → LessonMode, panel, failed(error) →
   * words }; or { unknown: words } when there is none by that name.
   */
  async lesson(nameOrEntry) {
    const [[lessons, panel], files] = await Promise.all([this.load.lessons(), this.load.scenarios()]);
    this.lessons = lessons;
    if (!this.entries.length) this.entries = lessons.catalogue(files.SCENARIO_FILES);
    const entry = typeof nameOrEntry === "string" ? lessons.findScenario(this.entries, nameOrEntry) : (nameOrEntry ?? this.entries.find((e) => e.group === "lessons"));
    if (!entry) return { unknown: this.t("lesson.unknown", { name: nameOrEntry }) };
    return {
      make: (session, host) => new lessons.LessonMode(lessons.parsed(entry, this.parse), session, host),
      panel,
      failed: (error) => this.t("lesson.loadFailed", { name: entry.id, error }),
    };
  }

  /** Compare mode with preset `id` (nothing: the first), as lesson() answers; `Cluster`: the core's class. */
  async compare(id, Cluster) {
    // The compare panel draws with the lesson panel's parts: both chunks.
    // The presets are the scenario files under scenarios/compare/.
    const [[modes, panel], , files] = await Promise.all([this.load.compare(), this.load.lessons(), this.load.scenarios()]);
    const presets = modes.loadPresets(files.SCENARIO_FILES, this.parse);
    const preset = id ? modes.findPreset(id) : presets[0];
    if (!preset) return { unknown: this.t("lesson.unknown", { name: id }) };
    return { make: (_session, host) => new modes.CompareMode(preset, Cluster, this.parse, host), panel, failed: (error) => error };
  }

  /**
   * The lesson picker's entries in `lang` (lessons by their title in it), kept until the language
   * changes; null until the reader opens the picker (openPicker): the titles are every lesson
   * parsed, which a lesson's first frame (an embed's) does not need (issue #18).
   */
  picker(lang) {
    if (!this.lessons) throw new Error("Catalogue.picker: no lesson has been opened yet (lesson() loads the catalogue)");
    if (!this.pickerOpened) return null;
    if (this.cached?.lang !== lang) this.cached = { lang, entries: this.lessons.pickerEntries(this.entries, this.parse, lang) };
    return this.cached.entries;
  }

  /** The reader opens the picker (focus, a press): from now on picker() lists every entry. */
  openPicker() {
    this.pickerOpened = true;
  }
}
