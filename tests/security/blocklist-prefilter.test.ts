// The block list's fast path (a plain pattern's regex runs only on paths holding its longest name run) answers
// exactly what picomatch answers for the same patterns, on default and hostile patterns and paths of any case.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import picomatch from "picomatch";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { compileBlocklist, requiredRun } from "../../src/security/blocklist.ts";

const options = { dot: true, windows: false, nocase: true } as const;
const PATTERNS = [
  ...DEFAULT_BLOCK_PATTERNS,
  "*.LOG",
  "build/**",
  "a?c/*.tmp",
  "**/x.y.z",
  "{one,two}.txt",
  "!(keep).md",
  "[ab]cd.txt",
  "./local.cfg",
  "deep/**/.Env",
  // Its required run is a directory's name: a file below holds it only through its parent.
  "**/private_keys/*.txt",
];
const pieces = [
  ".env",
  ".ENV",
  ".env.local",
  "secrets.json",
  "Credentials.yml",
  "id_rsa",
  "ID_RSA.pub",
  "x.pem",
  "K.KEY",
  ".aws",
  "credentials",
  "config",
  ".ssh",
  "known_hosts",
  ".netrc",
  ".npmrc",
  "build",
  "abc",
  "a1c",
  "x.y.z",
  "one.txt",
  "two.txt",
  "keep.md",
  "other.md",
  "acd.txt",
  "bcd.txt",
  "local.cfg",
  "deep",
  "src",
  "İ",
  "\u212a.key",
  "notes.log",
  "x.LOG",
  "f.tmp",
  ".",
  "..",
  "é",
  "private_keys",
  "Private_Keys",
  "notes.txt",
];
const path = fc
  .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join("/"));

describe("block list fast path", () => {
  test("blocks exactly what picomatch matches on a path or an ancestor", () => {
    const reference = picomatch([...PATTERNS], options);
    const blocklist = compileBlocklist(PATTERNS, []);
    const expected = (relative: string) => {
      const parts = relative.split("/");
      for (let end = parts.length; end > 0; end--) if (reference(parts.slice(0, end).join("/"))) return true;
      return false;
    };
    fc.assert(
      fc.property(path, (relative) => {
        expect(blocklist.isBlocked(relative)).toBe(expected(relative));
      }),
      { numRuns: 3000 },
    );
  });

  test("only plain patterns get a required run", () => {
    expect(requiredRun("**/.env.*")).toBe(".env.");
    expect(requiredRun("**/*.PEM")).toBe(".pem");
    expect(requiredRun("{one,two}.txt")).toBeUndefined();
    expect(requiredRun("[ab]cd.txt")).toBeUndefined();
    expect(requiredRun("./local.cfg")).toBeUndefined();
    expect(requiredRun("**/*")).toBeUndefined();
  });
});
