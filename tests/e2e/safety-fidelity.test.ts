// Byte-exact edits over MCP for every encoding and terminator case, each twice: a plain file (renamed over) and
// a hard-linked one (rewritten in place, the twin must see it). Expected bytes are written out independently of
// lapp's codec. Mode 0640 must survive; Latin-1 refuses what it cannot hold and writes nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, linkSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";
import { leftovers } from "../support/processes.ts";

const BOM = "\uFEFF";
/** Windows keeps no POSIX mode bits (only read-only): the bytes and links are checked there, not the mode. */
const POSIX_MODES = process.platform !== "win32";
const utf8 = (text: string) => Buffer.from(text, "utf8");
const latin1 = (text: string) => Buffer.from(text, "latin1");
const utf16le = (text: string) => Buffer.from(text, "utf16le");
const utf16be = (text: string) => Buffer.from(text, "utf16le").swap16();

interface Case {
  name: string;
  file: string;
  before: Buffer;
  /** Edits by line number (refs are taken from a real read); anchors "0:" and "EOF:" as they are. */
  edits: { type: string; line?: number | "0:" | "EOF:"; content?: string }[];
  after: Buffer;
  /** A line of the read output that must be there (the encoding note, a decoded line). */
  readShows?: string[];
}

const STANDARD_EDITS: Case["edits"] = [
  { type: "replace", line: 2, content: "BETA" },
  { type: "insert_after", line: "0:", content: "zero" },
  { type: "insert_after", line: "EOF:", content: "delta" },
];

const CASES: Case[] = [
  {
    name: "CRLF",
    file: "crlf.txt",
    before: utf8("alpha\r\nbeta\r\ngamma\r\n"),
    edits: STANDARD_EDITS,
    after: utf8("zero\r\nalpha\r\nBETA\r\ngamma\r\ndelta\r\n"),
  },
  {
    name: "UTF-8 BOM",
    file: "bom.txt",
    before: utf8(`${BOM}alpha\nbeta\ngamma\n`),
    edits: STANDARD_EDITS,
    after: utf8(`${BOM}zero\nalpha\nBETA\ngamma\ndelta\n`),
  },
  {
    name: "no final newline (appending keeps it without one)",
    file: "nofinal.txt",
    before: utf8("alpha\nbeta\ngamma"),
    edits: STANDARD_EDITS,
    after: utf8("zero\nalpha\nBETA\ngamma\ndelta"),
  },
  {
    name: "CRLF without final newline",
    file: "crlf-nofinal.txt",
    before: utf8("alpha\r\nbeta\r\ngamma"),
    edits: [{ type: "delete", line: 3 }],
    after: utf8("alpha\r\nbeta"),
  },
  {
    name: "mixed terminators stay per line; new lines take the dominant one",
    file: "mixed.txt",
    before: utf8("alpha\r\nbeta\ngamma\r\nomega\r\nlast\n"),
    edits: [
      { type: "replace", line: 1, content: "ALPHA" },
      { type: "insert_after", line: 3, content: "new" },
    ],
    after: utf8("ALPHA\r\nbeta\ngamma\r\nnew\r\nomega\r\nlast\n"),
  },
  {
    name: "a lone CR stays inside its line",
    file: "cr.txt",
    before: utf8("a\rb\nc\n"),
    edits: [{ type: "replace", line: 2, content: "C" }],
    after: utf8("a\rb\nC\n"),
  },
  {
    name: "Latin-1",
    file: "latin1.txt",
    before: latin1("café\nnaïve\nend\n"),
    edits: [{ type: "replace", line: 2, content: "naïve ÿ ±" }],
    after: latin1("café\nnaïve ÿ ±\nend\n"),
    readShows: ["Latin-1", ":café"],
  },
  {
    name: "UTF-16 LE with BOM",
    file: "utf16le.txt",
    before: utf16le(`${BOM}alpha\r\nbeta\r\ngamma\r\n`),
    edits: [...STANDARD_EDITS, { type: "replace", line: 3, content: "γάμμα 😀" }],
    after: utf16le(`${BOM}zero\r\nalpha\r\nBETA\r\nγάμμα 😀\r\ndelta\r\n`),
    readShows: ["UTF-16 LE"],
  },
  {
    name: "UTF-16 BE with BOM",
    file: "utf16be.txt",
    before: utf16be(`${BOM}alpha\nbeta\ngamma`),
    edits: STANDARD_EDITS,
    after: utf16be(`${BOM}zero\nalpha\nBETA\ngamma\ndelta`),
    readShows: ["UTF-16 BE"],
  },
];

let lapp: LappSession;
let root: string;
beforeAll(async () => {
  root = makeTempRoot("lapp-fidelity-");
  lapp = await startLapp({ root });
});
afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
});

