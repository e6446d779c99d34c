// Names as bytes in strings (src/text/byte-names.ts), their shown form (quote-path.ts) and path arithmetic that
// keeps them (path-strings.ts): any byte string round-trips, valid UTF-8 is decoded as usual and never holds an
// escape, two names never share a shown form, and every shown form is read back as its name.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { basename, dirname } from "node:path";
import { canonicalName, decodeName, encodeName, fsPath, strayUnit } from "../../src/text/byte-names.ts";
import { childPath, lastName, parentPath } from "../../src/text/path-strings.ts";
import { needsQuoting, quotePath, unquotePath } from "../../src/text/quote-path.ts";

/** Byte strings weighted towards the bytes that make UTF-8 invalid or nearly valid. */
const nameBytes = fc
  .uint8Array({ maxLength: 24 })
  .chain((random) =>
    fc
      .array(
        fc.oneof(
          fc.constantFrom(
            0x80,
            0xbf,
            0xc0,
            0xc2,
            0xc3,
            0xa9,
            0xe0,
            0xed,
            0xa0,
            0xef,
            0xf0,
            0xf4,
            0xf5,
            0xff,
            0x2f,
          ),
          fc.integer({ min: 1, max: 255 }),
        ),
        { maxLength: 24 },
      )
      .map((picked) => Uint8Array.from([...random.filter((byte) => byte !== 0), ...picked])),
  );

describe("decodeName and encodeName", () => {
  test("any bytes round-trip exactly", () => {
    fc.assert(
      fc.property(nameBytes, (bytes) => {
        expect([...encodeName(decodeName(bytes))]).toEqual([...bytes]);
      }),
      { numRuns: 3000 },
    );
  });

  test("valid UTF-8 decodes as usual, with no escape; anything else holds one for each stray byte", () => {
    fc.assert(
      fc.property(nameBytes, (bytes) => {
        const text = decodeName(bytes);
        const valid = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
        let expected: string | undefined;
        try {
          expected = valid.decode(bytes);
        } catch {
          expected = undefined;
        }
        if (expected !== undefined) expect(text).toBe(expected);
        else expect(text.isWellFormed()).toBe(false);
        expect(strayUnit(text)).toBeUndefined();
        expect(canonicalName(text)).toBe(text);
      }),
      { numRuns: 3000 },
    );
  });

  test("known cases", () => {
    expect(decodeName(Buffer.from([0x78, 0xff, 0x2e]))).toBe("x\udcff.");
    expect(decodeName(Buffer.from("x\uFFFD.txt"))).toBe("x\uFFFD.txt");
    // A surrogate encoded in UTF-8 is not UTF-8: its three bytes are escaped, never decoded to the surrogate.
    expect(decodeName(Buffer.from([0xed, 0xa0, 0x80]))).toBe("\udced\udca0\udc80");
    // Overlong and truncated sequences: each byte on its own.
    expect(decodeName(Buffer.from([0xc0, 0xaf, 0xe2, 0x82]))).toBe("\udcc0\udcaf\udce2\udc82");
    expect([...encodeName("a\udc80b😀")]).toEqual([0x61, 0x80, 0x62, 0xf0, 0x9f, 0x98, 0x80]);
    expect(canonicalName("\udcc3\udca9.txt")).toBe("é.txt");
  });

  test("a lone surrogate that stands for no byte is found, and refused by the encoder", () => {
    expect(strayUnit("a\ud800b")).toBe(0xd800);
    expect(strayUnit("a\udc7f")).toBe(0xdc7f);
    expect(strayUnit("a\udcff😀")).toBeUndefined();
    expect(() => encodeName("\udbff")).toThrow("EINVAL");
  });

  test("fsPath hands the system a plain string unless the path holds an escape", () => {
    expect(fsPath("src/é.ts")).toBe("src/é.ts");
    expect(fsPath("d\udcfe/x")).toEqual(Buffer.from([0x64, 0xfe, 0x2f, 0x78]));
  });
});

describe("the shown form", () => {
  const paths = fc.oneof(
    nameBytes.map(decodeName),
    fc.string({ unit: "binary", maxLength: 16 }).map((text) => (strayUnit(text) === undefined ? text : "")),
    fc.constantFrom('"a"', '"x\\udcff.txt"', "\u2028", '"', '""', "a\\n"),
  );

  test("every path is read back from its shown form, and two paths never share one", () => {
    fc.assert(
      fc.property(paths, paths, (a, b) => {
        expect(unquotePath(quotePath(a))).toBe(a);
        if (a !== b) expect(quotePath(a)).not.toBe(quotePath(b));
      }),
      { numRuns: 3000 },
    );
  });

  test("a shown form holds no raw control character, separator or lone surrogate", () => {
    fc.assert(
      fc.property(paths, (path) => {
        const shown = quotePath(path);
        expect(shown.isWellFormed()).toBe(true);
        expect(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(shown)).toBe(false);
        expect(shown === path).toBe(!needsQuoting(path));
      }),
      { numRuns: 3000 },
    );
  });

  test("a name that is not UTF-8 is shown with its bytes as \\udcXX escapes", () => {
    expect(quotePath("x\udcff.txt")).toBe('"x\\udcff.txt"');
    expect(quotePath("x\uFFFD.txt")).toBe("x\uFFFD.txt");
    // Quoted input is read as a name only when lapp would show that name quoted.
    expect(unquotePath('"x\\udcff.txt"')).toBe("x\udcff.txt");
    expect(unquotePath('"a"')).toBe('"a"');
    expect(unquotePath('"\\"a\\""')).toBe('"a"');
    expect(unquotePath('"broken')).toBe('"broken');
  });
});

describe("path arithmetic keeps escaped bytes (Bun's node:path turns them into U+FFFD)", () => {
  test("parentPath, lastName and childPath agree with node:path on well-formed paths", () => {
    for (const path of ["/a/b", "/a/b/", "/a", "/", "a", "a/b", "/a/b//"]) {
      expect(parentPath(path)).toBe(dirname(path));
      expect(lastName(path)).toBe(basename(path));
    }
    expect(childPath("/", "x")).toBe("/x");
    expect(childPath("/a", "x")).toBe("/a/x");
  });

  test("and keep escapes", () => {
    expect(parentPath("/r/d\udcfe/x\udcff.txt")).toBe("/r/d\udcfe");
    expect(lastName("/r/d\udcfe/x\udcff.txt")).toBe("x\udcff.txt");
    expect(childPath("/r/d\udcfe", "x\udcff")).toBe("/r/d\udcfe/x\udcff");
  });
});
