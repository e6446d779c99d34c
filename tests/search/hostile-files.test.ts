// Issue 11, items 1 and 3 for the search reader: a FIFO swapped in for a walked file must not hang the search (it
// is skipped at once), and a walked path whose directory became a symlink is not read (the descriptor's real
// path must be the walked path). Run in a child process, so a hang on old code fails the test instead of it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const SEARCH_FILE = resolve(import.meta.dir, "../../src/search/search-file.ts");
const MATCHER = resolve(import.meta.dir, "../../src/search/matcher.ts");
let base: string;

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "lapp-search-hostile-")));
  mkdirSync(join(base, "root", "real"), { recursive: true });
  mkdirSync(join(base, "outside"));
  writeFileSync(join(base, "outside", "x.txt"), "needle outside\n");
  symlinkSync(join(base, "outside"), join(base, "root", "swapped"));
  Bun.spawnSync(["mkfifo", join(base, "root", "real", "pipe.txt")]);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** searchFile on `path` in a child with a deadline; the child's answer, or "hung". */
async function searchInChild(path: string): Promise<string> {
  const script = `
    const { searchFile } = await import(${JSON.stringify(SEARCH_FILE)});
    const { compileMatcher } = await import(${JSON.stringify(MATCHER)});
    const matcher = compileMatcher({ pattern: "needle", literal: true, ignoreCase: false });
    const result = searchFile(${JSON.stringify(path)}, { matcher: matcher.value, context: 0, keep: 10, maxBytes: 1 << 20 });
    process.stdout.write(JSON.stringify(result));`;
  const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => child.kill(), 5_000);
  const text = await new Response(child.stdout).text();
  await child.exited;
  clearTimeout(timer);
  return child.signalCode ? "hung" : text;
}

test.if(process.platform !== "win32")(
  "a FIFO where a file was walked is skipped at once",
  async () => {
    const answer = await searchInChild(join(base, "root", "real", "pipe.txt"));
    expect(answer).not.toBe("hung");
    expect(JSON.parse(answer).kind).toBe("unreadable");
  },
  10_000,
);

test.if(process.platform === "linux")(
  "a walked path through a directory swapped for a symlink is not read",
  async () => {
    const answer = await searchInChild(join(base, "root", "swapped", "x.txt"));
    expect(answer).not.toContain("needle outside");
    expect(JSON.parse(answer).kind).toBe("unreadable");
  },
  10_000,
);
