// Serves lapp over stdio: checks the root, connects the server to stdin/stdout, and resolves with the exit code
// when stdin closes (after every call in flight has answered).
import { realpathSync, statSync } from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Config } from "../config.ts";
import { MAX_MESSAGE_BYTES } from "../limits.ts";
import { STARTUP_HINT } from "../messages.ts";
import { VERSION } from "../version.ts";
import { createLappServer } from "./create.ts";

export async function serveStdio(config: Config): Promise<number> {
  const root = realRoot(config.root);
  if (typeof root !== "string") {
    process.stderr.write(`lapp: ${root.error}\n`);
    return 2;
  }
  const { server, drain } = createLappServer({ ...config, root });
  const closed = new Promise<number>((resolve) => {
    server.onclose = () => resolve(0);
  });
  // The SDK's default 10 MiB line limit would close the connection on a large lapp_write; allow what an edit
  // may produce (JSON escaping can double it), and say so on stderr if a client still goes past it.
  const transport = new StdioServerTransport(process.stdin, process.stdout, {
    maxBufferSize: MAX_MESSAGE_BYTES,
  });
  server.onerror = (error) => process.stderr.write(`lapp: protocol error: ${error.message}\n`);
  await server.connect(transport);
  process.stdin.on("end", async () => {
    await drain();
    // Let the transport flush the last responses before closing.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await server.close();
  });
  process.stderr.write(`lapp ${VERSION} serving ${root}\n${STARTUP_HINT}\n`);
  return closed;
}

function realRoot(root: string): string | { error: string } {
  try {
    const real = realpathSync(root);
    if (!statSync(real).isDirectory()) return { error: `--root ${JSON.stringify(root)} is not a directory` };
    return real;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      error: `--root ${JSON.stringify(root)} cannot be used (${code === "ENOENT" ? "does not exist" : code})`,
    };
  }
}
