// Test support, run as a child process: loads ROOT/PATH, commits BYTES bytes of new content, prints the outcome.
// Lets tests run the writer under resource limits (RLIMIT_FSIZE makes writes fail like a full disk).
import { commitBytes } from "../../src/files/commit.ts";
import { loadTextFile } from "../../src/files/load.ts";
import { compileBlocklist } from "../../src/security/blocklist.ts";
import { PathGuard } from "../../src/security/guard.ts";

const [root, relative, size] = process.argv.slice(2) as [string, string, string];
const path = new PathGuard(root, compileBlocklist([], [])).resolve(relative);
if (!path.ok) throw path.error;
const loaded = path.value.exists ? loadTextFile(path.value, () => false) : undefined;
if (loaded && !loaded.ok) throw loaded.error;
const committed = commitBytes(path.value, new Uint8Array(Number(size)).fill(0x61), loaded?.value.identity);
process.stdout.write(
  JSON.stringify(
    committed.ok ? { ok: true } : { ok: false, code: committed.error.code, text: committed.error.summary },
  ),
);
