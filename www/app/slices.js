// Long work in slices (#17): a piece of work written as a generator yields between its parts
// (every few thousand rows or operations), with how far it got as a fraction 0…1. atOnce() runs
// it to its end in one go (the pure functions' synchronous forms: tests, the fuzzer, short work);
// sliced() runs it in tasks of at most SLICE_MS, the page getting its turn between them, so that
// no task comes near the browser's 50 ms long-task threshold and a click lands meanwhile.

/**
 * A sliced job runs at most this long in one task before it gives the page its turn (no task
 * over 50 ms, the browser's long-task threshold).
 */
export const SLICE_MS = 16;

/** Items (rows, actions, operations) a generator of work handles between two yields. */
export const SLICE_ITEMS = 2048;

/** Give the page a turn (input, drawing) before going on: a message task, not a clamped timeout. */
export const yieldToPage = () =>
  new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });

/**
 * Run the generator `steps` to its end at once; its return value.
 * @template T
 * @param {Generator<number, T, void>} steps
 * @returns {T}
 */
export function atOnce(steps) {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * Run the generator `steps` in slices of about `sliceMs`, `pause()` between them (the page's
 * turn), `progress(fraction)` before each pause, `cancelled()` asked after it. Resolves to
 * { cancelled, value, slices } (value: the generator's return value; slices: the tasks it ran
 * in). An exception of the generator rejects it.
 * @template T
 * @param {Generator<number, T, void>} steps
 * @param {{ progress?: (fraction: number) => void, cancelled?: () => boolean, now?: () => number, pause?: () => Promise<unknown>, sliceMs?: number }} [options]
 * @returns {Promise<{ cancelled: boolean, value: T | undefined, slices: number }>}
 */
export async function sliced(steps, options = {}) {
  const { progress = () => {}, cancelled = () => false, now = () => performance.now(), pause = yieldToPage, sliceMs = SLICE_MS } = options;
  let slices = 1;
  let start = now();
  for (;;) {
    const r = steps.next();
    if (r.done) return { cancelled: false, value: r.value, slices };
    if (now() - start < sliceMs) continue;
    progress(/** @type {number} */ (r.value));
    await pause();
    slices++;
    if (cancelled()) {
      steps.return(undefined);
      return { cancelled: true, value: undefined, slices };
    }
    start = now();
  }
}
