// Serves lapp over stdio: checks the root, connects the server to stdin/stdout through lapp's own line transport,
// and resolves with the exit code when stdin closes (after every call in flight has answered).
import { realpathSync, statSync } from "node:fs";
import type { Config } from "../config.ts";
import { MAX_MESSAGE_BYTES } from "../limits.ts";
import { STARTUP_HINT } from "../messages.ts";
import { quotePath } from "../text/quote-path.ts";
import { VERSION } from "../version.ts";
import { createLappServer } from "./create.ts";
import { writeLogLine, writeStderr } from "./log.ts";
import { rootNotDirectory, rootUnusable, serving } from "./messages.ts";
import { LineTransport } from "./stdio-transport.ts";

export async function serveStdio(config: Config): Promise<number> {
  const root = realRoot(config.root);
  if (typeof root !== "string") {
    writeStderr(`lapp: ${root.error}\n`);
    return 2;
  }
  const { server, drain } = createLappServer({ ...config, root });
  const closed = new Promise<number>((resolve) => {
    server.onclose = () => resolve(0);
  });
  const log = (text: string) => writeLogLine(config.logFile, text);
  const transport = new LineTransport(Bun.stdin.stream(), Bun.stdout.writer(), {
    maxMessageBytes: MAX_MESSAGE_BYTES,
    note: log,
    onInputEnd: async () => {
      await drain();
      // Let the transport flush the last responses before closing.
      await new Promise((resolve) => setTimeout(resolve, 10));
      await server.close();
    },
  });
  server.onerror = (error) => log(`protocol error: ${error.message.split("\n")[0]}`);
  await server.connect(transport);
  // Clients such as Claude Code show stderr as errors: the one line a person should see is the hint.
  writeStderr(`${STARTUP_HINT}\n`);
  log(serving(VERSION, quotePath(root)));
  return closed;
}

function realRoot(root: string): string | { error: string } {
  try {
    const real = realpathSync(root);
    if (!statSync(real).isDirectory()) return { error: rootNotDirectory(root) };
    return real;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { error: rootUnusable(root, code === "ENOENT" ? "does not exist" : String(code)) };
  }
}
