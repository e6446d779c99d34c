// A big file read whole and cut into regions (search-file.ts, WholeRegions) gets the streamed answer: binary at an
// early NUL, the lines before a later one, Latin-1 when not UTF-8, long lines across buffers, a BOM, CRLF.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { contentDigest } from "../../src/files/identity.ts";
import { compileMatcher } from "../../src/search/matcher.ts";
import { searchFile, type FileResult } from "../../src/search/search-file.ts";
import { decodeDocument } from "../../src/text/codec.ts";
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

function withoutBytes(result: FileResult) {
  if (result.kind !== "searched") return result;
  const { bytes: _bytes, ...rest } = result;
  return rest;
}

test("property: read whole, a big file gets the streamed answer (bytes carried, or only rows for a known version)", () => {
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
        const streamed = searchFile(path, { ...options, carryBytes: 0 });
        const whole = searchFile(path, { ...options, carryBytes: 32 * KIB * KIB });
        expect(withoutBytes(whole)).toEqual(streamed);
        if (whole.kind === "searched" && whole.matches.length > 0)
          expect(Buffer.compare(Buffer.from(whole.bytes!), bytes)).toBe(0);
        // The session's recorded version of these very bytes: the same answer, the rows' full text, no bytes.
        const digest = contentDigest(bytes).toString();
        const known = searchFile(path, { ...options, carryBytes: 32 * KIB * KIB, knownDigest: digest });
        if (streamed.kind === "searched" && streamed.matches.length > 0 && known.kind === "searched") {
          const { sameAs, texts, ...rest } = known;
          expect(rest).toEqual(streamed);
          expect(sameAs).toBe(digest);
          const { lines: decoded } = decodeDocument(bytes);
          expect(texts).toEqual(streamed.rows.map(([row]): [number, string] => [row, decoded[row - 1]!]));
        } else expect(known).toEqual(streamed);
        // A recorded version of other bytes: carried as if none were recorded.
        const other = searchFile(path, { ...options, carryBytes: 32 * KIB * KIB, knownDigest: "1" });
        expect(other).toEqual(searchFile(path, { ...options, carryBytes: 32 * KIB * KIB }));
      },
    ),
    { numRuns: 120 },
  );
});
