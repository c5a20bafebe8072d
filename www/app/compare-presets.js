// Compare mode, the pure parts: the presets (one lesson-like script played in two clusters with
// one config key overridden), the per-tick bookkeeping of each pane, and the summary of the
// difference. app/modes/compare.js owns the two Sessions and steps them together; page/compare-view.js
// draws what this module computes. Pure (no DOM, no wasm): unit-tested, and played against the
// real core in tests/node.
//
// The presets are the scenario files of scenarios/compare/ (cargo test plays them too, each side
// with its checkpoints): a `compare key=left,right` line, `label en|zh <left> | <right>`, then the
// script, with the same seed in both panes; `step until X` waits until X holds in both panes (at
// most max ticks), so the panes stay on the same tick.

import { getLang, t } from "../i18n.js";

/**
 * The contrast each preset is there to show, by preset id: findings { en, zh, holds([left,
 * right]) } judged on the panes' paneMetrics (what the core's snapshot and violations say).
 */
const FINDINGS = {
  acks: [
    { en: "acks=1 lost the acknowledged m2; acks=all kept it", zh: "acks=1 丢了已确认的 m2；acks=all 保住了它", holds: ([a, b]) => a.lostValues.includes(2) && a.violations["acks1-lost"] > 0 && !b.lostValues.includes(2) },
    { en: "acks=all told the producer instead: m2 failed, and can be sent again", zh: "acks=all 则如实告诉了生产者：m2 失败了，可以重发", holds: ([, b]) => b.failed > 0 },
  ],
  "lag-rule": [
    { en: "the message rule dropped the followers from the ISR on a burst and took them back; time only kept the ISR as it was", zh: "按消息数的规则在突发时把 follower 移出 ISR 又加回来；只看时间时 ISR 保持不变", holds: ([a, b]) => a.isrChanges >= 2 && b.isrChanges === 0 },
  ],
  truncation: [
    { en: "truncating to the HW lost the acknowledged m2; the leader epoch kept it", zh: "按 HW 截断丢了已确认的 m2；按 leader epoch 截断保住了它", holds: ([a, b]) => a.lostValues.includes(2) && a.violations["acked-lost"] > 0 && !b.lostValues.includes(2) && b.lossViolations === 0 },
  ],
  strategy: [
    { en: "with 2 of 3 replicas down, the ISR kept acknowledging writes; the quorum's request timed out", zh: "3 个副本坏了 2 个时，ISR 策略继续确认写入；多数派的请求超时了", holds: ([a, b]) => !a.errors.REQUEST_TIMED_OUT && b.errors.REQUEST_TIMED_OUT > 0 && a.acked > b.acked },
  ],
  unclean: [
    { en: "unclean election on lost the committed m2, m3; off lost nothing", zh: "开启 unclean 选举丢了已提交的 m2、m3；关闭时什么都没丢", holds: ([a, b]) => a.lostValues.includes(2) && a.lostValues.includes(3) && a.violations["committed-lost"] > 0 && b.lost === 0 },
    { en: "off paid with time offline: unavailable longer than on", zh: "关闭的代价是离线时间：不可用的时间比开启时长", holds: ([a, b]) => b.unavailableTicks > a.unavailableTicks },
  ],
  elr: [
    { en: "3.7 stayed offline, waiting for its last ISR member b0; 4.2 elected b1 from the ELR and lost nothing", zh: "3.7 一直离线，等待最后的 ISR 成员 b0；4.2 从 ELR 中选出 b1，什么都没丢", holds: ([a, b]) => a.leader[0] < 0 && b.leader[0] >= 0 && b.lost === 0 && a.unavailableTicks > b.unavailableTicks },
  ],
  detection: [
    { en: "4.2 fenced the dead b2 9 s after its last heartbeat and acknowledged m2; in 3.7 b2's 18 s ZooKeeper session still held the ISR, and m2 waited", zh: "4.2 在 b2 最后一次心跳 9 秒后隔离了它并确认了 m2；3.7 中 b2 的 18 秒 ZooKeeper 会话仍让它留在 ISR 中，m2 只能等待", holds: ([a, b]) => b.acked > a.acked && b.hw[0] > a.hw[0] },
  ],
  "strict-min-isr": [
    { en: "2.8 committed the acks=1 m3 with b0 alone in the ISR (HW 3) and lost it in b0's power failure: a committed record, one the consumer had read, is gone", zh: "2.8 在 ISR 只剩 b0 时提交了 acks=1 的 m3（HW 3），又在 b0 断电时丢了它：一条已提交、消费者也读过的消息不见了", holds: ([a]) => a.violations["committed-lost"] > 0 && a.violations["consistent-read"] > 0 },
    { en: "3.7 kept the HW at 2 under the min ISR: m3 was never committed, so only an acks=1 record was lost", zh: "3.7 在低于最小 ISR 时把 HW 保持在 2：m3 从未提交，所以丢的只是一条 acks=1 的消息", holds: ([, b]) => !b.violations["committed-lost"] && !b.violations["consistent-read"] && b.violations["acks1-lost"] > 0 },
  ],
  "zombie-fetch": [
    { en: "2.8 took the fetch of b1's previous process as b1 being caught up and put it back into the ISR without m3; elected after b0's crash, b1 lost the committed, acknowledged m3", zh: "2.8 把 b1 上一个进程的拉取当作 b1 已追上，让缺少 m3 的 b1 回到了 ISR；b0 宕机后 b1 当选，丢了已提交、已确认的 m3", holds: ([a]) => a.violations["strong-isr"] > 0 && a.violations["committed-lost"] > 0 && a.lostValues.includes(3) },
    { en: "4.2 refused that fetch (a stale broker epoch, KIP-903): b1 rejoined only after its new process had fetched m3 again, and nothing was lost", zh: "4.2 拒绝了这个拉取（过期的 broker epoch，KIP-903）：b1 的新进程重新拉到 m3 之后它才回到 ISR，什么都没丢", holds: ([, b]) => b.lossViolations === 0 && !b.violations["strong-isr"] && b.lost === 0 },
  ],
};

