// Issue 27, item 1: one spelling for every internal path comparison. Pure, so the Windows cases run on every platform:
// the spellings the system answers with (`\\?\C:\…`, `\`, any case) and the ones lapp builds (joined with `/`) are one
// place; POSIX paths compare byte for byte.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import "../support/fast-check-seed.ts";
import {
  comparable,
  joinName,
  nativeSpelling,
  parentOf,
  samePath,
  slashed,
  verbatim,
} from "../../src/files/path-spelling.ts";

describe("Windows spellings", () => {
  test("the verbatim prefixes the system adds are taken off; separators become `/`; the drive letter upper-case", () => {
    expect(slashed("\\\\?\\C:\\x\\root\\src", "win32")).toBe("C:/x/root/src");
    expect(slashed("\\??\\c:\\x", "win32")).toBe("C:/x");
    expect(slashed("\\\\?\\UNC\\server\\share\\x", "win32")).toBe("//server/share/x");
    expect(slashed("\\\\server\\share\\x", "win32")).toBe("//server/share/x");
    expect(slashed("c:\\x\\root/src/gen", "win32")).toBe("C:/x/root/src/gen");
    expect(slashed("Z:\\tmp\\l", "win32")).toBe("Z:/tmp/l");
    // A device path is not a verbatim drive path: left as it is (containment refuses it).
    expect(slashed("\\\\.\\pipe\\x", "win32")).toBe("//./pipe/x");
  });

  test("what lapp joins with `/` is the place the system spells with `\\`", () => {
    const built = "C:\\Users\\me\\proj/src/a";
    for (const answer of [
      "C:\\Users\\me\\proj\\src\\a",
      "\\\\?\\C:\\Users\\me\\proj\\src\\a",
      "c:\\users\\ME\\Proj\\SRC\\A",
      "C:/Users/me/proj/src/a/",
      "C:\\Users\\me\\proj\\\\src\\a",
    ])
      expect(samePath(built, answer, "win32")).toBe(true);
    expect(samePath("\\\\server\\share\\d", "\\\\?\\UNC\\SERVER\\share\\d\\", "win32")).toBe(true);
  });

  test("different places stay different", () => {
    expect(samePath("C:\\x\\root", "C:\\x\\root2", "win32")).toBe(false);
    expect(samePath("C:\\x\\root", "D:\\x\\root", "win32")).toBe(false);
    expect(samePath("C:\\x\\root\\a", "C:\\x\\root", "win32")).toBe(false);
    expect(samePath("\\\\server\\share\\x", "\\\\server\\other\\x", "win32")).toBe(false);
    // `C:` alone is the current folder of drive C, not its root.
    expect(samePath("C:", "C:\\", "win32")).toBe(false);
    expect(comparable("C:\\", "win32")).toBe("c:/");
  });

  test("a parent, a joined name and the system's own spelling", () => {
    expect(parentOf("C:\\x\\root\\f.txt", "win32")).toBe("C:/x/root");
    expect(parentOf("C:\\f.txt", "win32")).toBe("C:/");
    expect(parentOf("\\\\?\\C:\\x\\f", "win32")).toBe("C:/x");
    expect(joinName("C:\\", "a", "win32")).toBe("C:\\a");
    expect(joinName("C:\\x", "a", "win32")).toBe("C:\\x/a");
    expect(nativeSpelling("C:/x/root/src/gen/f.txt", "win32")).toBe("C:\\x\\root\\src\\gen\\f.txt");
    expect(nativeSpelling("\\\\?\\C:\\x/y", "win32")).toBe("C:\\x\\y");
  });

  test("the verbatim spelling, for paths past 260 characters: absolute paths only, separators made `\\`", () => {
    expect(verbatim("C:\\x\\root/src/a", "win32")).toBe("\\\\?\\C:\\x\\root\\src\\a");
    expect(verbatim("c:/x//y", "win32")).toBe("\\\\?\\C:\\x\\y");
    expect(verbatim("\\\\server\\share\\x", "win32")).toBe("\\\\?\\UNC\\server\\share\\x");
    expect(verbatim("\\\\?\\C:\\x", "win32")).toBe("\\\\?\\C:\\x");
    // Not made verbatim: `..` would be taken as a name, a relative path has no drive, a device path is no file.
    for (const path of ["C:\\x\\..\\y", "src\\a", "\\\\.\\pipe\\x", "C:x"])
      expect(verbatim(path, "win32")).toBe(path);
    expect(verbatim("/a/b", "posix")).toBe("/a/b");
  });

  const name = fc.stringMatching(/^[A-Za-z0-9._ -]{1,8}$/).filter((n) => n.trim() === n && !/^\.+$/.test(n));
  const names = fc.array(name, { minLength: 1, maxLength: 6 });
  const drive = fc.constantFrom("C", "c", "D", "z");

  test("property: any mix of separators, case and verbatim prefix names the same place", () => {
    fc.assert(
      fc.property(
        drive,
        names,
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        (letter, parts, flips) => {
          const plain = `${letter}:\\${parts.join("\\")}`;
          const mixed = `${letter.toUpperCase()}:${parts
            .map((part, index) => `${flips[index] ? "/" : "\\"}${flips[index] ? part.toUpperCase() : part}`)
            .join("")}`;
          const verbatim = `\\\\?\\${plain}`;
          return samePath(plain, mixed, "win32") && samePath(mixed, verbatim, "win32");
        },
      ),
    );
  });

  test("property: paths whose names differ (beyond case) are never the same place", () => {
    fc.assert(
      fc.property(drive, names, names, (letter, a, b) => {
        const differ = a.join("/").toLowerCase() !== b.join("/").toLowerCase();
        return samePath(`${letter}:\\${a.join("\\")}`, `${letter}:/${b.join("/")}`, "win32") === !differ;
      }),
    );
  });
});

describe("POSIX spellings", () => {
  test("are compared as they are: case matters, a backslash is part of a name", () => {
    expect(samePath("/a/B", "/a/b", "posix")).toBe(false);
    expect(samePath("/a/b", "/a/b", "posix")).toBe(true);
    expect(slashed("/a\\b", "posix")).toBe("/a\\b");
    expect(nativeSpelling("/a/b", "posix")).toBe("/a/b");
    expect(parentOf("/a", "posix")).toBe("/");
    expect(parentOf("/a/b\\c", "posix")).toBe("/a");
    expect(joinName("/", "a", "posix")).toBe("/a");
    expect(joinName("/x\\", "a", "posix")).toBe("/x\\/a");
  });
});
