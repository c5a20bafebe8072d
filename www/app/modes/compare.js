// Compare mode: one Player over two Sessions with the same seed and script and one config key
// different (compare-presets.js PRESETS), stepped together one tick at a time; each pane counts what the
// snapshot alone does not say (compare.js sampleTick). Implements the Mode contract (free.js).

import { Player } from "../player.js";
import { Session } from "../session.js";
import { PLAYER_CONTROLS, attempt } from "./free.js";
import { configOf } from "../lesson-runner.js";
import { compareRows, createStats, expectedFindings, findings, paneConfig, paneLabel, paneMetrics, sampleTick } from "../compare-presets.js";
import { checkpointsIn } from "../lesson-runner.js";
import { statePayload } from "../protocol.js";

export { findPreset, loadPresets, PRESETS } from "../compare-presets.js";

/** Records per log in the panes' pictures. */
export const COMPARE_RECORDS = 40;

export class CompareMode {
  /**
   * `preset`: a compare.js preset; `Cluster`: the core's class; `parse`: its parseScenario;
   * `host`: { lang(), post(type, payload), wake() }. Throws when the core refuses a pane's config.
   */
  constructor(preset, Cluster, parse, host) {
    if (!preset?.script) throw new Error(`CompareMode: preset must be one of compare-presets.js PRESETS, got ${JSON.stringify(preset)}`);
    this.kind = "compare";
    this.session = null;
    this.preset = preset;
    this.parse = parse;
    const commands = parse(preset.script);
    const base = configOf(commands);
    this.sessions = [];
    try {
      for (const i of [0, 1]) this.sessions.push(new Session(Cluster, paneConfig(base, preset, i), host.t));
    } catch (err) {
      for (const s of this.sessions) s.free();
      throw err;
    }
    this.stats = [createStats(), createStats()];
    this.shown = { stamps: [], snaps: [], version: 0 };
    this.lang = host.lang;
    this.player = new Player(commands, this.sessions, {
      labels: () => this.labels(),
      lockstep: (i, s) => sampleTick(this.stats[i], s.snapshot({ records: 0 })),
      capture: () => this.stats,
      restore: (stats) => (this.stats = stats),
      lang: host.lang,
      onWake: host.wake,
      onStop: (p) => host.post("stop", { scenario: `compare/${preset.id}`, stop: p.stop, stops: p.stops, caption: p.caption(), checkpoints: p.counts() }),
    });
  }

  get playing() {
    return this.player.playing;
  }

  set autoplay(on) {
    this.player.autoplay = on;
  }

  get tick() {
    return this.sessions[0].tick;
  }

  /** The panes' labels in the current language. */
  labels() {
    return [0, 1].map((i) => paneLabel(this.preset, i));
  }

  advance(ticks) {
    if (this.player.playing) return this.player.advance(ticks);
    this.player.step(ticks);
    return [];
  }

  /** An API call goes to both panes; the comparison stays on its script. */
  act(method, args) {
    const r = this.player.act(method, args);
    return r.ok ? r : { ok: false, error: r.error };
  }

  play() {
    this.player.start();
    return true;
  }

  /** The panes' snapshots, taken again only when a pane changed. */
  snaps() {
    const s = this.shown;
    if (this.sessions.some((x, i) => x.stamp !== s.stamps[i])) {
      s.snaps = this.sessions.map((x) => x.snapshot({ records: COMPARE_RECORDS }));
      s.stamps = this.sessions.map((x) => x.stamp);
      s.version++;
    }
    return s.snaps;
  }

  /** Compare mode as plain data (the test hook). */
  model() {
    const p = this.player;
    const snaps = this.snaps();
    const metrics = snaps.map((snap, i) => paneMetrics(snap, this.stats[i]));
    return {
      preset: this.preset.id,
      key: this.preset.key,
      values: this.preset.values,
      stop: p.stop,
      stops: p.stops,
      playing: p.playing,
      tick: this.tick,
      hashes: this.sessions.map((s) => String(s.cluster.stateHash())),
      metrics,
      expected: expectedFindings(this.preset, metrics, this.lang()),
      checkpoints: p.run.checkpoints.map((c) => ({ ...c })),
    };
  }

  view() {
    const p = this.player;
    const snaps = this.snaps();
    const labels = this.labels();
    const metrics = snaps.map((snap, i) => paneMetrics(snap, this.stats[i]));
    const panes = snaps.map((snap, i) => ({
      label: labels[i],
      snap,
      version: this.shown.version,
      unavailable: metrics[i].unavailableNow,
      checks: checkpointsIn(p.run.checkpoints, this.lang())
        .filter((c) => c.panes)
        .map((c) => ({ text: c.text, says: c.says, tick: c.tick, kind: c.kind, ok: c.panes[i].ok, contrast: !c.panes[i].ok && c.panes.some((x) => x.ok), actual: c.panes[i].actual ?? c.panes[i].error, needsKraft: c.panes[i].needsKraft })),
    }));
    return {
      kind: "compare",
      preset: this.preset,
      parse: this.parse,
      title: p.title(),
      caption: p.caption(),
      stop: p.stop,
      stops: p.stops,
      playing: p.playing,
      done: p.done,
      tick: this.tick,
      seed: snaps[0].seed,
      panes,
      rows: compareRows(metrics),
      expected: expectedFindings(this.preset, metrics, this.lang()),
      findings: findings(metrics, labels),
    };
  }

  link(lang) {
    const step = String(Math.max(1, this.player.stop));
    const query = new URLSearchParams({ mode: "compare", preset: this.preset.id, step, lang }).toString();
    return { query, hash: "", problem: null, stop: null, tick: this.tick, files: { trace: "compare-trace", picture: "compare" }, embed: [`mode="compare"`, `preset="${this.preset.id}"`, `step="${step}"`] };
  }

  pictureParts() {
    const labels = this.labels();
    return this.snaps().map((snap, i) => ({ snap, title: labels[i] }));
  }

  /** One trace per pane (its config, the script's calls, its events) under { compare, panes }. */
  trace(format) {
    const labels = this.labels();
    return {
      compare: { preset: this.preset.id, key: this.preset.key, values: this.preset.values, stop: this.player.stop },
      panes: this.sessions.map((s, i) => ({ label: labels[i], ...format(s.trace()) })),
    };
  }

  statePayload() {
    const p = this.player;
    const snaps = this.snaps();
    return {
      ...statePayload(snaps[0], { mode: "compare", lesson: null }),
      compare: { preset: this.preset.id, stop: p.stop, stops: p.stops, panes: snaps.map((snap) => statePayload(snap)) },
    };
  }

  info() {
    return { scenario: this.preset.id, stops: this.player.stops };
  }

  close() {
    this.player.close();
    for (const s of this.sessions) s.free();
  }
}

// pause, next, back, goto and restart: the Player's own (player.js).
Object.assign(CompareMode.prototype, PLAYER_CONTROLS);
