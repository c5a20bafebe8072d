// The host page of an embed, when the embeds of a page can share what one of them loaded (core.js:
// the compiled wasm module; app/catalogue.js: the lesson texts).

/**
 * The host page's window when this page is embedded in a page of its own origin (the package's
 * page copied into a docs site): its embeds can share what one of them loaded. Null standalone
 * or under a host of another origin.
 * @returns {Window | null}
 */
export function sameOriginHost() {
  try {
    if (window.parent !== window && window.parent.location.origin === location.origin) return window.parent;
  } catch {
    /* a host of another origin */
  }
  return null;
}

/** How often a waiting embed looks whether the host's other embeds have drawn (ms). */
const BOOT_POLL_MS = 50;
/** An embed waits at most this long for the others (ms): one whose start hangs holds none back. */
const BOOT_WAIT_MS = 3000;

/**
 * The embeds of one host page start one after the other on its main thread (same-origin frames
 * share it), and an embed's work after its first frame (the lesson's animated ticks, autoplay,
 * the panels under the first screen) made the others' first frames later (issue #18: six embeds,
 * the last first frame waited for the first ones' animation frames). So each embed is listed on
 * the host while it starts; one that has drawn its first frame waits with the rest until none is
 * left (or BOOT_WAIT_MS). Returns null standalone or under a host of another origin (nothing to
 * wait for), else { done(), afterOthers(fn) }: done() when this page's first frame is drawn (or
 * its start failed); afterOthers(fn) calls fn (once, from a task of this frame) when every other
 * embed that started is done, gone or too slow.
 */
export function bootOrder() {
  const host = sameOriginHost();
  if (!host) return null;
  // A Set of the host's realm: it outlives a removed frame, whose window is then closed.
  const starting = (host.__kafkaPlaygroundStarting ??= new host.Set());
  starting.add(window);
  const others = () => {
    for (const w of starting) if (w.closed) starting.delete(w);
    return [...starting].some((w) => w !== window);
  };
  return {
    done: () => void starting.delete(window),
    afterOthers(fn) {
      const until = Date.now() + BOOT_WAIT_MS;
      const look = () => (others() && Date.now() < until ? setTimeout(look, BOOT_POLL_MS) : fn());
      look();
    },
  };
}
