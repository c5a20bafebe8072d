// `kafka-topics.sh --describe --topic demo` as it would print the snapshot's partitions: a header
// line, then one tab-separated line per partition. KRaft presets (4.x) print the Elr and
// LastKnownElr columns of DescribeTopicPartitions (KIP-966; TopicCommand.PartitionDescription:
// "Elr: " with nothing after it when the list is empty); ZooKeeper-era presets print Leader,
// Replicas and Isr only. A partition without a leader prints "Leader: none". The model has no
// topic ids, so the header leaves out TopicId. Pure, unit-tested.

const ids = (list) => list.join(",");

/** The command's output for `snap`, as text (lines joined with "\n", fields with tabs). */
export function describeTopic(snap) {
  const c = snap.config;
  // Kafka prints the configs that are not defaults; min.insync.replicas defaults to 1.
  const configs = c.minInsyncReplicas > 1 ? `min.insync.replicas=${c.minInsyncReplicas}` : "";
  const lines = [`Topic: ${snap.topic}\tPartitionCount: ${snap.partitions.length}\tReplicationFactor: ${c.replicationFactor}\tConfigs: ${configs}`];
  for (const p of snap.partitions) {
    const cols = [`Topic: ${snap.topic}`, `Partition: ${p.partition}`, `Leader: ${p.leader < 0 ? "none" : p.leader}`, `Replicas: ${ids(p.replicas)}`, `Isr: ${ids(p.isr)}`];
    if (p.addingReplicas.length || p.removingReplicas.length) cols.push(`Adding Replicas: ${ids(p.addingReplicas)}`, `Removing Replicas: ${ids(p.removingReplicas)}`);
    const k = snap.kraft?.partitions[p.partition];
    if (k) cols.push(`Elr: ${ids(k.elr)}`, `LastKnownElr: ${ids(k.lastKnownElr)}`);
    lines.push(`\t${cols.join("\t")}`);
  }
  return lines.join("\n");
}

/** The command line the panel shows above the output. */
export function describeCommand(snap) {
  return `kafka-topics.sh --bootstrap-server localhost:9092 --describe --topic ${snap.topic}`;
}
