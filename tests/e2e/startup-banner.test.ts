// What lapp prints on stderr when it starts: the one-line hint and nothing else (Claude Code shows stderr as
// errors); the version and root go to the log.
import { expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { STARTUP_HINT } from "../../src/messages.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { startRaw } from "../support/raw-session.ts";

test("stderr gets exactly the hint, once, on one line; the start line goes to --log-file", async () => {
  const root = makeTempRoot("lapp-banner-");
  const logDirectory = makeTempRoot("lapp-banner-log-");
  const logFile = join(logDirectory, "lapp.log");
  try {
    const lapp = await startRaw(root, ["--log-file", logFile]);
    expect(await lapp.close()).toBe(0);
    expect(await lapp.stderr()).toBe(`${STARTUP_HINT}\n`);
    expect(STARTUP_HINT).not.toContain("\n");
    expect(readFileSync(logFile, "utf8")).toMatch(new RegExp(`^\\S+Z lapp \\S+ serving ${root}\\n$`));
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(logDirectory, { recursive: true, force: true });
  }
});
