// Entry point: answers --version/--help without loading the server, validates flags, then serves (serveStdio
// checks the root). Only this file and src/server/ touch process-wide state (argv, env, exit codes, stdio).
// Output goes through Bun.stdout/Bun.stderr: process.stdout would load Node's stream layer (~10 ms per start).

import { parseArgs } from "./config.ts";
import { COMMIT, TARGET, VERSION } from "./version.ts";

const argv = process.argv.slice(2);

async function main(): Promise<number> {
  if (argv[0] === "setup") {
    const { runSetup } = await import("./setup/cli.ts");
    return runSetup(argv.slice(1));
  }
  const parsed = parseArgs(argv, process.env, process.cwd());
  switch (parsed.kind) {
    case "version":
      await Bun.write(Bun.stdout, `lapp ${VERSION} (commit ${COMMIT}, ${TARGET})\n`);
      return 0;
    case "help": {
      const { HELP } = await import("./help.ts");
      await Bun.write(Bun.stdout, HELP);
      return 0;
    }
    case "error":
      await Bun.write(Bun.stderr, `lapp: ${parsed.message}\n`);
      return 2;
    case "serve": {
      const { relaunchWithHeapSetting } = await import("./server/heap-setting.ts");
      relaunchWithHeapSetting(argv);
      const { serveStdio } = await import("./server/stdio.ts");
      return serveStdio(parsed.config);
    }
  }
}

// The server resolves when the client closes stdin; every path ends with an explicit exit code.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `lapp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
