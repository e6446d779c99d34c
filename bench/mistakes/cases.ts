// The files the mistakes are made on (pinned in corpus.json's tarballs, several languages) and the cases: every
// kind at a few targets of every file, each target the first line from a fixed point on where the kind fits.

import { readFileSync } from "node:fs";
import { corpusFilePath } from "../corpus/fetch.ts";
import { KINDS } from "./kinds.ts";
import type { Kind, Mistake } from "./model.ts";

export interface CorpusFile {
  package: string;
  version: string;
  path: string;
  language: "python" | "javascript" | "typescript" | "markdown";
}

export const MISTAKE_FILES: readonly CorpusFile[] = [
  { package: "node-gyp", version: "10.0.0", path: "gyp/pylib/gyp/input.py", language: "python" },
  { package: "node-gyp", version: "11.5.0", path: "gyp/pylib/gyp/xcodeproj_file.py", language: "python" },
  { package: "express", version: "4.21.0", path: "lib/response.js", language: "javascript" },
  { package: "commander", version: "12.1.0", path: "lib/command.js", language: "javascript" },
  { package: "lodash", version: "4.17.21", path: "lodash.js", language: "javascript" },
  { package: "zod", version: "4.1.0", path: "src/v4/core/util.ts", language: "typescript" },
  { package: "rxjs", version: "7.8.2", path: "src/internal/Subscriber.ts", language: "typescript" },
  { package: "axios", version: "1.7.0", path: "README.md", language: "markdown" },
];

/** Where in each file the targets are looked for, as fractions of its length. */
const TARGET_POINTS = [0.31, 0.68];

export interface Case {
  kind: Kind;
  file: CorpusFile;
  /** The file's text and lines (LF; every corpus file here is LF). */
  text: string;
  lines: string[];
  at: number;
  mistake: Mistake;
}

export function linesOf(text: string): string[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** Every kind at every target of every file (a kind that fits nowhere past a point is skipped there). */
export function buildCases(
  files: readonly CorpusFile[] = MISTAKE_FILES,
  read = (file: CorpusFile) => readFileSync(corpusFilePath(file), "utf8"),
): Case[] {
  const cases: Case[] = [];
  for (const file of files) {
    const text = read(file);
    const lines = linesOf(text);
    for (const kind of KINDS) {
      const taken = new Set<number>();
      for (const point of TARGET_POINTS) {
        for (let at = Math.max(2, Math.floor(lines.length * point)); at < lines.length - 3; at++) {
          if (taken.has(at)) continue;
          const mistake = kind.make(lines, at);
          if (!mistake) continue;
          taken.add(at);
          cases.push({ kind, file, text, lines, at, mistake });
          break;
        }
      }
    }
  }
  return cases;
}
