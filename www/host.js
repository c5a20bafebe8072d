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
