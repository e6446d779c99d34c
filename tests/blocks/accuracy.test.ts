// lapp_find_block agrees with real parsers on real code: on the header line of each definition it must
// return exactly the span the TypeScript compiler (JS) or Python's `ast` (stdlib) gives, ≥ 99% per language.

import { describe, expect, test } from "bun:test";
import {
  JS_SAMPLE_GLOBS,
  jsFiles,
  pythonFiles,
  report,
  scoreJs,
  scorePython,
  total,
} from "./accuracy/corpus.ts";

const THRESHOLD = 0.99;
/** Every tenth standard-library file keeps the test quick and still covers ~180 modules. */
const PYTHON_STRIDE = 10;

describe("accuracy against real parsers", () => {
  test("JavaScript: spans of functions, classes and methods match the TypeScript compiler", () => {
    const { scores, files } = scoreJs(jsFiles(JS_SAMPLE_GLOBS));
    const all = total(scores);
    console.log(report("JavaScript", scores, files));
    if (all.failures.length > 0) console.log(all.failures.slice(0, 10).join("\n"));
    expect(files).toBeGreaterThanOrEqual(100);
    expect(all.total).toBeGreaterThanOrEqual(5000);
    expect(all.correct / all.total).toBeGreaterThanOrEqual(THRESHOLD);
  }, 60_000);

  test("Python: spans of functions and classes match ast", () => {
    const { scores, files, withTrailingComments } = scorePython(pythonFiles(PYTHON_STRIDE));
    const all = total(scores);
    console.log(
      report("Python", scores, files),
      `\n  (${withTrailingComments} include trailing comment lines)`,
    );
    if (all.failures.length > 0) console.log(all.failures.slice(0, 10).join("\n"));
    expect(files).toBeGreaterThanOrEqual(100);
    expect(all.total).toBeGreaterThanOrEqual(2000);
    expect(all.correct / all.total).toBeGreaterThanOrEqual(THRESHOLD);
  }, 60_000);
});
