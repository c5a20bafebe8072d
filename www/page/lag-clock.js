// A follower's lag clock on its replica row (partitions.js): the lag box's words and state, and
// the ring drawn on a canvas, filled to the share of replica.lag.time.max.ms since the follower
// last caught up. Reads only the row's view model (model.js partitionModel).

import { setAttr, setStyle, setText } from "./dom.js";
import { cssColors, paint, setFont, textWidth } from "./canvas.js";
import { formatLagTime, formatSeconds, lagClockFraction, lagState, ringHelp } from "../views/format.js";
import { PALETTE } from "./record-track.js";
import { t } from "../i18n.js";

export function updateLag(row, r, m) {
  const lagBox = row.querySelector(".lag");
  const lagText = row.querySelector(".lag-text");
  const clock = row.querySelector(".lag-clock");
  if (r.isLeader) {
    setAttr(lagBox, "class", "lag lag-leader");
    setText(lagText, t("lag.leader"));
    setAttr(lagBox, "title", null);
    setStyle(clock, "display", "none");
    return;
  }
  if (r.down && !r.lagTime) {
    setAttr(lagBox, "class", "lag lag-down");
    setText(lagText, t("lag.notFetching"));
    setAttr(lagBox, "title", null);
    setStyle(clock, "display", "none");
    return;
  }
  setText(lagText, r.down ? t("lag.brokerDown") : r.lag === null ? t("lag.noFetch") : t("lag.msgs", { n: r.lag }));
  if (!r.lagTime) {
    setStyle(clock, "display", "none");
    setAttr(lagBox, "class", "lag");
    setAttr(lagBox, "title", r.lag === null ? t("lag.noHeard") : null);
    return;
  }
  setAttr(lagBox, "class", `lag lag-${lagState(r.lagTime)}`);
  setStyle(clock, "display", "");
  // The live figures are on the clock and in the row's aria-label.
  setAttr(lagBox, "title", t("lag.title", { max: formatSeconds(m.lagMaxMs) }) + t(r.inIsr ? "lag.title.inIsr" : "lag.title.osr") + (r.inIsr ? ` ${ringHelp(m)}` : ""));
}

const CLOCK = { size: 22, r: 8.25, stroke: 3.7, gap: 5, fontPx: 11.5 };
const RING = { ok: "--ok", warn: "--warn", over: "--bad" };

/**
 * The follower's lag clock: a ring filled to the fraction of replica.lag.time.max.ms since it
 * last caught up, and that time ("3/30 s"). As a DOM text and ring it changed on most ticks a
 * follower is behind, and a changed text costs Chromium 50–100 µs of layout (issue #6); on a
 * canvas it costs none. The row's aria-label says it in words, the lag box's title explains it.
 */
export function drawLagClock(canvas, r, m, { theme, mono }) {
  // The ring moves in the clock's steps, like its text.
  const fraction = lagClockFraction(r.sinceCaughtUpMs, m.lagMaxMs);
  const state = lagState(r.lagTime);
  const text = formatLagTime(r.sinceCaughtUpMs, m.lagMaxMs);
  const font = `${CLOCK.fontPx}px ${mono}`;
  const key = `${fraction}|${text}|${state}|${font}|${theme}`;
  if (canvas.__key === key) return;
  canvas.__key = key;
  const width = CLOCK.size + CLOCK.gap + Math.ceil(textWidth(font, text));
  paint(canvas, width, CLOCK.size, (ctx) => {
    const colors = cssColors(PALETTE);
    const c = CLOCK.size / 2;
    ctx.lineWidth = CLOCK.stroke;
    ctx.strokeStyle = colors["--surface-2"];
    ctx.beginPath();
    ctx.arc(c, c, CLOCK.r, 0, 2 * Math.PI);
    ctx.stroke();
    if (fraction > 0) {
      ctx.strokeStyle = colors[RING[state]];
      ctx.beginPath();
      ctx.arc(c, c, CLOCK.r, -Math.PI / 2, -Math.PI / 2 + 2 * Math.PI * fraction);
      ctx.stroke();
    }
    setFont(ctx, font);
    ctx.textBaseline = "middle";
    ctx.fillStyle = state === "over" ? colors[RING.over] : colors["--muted"];
    ctx.fillText(text, CLOCK.size + CLOCK.gap, c + 0.5);
  });
}
