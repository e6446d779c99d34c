// The outline of a bundle (src/outline/build.ts): a top-level block spanning nearly the whole file wraps it, so its
// members are listed as a file's top level is (TypeScript's typescript.js is one such block); a block over a smaller
// share of the file keeps its members to spare pages.
import { expect, test } from "bun:test";
import { analyzeBlocks } from "../../src/blocks/find.ts";
import { detectLanguage } from "../../src/blocks/language.ts";
import { buildOutline } from "../../src/outline/build.ts";

const functions = (count: number) =>
  Array.from({ length: count }, (_, index) => [
    `function f${index}(x) {`,
    `  return x + ${index};`,
    "}",
  ]).flat();

const essentialNames = (lines: string[]) =>
  buildOutline(lines, detectLanguage("bundle.js", lines), () => analyzeBlocks(lines, "bundle.js"))
    .entries.filter((entry) => entry.essential)
    .map((entry) => entry.name);

test("the members of a block wrapping the file are essential, as top-level declarations are", () => {
  const lines = ["var ns = {}; ((module) => {", ...functions(3), "})(ns);"];
  expect(essentialNames(lines)).toEqual(["ns", "f0(x)", "f1(x)", "f2(x)"]);
});

test("a block spanning less than nine tenths of the file wraps nothing: its members are listed as room allows", () => {
  const lines = ["var ns = {}; ((module) => {", ...functions(3), "})(ns);", ...functions(1)];
  expect(essentialNames(lines)).toEqual(["ns", "f0(x)"]);
});
