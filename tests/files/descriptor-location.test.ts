// Issue 27, item 3: where descriptor-relative calls are missing, every descriptor is located before a byte is read
// (Linux: /proc/self/fd). The path-based directory handle (what Windows and LAPP_NO_NATIVE_FS=1 get) refuses a file
// reached through a directory swapped for a link out of the root, and creates, renames and removes names only in
// the directory it verified.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  hostLocator,
  locatedAsOpened,
  locatedAt,
  locatedIn,
  throughDrive,
  type Locator,
} from "../../src/files/descriptor-location.ts";
import { samePath } from "../../src/files/path-spelling.ts";
import { ESCAPED } from "../../src/disk/errno.ts";
import { openDirectoryBeneath } from "../../src/files/beneath.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const linux = process.platform === "linux";
let base: string;
let root: string;
beforeEach(() => {
  base = makeTempRoot("lapp-locate-");
  root = join(base, "root");
  mkdirSync(join(root, "d"), { recursive: true });
  mkdirSync(join(base, "outside"));
  writeFileSync(join(root, "d", "x"), "inside\n");
  writeFileSync(join(base, "outside", "x"), "OUTSIDE\n");
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** d becomes a symlink to the outside folder; the real d waits at d-real (what a swap does). */
function swapOut() {
  renameSync(join(root, "d"), join(root, "d-real"));
  symlinkSync(join(base, "outside"), join(root, "d"));
}

describe("the locators", () => {
  test.if(linux)(
    "Linux: a file opened through a symlinked directory is where the link leads, not where it was asked",
    () => {
      swapOut();
      const asked = join(root, "d", "x");
      const fd = openSync(asked, constants.O_RDONLY);
      try {
        expect(hostLocator(fd, asked)).toEqual({ at: join(base, "outside", "x") });
        expect(locatedAt(fd, asked, asked)).toBe(false);
        expect(locatedIn(fd, asked, join(root, "d"))).toBe(false);
      } finally {
        closeSync(fd);
      }
    },
  );

  test.if(linux)(
    "Linux: renamed within its directory or replaced there since, a file is still an entry of it",
    () => {
      const asked = join(root, "d", "x");
      const fd = openSync(asked, constants.O_RDONLY);
      try {
        renameSync(asked, join(root, "d", "y"));
        expect(locatedIn(fd, asked, join(root, "d"))).toBe(true);
        unlinkSync(join(root, "d", "y"));
        expect(hostLocator(fd, asked)).toEqual({ at: `${join(root, "d", "y")} (deleted)` });
        expect(locatedIn(fd, asked, join(root, "d"))).toBe(true);
        expect(locatedAt(fd, asked, join(root, "d", "y"))).toBe(false);
      } finally {
        closeSync(fd);
      }
    },
  );

  test("a file opened by path is the checked name's file: not another entry of the same directory", () => {
    // What Wine shows a Unix symlink as: an ordinary name whose file is another one (`secret-link.txt` → `.env`).
    const followed: Locator = () => ({ at: "/r/.env" });
    const removed: Locator = () => ({ at: "/r/secret-link.txt (deleted)" });
    expect(locatedAsOpened(0, "/r/secret-link.txt", "/r/secret-link.txt", followed)).toBe(false);
    expect(locatedIn(0, "/r/secret-link.txt", "/r", followed)).toBe(true);
    expect(locatedAsOpened(0, "/r/secret-link.txt", "/r/secret-link.txt", removed)).toBe(true);
  });

  test("a system that cannot tell accepts; one that proves nothing refuses; paths compare by spelling", () => {
    const unknown: Locator = () => "unknown";
    const elsewhere: Locator = () => "elsewhere";
    const windows: Locator = () => ({ at: "C:\\Work\\Root\\d\\x" });
    expect(locatedAt(0, "", "/anything", unknown)).toBe(true);
    expect(locatedAt(0, "", "/anything", elsewhere)).toBe(false);
    expect(locatedIn(0, "", "/anything", elsewhere)).toBe(false);
    if (process.platform === "win32") {
      expect(locatedAt(0, "", "C:\\work\\root/d/x", windows)).toBe(true);
      expect(locatedIn(0, "", "c:/work/root/d", windows)).toBe(true);
    } else {
      // POSIX compares byte for byte: a Windows-looking answer names no POSIX path given here.
      expect(locatedAt(0, "", "C:\\work\\root/d/x", windows)).toBe(false);
    }
  });
});

describe("Windows answers through the drive the path was opened on (pure, every platform)", () => {
  const drives: Record<string, string> = {
    "Z:/": "\\\\?\\UNC\\server\\share\\", // a mapped network drive
    "S:/": "\\\\?\\C:\\work\\src\\", // a `subst` drive
  };
  const finalOf = (drive: string) => drives[drive];

  test("a mapped drive's and a subst drive's files are named by their drive, as lapp's paths are", () => {
    expect(throughDrive("\\\\?\\UNC\\server\\share\\proj\\a.txt", "Z:\\proj/a.txt", finalOf)).toBe(
      "Z:/proj/a.txt",
    );
    expect(throughDrive("\\\\?\\C:\\work\\src\\proj\\a.txt", "S:\\proj\\a.txt", finalOf)).toBe(
      "S:/proj/a.txt",
    );
    expect(throughDrive("\\\\?\\C:\\x\\a.txt", "c:\\x\\a.txt", finalOf)).toBe("C:/x/a.txt");
  });

  test("a link below the drive's root still shows where it leads", () => {
    // S:\proj\d is a junction to C:\elsewhere: not below what the system calls S:\, so not translated.
    const through = throughDrive("\\\\?\\C:\\elsewhere\\a.txt", "S:\\proj\\d\\a.txt", finalOf);
    expect(through).toBe("C:/elsewhere/a.txt");
    expect(samePath(through, "S:\\proj\\d\\a.txt", "win32")).toBe(false);
    // A drive the system says nothing about: its answer as it is.
    expect(throughDrive("\\\\?\\UNC\\other\\x\\a", "Q:\\a", finalOf)).toBe("//other/x/a");
  });
});

describe("the path-based directory handle (no descriptor-relative calls)", () => {
  test.if(linux)(
    "a file reached through a directory swapped after the handle was made is refused, unread",
    () => {
      const directory = openDirectoryBeneath(root, "d", null);
      try {
        swapOut();
        expect(() => directory.open("x", constants.O_RDONLY)).toThrow(ESCAPED);
      } finally {
        directory.close();
      }
    },
  );

  test("a directory that is a symlink now is not opened at all", () => {
    swapOut();
    expect(() => openDirectoryBeneath(root, "d", null)).toThrow();
  });

  test("a directory below a swapped one is refused, not opened where the link leads", () => {
    mkdirSync(join(base, "outside", "deeper"));
    mkdirSync(join(root, "d", "deeper"));
    swapOut();
    expect(() => openDirectoryBeneath(root, "d/deeper", null)).toThrow();
  });

  test.if(linux)(
    "names are created, renamed and removed in the verified directory, wherever its path leads now",
    () => {
      const directory = openDirectoryBeneath(root, "d", null);
      try {
        const created = directory.open("t", constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
        closeSync(created);
        swapOut();
        directory.rename("t", "x");
        directory.link("x", "y");
        directory.unlink("y");
        directory.mkdir("sub");
        directory.rmdir("sub");
        // Nothing happened outside: the link leads there, the names went to the directory itself.
        expect(readdirSync(join(base, "outside"))).toEqual(["x"]);
        expect(readFileSync(join(base, "outside", "x"), "utf8")).toBe("OUTSIDE\n");
        expect(readdirSync(join(root, "d-real")).sort()).toEqual(["x"]);
        expect(directory.list().map((entry) => entry.name)).toEqual(["x"]);
        // A file created now is in the directory that moved away from its path: refused, and not left there.
        expect(() =>
          directory.open("new", constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600),
        ).toThrow(ESCAPED);
        expect(existsSync(join(root, "d-real", "new"))).toBe(false);
      } finally {
        directory.close();
      }
    },
  );

  test.if(linux)(
    "names that are not UTF-8 are located and changed as exactly their bytes, in the verified directory (issue 26)",
    () => {
      // d\xfe holds x\xff and the file really named x\uFFFD, which a lossy decode would reach instead.
      const raw = (...parts: (string | number)[]) =>
        Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : Buffer.of(part))));
      const dirBytes = raw(root, "/d", 0xfe);
      mkdirSync(dirBytes);
      writeFileSync(raw(root, "/d", 0xfe, "/x", 0xff), "ff\n");
      writeFileSync(raw(root, "/d", 0xfe, "/x\uFFFD"), "fffd\n");
      const directory = openDirectoryBeneath(root, "d\udcfe", null);
      try {
        const fd = directory.open("x\udcff", constants.O_RDONLY);
        try {
          expect(hostLocator(fd, "")).toEqual({ at: `${root}/d\udcfe/x\udcff` });
          expect(readFileSync(fd, "utf8")).toBe("ff\n");
        } finally {
          closeSync(fd);
        }
        closeSync(
          directory.open("t\udcfd", constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600),
        );
        // The directory's path now leads out of the root: every change still lands in the directory verified.
        renameSync(dirBytes, join(root, "d-real"));
        symlinkSync(join(base, "outside"), dirBytes);
        directory.rename("t\udcfd", "n\udcfc");
        directory.link("n\udcfc", "l\udcfb");
        directory.unlink("l\udcfb");
        directory.mkdir("s\udcfa");
        directory.rmdir("s\udcfa");
        const hex = (names: Buffer[]) => names.map((name) => name.toString("hex")).sort();
        expect(hex(readdirSync(join(root, "d-real"), { encoding: "buffer" }) as Buffer[])).toEqual(
          hex([raw("n", 0xfc), raw("x", 0xff), raw("x\uFFFD")]),
        );
        expect(readdirSync(join(base, "outside"))).toEqual(["x"]);
        expect(
          directory
            .list()
            .map((entry) => entry.name)
            .sort(),
        ).toEqual(["n\udcfc", "x\udcff", "x\uFFFD"]);
      } finally {
        directory.close();
      }
    },
  );

  test("the same handle without a swap reads, creates and lists as the native one does", () => {
    const directory = openDirectoryBeneath(root, "d", null);
    try {
      const fd = directory.open("x", constants.O_RDONLY);
      expect(readFileSync(fd, "utf8")).toBe("inside\n");
      closeSync(fd);
      closeSync(directory.open("n", constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600));
      directory.rename("n", "m");
      expect(
        directory
          .list()
          .map((entry) => entry.name)
          .sort(),
      ).toEqual(["m", "x"]);
    } finally {
      directory.close();
    }
  });
});
