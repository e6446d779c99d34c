// One log line per tool call (time, tool, path, outcome, milliseconds) to stderr or an append-only file.
import { appendFileSync } from "node:fs";

export interface CallLog {
  tool: string;
  path: string | undefined;
  outcome: string;
  ms: number;
}

export type Logger = (entry: CallLog) => void;

export function createLogger(logFile: string | undefined): Logger {
  return (entry) => {
    const line = `${new Date().toISOString()} ${entry.tool} ${entry.path ?? "-"} ${entry.outcome} ${entry.ms.toFixed(1)}ms\n`;
    try {
      if (logFile) appendFileSync(logFile, line);
      else process.stderr.write(line);
    } catch {
      // Logging must never break a tool call.
    }
  };
}
