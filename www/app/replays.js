// Time travel and long work on the page's session: a seek, a replay (at once when short, else in
// slices with the progress bar and Cancel, the page answering meanwhile), work written as a
// generator run in slices (reading a long share link, planning its replay), and the HW chart's
// sampling of the ticks a jump replays. While a sliced job runs nothing else uses the session
// (App.usable() is false): its handle is the replay's.

import { SLICED_MS } from "./session.js";
import { sliced } from "./slices.js";
import { t } from "../i18n.js";
import { clearHistory, historySampler } from "../views/hw-history.js";

export class Replays {
  /** `app`: the App (app.js) whose session, history chart and page (its progress bar and toasts) these use. */
  constructor(app) {
    if (!app || typeof app.refresh !== "function") throw new Error("Replays: app must be app.js's App");
    this.app = app;
    this.job = null; // a sliced job running: { cancelled } (the session is not used meanwhile)
    this.slicedTasks = []; // the tasks each sliced() job ran in
  }

  /** Whether a sliced job runs (a long link opening, a far seek). */
  get busy() {
    return this.job !== null;
  }

  /** Stop the sliced job running, if any (the session is about to be reset: its handle replaced). */
  cancel() {
    if (this.job) this.job.cancelled = true;
  }

  /** Go to `tick` of the history (a far one replayed in slices: the Promise resolves when there). */
  seek(tick) {
    const app = this.app;
    if (!app.usable()) return Promise.resolve();
    app.setRunning(false);
    const plan = app.guard(() => app.session.seekPlan(tick));
    const r = plan?.result;
    // Forward past what the replay samples, or from a checkpoint past the samples: a gap.
    if (r && r.to > r.from && (r.to - r.from > app.state.history.capacity || r.restored)) clearHistory(app.state.history);
    return this.replay(plan?.ops ?? null);
  }

  /**
   * Run a replay of the page's session (Session restorePlan / seekPlan / advancePlan): at once
   * when estimated under SLICED_MS, else in slices, the progress and Cancel shown and the page
   * answering meanwhile (nothing else uses the session). Resolves to { cancelled }, or null when
   * the core refused: `failed(err)` (default: said as any core error). The short replay is done
   * when this returns.
   */
  replay(plan, failed = (err) => this.app.coreFailed(err)) {
    const app = this.app;
    const chrome = app.page.chrome;
    if (!plan || plan.estimateMs <= SLICED_MS) {
      let ok = true;
      try {
        if (plan) this.sampling(() => app.session.replay(plan));
      } catch (err) {
        failed(err);
        ok = false;
      }
      // A snapshot anew, as after a sliced replay: the plan (a reset handle) may have been drawn
      // already, and a replay leaves the session's stamp as it was.
      app.resnap();
      return Promise.resolve(ok ? { cancelled: false } : null);
    }
    const job = { cancelled: false };
    this.job = job;
    app.setRunning(false);
    const progress = (tick, to) => chrome.replayProgress(tick, to, () => (job.cancelled = true));
    progress(app.session.tick, plan.to);
    const session = app.session;
    session.sampler = historySampler(app.state.history);
    return session
      .replaySliced(plan, { progress, cancelled: () => job.cancelled })
      .then(
        (r) => {
          if (r.cancelled) chrome.say(t("replay.cancelled", { tick: app.session.tick }), "info");
          return { cancelled: r.cancelled };
        },
        (err) => (failed(err), null),
      )
      .finally(() => {
        session.sampler = null;
        this.job = null;
        chrome.replayProgress(null);
        app.resnap();
      });
  }

  /**
   * Run `steps` (work written as a generator, slices.js: reading a long share link, planning its
   * replay) in slices, the progress bar up with Cancel, the page answering meanwhile and nothing
   * else using the session. Resolves to { cancelled, value } (value: the generator's return
   * value); an error of the work rejects it. The tasks it took are counted in `slicedTasks` (the
   * test hooks' `opening`).
   */
  async sliced(steps) {
    const app = this.app;
    const chrome = app.page.chrome;
    const job = { cancelled: false };
    this.job = job;
    app.setRunning(false);
    // The bar shows from the first pause on: work done in one slice does not flash it.
    const progress = (fraction) => chrome.replayProgress(Math.round(fraction * 1000), 1000, () => (job.cancelled = true), t("link.reading"));
    try {
      const r = await sliced(steps, { progress, cancelled: () => job.cancelled });
      this.slicedTasks.push(r.slices);
      return r;
    } finally {
      this.job = null;
      chrome.replayProgress(null);
      app.refresh();
    }
  }

  /** Run `fn`, a jump, with the session sampling the ticks it replays into the HW chart. */
  sampling(fn) {
    const session = this.app.session;
    session.sampler = historySampler(this.app.state.history);
    try {
      return fn();
    } finally {
      session.sampler = null;
    }
  }
}
