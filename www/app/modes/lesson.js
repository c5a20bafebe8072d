// A lesson (or any scenario file): one Player over the page's own Session, so the reader sees the
// lesson in the main views and may step, act, crash brokers in between (the lesson is then off its
// script; Next / Back return to its own states). Implements the Mode contract (free.js).

import { Player } from "../player.js";
import { PLAYER_CONTROLS, attempt, exactLink } from "./free.js";
import { checkpointsIn, configOf, lessonInfo, pick } from "../lesson-runner.js";

export { catalogue, findScenario } from "../lesson-runner.js";
import { statePayload } from "../protocol.js";
import { lessonQuery } from "../share.js";
import { t } from "../../i18n.js";

/** The catalogue entry's parsed commands and info (parsed by `parse`, the core's parseScenario, on first use). */
export function parsed(entry, parse) {
  if (!entry.commands) {
    entry.commands = parse(entry.text);
    entry.info = lessonInfo(entry.commands);
  }
  return entry;
}

/** The picker's entries: every scenario, lessons with their title in `lang`. */
export function pickerEntries(catalogue, parse, lang) {
  return catalogue.map((e) => {
    let title = "";
    if (e.group === "lessons") {
      try {
        title = pick(parsed(e, parse).info.title, lang);
      } catch {
        title = e.id;
      }
    }
    return { id: e.id, group: e.group, title };
  });
}

export class LessonMode {
  /**
   * `entry`: a parsed catalogue entry; `session`: the page's Session (reset here to the lesson's
   * config: throws when the core refuses it, the session unchanged). `host`: { lang(), post(type,
   * payload), wake(), picker() (the picker's entries: pickerEntries) }.
   */
  constructor(entry, session, host) {
    if (!entry?.commands) throw new Error("LessonMode: entry must be a parsed catalogue entry (parsed())");
    this.kind = "lesson";
    this.entry = entry;
    this.session = session;
    this.host = host;
    session.reset(configOf(entry.commands));
    this.player = new Player(entry.commands, [session], {
      lang: host.lang,
      onWake: host.wake,
      onCheckpoint: (c) => host.post("checkpoint", { scenario: entry.id, text: c.text, sentence: c.sentence ?? null, ok: c.ok, actual: c.actual ?? c.error ?? null, tick: c.tick, kind: c.kind }),
      onStop: (p) => host.post("stop", { scenario: entry.id, stop: p.stop, stops: p.stops, caption: p.caption(), checkpoints: p.counts() }),
    });
  }

  get playing() {
    return this.player.playing;
  }

  set autoplay(on) {
    this.player.autoplay = on;
  }

  /** The scenario's name in links: "01-anatomy" for a lesson, else "group/name". */
  get name() {
    return this.entry.group === "lessons" ? this.entry.id : `${this.entry.group}/${this.entry.id}`;
  }

  advance(ticks) {
    return this.player.playing ? this.player.advance(ticks) : this.session.advance(ticks);
  }

  act(method, args) {
    return attempt(() => this.session.act(method, args));
  }

  play() {
    if (this.player.offScript) return false;
    this.player.next();
    return true;
  }

  /** The lesson as plain data (the panel, the test hook, the state event). */
  model() {
    const p = this.player;
    const caption = p.caption() || (this.entry.group === "lessons" ? "" : t("lesson.noCaption"));
    return {
      id: this.entry.id,
      group: this.entry.group,
      title: p.title() || this.entry.id,
      caption,
      stop: p.stop,
      stops: p.stops,
      playing: p.playing,
      offScript: p.offScript,
      done: p.done,
      tick: this.session.tick,
      checkpoints: checkpointsIn(p.run.checkpoints, this.host.lang()),
    };
  }

  view() {
    const p = this.player;
    return { kind: "lesson", ...this.model(), script: this.entry.commands, wait: p.run.wait, autoAt: p.timer !== null ? p.autoAt : null, visited: p.positions.length - 1, selected: this.name, picker: this.host.picker() };
  }

  link(lang) {
    const p = this.player;
    const embed = [`scenario="${this.name}"`, `step="${Math.max(1, p.stop)}"`];
    if (!p.offScript && !p.playing) return { query: lessonQuery({ scenario: this.name, step: Math.max(1, p.stop), lang }), hash: "", problem: null, stop: { title: p.title() || this.entry.id, n: Math.max(1, p.stop) }, tick: this.session.tick, files: { trace: "trace", picture: "picture" }, embed };
    return { ...exactLink(this.session, lang), stop: null, tick: this.session.tick, files: { trace: "trace", picture: "picture" }, embed };
  }

  pictureParts() {
    return null;
  }

  trace(format) {
    return format({ ...this.session.trace(), lesson: { scenario: this.entry.id, stop: this.player.stop } });
  }

  statePayload(snap) {
    const p = this.player;
    return { ...statePayload(snap, { mode: "lesson", lesson: { scenario: this.entry.id, stop: p.stop, stops: p.stops, playing: p.playing, offScript: p.offScript } }), compare: null };
  }

  info() {
    return { scenario: this.entry.id, stops: this.player.stops };
  }

  close() {
    this.player.close();
  }
}

// pause, next, back, goto and restart: the Player's own (player.js).
Object.assign(LessonMode.prototype, PLAYER_CONTROLS);
