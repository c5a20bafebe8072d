// Types of `kafka-replication-playground/core`: the simulator core (wasm, built by wasm-bindgen
// into www/pkg/), typed after docs/api.md, which is the contract (wasm-bindgen's own .d.ts has
// `any` for every argument the core validates itself). Every method throws an Error naming the
// argument and the allowed values on a bad call, and then changes nothing.

export type Version = "0.8" | "0.11" | "2.8" | "3.7" | 0.8 | 0.11 | 2.8 | 3.7;
export type Acks = 0 | 1 | -1 | "all";
export type FaultKind = "crash" | "stuck" | "slow" | "isolated";

/** `new Cluster(config)`: every key optional; defaults are the version's (docs/api.md, Config keys). */
export interface Config {
  version?: Version;
  truncation?: "high-watermark" | "leader-epoch" | "kip-279";
  isrUpdate?: "zookeeper" | "alter-partition";
  strategy?: "isr" | "quorum";
  strictMinIsr?: boolean;
  replicaLagMaxMessages?: number;
  acks?: Acks;
  enableIdempotence?: boolean;
  retries?: number;
  retryBackoffMs?: number;
  deliveryTimeoutMs?: number;
  replicaSocketTimeoutMs?: number;
  logFlushIntervalMs?: number;
  consumers?: boolean;
  events?: boolean;
  brokers?: number;
  partitions?: number;
  replicationFactor?: number;
  minInsyncReplicas?: number;
  replicaLagTimeMaxMs?: number;
  replicaFetchWaitMaxMs?: number;
  replicaFetchBackoffMs?: number;
  zookeeperSessionTimeoutMs?: number;
  requestTimeoutMs?: number;
  replicaHighWatermarkCheckpointIntervalMs?: number;
  logRetentionRecords?: number;
  uncleanLeaderElectionEnable?: boolean;
  networkLatencyMsMin?: number;
  networkLatencyMsMax?: number;
  seed?: number;
}

export interface ProduceArgs {
  partition?: number;
  count?: number;
  acks?: Acks;
  idempotence?: boolean;
}

export interface FailOptions {
  /** crash: lose the records not yet flushed (a power failure) */
  lossy?: boolean;
  /** slow: extra delay of every message to or from the broker */
  delayMs?: number;
  /** isolated: cut from ZooKeeper too */
  zookeeper?: boolean;
}

export interface LogRecord {
  offset: number;
  leaderEpoch: number;
  value: number;
}

export interface FollowerView {
  /** -1 = unknown */
  leo: number;
  lagMessages: number;
  lastCaughtUpMs: number;
  /** -1 = never caught up with this leader */
  sinceCaughtUpMs: number;
  inIsr: boolean;
  fetchInFlight: boolean;
}

/** One replica's log. LEO and HW are exclusive offsets, as in Kafka. */
export interface ReplicaLog {
  broker: number;
  role: "leader" | "follower" | "none" | "offline";
  leaderEpoch: number;
  leo: number;
  hw: number;
  logStartOffset: number;
  records: LogRecord[];
  follower: FollowerView | null;
}

export interface PartitionState {
  partition: number;
  /** -1 when none */
  leader: number;
  leaderEpoch: number;
  isr: number[];
  replicas: number[];
  /** A running reassignment's target replicas (TRS, in order; `replicas` is RS = TRS + ORS while it runs); null when none runs. */
  targetReplicas: number[] | null;
  /** A running reassignment's replicas to add (TRS − ORS) and to remove (ORS − TRS); empty otherwise. */
  addingReplicas: number[];
  removingReplicas: number[];
  /** the live leader's HW, -1 when none */
  hw: number;
  zkVersion: number;
  controllerEpoch: number;
  logs: ReplicaLog[];
}

export interface ProduceRequest {
  id: number;
  partition: number;
  acks: 0 | 1 | "all";
  count: number;
  firstValue: number;
  status: "pending" | "acked" | "failed";
  /** null or Kafka's error name */
  error: string | null;
  /** base offset, -1 unknown */
  offset: number;
  sentMs: number;
  doneMs: number;
}

