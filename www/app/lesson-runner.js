// Lessons and scenarios as the page plays them: the catalogue of scenario files, and a runner that
// plays parsed commands (parseScenario's [{line, command, options?, args?, kind?, text?, sentence?}]) through
// an `ops` object, a few ticks at a time, stopping at each `pause`. Pure (no DOM, no wasm): app/player.js
// gives it ops that call its one handle (or two, in compare mode), and the node tests give it a
// Cluster directly.
//
// The runner mirrors crate/src/scenario.rs's run_line: `step N` advances N ticks; `step until X
// max N` checks X, steps one tick, … at most N ticks, then checks once more; `expect X` is a
// checkpoint. Unlike cargo test, a checkpoint that fails or a call the core refuses does not stop
// the lesson: it is listed with ✗ and the lesson goes on.

/** Commands that are lesson text, not actions. */
const TEXT = new Set(["title", "caption"]);

/**
 * The scenario files (a Vite glob: { "../scenarios/lessons/01-anatomy.txt": text, … }) as a
 * catalogue sorted by group then name: [{ id, group, path, text }]. `id` is the file name without
 * .txt; the lessons' group is "lessons", others are named after their folder.
 */
export function catalogue(files) {
  const GROUPS = ["lessons", "core", "notes", "kip"];
  const out = [];
  for (const [path, text] of Object.entries(files ?? {})) {
    const m = /([^/]+)\/([^/]+)\.txt$/.exec(path);
    if (!m) continue;
    if (m[1] === "compare") continue; // compare mode's presets (compare-presets.js loadPresets), two panes each
    out.push({ id: m[2], group: m[1], path, text });
  }
  const rank = (g) => (GROUPS.includes(g) ? GROUPS.indexOf(g) : GROUPS.length);
  // Numbers in names by value, so that the KRaft lessons run k1 … k9, k10 (not k1, k10, k2). One
  // collator for the sort: localeCompare with options makes one per comparison (5 ms an embed).
  const byName = new Intl.Collator("en", { numeric: true }).compare;
  return out.sort((a, b) => rank(a.group) - rank(b.group) || byName(a.group, b.group) || byName(a.id, b.id));
}

/** The catalogue entry called `name` ("01-anatomy", "lessons/01-anatomy" or "01-anatomy.txt"), or null. */
export function findScenario(list, name) {
  const n = String(name ?? "").trim().replace(/\.txt$/, "");
  if (!n) return null;
  const [group, id] = n.includes("/") ? n.split("/").slice(-2) : [null, n];
  return list.find((e) => e.id === id && (!group || e.group === group)) ?? null;
}

/** { title: {en, zh}, config, stops } of parsed commands. */
export function lessonInfo(commands) {
  const title = {};
  for (const c of commands) if (c.command === "title" && c.kind && !(c.kind in title)) title[c.kind] = c.text;
  return { title, config: configOf(commands), stops: countStops(commands) };
}

/** The options of the first `config` line ({} without one: the core's defaults). */
export function configOf(commands) {
  return { ...(commands.find((c) => c.command === "config")?.options ?? {}) };
}

/**
 * How many stops a reader steps through: one per `pause`, plus the end when actions follow the
 * last pause (or there is no pause at all).
 */
export function countStops(commands) {
  let stops = 0;
  let trailing = false;
  for (const c of commands) {
    if (c.command === "pause") {
      stops++;
      trailing = false;
    } else if (!TEXT.has(c.command) && c.command !== "config") trailing = true;
  }
  return stops + (trailing || stops === 0 ? 1 : 0);
}

/** True when actions remain after the run's position (titles and captions do not count). */
export function hasMore(run, commands) {
  for (let i = run.index; i < commands.length; i++) if (!TEXT.has(commands[i].command)) return true;
  return false;
}

/** The handle call of an action command: [method, args], or null for non-actions. */
export function callOf(c) {
  const a = c.args ?? [];
  const opts = c.options ?? {};
  switch (c.command) {
    case "produce":
      return ["produce", [{ ...opts }]];
    case "fail": {
      const kind = c.kind ?? "crash";
      if (Object.keys(opts).length) return ["fail", [a[0], kind, { ...opts }]];
      return ["fail", kind === "crash" ? [a[0]] : [a[0], kind]];
    }
    case "recover":
      return ["recover", [a[0]]];
    case "cut":
    case "heal":
      return [c.command, [a[0], a[1]]];
    case "dropNext":
      return ["dropNext", [c.kind]];
    case "addReplica":
      return ["addReplica", [a[0], a[1]]];
    case "reassign":
      return ["reassign", [a[0], a.slice(1)]];
    case "cancelReassignment":
      return ["cancelReassignment", [a[0]]];
    case "electLeaders":
      return ["electLeaders", [a.length ? { type: c.kind, partitions: [...a] } : { type: c.kind }]];
    default:
      return null;
  }
}

/** A run at the start of the commands. */
export function createRun() {
  return { index: 0, wait: null, title: {}, captions: {}, checkpoints: [], stops: 0, done: false, pendingStop: false };
}

