// How ignore files are read (ignore-files.ts): every byte of one longer than a read chunk, none of one over the cap
// (1 MiB, counted in bytes read), and each file's own text only, though one buffer serves them all in turn.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_IGNORE_FILE_BYTES } from "../../src/search/limits.ts";
import { NO_OVERRIDES } from "../../src/search/overrides.ts";
import { walkFiles } from "../../src/search/walk.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const temp = makeTempRoot("lapp-ignore-reads-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The files walked under a fresh folder holding `files` (name → text), sorted by relative path. */
function walked(name: string, files: Record<string, string>): string[] {
  const root = join(temp, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const options = { root, start: root, isBlocked: () => false, overrides: NO_OVERRIDES, env: {} };
  return [...walkFiles(options)].map((file) => file.relative).sort();
}

/** Comment lines filling `bytes` bytes, then `rules`. */
function padded(bytes: number, rules: string): string {
  const filler = "# filler line of an ignore file, long enough to fill the chunks\n";
  return filler.repeat(Math.ceil(bytes / filler.length)).slice(0, bytes - rules.length) + rules;
}

test("the rules at the end of an ignore file of many read chunks apply", () => {
  for (const bytes of [64 * 1024 - 5, 64 * 1024, 64 * 1024 + 1, 300 * 1024, MAX_IGNORE_FILE_BYTES]) {
    const files = walked(`long-${bytes}`, {
      ".ignore": padded(bytes, "\nsecret.txt\n"),
      "secret.txt": "x",
      "kept.txt": "x",
    });
    expect({ bytes, files }).toEqual({ bytes, files: [".ignore", "kept.txt"] });
  }
});

test("an ignore file over the cap is not read: none of its rules apply", () => {
  const files = walked("over-cap", {
    ".ignore": `secret.txt\n${padded(MAX_IGNORE_FILE_BYTES, "\n")}`,
    "secret.txt": "x",
  });
  expect(files).toEqual([".ignore", "secret.txt"]);
});

test("after a long ignore file, a short one is read as its own text alone", () => {
  // The long one first (path order): its bytes stay in the buffer past the short one's end.
  const files = walked("in-turn", {
    "a/.ignore": padded(200 * 1024, "\nfirst.txt\n"),
    "a/first.txt": "x",
    "b/.ignore": "second.txt",
    "b/first.txt": "x",
    "b/second.txt": "x",
  });
  expect(files).toEqual(["a/.ignore", "b/.ignore", "b/first.txt"]);
});
