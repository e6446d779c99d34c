// One file's search: binaries skipped as ripgrep skips them, every encoding lapp reads, refs equal to lapp_read's.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { compileMatcher, type MatcherSpec } from "../../src/search/matcher.ts";
import { ripgrepSearchableEnd, searchFile, type FileResult } from "../../src/search/search-file.ts";
import { decodeDocument } from "../../src/text/codec.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { APP_TS } from "./corpus.ts";

const temp = makeTempRoot("lapp-search-file-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let fileCount = 0;

function search(
  bytes: Uint8Array,
  pattern: string,
  options: Partial<MatcherSpec> & { context?: number; keep?: number; maxBytes?: number } = {},
): FileResult {
  const compiled = compileMatcher({
    pattern,
    literal: options.literal ?? false,
    ignoreCase: options.ignoreCase ?? false,
  });
  if (!compiled.ok) throw compiled.error;
  const path = join(temp, `f${fileCount++}`);
  writeFileSync(path, bytes);
  return searchFile(path, {
    matcher: compiled.value,
    context: options.context ?? 0,
    keep: options.keep ?? 1000,
    maxBytes: options.maxBytes ?? 1 << 30,
  });
}

const utf8 = (text: string) => new TextEncoder().encode(text);

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    out[2 + index * 2] = littleEndian ? code & 0xff : code >> 8;
    out[3 + index * 2] = littleEndian ? code >> 8 : code & 0xff;
  }
  return out;
}

/** Every row's ref and text must be what lapp_read shows for that line. */
function expectRowsLikeRead(result: FileResult, bytes: Uint8Array) {
  if (result.kind !== "searched") throw new Error(`expected a searched file, got ${result.kind}`);
  const { lines } = decodeDocument(bytes);
  for (const [line, ref, text] of result.rows) {
    expect(ref).toBe(refOf(line, lines[line - 1]!));
    expect(text).toBe(lines[line - 1]!);
  }
}

