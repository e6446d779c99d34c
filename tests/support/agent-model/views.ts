// What the simulated agent remembers (tests/session/agent-model.test.ts): every ref any answer ever showed it —
// read pages, grep rows and context rows, edit results, error payloads — with the line behind it as the truth says,
// and when it saw it. Its context keeps every view; it may pick a ref from any of them.

import { lineId } from "../../../src/hashline/hash.ts";
import type { Line } from "./truth.ts";

export interface Memory {
  file: string;
  ref: string;
  /** The identity of the line the view showed under `ref`. */
  id: number;
  /** The agent's clock when the view arrived. */
  time: number;
}

/** A row an answer shows: its number, ID and displayed text. */
export interface ShownRow {
  line: number;
  id: string;
  text: string;
}

const ROW = /^(?:>>> | {4})?(\d+)#([A-Z]{2})[:-](.*)$/;

/** Rows of a one-file answer (read page, edit result, error payload). */
export function rowsOf(text: string): ShownRow[] {
  const rows: ShownRow[] = [];
  for (const line of text.split("\n")) {
    const match = ROW.exec(line);
    if (match) rows.push({ line: Number(match[1]), id: match[2]!, text: match[3]! });
  }
  return rows;
}

/** Rows of a lapp_grep text answer, by the path line they follow. */
export function grepRowsOf(text: string): Map<string, ShownRow[]> {
  const files = new Map<string, ShownRow[]>();
  let current: ShownRow[] | undefined;
  for (const line of text.split("\n")) {
    const match = ROW.exec(line);
    if (match && current) current.push({ line: Number(match[1]), id: match[2]!, text: match[3]! });
    else if (line === "" || line === "--" || line.startsWith("[")) continue;
    else if (!match) files.set(line, (current = files.get(line) ?? []));
  }
  return files;
}

/**
 * The identity a row shows in one of `versions` of its file (the file as it was at each moment the answer could
 * have been made): the one every matching version agrees on, or undefined when they disagree or none matches.
 */
export function identityOf(row: ShownRow, versions: readonly (readonly Line[])[]): number | undefined {
  const found = new Set<number>();
  for (const lines of versions) {
    const line = lines[row.line - 1];
    if (line && line.text === row.text && lineId(row.line, line.text) === row.id) found.add(line.id);
  }
  return found.size === 1 ? [...found][0] : undefined;
}
