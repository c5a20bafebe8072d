// Free play: the reader's own cluster, no script. The Mode contract every mode implements (the
// app dispatches commands, keys, the postMessage API, share and export to it, never on its kind):
//   kind                       "play" | "lesson" | "compare" (the state event's `mode`)
//   session                    the Session the main views draw (null: compare draws its panes)
//   playing                    true while it plays by itself (a script towards its next stop)
//   advance(ticks) → events    time passes (the loop's frames, Step): plays the script, else steps
//   act(method, args)          a user action → { ok, result?, forked?, error? } (never throws on a refusal)
//   play() → handled           Play: false when the app should run free play instead
//   pause() · next() · back() · goto(n) · restart()    next / back → null or an error in words
//   view(lang)                 the panel's data (null: no panel)
//   link(lang)                 { query, hash (the URL's fragment: an exact state), problem (why the
//                              state cannot be a link, or null), stop: { title, n } | null, tick,
//                              files: { trace, picture } (the exports' names), embed: [the embed
//                              element's attributes] }
//   trace(format)              the trace export (format: export.js traceJson)
//   pictureParts()             the picture export's panes [{ snap, title }] (null: the live cluster)
//   statePayload(snap)         the postMessage `state` event (without `running`)
//   info()                     { scenario, stops } for the `ready` event
//   close()                    leave the mode (its own sessions freed)

import { MAX_CALL } from "../session.js";
import { encodeShare } from "../share.js";
import { statePayload } from "../protocol.js";
import { errorMessage } from "../../views/model.js";

/**
 * The link to `session`'s exact state (share.js): { query: "lang=…", hash: "v=2&s=…&c=…",
 * problem: null }, or with `problem` (in words) and no hash when it is too long to share exactly.
 */
export function exactLink(session, lang) {
  const enc = encodeShare({ config: session.config, actions: session.actions, tick: session.tick, horizon: session.horizon });
  const query = new URLSearchParams({ lang }).toString();
  if (enc.problem) return { query, hash: "", problem: enc.problem.why };
  return { query, hash: new URLSearchParams(/** @type {Record<string, string>} */ (enc)).toString(), problem: null };
}

/** Run `fn` (a Session call); { ok: true, … } or { ok: false, error, err } instead of throwing. */
export function attempt(fn) {
  try {
    return { ok: true, ...fn() };
  } catch (err) {
    return { ok: false, error: errorMessage(err), err };
  }
}

/** pause, next, back, goto and restart of a mode that plays a Player (`this.player`): the lesson and compare modes. */
export const PLAYER_CONTROLS = {
  pause() {
    this.player.pause();
  },
  next() {
    this.player.next();
    return null;
  },
  back() {
    this.player.back();
    return null;
  },
  goto(n) {
    this.player.goto(n);
  },
  restart() {
    this.player.restart();
  },
};

export class FreePlay {
  /** `session`: the page's Session; `host.reset()` starts it over (the app's bookkeeping too). */
  constructor(session, host) {
    this.kind = "play";
    this.session = session;
    this.host = host;
    this.playing = false;
  }

  advance(ticks) {
    return this.session.advance(ticks);
  }

  act(method, args) {
    return attempt(() => this.session.act(method, args));
  }

  play() {
    return false;
  }

  pause() {}

  next() {
    return "next: no lesson is open";
  }

  back() {
    return "back: no lesson is open";
  }

  /** A tick: in the history, seek to it; past its end, run on to it. */
  goto(tick) {
    const s = this.session;
    if (tick <= s.horizon) {
      s.seek(tick);
      return;
    }
    s.seek(s.horizon);
    s.advance(Math.min(tick - s.tick, MAX_CALL));
  }

  restart() {
    this.host.reset();
  }

  view() {
    return null;
  }

  link(lang) {
    const l = exactLink(this.session, lang);
    return { ...l, stop: null, tick: this.session.tick, files: { trace: "trace", picture: "picture" }, embed: l.hash ? [`share="${l.hash}"`] : [] };
  }

  pictureParts() {
    return null;
  }

  trace(format) {
    return format({ ...this.session.trace(), lesson: null });
  }

  statePayload(snap) {
    return { ...statePayload(snap, { mode: "play", lesson: null }), compare: null };
  }

  info() {
    return { scenario: null, stops: 0 };
  }

  close() {}
}
