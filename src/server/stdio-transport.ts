// lapp's stdio transport: reads stdin line by line with bounded memory, answers every line that is not a valid
// JSON-RPC message itself (see jsonrpc.ts) and hands the valid ones to the server; the session goes on.
// Bun's own stdin stream and file sinks, not process.stdin/stdout: loading Node's stream layer for those cost
// ~10 ms of every start (bench/speed.ts).

import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { judgeLine, oversizedReply } from "./jsonrpc.ts";
import { LineSplitter, type LineEvent } from "./line-splitter.ts";
import { droppedMessage } from "./messages.ts";

export interface LineTransportOptions {
  maxMessageBytes: number;
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
    if (this.closed) return;
    this.output.write(`${JSON.stringify(message)}\n`);
    await this.output.flush();
  }

  /** Stops reading; what was sent but is still buffered goes out before this resolves. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.reader?.cancel().catch(() => {});
    await Promise.resolve(this.output.flush()).catch(() => {});
    this.onclose?.();
  }

  private async pump(reader: { read(): Promise<{ done: boolean; value?: Uint8Array }> }): Promise<void> {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (this.closed) return;
        if (done || value === undefined) break;
        const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        for (const event of this.splitter.push(bytes)) this.handle(event);
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
      void this.send(oversizedReply(event.size, this.options.maxMessageBytes, event.head, event.tail));
      return;
    }
    const judged = judgeLine(event.text);
    if (judged.kind === "reply") void this.send(judged.reply);
    else if (judged.kind === "message") this.onmessage?.(judged.message);
    else if (judged.reason) this.options.note?.(droppedMessage(judged.reason));
  }
}
