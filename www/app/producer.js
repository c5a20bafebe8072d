// The producer form's requests: one from the form (commands.js produce), and the automatic
// producer, which sends the form's acks and partition every batch of ticks while free play runs.

import { MAX_CALL } from "./session.js";
import { t } from "../i18n.js";

/** The form's produce arguments for `count` records, or { error }. */
export function produceArgs(app, count) {
  return app.page.forms.produceArgs(count, app.state.snap, () => app.state.roundRobin++, MAX_CALL);
}

/**
 * `rate` records per second of Kafka time, one produce call per batch of ticks. It only runs at
 * the end of the history (while replaying the past, the recorded requests play back); it stops
 * at the first request the core refuses.
 */
export function autoProduce(app, ticks) {
  const s = app.state;
  const session = app.mode.session;
  if (!s.auto.on || !session || session.tick < session.horizon || !app.usable()) return;
  const forms = app.page.forms;
  const { rate, text } = forms.autoRate();
  if (!(rate > 0)) return stopAuto(t("main.autoRate", { value: text }));
  s.auto.carry += (rate * ticks * (s.snap?.tickMs ?? 100)) / 1000;
  const count = Math.floor(s.auto.carry);
  if (count < 1) return;
  s.auto.carry -= count;
  const { args, error } = produceArgs(app, count);
  if (error) return stopAuto(error);
  const r = app.mode.act("produce", [args]);
  if (!r.ok) stopAuto(t("main.autoStopped", { error: r.error }));

  function stopAuto(why) {
    s.auto.on = false;
    forms.setAutoBox(false);
    forms.showProduceError(why);
  }
}

/** What the producer panel says of the automatic producer. */
export function autoText(app) {
  const s = app.state;
  if (!s.auto.on) return t("main.auto.off");
  if (app.session && app.session.tick < app.session.horizon) return t("main.auto.waiting");
  return t("main.auto.on", { rate: app.page.forms.autoRate().text, paused: s.running ? "" : t("main.auto.pressPlay") });
}
