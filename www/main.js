// The bootstrap: start the downloads, wire the controls (to stand-ins until the app exists), draw
// the default page's first frame from the build's snapshot (app/first-frame.js), wait for the
// wasm core, make the app (app/app.js: the page's Session, the open Mode, the Loop) with the
// page's DOM functions given to it (`page`: app/ imports no page/ module), wire the postMessage
// API, open what the URL asks for, and run the commands pressed meanwhile. Imports run one way:
// this → app → modes → player / session → the core.
//
// URL parameters: ?seed=N (start with this seed), ?ticks=N (run N ticks before the first frame);
// ?lang=en|zh; a share link #v=2&s=…&c=… (in the fragment; ?v=1&s=…&c=… links still open); the embed parameters ?scenario=NAME&step=N
// &controls=none|minimal|full&autoplay&theme=light|dark&height=PX, ?mode=compare&preset=ID
// (www/README.md lists them).

import { startCore } from "./core.js";
import FIRST_SNAPSHOT from "virtual:first-snapshot";
import { defaultPage, drawFirstFrame, pendingCommands } from "./app/first-frame.js";
import { App } from "./app/app.js";
import { chunkLoaders, chunksLoaded } from "./app/catalogue.js";
import { commands } from "./app/commands.js";
import { links, openLink } from "./app/links.js";
import { playgroundHooks } from "./app/hooks.js";
import { listen } from "./app/api.js";
import { MAX_CALL } from "./app/session.js";
import { BOOTING } from "./app/loop.js";
import { bootOrder } from "./host.js";
import { wireControls } from "./page/controls.js";
import * as pageLayout from "./page/page-layout.js";
import * as chrome from "./page/chrome.js";
import * as forms from "./page/forms.js";
import * as paint from "./page/draw.js";
import { toggleRecordLabels } from "./page/record-labels.js";
import { getLang, initialLang, loadLang, readSavedLang, t } from "./i18n.js";
import { embedOptions, hasShare, shareParams } from "./app/share.js";
import { errorMessage } from "./views/model.js";

// The default page draws its first frame from the snapshot the build recorded and loads the wasm
// after it (app/first-frame.js); any other starts the wasm download before anything else runs, as
// does a page opened in a background tab (no frame is painted there until it is shown).
const built = defaultPage(window) ? FIRST_SNAPSHOT : null;
if (!built || document.hidden) startCore();
const params = new URLSearchParams(location.search);
/** This page listed on a same-origin host as starting, so that its other embeds wait for it (host.js). */
const boot = bootOrder();
const embed = { ...embedOptions(params), params };
/** The page's DOM functions the app calls (app.js App), and the loaders of the page's own chunks. */
const page = { paint, forms, chrome, toggleRecordLabels };
const chunks = chunkLoaders({
  lessonPanel: () => import("./page/lesson-panel.js"),
  comparePanel: () => import("./page/compare-panel.js"),
  inspector: () => import("./page/inspector.js"),
  exports: () => import("./page/exports.js"),
});

// Started at once, so that they download while the wasm does: the dictionary of the starting
// language, and the chunks of the lesson, picker or comparison the URL opens (its first frame).
// English without its event templates: the core's texts are the same words, and page/draw.js
// loads them after the first frame (i18n.js).
const firstLang = initialLang({ param: embed.lang, saved: embed.lang ? null : readSavedLang(), languages: navigator.languages ?? [navigator.language] });
const startLang = loadLang(firstLang, { events: firstLang !== "en" });
const startChunks = chunksLoaded(chunks, embed.scenario || embed.mode === "lesson" ? ["scenarios", "lessons"] : embed.mode === "compare" ? ["compare", "lessons"] : []);
chrome.applyEmbedLayout(embed);
// A share link pasted over this one changes only the fragment: the browser does not load the page again.
window.addEventListener("hashchange", () => hasShare(shareParams("", location.hash)) && location.reload());
main()
  .catch((err) => paint.drawBanner(t("main.startFailed", { error: errorMessage(err) }), false))
  .finally(() => boot?.done());

