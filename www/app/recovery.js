// Restart after a trap. A WebAssembly.RuntimeError (unreachable, out of bounds, out of memory)
// leaves the instance unusable and its memory never shrinks, so the page drops every handle,
// instantiates the module afresh (core.js reinstantiate: a new WebAssembly.Memory, the old one
// free to be collected), replays the page's history to the last tick it reached, and says so. If
// that replay traps too, it starts over with the same configuration.

import { t } from "../i18n.js";
import { errorMessage } from "../views/model.js";

/**
 * Recover `app` (app.js App) from the trap `err` with `reinstantiate` (core.js). Resolves when the
 * page works again, to { tick, fresh } (fresh: the history could not be replayed), or to null
 * when not even a fresh start worked (the banner then says so).
 */
export async function recoverFromTrap(app, err, reinstantiate) {
  if (typeof reinstantiate !== "function") throw new Error("recoverFromTrap: reinstantiate must be core.js's function");
  const session = app.session;
  // Where the history stood: every call that trapped threw before it was logged or counted.
  const saved = session && { config: session.config, actions: session.actions, tick: session.tick, horizon: session.horizon };
  app.state.broken = t("main.coreRestarting", { error: errorMessage(err) });
  app.loop.dirty();
  // Compare mode's sessions are its own (their handles are gone too): back to free play.
  if (app.mode && app.mode.kind !== "play" && !app.mode.session) app.closeMode();
  session?.drop();
  try {
    await reinstantiate();
  } catch (again) {
    app.state.broken = t("main.coreStopped", { error: errorMessage(again) });
    app.loop.dirty();
    return null;
  }
  app.state.broken = null;
  let failure = null;
  let replayed = null;
  if (saved) {
    try {
      // Planned in slices (a long history's plan takes longer than a task should); cancelled
      // while planning, the page starts afresh as below.
      const planned = await app.replays.sliced(session.restorePlanSteps(saved.config, saved.actions, saved.tick, saved.horizon));
      if (!planned.cancelled) replayed = await app.replays.replay(planned.value, (e) => (failure = e));
    } catch (e) {
      failure = e;
    }
  }
  if (replayed && !failure) {
    app.page.chrome.say(t("main.coreRestarted", { error: errorMessage(err), tick: session.tick }), "info");
    return { tick: session.tick, fresh: false };
  }
  // The replay trapped as well (or there was no history): a fresh instance and a fresh start.
  if (failure) {
    session.drop();
    await reinstantiate();
  }
  const error = app.resetSession(saved?.config ?? {});
  if (error) {
    app.state.broken = t("main.coreStopped", { error });
    app.loop.dirty();
    return null;
  }
  app.page.chrome.say(t("main.coreRestartedFresh", { error: errorMessage(err) }), "info");
  return { tick: 0, fresh: true };
}