describe("searchFileBytes", () => {
  const encodings: [name: string, bytes: Uint8Array][] = [
    ["UTF-8", utf8(APP_TS)],
    ["UTF-8 CRLF twin", utf8(APP_TS.replaceAll("\n", "\r\n"))],
    ["UTF-8 with BOM", new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(APP_TS)])],
    ["UTF-16 LE", utf16(APP_TS, true)],
    ["UTF-16 BE CRLF", utf16(APP_TS.replaceAll("\n", "\r\n"), false)],
    ["Latin-1", new Uint8Array([...utf8(APP_TS), 0xe9, 0x0a])],
  ];
  for (const [name, bytes] of encodings) {
    for (const literal of [true, false]) {
      test(`${name}, ${literal ? "literal" : "regex"}: same lines as the LF file, refs equal a read's`, () => {
        const result = search(bytes, literal ? "needle" : "need(le)", { literal, context: 1 });
        expect(result).toMatchObject({ kind: "searched", count: 4, matches: [1, 4, 5, 11] });
        expectRowsLikeRead(result, bytes);
      });
    }
  }

  test("the CRLF twin has the LF file's refs and no \\r in the texts", () => {
    const lf = search(utf8(APP_TS), "needle", { literal: true, context: 2 });
    const crlf = search(utf8(APP_TS.replaceAll("\n", "\r\n")), "needle", { literal: true, context: 2 });
    // Only the digest differs: it is of the bytes searched.
    expect({ ...crlf, digest: undefined }).toEqual({ ...lf, digest: undefined });
  });

  test("context rows cover each window once, clipped at the file's ends", () => {
    const result = search(utf8("a\nb\nneedle\nc\nneedle\nd\n"), "needle", { literal: true, context: 2 });
    if (result.kind !== "searched") throw new Error("not searched");
    expect(result.rows.map((row) => row[0])).toEqual([1, 2, 3, 4, 5, 6]);
    const edge = search(utf8("needle\nx\n"), "needle", { literal: true, context: 5 });
    expect(edge.kind === "searched" && edge.rows.map((row) => row[0])).toEqual([1, 2]);
  });

  test("keep bounds the rows; the count stays exact", () => {
    const result = search(utf8("x\nx\nx\nx\n"), "x", { literal: true, keep: 1 });
    expect(result).toMatchObject({ kind: "searched", count: 4, matches: [1] });
    const countOnly = search(utf8("x\nx\n"), "x", { keep: 0 });
    expect(countOnly).toEqual({ kind: "searched", count: 2, matches: [], rows: [] });
  });

  test("long lines show cut, with the ref of the full text", () => {
    const long = `needle ${"y".repeat(5000)}`;
    const result = search(utf8(`${long}\n`), "needle", { literal: true });
    if (result.kind !== "searched") throw new Error("not searched");
    expect(result.rows[0]![1]).toBe(refOf(1, long));
    expect(result.rows[0]![2]).toEndWith("… [+3007 chars]");
  });

  test("a non-ASCII literal in a Latin-1 file matches the text lapp_read shows", () => {
    const bytes = new Uint8Array([...utf8("caf"), 0xe9, ...utf8(" ok\nother\n")]);
    expect(search(bytes, "café", { literal: true })).toMatchObject({ count: 1, matches: [1] });
    expect(search(bytes, "caf.", {})).toMatchObject({ count: 1, matches: [1] });
  });

  test("binary files are skipped: NUL in the first 8 KiB, or a known signature", () => {
    expect(search(new Uint8Array([...utf8("needle"), 0, 10]), "needle", { literal: true }).kind).toBe(
      "binary",
    );
    expect(
      search(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...utf8("needle")]), "needle")
        .kind,
    ).toBe("binary");
    expect(search(utf8("%PDF-1.4 needle\n"), "needle").kind).toBe("binary");
  });

  test("a NUL after 8 KiB but inside ripgrep's first 64 KiB buffer hides the file, as in ripgrep", () => {
    const bytes = new Uint8Array([...utf8(`needle\n${"x".repeat(20_000)}\n`), 0, 10]);
    expect(search(bytes, "needle", { literal: true }).kind).toBe("binary");
  });

  test("a later NUL leaves the lines of the buffers before it (ripgrep's 64 KiB reads)", () => {
    const line = "line of filler\n"; // 15 bytes
    const before = line.repeat(6000); // 90 000 bytes
    const bytes = new Uint8Array([...utf8(`needle 1\n${before}needle 2\n`), 0, ...utf8("\nneedle 3\n")]);
    const result = search(bytes, "needle", { literal: true });
    // The first buffer is 65 536 bytes; the second fill reaches the NUL, so only buffer one's complete lines count.
    expect(result).toMatchObject({ kind: "searched", count: 1, matches: [1] });
    const end = ripgrepSearchableEnd(Buffer.from(bytes));
    expect(end).toBeLessThanOrEqual(65_536);
    expect(bytes[end - 1]).toBe(10);
  });

  test("regression: a long line searched earlier does not move where a later file's NUL stops the search", () => {
    search(utf8(`${"y".repeat(300_000)} needle\n`), "needle", { literal: true }); // grows the shared line buffer
    const bytes = new Uint8Array([...utf8(`needle 1\n${"line of filler\n".repeat(6000)}`), 0, 10]);
    expect(search(bytes, "needle", { literal: true })).toMatchObject({
      kind: "searched",
      count: 1,
      matches: [1],
    });
  });

  test("ripgrepSearchableEnd: no NUL → whole file; NUL in the first buffer → nothing", () => {
    expect(ripgrepSearchableEnd(Buffer.from("abc\n"))).toBe(4);
    expect(ripgrepSearchableEnd(Buffer.from([97, 0]))).toBe(0);
    expect(ripgrepSearchableEnd(Buffer.from(""))).toBe(0);
  });

  test("an empty file is searched and has no matches", () => {
    expect(search(new Uint8Array(), "x")).toEqual({ kind: "searched", count: 0, matches: [], rows: [] });
  });

  test("a file over the size limit is not read; a missing one is unreadable", () => {
    expect(search(utf8("needle\n"), "needle", { maxBytes: 3 })).toEqual({ kind: "too-large" });
    const compiled = compileMatcher({ pattern: "x", literal: true, ignoreCase: false });
    if (!compiled.ok) throw compiled.error;
    expect(
      searchFile(join(temp, "missing"), { matcher: compiled.value, context: 0, keep: 1, maxBytes: 100 }),
    ).toEqual({
      kind: "unreadable",
    });
  });

  test("lines longer than ripgrep's buffer and matches across many buffers are found with exact numbers", () => {
    const long = `${"z".repeat(200_000)} needle`;
    const lines = [
      long,
      ...Array.from({ length: 20_000 }, (_, index) => (index % 997 === 0 ? `needle ${index}` : `x ${index}`)),
    ];
    const text = `${lines.join("\n")}\n`;
    const expected = lines.flatMap((line, index) => (line.includes("needle") ? [index + 1] : []));
    for (const literal of [true, false]) {
      const result = search(utf8(text), literal ? "needle" : "needle( \\d+)?$", { literal, keep: 1000 });
      expect(result).toMatchObject({ kind: "searched", count: expected.length, matches: expected });
    }
  });
});

