// Dev aid (www/index.html?toy=1). NOT KAFKA: a rough JavaScript stand-in with the JS API and the
// snapshot shape of docs/api.md, so the page's loop, actions and animations can be exercised
// before (or without) the wasm core. It follows the broad story (followers fetch, HW = min LEO of
// the ISR, ISR shrink after replica.lag.time.max.ms, the controller elects from the ISR after the
// ZooKeeper session timeout, truncation to HW) with none of the core's care. Never teach from it.

const DEFAULTS = {
  brokers: 4,
  partitions: 3,
  replicationFactor: 3,
  minInsyncReplicas: 1,
  replicaLagTimeMaxMs: 10000,
  replicaFetchWaitMaxMs: 500,
  replicaFetchBackoffMs: 1000,
  zookeeperSessionTimeoutMs: 6000,
  requestTimeoutMs: 30000,
  replicaHighWatermarkCheckpointIntervalMs: 5000,
  networkLatencyMsMin: 100,
  networkLatencyMsMax: 300,
  seed: 1,
};
const TICK_MS = 100;

export class ToyCluster {
  constructor(config = {}) {
    const cfg = { ...DEFAULTS };
    for (const [k, v] of Object.entries(config ?? {})) {
      if (!(k in DEFAULTS)) throw new Error(`unknown config key "${k}"`);
      if (!Number.isInteger(v) || v < 0) throw new Error(`config.${k} must be a non-negative integer, got ${v}`);
      cfg[k] = v;
    }
    if (cfg.brokers < 1 || cfg.brokers > 32) throw new Error(`config.brokers must be 1..=32, got ${cfg.brokers}`);
    if (cfg.replicationFactor < 1 || cfg.replicationFactor > cfg.brokers) {
      throw new Error(`config.replicationFactor must be 1..=brokers (${cfg.brokers}), got ${cfg.replicationFactor}`);
    }
    this.cfg = cfg;
    this.tick = 0;
    this.rng = cfg.seed >>> 0 || 1;
    this.seq = 0;
    this.queue = [];
    this.events = [];
    this.requests = [];
    this.controller = 0;
    this.controllerEpoch = 1;
    this.brokers = Array.from({ length: cfg.brokers }, (_, id) => ({ id, up: true, registered: true, failTick: -1 }));
    this.parts = Array.from({ length: cfg.partitions }, (_, p) => {
      const replicas = Array.from({ length: cfg.replicationFactor }, (_, i) => (p + i) % cfg.brokers);
      const logs = new Map(replicas.map((b) => [b, { records: [], hw: 0, leaderEpoch: 0, fetching: false }]));
      const followers = new Map(replicas.slice(1).map((b) => [b, { leo: 0, lastCaughtUpTick: 0 }]));
      return { p, replicas, leader: replicas[0], leaderEpoch: 0, isr: [...replicas], zkVersion: 0, controllerEpoch: 1, logs, followers };
    });
  }

