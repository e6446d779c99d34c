// Reading, backing up and atomically replacing an agent's configuration file for `lapp setup`.
// Writes go through src/files' atomic writer, which refuses to clobber a file the agent saved meanwhile.

import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { writeFileAtomic } from "../files/atomic-write.ts";
import { contentDigest, currentIdentity, type FileIdentity } from "../files/identity.ts";
import { changedMeanwhile, configUnreadable, writeFailedBecause } from "./messages.ts";
import { done, problem, type SetupResult } from "./result.ts";

const BOM = "\uFEFF";

export interface ConfigFile {
  /** The path as shown to the user. */
  display: string;
  /** Where the bytes live (a symlinked config is edited at its target, the link kept); undefined while absent. */
  real: string | undefined;
  /** The text without a byte order mark; `bom` says whether one goes back in front when writing. */
  text: string;
  bom: boolean;
  /** Metadata and digest at read time: the writer commits only if the file is still exactly this. */
  identity: FileIdentity | undefined;
}

export function readConfig(path: string): SetupResult<ConfigFile> {
  try {
    if (!existsSync(path))
      return done({ display: path, real: undefined, text: "", bom: false, identity: undefined });
    const real = realpathSync(path);
    const bytes = readFileSync(real);
    const identity = currentIdentity(real);
    if (!identity)
      return problem("CONFIG_UNREADABLE", configUnreadable(path, "it vanished while being read"));
    const text = new TextDecoder().decode(bytes); // drops a UTF-8 BOM
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    return done({ display: path, real, text, bom, identity: { ...identity, digest: contentDigest(bytes) } });
  } catch (error) {
    return problem("CONFIG_UNREADABLE", configUnreadable(path, reason(error)));
  }
}

/** Copies the current file to FILE.bak, or FILE.bak.1, FILE.bak.2 … so no earlier backup is overwritten. */
export function backupConfig(file: ConfigFile & { real: string }): SetupResult<string> {
  let backup = `${file.real}.bak`;
  for (let counter = 1; existsSync(backup); counter++) backup = `${file.real}.bak.${counter}`;
  try {
    copyFileSync(file.real, backup);
    return done(backup);
  } catch (error) {
    return problem("WRITE_FAILED", writeFailedBecause(backup, reason(error)));
  }
}

export function writeConfig(file: ConfigFile, text: string): SetupResult<void> {
  let real = file.real;
  if (real === undefined) {
    // A new file: its folder may need creating, and the writer wants a fully resolved path (macOS /tmp, links).
    try {
      mkdirSync(dirname(file.display), { recursive: true });
      real = join(realpathSync(dirname(file.display)), basename(file.display));
    } catch (error) {
      return problem("WRITE_FAILED", writeFailedBecause(file.display, reason(error)));
    }
  }
  const written = writeFileAtomic({
    real,
    display: file.display,
    bytes: new TextEncoder().encode(file.bom ? BOM + text : text),
    expected: file.identity,
  });
  if (written.ok) return done(undefined);
  if (written.error.code === "FILE_CHANGED" || written.error.code === "FILE_EXISTS") {
    return problem("WRITE_FAILED", changedMeanwhile(file.display));
  }
  return problem("WRITE_FAILED", written.error.summary);
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}
