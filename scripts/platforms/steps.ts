// The calls of a platform session (session.ts), in order, each with what its answer must show on every platform and,
// where Windows answers otherwise by design, what it must show there instead: names Windows rewrites into another
// file (a trailing dot or space, a stream, a device name, `\` as a separator, any case) and, under Wine, Unix
// symlinks, which Wine 8 shows as ordinary files (lapp's location check refuses them as FILE_CHANGED).

import { OUTSIDE_TEXT, SAMPLE } from "./fixture.ts";

export interface Check {
  /** false: not an error; a code (or any of several): that error. */
  error?: false | string | string[];
  contains?: string[];
  lacks?: string[];
  /** Bytes (latin1 for a string) each file under the root must hold after the call. */
  files?: Record<string, string | Buffer>;
}

export interface StepContext {
  /** A root-relative path as an absolute one, spelled as the server's system spells it. */
  absolute(relative: string): string;
  /** The outside file, absolute. */
  outside: string;
  windows: boolean;
  /** The refs shown by an earlier step's answer, by line. */
  refs(stepName: string): Map<number, string>;
}

export interface Step {
  name: string;
  tool: string;
  args: Record<string, unknown> | ((context: StepContext) => Record<string, unknown>);
  check: Check;
  /** What Windows answers instead (by design); absent: the same answer as Linux, byte for byte. */
  windows?: Check;
}

/** What no answer may ever show: outside bytes, blocked secrets, ignored or blocked files' lines. */
const SECRETS = ["OUTSIDE-BYTES", "sekrit", "BEGIN needle", "private plan"];
const EDITED_SAMPLE = SAMPLE.replace("oldCall();", "newCall();") + "// tail\n";
const FINAL_SAMPLE = EDITED_SAMPLE.replace(
  "export function first() {\n  return 1;\n}",
  "export function first() {\n  return 100;\n}",
);
const DEEP = Array.from({ length: 5 }, (_, index) => `${index}${"d".repeat(59)}`).join("/");
const ref = (context: StepContext, step: string, line: number) =>
  context.refs(step).get(line) ?? `${line}#??`;

