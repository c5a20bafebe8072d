// The application: the page's Session, the open Mode (free play, a lesson, compare mode) and the
// Loop. Every command goes to the mode through the one Mode contract (modes/free.js), so nothing
// here asks which mode is open. Commands change state and mark the loop dirty; only the loop draws
// (through the page's draw, page/draw.js). The page's DOM functions are given by main.js (`page`):
// nothing in app/ imports page/. Core errors are said here, in words: a refusal as a toast, a
// panic (the handle is then lost) as the banner. What a lesson or compare link opens is found by
// the Catalogue (catalogue.js); seeks and replays are replays.js; the host page's state events are
// throttled by state-events.js.

import { isPanic, Session } from "./session.js";
import { Loop } from "./loop.js";
import { autoProduce, autoText } from "./producer.js";
import { FreePlay } from "./modes/free.js";
import { Catalogue } from "./catalogue.js";
import { StateEvents } from "./state-events.js";
import { recoverFromTrap } from "./recovery.js";
import { Replays } from "./replays.js";
import { getLang, t } from "../i18n.js";
import { announcements, newViolations } from "../views/events-model.js";
import { errorMessage } from "../views/model.js";
import { appState, clearShown, showSnapshot, snapshotOptions } from "./state.js";

/** Lessons and compare mode play at least this fast (ticks per second) unless slowed down after. */
const LESSON_TPS = 20;

/** The page's parts the app uses (main.js gives them): page/draw.js, forms.js, chrome.js; record-labels.js toggleRecordLabels. */
const PAGE_PARTS = { paint: "object", forms: "object", chrome: "object", toggleRecordLabels: "function" };

export class App {
  /**
   * `core`: the wasm binding ({ Cluster, parseScenario }); `embed`: share.js embedOptions; `page`:
   * the page's DOM functions ({ paint, forms, chrome, toggleRecordLabels }); `chunks`: the
   * code-split chunks' loaders (catalogue.js chunkLoaders).
   */
  constructor(core, embed, page, chunks) {
    for (const [k, type] of Object.entries(PAGE_PARTS)) {
      if (typeof page?.[k] !== type) throw new Error(`App: page.${k} must be a${type === "object" ? "n object" : " function"} (page parts: ${Object.keys(PAGE_PARTS).join(", ")})`);
    }
    this.page = page;
    this.chunks = chunks;
    this.Cluster = core.Cluster;
    /** Cluster.schema(): config keys, each version's defaults, the violation kinds (docs/api.md). */
    this.schema = core.Cluster.schema();
    /** The lessons, scenarios and compare presets the page can open (catalogue.js). */
    this.catalogue = new Catalogue(core.parseScenario, t, chunks);
    /** core.js reinstantiate (none: a trap breaks the page) and the recovery running, if any. */
    this.reinstantiate = core.reinstantiate ?? null;
    this.recovering = null;
    this.embed = embed;
    this.session = null;
    /** The inspector's chunk (page/inspector.js), once loaded (commands.js). */
    this.inspector = null;
    this.mode = null;
    this.panel = null; // the open mode's panel drawing (page/lesson-panel.js or compare-panel.js)
    /** Seeks, replays and sliced work on the session (replays.js). */
    this.replays = new Replays(this);
    this.state = appState(this, this.schema, embed.theme !== null);
    this.loop = new Loop({
      animating: () => this.animating(),
      tps: () => this.state.tps,
      advance: (ticks) => this.frame(ticks),
      draw: () => this.draw(),
      animate: (carry) => this.mode.session && page.paint.animate(this.state.snap, carry),
      drawLater: () => page.paint.drawLater(),
    });
    const chrome = page.chrome;
    const embedded = () => chrome.embedded && this.state.snap && this.mode;
    this.stateEvents = new StateEvents(
      () => (embedded() ? { ...this.mode.statePayload(this.state.snap), running: this.state.running } : null),
      (payload) => chrome.postEvent("state", payload),
    );
    // Modes call back through this (never the page itself).
    this.host = {
      lang: getLang,
      t,
      post: (type, payload) => chrome.postEvent(type, payload),
      wake: () => this.changed(),
      reset: () => this.reset(),
      picker: () => this.catalogue.picker(getLang()),
    };
  }

  usable() {
    return this.session !== null && !this.state.broken && !this.replays.busy;
  }

  animating() {
    return this.state.running || !!this.mode?.playing;
  }

  // ---------------------------------------------------------------- state changes

