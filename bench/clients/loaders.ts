// Gemini CLI and opencode read the files `lapp setup` writes with their own configuration loaders: `gemini mcp
// list` and `opencode mcp list` load the settings, start every server and report whether it connected.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Checks, firstLine } from "./checks.ts";
import { makeScratch, withScratch } from "./scratch.ts";

/** The line about lapp in a client's server list, colours removed. */
const lappLine = (output: string) =>
  output
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .find((line) => /\blapp\b/.test(line) && !/^\s*$/.test(line)) ?? output.trim();

export async function checkGemini(gemini: string, lappBinary: string, checks: Checks): Promise<void> {
  const client = "Gemini CLI";
  const version = (await makeScratch(lappBinary).run([gemini, "--version"])).stdout.trim();
  checks.add(client, "version", version === "0.61.0", version);
  const cases: [string[], string][] = [
    [["--project"], "`lapp setup gemini --project` (.gemini/settings.json)"],
    [["--approve-edits"], "`lapp setup gemini --approve-edits` into a user settings file with comments"],
  ];
  for (const [args, label] of cases) {
    await withScratch(lappBinary, {}, async (scratch) => {
      if (args.includes("--project")) {
        await scratch.setup(["gemini", ...args]);
        const untrusted = await scratch.run([gemini, "mcp", "list"]);
        const line = lappLine(untrusted.stdout + untrusted.stderr);
        checks.add(
          client,
          "in a folder the user has not trusted, Gemini CLI does not start lapp",
          /lapp.*Disabled/.test(line),
          line,
        );
      }
      // Gemini CLI starts a project's servers only in a folder the user trusts.
      mkdirSync(join(scratch.home, ".gemini"), { recursive: true });
      writeFileSync(
        join(scratch.home, ".gemini", "trustedFolders.json"),
        JSON.stringify({ [scratch.project]: "TRUST_FOLDER" }),
      );
      if (!args.includes("--project"))
        writeFileSync(
          join(scratch.home, ".gemini", "settings.json"),
          '// mine\n{\n  "ui": { "theme": "Default" } // theme\n}\n',
        );
      await scratch.setup(["gemini", ...args]);
      const list = await scratch.run([gemini, "mcp", "list"]);
      const line = lappLine(list.stdout + list.stderr);
      checks.add(
        client,
        `${label}: gemini mcp list loads it and connects`,
        /✓ lapp: lapp .*Connected/.test(line),
        line,
      );
    });
  }
}

export async function checkOpencode(opencode: string, lappBinary: string, checks: Checks): Promise<void> {
  const client = "opencode";
  const version = (await makeScratch(lappBinary).run([opencode, "--version"])).stdout.trim();
  checks.add(client, "version", version === "1.18.33", version);
  const cases: [string[], string][] = [
    [["--project"], "`lapp setup opencode --project` (opencode.json)"],
    [["--root", "."], "`lapp setup opencode --root .` (~/.config/opencode/opencode.json)"],
  ];
  for (const [args, label] of cases) {
    await withScratch(lappBinary, {}, async (scratch) => {
      await scratch.setup(["opencode", ...args]);
      const env = {
        XDG_CONFIG_HOME: join(scratch.home, ".config"),
        XDG_DATA_HOME: join(scratch.home, ".local", "share"),
        XDG_CACHE_HOME: join(scratch.home, ".cache"),
        XDG_STATE_HOME: join(scratch.home, ".local", "state"),
      };
      const list = await scratch.run([opencode, "mcp", "list"], env);
      const line = lappLine(list.stdout + list.stderr);
      checks.add(
        client,
        `${label}: opencode mcp list loads it and connects`,
        /✓ lapp\s+connected/.test(line),
        firstLine(line),
      );
    });
  }
}
