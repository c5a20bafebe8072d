// The postMessage API of an embedded page (protocol.js has the protocol and its checks): each
// command goes to the app and the open mode like the page's own controls, and is answered with a
// `result` event.

import { chunksLoaded } from "./catalogue.js";
import { commandCall, eventMessage, parseCommand } from "./protocol.js";
import { t } from "../i18n.js";

/** Answer the host page's messages for `app`, with `cmd` (commands.js) for what the controls do too. */
export function listen(app, cmd) {
  app.page.chrome.listenMessages(async (data, send) => {
    const parsed = parseCommand(data);
    if (!parsed) return;
    const reply = (ok, error) => send(eventMessage("result", { id: parsed.id, command: /** @type {{ type?: string }} */ (parsed.command)?.type ?? parsed.command, ok, ...(error ? { error } : {}) }));
    if (!parsed.ok) return reply(false, parsed.error);
    const error = await run(app, cmd, parsed.command);
    reply(!error, error || undefined);
    app.postState(true);
  });
}

/** Run one command; resolves to null or the error in words. */
async function run(app, cmd, c) {
  if (!app.session) return "the simulator core is not loaded";
  const call = commandCall(c);
  if (call) {
    const r = app.act(call[0], call[1], { quiet: true });
    return r.ok ? null : r.error;
  }
  switch (c.type) {
    case "play":
      app.play();
      return null;
    case "pause":
      app.setRunning(false);
      app.mode.pause();
      app.loop.dirty();
      return null;
    case "next":
      return app.move(() => app.mode.next());
    case "back":
      return app.move(() => app.mode.back());
    case "restart":
      app.move(() => app.mode.restart());
      return null;
    case "goto":
      app.move(() => app.mode.goto(c.step));
      return null;
    case "step":
      app.step(c.ticks ?? 1);
      return null;
    case "scenario": {
      const error = await chunksLoaded(app.chunks, ["scenarios", "lessons"]);
      if (error) return t("main.chunkFailed", { error });
      return (await app.openLesson(c.name, { stop: c.step ?? 0 })) ? null : t("lesson.unknown", { name: c.name });
    }
    case "lang":
      return cmd.switchLanguage(c.lang);
    case "theme":
      cmd.setTheme(c.theme);
      return null;
    case "state":
      return null;
    default:
      return `unknown command ${c.type}`;
  }
}
