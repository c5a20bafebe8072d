// The `state` events an embedded page sends its host (protocol.js has the protocol): after every
// change, but while playing at most one per STATE_EVENT_MS, the last change always sent (a
// change inside the interval is sent when it ends, with the state as it is then).

/** At most one state event per this many ms while playing. */
export const STATE_EVENT_MS = 100;

export class StateEvents {
  /**
   * `payload()`: the event's payload now, or null when there is nothing to say (not embedded, no
   * snapshot yet); `send(payload)`. `clock`: performance.now; `timers`: { set, clear } as setTimeout.
   */
  constructor(payload, send, { clock = () => performance.now(), timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (id) => clearTimeout(id) } } = {}) {
    if (typeof payload !== "function") throw new Error("StateEvents: payload must be a function");
    if (typeof send !== "function") throw new Error("StateEvents: send must be a function");
    this.payload = payload;
    this.send = send;
    this.clock = clock;
    this.timers = timers;
    this.at = -Infinity; // when the last event was sent
    this.timer = null;
  }

  /** The state changed: send it now when `force` or the interval has passed, else when it has. */
  post(force = false) {
    const now = this.clock();
    if (!force && now - this.at < STATE_EVENT_MS) {
      this.timer ??= this.timers.set(() => {
        this.timer = null;
        this.post(true);
      }, STATE_EVENT_MS);
      return;
    }
    const payload = this.payload();
    if (payload === null) return;
    this.at = now;
    this.send(payload);
  }
}
