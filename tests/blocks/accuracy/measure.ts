// Full accuracy measurement (not part of `bun test`): every JS/TS file in node_modules against the
// TypeScript compiler, every standard-library Python file against ast. Run: bun tests/blocks/accuracy/measure.ts

import { JS_FULL_GLOBS, jsFiles, pythonFiles, report, scoreJs, scorePython, total } from "./corpus.ts";

const started = performance.now();
const js = scoreJs(jsFiles(JS_FULL_GLOBS));
console.log(report("JavaScript/TypeScript", js.scores, js.files));
const python = scorePython(pythonFiles(1));
console.log(report("Python", python.scores, python.files));
console.log(`(${python.withTrailingComments} Python blocks include trailing comment lines)`);
const failures = [...total(js.scores).failures, ...total(python.scores).failures];
if (failures.length > 0) console.log(`\nfailures:\n${failures.join("\n")}`);
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
