// `bun bench/rename-release.ts [--rounds N] [--save]`: what it costs that lapp's writer no longer holds the target
// open across the rename (issue 27: Windows refuses to rename over an open file). Held, the last reference to the
// replaced file went with a close on the thread pool, after the answer; released, the rename itself frees the old
// file's blocks. Both ways are timed here in the same run, alternating, on files of each size, next to lapp's whole
// write (src/files/commit.ts) of the same file. Results: results/<date>-<machine>-rename.{json,md} with --save.

import {
  close,
  closeSync,
  constants,
  fsyncSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  statfsSync,
} from "node:fs";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commitBytes } from "../src/files/commit.ts";
import { loadTextFile } from "../src/files/load.ts";
import { compileBlocklist } from "../src/security/blocklist.ts";
import { PathGuard } from "../src/security/guard.ts";
import { writeResults } from "./report/write.ts";
import { machineInfo, runDate } from "./support/machine.ts";
import { round, summarize, type Timing } from "./support/stats.ts";

const SIZES = [4 << 10, 64 << 10, 512 << 10, 4 << 20, 30 << 20];
const WARMUP = 3;

interface Row {
  bytes: number;
  /** Rename with the target still open (closed later, off the answer's path): what the answer waited for. */
  held: Timing;
  /** Close, then rename: the answer now waits for both. */
  released: Timing;
  /** lapp's whole write of that file (temp, fsync, lock, checks, rename, landed check) with this build. */
  lappWrite: Timing;
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** A file of `bytes` lines of text at `path`, synced (the old file a rename replaces). */
function fill(path: string, bytes: number, seed: number): Buffer {
  const line = `line ${seed} ${"x".repeat(52)}\n`;
  const content = Buffer.alloc(bytes, line);
  writeFileSync(path, content);
  const fd = openSync(path, "r");
  fsyncSync(fd);
  closeSync(fd);
  return content;
}

/** One rename over `target` of a synced temp copy; `hold` keeps the target open across it. Milliseconds waited. */
async function renameOnce(directory: string, bytes: number, hold: boolean, round: number): Promise<number> {
  const target = join(directory, "target.txt");
  const temp = join(directory, "temp.txt");
  fill(target, bytes, round);
  const writable = openSync(target, constants.O_WRONLY);
  fill(temp, bytes, round + 1);
  const started = performance.now();
  if (!hold) closeSync(writable);
  renameSync(temp, target);
  const waited = performance.now() - started;
  if (hold) await new Promise<void>((done) => close(writable, () => done()));
  return waited;
}

/** lapp's write of new content over a loaded file of `bytes`. */
function lappWriteOnce(guard: PathGuard, root: string, bytes: number, round: number): number {
  fill(join(root, "edited.txt"), bytes, round);
  const path = guard.resolve("edited.txt");
  if (!path.ok) throw path.error;
  const loaded = loadTextFile(path.value, () => false);
  if (!loaded.ok) throw loaded.error;
  const content = Buffer.alloc(bytes, `line ${round + 1} ${"y".repeat(52)}\n`);
  const started = performance.now();
  const written = commitBytes(path.value, content, loaded.value.identity);
  const waited = performance.now() - started;
  if (!written.ok) throw written.error;
  return waited;
}

async function main(): Promise<void> {
  const rounds = Number(option("--rounds") ?? 30);
  const directory = mkdtempSync(join(tmpdir(), "lapp-rename-release-"));
  const guard = new PathGuard(directory, compileBlocklist([], []));
  const fileSystem = `0x${Number(statfsSync(directory).type).toString(16)}`;
  const rows: Row[] = [];
  try {
    for (const bytes of SIZES) {
      const held: number[] = [];
      const released: number[] = [];
      const lappWrite: number[] = [];
      for (let index = 0; index < WARMUP + rounds; index++) {
        // Alternating which goes first, so neither always meets the disk after the other.
        const order = index % 2 === 0 ? [true, false] : [false, true];
        for (const hold of order) {
          const waited = await renameOnce(directory, bytes, hold, index);
          if (index >= WARMUP) (hold ? held : released).push(waited);
        }
        const wrote = lappWriteOnce(guard, directory, bytes, index);
        if (index >= WARMUP) lappWrite.push(wrote);
      }
      const row = {
        bytes,
        held: summarize(held),
        released: summarize(released),
        lappWrite: summarize(lappWrite),
      };
      rows.push(row);
      process.stderr.write(
        `${sizeLabel(bytes)}: held ${row.held.median} ms, released ${row.released.median} ms\n`,
      );
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  const results = { date: runDate(), machine: machineInfo(), fileSystem, rounds, rows };
  const markdown = render(results);
  process.stdout.write(markdown);
  if (process.argv.includes("--save")) {
    const paths = writeResults(`${results.date}-${results.machine.label}-rename`, results, markdown);
    process.stderr.write(`wrote ${paths.markdown}\n`);
  }
}

function sizeLabel(bytes: number): string {
  return bytes >= 1 << 20 ? `${bytes / (1 << 20)} MiB` : `${bytes / (1 << 10)} KiB`;
}

export function render(results: {
  date: string;
  machine: ReturnType<typeof machineInfo>;
  fileSystem: string;
  rounds: number;
  rows: Row[];
}): string {
  const { machine } = results;
  const lines = [
    `# Rename over a file held open, or released first (${results.date}, ${machine.label})`,
    "",
    `${machine.cpu}, ${machine.cores} cores, ${machine.os}, load ${machine.loadAverage}; file system ${results.fileSystem}; ` +
      `${results.rounds} rounds per size, medians (min–max) in ms.`,
    "",
    "| file | rename, target held (before) | close + rename (now) | added per write | lapp's whole write (now) |",
    "| ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const row of results.rows) {
    const added = round(row.released.median - row.held.median, 3);
    lines.push(
      `| ${sizeLabel(row.bytes)} | ${cell(row.held)} | ${cell(row.released)} | ${added} | ${cell(row.lappWrite)} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

function cell(timing: Timing): string {
  return `${timing.median} (${timing.min}–${timing.max})`;
}

if (import.meta.main) await main();
