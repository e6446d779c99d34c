// Issue 11: a hostile repository. Ignore files linked to /proc or outside the root (item 2), files inside blocked
// directories (item 4), a hard link to `.env` under an innocent name (item 5), error codes for FIFOs, over-long
// paths and dangling symlinked directories (item 11), and a tree deeper than PATH_MAX (item 12).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, linkSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { errorCode, makeTempRoot, startLapp, type LappSession } from "../support/lapp-session.ts";

const SECRET = "HUNTER2-SECRET-VALUE";
let base: string;
let root: string;
let lapp: LappSession;

beforeAll(async () => {
  base = makeTempRoot("lapp-hostile-");
  root = join(base, "proj");
  mkdirSync(join(root, "src"), { recursive: true });
  mkdirSync(join(base, "outside"));
  writeFileSync(join(root, "src", "app.txt"), "needle in app\n");
  writeFileSync(join(root, "src", "kept.log"), "needle in log\n");
  // Item 2: ignore files that freeze or mislead. An outside file with `*.txt` must not hide src/app.txt.
  writeFileSync(join(base, "outside", "rules"), "*.txt\n");
  if (existsSync("/proc/self/pagemap")) symlinkSync("/proc/self/pagemap", join(root, ".gitignore"));
  if (existsSync("/proc/kmsg")) symlinkSync("/proc/kmsg", join(root, ".ignore"));
  symlinkSync(join(base, "outside", "rules"), join(root, "src", ".rgignore"));
  mkdirSync(join(root, ".git"));
  // Item 4: files inside blocked-name directories.
  for (const path of [".env.d/prod", "secrets.d/x", "dir/.env/prod", ".ssh/id_rsa"]) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), `${SECRET} in ${path}\n`);
  }
  // Item 5: a hard link to .env under an innocent name, in another directory.
  writeFileSync(join(root, ".env"), `TOKEN=${SECRET}\n`);
  linkSync(join(root, ".env"), join(root, "src", "notes.txt"));
  // Item 11.
  if (process.platform !== "win32") Bun.spawnSync(["mkfifo", join(root, "pipe")]);
  symlinkSync(join(base, "outside", "gone"), join(root, "dangling-dir"));
  lapp = await startLapp({ root });
});

afterAll(async () => {
  await lapp.close();
  rmSync(base, { recursive: true, force: true });
});

describe("hostile ignore files (item 2)", () => {
  test("a .gitignore linked to /proc/self/pagemap, an .ignore linked to /proc/kmsg and a .rgignore linked outside are not read", async () => {
    const result = await lapp.call("lapp_grep", { pattern: "needle" });
    expect(result.isError).toBe(false);
    // The outside `*.txt` rule was not applied, and the server answered at all (no hang, no runaway memory).
    expect(result.text).toContain("src/app.txt");
    expect(result.text).toContain("src/kept.log");
    const again = await lapp.call("lapp_read", { path: "src/app.txt" });
    expect(again.isError).toBe(false);
  }, 20_000);
});

describe("blocked directories (item 4)", () => {
  for (const path of [".env.d/prod", "secrets.d/x", "dir/.env/prod", ".ssh/id_rsa"]) {
    test(`${path} is PATH_BLOCKED for read, edit and write`, async () => {
      const read = await lapp.call("lapp_read", { path });
      expect(errorCode(read.text)).toBe("PATH_BLOCKED");
      const write = await lapp.call("lapp_write", { path, content: "x\n", overwrite: true });
      expect(errorCode(write.text)).toBe("PATH_BLOCKED");
      expect(read.text + write.text).not.toContain(SECRET);
    });
  }
  test("a whole-root search never shows them", async () => {
    const result = await lapp.call("lapp_grep", { pattern: "HUNTER2" });
    expect(result.text).not.toContain(SECRET);
  });
});

describe("a hard link to .env under another name (item 5)", () => {
  test("read and find_block refuse it; a whole-root grep and a grep of its directory leave it out", async () => {
    for (const [tool, args] of [
      ["lapp_read", { path: "src/notes.txt" }],
      ["lapp_find_block", { path: "src/notes.txt", anchor: "1#ZZ" }],
    ] as const) {
      const result = await lapp.call(tool, args);
      expect(errorCode(result.text)).toBe("PATH_BLOCKED");
      expect(result.text).not.toContain(SECRET);
    }
    for (const args of [{ pattern: "TOKEN" }, { pattern: "TOKEN", path: "src" }]) {
      const result = await lapp.call("lapp_grep", args);
      expect(result.text).not.toContain(SECRET);
      expect(result.text).not.toContain("notes.txt");
    }
  });
});

describe("error codes that say what happened (item 11)", () => {
  // Windows has no FIFOs in its file system.
  test.if(process.platform !== "win32")("a FIFO is NOT_A_FILE", async () => {
    const result = await lapp.call("lapp_read", { path: "pipe" });
    expect(errorCode(result.text)).toBe("NOT_A_FILE");
  });

  // Windows opens paths of up to 32,767 characters: 6,000 is an ordinary (if deep) path there.
  test.if(process.platform !== "win32")(
    "a 6,000-character path is PATH_TOO_LONG and is not echoed whole",
    async () => {
      const long = `${"a".repeat(200)}/`.repeat(30) + "x.txt";
      for (const tool of ["lapp_read", "lapp_write"]) {
        const result = await lapp.call(
          tool,
          tool === "lapp_read" ? { path: long } : { path: long, content: "x\n" },
        );
        expect(errorCode(result.text)).toBe("PATH_TOO_LONG");
        expect(result.text.length).toBeLessThan(600);
      }
    },
  );

  test("writing through a dangling symlinked directory that points out is PATH_OUTSIDE_ROOT, nothing created", async () => {
    const result = await lapp.call("lapp_write", { path: "dangling-dir/new.txt", content: "x\n" });
    expect(errorCode(result.text)).toBe("PATH_OUTSIDE_ROOT");
    expect(readdirSync(join(base, "outside"))).toEqual(["rules"]);
  });
});

describe("trees deeper than PATH_MAX (item 12)", () => {
  test.if(process.platform === "linux" && Bun.which("python3") !== null)(
    "grep says it skipped them",
    async () => {
      // Built with relative paths from inside (python's chdir), since the absolute path is too long for mkdir.
      const name = "d".repeat(200);
      const script = [
        "import os",
        `os.chdir(${JSON.stringify(join(root, "src"))})`,
        "for i in range(24):",
        `  os.mkdir("${name}")`,
        `  os.chdir("${name}")`,
        'open("deep.txt", "w").write("needle deep")',
      ].join("\n");
      expect(Bun.spawnSync(["python3", "-c", script]).exitCode).toBe(0);
      try {
        const result = await lapp.call("lapp_grep", { pattern: "needle" });
        expect(result.text).toContain("PATH_MAX");
        const structured = await lapp.call("lapp_grep", { pattern: "needle", format: "structured" });
        expect(JSON.parse(structured.text).skipped_too_deep).toBeGreaterThan(0);
      } finally {
        Bun.spawnSync(["rm", "-rf", join(root, "src", "d".repeat(200))]);
      }
    },
    20_000,
  );
});
