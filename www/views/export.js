// Exports of a run, as pure functions (unit-tested): the trace as JSON (config, seed, actions,
// every event, the final state) and as a plain-text log, file names, and several pictures' SVG
// composed into one. The app builds the events by replaying the history with a throwaway handle;
// page/export-svg.js serializes the live pictures.

import { formatSeconds } from "./model.js";

export const TRACE_FORMAT = "kafka-replication-playground-trace";
export const TRACE_VERSION = 1;

/**
 * The trace object. `events`: oldest first, as step() returns them; `snapshot`: the state at
 * `tick`; `lesson`: { scenario, stop } when one is open.
 */
export function traceJson({ config, actions, tick, horizon, events, snapshot, lesson = null }) {
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    config,
    seed: snapshot?.seed ?? config?.seed ?? null,
    tick,
    horizon,
    tickMs: snapshot?.tickMs ?? 100,
    lesson,
    actions: actions.filter((a) => a.tick <= tick).map((a) => ({ tick: a.tick, method: a.method, args: a.args })),
    events: events.map((e) => ({ tick: e.tick, timeMs: e.timeMs, kind: e.kind, partition: e.partition, broker: e.broker, text: e.text })),
    state: snapshot
      ? {
          controller: snapshot.controller,
          brokers: snapshot.brokers,
          partitions: snapshot.partitions,
          requests: snapshot.requests,
          consumers: snapshot.consumers,
          violations: snapshot.violations,
          zk: snapshot.zk,
        }
      : null,
  };
}

/**
 * The trace as a plain-text log: a header, then one line per action (») and event in time order.
 * An action at tick t follows the events of the step into t (the state at t includes it).
 */
export function traceText(trace) {
  const tickMs = trace.tickMs ?? 100;
  const lines = [
    `# Kafka replication playground trace (format ${trace.version})`,
    `# config: ${JSON.stringify(trace.config)}`,
    `# seed ${trace.seed} · ticks 0–${trace.tick} (${formatSeconds(trace.tick * tickMs)} of Kafka time) · ${trace.actions.length} action(s) · ${trace.events.length} event(s)`,
  ];
  if (trace.lesson) lines.push(`# lesson ${trace.lesson.scenario}, stop ${trace.lesson.stop}`);
  lines.push("");
  const rows = [
    ...trace.events.map((e, i) => ({ tick: e.tick, order: 0, i, line: eventLine(e, tickMs) })),
    ...trace.actions.map((a, i) => ({ tick: a.tick, order: 1, i, line: actionLine(a, tickMs) })),
  ].sort((x, y) => x.tick - y.tick || x.order - y.order || x.i - y.i);
  for (const r of rows) lines.push(r.line);
  const s = trace.state;
  if (s) {
    lines.push("", `# state at tick ${trace.tick}`);
    lines.push(`controller B${s.controller?.broker ?? "-"} (epoch ${s.controller?.epoch ?? "-"}); brokers ${s.brokers.map((b) => `B${b.id} ${b.status}`).join(", ")}`);
    for (const p of s.partitions) {
      lines.push(`P${p.partition}: leader ${p.leader < 0 ? "none" : `B${p.leader}`}, leader_epoch ${p.leaderEpoch}, ISR {${p.isr.join(",")}}, HW ${p.hw}`);
      for (const l of p.logs) {
        const values = (l.records ?? []).map((r) => r.value).join(",");
        lines.push(`  B${l.broker} ${l.role}: LEO ${l.leo}, HW ${l.hw}, values [${values}]`);
      }
    }
    for (const v of s.violations ?? []) lines.push(`violation ${v.kind} at tick ${v.tick}: ${v.text}`);
  }
  return `${lines.join("\n")}\n`;
}

function stamp(tick, tickMs) {
  return `${String(tick).padStart(6)}  ${formatSeconds(tick * tickMs).padStart(8)}`;
}

function eventLine(e, tickMs) {
  const subject = [e.partition >= 0 ? `P${e.partition}` : "", e.broker >= 0 ? `B${e.broker}` : ""].filter(Boolean).join(" ");
  return `${stamp(e.tick, tickMs)}  ${e.kind.padEnd(18)} ${subject.padEnd(6)} ${e.text}`;
}

function actionLine(a, tickMs) {
  return `${stamp(a.tick, tickMs)}  » ${a.method}(${a.args.map((x) => JSON.stringify(x)).join(", ")})`;
}

/** A file name for an export: kafka-replication-<what>-t<tick>.<ext>. */
export function exportName(what, tick, ext) {
  return `kafka-replication-${what}-t${tick}.${ext}`;
}

/**
 * One SVG from several ({ svg, width, height } each), stacked top to bottom or side by side
 * (`direction` "column" | "row"), with a gap, on a white background.
 */
export function composeSvg(parts, { direction = "column", gap = 12, background = "#ffffff" } = {}) {
  const row = direction === "row";
  const width = row ? parts.reduce((n, p) => n + p.width, 0) + gap * (parts.length - 1) : Math.max(...parts.map((p) => p.width));
  const height = row ? Math.max(...parts.map((p) => p.height)) : parts.reduce((n, p) => n + p.height, 0) + gap * (parts.length - 1);
  let at = 0;
  const inner = parts.map((p) => {
    const x = row ? at : 0;
    const y = row ? 0 : at;
    at += (row ? p.width : p.height) + gap;
    // Nest each part as an <svg> positioned at (x, y).
    return p.svg.replace(/^<svg\b/, `<svg x="${x}" y="${y}"`);
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect x="0" y="0" width="${width}" height="${height}" fill="${background}"/>${inner.join("")}</svg>`;
  return { svg, width, height };
}
