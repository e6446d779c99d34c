// A big file read whole and cut into regions (search-file.ts, WholeRegions) gets the streamed answer: binary at an
// early NUL, the lines before a later one, Latin-1 when not UTF-8, long lines across buffers, a BOM, CRLF.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { contentDigest } from "../../src/files/identity.ts";
import { compileMatcher } from "../../src/search/matcher.ts";
import { searchFile, type FileResult } from "../../src/search/search-file.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const temp = makeTempRoot("lapp-whole-read-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const KIB = 1024;
const line = fc.constantFrom(
  "needle here",
  "nothing",
  "a needle and a needle",
  "é needle",
  "x".repeat(300),
  "",
);
const special = fc.constantFrom("none", "nul", "latin1", "long", "bom", "crlf");

test("property: read whole, a big file gets the streamed answer, and the digest of its bytes when it has rows", () => {
  let count = 0;
  fc.assert(
    fc.property(
      fc.array(line, { minLength: 1, maxLength: 40 }),
      fc.integer({ min: 70, max: 400 }),
      special,
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.constantFrom(["needle", true], ["ne+dle$", false], ["^a needle", false]) as fc.Arbitrary<
        [string, boolean]
      >,
      (lines, kib, kind, at, [pattern, literal]) => {
        let text = "";
        while (text.length < kib * KIB) text += `${lines.join("\n")}\n`;
        let bytes = Buffer.from(kind === "crlf" ? text.replaceAll("\n", "\r\n") : text);
        const position = at % bytes.length;
        if (kind === "nul") bytes[position] = 0;
        if (kind === "latin1") bytes[position] = 0xff;
        if (kind === "long")
          bytes = Buffer.concat([
            bytes.subarray(0, position),
            Buffer.alloc(150 * KIB, 0x61),
            bytes.subarray(position),
          ]);
        if (kind === "bom") bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
        const path = join(temp, `f${count++}`);
        writeFileSync(path, bytes);
        const matcher = compileMatcher({ pattern, literal, ignoreCase: false });
        if (!matcher.ok) throw matcher.error;
        const options = { matcher: matcher.value, context: 1, keep: 50, maxBytes: 64 * KIB * KIB };
        const streamed = searchFile(path, { ...options, wholeReadMaxBytes: 0 });
        const whole = searchFile(path, options);
        expect(whole).toEqual(streamed);
        if (whole.kind === "searched" && whole.matches.length > 0)
          expect(whole.digest).toBe(contentDigest(bytes).toString(16));
      },
    ),
    { numRuns: 120 },
  );
});

test("a big file whose rows are not wanted streams: the thread's kept buffer does not grow to its size", () => {
  // In a process of its own: the kept buffer is the thread's, and other tests here grow it.
  const path = join(temp, "big-counted.txt");
  writeFileSync(path, "a needle here\nnothing\n".repeat(150_000)); // 3.3 MB, 150,000 matching lines
  const script = `
    import { compileMatcher } from "${join(import.meta.dir, "../../src/search/matcher.ts")}";
    import { searchFile } from "${join(import.meta.dir, "../../src/search/search-file.ts")}";
    import { keptWholeBytes } from "${join(import.meta.dir, "../../src/search/read-file.ts")}";
    const matcher = compileMatcher({ pattern: "ne+dle", literal: false, ignoreCase: false });
    const options = { matcher: matcher.value, context: 0, maxBytes: 64 * 1024 * 1024 };
    const counted = searchFile(${JSON.stringify(path)}, { ...options, keep: 0 });
    const afterCount = keptWholeBytes();
    const shown = searchFile(${JSON.stringify(path)}, { ...options, keep: 1 });
    console.log(JSON.stringify({ counted: counted.count, afterCount, shown: shown.count, rows: shown.matches, afterRows: keptWholeBytes() }));
  `;
  const run = Bun.spawnSync([process.execPath, "-e", script], { stderr: "pipe" });
  expect(run.stderr.toString()).toBe("");
  const seen = JSON.parse(run.stdout.toString()) as Record<string, unknown>;
  // Counted while streaming, the same count as read whole for its rows; only the file with rows grew the buffer.
  expect(seen).toEqual({
    counted: 150_000,
    afterCount: 0,
    shown: 150_000,
    rows: [1],
    afterRows: expect.any(Number),
  });
  expect(seen.afterRows as number).toBeGreaterThanOrEqual(3_300_000);
});
