// Shared by bench/browser.mjs and bench/memory.mjs: the figures table and small statistics.

/** The q-quantile (0..1) of numbers, by nearest rank. */
export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
export const median = (xs) => quantile(xs, 0.5);

export const ms = (x) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * Prints rows [what, figure, budget, ok] (ok: true, false, or null for an unbudgeted figure) as
 * bench/run.mjs does: `what | figure | budget | ok` with yes / NO.
 */
export function printTable(title, rows) {
  const table = [['what', 'figure', 'budget', 'ok'],
    ...rows.map(([what, figure, budget, ok]) => [what, figure, budget, ok === null ? '' : ok ? 'yes' : 'NO'])];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  console.log(`\n${title}`);
  for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join(' | ').trimEnd());
}
