// Types of `kafka-replication-playground/element`: importing it defines <kafka-replication-playground>
// (www/embed.js; attributes, events and the postMessage API in www/README.md).

/** A `playground` event's detail: { source, version, type, … } (www/app/protocol.js lists the types). */
export interface PlaygroundMessage {
  source: "kafka-replication-playground";
  version: number;
  type: string;
  [field: string]: unknown;
}

/** The answer to a command. */
export interface PlaygroundResult extends PlaygroundMessage {
  type: "result";
  id: string;
  command: string;
  ok: boolean;
  error?: string;
}

export class KafkaReplicationPlayground extends HTMLElement {
  /** True once the page's core is loaded (commands sent before wait for it). */
  readonly ready: boolean;
  /** The latest `state` event, or null. */
  readonly state: PlaygroundMessage | null;
  /** The page's URL with the attributes as parameters; null when `src` is not http(s). */
  readonly pageUrl: URL | null;
  /** The theme the page is given: the `theme` attribute's light / dark, else the host page's ("auto": the system's). */
  readonly theme: "light" | "dark" | "auto";
  send(type: string, fields?: Record<string, unknown>): Promise<PlaygroundResult>;
  play(): Promise<PlaygroundResult>;
  pause(): Promise<PlaygroundResult>;
  next(): Promise<PlaygroundResult>;
  back(): Promise<PlaygroundResult>;
  restart(): Promise<PlaygroundResult>;
  goTo(step: number): Promise<PlaygroundResult>;
  step(ticks?: number): Promise<PlaygroundResult>;
  produce(fields?: { partition?: number; count?: number; acks?: 0 | 1 | -1 | "all" }): Promise<PlaygroundResult>;
  fail(broker: number, kind?: "crash" | "stuck" | "slow" | "isolated", options?: { lossy?: boolean; delayMs?: number; zookeeper?: boolean }): Promise<PlaygroundResult>;
  recover(broker: number): Promise<PlaygroundResult>;
}

declare global {
  interface HTMLElementTagNameMap {
    "kafka-replication-playground": KafkaReplicationPlayground;
  }
}
