// Kafka's operator metrics as a dashboard shows them: one row per JMX MBean with its value now,
// the nodes that report it and a sparkline of its last samples. Every figure is the core's
// (snap.metrics, crate/src/metrics.rs: the MBeans' definitions, the leaders' ISR changes, the
// unclean elections); this only lays them out. Pure, unit-tested (tests/unit/metrics-model.test.mjs).

/** The samples the chart asks the core for (`snapshot({ metricsHistory })`): its 300-tick maximum. */
export const METRICS_HISTORY = 300;

/**
 * The rows, in a dashboard's usual order. `healthy`: the value an operator expects (alerts fire on
 * any other); `nodes`: which per-node list of snap.metrics reports it (the per-broker gauges of
 * ReplicaManager, ActiveControllerCount per controller-capable node); `count`: a meter's Count.
 */
export const METRICS = [
  { key: "underReplicatedPartitions", mbean: "kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions", healthy: 0, nodes: "brokers" },
  { key: "underMinIsrPartitionCount", mbean: "kafka.server:type=ReplicaManager,name=UnderMinIsrPartitionCount", healthy: 0, nodes: "brokers" },
  { key: "offlinePartitionsCount", mbean: "kafka.controller:type=KafkaController,name=OfflinePartitionsCount", healthy: 0 },
  { key: "activeControllerCount", mbean: "kafka.controller:type=KafkaController,name=ActiveControllerCount", healthy: 1, nodes: "controllers" },
  { key: "isrShrinksPerSec", mbean: "kafka.server:type=ReplicaManager,name=IsrShrinksPerSec", healthy: 0, count: "isrShrinksCount" },
  { key: "isrExpandsPerSec", mbean: "kafka.server:type=ReplicaManager,name=IsrExpandsPerSec", healthy: 0, count: "isrExpandsCount" },
  {
    key: "uncleanLeaderElectionsPerSec",
    mbean: "kafka.controller:type=ControllerStats,name=UncleanLeaderElectionsPerSec",
    healthy: 0,
    count: "uncleanLeaderElectionsCount",
  },
];

const round = (x) => Math.round(x * 10) / 10;

/** A rate as the dashboard prints it ("0.1/s"): the core's window makes multiples of 1/window. */
export function formatRate(perSec) {
  return `${perSec.toFixed(perSec !== 0 && perSec < 0.1 ? 2 : 1)}/s`;
}

/**
 * The sparkline of `samples`' `key` (oldest first, each holding until the next one's tick; the
 * core sends the changes only) as a step line in tick space: x is the tick, y the value scaled to
 * `top` in a box `height` px high. The line starts at least one window left of the oldest sample
 * and runs on for three more, from a multiple of the window: so it changes when a value or the
 * scale does, or every METRICS_HISTORY ticks, and time passing moves it by its transform alone
 * (sparklineView). Returns the path's `d` ("" without samples).
 */
export function sparkline(samples, key, top, height) {
  if (!samples.length) return "";
  const pad = 2;
  const y = (v) => round(height - pad - (Math.min(v, top) / top) * (height - 2 * pad));
  const from = (Math.floor(samples[0].tick / METRICS_HISTORY) - 1) * METRICS_HISTORY;
  let d = `M${from} ${y(samples[0][key])}`;
  let prev = samples[0][key];
  for (const s of samples.slice(1)) {
    if (s[key] === prev) continue;
    d += `H${s.tick}V${y(s[key])}`;
    prev = s[key];
  }
  return `${d}H${from + 4 * METRICS_HISTORY}`;
}

/**
 * How a sparkline shows ticks now − METRICS_HISTORY + 1 … now across `width` px: `transform`,
 * the line's (its SVG transform, from tick space onto a picture `2 × width` px wide of the ticks
 * from one window before the window `now` is in to its end), which changes once a window, and
 * `x`, the picture's shift left in px (a CSS transform of the whole picture inside its box),
 * which changes every tick: a moved SVG line is laid out again, a moved picture is not (issue
 * #19's frame budget).
 */
export function sparklineView(now, width) {
  const sx = width / (METRICS_HISTORY - 1);
  const base = Math.floor(now / METRICS_HISTORY) * METRICS_HISTORY;
  const tx = -(base - METRICS_HISTORY + 1) * sx;
  const transform = `translate(${Math.round(tx * 1000) / 1000} 0) scale(${Math.round(sx * 100000) / 100000} 1)`;
  return { transform, x: Math.round((now - base) * sx * 1000) / 1000 };
}

/**
 * The panel's rows for `snap` (a snapshot taken with `metricsHistory`; without one the
 * sparklines are empty): { key, name, mbean, rate, value (its text), alert, count, nodes, top, path }
 * (`path` in tick space, shown through sparklineView(snap.tick, width)).
 * `nodes`: [{ label, value }] (value null: the node is down, nobody reports for it) or null.
 * `top`: the sparkline's full scale (the highest value shown, at least 1, or 0.1/s for a rate).
 */
export function metricsRows(snap, { height }) {
  if (!(height > 0)) throw new Error(`box: height must be a positive number, got ${height}`);
  const m = snap.metrics;
  const kraft = snap.kraft !== null;
  return METRICS.map((spec) => {
    const rate = spec.key.endsWith("PerSec");
    const now = m.now[spec.key];
    const top = Math.max(rate ? 0.1 : 1, now, ...m.history.map((s) => s[spec.key]));
    const nodes =
      spec.nodes === "brokers"
        ? m.brokers.map((b) => ({ label: `B${b.id}`, value: b[spec.key] }))
        : spec.nodes === "controllers"
          ? m.controllers.map((c) => ({ label: kraft ? String(c.id) : `B${c.id}`, value: c[spec.key] }))
          : null;
    return {
      key: spec.key,
      name: spec.mbean.slice(spec.mbean.lastIndexOf("=") + 1),
      mbean: spec.mbean,
      rate,
      value: rate ? formatRate(now) : String(now),
      alert: now !== spec.healthy,
      count: spec.count ? m[spec.count] : null,
      nodes,
      top,
      path: sparkline(m.history, spec.key, top, height),
    };
  });
}
