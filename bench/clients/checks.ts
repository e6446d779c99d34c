// What the client check records: one row per observation, whether it is what lapp's README says, and the numbers
// behind it; plus the measures of a tool answer as a client passed it to its model.

import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { estimateTokens } from "../../src/budget/estimate.ts";
import type { Script, Turn } from "./endpoints.ts";

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

/** The answers measured as each client passes them to its model: a big file's outline, a page and a search. */
export const SIZE_PROBES: { name: string; tool: string; input: Record<string, unknown> }[] = [
  {
    name: "default read of typescript.d.ts (outline)",
    tool: "lapp_read",
    input: { path: "typescript.d.ts" },
  },
  {
    name: "lib.es5.d.ts offset 1 limit 5000",
    tool: "lapp_read",
    input: { path: "lib.es5.d.ts", offset: 1, limit: 5000 },
  },
  {
    name: "grep interface, context 3",
    tool: "lapp_grep",
    input: { pattern: "interface", path: "lib.es5.d.ts", context: 3 },
  },
];

/** A script calling each probe in turn, through the client's way of naming lapp's tools. */
export function probeScript(call: (tool: string, input: Record<string, unknown>) => Turn): Script {
  return (step) => {
    const probe = SIZE_PROBES[step];
    return probe ? call(probe.tool, probe.input) : { text: "Done." };
  };
}