  /**
   * Start over with `config`: null, or the core's error in words (the current cluster is then
   * kept). `first` ({ found, stop, autoplay }: what the catalogue found and open()'s options)
   * opens that mode before anything is drawn, so its frame is the first; free play when it fails.
   */
  resetSession(config, first = null) {
    this.replays.cancel(); // a sliced job stops, its handle replaced
    try {
      if (this.session) this.session.reset(config);
      else this.session = new Session(this.Cluster, config, t);
    } catch (err) {
      if (this.session) return errorMessage(err);
      this.state.broken = t("main.createFailed", { error: errorMessage(err) });
      this.loop.dirty();
      return this.state.broken;
    }
    this.setRunning(false);
    this.state.broken = null;
    clearShown(this.state);
    if (!this.mode) this.mode = new FreePlay(this.session, this.host);
    if (first && this.open(first.found, first)) return null;
    this.refresh();
    this.page.forms.producerDefaults(this.state.snap?.config ?? {});
    return null;
  }

  /** Reset with the same config (the Reset button, free play's restart). */
  reset() {
    const error = this.resetSession(this.session?.config ?? {});
    if (error) this.page.chrome.say(error);
  }

  /** Run `fn` on the session or mode; a core error is said (a panic breaks the page). Returns fn's result. */
  guard(fn, fallback = undefined) {
    try {
      return fn();
    } catch (err) {
      this.coreFailed(err);
      return fallback;
    }
  }

  coreFailed(err) {
    // A wasm trap (panic) leaves the handle unusable; an Error from argument validation does not.
    if (isPanic(err)) {
      this.setRunning(false);
      this.mode?.pause();
      // A fresh instance and the history replayed (recovery.js); a trap during that breaks the page.
      if (this.reinstantiate && !this.recovering) {
        this.recovering = recoverFromTrap(this, err, this.reinstantiate).finally(() => (this.recovering = null));
        return;
      }
      this.state.broken = t("main.coreStopped", { error: errorMessage(err) });
      this.loop.dirty();
    } else this.page.chrome.say(errorMessage(err));
  }

  /**
   * A user action through the mode. Returns { ok, … } or { ok: false, error }; refused actions are
   * said as a toast unless `quiet` (a panic always breaks the page).
   */
  act(method, args, { quiet = false } = {}) {
    if (!this.usable()) {
      if (!quiet) this.page.chrome.say(this.replays.busy ? t("replay.busy") : (this.state.broken ?? t("main.noCluster")));
      return { ok: false, error: "no cluster" };
    }
    const r = this.mode.act(method, args);
    if (!r.ok && (!quiet || isPanic(r.err))) this.coreFailed(r.err ?? new Error(r.error));
    if (r.forked !== null && r.forked !== undefined) this.page.chrome.say(t("main.forked", { tick: r.forked }), "info");
    this.refresh({ continuous: true });
    return r;
  }

  /** Time passes in the mode (Step, the API's step): `n` ticks, playing stopped. */
  step(n) {
    this.setRunning(false);
    if (!this.usable()) return;
    this.mode.pause();
    const events = this.guard(() => this.mode.advance(n), []);
    this.refresh({ continuous: true, events });
  }

  /** One frame of playing: `ticks` of time in the mode; the automatic producer while running free. */
  frame(ticks) {
    if (!this.usable()) return;
    if (!this.mode.playing && !(this.state.running && ticks > 0)) return;
    const events = this.guard(() => this.mode.advance(ticks), []);
    if (this.state.running) autoProduce(this, ticks);
    this.page.forms.speedCapped(this.loop.capped ? this.loop.rate : null);
    this.refresh({ continuous: true, events });
  }

  /**
   * A scripted move (next, back, goto, restart): free play stops, the loop runs if the mode plays.
   * `fn` returns null, or an error in words (free play has no next stop: nothing changes).
   */
  move(fn) {
    if (!this.usable()) return null;
    const r = this.replays.sampling(() => this.guard(fn, null));
    if (typeof r === "string") return r;
    this.setRunning(false);
    this.changed();
    return null;
  }

  /** Play (the API's play): the mode's script to its next stop, else free play runs. */
  play() {
    if (!this.usable()) return;
    if (this.guard(() => this.mode.play(), false)) this.move(() => null);
    else this.setRunning(true);
  }

  /** Say `texts` to screen readers. */
  announce(texts) {
    this.page.paint.announce(texts);
  }

  /** Something changed outside a refresh (a mode's own state): redraw, run the loop if playing. */
  changed() {
    this.loop.kick();
    this.refresh();
  }

