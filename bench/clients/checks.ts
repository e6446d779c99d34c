// What the client check records: one row per observation, whether it is what lapp's README says, and the numbers
// behind it; plus the measures of a tool answer as a client passed it to its model.

import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { estimateTokens } from "../../src/budget/estimate.ts";

export interface Check {
  client: string;
  check: string;
  ok: boolean;
  observed: string;
}

export class Checks {
  readonly rows: Check[] = [];
  constructor(private readonly log: (line: string) => void) {}

  add(client: string, check: string, ok: boolean, observed: string): void {
    this.rows.push({ client, check, ok, observed });
    this.log(`${ok ? "ok  " : "FAIL"} ${client}: ${check} — ${observed}`);
  }

  /** Runs a scenario; an exception is a failed check, not the end of the run. */
  async scenario(client: string, name: string, body: () => Promise<void> | void): Promise<void> {
    try {
      await body();
    } catch (error) {
      this.add(
        client,
        name,
        false,
        `scenario failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

export interface AnswerSize {
  bytes: number;
  o200k: number;
  estimate: number;
  lines: number;
}

export function sizeOf(text: string): AnswerSize {
  return {
    bytes: Buffer.byteLength(text, "utf8"),
    o200k: encode(text).length,
    estimate: estimateTokens(text),
    lines: text.split("\n").length,
  };
}

export const number = (value: number): string => value.toLocaleString("en-US");

export function describeSize(size: AnswerSize): string {
  return `${number(size.lines)} lines, ${number(size.bytes)} bytes (bytes/4 = ${number(Math.ceil(size.bytes / 4))}), o200k ${number(size.o200k)}, lapp's estimate ${number(size.estimate)}`;
}

/** The first line of a text, cut for a table cell. */
export function firstLine(text: string, max = 140): string {
  const line = text.split("\n")[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
