// The real clients the client check drives, pinned, installed from npm into a cache folder of their own (never
// into lapp's dependencies), once: Claude Code and Codex ship native binaries through npm, Gemini CLI is a Node
// program, opencode a native binary again.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const CLIENT_PACKAGES = {
  claude: { name: "@anthropic-ai/claude-code", version: "2.1.332", bin: "claude" },
  codex: { name: "@openai/codex", version: "0.171.0", bin: "codex" },
  gemini: { name: "@google/gemini-cli", version: "0.61.0", bin: "gemini" },
  opencode: { name: "opencode-ai", version: "1.18.33", bin: "opencode" },
} as const;
export type ClientName = keyof typeof CLIENT_PACKAGES;

/** Installs the pinned clients into `dir` (a private npm project) unless they are there; returns each bin's path. */
export function installClients(
  dir: string,
  clients: readonly ClientName[],
  log: (line: string) => void,
): Record<ClientName, string> {
  mkdirSync(dir, { recursive: true });
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) writeFileSync(manifest, '{ "name": "lapp-client-check", "private": true }\n');
  const missing = clients.filter(
    (client) => installedVersion(dir, client) !== CLIENT_PACKAGES[client].version,
  );
  if (missing.length > 0) {
    const specs = missing.map(
      (client) => `${CLIENT_PACKAGES[client].name}@${CLIENT_PACKAGES[client].version}`,
    );
    log(`installing ${specs.join(", ")} into ${dir} …`);
    const result = Bun.spawnSync(["npm", "install", "--no-audit", "--no-fund", "--save-exact", ...specs], {
      cwd: dir,
      stdout: "pipe",
      stderr: "pipe",
    });
    if (result.exitCode !== 0) throw new Error(`npm install failed:\n${result.stderr.toString()}`);
  }
  return Object.fromEntries(
    Object.entries(CLIENT_PACKAGES).map(([client, { bin }]) => [
      client,
      join(dir, "node_modules", ".bin", bin),
    ]),
  ) as Record<ClientName, string>;
}

function installedVersion(dir: string, client: ClientName): string | undefined {
  const manifest = join(dir, "node_modules", CLIENT_PACKAGES[client].name, "package.json");
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version;
}