/** A deep copy of a run (stop positions keep one). */
export function cloneRun(run) {
  return {
    ...run,
    wait: run.wait ? { ...run.wait } : null,
    title: { ...run.title },
    captions: { ...run.captions },
    checkpoints: run.checkpoints.map((c) => ({ ...c, sentence: c.sentence ? { ...c.sentence } : null })),
  };
}

/** The text of `texts` ({en, zh}) in `lang`, else English, else any. */
export function pick(texts, lang) {
  return texts?.[lang] ?? texts?.en ?? Object.values(texts ?? {})[0] ?? "";
}

/**
 * Play `commands` from the run's position, spending at most `budget` ticks (Infinity: at once).
 * `ops`: { call(method, args) → { ok, error? }, step(n), expect(text) → { ok, actual?, … },
 * tick() → the current tick }. Returns { stop: "pause" | "end" | "budget", used }. At "pause"
 * and at the end (when actions led to it), run.stops counts the stop.
 */
export function play(run, commands, budget, ops) {
  let used = 0;
  for (;;) {
    if (run.wait) {
      const w = run.wait;
      if (w.kind === "step") {
        const n = Math.min(w.left, budget - used);
        if (n > 0) {
          ops.step(n);
          w.left -= n;
          used += n;
        }
        if (w.left > 0) return { stop: "budget", used };
        run.wait = null;
      } else {
        // step until: check, step one tick, … (as scenario.rs does)
        for (;;) {
          const r = ops.expect(w.text);
          if (r.ok) {
            run.wait = null;
            break;
          }
          if (w.left <= 0) {
            run.checkpoints.push({ ...r, ok: false, kind: "wait", line: w.line, text: w.text, max: w.max, tick: ops.tick() });
            run.wait = null;
            break;
          }
          if (used >= budget) return { stop: "budget", used };
          ops.step(1);
          w.left--;
          used++;
        }
      }
      continue;
    }
    if (run.index >= commands.length) {
      if (!run.done) {
        run.done = true;
        if (run.pendingStop || run.stops === 0) run.stops++;
      }
      run.pendingStop = false;
      return { stop: "end", used };
    }
    const c = commands[run.index++];
    switch (c.command) {
      case "title":
        if (c.kind) run.title[c.kind] = c.text;
        break;
      case "caption":
        if (c.kind) run.captions[c.kind] = c.text;
        break;
      case "config":
      case "compare":
      case "label":
        break; // applied when the lesson starts (configOf; compare mode's panes)
      case "pause":
        run.stops++;
        run.pendingStop = false;
        return { stop: "pause", used };
      case "step":
        run.wait = { kind: "step", left: Number(c.args?.[0] ?? 1) };
        run.pendingStop = true;
        break;
      case "stepUntil":
        run.wait = { kind: "until", text: c.text, left: Number(c.args?.[0] ?? 0), max: Number(c.args?.[0] ?? 0), line: c.line };
        run.pendingStop = true;
        break;
      case "expect": {
        let r;
        try {
          r = ops.expect(c.text);
        } catch (err) {
          r = { ok: false, error: err?.message ?? String(err) };
        }
        run.checkpoints.push({ ...r, ok: !!r.ok, kind: "expect", line: c.line, text: c.text, sentence: c.sentence ?? null, tick: ops.tick() });
        run.pendingStop = true;
        break;
      }
      default: {
        const call = callOf(c);
        run.pendingStop = true;
        if (!call) {
          run.checkpoints.push({ ok: false, kind: "error", line: c.line, text: c.command, error: `unknown command ${c.command}`, tick: ops.tick() });
          break;
        }
        const r = ops.call(call[0], call[1]);
        if (!r.ok) run.checkpoints.push({ ok: false, kind: "error", line: c.line, text: `${call[0]}(${call[1].map((x) => JSON.stringify(x)).join(", ")})`, error: r.error, tick: ops.tick() });
      }
    }
  }
}

/**
 * The checkpoints as the reader sees them: each with `says`, its `check` sentence in `lang` (else
 * English; null without one), the expression staying in `text`.
 */
export function checkpointsIn(checkpoints, lang) {
  return checkpoints.map((c) => ({ ...c, says: c.sentence ? pick(c.sentence, lang) : null }));
}

/** { ok, bad, total } over a run's checkpoints. */
export function checkpointCounts(checkpoints) {
  const ok = checkpoints.filter((c) => c.ok).length;
  return { ok, bad: checkpoints.length - ok, total: checkpoints.length };
}

/**
 * How long to let a reader read a stop before autoplay moves on: about 15 characters per second
 * of caption (Chinese: 6), between 4 and 14 s.
 */
export function readingMs(text, lang = "en") {
  const chars = [...String(text ?? "")].length;
  const perSecond = lang === "zh" ? 6 : 15;
  return Math.round(Math.min(14000, Math.max(4000, (chars / perSecond) * 1000)));
}
