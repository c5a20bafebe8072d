// The commands the page's controls call (page/controls.js wires the DOM events to them): each
// changes the app's state through the mode and marks the loop dirty. No mode branches: Next, Back,
// Restart and the stop dots go to whichever mode is open.

import { chunksLoaded } from "./catalogue.js";
import { configDiff, presetDefaults, readConfig, withVersionDefaults } from "../views/config-model.js";
import { shouldCompact } from "../views/compact-model.js";
import { errorMessage } from "../views/model.js";
import { eventText } from "../views/event-text.js";
import { linkKey } from "./timeline.js";
import { brokerAction, brokerActionEnabled, selectByDigit } from "./actions.js";
import { getLang, loadLang, saveLang, t } from "../i18n.js";
import { links } from "./links.js";
import { produceArgs } from "./producer.js";
import { setDebug } from "./session.js";
import { MAX_SKIP_TICKS, skipToChange } from "./skip.js";

/** Run `fn` once the chunks of `app` it needs are in; if one cannot be loaded, say so instead (returns false). */
async function withChunks(app, names, fn) {
  const error = await chunksLoaded(app.chunks, names);
  if (!error) return fn();
  app.page.chrome.say(t("main.chunkFailed", { error }));
  return false;
}

/** The commands of `app` (app.js App), for page/controls.js and keyboard.js. */
export function commands(app) {
  const s = app.state;
  const { forms, chrome } = app.page;
  const brokerCommand = (id, broker) => {
    const a = brokerAction(id);
    if (!a) return;
    if (broker === null || broker === undefined) return chrome.say(t("main.selectFirst"), "info");
    const b = s.snap?.brokers.find((x) => x.id === broker);
    if (!b) return chrome.say(t("main.noBroker", { id: broker }));
    if (!brokerActionEnabled(a, b.status)) return chrome.say(t("main.brokerIs", { action: a.label, id: broker, status: t(`status.${b.status}`) }), "info");
    const [method, args] = a.call(broker);
    app.act(method, args);
    return undefined;
  };
  const openInspector = (target) => {
    if (target.type === "message") target = { ...target, message: s.snap?.inflight.find((m) => m.seq === target.seq) };
    withChunks(app, ["inspector"], async () => {
      app.inspector = await app.chunks.inspector();
      if (target.type === "broker") s.selected = target.id;
      s.inspecting = target;
      app.inspector.openInspector(target, app.inspectorSnapshot(), s.cuts);
      app.loop.dirty();
    });
  };
  const cmd = {
    togglePlay: () => app.setRunning(!s.running),
    /** kafka-leader-election.sh --election-type preferred: the core answers for each partition. */
    electPreferred() {
      const r = app.act("electLeaders", [{ type: "preferred" }]);
      if (!r.ok) return;
      const results = r.result ?? [];
      const elected = results.filter((x) => x.error === null).map((x) => `P${x.partition}`);
      const others = [...new Set(results.filter((x) => x.error !== null).map((x) => x.error))].join(", ");
      chrome.say(elected.length ? t("main.elected", { list: elected.join(", ") }) : t("main.electedNone", { errors: others }), "info");
    },
    /** The reassignment dialog for partition `p` (its field starts with the current replicas). */
    openReassign(p) {
      const part = s.snap?.partitions.find((x) => x.partition === p);
      if (!part) return;
      forms.openReassign(p, part.replicas, s.snap.brokers.map((b) => b.id), part.targetReplicas);
    },
    /** kafka-reassign-partitions.sh --cancel for the dialog's partition; the core's Error is said in the dialog. */
    cancelReassignment() {
      const { partition } = forms.reassignValues();
      const r = app.act("cancelReassignment", [partition], { quiet: true });
      if (!r.ok) return forms.reassignError(r.error);
      forms.closeReassign();
      chrome.say(t("reassign.stopped", { p: partition }), "info");
      return undefined;
    },
    /** kafka-reassign-partitions.sh --execute: the core validates the list; its Error is said in the dialog. */
    reassign() {
      const { partition, replicas } = forms.reassignValues();
      const r = app.act("reassign", [partition, replicas], { quiet: true });
      if (!r.ok) return forms.reassignError(r.error);
      forms.closeReassign();
      chrome.say(t("reassign.started", { p: partition, target: replicas.join(",") }), "info");
      return undefined;
    },
    step: () => app.step(1),
    /** Next change (skip.js): step until the core reports an ISR change, an election, an ack, a truncation. */
    skip() {
      app.setRunning(false);
      if (!app.usable()) return;
      app.mode.pause();
      // A jump: the HW chart gets the ticks skipped (app.replays.sampling), not a spike at the end.
      const r = app.guard(() => app.replays.sampling(() => skipToChange(() => app.mode.advance(1))), null);
      if (!r) return;
      app.refresh({ continuous: true, events: r.events });
      chrome.say(r.change ? t("skip.found", { tick: app.session.tick, text: eventText(r.change) }) : t("skip.none", { n: MAX_SKIP_TICKS }), "info");
    },
    stepBack() {
      if (app.session) app.replays.seek(app.session.tick - 1);
    },
    seekPreview(tick) {
      app.setRunning(false);
      // Dragging fires many inputs: seek once per frame to the latest position.
      if (s.seekTo === undefined || s.seekTo === null) {
        app.loop.onNextFrame(() => {
          const to = s.seekTo;
          s.seekTo = null;
          app.replays.seek(to);
        });
      }
      s.seekTo = tick;
    },
    jump: (tick) => app.replays.seek(tick),
    reset: () => app.reset(),
    setSpeed() {
      s.tps = forms.readSpeed(s.snap?.tickMs ?? 100);
    },
    produce() {
      const { args, error } = produceArgs(app, forms.produceCount());
      if (error) return forms.showProduceError(error);
      const r = app.act("produce", [args]);
      forms.showProduceError(r.ok ? "" : t("main.notSent", { error: r.error }));
      return undefined;
    },
    toggleAuto(on) {
      s.auto.on = on;
      s.auto.carry = 0;
      if (on) forms.showProduceError("");
      app.loop.dirty();
    },
    acksChanged: forms.acksHelp,
    brokerAction: brokerCommand,
    openMenu(broker, x, y, returnFocus) {
      const b = s.snap?.brokers.find((k) => k.id === broker);
      if (!b) return;
      s.selected = broker;
      app.loop.dirty();
      app.loop.flush(); // the menu opens over the picture as it is drawn now
      chrome.openMenu({ broker, status: b.status, x, y, returnFocus, onPick: (id, which) => (id === "inspect" ? openInspector({ type: "broker", id: which }) : brokerCommand(id, which)) });
    },
    inspect: openInspector,
    inspectorClosed() {
      s.inspecting = null;
    },
    toggleLink(key) {
      const [a, b] = key.split("-").map(Number);
      app.act(s.cuts.has(linkKey(a, b)) ? "heal" : "cut", [a, b]);
    },
    applyConfig() {
      let typed;
      let defaults = {};
      try {
        typed = readConfig(forms.configValues(), app.schema);
        if (typed.version !== undefined) defaults = presetDefaults(app.schema, typed.version);
      } catch (err) {
        return forms.configError(errorMessage(err));
      }
      const error = app.resetSession(configDiff(typed, defaults));
      forms.configError(error ? t("main.notApplied", { error }) : "");
      if (!error) chrome.say(t("main.configApplied"), "info");
      return undefined;
    },
    versionChanged(version) {
      try {
        forms.fillConfig(withVersionDefaults(forms.configValues(), presetDefaults(app.schema, version)));
        forms.configError("");
      } catch (err) {
        forms.configError(errorMessage(err));
      }
    },
    configDefaults() {
      cmd.versionChanged(forms.configVersion() ?? s.snap?.config.version);
    },
    /** The configuration panel's performance marks: the core's debug option on every handle. */
    setDebug(on) {
      setDebug(on);
    },
    toggleView() {
      s.compact = !(s.compact ?? shouldCompact(s.snap));
      // The detailed view draws records that the compact view's snapshots leave out.
      app.resnap();
    },
    cycleTheme() {
      const themes = chrome.THEMES;
      cmd.setTheme(themes[(themes.indexOf(chrome.currentTheme()) + 1) % themes.length]);
    },
    /** The canvases are painted in the theme's colours: drawn again on the next frame. */
    setTheme(mode) {
      chrome.applyTheme(mode, s.themeLocked);
      app.loop.redraw();
    },
    /** Record cells say their value or their leader epoch (page/record-labels.js), in every view. */
    toggleRecordLabels() {
      app.page.toggleRecordLabels();
      app.loop.redraw();
    },
    help: chrome.openHelp,
    redraw: () => app.loop.dirty(),
    toggleLang: () => cmd.switchLanguage(getLang() === "en" ? "zh" : "en"),
    /**
     * Switch to `lang` once its dictionary is loaded. Resolves to null, or to the error's words
     * (also shown) when it cannot be loaded.
     */
    async switchLanguage(lang) {
      try {
        await loadLang(lang);
      } catch (err) {
        chrome.say(errorMessage(err));
        return errorMessage(err);
      }
      if (lang === getLang()) return null;
      chrome.applyLanguage(lang);
      if (!app.embed.lang && !chrome.embedded) saveLang(getLang()); // a host's command is not the reader's choice
      chrome.keepLangInAddress(app.embed.params);
      const restore = chrome.relocalize();
      cmd.setSpeed();
      app.loop.dirty();
      app.loop.flush(); // every view in the new words at once (the inspector too, when open)
      restore();
      if (chrome.shareOpen()) links(app).fill();
      chrome.postEvent("lang", { lang: getLang() });
      return null;
    },
    toggleLessons() {
      if (app.mode.kind === "lesson") app.closeMode();
      else withChunks(app, ["scenarios", "lessons"], () => app.openLesson());
    },
    pickLesson(name) {
      if (name) app.openLesson(name);
    },
    /** The picker is about to open (focus, a press): filled with every lesson before it shows them. */
    openPicker() {
      if (app.catalogue.pickerOpened) return;
      app.catalogue.openPicker();
      app.loop.dirty();
    },
    toggleCompare() {
      if (app.mode.kind === "compare") app.closeMode();
      else withChunks(app, ["compare", "lessons"], () => app.openCompare());
    },
    pickPreset: (id) => app.openCompare(id),
    next: () => app.move(() => app.mode.next()),
    back: () => app.move(() => app.mode.back()),
    restart: () => app.move(() => app.mode.restart()),
    goto: (n) => app.move(() => app.mode.goto(n)),
    closeMode: () => app.closeMode(),
    share: () => links(app).open(),
    copy: chrome.copyField,
    copyDescribe: () => chrome.copyText("#describe .describe-output"),
    exportAs: (kind) => links(app).save(kind),
    closeNotice: () => chrome.notice(""),
    key({ command, digit }) {
      if (command === "select") {
        s.digits = selectByDigit(s.digits, digit, performance.now(), s.snap?.brokers.length ?? 0);
        s.selected = s.digits.id;
        const exists = s.snap?.brokers.some((b) => b.id === s.selected);
        app.announce([exists ? t("main.brokerSelected", { id: s.selected }) : t("main.noBroker", { id: s.selected })]);
        app.loop.dirty();
      } else if (command === "toggleAuto") {
        forms.setAutoBox(!s.auto.on);
        cmd.toggleAuto(!s.auto.on);
      } else if (command === "togglePlay") {
        // Space plays a lesson or comparison on to its next stop (running free would leave its
        // script); free play has no next stop (next() says so): it runs or pauses.
        if (cmd.next() !== null) cmd.togglePlay();
      } else if (command === "lessonNext") cmd.next();
      else if (command === "lessonBack") cmd.back();
      else if (brokerAction(command)) brokerCommand(command, s.selected);
      else cmd[command]?.();
    },
  };
  return cmd;
}
