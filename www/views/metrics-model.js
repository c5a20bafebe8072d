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
 * core sends the changes only) up to tick `now`, in a `width` × `height` box: a step line over the
 * last METRICS_HISTORY ticks, scaled to `top`. Returns the path's `d` ("" without samples).
 */
export function sparkline(samples, key, now, top, width, height) {
  if (!samples.length) return "";
  const pad = 2;
  const x = (tick) => round(((tick - (now - METRICS_HISTORY + 1)) / (METRICS_HISTORY - 1)) * width);
  const y = (v) => round(height - pad - (Math.min(v, top) / top) * (height - 2 * pad));
  let d = `M${x(samples[0].tick)} ${y(samples[0][key])}`;
  let prev = samples[0][key];
  for (const s of samples.slice(1)) {
    if (s[key] === prev) continue;
    d += `H${x(s.tick)}V${y(s[key])}`;
    prev = s[key];
  }
  return `${d}H${x(now)}`;
}

/**
 * The panel's rows for `snap` (a snapshot taken with `metricsHistory`; without one the
 * sparklines are empty): { key, name, mbean, rate, value (its text), alert, count, nodes, top, path }.
 * `nodes`: [{ label, value }] (value null: the node is down, nobody reports for it) or null.
 * `top`: the sparkline's full scale (the highest value shown, at least 1, or 0.1/s for a rate).
 */
export function metricsRows(snap, { width, height }) {
  if (!(width > 0 && height > 0)) throw new Error(`box: width and height must be positive numbers, got ${width} × ${height}`);
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
      path: sparkline(m.history, spec.key, snap.tick, top, width, height),
    };
  });
}
