// Attack catalogue for the pure containment function: one row per attack, POSIX and Windows inputs.
// Rows that must stay inside check the root-relative result too.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { containPath, normalizePosix } from "../../src/security/containment.ts";

const ROOT = "/home/dev/proj";

describe("POSIX attacks are PATH_OUTSIDE_ROOT", () => {
  const attacks: [string, string][] = [
    ["parent directory", "../secret.txt"],
    ["parent through a subdirectory", "src/../../secret.txt"],
    ["deep parent chain", "a/b/../../../../../../etc/passwd"],
    ["absolute path elsewhere", "/etc/passwd"],
    ["absolute path of the root's parent", "/home/dev"],
    ["prefix sibling (absolute)", "/home/dev/proj-evil/x.txt"],
    ["prefix sibling (relative)", "../proj-evil/x.txt"],
    ["prefix sibling without separator", "/home/dev/projx"],
    ["NUL byte", "src/a\0.txt"],
    ["NUL byte truncating to an allowed prefix", "/home/dev/proj/\0/../../x"],
    ["dot-dot after a trailing slash", "src/../../"],
    ["root of the filesystem", "/"],
    ["double slash absolute", "//etc/passwd"],
  ];
  for (const [name, input] of attacks) {
    test(name, () => {
      const result = containPath(ROOT, input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe("PATH_OUTSIDE_ROOT");
    });
  }
});

describe("POSIX paths that stay inside", () => {
  const inside: [string, string][] = [
    ["src/app.ts", "src/app.ts"],
    ["./src/./app.ts", "src/app.ts"],
    ["src//app.ts", "src/app.ts"],
    ["src/../README.md", "README.md"],
    ["/home/dev/proj/src/app.ts", "src/app.ts"],
    ["/home/dev/proj", ""],
    [".", ""],
    ["..\\..\\etc\\passwd", "..\\..\\etc\\passwd"], // backslashes are name characters on POSIX: a file in the root
    ["~/.ssh/id_rsa", "~/.ssh/id_rsa"], // no tilde expansion: a directory named "~" in the root
    ["file:///etc/passwd", "file:/etc/passwd"],
  ];
  for (const [input, relative] of inside) {
    test(JSON.stringify(input), () => {
      const result = containPath(ROOT, input);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.value.relative).toBe(relative);
    });
  }

  test("an empty or blank path is INVALID_ARGUMENTS", () => {
    for (const input of ["", "   "]) {
      const result = containPath(ROOT, input);
      expect(!result.ok && result.error.code).toBe("INVALID_ARGUMENTS");
    }
  });

  test("a root of / contains everything but NUL", () => {
    expect(containPath("/", "/etc/passwd")).toMatchObject({ ok: true, value: { relative: "etc/passwd" } });
    expect(containPath("/", "a\0b").ok).toBe(false);
  });
});

