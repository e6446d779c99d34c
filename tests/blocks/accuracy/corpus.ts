// The real-code corpus of the accuracy test and its scoring: JS/TS files from installed npm packages
// checked against the TypeScript compiler, standard-library Python checked against `ast`.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";
import { analyzeBlocks } from "../../../src/blocks/find.ts";
import { decodeDocument } from "../../../src/text/codec.ts";
import { referenceSpans } from "./js-spans.ts";

const ROOT = join(import.meta.dir, "../../..");
const NODE_MODULES = join(ROOT, "node_modules");
const PYTHON_SPANS = join(import.meta.dir, "python_spans.py");

/** Published JS the sample is drawn from: compiled TS, hand-written CommonJS, ESM bundles. */
export const JS_SAMPLE_GLOBS = [
  "@modelcontextprotocol/sdk/dist/cjs/**/*.js",
  "@modelcontextprotocol/sdk/dist/esm/**/*.js",
  "picomatch/lib/*.js",
  "valibot/dist/index.js",
  "fast-check/lib/**/*.js",
  "hono/dist/**/*.js",
  "express/lib/**/*.js",
  "ajv/dist/**/*.js",
  "prettier/index.mjs",
  "typescript/lib/_tsserver.js",
];

/** Every package's JS, for a full measurement. */
export const JS_FULL_GLOBS = ["**/*.{js,mjs,cjs}", "**/*.d.ts"];

export interface Score {
  correct: number;
  total: number;
  readonly failures: string[];
}

export type Scores = Record<string, Score>;

const scoreOf = (scores: Scores, key: string): Score =>
  (scores[key] ??= { correct: 0, total: 0, failures: [] });

/** A line far longer than code is written with: a minified bundle, where lines hold many definitions. */
const looksMinified = (text: string, lineCount: number): boolean =>
  text.length / Math.max(1, lineCount) > 300;

function linesOf(path: string): readonly string[] {
  return decodeDocument(new Uint8Array(readFileSync(path))).lines;
}

export function jsFiles(globs: readonly string[]): string[] {
  const files = new Set<string>();
  for (const pattern of globs) {
    for (const file of new Glob(pattern).scanSync({ cwd: NODE_MODULES, absolute: true })) files.add(file);
  }
  return [...files].sort();
}

/** Scores `findBlock` on the header line of every definition in `files` against TypeScript's spans. */
export function scoreJs(files: readonly string[]): { scores: Scores; files: number } {
  const scores: Scores = {};
  let used = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const lines = linesOf(file);
    if (looksMinified(text, lines.length)) continue;
    used++;
    const finder = analyzeBlocks(lines, file);
    for (const span of referenceSpans(file, text)) {
      const score = scoreOf(scores, span.kind);
      score.total++;
      const found = finder.find(span.start);
      if (found.ok && found.value.start === span.start && found.value.end === span.end) score.correct++;
      else {
        const got = found.ok ? `${found.value.start}..${found.value.end}` : found.error.code;
        score.failures.push(
          `${file}:${span.start} ${span.kind}: want ${span.start}..${span.end}, got ${got}`,
        );
      }
    }
  }
  return { scores, files: used };
}

export function pythonStdlib(): string {
  const run = Bun.spawnSync(["python3", "-c", 'import sysconfig; print(sysconfig.get_paths()["stdlib"])']);
  if (run.exitCode !== 0)
    throw new Error(`python3 is needed for the accuracy test: ${run.stderr.toString()}`);
  return run.stdout.toString().trim();
}

/** Standard-library files in a fixed order; every `stride`-th one (1 = all). Third-party packages are left out. */
export function pythonFiles(stride: number): string[] {
  const stdlib = pythonStdlib();
  const all = [...new Glob("**/*.py").scanSync({ cwd: stdlib, absolute: true })]
    .filter((file) => !file.includes("/site-packages/"))
    .sort();
  return all.filter((_, index) => index % stride === stride - 1);
}

interface PythonFileSpans {
  readonly file: string;
  readonly spans: [kind: string, start: number, end: number][];
}

function pythonSpans(files: readonly string[]): PythonFileSpans[] {
  const run = Bun.spawnSync(["python3", PYTHON_SPANS, ...files], { maxBuffer: 1 << 30 });
  if (run.exitCode !== 0) throw new Error(`python_spans.py failed: ${run.stderr.toString()}`);
  return run.stdout
    .toString()
    .split("\n")
    .filter((row) => row !== "")
    .map((row) => JSON.parse(row) as PythonFileSpans);
}

/**
 * Scores `findBlock` on every `def`/`class` line against `ast`'s `lineno..end_lineno`. A found block may
 * run on over comment lines that trail the body (ast ends a body at its last statement); nothing else.
 */
export function scorePython(files: readonly string[]): {
  scores: Scores;
  files: number;
  withTrailingComments: number;
} {
  const scores: Scores = {};
  let withTrailingComments = 0;
  const parsed = pythonSpans(files);
  for (const { file, spans } of parsed) {
    const lines = linesOf(file);
    const finder = analyzeBlocks(lines, file);
    for (const [kind, start, end] of spans) {
      const score = scoreOf(scores, kind);
      score.total++;
      const found = finder.find(start);
      const extra = found.ok ? lines.slice(end, found.value.end) : [];
      const onlyComments = extra.every((text) => /^\s*#/.test(text));
      if (found.ok && found.value.start === start && found.value.end >= end && onlyComments) {
        score.correct++;
        if (extra.length > 0) withTrailingComments++;
      } else {
        const got = found.ok ? `${found.value.start}..${found.value.end}` : found.error.code;
        score.failures.push(`${file}:${start} ${kind}: want ${start}..${end}, got ${got}`);
      }
    }
  }
  return { scores, files: parsed.length, withTrailingComments };
}

export function total(scores: Scores): Score {
  const sum: Score = { correct: 0, total: 0, failures: [] };
  for (const score of Object.values(scores)) {
    sum.correct += score.correct;
    sum.total += score.total;
    sum.failures.push(...score.failures);
  }
  return sum;
}

export function report(language: string, scores: Scores, files: number): string {
  const rows = Object.entries(scores)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, score]) => `  ${kind}: ${score.correct}/${score.total}`);
  const all = total(scores);
  const percent = ((100 * all.correct) / Math.max(1, all.total)).toFixed(3);
  return [`${language}: ${all.correct}/${all.total} = ${percent}% over ${files} files`, ...rows].join("\n");
}
