// The record of shown rows on its own: the certain-anchor line diff, carrying through lapp's own splices, and the
// bounds (an evicted file's refs fall back to the plain rule, never to a guess).
import { describe, expect, test } from "bun:test";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { lineId, refOf } from "../../src/hashline/hash.ts";
import { compileBlocklist } from "../../src/security/blocklist.ts";
import { PathGuard } from "../../src/security/guard.ts";
import { EditSession } from "../../src/session/edit-session.ts";
import { diffLines } from "../../src/session/line-diff.ts";
import { BYTES_PER_ENTRY, ShownRecord, hashLines } from "../../src/session/shown-record.ts";
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
    record.show(lines, [1, 2, 3, 4], true);
    const next = ["one", "new", "newer", "three", "four"];
    // "two" (old line 2) was replaced by two lines.
    record.carry([{ start: 2, lineCount: 2, oldStart: 2, removedCount: 1 }], next);
    expect(record.lookup(3, lineId(3, "three"), next)).toEqual({ kind: "live", at: 4 });
    expect(record.lookup(2, lineId(2, "two"), next).kind).toBe("gone");
    expect(record.lookup(1, lineId(1, "one"), next)).toEqual({ kind: "live", at: 1 });
  });

  test("costs a fixed number of bytes per shown row", () => {
    const lines = Array.from({ length: 1000 }, (_, index) => `line ${index}`);
    const record = new ShownRecord();
    record.sync(hashLines(lines));
    record.show(
      lines,
      lines.map((_, index) => index + 1),
      true,
    );
    expect(record.entries).toBe(1000);
    expect(record.bytes).toBeLessThanOrEqual(1024 * BYTES_PER_ENTRY + 1000 * 4);
  });
});

test("an evicted file's refs fall back to the plain rule: a moved line's old ref is refused, never re-aimed", async () => {
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
    const readA = (file: { lines: readonly string[]; show(rows: number[], refresh: boolean): void }) =>
      file.show([1, 2, 3, 4, 5], true);
    await session.withFile(resolve, "a.txt", readA);
    // lapp's own edit moves every line down by one: the record maps row 3 to line 4.
    await session.withFile(resolve, "a.txt", (file) =>
      file.commit(file.apply([{ type: "insert_after", anchor: "0:", content: "top" }]), false),
    );
    const mapped = await session.withFile(resolve, "a.txt", (file) =>
      file.shown.lookup(3, lineId(3, "beta")),
    );
    expect(mapped).toEqual({ kind: "live", at: 4 });
    // Another file pushes a.txt out of a one-file memory.
    await session.withFile(resolve, "b.txt", (file) => file.show([1], true));
    expect(session.records.peek(join(root, "a.txt"))).toBeUndefined();
    const after = await session.withFile(resolve, "a.txt", (file) =>
      file.guarded(() => {
        try {
          file.apply([{ type: "replace", anchor: refOf(3, "beta"), content: "BETA" }]);
          return "applied";
        } catch (error) {
          return (error as { code: string }).code;
        }
      }),
    );
    expect(after).toBe("HASH_MISMATCH"); // line 3 is now "", not "beta": refused, nothing guessed
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("an edit answer cut at the output budget records only the rows it still shows (and a dry run's too)", async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "lapp-cut-answer-")));
  try {
    const guard = new PathGuard(root, compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []));
    const session = new EditSession(guard);
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
      const answer = await session.withFile(resolve, "long.txt", (file) =>
        file.commit(file.apply(edits, 2_000), dryRun, 2_000),
      );
      expect(answer.split("\n").at(-1)).toStartWith("[answer cut at the output budget:");
      // Rows with refs: `N#ID:text` and `N#ID-text`, in a dry run's diff also after a ` ` or `-` marker.
      const rows = answer.split("\n").filter((row) => /^[ -]?\d+#[A-Z]{2}[:-]/.test(row)).length;
      expect(rows).toBeGreaterThan(0);
      // Without the cut the answer would show ~300 rows (each edit's line and one line either side).
      expect(session.records.peek(join(root, "long.txt"))!.entries).toBeLessThanOrEqual(rows);
      session.records.forget(join(root, "long.txt"));
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