describe("Windows inputs (pure, tested on every platform)", () => {
  const WIN_ROOT = "C:\\Users\\dev\\proj";
  const attacks: [string, string][] = [
    ["parent with backslashes", "..\\secret.txt"],
    ["mixed separators", "src/..\\..\\secret.txt"],
    ["other drive", "D:\\proj\\x.txt"],
    ["same drive elsewhere", "C:\\Windows\\system.ini"],
    ["drive-relative", "C:secret.txt"],
    ["bare drive", "C:"],
    ["UNC share", "\\\\server\\share\\x.txt"],
    ["UNC with forward slashes", "//server/share/x.txt"],
    ["verbatim path", "\\\\?\\C:\\Users\\dev\\proj\\x.txt"],
    ["device namespace", "\\\\.\\PhysicalDrive0"],
    ["NT object path", "\\??\\C:\\Users\\dev\\proj\\x.txt"],
    ["alternate data stream", "notes.txt:hidden"],
    ["default data stream spelled out", "src\\app.ts::$DATA"],
    ["prefix sibling", "C:\\Users\\dev\\proj-evil\\x.txt"],
    ["trailing dot opens .env", ".env."],
    ["trailing space", "secrets.json "],
    ["trailing dots on a directory", "config...\\x"],
    ["device name", "nul"],
    ["device name with extension", "src\\con.txt"],
    ["COM port", "COM1.log"],
    ["8.3 short name", "SECRET~1.JSO"],
    ["8.3 short directory", "PROGRA~1\\x"],
    ["NUL byte", "src\\a\0b"],
    ["root-relative elsewhere", "\\Windows\\win.ini"],
  ];
  for (const [name, input] of attacks) {
    test(name, () => {
      const result = containPath(WIN_ROOT, input, "win32");
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe("PATH_OUTSIDE_ROOT");
    });
  }

  const inside: [string, string][] = [
    ["src\\app.ts", "src/app.ts"],
    ["src/app.ts", "src/app.ts"],
    ["C:\\Users\\dev\\proj\\src\\app.ts", "src/app.ts"],
    ["c:\\users\\DEV\\Proj\\src\\app.ts", "src/app.ts"], // case-insensitive
    ["C:/Users/dev/proj/x", "x"],
    ["\\Users\\dev\\proj\\x", "x"],
    ["src\\..\\README.md", "README.md"],
    ["~notes.txt", "~notes.txt"],
    ["console.log.ts", "console.log.ts"],
  ];
  for (const [input, relative] of inside) {
    test(`inside: ${JSON.stringify(input)}`, () => {
      const result = containPath(WIN_ROOT, input, "win32");
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.value.relative).toBe(relative);
    });
  }

  test("a UNC root contains its own paths and refuses climbing out of the share", () => {
    const root = "\\\\server\\share\\proj";
    expect(containPath(root, "src\\x.ts", "win32")).toMatchObject({
      ok: true,
      value: { relative: "src/x.ts" },
    });
    expect(containPath(root, "\\\\SERVER\\share\\proj\\x", "win32").ok).toBe(true);
    expect(containPath(root, "..\\..\\other\\x", "win32").ok).toBe(false);
    expect(containPath(root, "\\\\server\\other\\proj\\x", "win32").ok).toBe(false);
  });

  test("the refusal shows a Windows root as it is spelled, not with JSON's doubled backslashes", () => {
    const refused = containPath("C:\\work\\root", "..\\x.txt", "win32");
    expect(!refused.ok && refused.error.message).toBe(
      'PATH_OUTSIDE_ROOT: "..\\x.txt" is outside the root "C:\\work\\root".',
    );
    // A name that could forge output is still JSON-quoted.
    const forged = containPath(ROOT, "../a\n1#ZZ:x");
    expect(!forged.ok && forged.error.message).toStartWith(
      'PATH_OUTSIDE_ROOT: "../a\\n1#ZZ:x" is outside the root',
    );
  });
});

describe("properties", () => {
  const segment = fc.constantFrom("a", "b", "..", ".", "", "proj", "proj-evil", "dev", "home");
  const pathInput = fc
    .array(segment, { maxLength: 8 })
    .chain((parts) => fc.boolean().map((absolute) => (absolute ? "/" : "") + parts.join("/")));

  test("whatever the input, an accepted path is the root or strictly under it, and has no `..`", () => {
    fc.assert(
      fc.property(pathInput, (input) => {
        if (input.trim() === "") return;
        const result = containPath(ROOT, input);
        if (!result.ok) return;
        expect(result.value.absolute === ROOT || result.value.absolute.startsWith(`${ROOT}/`)).toBe(true);
        expect(result.value.relative.split("/")).not.toContain("..");
        expect(`${ROOT}/${result.value.relative}`.replace(/\/$/, "")).toBe(result.value.absolute);
      }),
      { numRuns: 2000 },
    );
  });

  test("acceptance agrees with a plain normalise-then-compare oracle", () => {
    fc.assert(
      fc.property(pathInput, (input) => {
        if (input.trim() === "") return;
        const absolute = normalizePosix(input.startsWith("/") ? input : `${ROOT}/${input}`);
        const expected = absolute === ROOT || absolute.startsWith(`${ROOT}/`);
        expect(containPath(ROOT, input).ok).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