  // ---------------------------------------------------------------- API
  produce(req) {
    const { partition, count = 1, acks = "all" } = req ?? {};
    const part = this.parts[partition];
    if (!part) throw new Error(`partition must be 0..=${this.parts.length - 1}, got ${partition}`);
    if (!Number.isInteger(count) || count < 1 || count > 10000) throw new Error(`count must be 1..=10000, got ${count}`);
    const a = acks === -1 ? "all" : acks;
    if (a !== "all" && a !== 0 && a !== 1) throw new Error(`acks must be 0, 1, "all" or -1, got ${JSON.stringify(acks)}`);
    const id = this.requests.length + 1;
    const r = { id, partition, acks: a, count, status: "pending", error: null, offset: -1, sentMs: this.now(), doneMs: -1, deadline: this.tick + this.ticks(this.cfg.requestTimeoutMs) };
    this.requests.push(r);
    this.emit("produce", partition, -1, `request #${id}: ${count} message(s) acks=${a}`);
    if (a === 0) this.finish(r, null);
    const to = part.leader;
    this.send(-1, to, "Produce", partition, `producer->b${to} Produce p${partition} n=${count}`, () => this.onProduce(r, to));
    return id;
  }
  step(n = 1) {
    if (!Number.isInteger(n) || n < 0 || n > 100000) throw new Error(`step count must be 0..=100000, got ${n}`);
    for (let i = 0; i < n; i++) this.tickOnce();
    const out = this.events;
    this.events = [];
    return out;
  }
  fail(b) {
    const br = this.broker(b);
    if (!br.up) throw new Error(`broker ${b} is already crashed`);
    br.up = false;
    br.failTick = this.tick;
    for (const part of this.parts) if (part.logs.has(b)) part.logs.get(b).fetching = false;
    this.emit("broker-fail", -1, b, `broker ${b} crashed`);
  }
  recover(b) {
    const br = this.broker(b);
    if (br.up) throw new Error(`broker ${b} is already up`);
    br.up = true;
    br.registered = true;
    this.emit("broker-recover", -1, b, `broker ${b} restarted and registered in ZooKeeper`);
    if (!this.brokers[this.controller].up) this.electController();
    for (const part of this.parts) {
      const log = part.logs.get(b);
      if (!log) continue;
      this.truncate(part, b, log.hw);
      if (part.leader < 0 && part.isr.includes(b)) this.makeLeader(part, b, "its ISR member came back");
    }
  }
  snapshot() {
    return {
      tick: this.tick,
      timeMs: this.now(),
      tickMs: TICK_MS,
      seed: this.cfg.seed,
      config: { ...this.cfg },
      controller: { broker: this.brokers[this.controller]?.up ? this.controller : -1, epoch: this.controllerEpoch },
      brokers: this.brokers.map((b) => ({ id: b.id, status: b.up ? "up" : "crashed", controller: b.up && b.id === this.controller, registered: b.registered })),
      partitions: this.parts.map((part) => {
        const leaderLog = part.leader >= 0 ? part.logs.get(part.leader) : null;
        return {
          partition: part.p,
          leader: part.leader,
          leaderEpoch: part.leaderEpoch,
          isr: [...part.isr],
          replicas: [...part.replicas],
          hw: leaderLog ? leaderLog.hw : -1,
          zkVersion: part.zkVersion,
          controllerEpoch: part.controllerEpoch,
          logs: part.replicas.map((b) => {
            const log = part.logs.get(b);
            const up = this.brokers[b].up;
            const f = part.leader >= 0 && b !== part.leader ? part.followers.get(b) : null;
            const leo = log.records.length;
            return {
              broker: b,
              role: !up ? "offline" : b === part.leader ? "leader" : "follower",
              leaderEpoch: log.leaderEpoch,
              leo,
              hw: log.hw,
              logStartOffset: 0,
              records: log.records.map((r) => ({ ...r })),
              follower: f
                ? {
                    leo: f.leo,
                    lagMessages: f.leo < 0 ? 0 : Math.max(0, leaderLog.records.length - f.leo),
                    lastCaughtUpMs: f.lastCaughtUpTick * TICK_MS,
                    sinceCaughtUpMs: (this.tick - f.lastCaughtUpTick) * TICK_MS,
                    inIsr: part.isr.includes(b),
                    fetchInFlight: log.fetching,
                  }
                : null,
            };
          }),
        };
      }),
      requests: this.requests.map(({ deadline, ...r }) => ({ ...r })),
      inflight: this.queue.map((m) => ({ seq: m.seq, from: m.from, to: m.to, kind: m.kind, partition: m.partition, sentTick: m.sentTick, deliverTick: m.deliverTick, text: m.text })),
    };
  }
  stateHash() {
    return BigInt(JSON.stringify(this.snapshot()).length);
  }
  free() {}

  // ---------------------------------------------------------------- internals
  now() {
    return this.tick * TICK_MS;
  }
  ticks(ms) {
    return Math.max(1, Math.round(ms / TICK_MS));
  }
  broker(b) {
    const br = this.brokers[b];
    if (!Number.isInteger(b) || !br) throw new Error(`broker must be 0..=${this.brokers.length - 1}, got ${b}`);
    return br;
  }
  random() {
    this.rng = (Math.imul(this.rng, 1664525) + 1013904223) >>> 0;
    return this.rng / 2 ** 32;
  }
  latency() {
    const lo = this.ticks(this.cfg.networkLatencyMsMin);
    const hi = this.ticks(this.cfg.networkLatencyMsMax);
    return lo + Math.floor(this.random() * (hi - lo + 1));
  }
  emit(kind, partition, broker, text) {
    this.events.push({ tick: this.tick, timeMs: this.now(), kind, partition, broker, text });
  }
  send(from, to, kind, partition, text, deliver) {
    this.queue.push({ seq: ++this.seq, from, to, kind, partition, sentTick: this.tick, deliverTick: this.tick + this.latency(), text, deliver });
  }
  finish(r, error) {
    r.status = error ? "failed" : "acked";
    r.error = error;
    r.doneMs = this.now();
    this.emit(error ? "request-failed" : "request-acked", r.partition, -1, `request #${r.id} ${error ? `failed: ${error}` : "acked"}`);
  }

