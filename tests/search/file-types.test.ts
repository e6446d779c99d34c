// The `type` table is ripgrep 13's own (`rg --type-list`, when that rg is installed), types match file names only,
// and they decide after `glob` (ripgrep's order); trees are compared with rg -t in ripgrep-modes.test.ts.
import { describe, expect, test } from "bun:test";
import {
  FILE_TYPE_NAMES,
  FILE_TYPES,
  fileTypeTest,
  unknownFileType,
  withFileTypes,
} from "../../src/search/file-types.ts";
import { compileOverrides, NO_OVERRIDES } from "../../src/search/overrides.ts";

const RG = Bun.which("rg");
const rgVersion = RG ? Bun.spawnSync([RG, "--version"]).stdout.toString() : "";

describe.skipIf(!rgVersion.startsWith("ripgrep 13."))("the table is ripgrep 13's", () => {
  test("every type lapp knows has exactly the globs `rg --type-list` gives it", () => {
    const listed = new Map(
      Bun.spawnSync([RG!, "--no-config", "--type-list"])
        .stdout.toString()
        .trim()
        .split("\n")
        .map((line) => {
          const [name, globs] = line.split(": ") as [string, string];
          return [name, globs.split(", ")] as const;
        }),
    );
    for (const name of FILE_TYPE_NAMES)
      expect({ name, globs: FILE_TYPES[name] }).toEqual({ name, globs: listed.get(name) });
  });
});

describe("file types", () => {
  test("the common languages are there", () => {
    for (const name of ["ts", "js", "py", "rust", "go", "java", "c", "cpp", "md", "json", "yaml", "sh"])
      expect(FILE_TYPE_NAMES).toContain(name);
  });

  test("a type matches the file's name only, with its globs' classes and literal names", () => {
    const ts = fileTypeTest(["ts"]);
    expect(ts("app.ts")).toBe(true);
    expect(ts("view.tsx")).toBe(true);
    expect(ts("app.ts.bak")).toBe(false);
    const c = fileTypeTest(["c"]);
    expect(c("x.H")).toBe(true);
    expect(c("x.h.in")).toBe(true);
    const make = fileTypeTest(["make"]);
    expect(make("GNUmakefile")).toBe(true);
    expect(make("makefile")).toBe(true);
    expect(make("xmakefile")).toBe(false);
    expect(fileTypeTest(["ts", "py"])("a.py")).toBe(true);
  });

  test("an unknown name is named", () => {
    expect(unknownFileType(["ts", "typescript", "py"])).toBe("typescript");
    expect(unknownFileType(["ts"])).toBeUndefined();
    expect(unknownFileType(["constructor"])).toBe("constructor");
  });

  test("types decide after glob, never for directories (ripgrep's order)", () => {
    const onlyTs = withFileTypes(NO_OVERRIDES, fileTypeTest(["ts"]));
    expect(onlyTs.verdict("src/a.py", false)).toBe("ignore");
    expect(onlyTs.verdict("src/a.ts", false)).toBeUndefined();
    expect(onlyTs.verdict("src.py", true)).toBeUndefined();
    const globbed = compileOverrides(["*.md"]);
    if (!globbed.ok) throw new Error("bad glob");
    const both = withFileTypes(globbed.overrides, fileTypeTest(["ts"]));
    expect(both.verdict("README.md", false)).toBe("whitelist");
    expect(both.verdict("a.ts", false)).toBe("ignore");
  });
});