async function runCase(testCase: Case, file: string) {
  const read = await lapp.call("lapp_read", { path: file });
  expect(read.isError).toBe(false);
  for (const shown of testCase.readShows ?? []) expect(read.text).toContain(shown);
  const refs = refsByLine(read.text);
  const edits = testCase.edits.map(({ type, line, content }) => {
    const anchor = typeof line === "number" ? refs.get(line) : line;
    return content === undefined ? { type, anchor } : { type, anchor, content };
  });
  const edited = await lapp.call("lapp_edit", { path: file, edits });
  expect(edited.text).toStartWith(`edited ${file}`);
}

for (const testCase of CASES) {
  describe(testCase.name, () => {
    test("plain file: exact bytes, mode 0640 kept", async () => {
      const file = `plain-${testCase.file}`;
      writeFileSync(join(root, file), testCase.before);
      chmodSync(join(root, file), 0o640);
      await runCase(testCase, file);
      expect(readFileSync(join(root, file)).toString("hex")).toBe(testCase.after.toString("hex"));
      if (POSIX_MODES) expect(statSync(join(root, file)).mode & 0o7777).toBe(0o640);
    });

    test("hard-linked file: exact bytes, the twin updated, same inode, mode kept", async () => {
      const file = `linked-${testCase.file}`;
      writeFileSync(join(root, file), testCase.before);
      chmodSync(join(root, file), 0o640);
      linkSync(join(root, file), join(root, `twin-${testCase.file}`));
      const inode = statSync(join(root, file)).ino;
      await runCase(testCase, file);
      expect(readFileSync(join(root, file)).toString("hex")).toBe(testCase.after.toString("hex"));
      expect(readFileSync(join(root, `twin-${testCase.file}`)).toString("hex")).toBe(
        testCase.after.toString("hex"),
      );
      expect(statSync(join(root, file)).ino).toBe(inode);
      if (POSIX_MODES) expect(statSync(join(root, file)).mode & 0o7777).toBe(0o640);
    });
  });
}

describe("refusals write nothing", () => {
  test("Latin-1 cannot hold Ω: ENCODING_UNREPRESENTABLE, the file is unchanged", async () => {
    const before = latin1("café\nend\n");
    writeFileSync(join(root, "refuse.txt"), before);
    const refs = refsByLine((await lapp.call("lapp_read", { path: "refuse.txt" })).text);
    const result = await lapp.call("lapp_edit", {
      path: "refuse.txt",
      edits: [{ type: "replace", anchor: refs.get(2), content: "Ω marks the end" }],
    });
    expect(errorCode(result.text)).toBe("ENCODING_UNREPRESENTABLE");
    expect(result.text).toContain("U+03A9");
    expect(readFileSync(join(root, "refuse.txt"))).toEqual(before);
  });

  test("a binary file is BINARY_FILE for read and edit, and is not touched", async () => {
    const blob = Buffer.from([0x41, 0x42, 0x00, 0x43, 0x0a]);
    writeFileSync(join(root, "blob.dat"), blob);
    expect(errorCode((await lapp.call("lapp_read", { path: "blob.dat" })).text)).toBe("BINARY_FILE");
    const edit = await lapp.call("lapp_edit", {
      path: "blob.dat",
      edits: [{ type: "insert_after", anchor: "0:", content: "x" }],
    });
    expect(errorCode(edit.text)).toBe("BINARY_FILE");
    expect(readFileSync(join(root, "blob.dat"))).toEqual(blob);
  });

  test("no temp, lock or recovery file is left after all of the above", () => {
    expect(leftovers(root)).toEqual([]);
  });
});

describe("links and owners over MCP", () => {
  test("editing through a symlink edits its target; the link stays a link", async () => {
    const { lstatSync, mkdirSync, symlinkSync } = await import("node:fs");
    mkdirSync(join(root, "real"), { recursive: true });
    writeFileSync(join(root, "real", "target.txt"), "one\ntwo\n");
    symlinkSync("real/target.txt", join(root, "alias.txt"));
    const refs = refsByLine((await lapp.call("lapp_read", { path: "alias.txt" })).text);
    const edited = await lapp.call("lapp_edit", {
      path: "alias.txt",
      edits: [{ type: "replace", anchor: refs.get(2), content: "TWO" }],
    });
    expect(edited.isError).toBe(false);
    expect(lstatSync(join(root, "alias.txt")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(root, "real", "target.txt"), "utf8")).toBe("one\nTWO\n");
  });

  test.if(process.getuid?.() === 0)(
    "as root, a file owned by another user keeps its owner and group",
    async () => {
      const { chownSync } = await import("node:fs");
      writeFileSync(join(root, "owned.txt"), "one\ntwo\n");
      chownSync(join(root, "owned.txt"), 4321, 8765);
      chmodSync(join(root, "owned.txt"), 0o4750);
      const refs = refsByLine((await lapp.call("lapp_read", { path: "owned.txt" })).text);
      await lapp.call("lapp_edit", { path: "owned.txt", edits: [{ type: "delete", anchor: refs.get(1) }] });
      const stats = statSync(join(root, "owned.txt"));
      expect([stats.uid, stats.gid, stats.mode & 0o7777]).toEqual([4321, 8765, 0o4750]);
      expect(readFileSync(join(root, "owned.txt"), "utf8")).toBe("two\n");
    },
  );
});
