// KRaft presets' panels (issue #19): with version 4.2 the metadata log replaces the ZooKeeper
// panel (the records of __cluster_metadata, the newest marked, each broker's epoch and replay
// position) and `kafka-topics --describe` prints the Elr and LastKnownElr columns; back on 3.7
// the ZooKeeper panel returns and describe prints the ZooKeeper-era columns. axe finds nothing,
// and the panel follows a change of language. The operator-metrics panel shows the core's values
// (ActiveControllerCount by the voters in 4.2, by the brokers in 3.7). Runs against the built page in dist/ (`npx vite build` first).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import AxeBuilder from "@axe-core/playwright";
import { applyConfig, openReady, snapshot, stepClicks } from "./helpers.mjs";

const TIMEOUT = { timeout: 180_000 };
const SMALL = { brokers: 3, partitions: 1, replicationFactor: 3 };

describe("KRaft panels", () => {
  let ctx;
  before(async () => {
    ctx = await openReady();
  });
  after(async () => {
    await ctx?.close();
  });

  test("4.2: the metadata log and describe", TIMEOUT, async () => {
    const { page } = ctx;
    await applyConfig(page, SMALL, "4.2");
    await stepClicks(page, 5);
    await page.locator(".metadata-panel").scrollIntoViewIfNeeded();
    await page.waitForSelector('.metadata-panel:not([hidden]) [data-metadata-offset="0"]');
    assert.equal(await page.$eval(".zk-panel", (s) => s.hidden), true, "no ZooKeeper in KRaft");
    const snap = await snapshot(page);
    // Offset 0: the active controller's LeaderChangeMessage; then the first registration.
    const first = await page.$eval('[data-metadata-offset="0"]', (li) => li.textContent);
    assert.match(first, /LeaderChangeMessage/);
    const second = await page.$eval('[data-metadata-offset="1"]', (li) => li.textContent);
    assert.match(second, /RegisterBrokerRecord/);
    assert.match(second, /brokerId=0 brokerEpoch=1/);
    const newest = await page.$eval(".metadata-record.is-newest", (li) => Number(li.dataset.metadataOffset));
    assert.equal(newest, snap.kraft.logEndOffset - 1, "the newest record is marked");
    assert.equal(await page.$$eval(".metadata-brokers [data-broker]", (l) => l.length), 3);
    const out = await page.$eval("#describe .describe-output", (p) => p.textContent);
    assert.equal(out.split("\n")[1], "\tTopic: demo\tPartition: 0\tLeader: 0\tReplicas: 0,1,2\tIsr: 0,1,2\tElr: \tLastKnownElr: ");
    // kafka-metadata-quorum describe: the snapshot's leader, epoch and HW, three voter rows.
    const q = snap.kraft.quorum;
    const status = await page.$eval("#quorum .quorum-status", (p) => p.textContent);
    assert.match(status, new RegExp(`^LeaderId: +${q.leader}\nLeaderEpoch: +${q.leaderEpoch}\nHighWatermark: +${q.highWatermark}\n`));
    const replication = (await page.$eval("#quorum .quorum-replication", (p) => p.textContent)).split("\n");
    assert.equal(replication.length, 4);
    assert.match(replication[1], /^3000 +\d+ +0 +0 ms ago +0 ms ago +Leader$/);
    // The operator metrics: the core's values; ActiveControllerCount reported by the voters.
    await page.locator(".metrics-panel").scrollIntoViewIfNeeded();
    const metric = (key, sel) => page.$eval(`#metrics tr[data-metric="${key}"] ${sel}`, (el) => el.textContent);
    assert.equal(await metric("activeControllerCount", ".metric-value"), String(snap.metrics.now.activeControllerCount));
    assert.equal(await metric("activeControllerCount", ".metric-nodes"), "3000 1 · 3001 0 · 3002 0");
    assert.equal(await metric("underReplicatedPartitions", ".metric-nodes"), "B0 0 · B1 0 · B2 0");
    assert.equal(await metric("isrShrinksPerSec", ".metric-value"), "0.0/s");
    assert.equal(await page.$$eval("#metrics tbody tr", (rows) => rows.length), 7);
    const { violations } = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), []);
    // Switching the language redraws the panel in it.
    await page.click("#lang");
    await page.waitForFunction(() => /控制器/.test(document.querySelector(".metadata-head")?.textContent ?? ""));
    assert.match(await page.$eval(".metadata-brokers [data-broker='0']", (li) => li.textContent), /已重放到位移/);
    assert.equal(await page.$eval(".metrics-panel h2 span", (el) => el.textContent), "运维指标");
    await page.click("#lang");
    await page.waitForFunction(() => /^Controller/.test(document.querySelector(".metadata-head")?.textContent ?? ""));
  });

  test("3.7: ZooKeeper again, and the ZooKeeper-era describe", TIMEOUT, async () => {
    const { page } = ctx;
    await applyConfig(page, SMALL, "3.7");
    await stepClicks(page, 2);
    await page.waitForSelector(".zk-panel:not([hidden]) [data-znode]");
    assert.equal(await page.$eval(".metadata-panel", (s) => s.hidden), true);
    assert.equal(await page.$eval(".quorum-panel", (s) => s.hidden), true, "no controller quorum in ZooKeeper mode");
    const out = await page.$eval("#describe .describe-output", (p) => p.textContent);
    assert.equal(out.split("\n")[1], "\tTopic: demo\tPartition: 0\tLeader: 0\tReplicas: 0,1,2\tIsr: 0,1,2");
    // ZooKeeper mode: the broker holding /controller is the active controller.
    const nodes = await page.$eval('#metrics tr[data-metric="activeControllerCount"] .metric-nodes', (el) => el.textContent);
    assert.equal(nodes, "B0 1 · B1 0 · B2 0");
  });
});
