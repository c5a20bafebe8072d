// Which partitions and brokers a lesson is about (page/page-layout.js draws only those): pure,
// unit-tested.

/**
 * The partitions and brokers a lesson's script is about: the partitions its commands name
 * (`partition=N`, `pN.` in a check) and the brokers that hold them or that it names (`bN`,
 * the broker of a fault). `commands`: parseScenario's output. Null when it names no partition
 * (then everything is in view).
 */
export function lessonFocus(commands, snap) {
  if (!Array.isArray(commands)) throw new Error("lessonFocus: commands must be the array parseScenario returns");
  if (!snap || !Array.isArray(snap.partitions)) throw new Error("lessonFocus: snap must be a snapshot with partitions");
  const partitions = new Set();
  const brokers = new Set();
  for (const c of commands) {
    if (c.command === "caption" || c.command === "title") continue; // words, not the script
    const text = `${c.text ?? ""} ${JSON.stringify(c.options ?? {})}`;
    for (const m of text.matchAll(/\bp(\d+)\./g)) partitions.add(Number(m[1]));
    for (const m of text.matchAll(/"partition":\s*(\d+)/g)) partitions.add(Number(m[1]));
    for (const m of text.matchAll(/\bb(\d+)\b/g)) brokers.add(Number(m[1]));
    if (c.command === "produce" && c.options?.partition === undefined) partitions.add(0); // the script's default partition
    if (["fail", "recover"].includes(c.command) && Number.isInteger(c.args?.[0])) brokers.add(c.args[0]);
    if (["cut", "heal"].includes(c.command)) for (const b of c.args ?? []) if (Number.isInteger(b)) brokers.add(b);
  }
  const known = snap.partitions.filter((p) => partitions.has(p.partition));
  if (!known.length) return null;
  for (const p of known) for (const b of p.replicas) brokers.add(b);
  // The controller sends every LeaderAndIsr: the picture keeps it.
  for (const b of snap.brokers ?? []) if (b.controller) brokers.add(b.id);
  return { partitions: new Set(known.map((p) => p.partition)), brokers };
}
