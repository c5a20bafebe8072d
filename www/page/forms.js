// The page's forms as the app reads and fills them: the producer form (and its automatic
// producer), the speed slider, the config form. DOM only: the app decides what a value means.

import * as configView from "./config-form.js";
import { formatSpeed, parseAcks, speedFromSlider } from "../views/model.js";
import { t } from "../i18n.js";

const $ = (sel) => document.querySelector(sel);

/**
 * The form's produce arguments for `count` records, or { error } in words. `snap`: the cluster's
 * snapshot (partitions, config); `nextRoundRobin()`: the next partition of "round robin"; `max`:
 * the most records one call takes.
 */
export function produceArgs(count, snap, nextRoundRobin, max) {
  if (!Number.isInteger(count) || count < 1) return { error: t("main.recordsInvalid", { value: $("#produce-count").value }) };
  const choice = $("#produce-partition").value;
  const partition = choice === "rr" ? nextRoundRobin() % (snap?.partitions.length ?? 1) : Number(choice);
  const args = { partition, count: Math.min(count, max), acks: parseAcks($("#produce-acks").value) };
  // Sent only when it differs from the cluster's enable.idempotence default, so the preset decides
  // otherwise (and a core without idempotence still takes ordinary requests).
  const idempotence = $("#produce-idempotence").checked;
  if (idempotence !== !!snap?.config.enableIdempotence) args.idempotence = idempotence;
  return { args };
}

/** The Records field as typed (NaN when empty). */
export function produceCount() {
  const raw = $("#produce-count").value.trim();
  return raw === "" ? NaN : Number(raw);
}

export function showProduceError(text) {
  const p = $("#produce-error");
  p.textContent = text;
  p.hidden = !text;
}

/** The automatic producer's rate as typed: { rate } (a number) and its raw `text`. */
export function autoRate() {
  const text = $("#auto-rate").value;
  return { rate: Number(text), text };
}

/** Untick the automatic producer's box (it stopped). */
export function setAutoBox(on) {
  $("#auto-on").checked = on;
}

export function acksHelp() {
  const v = $("#produce-acks").value;
  $("#acks-help").textContent = ["all", "1", "0"].includes(v) ? t(`acks.${v}`) : "";
}

/** The producer form starts with the version's acks and enable.idempotence (KIP-679 changed both in 3.0). */
export function producerDefaults(cfg) {
  $("#produce-idempotence").checked = !!cfg.enableIdempotence;
  if (cfg.acks !== undefined) {
    $("#produce-acks").value = String(cfg.acks === -1 ? "all" : cfg.acks);
    acksHelp();
  }
}

/** The speed asked (ticks per second, the tick's length) and the rate run when capped (null: not capped). */
const speed = { tps: 0, tickMs: 100, cap: null };

/** The speed slider's ticks per second, its label drawn (`tickMs`: the cluster's tick length). */
export function readSpeed(tickMs) {
  Object.assign(speed, { tps: speedFromSlider($("#speed").value), tickMs });
  showSpeed();
  return speed.tps;
}

/** The readout says the speed is capped by the frame budget, at `rate` ticks per second (null: not capped). */
export function speedCapped(rate) {
  const cap = rate === null ? null : Math.max(1, Math.round(rate));
  if (cap === speed.cap) return;
  speed.cap = cap;
  showSpeed();
}

function showSpeed() {
  const out = $("#speed-value");
  const text = formatSpeed(speed.tps, speed.tickMs);
  const actual = speed.cap === null ? null : formatSpeed(speed.cap, speed.tickMs);
  out.textContent = actual === null ? text : t("speed.capped", { speed: text, actual });
  out.title = actual === null ? "" : t("speed.capped.title", { actual });
  out.dataset.capped = String(actual !== null);
}

/** Move the speed slider to `tps` ticks per second. */
export function setSpeedTps(tps, tickMs) {
  $("#speed").value = String(Math.log10(tps));
  return readSpeed(tickMs);
}

/** The config form's values (page/config-form.js readValues). */
export function configValues() {
  return configView.readValues($("#config-form"));
}

/** Fill the config form with `values`. */
export function fillConfig(values) {
  configView.fill($("#config-form"), values);
}

/** The config form's error line ("" hides it). */
export function configError(text) {
  configView.showError($("#config-form"), text);
}

/** The version chosen in the config form (undefined without one). */
export function configVersion() {
  return $("#cfg-version")?.value;
}

// ---------------------------------------------------------------- the reassignment dialog

/**
 * Open the reassignment dialog for `partition` (kafka-reassign-partitions.sh --execute), its
 * field holding the current `replicas`; `brokers`: the cluster's broker ids (the help says them);
 * `target`: a running reassignment's target replicas (the snapshot's targetReplicas), which the
 * Stop button cancels (--cancel), or null.
 */
export function openReassign(partition, replicas, brokers, target) {
  const dialog = $("#reassign-dialog");
  dialog.dataset.reassignPartition = String(partition);
  setText("#reassign-title", t("reassign.titleOf", { p: partition }));
  const running = target ? t("reassign.helpRunning", { target: target.join(", ") }) : "";
  setText("#reassign-help", t("reassign.help", { p: partition, replicas: replicas.join(", "), brokers: brokers.join(", ") }) + running);
  $("#reassign-stop").hidden = !target;
  $("#reassign-replicas").value = replicas.join(", ");
  reassignError("");
  if (!dialog.open) dialog.showModal();
  $("#reassign-replicas").select();
}

/** The dialog's partition and the replicas as typed: ids ("2", "b2"), anything else left for the core to refuse. */
export function reassignValues() {
  const words = $("#reassign-replicas").value.split(/[\s,]+/).filter(Boolean);
  const replicas = words.map((w) => (/^b?\d+$/i.test(w) ? Number(w.replace(/^b/i, "")) : w));
  return { partition: Number($("#reassign-dialog").dataset.reassignPartition), replicas };
}

/** The dialog's error line ("" hides it): the core's words when it refuses the list. */
export function reassignError(text) {
  const p = $("#reassign-error");
  p.textContent = text;
  p.hidden = !text;
  $("#reassign-replicas").setAttribute("aria-invalid", String(!!text));
}

export function closeReassign() {
  $("#reassign-dialog").close();
}

function setText(sel, text) {
  $(sel).textContent = text;
}