  tickOnce() {
    this.tick += 1;
    const due = this.queue.filter((m) => m.deliverTick <= this.tick);
    this.queue = this.queue.filter((m) => m.deliverTick > this.tick);
    for (const m of due) {
      if ((m.to >= 0 && !this.brokers[m.to].up) || (m.from >= 0 && !this.brokers[m.from].up)) continue;
      m.deliver();
    }
    for (const br of this.brokers) {
      if (!br.up && br.registered && this.tick - br.failTick >= this.ticks(this.cfg.zookeeperSessionTimeoutMs)) this.sessionExpired(br.id);
    }
    for (const part of this.parts) this.tickPartition(part);
    for (const r of this.requests) {
      if (r.status === "pending" && this.tick >= r.deadline) this.finish(r, "REQUEST_TIMED_OUT");
    }
  }

  tickPartition(part) {
    if (part.leader < 0 || !this.brokers[part.leader].up) return;
    const leaderLog = part.logs.get(part.leader);
    for (const b of part.replicas) {
      if (b === part.leader || !this.brokers[b].up) continue;
      const log = part.logs.get(b);
      if (log.fetching) continue;
      log.fetching = true;
      const offset = log.records.length;
      const epoch = part.leaderEpoch;
      const leader = part.leader;
      this.send(b, leader, "Fetch", part.p, `b${b}->b${leader} Fetch p${part.p} off=${offset} epoch=${epoch}`, () => this.onFetch(part, b, offset, epoch));
    }
    // ISR shrink: followers not caught up within replica.lag.time.max.ms.
    const lagTicks = this.ticks(this.cfg.replicaLagTimeMaxMs);
    for (const b of [...part.isr]) {
      if (b === part.leader) continue;
      const f = part.followers.get(b);
      if (f.leo !== leaderLog.records.length && this.tick - f.lastCaughtUpTick > lagTicks) {
        part.isr = part.isr.filter((x) => x !== b);
        part.zkVersion += 1;
        this.emit("isr-shrink", part.p, b, `ISR shrink: B${b} not caught up for ${(this.tick - f.lastCaughtUpTick) / 10} s → ISR {${part.isr}}`);
        this.maybeIncrementHw(part);
      }
    }
  }

  onFetch(part, b, offset, epoch) {
    const log = part.logs.get(b);
    if (part.leader < 0 || epoch !== part.leaderEpoch) {
      log.fetching = false;
      return;
    }
    const leaderLog = part.logs.get(part.leader);
    const f = part.followers.get(b);
    const leo = leaderLog.records.length;
    f.leo = offset;
    if (offset >= leo) f.lastCaughtUpTick = this.tick;
    if (!part.isr.includes(b) && offset >= leaderLog.hw && this.brokers[b].up) {
      part.isr = part.replicas.filter((x) => x === b || part.isr.includes(x));
      part.zkVersion += 1;
      this.emit("isr-expand", part.p, b, `ISR expand: B${b} reached HW ${leaderLog.hw} → ISR {${part.isr}}`);
    }
    this.maybeIncrementHw(part);
    const records = leaderLog.records.slice(offset).map((r) => ({ ...r }));
    const hw = leaderLog.hw;
    const wait = records.length === 0 ? this.ticks(this.cfg.replicaFetchWaitMaxMs) : 0;
    const leader = part.leader;
    const send = () =>
      this.send(leader, b, "FetchResponse", part.p, `b${leader}->b${b} FetchResponse p${part.p} n=${records.length} hw=${hw}`, () => {
        log.fetching = false;
        if (epoch !== part.leaderEpoch || log.records.length !== offset) return;
        log.records.push(...records);
        log.leaderEpoch = epoch;
        const newHw = Math.min(hw, log.records.length);
        if (newHw !== log.hw) log.hw = newHw;
      });
    if (wait > 0) this.queue.push({ seq: ++this.seq, from: leader, to: leader, kind: "Fetch", partition: part.p, sentTick: this.tick, deliverTick: this.tick + wait, text: `fetch of B${b} parked`, deliver: send });
    else send();
  }

