// lapp's log: one line per tool call (time, tool, path, outcome, milliseconds) and a few session lines (start,
// client), to an append-only file, to stderr, or nowhere. Paths and names are quoted when they hold control
// characters.
import { appendFileSync } from "node:fs";
import { quotePath } from "../text/quote-path.ts";

export interface CallLog {
  tool: string;
  /** The path as shown to the model: the guard has already quoted it if it holds control characters. */
  path: string | undefined;
  outcome: string;
  ms: number;
}

export type Logger = (entry: CallLog) => void;

/** A log file's path, stderr, or nowhere (`undefined`). */
export type LogTarget = string | typeof STDERR | undefined;
export const STDERR = Symbol("stderr");

export function createLogger(logFile: LogTarget): Logger {
  return (entry) => {
    writeLogLine(
      logFile,
      `${quotePath(entry.tool)} ${entry.path ?? "-"} ${entry.outcome} ${entry.ms.toFixed(1)}ms`,
    );
  };
}

/** Appends one timestamped line; `text` must already be a single line. */
export function writeLogLine(logFile: LogTarget, text: string): void {
  if (logFile === undefined) return;
  const line = `${new Date().toISOString()} ${text}\n`;
  try {
    if (logFile === STDERR) writeStderr(line);
    else appendFileSync(logFile, line);
  } catch {
    // Logging must never break a tool call.
  }
}

let stderr: ReturnType<typeof Bun.stderr.writer> | undefined;

/**
 * Writes to stderr through Bun's file sink, which buffers what the pipe cannot take yet (a client that never
 * reads stderr must not stall lapp). Not process.stderr: loading Node's stream layer for it cost ~10 ms per start.
 */
export function writeStderr(text: string): void {
  stderr ??= Bun.stderr.writer();
  stderr.write(text);
  void stderr.flush();
}
