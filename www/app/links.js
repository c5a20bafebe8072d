// Share links, the embed snippet, the share dialog and the exports, each asked of the open mode
// (link(), trace(), pictureParts()): a lesson stop, a comparison's stop or the exact state.

import { getLang, t } from "../i18n.js";
import { decodeShareSteps } from "./share.js";
import { errorMessage, MAX_WINDOW } from "../views/model.js";

/** The share-link and export actions of `app` (app.js App). */
export function links(app) {
  const chrome = app.page.chrome;
  const link = () => {
    // The exact state goes in the fragment (never sent to a server); none when it is too long.
    const l = app.mode.link(getLang());
    return { ...l, url: l.problem ? "" : `${chrome.pageBase()}?${l.query}${l.hash ? `#${l.hash}` : ""}` };
  };
  const snippet = (l) => {
    const base = chrome.pageBase().replace(/[^/]*$/, "");
    const attrs = [...l.embed, `controls="minimal"`, `lang="${getLang()}"`];
    return `<script type="module" src="${base}embed.js"></script>\n<kafka-replication-playground ${attrs.join(" ")}></kafka-replication-playground>`;
  };
  const trace = (ex) => app.mode.trace(ex.traceJson);
  /** The picture: compare mode's panes, or the cluster with its records (the compact view's snapshots have none). */
  const pic = (ex) => ex.picture(app.mode.pictureParts(), app.usable() ? app.session.snapshot({ records: MAX_WINDOW }) : app.state.snap);
  const api = {
    /** The link to this moment (as the Share dialog shows it). */
    url: () => link().url,
    fill() {
      const l = link();
      chrome.fillShare(l, snippet(l));
    },
    open() {
      api.fill();
      chrome.openShare();
    },
    /** Save export `kind` ("json" | "text" | "svg" | "png"), its outcome said in the dialog. */
    async save(kind) {
      try {
        const ex = await app.chunks.exports();
        const name = await ex.save(kind, { trace: () => trace(ex), pic: () => pic(ex), ...app.mode.link(getLang()) });
        chrome.shareStatus(t("share.exported", { file: name }));
      } catch (err) {
        chrome.shareStatus(t("share.exportFailed", { error: errorMessage(err) }));
      }
    },
    /** The trace of this moment: { json, text } (what the exports save). */
    async trace() {
      const ex = await app.chunks.exports();
      const json = trace(ex);
      return { json, text: ex.traceLog(json) };
    },
    /** The picture export's SVG markup. */
    async pictureSvg() {
      return pic(await app.chunks.exports()).svg;
    },
  };
  return api;
}

/** The words for a link that could not be opened. */
export function linkProblem(res) {
  if (res.reason === "version") return t("link.version", { v: res.detail });
  if (res.reason === "checksum") return t("link.damaged");
  if (res.reason === "long") return t("link.long", { why: res.detail });
  return t("link.format", { why: res.detail });
}

/**
 * Open the share link in the URL parameters `params` (share.js hasShare said there is one): read
 * in slices (decodeShareSteps: a link of 100 000 actions takes longer than a task should), then
 * opened (openShared). One that cannot be opened is said, one cancelled while it is read too, and
 * a fresh cluster with `config` shown. Resolves when it is open.
 */
export async function openLink(app, params, config) {
  const chrome = app.page.chrome;
  const read = await app.replays.sliced(decodeShareSteps(params));
  if (read.cancelled) {
    app.resetSession(config);
    chrome.say(t("link.cancelled"), "info");
  } else if (!read.value?.ok) {
    chrome.notice(linkProblem(read.value));
    app.resetSession(config);
  } else await openShared(app, read.value.state);
}

/**
 * Open a decoded share link: its config, its action log replayed exactly to its tick (planned and
 * replayed in slices with progress and Cancel when long: replays.js sliced, replay). Resolves when it
 * is open.
 */
export async function openShared(app, shared) {
  const chrome = app.page.chrome;
  const error = app.resetSession(shared.config);
  const failed = (why) => {
    chrome.notice(t("link.replayFailed", { error: why }));
    app.resetSession({});
  };
  if (error) return failed(error);
  // No task boundary before the plan (the page would see the fresh cluster as the link opened):
  // a long plan gives the page its turn, and the fresh cluster is drawn, at its first pause.
  let planned;
  try {
    planned = await app.replays.sliced(app.session.restorePlanSteps(shared.config, shared.actions, shared.tick, shared.horizon));
  } catch (err) {
    return failed(errorMessage(err));
  }
  if (planned.cancelled) {
    app.resetSession(shared.config);
    return chrome.say(t("link.cancelled"), "info");
  }
  let refused = null;
  const r = await app.replays.replay(planned.value, (err) => (refused = err));
  if (refused) return failed(errorMessage(refused));
  if (r && !r.cancelled) chrome.say(t("link.opened", { tick: shared.tick, n: app.session.actions.filter((a) => a.tick <= shared.tick).length }), "info");
}
