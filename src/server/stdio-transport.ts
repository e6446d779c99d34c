// lapp's stdio transport for the SDK's Server: reads stdin line by line with bounded memory, answers every line
// that is not a valid JSON-RPC message itself (see jsonrpc.ts) and hands the valid ones on; the session goes on.

import type { Readable, Writable } from "node:stream";
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

export class LineTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly splitter: LineSplitter;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly options: LineTransportOptions,
  ) {
    this.splitter = new LineSplitter(options.maxMessageBytes);
  }

  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onInputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once("drain", resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("error", this.onInputError);
    this.input.pause();
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    for (const event of this.splitter.push(bytes)) this.handle(event);
  };

  private readonly onEnd = (): void => {
    const last = this.splitter.end();
    if (last) this.handle(last);
    this.options.onInputEnd?.();
  };

  private readonly onInputError = (error: Error): void => this.onerror?.(error);

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
