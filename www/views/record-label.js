// What a record cell says, the same in every view (the replica rows, compare mode's panes, the
// picture exports): its value as the lessons' captions name it (m1, m2 …) or the leader epoch that
// wrote it (issue #14). The cell's colour always stands for the epoch.

/** The labels a record can carry: "value" (m1, m2 …) or "epoch" (its leader_epoch). */
export const RECORD_LABELS = ["value", "epoch"];

/**
 * The label of a record with `value` written at leader epoch `epoch`, under `mode` (one of
 * RECORD_LABELS). A cell holds three characters: a value above m99 is shortened to its last two
 * digits (…23).
 */
export function recordLabel(mode, value, epoch) {
  if (!RECORD_LABELS.includes(mode)) throw new Error(`recordLabel: mode must be one of ${RECORD_LABELS.join(", ")}, got ${JSON.stringify(mode)}`);
  if (!Number.isInteger(value) || value < 0) throw new Error(`recordLabel: value must be an integer ≥ 0, got ${JSON.stringify(value)}`);
  if (!Number.isInteger(epoch) || epoch < 0) throw new Error(`recordLabel: epoch must be an integer ≥ 0, got ${JSON.stringify(epoch)}`);
  if (mode === "epoch") return String(epoch);
  return value < 100 ? `m${value}` : `…${String(value).slice(-2)}`;
}