/**
 * The presets, in file order, once loadPresets has read them: [{ id, key, values: [left, right],
 * labels / labelsZh: [left, right], script, expected }]. `id` is the file name without its
 * number and .txt (scenarios/compare/01-acks.txt: "acks").
 */
export const PRESETS = [];

/** Fill PRESETS from the scenario files, once (presetsFrom); returns PRESETS. */
export function loadPresets(files, parse) {
  if (!PRESETS.length) PRESETS.push(...presetsFrom(files, parse));
  return PRESETS;
}

/**
 * The presets of the scenario files (a Vite glob or the same map in node: { path: text }) under
 * compare/, read with the core's `parse` (parseScenario). Throws, naming the file, for a compare
 * file without its compare line, its labels or its findings here.
 */
export function presetsFrom(files, parse) {
  if (typeof parse !== "function") throw new Error("presetsFrom: parse must be the core's parseScenario");
  const found = [];
  for (const [path, script] of Object.entries(files ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    const m = /\/compare\/(?:\d+-)?([^/]+)\.txt$/.exec(path);
    if (!m) continue;
    const commands = parse(script);
    const compare = commands.find((c) => c.command === "compare");
    const label = (lang) => commands.find((c) => c.command === "label" && c.kind === lang)?.text.split(" | ");
    if (!compare || !label("en") || !FINDINGS[m[1]]) throw new Error(`presetsFrom: ${path} needs a compare line, a label en line and its findings in compare-presets.js`);
    found.push({
      id: m[1],
      key: compare.kind,
      values: [compare.options.left, compare.options.right],
      labels: label("en"),
      labelsZh: label("zh") ?? label("en"),
      script,
      expected: FINDINGS[m[1]],
    });
  }
  return found;
}

export function findPreset(id) {
  return PRESETS.find((p) => p.id === id) ?? null;
}

/** The constructor config of pane `i` (0 or 1): the script's config plus the preset's key. */
export function paneConfig(config, preset, i) {
  return { ...config, [preset.key]: preset.values[i] };
}

/** "acks=1" style label of pane i, in the current language. */
export function paneLabel(preset, i) {
  const labels = getLang() === "zh" ? preset.labelsZh ?? preset.labels : preset.labels;
  return labels[i] ?? `${preset.key}=${preset.values[i]}`;
}

// ---------------------------------------------------------------- per-pane bookkeeping

/** What a pane accumulates tick by tick (the snapshot alone does not say it). */
export function createStats() {
  return { unavailableTicks: 0, isrChanges: 0, lastTimeMs: 0, unavailableNow: false, isr: null };
}

/**
 * Account for one tick, from the snapshot after it. The tick counts as unavailable when a
 * partition has no live leader (none, or its broker crashed and the controller has not moved it
 * yet), or an acks=all request failed or was refused in it. An ISR change is any change of a
 * partition's ISR, whoever made it (the leader or the controller).
 */
export function sampleTick(stats, snap) {
  const crashed = new Set((snap.brokers ?? []).filter((b) => b.down).map((b) => b.id));
  const leaderless = snap.partitions.some((p) => p.leader < 0 || crashed.has(p.leader));
  const refused = snap.requests.some(
    (r) => r.status === "failed" && (r.acks === "all" || r.acks === -1) && r.doneMs > stats.lastTimeMs && r.doneMs <= snap.timeMs,
  );
  stats.unavailableNow = leaderless || refused;
  if (stats.unavailableNow) stats.unavailableTicks++;
  const isr = snap.partitions.map((p) => p.isr.join(","));
  if (stats.isr) isr.forEach((x, i) => x !== stats.isr[i] && stats.isrChanges++);
  stats.isr = isr;
  stats.lastTimeMs = snap.timeMs;
  return stats;
}

const LOSS_KINDS = ["acked-lost", "acks1-lost", "committed-lost"];

/**
 * What the summary compares, from the pane's snapshot and stats: acknowledged values missing
 * from the leader's log (acks 1 and all; none counted while there is no leader), the violations
 * by kind, failed requests by Kafka error, ticks unavailable, ISR changes, HW and leader.
 */
export function paneMetrics(snap, stats) {
  const violations = {};
  for (const v of snap.violations ?? []) violations[v.kind] = (violations[v.kind] ?? 0) + 1;
  const errors = {};
  let acked = 0;
  for (const r of snap.requests) {
    if (r.status === "failed") errors[r.error ?? "?"] = (errors[r.error ?? "?"] ?? 0) + 1;
    if (r.status === "acked") acked++;
  }
  // An acknowledged record is lost when the leader's log no longer holds its value at the offset
  // it was acknowledged at. Offsets before the snapshot's record window are not judged.
  const lostValues = [];
  const p0 = snap.partitions;
  for (const p of p0) {
    const leader = p.logs.find((l) => l.broker === p.leader);
    if (!leader) continue;
    const byOffset = new Map(leader.records.map((r) => [r.offset, r.value]));
    const windowStart = leader.records.length ? leader.records[0].offset : leader.leo;
    for (const r of snap.requests) {
      if (r.partition !== p.partition || r.status !== "acked" || r.acks === 0 || r.offset < 0) continue;
      for (let i = 0; i < r.count; i++) {
        const o = r.offset + i;
        if (o < windowStart && o < leader.leo) continue;
        if (byOffset.get(o) !== r.firstValue + i) lostValues.push(r.firstValue + i);
      }
    }
  }
  return {
    lostValues,
    lost: lostValues.length,
    violations,
    lossViolations: LOSS_KINDS.reduce((n, k) => n + (violations[k] ?? 0), 0),
    errors,
    failed: Object.values(errors).reduce((a, b) => a + b, 0),
    acked,
    unavailableTicks: stats.unavailableTicks,
    unavailableMs: stats.unavailableTicks * (snap.tickMs ?? 100),
    unavailableNow: stats.unavailableNow,
    isrChanges: stats.isrChanges,
    hw: p0.map((p) => p.hw),
    leader: p0.map((p) => p.leader),
  };
}

const fmtSeconds = (ms) => (ms / 1000).toFixed(1);
const fmtCounts = (obj) =>
  Object.entries(obj)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k} ×${n}`)
    .join(", ");

/**
 * The summary table: [{ id, label, cells: [left, right], differs }] in the current language.
 */
export function compareRows(metrics) {
  const none = t("compare.none");
  const row = (id, label, f) => {
    const cells = metrics.map(f);
    return { id, label: t(label), cells, differs: cells[0] !== cells[1] };
  };
  return [
    row("lost", "compare.row.lost", (m) => (m.lost ? `${m.lost} (m${m.lostValues.join(", m")})` : "0")),
    row("violations", "compare.row.violations", (m) => fmtCounts(m.violations) || none),
    row("errors", "compare.row.errors", (m) => fmtCounts(m.errors) || none),
    row("unavailable", "compare.row.unavailable", (m) => t("compare.seconds", { s: fmtSeconds(m.unavailableMs) })),
    row("acked", "compare.row.acked", (m) => String(m.acked)),
    row("isr", "compare.row.isrChanges", (m) => String(m.isrChanges)),
    row("hw", "compare.row.hw", (m) => m.hw.map((h) => (h < 0 ? "–" : h)).join(", ")),
    row("leader", "compare.row.leader", (m) => m.leader.map((l) => (l < 0 ? "–" : `B${l}`)).join(", ")),
  ];
}

/**
 * The preset's expected contrast in `lang`: [{ text, holds }], `holds` once the panes' metrics
 * show it (before that, the reader is still to watch it happen).
 */
export function expectedFindings(preset, metrics, lang) {
  if (!Array.isArray(preset?.expected)) throw new Error(`expectedFindings: preset must be one of PRESETS, got ${JSON.stringify(preset?.id ?? preset)}`);
  if (!Array.isArray(metrics) || metrics.length !== 2) throw new Error("expectedFindings: metrics must be the two panes' paneMetrics");
  return preset.expected.map((f) => ({ text: lang === "zh" ? f.zh : f.en, holds: !!f.holds(metrics) }));
}

/** What a differing row says of pane `m` (labelled `a`), where a sentence says it better than the cells. */
const SENTENCES = {
  lost: (m, a) => (m.lost ? t("compare.finding.lost", { a, n: m.lost }) : t("compare.finding.noLoss", { a })),
  errors: (m, a) => m.failed && t("compare.finding.errors", { a, n: m.failed, names: Object.keys(m.errors).sort().join(", ") }),
  unavailable: (m, a) => m.unavailableTicks && t("compare.finding.unavailable", { a, s: fmtSeconds(m.unavailableMs) }),
  isr: (m, a) => t("compare.finding.isr", { a, n: m.isrChanges }),
};

/**
 * Sentences on what differs, pane by pane ([] when nothing the summary measures differs): one
 * or more for every row compareRows marks, so the summary never calls "same" what the table
 * highlights.
 */
export function findings(metrics, labels) {
  if (!Array.isArray(metrics) || metrics.length !== 2) throw new Error("findings: metrics must be the two panes' paneMetrics");
  if (!Array.isArray(labels) || labels.length !== 2) throw new Error("findings: labels must be the two panes' labels (paneLabel)");
  const out = [];
  for (const row of compareRows(metrics)) {
    if (!row.differs) continue;
    const say = SENTENCES[row.id];
    if (!say) {
      out.push(t("compare.finding.row", { label: row.label, a: labels[0], x: row.cells[0], b: labels[1], y: row.cells[1] }));
      continue;
    }
    for (const [i, m] of metrics.entries()) {
      const sentence = say(m, labels[i]);
      if (sentence) out.push(sentence);
    }
  }
  return out;
}