  setRunning(on) {
    const s = this.state;
    s.running = on && this.usable();
    if (s.running) {
      s.pausedBy = null;
      this.mode.pause(); // a lesson playing stops where it is: free play takes over (off its script)
      this.loop.kick();
    } else this.page.forms.speedCapped(null);
    this.loop.dirty();
  }

  /** Pause while nobody can see the page (hidden tab, scrolled away); resume when they can again. */
  visible(why, on) {
    this.loop.hold(why, !on);
    if (!on && this.state.running) {
      this.setRunning(false);
      this.state.pausedBy = why;
    } else if (on && this.state.pausedBy === why) this.setRunning(true);
  }

  /**
   * Take a fresh snapshot of the page's session (when it changed) and mark the loop dirty; the
   * history chart, the cut links and the screen reader's announcements follow it.
   */
  refresh({ continuous = false, events = [] } = {}) {
    const s = this.state;
    if (this.usable() && this.session.stamp !== s.shownStamp) {
      try {
        const snap = this.session.snapshot(snapshotOptions(this.page.paint.recordsShown(s)));
        showSnapshot(s, snap, continuous);
        s.shownStamp = this.session.stamp;
        if (s.continuous) this.page.paint.announce(announcements(events, newViolations(snap, s.prev.tick)));
      } catch (err) {
        this.coreFailed(err);
      }
    }
    this.loop.dirty();
    this.postState();
  }

  /** Snapshot again even if the session did not change (the records drawn changed, e.g. the view). */
  resnap() {
    this.state.shownStamp = -1;
    this.refresh();
  }

  /** Draw the page (the Loop's draw); true when it left work for drawLater (page/draw.js draw). */
  draw() {
    const view = this.mode?.view() ?? null;
    return this.page.paint.draw(this.state, view, {
      autoText: autoText(this),
      drawPanel: (v) => this.panel?.draw(v),
      drawInspector: () => this.inspector?.drawInspector(this.state.inspecting, this.inspectorSnapshot(), this.state.cuts),
    });
  }

  /** The inspector lists every record the core keeps: it takes a full snapshot of its own. */
  inspectorSnapshot() {
    return this.usable() ? this.session.snapshot() : this.state.snap;
  }

  // ---------------------------------------------------------------- modes

  /** Leave the open mode for free play on the page's session. */
  closeMode() {
    if (this.mode?.kind === "play" || !this.mode) return;
    this.mode.close();
    this.panel?.show(false);
    this.panel = null;
    this.mode = new FreePlay(this.session, this.host);
    this.state.shownStamp = -1;
    this.refresh();
    this.postState(true);
  }

  /**
   * Open what the catalogue found (catalogue.js lesson / compare: its mode made here, which may
   * throw: said in its words), its panel shown; or say that it found nothing.
   */
  open(found, { stop = 0, autoplay = false, keepSpeed = false } = {}) {
    if (found.unknown) {
      this.page.chrome.notice(found.unknown);
      return false;
    }
    this.setRunning(false);
    const panel = found.panel;
    let mode;
    try {
      mode = found.make(this.session, this.host);
    } catch (err) {
      this.page.chrome.say(found.failed(errorMessage(err)));
      return false;
    }
    this.mode?.close(); // the mode left (free play's close does nothing)
    if (this.panel && this.panel !== panel) this.panel.show(false);
    this.mode = mode;
    this.panel = panel;
    mode.autoplay = autoplay;
    if (!keepSpeed && this.state.tps < LESSON_TPS) this.state.tps = this.page.forms.setSpeedTps(LESSON_TPS, this.state.snap?.tickMs ?? 100);
    panel.show(true);
    if (mode.session) {
      clearShown(this.state);
    }
    this.move(() => (stop > 1 ? mode.goto(stop) : mode.play()));
    if (mode.session) this.page.forms.producerDefaults(this.state.snap?.config ?? {});
    this.postState(true);
    return true;
  }

  /** Open a lesson or scenario (catalogue entry or name); `stop` > 1 plays to that stop at once. */
  async openLesson(nameOrEntry, opts = {}) {
    return this.open(await this.catalogue.lesson(nameOrEntry), opts);
  }

  /** Open compare mode with preset `id` (default: the first); `stop` > 1 plays to that stop at once. */
  async openCompare(id, opts = {}) {
    return this.open(await this.catalogue.compare(id, this.Cluster), opts);
  }

  /** A `state` event to the host page after changes (state-events.js): at once when forced, else throttled. */
  postState(force = false) {
    this.stateEvents.post(force);
  }
}
