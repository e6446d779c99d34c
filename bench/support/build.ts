// Makes sure dist/lapp exists and is not older than the sources before anything is measured against it.
// A failed rebuild with an existing binary only warns: the run then measures (and records) that binary.

import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { LAPP_BINARY } from "./lapp-client.ts";

function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export function ensureBinary(repoDir: string, log: (line: string) => void): void {
  const exists = existsSync(LAPP_BINARY);
  const fresh = exists && statSync(LAPP_BINARY).mtimeMs >= newestMtime(join(repoDir, "src"));
  if (fresh) return;
  log(exists ? "dist/lapp is older than src/: rebuilding …" : "building dist/lapp …");
  const result = Bun.spawnSync([process.execPath, "run", "build"], {
    cwd: repoDir,
    stdout: "ignore",
    stderr: "pipe",
  });
  if (result.exitCode === 0) return;
  const reason = result.stderr.toString().trim().split("\n").slice(-3).join(" / ");
  if (!exists) throw new Error(`bun run build failed: ${reason}`);
  log(`warning: rebuilding failed (${reason}); measuring the existing dist/lapp`);
}
