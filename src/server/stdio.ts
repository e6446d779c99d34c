// Serves lapp over stdio: checks the root, connects the server to stdin/stdout through lapp's own line transport,
// and resolves with the exit code when stdin closes (after every call in flight has answered).
// stderr stays silent under a client (Claude Code shows every stderr line as an error): the hint and the log go
// there only when stderr is a terminal (a person started lapp) or with --verbose; --log-file takes the log anywhere.
import { realpathSync, statSync } from "node:fs";
import { isatty } from "node:tty";
import type { Config } from "../config.ts";
import { MAX_MESSAGE_BYTES } from "../limits.ts";
import { STARTUP_HINT } from "../messages.ts";
import { quotePath } from "../text/quote-path.ts";
import { VERSION } from "../version.ts";
import { createLappServer } from "./create.ts";
import { createLogger, STDERR, writeLogLine, writeStderr, type LogTarget } from "./log.ts";
import { rootNotDirectory, rootUnusable, serving } from "./messages.ts";
import { LineTransport } from "./stdio-transport.ts";

export async function serveStdio(config: Config): Promise<number> {
  const root = realRoot(config.root);
  if (typeof root !== "string") {
    writeStderr(`lapp: ${root.error}\n`);
    return 2;
  }
  const toStderr = config.verbose === true || isatty(2);
  const target: LogTarget = config.logFile ?? (toStderr ? STDERR : undefined);
  const log = (text: string) => writeLogLine(target, text);
  const { server, drain } = createLappServer({ ...config, root }, createLogger(target), log);
  const closed = new Promise<number>((resolve) => {
    server.onclose = () => resolve(0);
  });
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
  if (toStderr) writeStderr(`${STARTUP_HINT}\n`);
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
