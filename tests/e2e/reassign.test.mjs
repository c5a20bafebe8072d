// Reassignment from the page (issue #15, KIP-455): a partition's Reassign button opens a dialog
// (keyboard only here), the core refuses a bad list with its own Error (said in the dialog, nothing
// changes), a good one starts the reassignment and the rows show it from the snapshot (RS = TRS +
// ORS; the rows' notes: adding / removing), a share link replays it, and axe finds nothing wrong with the dialog.
// In 4.2 (KRaft) the same dialog writes a PartitionChangeRecord through the quorum: the metadata
// log and kafka-topics --describe show it, and it completes with the leader moved off B0.
// Runs against the built page in dist/ (`npx vite build` first).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import AxeBuilder from "@axe-core/playwright";
import { applyConfig, openReady, ready, snapshot, stepUntil } from "./helpers.mjs";

const TIMEOUT = { timeout: 180_000 };
const P0 = '[data-partition="0"]';
const note = (page, b) => page.$eval(`${P0} .replica[data-broker="${b}"] .row-note`, (el) => (el.hidden ? "" : el.textContent));
/** Keyboard only: P0's Reassign button, Enter, the dialog open. */
async function openDialog(page) {
  await page.focus(`${P0} .reassign-button`);
  await page.keyboard.press("Enter");
  await page.waitForSelector("#reassign-dialog[open]");
}
const state = (page) => page.$eval(`${P0} .reassign-state`, (el) => (el.hidden ? "" : el.textContent));