export interface Violation {
  kind: "committed-lost" | "acked-lost" | "acks1-lost" | "strong-isr" | "log-divergence" | "consistent-read" | "duplicate" | "hw-decreased" | "structure";
  tick: number;
  partition: number;
  text: string;
}

export interface Snapshot {
  tick: number;
  timeMs: number;
  tickMs: number;
  seed: number;
  config: Required<Omit<Config, "version">> & { version: string };
  controller: { broker: number; epoch: number };
  brokers: { id: number; status: "up" | "crashed" | "stuck" | "slow" | "isolated"; controller: boolean; registered: boolean }[];
  partitions: PartitionState[];
  requests: ProduceRequest[];
  requestCounts: { pending: number; acked: number; failed: number };
  consumers: { partition: number; position: number; recordsRead: number; lastValues: number[]; resets: number }[];
  producer: { producerId: number; producerEpoch: number; nextSequence: number[] };
  inflight: { seq: number; from: number; to: number; kind: string; partition: number; sentTick: number; deliverTick: number; text: string }[];
  zk: { path: string; data: string; version: number }[];
  violations: Violation[];
  violationsDropped: number;
  replicatedRecords: number;
}

/** An event returned by `step` (docs/api.md lists the kinds). */
export interface ClusterEvent {
  tick: number;
  timeMs: number;
  kind: string;
  /** -1 if none */
  partition: number;
  /** -1 if none */
  broker: number;
  text: string;
}

export interface Expectation {
  ok: boolean;
  actual: string;
  expectation: string;
}

/** One command of a scenario script, as plain data. */
export interface ScenarioLine {
  line: number;
  command: string;
  options?: Record<string, unknown>;
  args?: unknown[];
  kind?: string;
  text?: string;
  /** expect: its `check` sentences by language ({ en, zh }). */
  sentence?: Record<string, string>;
}

export class Cluster {
  constructor(config?: Config);
  /** Produce a batch; returns the request id. */
  produce(args?: ProduceArgs): number;
  /** Advance `ticks` ticks (default 1, at most 100000); their events, or [] with `{ events: false }`. */
  step(ticks?: number, options?: { events?: boolean }): ClusterEvent[];
  fail(broker: number, kind?: FaultKind, options?: FailOptions): void;
  recover(broker: number): void;
  cut(a: number, b: number): void;
  heal(a: number, b: number): void;
  /** The network drops the next message of this kind ("Fetch", "FetchResponse", …). */
  dropNext(kind: string): void;
  /** Reassignment: a replica of `partition` on `broker` (it joins the ISR once caught up). */
  addReplica(partition: number, broker: number): void;
  /** Reassignment (KIP-455): `partition`'s replicas become `replicas`, in order; adding replicas join the ISR first, then the removed ones go. */
  reassign(partition: number, replicas: number[]): void;
  /** Check an expectation in the scenario language, such as "p0.hw >= 5". */
  expect(text: string): Expectation;
  /** At most the last `records` records per log (0..=200, default 200) and the latest `requests` requests. */
  snapshot(options?: { records?: number; requests?: number }): Snapshot;
  /** A hash of the whole state (determinism checks). */
  stateHash(): bigint;
  /** An independent copy that continues exactly as the original would. */
  fork(): Cluster;
  benchWorkload(ticks: number, recordsPerTick: number): number;
  /** Release the wasm memory. */
  free(): void;
  [Symbol.dispose](): void;
}

export function parseScenario(text: string): ScenarioLine[];

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;
export interface InitOutput {
  readonly memory: WebAssembly.Memory;
}

/** Load the core: by default the .wasm beside the module (bundlers emit it as an asset). */
export default function init(moduleOrPath?: { module_or_path: InitInput | Promise<InitInput> }): Promise<InitOutput>;
/** Load the core synchronously from its bytes or a compiled module. */
export function initSync(module: { module: BufferSource | WebAssembly.Module }): InitOutput;
