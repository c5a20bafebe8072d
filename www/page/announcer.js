// The polite aria-live region: important events (leader change, ISR shrink / expand, failed
// request, violated guarantee) are read out, at most one summary per interval so a fast run
// does not flood the screen reader.

import { summarize } from "../views/events-model.js";

const INTERVAL_MS = 2000;

export function createAnnouncer(region) {
  let queue = [];
  let timer = null;
  const flush = () => {
    timer = null;
    if (!queue.length) return;
    region.textContent = summarize(queue);
    queue = [];
    timer = setTimeout(flush, INTERVAL_MS);
  };
  return {
    /** Queue sentences; they are read out now or at the end of the current interval. */
    say(sentences) {
      if (!sentences.length) return;
      queue.push(...sentences);
      if (timer === null) flush();
    },
  };
}
