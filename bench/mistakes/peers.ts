// Installs the peer servers of bench:mistakes from the npm registry on the first run: the pinned package.json and
// package-lock.json of bench/mistakes/peers/ are copied to bench/.cache/peers and installed there with `npm ci`
// (integrity-checked by the lock, no install scripts), outside lapp's own dependencies. Later runs are offline.

import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CACHE_DIR } from "../corpus/fetch.ts";

const PINNED_DIR = join(import.meta.dir, "peers");
export const PEERS_DIR = join(CACHE_DIR, "peers");

export function ensurePeers(log: (line: string) => void): string {
  mkdirSync(PEERS_DIR, { recursive: true });
  const lock = readFileSync(join(PINNED_DIR, "package-lock.json"), "utf8");
  const installed = join(PEERS_DIR, "node_modules", ".package-lock.json");
  const current = existsSync(join(PEERS_DIR, "package-lock.json"))
    ? readFileSync(join(PEERS_DIR, "package-lock.json"), "utf8")
    : undefined;
  if (current === lock && existsSync(installed)) return PEERS_DIR;
  for (const name of ["package.json", "package-lock.json"])
    copyFileSync(join(PINNED_DIR, name), join(PEERS_DIR, name));
  log("installing the peer servers with npm ci …");
  const result = Bun.spawnSync(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--silent"], {
    cwd: PEERS_DIR,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (result.exitCode !== 0)
    throw new Error(`npm ci of the peers failed: ${result.stderr.toString().trim()}`);
  return PEERS_DIR;
}