  onProduce(r, to) {
    const part = this.parts[r.partition];
    if (part.leader !== to || to < 0) {
      if (r.status === "pending") this.finish(r, "NOT_LEADER_OR_FOLLOWER");
      return;
    }
    if (r.acks === "all" && part.isr.length < this.cfg.minInsyncReplicas) {
      if (r.status === "pending") this.finish(r, "NOT_ENOUGH_REPLICAS");
      return;
    }
    const log = part.logs.get(to);
    const base = log.records.length;
    for (let i = 0; i < r.count; i++) log.records.push({ offset: base + i, leaderEpoch: part.leaderEpoch, value: `r${r.id}.${i}` });
    if (r.acks !== 0) r.offset = base;
    this.emit("append", r.partition, to, `leader B${to} appended offsets ${base}..${base + r.count - 1} (epoch ${part.leaderEpoch})`);
    r.end = base + r.count;
    if (r.acks === 1) this.send(to, -1, "ProduceResponse", r.partition, `b${to}->producer ProduceResponse`, () => r.status === "pending" && this.finish(r, null));
    this.maybeIncrementHw(part);
  }

  maybeIncrementHw(part) {
    if (part.leader < 0) return;
    const leaderLog = part.logs.get(part.leader);
    let hw = leaderLog.records.length;
    for (const b of part.isr) if (b !== part.leader) hw = Math.min(hw, part.followers.get(b).leo);
    if (hw > leaderLog.hw) {
      this.emit("hw", part.p, part.leader, `HW ${leaderLog.hw}→${hw}: ISR {${part.isr}}`);
      leaderLog.hw = hw;
      for (const r of this.requests) {
        if (r.status === "pending" && r.acks === "all" && r.partition === part.p && r.end !== undefined && r.end <= hw) {
          const leader = part.leader;
          this.send(leader, -1, "ProduceResponse", part.p, `b${leader}->producer ProduceResponse`, () => r.status === "pending" && this.finish(r, null));
          r.end = Infinity;
        }
      }
    }
  }

  truncate(part, b, to) {
    const log = part.logs.get(b);
    if (log.records.length > to) {
      this.emit("truncate", part.p, b, `B${b} truncated its log ${log.records.length}→${to} (to its HW)`);
      log.records.length = to;
    }
    log.hw = Math.min(log.hw, to);
    log.fetching = false;
  }

  makeLeader(part, b, why) {
    const old = part.leader;
    part.leader = b;
    part.leaderEpoch += 1;
    part.zkVersion += 1;
    part.controllerEpoch = this.controllerEpoch;
    part.logs.get(b).leaderEpoch = part.leaderEpoch;
    this.emit("leader-election", part.p, b, `leader ${old}→${b} epoch ${part.leaderEpoch - 1}→${part.leaderEpoch}: ${why}`);
    part.followers = new Map(part.replicas.filter((x) => x !== b).map((x) => [x, { leo: -1, lastCaughtUpTick: this.tick }]));
    for (const x of part.replicas) {
      if (x === b || !this.brokers[x].up) continue;
      this.truncate(part, x, part.logs.get(x).hw);
    }
  }

  electController() {
    const next = this.brokers.find((br) => br.up && br.registered);
    if (!next) return;
    this.controller = next.id;
    this.controllerEpoch += 1;
    this.emit("controller", -1, next.id, `broker ${next.id} is the controller (controller_epoch ${this.controllerEpoch})`);
  }

  sessionExpired(b) {
    this.brokers[b].registered = false;
    this.emit("zk-session-expired", -1, b, `ZooKeeper session of broker ${b} expired: /brokers/ids/${b} deleted`);
    if (this.controller === b) this.electController();
    for (const part of this.parts) {
      if (!part.replicas.includes(b)) continue;
      if (part.leader === b) {
        const next = part.replicas.find((x) => x !== b && part.isr.includes(x) && this.brokers[x].up);
        if (part.isr.length > 1) part.isr = part.isr.filter((x) => x !== b);
        if (next === undefined) {
          part.leader = -1;
          part.zkVersion += 1;
          this.emit("leader-election", part.p, -1, `no live replica in ISR {${part.isr}}: partition offline`);
        } else this.makeLeader(part, next, `first live replica of the ISR`);
      } else if (part.isr.includes(b)) {
        part.isr = part.isr.filter((x) => x !== b);
        part.zkVersion += 1;
        this.emit("isr-shrink", part.p, b, `controller removed dead B${b} → ISR {${part.isr}}`);
        this.maybeIncrementHw(part);
      }
    }
  }
}
