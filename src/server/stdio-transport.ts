// lapp's stdio transport: reads stdin line by line with bounded memory, answers every line that is not a valid
// JSON-RPC message itself (see jsonrpc.ts) and hands the valid ones to the server; the session goes on. Reading
// pauses while too many answers wait to be written or too many requests wait for theirs (backpressure), so a client
// that sends without reading stdout holds lapp's memory bounded instead of growing it answer by answer.
// Bun's own stdin stream and file sinks, not process.stdin/stdout: loading Node's stream layer for those cost
// ~10 ms of every start (bench/speed.ts).

import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { MAX_UNANSWERED_REQUESTS, MAX_UNSENT_BYTES } from "../limits.ts";
import { judgeLine, oversizedReply } from "./jsonrpc.ts";
import { LineSplitter, type LineEvent } from "./line-splitter.ts";
import { droppedMessage } from "./messages.ts";

export interface LineTransportOptions {
  maxMessageBytes: number;
  /** Reading pauses while more bytes than this were written to stdout and not yet taken by the client. */
  maxUnsentBytes?: number;
  /** Reading pauses while more requests than this were handed to the server and not yet answered. */
  maxUnanswered?: number;
  /** Called once stdin has ended and its last line was handled. */
  onInputEnd?: () => void;
  /** Where notes on ignored messages go (never stdout, which belongs to the protocol). */
  note?: (text: string) => void;
}

/** Where messages go: Bun's FileSink for stdout (it buffers what the pipe cannot take yet). */
export interface LineSink {
  write(chunk: string): unknown;
  flush(): number | Promise<number>;
}

export class LineTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly splitter: LineSplitter;
  private reader: { cancel(): Promise<void> } | undefined;
  private closed = false;
  /** Bytes of answers handed to stdout whose flush has not completed (the pipe is full: the client is not reading). */
  private unsentBytes = 0;
  /** Requests handed to the server and not answered (nor cancelled) yet, by id (a client may reuse an id). */
  private readonly unanswered = new Map<RequestId, number>();
  private unansweredCount = 0;
  /** Resolves the pump's wait for room, once there is some. */
  private wake: (() => void) | undefined;

  constructor(
    private readonly input: ReadableStream<Uint8Array>,
    private readonly output: LineSink,
    private readonly options: LineTransportOptions,
  ) {
    this.splitter = new LineSplitter(options.maxMessageBytes);
  }

  async start(): Promise<void> {
    const reader = this.input.getReader();
    this.reader = reader;
    void this.pump(reader);
  }

  /** Resolves once the message is handed to the pipe (or buffered until the client reads). */
  async send(message: JSONRPCMessage): Promise<void> {
    if ("id" in message && !("method" in message)) this.settle(message.id as RequestId);
    return this.write(message);
  }

  /** Writes a message, counting its bytes as unsent until the pipe has taken them. */
  private async write(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    const line = `${JSON.stringify(message)}\n`;
    const bytes = Buffer.byteLength(line);
    this.unsentBytes += bytes;
    try {
      this.output.write(line);
      await this.output.flush();
    } finally {
      this.unsentBytes -= bytes;
      this.wakeIfRoom();
    }
  }

  /** Stops reading; what was sent but is still buffered goes out before this resolves. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wake?.();
    this.reader?.cancel().catch(() => {});
    await Promise.resolve(this.output.flush()).catch(() => {});
    this.onclose?.();
  }

  private async pump(reader: { read(): Promise<{ done: boolean; value?: Uint8Array }> }): Promise<void> {
    try {
      for (;;) {
        const paused = this.room();
        if (paused) await paused;
        if (this.closed) return;
        const { done, value } = await reader.read();
        if (this.closed) return;
        if (done || value === undefined) break;
        const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        // One chunk may hold hundreds of requests: each waits for room, not only the next read.
        for (const event of this.splitter.push(bytes)) {
          const full = this.room();
          if (full) await full;
          if (this.closed) return;
          this.handle(event);
        }
      }
    } catch (error) {
      if (!this.closed) this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const last = this.splitter.end();
    if (last) this.handle(last);
    this.options.onInputEnd?.();
  }

  private handle(event: LineEvent): void {
    if (event.kind === "oversized") {
      void this.write(oversizedReply(event.size, this.options.maxMessageBytes, event.head, event.tail));
      return;
    }
    const judged = judgeLine(event.text);
    // The transport's own replies answer no request the server was handed.
    if (judged.kind === "reply") void this.write(judged.reply);
    else if (judged.kind === "message") {
      this.track(judged.message);
      this.onmessage?.(judged.message);
    } else if (judged.reason) this.options.note?.(droppedMessage(judged.reason));
  }

  /** Counts a request as waiting for its answer; a cancelled one is never answered (MCP), so it stops waiting. */
  private track(message: JSONRPCMessage): void {
    if (!("method" in message)) return;
    if ("id" in message) {
      this.unanswered.set(message.id, (this.unanswered.get(message.id) ?? 0) + 1);
      this.unansweredCount++;
    } else if (message.method === "notifications/cancelled") {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id === "string" || typeof id === "number") this.settle(id);
    }
  }

  /** One request with this id is answered (or cancelled). */
  private settle(id: RequestId): void {
    const waiting = this.unanswered.get(id);
    if (waiting === undefined) return;
    if (waiting === 1) this.unanswered.delete(id);
    else this.unanswered.set(id, waiting - 1);
    this.unansweredCount--;
    this.wakeIfRoom();
  }

  private full(): boolean {
    return (
      this.unsentBytes > (this.options.maxUnsentBytes ?? MAX_UNSENT_BYTES) ||
      this.unansweredCount > (this.options.maxUnanswered ?? MAX_UNANSWERED_REQUESTS)
    );
  }

  /** Resolves at once when there is room for another message, else once answers have gone out. */
  private room(): Promise<void> | undefined {
    if (!this.full() || this.closed) return undefined;
    return new Promise((resolve) => (this.wake = resolve));
  }

  private wakeIfRoom(): void {
    if (this.wake === undefined || this.full()) return;
    const wake = this.wake;
    this.wake = undefined;
    wake();
  }
}
