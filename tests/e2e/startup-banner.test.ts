// What lapp prints on stderr when it starts. Under a client (stderr a pipe) nothing at all: Claude Code shows every
// stderr line as an error. With --verbose, or when stderr is a terminal (a person started lapp), the one-line hint
// and the log; --log-file takes the log to a file in every case.
import { expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { STARTUP_HINT } from "../../src/messages.ts";
import { LAPP_BINARY, makeTempRoot } from "../support/lapp-session.ts";
import { startRaw, type RawSession } from "../support/raw-session.ts";

const LOG_LINE = /^\S+Z /;

/** One tool call (a read of a file that is not there), answered. */
async function readMissing(lapp: RawSession): Promise<void> {
  const params = { name: "lapp_read", arguments: { path: "missing.txt" } };
  await lapp.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params });
  await lapp.until(1);
}

test("under a client (stderr is a pipe) stderr stays empty through a whole session", async () => {
  const root = makeTempRoot("lapp-banner-");
  try {
    const lapp = await startRaw(root);
    await readMissing(lapp);
    expect(await lapp.close()).toBe(0);
    expect(await lapp.stderr()).toBe("");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("--verbose: the hint once on one line, then the log (start, client and budget, one line per call)", async () => {
  const root = makeTempRoot("lapp-banner-");
  try {
    const lapp = await startRaw(root, ["--verbose"], { name: "claude-code", version: "2.1.332" });
    await readMissing(lapp);
    expect(await lapp.close()).toBe(0);
    const lines = (await lapp.stderr()).split("\n");
    expect(lines[0]).toBe(STARTUP_HINT);
    expect(STARTUP_HINT).not.toContain("\n");
    expect(lines[1]).toMatch(new RegExp(`^\\S+Z lapp \\S+ serving ${root}$`));
    expect(lines[2]).toMatch(LOG_LINE);
    expect(lines[2]).toContain('client "claude-code 2.1.332": answers within 20000 tokens');
    expect(lines[3]).toMatch(/^\S+Z lapp_read missing\.txt NOT_FOUND [\d.]+ms$/);
    expect(lines.slice(4)).toEqual([""]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("--log-file takes the log; with --verbose only the hint stays on stderr", async () => {
  const root = makeTempRoot("lapp-banner-");
  const logDirectory = makeTempRoot("lapp-banner-log-");
  const logFile = join(logDirectory, "lapp.log");
  try {
    const quiet = await startRaw(root, ["--log-file", logFile]);
    expect(await quiet.close()).toBe(0);
    expect(await quiet.stderr()).toBe("");
    const verbose = await startRaw(root, ["--log-file", logFile, "--verbose"]);
    expect(await verbose.close()).toBe(0);
    expect(await verbose.stderr()).toBe(`${STARTUP_HINT}\n`);
    const log = readFileSync(logFile, "utf8").split("\n");
    expect(log.filter((line) => line.includes(` serving ${root}`))).toHaveLength(2);
    expect(log.filter((line) => line.includes('client "raw 1"'))).toHaveLength(2);
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(logDirectory, { recursive: true, force: true });
  }
});

/** util-linux `script` runs a command on a fresh terminal (macOS's `script` takes other arguments). */
const hasScript = Bun.spawnSync(["script", "--version"], { stderr: "pipe" })
  .stdout.toString()
  .includes("util-linux");

test.skipIf(!hasScript)("a person starting lapp in a terminal sees the hint and the start line", () => {
  const root = makeTempRoot("lapp-banner-");
  try {
    // stdin is /dev/null, so lapp ends at once; what the terminal shows is its stderr (stdout carries no message).
    const command = `${LAPP_BINARY} --root ${root} < /dev/null`;
    const run = Bun.spawnSync(["script", "-qec", command, "/dev/null"], { stdout: "pipe", stderr: "pipe" });
    expect(run.exitCode).toBe(0);
    const shown = run.stdout.toString().replaceAll("\r\n", "\n");
    expect(shown.startsWith(`${STARTUP_HINT}\n`)).toBe(true);
    expect(shown).toMatch(new RegExp(`\\S+Z lapp \\S+ serving ${root}\\n`));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