describe("regexes with a required literal (candidate lines only)", () => {
  const fcImport = import("fast-check");

  test("property: the same lines and rows as testing every line, sparse or dense, any encoding", async () => {
    const fc = (await fcImport).default;
    const lineArb = fc
      .array(fc.constantFrom("ab", "abc", "x", " ", "\t", "é", "abab", "b", "1", "\r", "x1"), {
        maxLength: 8,
      })
      .map((parts) => parts.join(""));
    // The last three need several runs in order on a line ("ab" then "abc", "x1" then "ab", "abc" then "ab").
    const patterns = [
      "ab+c",
      "abc$",
      "^ab",
      "x\\s*ab",
      "ab.",
      "abab|xab",
      "(ab)+\\d",
      "ab\\s+abc",
      "x1.*ab",
      "abc.*ab\\b",
    ];
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 200 }),
        fc.constantFrom(...patterns),
        fc.constantFrom("utf8", "bom", "latin1"),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 3 }),
        (lines, pattern, encoding, keep, context) => {
          const text = lines.join("\n") + (lines.length % 2 ? "\n" : "");
          const body =
            encoding === "latin1" ? Buffer.from(text.replaceAll("é", "\u00e9"), "latin1") : Buffer.from(text);
          const bytes = encoding === "bom" ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
          const result = search(bytes, pattern, { keep, context });
          const doc = decodeDocument(bytes);
          const regex = new RegExp(pattern, "us");
          const expected = doc.lines.flatMap((line, index) =>
            regex.test(line + (doc.terminators[index] === "\r\n" ? "\r" : "")) ? [index + 1] : [],
          );
          expect(result).toMatchObject({
            kind: "searched",
            count: expected.length,
            matches: expected.slice(0, keep),
          });
          if (result.kind === "searched" && keep > 0) {
            expectRowsLikeRead(result, bytes);
            const shown = new Set<number>();
            for (const match of expected.slice(0, keep))
              for (
                let line = Math.max(1, match - context);
                line <= Math.min(doc.lines.length, match + context);
                line++
              )
                shown.add(line);
            expect(result.rows.map(([line]) => line)).toEqual([...shown].sort((a, b) => a - b));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("size limit in every mode", () => {
  test("UTF-16 and Latin-1 files over the limit are not read whole", () => {
    const big = utf16(`needle\n${"x".repeat(50_000)}\n`, true);
    expect(search(big, "needle", { literal: true, maxBytes: 1000 })).toEqual({ kind: "too-large" });
    // Not UTF-8 in its first region: the switch to Latin-1 re-reads the file, which must respect the limit too.
    const latin = new Uint8Array([0xe9, 10, ...utf8(`needle\n${"y".repeat(100)}\n`.repeat(2000))]);
    expect(search(latin, "needl.", { maxBytes: 100_000 })).toEqual({ kind: "too-large" });
    expect(search(latin, "needl.", { maxBytes: 1_000_000 })).toMatchObject({ kind: "searched", count: 2000 });
  });
});
