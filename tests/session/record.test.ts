// The record of shown rows on its own: the certain-anchor line diff, carrying through lapp's own splices, and the
// bounds (an evicted file's refs are refused as too old, never checked by the plain rule).
import { describe, expect, test } from "bun:test";
import { linkSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { lineId, refOf } from "../../src/hashline/hash.ts";
import { compileBlocklist } from "../../src/security/blocklist.ts";
import { PathGuard } from "../../src/security/guard.ts";
import type { LappError } from "../../src/errors.ts";
import { rows } from "../../src/hashline/answer.ts";
import { EditSession } from "../../src/session/edit-session.ts";
import type { SessionFile } from "../../src/session/session-file.ts";
import { diffLines } from "../../src/session/line-diff.ts";
import { BYTES_PER_ENTRY, ShownRecord } from "../../src/session/shown-record.ts";
import { hashLines } from "../../src/text/line-hashes.ts";
import { ShownRecords } from "../../src/session/shown-records.ts";

const hashes = (text: string) => hashLines(text.split(","));

describe("diffLines: only certain moves", () => {
  test("unique lines around an insertion map exactly", () => {
    const fates = diffLines(hashes("a,b,c,d"), hashes("a,x,y,b,c,d"));
    expect(fates.map((fate) => (fate.kind === "same" ? fate.at : fate.kind))).toEqual([0, 3, 4, 5]);
  });

  test("an unchanged run of repeated lines between anchors is certain", () => {
    const fates = diffLines(hashes("a,},},b"), hashes("new,a,},},b"));
    expect(fates.map((fate) => (fate.kind === "same" ? fate.at : fate.kind))).toEqual([1, 2, 3, 4]);
  });

  test("a repeated line next to an inserted copy of itself is uncertain, a rewritten one changed", () => {
    const fates = diffLines(hashes("a,},b,q"), hashes("a,},},b,r"));
    expect(fates[1]!.kind).toBe("uncertain");
    expect(fates[3]!.kind).toBe("changed");
  });
});

describe("ShownRecord", () => {
  test("carries shown rows through a splice; replaced rows are refused, not re-aimed", () => {
    const lines = ["one", "two", "three", "four"];
    const record = new ShownRecord();
    record.sync(hashLines(lines));
    record.show(lines, [1, 2, 3, 4]);
    const next = ["one", "new", "newer", "three", "four"];
    // "two" (old line 2) was replaced by two lines.
    record.carry([{ start: 2, lineCount: 2, oldStart: 2, removedCount: 1 }], next);
    expect(record.lookup(3, lineId(3, "three"), next)).toMatchObject({ kind: "live", at: 4 });
    expect(record.lookup(2, lineId(2, "two"), next).kind).toBe("gone");
    expect(record.lookup(1, lineId(1, "one"), next)).toMatchObject({ kind: "live", at: 1 });
  });

  test("costs a fixed number of bytes per shown row", () => {
    const lines = Array.from({ length: 1000 }, (_, index) => `line ${index}`);
    const record = new ShownRecord();
    record.sync(hashLines(lines));
    record.show(
      lines,
      lines.map((_, index) => index + 1),
    );
    expect(record.entries).toBe(1000);
    // The meanings' arrays (grown in powers of two), the version (8 bytes a line) and the key index.
    expect(record.bytes).toBeLessThanOrEqual(1024 * BYTES_PER_ENTRY + 1000 * 8 + 1024 * 4 + 1024 * 4);
  });
});

test("an evicted file's refs are refused as too old, never checked by the plain rule (which would land them)", async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "lapp-evict-")));
  try {
    const guard = new PathGuard(root, compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []));
    const session = new EditSession(guard, new ShownRecords(1, 64 * 1024 * 1024));
    const resolve = (raw: string) => {
      const result = guard.resolve(raw);
      if (!result.ok) throw result.error;
      return result.value;
    };
    const lines = ["alpha", "", "beta", "", "gamma"];
    writeFileSync(join(root, "a.txt"), `${lines.join("\n")}\n`);
    writeFileSync(join(root, "b.txt"), "other\n");
    const readAll = (file: SessionFile) =>
      file.present({ items: rows(file.lines, 1, file.lines.length) }, 20_000);
    await session.withFile(resolve, "a.txt", readAll);
    // lapp's own edit moves every line down by two: the record maps row 2 (a blank line) to line 4, and the edit's
    // answer showed the new blank line 2 under that very ref, so the ref is ambiguous while remembered.
    await session.withFile(resolve, "a.txt", (file) =>
      file.commit(
        file.apply([{ type: "insert_after", anchor: "0:", content: "top\n\n" }], 20_000),
        false,
        20_000,
      ),
    );
    const mapped = await session.withFile(resolve, "a.txt", (file) => file.shown.lookup(2, lineId(2, "")));
    expect(mapped).toMatchObject({ kind: "ambiguous", candidates: [2, 4] });
    // Another file pushes a.txt out of a one-file memory.
    await session.withFile(resolve, "b.txt", readAll);
    expect(session.records.peek(join(root, "a.txt"))).toBeUndefined();
    // Line 2 is now the new blank line, with the very ID the read showed for old row 2: the plain rule would
    // delete it. The ref is refused as too old instead, and nothing is written.
    const before = readFileSync(join(root, "a.txt"), "utf8");
    const after = await session.withFile(resolve, "a.txt", (file) => {
      try {
        file.apply([{ type: "delete", anchor: refOf(2, "") }], 20_000);
        return "applied";
      } catch (error) {
        return (error as LappError).render();
      }
    });
    expect(after).toStartWith("error HASH_MISMATCH:");
    expect(after).toContain("too old");
    expect(readFileSync(join(root, "a.txt"), "utf8")).toBe(before);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("an edit answer cut at the output budget records only the rows it still shows (and a dry run's too)", async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "lapp-cut-answer-")));
  try {
    const guard = new PathGuard(root, compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []));
    const resolve = (raw: string) => {
      const result = guard.resolve(raw);
      if (!result.ok) throw result.error;
      return result.value;
    };
    const lines = Array.from({ length: 400 }, (_, index) => `${index} ${"q".repeat(1500)}`);
    writeFileSync(join(root, "long.txt"), `${lines.join("\n")}\n`);
    const edits = Array.from({ length: 100 }, (_, slot) => {
      const line = 4 * slot + 2;
      return { type: "replace" as const, anchor: refOf(line, lines[line - 1]!), content: `edited ${line}` };
    });
    for (const dryRun of [true, false]) {
      const session = new EditSession(guard);
      const answer = await session.withFile(resolve, "long.txt", (file) =>
        file.commit(file.apply(edits, 2_000), dryRun, 2_000),
      );
      expect(answer.split("\n").some((line) => line.startsWith("[answer cut at the output budget:"))).toBe(
        true,
      );
      // Rows with refs: `N#ID:text` and `N#ID-text`, in a dry run's diff also after a ` ` or `-` marker.
      const rows = answer.split("\n").filter((row) => /^[ -]?\d+#[A-Z]{2}[:-]/.test(row)).length;
      expect(rows).toBeGreaterThan(0);
      // Without the cut the answer would show ~300 rows (each edit's line and one line either side).
      expect(session.records.peek(join(root, "long.txt"))!.entries).toBeLessThanOrEqual(rows);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.if(process.platform === "linux")(
  "a file with a name that is not UTF-8 and a hard link has one record, whichever name reaches it (issue 26)",
  () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "lapp-byte-link-")));
    try {
      // x\xff.txt and hard.txt are one file; the file really named x\uFFFD.txt is another (a lossy name's file).
      const bytesName = Buffer.concat([Buffer.from(`${root}/x`), Buffer.of(0xff), Buffer.from(".txt")]);
      writeFileSync(bytesName, "one\n");
      linkSync(bytesName, join(root, "hard.txt"));
      writeFileSync(join(root, "x\uFFFD.txt"), "other\n");
      const stats = statSync(bytesName, { bigint: true });
      const id = { dev: stats.dev, ino: stats.ino, links: Number(stats.nlink) };
      const records = new ShownRecords();
      const first = records.obtain(`${root}/x\udcff.txt`, id);
      // The record's known name is checked to still be this file: as its bytes, not as x\uFFFD.txt.
      expect(records.obtain(join(root, "hard.txt"), id)).toBe(first);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
);
