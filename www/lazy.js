// Parts of the page that the first frame does not need (lessons, compare mode, the exports, the
// second language, …) are chunks of their own, imported on first use. once() makes such a loader
// safe to call from anywhere: every call shares one import, and after a failure (the network) the
// next call tries again instead of failing forever.

/** `load` (a function returning a promise) run at most once at a time; failures are not kept. */
export function once(load) {
  let pending = null;
  return () =>
    (pending ??= load().catch((err) => {
      pending = null;
      throw err;
    }));
}