async function main() {
  try {
    chrome.applyLanguage(await startLang);
  } catch (err) {
    paint.drawBanner(errorMessage(err), false); // in both languages: there is no dictionary to say it with
    return;
  }
  chrome.applyTheme(embed.theme ?? chrome.readTheme(), embed.theme !== null);
  // The controls work from the start: what is pressed before the app is there runs once it is.
  const pending = pendingCommands();
  wireControls(pending.cmd);
  pageLayout.wire(pending.cmd);
  const tps = forms.readSpeed(100);
  forms.acksHelp();
  chrome.foldLegend();
  if (built) {
    forms.producerDefaults(built.config);
    window.__playgroundFirstFrame = { snapshot: () => built };
    await drawFirstFrame(page, built);
  }
  const core = await loadCore();
  await nextTask();
  const app = new App(core, embed, page, chunks);
  // Nothing after the first frame (animation, autoplay, the panels it leaves for later) while
  // the host's other embeds start: they share this main thread (host.js bootOrder).
  if (boot) app.loop.hold(BOOTING, true);
  const cmd = commands(app);
  const share = links(app);
  chrome.watchErrors(errorMessage);
  listen(app, cmd);
  chrome.watchVisibility((why, on) => app.visible(why, on));
  chrome.watchLayout(
    () => app.loop.redraw(),
    () => app.loop.dirty(),
  );
  app.state.tps = tps;
  for (const p of [...embed.problems, ...chrome.link.problems]) chrome.say(t("param.bad", { name: p.name, value: p.value, why: p.why }), "info");
  const chunkError = await startChunks;
  if (chunkError) chrome.notice(t("main.chunkFailed", { error: chunkError }));
  window.__playground = playgroundHooks(app, share, core);
  await nextTask();

  const config = embed.seed !== null ? { seed: embed.seed } : {};
  const params = shareParams(location.search, location.hash);
  const open = { stop: embed.step ?? 0, autoplay: embed.autoplay };
  if (hasShare(params)) await openLink(app, params, config);
  else {
    // The lesson or comparison the URL asks for is found first and opened with the session: the
    // first frame drawn is its own, not free play's (issue #18: six embeds each drew one first).
    const lesson = embed.scenario || embed.mode === "lesson";
    const first = chunkError ? null : lesson ? app.catalogue.lesson(embed.scenario || null) : embed.mode === "compare" ? app.catalogue.compare(embed.preset, app.Cluster) : null;
    app.resetSession(config, first && { found: await first, ...open });
    if (!first) {
      const warm = embed.ticks ?? embed.step ?? 0;
      if (warm > 0 && app.usable()) await app.replays.replay(app.guard(() => app.session.advancePlan(Math.min(warm, MAX_CALL)), null));
      if (embed.autoplay) app.setRunning(true);
    }
  }
  // The first frame now, not at the end of the task: then this embed is done starting.
  app.loop.flush();
  pending.start(cmd);
  boot?.done();
  boot?.afterOthers(() => app.loop.hold(BOOTING, false));
  chrome.postEvent("ready", { mode: app.mode?.kind ?? "play", lang: getLang(), ...(app.mode?.info() ?? { scenario: null, stops: 0 }), tick: app.mode?.session?.tick ?? app.mode?.tick ?? 0 });
  app.postState(true);
  chrome.link.watchSize(document.body);
  chrome.link.placeDialogs(document);
}

/**
 * Let the browser run what waits (input, a paint) before going on: the start is a few tasks, not
 * one long one that blocks the page (issue #18: Lighthouse's total blocking time on a phone). Not
 * in an embed: the embeds of a page share its main thread, and yielding there let the others cut
 * in, so every embed's first frame waited for all of them (six embeds: 0.4–1.1 s later).
 */
function nextTask() {
  if (window.parent !== window) return Promise.resolve();
  return globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Wait for the wasm core (started when the script began, or now after the default page's first
 * frame). The single-file build (scripts/build-single.mjs) inlines the module's bytes, so it
 * opens from file:// too.
 */
async function loadCore() {
  let mod;
  try {
    mod = await startCore();
  } catch (err) {
    throw new Error(t("main.coreMissing", { error: errorMessage(err) }));
  }
  if (typeof mod.Cluster !== "function") throw new Error("the simulator core has no Cluster class");
  return mod;
}
