// Splits the bytes a client sends on stdin into lines (one JSON-RPC message each) with bounded memory: a line over
// the limit is not kept but counted and skipped to its end, remembering only its first and last bytes.

/** How much of an oversized line is kept at each end, to find its request id for the error reply. */
const EDGE_BYTES = 512;

export type LineEvent =
  { kind: "line"; text: string } | { kind: "oversized"; size: number; head: string; tail: string };

export class LineSplitter {
  /** Pieces of the current line (views into the chunks received), joined once when its newline arrives. */
  private parts: Buffer[] = [];
  private size = 0;
  /** Set while skipping the rest of an oversized line. */
  private oversized: { head: Buffer; tail: Buffer } | undefined;

  constructor(private readonly maxBytes: number) {}

  /** The complete lines (and skipped oversized ones) this chunk ends. Each byte is looked at once. */
  push(chunk: Buffer): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(10, start);
      this.take(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) break;
      events.push(this.finish());
      start = newline + 1;
    }
    return events;
  }

  /** The last line when the stream ends without a final newline, if there is one. */
  end(): LineEvent | undefined {
    return this.size > 0 || this.oversized ? this.finish() : undefined;
  }

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    this.size += piece.length;
    if (this.oversized) {
      this.oversized.tail = lastBytes(Buffer.concat([this.oversized.tail, piece]));
      return;
    }
    this.parts.push(piece);
    if (this.size > this.maxBytes) {
      // Only the edges are copied: the line's bulk is dropped here, never joined.
      const head = Buffer.concat(firstParts(this.parts)).subarray(0, EDGE_BYTES);
      const tail = lastBytes(Buffer.concat(this.parts.slice(-2)));
      this.oversized = { head: Buffer.from(head), tail };
      this.parts = [];
    }
  }

  private finish(): LineEvent {
    const event: LineEvent = this.oversized
      ? {
          kind: "oversized",
          size: this.size,
          head: this.oversized.head.toString("utf8"),
          tail: this.oversized.tail.toString("utf8"),
        }
      : { kind: "line", text: Buffer.concat(this.parts, this.size).toString("utf8") };
    this.parts = [];
    this.size = 0;
    this.oversized = undefined;
    return event;
  }
}

/** The leading parts that together hold at least EDGE_BYTES. */
function firstParts(parts: readonly Buffer[]): Buffer[] {
  const taken: Buffer[] = [];
  let size = 0;
  for (const part of parts) {
    if (size >= EDGE_BYTES) break;
    taken.push(part);
    size += part.length;
  }
  return taken;
}

function lastBytes(bytes: Buffer): Buffer {
  return Buffer.from(bytes.subarray(Math.max(0, bytes.length - EDGE_BYTES)));
}
