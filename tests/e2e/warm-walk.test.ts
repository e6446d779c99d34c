// The compiled binary walks its root after tools/list, before the first call (search/warm-walk.ts): the log says how
// many files it walked, and a first search made after it, or made at once while it runs, answers exactly as a
// server that never walked beforehand.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempRoot, startLapp } from "../support/lapp-session.ts";

let temp: string;
let root: string;

const FOLDERS = 40;

beforeAll(() => {
  temp = makeTempRoot("lapp-warm-walk-e2e-");
  root = join(temp, "root");
  for (let index = 0; index < FOLDERS; index++) {
    mkdirSync(join(root, `pkg${index}`), { recursive: true });
    writeFileSync(join(root, `pkg${index}`, "main.ts"), `export const value${index} = ${index}; // NEEDLE\n`);
    writeFileSync(join(root, `pkg${index}`, "notes.md"), "nothing here\n");
  }
  mkdirSync(join(root, "dist"));
  writeFileSync(join(root, "dist", "bundle.js"), "NEEDLE\n");
  writeFileSync(join(root, ".ignore"), "dist/\n");
  writeFileSync(join(root, ".env"), "NEEDLE=secret\n"); // blocked by default: never searched nor counted
});

afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The log's line about the walk, once written (it runs right after tools/list). */
async function warmWalkLine(logFile: string): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const line = existsSync(logFile)
      ? readFileSync(logFile, "utf8")
          .split("\n")
          .find((text) => text.includes("before the first search"))
      : undefined;
    if (line !== undefined) return line;
    await Bun.sleep(50);
  }
  throw new Error("no line about the walk before the first search in the log");
}

async function firstSearch(logName: string, pauseForWalk: boolean) {
  const logFile = join(temp, logName);
  const lapp = await startLapp({ root, env: { LAPP_LOG_FILE: logFile } });
  try {
    await lapp.client.listTools();
    const walkLine = pauseForWalk ? await warmWalkLine(logFile) : undefined;
    const answer = await lapp.call("lapp_grep", { pattern: "NEEDLE", output: "count" });
    return { answer, walkLine: walkLine ?? (await warmWalkLine(logFile)) };
  } finally {
    await lapp.close();
  }
}

// Listings are kept (and so walked before the first search) on Linux only: listing-cache.ts.
describe.skipIf(process.platform !== "linux")("the walk before the first search, in the binary", () => {
  test("walks every searchable file after tools/list; the first search after it answers in full", async () => {
    const { answer, walkLine } = await firstSearch("walked.log", true);
    // 40 × 2 files and .ignore; dist/ ignored, .env blocked.
    expect(walkLine).toContain(`: ${FOLDERS * 2 + 1} files in`);
    expect(walkLine).toContain("(the whole root)");
    expect(answer.isError).toBe(false);
    expect(answer.text).toContain(
      `[${FOLDERS} files with ${FOLDERS} matches; ${FOLDERS * 2 + 1} files searched]`,
    );
    expect(answer.text).not.toContain(".env");
    expect(answer.text).not.toContain("bundle.js");
  });

  test("a server without lapp_grep walks nothing", async () => {
    const logFile = join(temp, "no-grep.log");
    const lapp = await startLapp({
      root,
      args: ["--only-tools", "read,edit"],
      env: { LAPP_LOG_FILE: logFile },
    });
    try {
      await lapp.client.listTools();
      // The tools load right after tools/list; a read answered means they have (the walk would have begun).
      expect((await lapp.call("lapp_read", { path: "pkg0/main.ts" })).isError).toBe(false);
      await Bun.sleep(300);
    } finally {
      await lapp.close();
    }
    const log = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
    expect(log).toContain("lapp_read");
    expect(log).not.toContain("before the first search");
  });

  test("a search sent at once, while the walk runs, answers the same", async () => {
    const { answer, walkLine } = await firstSearch("at-once.log", false);
    expect(walkLine).toMatch(/\((the whole root|stopped: a search began)\)/);
    expect(answer.isError).toBe(false);
    expect(answer.text).toContain(
      `[${FOLDERS} files with ${FOLDERS} matches; ${FOLDERS * 2 + 1} files searched]`,
    );
  });
});