export const STEPS: readonly Step[] = [
  // ---- read, edit, write
  {
    name: "read sample.ts",
    tool: "lapp_read",
    args: { path: "sample.ts" },
    check: { error: false, contains: ["oldCall();"] },
  },
  {
    name: "edit sample.ts: one line replaced, one appended",
    tool: "lapp_edit",
    args: (c) => ({
      path: "sample.ts",
      edits: [
        { type: "replace", anchor: ref(c, "read sample.ts", 6), content: "  newCall();" },
        { type: "insert_after", anchor: "EOF:", content: "// tail" },
      ],
    }),
    check: { error: false, files: { "sample.ts": EDITED_SAMPLE } },
  },
  {
    name: "read sample.ts again",
    tool: "lapp_read",
    args: { path: "sample.ts" },
    check: { error: false, contains: ["newCall();", "// tail"], lacks: ["oldCall"] },
  },
  {
    name: "edit with a stale ref",
    tool: "lapp_edit",
    args: (c) => ({
      path: "sample.ts",
      edits: [{ type: "replace", anchor: ref(c, "read sample.ts", 6), content: "  x();" }],
    }),
    check: { error: "HASH_MISMATCH", files: { "sample.ts": EDITED_SAMPLE } },
  },
  {
    name: "edit dry_run writes nothing",
    tool: "lapp_edit",
    args: {
      path: "sample.ts",
      dry_run: true,
      edits: [{ type: "insert_after", anchor: "0:", content: "// head" }],
    },
    check: { error: false, files: { "sample.ts": EDITED_SAMPLE } },
  },
  {
    name: "read by absolute path",
    tool: "lapp_read",
    args: (c) => ({ path: c.absolute("sample.ts"), limit: 2 }),
    check: { error: false, contains: ["first"] },
  },
  {
    name: "write a new file in new folders",
    tool: "lapp_write",
    args: { path: "new/deeper/made.txt", content: "made\nhere\n" },
    check: { error: false, files: { "new/deeper/made.txt": "made\nhere\n" } },
  },
  {
    name: "write a new file with CRLF",
    tool: "lapp_write",
    args: { path: "top.txt", content: "a\r\nb\r\n" },
    check: { error: false, files: { "top.txt": "a\r\nb\r\n" } },
  },
  {
    name: "write a new file in a subfolder",
    tool: "lapp_write",
    args: { path: "src/app/added.ts", content: "export {};\n" },
    check: { error: false, files: { "src/app/added.ts": "export {};\n" } },
  },
  {
    name: "read a file in a subfolder",
    tool: "lapp_read",
    args: { path: "src/lib/other.ts" },
    check: { error: false, contains: ["other = 0"] },
  },
  {
    name: "edit a file in a subfolder",
    tool: "lapp_edit",
    args: (c) => ({
      path: "src/lib/other.ts",
      edits: [
        {
          type: "insert_after",
          anchor: ref(c, "read a file in a subfolder", 1),
          content: "export const more = 1;",
        },
      ],
    }),
    check: {
      error: false,
      files: { "src/lib/other.ts": "export const other = 0;\nexport const more = 1;\n" },
    },
  },
  {
    name: "read a deep file by absolute path",
    tool: "lapp_read",
    args: (c) => ({ path: c.absolute("src/app/util/deep.ts") }),
    check: { error: false, contains: ["needle deep"] },
  },
  {
    name: "read a folder",
    tool: "lapp_read",
    args: { path: "src" },
    check: { error: "IS_DIRECTORY", contains: ["app/", "lib/"] },
  },
  {
    name: "read the root folder",
    tool: "lapp_read",
    args: { path: "." },
    check: { error: "IS_DIRECTORY", contains: ["sample.ts", "gen/"], lacks: [".env\n"] },
  },
  {
    name: "write over an existing file",
    tool: "lapp_write",
    args: { path: "sample.ts", content: "x" },
    check: { error: "FILE_EXISTS", files: { "sample.ts": EDITED_SAMPLE } },
  },
  {
    name: "write ../escape.txt",
    tool: "lapp_write",
    args: { path: "../escape.txt", content: "x" },
    check: { error: "PATH_OUTSIDE_ROOT" },
  },
  {
    name: "write a blocked name",
    tool: "lapp_write",
    args: { path: "src/.env.production", content: "x" },
    check: { error: "PATH_BLOCKED" },
  },

  // Past Windows' old 260-character limit: Bun opens such paths, and so must lapp's location check.
  {
    name: "write a file deeper than 260 characters",
    tool: "lapp_write",
    args: { path: `${DEEP}/deep.txt`, content: "deep needle\n" },
    check: { error: false, files: { [`${DEEP}/deep.txt`]: "deep needle\n" } },
  },
  {
    name: "read a file deeper than 260 characters",
    tool: "lapp_read",
    args: { path: `${DEEP}/deep.txt` },
    check: { error: false, contains: ["deep needle"] },
  },

  // ---- search: relative paths, globs, ignore files and the block list as on Linux
  {
    name: "grep the whole root",
    tool: "lapp_grep",
    args: { pattern: "needle" },
    check: {
      error: false,
      contains: ["src/app/util/deep.ts", "needle main", "part18", "needle in notes"],
      lacks: [...SECRETS, "part24", "skipped by", "build output", "in a log"],
    },
  },
  {
    name: "grep structured",
    tool: "lapp_grep",
    args: { pattern: "needle", format: "structured", context: 0 },
    check: { error: false, lacks: SECRETS },
  },
  {
    name: "grep ignoring case",
    tool: "lapp_grep",
    args: { pattern: "NEEDLE DEEP", ignore_case: true, context: 0 },
    check: { error: false, contains: ["deep.ts"] },
  },
  {
    name: "grep a regex",
    tool: "lapp_grep",
    args: { pattern: "needle (deep|main)", context: 0 },
    check: { error: false, contains: ["deep.ts", "main.ts"] },
  },
  {
    name: "grep a literal",
    tool: "lapp_grep",
    args: { pattern: "helper()", literal: true, context: 0 },
    check: { error: false, contains: ["src/app/main.ts"] },
  },
  {
    name: "grep a glob at any depth",
    tool: "lapp_grep",
    args: { pattern: "needle", glob: "*.ts", context: 0 },
    check: { error: false, contains: ["deep.ts"], lacks: ["guide"] },
  },
  {
    name: "grep a folder",
    tool: "lapp_grep",
    args: { pattern: "needle part", path: "gen", context: 1 },
    check: { error: false, contains: ["gen/part00.txt", "gen/part18.txt"], lacks: ["part24"] },
  },
  {
    name: "grep a nested folder: paths from the root",
    tool: "lapp_grep",
    args: { pattern: "needle", path: "src/app", context: 0 },
    check: { error: false, contains: ["src/app/util/deep.ts", "src/app/main.ts"], lacks: ["<ROOT>"] },
  },
  {
    name: "grep a folder with a root-anchored glob",
    tool: "lapp_grep",
    args: { pattern: "needle", path: "src", glob: "src/app/util/**", context: 0 },
    check: { error: false, contains: ["deep.ts"], lacks: ["main.ts"] },
  },
  {
    name: "grep a folder holding a user-blocked folder",
    tool: "lapp_grep",
    args: { pattern: "needle", path: "docs", context: 0 },
    check: { error: false, contains: ["needle in the guide"], lacks: SECRETS },
  },
  {
    name: "grep a folder holding a blocked file",
    tool: "lapp_grep",
    args: { pattern: "API_KEY", path: "config" },
    check: { lacks: SECRETS },
  },
  {
    name: "grep a folder of keys",
    tool: "lapp_grep",
    args: { pattern: "needle", path: "keys" },
    check: { lacks: SECRETS },
  },
  {
    name: "grep outside the root",
    tool: "lapp_grep",
    args: { pattern: "needle", path: ".." },
    check: { error: "PATH_OUTSIDE_ROOT" },
  },
  {
    name: "grep a blocked file",
    tool: "lapp_grep",
    args: { pattern: "API", path: ".env" },
    check: { error: "PATH_BLOCKED" },
  },
  {
    name: "grep the root named",
    tool: "lapp_grep",
    args: { pattern: "needle", path: ".", context: 0 },
    check: { error: false, lacks: [...SECRETS, "part24", "in a log"] },
  },
  {
    name: "grep a named ignored file",
    tool: "lapp_grep",
    args: { pattern: "needle", path: "trace.log", context: 0 },
    check: { error: false, contains: ["needle in a log"] },
  },
  {
    name: "grep a named file an anchored rule ignores",
    tool: "lapp_grep",
    args: { pattern: "needle", path: "gen/part24.txt", context: 0 },
    check: { error: false, contains: ["needle part24"] },
  },
  {
    name: "grep a folder by absolute path",
    tool: "lapp_grep",
    args: (c) => ({ pattern: "needle", path: c.absolute("src/app"), context: 0 }),
    check: { error: false, contains: ["src/app/util/deep.ts"], lacks: ["<ROOT>"] },
  },
  {
    name: "grep an ignored folder by absolute path",
    tool: "lapp_grep",
    args: (c) => ({ pattern: "needle", path: c.absolute("gen"), context: 0 }),
    check: { error: false, contains: ["gen/part18.txt"], lacks: ["part24"] },
  },
  {
    name: "grep a folder named with backslashes",
    tool: "lapp_grep",
    args: { pattern: "needle", path: "src\\app", context: 0 },
    check: { error: "NOT_FOUND" },
    windows: { error: false, contains: ["src/app/util/deep.ts"] },
  },
  {
    name: "grep a streamed file",
    tool: "lapp_grep",
    args: { pattern: "big 140000 ", path: "big.txt", context: 0 },
    check: { error: false, contains: ["140000"] },
  },

  // ---- blocks
  {
    name: "find_block",
    tool: "lapp_find_block",
    args: { path: "sample.ts", pattern: "function second" },
    check: { error: false, contains: ["newCall();"] },
  },
  {
    name: "replace_block",
    tool: "lapp_replace_block",
    args: {
      path: "sample.ts",
      pattern: "function first",
      content: "export function first() {\n  return 100;\n}",
    },
    check: { error: false, files: { "sample.ts": FINAL_SAMPLE } },
  },
  {
    name: "read the outline",
    tool: "lapp_read",
    args: { path: "sample.ts", outline: true },
    check: { error: false, contains: ["first", "second"] },
  },

  // ---- containment and the block list
  {
    name: "read ../outside.txt",
    tool: "lapp_read",
    args: { path: "../outside.txt" },
    check: { error: "PATH_OUTSIDE_ROOT", lacks: SECRETS },
  },
  {
    name: "read the outside file by absolute path",
    tool: "lapp_read",
    args: (c) => ({ path: c.outside }),
    check: { error: "PATH_OUTSIDE_ROOT", lacks: SECRETS },
    // The answer repeats the path as given, and Windows gives it with `\`.
    windows: { error: "PATH_OUTSIDE_ROOT", lacks: SECRETS },
  },
  {
    name: "read the outside file by absolute path with `/`",
    tool: "lapp_read",
    args: (c) => ({ path: c.outside.replaceAll("\\", "/") }),
    check: { error: "PATH_OUTSIDE_ROOT", lacks: SECRETS },
  },
  {
    name: "read a symlink pointing out",
    tool: "lapp_read",
    args: { path: "link-out.txt" },
    check: { error: "PATH_OUTSIDE_ROOT", lacks: [OUTSIDE_TEXT.trim()] },
    windows: { error: ["PATH_OUTSIDE_ROOT", "FILE_CHANGED"], lacks: SECRETS },
  },
  {
    name: "read a symlink to .env",
    tool: "lapp_read",
    args: { path: "link-env.txt" },
    check: { error: "PATH_BLOCKED", lacks: SECRETS },
    windows: { error: ["PATH_BLOCKED", "FILE_CHANGED"], lacks: SECRETS },
  },
  {
    name: "read .env",
    tool: "lapp_read",
    args: { path: ".env" },
    check: { error: "PATH_BLOCKED", lacks: SECRETS },
  },
  {
    name: "read .ENV",
    tool: "lapp_read",
    args: { path: ".ENV" },
    check: { error: "PATH_BLOCKED", lacks: SECRETS },
  },
  {
    name: "read config/.env.local",
    tool: "lapp_read",
    args: { path: "config/.env.local" },
    check: { error: "PATH_BLOCKED", lacks: SECRETS },
  },
  {
    name: "read keys/server.pem",
    tool: "lapp_read",
    args: { path: "keys/server.pem" },
    check: { error: "PATH_BLOCKED", lacks: SECRETS },
  },
  {
    name: "read a user-blocked file",
    tool: "lapp_read",
    args: { path: "docs/private/plan.txt" },
    check: { error: "PATH_BLOCKED", lacks: SECRETS },
  },
  {
    name: "edit .env",
    tool: "lapp_edit",
    args: { path: ".env", edits: [{ type: "insert_after", anchor: "0:", content: "x" }] },
    check: { error: "PATH_BLOCKED" },
  },
  {
    name: "read .env. (trailing dot)",
    tool: "lapp_read",
    args: { path: ".env." },
    check: { error: "PATH_BLOCKED", lacks: SECRETS },
    windows: { error: "PATH_OUTSIDE_ROOT", lacks: SECRETS },
  },
  {
    name: "read '.env ' (trailing space)",
    tool: "lapp_read",
    args: { path: ".env " },
    check: { error: "NOT_FOUND", lacks: SECRETS },
    windows: { error: "PATH_OUTSIDE_ROOT", lacks: SECRETS },
  },
  {
    name: "read config\\.ENV.local",
    tool: "lapp_read",
    args: { path: "config\\.ENV.local" },
    check: { error: "NOT_FOUND", lacks: SECRETS },
    windows: { error: "PATH_BLOCKED", lacks: SECRETS },
  },
  {
    name: "read .env::$DATA (a stream)",
    tool: "lapp_read",
    args: { path: ".env::$DATA" },
    check: { error: "NOT_FOUND", lacks: SECRETS },
    windows: { error: "PATH_OUTSIDE_ROOT", lacks: SECRETS },
  },
  {
    name: "read nul.txt (a device name)",
    tool: "lapp_read",
    args: { path: "nul.txt" },
    check: { error: "NOT_FOUND" },
    windows: { error: "PATH_OUTSIDE_ROOT" },
  },
  {
    name: "read C:x (drive-relative)",
    tool: "lapp_read",
    args: { path: "C:x" },
    check: { error: "NOT_FOUND" },
    windows: { error: "PATH_OUTSIDE_ROOT" },
  },
  {
    name: "read a verbatim path",
    tool: "lapp_read",
    args: { path: "\\\\?\\C:\\windows\\win.ini" },
    check: { error: "NOT_FOUND" },
    windows: { error: "PATH_OUTSIDE_ROOT" },
  },
  {
    name: "read in another case",
    tool: "lapp_read",
    args: { path: "SRC/APP/MAIN.TS" },
    check: { error: "NOT_FOUND" },
    windows: { error: false, contains: ["needle main"] },
  },

  // ---- bytes kept exactly
  {
    name: "read crlf.txt",
    tool: "lapp_read",
    args: { path: "crlf.txt" },
    check: { error: false, contains: ["two"] },
  },
  {
    name: "edit crlf.txt",
    tool: "lapp_edit",
    args: (c) => ({
      path: "crlf.txt",
      edits: [
        { type: "replace", anchor: ref(c, "read crlf.txt", 2), content: "TWO" },
        { type: "insert_after", anchor: "0:", content: "zero" },
        { type: "insert_after", anchor: "EOF:", content: "four" },
      ],
    }),
    check: { error: false, files: { "crlf.txt": "zero\r\none\r\nTWO\r\nthree\r\nfour\r\n" } },
  },
  {
    name: "read latin1.txt",
    tool: "lapp_read",
    args: { path: "latin1.txt" },
    check: { error: false, contains: ["naïve"] },
  },
  {
    name: "edit latin1.txt",
    tool: "lapp_edit",
    args: (c) => ({
      path: "latin1.txt",
      edits: [{ type: "replace", anchor: ref(c, "read latin1.txt", 2), content: "drei ß" }],
    }),
    check: { error: false, files: { "latin1.txt": "na\xefve needle\ndrei \xdf\n" } },
  },
  {
    name: "read utf16.txt",
    tool: "lapp_read",
    args: { path: "utf16.txt" },
    check: { error: false, contains: ["wide needle"] },
  },
  {
    name: "edit utf16.txt",
    tool: "lapp_edit",
    args: (c) => ({
      path: "utf16.txt",
      edits: [{ type: "replace", anchor: ref(c, "read utf16.txt", 2), content: "zweite Zeile" }],
    }),
    check: {
      error: false,
      files: {
        "utf16.txt": Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from("wide needle\nzweite Zeile\n", "utf16le"),
        ]),
      },
    },
  },
  { name: "read twin-a.txt", tool: "lapp_read", args: { path: "twin-a.txt" }, check: { error: false } },
  {
    name: "edit a hard-linked file",
    tool: "lapp_edit",
    args: (c) => ({
      path: "twin-a.txt",
      edits: [{ type: "replace", anchor: ref(c, "read twin-a.txt", 2), content: "SECOND" }],
    }),
    check: {
      error: false,
      files: { "twin-a.txt": "twin needle\nSECOND\n", "twin-b.txt": "twin needle\nSECOND\n" },
    },
  },
  {
    name: "read a binary file",
    tool: "lapp_read",
    args: { path: "blob.bin" },
    check: { error: "BINARY_FILE" },
  },
  {
    name: "read a page of a streamed file",
    tool: "lapp_read",
    args: { path: "big.txt", offset: 279_999, limit: 2 },
    check: { error: false, contains: ["big 280000"] },
  },
  {
    name: "read sample.ts at the end",
    tool: "lapp_read",
    args: { path: "sample.ts" },
    check: { error: false, contains: ["return 100;", "newCall();"], files: { "sample.ts": FINAL_SAMPLE } },
  },
];
