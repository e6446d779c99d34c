// Which block rules a file gets: by base name, by extension, then by shebang or first-line marker.

import { describe, expect, test } from "bun:test";
import { detectLanguage, shebangInterpreter } from "../../src/blocks/language.ts";

const CASES: readonly (readonly [fileName: string, firstLine: string, family: string, dialect: string])[] = [
  ["src/app.ts", "", "brace", "ts"],
  ["src/App.TSX", "", "brace", "tsx"],
  ["lib/index.mjs", "", "brace", "js"],
  ["a/b.jsx", "", "brace", "jsx"],
  ["main.c", "", "brace", "c"],
  ["x.hpp", "", "brace", "cpp"],
  ["Program.cs", "", "brace", "csharp"],
  ["Main.java", "", "brace", "java"],
  ["main.go", "", "brace", "go"],
  ["lib.rs", "", "brace", "rust"],
  ["App.kt", "", "brace", "kotlin"],
  ["View.swift", "", "brace", "swift"],
  ["index.php", "", "brace", "php"],
  ["style.scss", "", "brace", "scss"],
  ["package.json", "", "brace", "json"],
  ["main.tf", "", "brace", "hcl"],
  ["tool.py", "", "indent", "python"],
  ["BUILD", "", "indent", "python"],
  ["ci.yml", "", "indent", "yaml"],
  ["Makefile", "", "indent", "generic"],
  ["README.md", "", "headings", "markdown"],
  ["Cargo.toml", "", "headings", "ini"],
  ["Gemfile", "", "keyword-end", "ruby"],
  ["init.lua", "", "keyword-end", "lua"],
  ["run.sh", "", "keyword-end", "shell"],
  ["bin/tool", "#!/usr/bin/env python3", "indent", "python"],
  ["bin/tool", "#!/usr/bin/env -S node --no-warnings", "brace", "js"],
  ["bin/tool", "#!/bin/bash", "keyword-end", "shell"],
  ["bin/tool", "#!/usr/bin/ruby -w", "keyword-end", "ruby"],
  ["page", "<?php", "brace", "php"],
  ["data", "{", "brace", "json"],
  ["notes", "plain text", "brace", "generic"],
];

describe("detectLanguage", () => {
  for (const [fileName, firstLine, family, dialect] of CASES) {
    test(`${fileName} ${firstLine}`.trim(), () => {
      expect(detectLanguage(fileName, [firstLine])).toEqual({ family, dialect } as never);
    });
  }
  test("the file name wins over the shebang", () => {
    expect(detectLanguage("x.py", ["#!/bin/sh"])).toEqual({ family: "indent", dialect: "python" });
  });
});

describe("shebangInterpreter", () => {
  test("plain path", () => expect(shebangInterpreter("#!/usr/bin/python3.12")).toBe("python3.12"));
  test("env with flags", () => expect(shebangInterpreter("#!/usr/bin/env -S deno run")).toBe("deno"));
  test("not a shebang", () => expect(shebangInterpreter("# comment")).toBeUndefined());
});