async function violations(page) {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(" ")}: ${n.failureSummary.replace(/\s+/g, " ")}`));
}

describe("reassignment from the page", () => {
  test("the dialog refuses with the core's words, starts it, the rows show it, a share link replays it", TIMEOUT, async () => {
    const { page, errors, close } = await openReady({ query: "?lang=en" });
    try {
      await page.selectOption("#produce-partition", "0");
      await page.fill("#produce-count", "3");
      await page.click("#produce");
      assert.ok((await stepUntil(page, (s) => s.partitions[0].logs.every((l) => l.hw === 3), 100)) >= 0);
      assert.deepEqual((await snapshot(page)).partitions[0].replicas, [0, 1, 2]);
      assert.equal(await state(page), "", "no reassignment yet");

      // Keyboard only: the button, Enter, the field (its text selected), Enter.
      await openDialog(page);
      assert.equal(await page.evaluate(() => document.activeElement.id), "reassign-replicas");
      assert.equal(await page.inputValue("#reassign-replicas"), "0, 1, 2", "starts with the replicas");
      assert.match(await page.textContent("#reassign-title"), /P0/);
      assert.deepEqual(await violations(page), [], "axe, the dialog open");

      await page.keyboard.type("1, 1, 3");
      await page.keyboard.press("Enter");
      const error = await page.textContent("#reassign-error");
      assert.match(error, /replicas: must be a non-empty list of distinct broker ids from 0 to 3, got b1 twice/, "the core's Error");
      assert.equal(await page.isVisible("#reassign-dialog"), true, "still open to fix it");
      assert.equal(await page.getAttribute("#reassign-replicas", "aria-invalid"), "true");
      assert.deepEqual((await snapshot(page)).partitions[0].replicas, [0, 1, 2], "nothing changed");
      assert.deepEqual(await violations(page), [], "axe, the error shown");

      await page.fill("#reassign-replicas", "b1 b2 b3");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => !document.querySelector("#reassign-dialog").open);
      const p = (await snapshot(page)).partitions[0];
      assert.deepEqual([p.replicas, p.targetReplicas, p.addingReplicas, p.removingReplicas], [[1, 2, 3, 0], [1, 2, 3], [3], [0]], "RS = TRS + ORS");
      await page.waitForFunction(() => document.querySelectorAll('[data-partition="0"] .replica').length === 4);
      assert.equal(await state(page), "reassigning → [1,2,3] · adding B3 · removing B0");
      assert.deepEqual(
        [await note(page, 3), await note(page, 0), await note(page, 1)],
        ["new replica, catching up", "removing: goes at the end", ""],
        "B3 (adding) has not caught up, B0 goes at the end",
      );
      assert.match(await page.getAttribute(`${P0} .replica[data-broker="0"]`, "aria-label"), /removing/, "said to a screen reader");
      assert.deepEqual(await violations(page), [], "axe, the reassignment shown");

      // The link replays the action: the same reassignment, running, at the same tick.
      const tick = (await snapshot(page)).tick;
      const link = await page.evaluate(() => window.__playground.shareLink());
      await page.goto(link);
      await ready(page);
      const q = (await snapshot(page)).partitions[0];
      assert.equal((await snapshot(page)).tick, tick);
      assert.deepEqual([q.replicas, q.addingReplicas, q.removingReplicas], [[1, 2, 3, 0], [3], [0]]);
      assert.equal(await state(page), "reassigning → [1,2,3] · adding B3 · removing B0");

      // It completes: B0 is not a target, so B1 leads; B0's row goes (StopReplica).
      assert.ok((await stepUntil(page, (s) => s.partitions[0].replicas.join() === "1,2,3", 200)) >= 0);
      await page.waitForFunction(() => document.querySelectorAll('[data-partition="0"] .replica').length === 3);
      const done = (await snapshot(page)).partitions[0];
      assert.deepEqual([done.leader, done.isr, done.targetReplicas, done.leaderEpoch], [1, [1, 2, 3], null, 3]);
      assert.equal(await state(page), "");
      assert.equal(await note(page, 3), "joined the ISR: caught up", "B3 says how it joined the ISR (the core's joinedIsr), for a while");
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
  test("4.2: the reassignment goes through the metadata log and completes", TIMEOUT, async () => {
    const { page, errors, close } = await openReady({ query: "?lang=en" });
    try {
      await applyConfig(page, { brokers: 4, partitions: 1 }, "4.2");
      await openDialog(page);
      await page.fill("#reassign-replicas", "1, 1, 3");
      await page.keyboard.press("Enter");
      assert.match(await page.textContent("#reassign-error"), /replicas: must be a non-empty list of distinct registered broker ids \(0,1,2,3\), got b1 twice/, "the KRaft controller's check");
      assert.deepEqual((await snapshot(page)).partitions[0].replicas, [0, 1, 2], "nothing changed");
      await page.fill("#reassign-replicas", "1, 2, 3");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => !document.querySelector("#reassign-dialog").open);
      // Applied once the quorum commits it.
      assert.ok((await stepUntil(page, (s) => s.partitions[0].addingReplicas.length === 1, 20)) >= 0);
      const p = (await snapshot(page)).partitions[0];
      assert.deepEqual([p.replicas, p.targetReplicas, p.addingReplicas, p.removingReplicas, p.leaderEpoch], [[1, 2, 3, 0], [1, 2, 3], [3], [0], 0], "no leader epoch bump yet");
      assert.equal(await state(page), "reassigning → [1,2,3] · adding B3 · removing B0");
      const log = await page.$$eval(".metadata-record", (l) => l.map((li) => li.textContent).join("\n"));
      assert.match(log, /PartitionChangeRecord/);
      assert.match(log, /removingReplicas=\[0\]/);
      assert.match(log, /addingReplicas=\[3\]/);
      const out = await page.$eval("#describe .describe-output", (el) => el.textContent);
      assert.match(out.split("\n")[1], /\tReplicas: 1,2,3,0\tIsr: 0,1,2\tAdding Replicas: 3\tRemoving Replicas: 0\tElr: /);
      // The AlterPartition that adds B3 completes it: B0 leaves, B1 leads at leader epoch 1.
      assert.ok((await stepUntil(page, (s) => s.partitions[0].replicas.join() === "1,2,3", 200)) >= 0);
      await page.waitForFunction(() => document.querySelectorAll('[data-partition="0"] .replica').length === 3);
      const done = (await snapshot(page)).partitions[0];
      assert.deepEqual([done.leader, done.isr, done.targetReplicas, done.leaderEpoch], [1, [1, 2, 3], null, 1]);
      assert.equal(await state(page), "");
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
  test("the dialog stops a running reassignment (--cancel): back to the original replicas, the adding one deleted", TIMEOUT, async () => {
    const { page, errors, close } = await openReady({ query: "?lang=en" });
    try {
      await openDialog(page);
      assert.equal(await page.isVisible("#reassign-stop"), false, "nothing to stop yet");
      await page.fill("#reassign-replicas", "1, 2, 3");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => !document.querySelector("#reassign-dialog").open);
      assert.deepEqual((await snapshot(page)).partitions[0].targetReplicas, [1, 2, 3]);
      await openDialog(page);
      assert.match(await page.textContent("#reassign-help"), /A reassignment to \[1, 2, 3\] is running/);
      assert.deepEqual(await violations(page), [], "axe, the Stop button shown");
      await page.click("#reassign-stop");
      await page.waitForFunction(() => !document.querySelector("#reassign-dialog").open);
      const p = (await snapshot(page)).partitions[0];
      // Kafka's originReplicas: RS [1,2,3,0] without the adding B3, in RS's order (ReplicaAssignment.originReplicas).
      assert.deepEqual([p.replicas, p.targetReplicas, p.addingReplicas, p.removingReplicas], [[1, 2, 0], null, [], []], "the replicas before it");
      assert.match(await page.evaluate(() => window.__playground.shareLink()), /#v=2/, "the cancellation is an action of the link");
      assert.equal(await state(page), "");
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
});
