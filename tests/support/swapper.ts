// Test support: a real racing process for the escape tests. Builds a tiny C program with `cc` that swaps two names
// with renameat2(RENAME_EXCHANGE) in a loop for a given time and prints how many swaps it made.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SOURCE = `#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
int main(int argc, char **argv) {
  if (argc != 4) return 2;
  double end = now() + atof(argv[3]);
  long swaps = 0, tries = 0;
  while (1) {
    if (syscall(SYS_renameat2, AT_FDCWD, argv[1], AT_FDCWD, argv[2], RENAME_EXCHANGE) == 0) swaps++;
    if ((++tries & 255) == 0 && now() > end) break;
  }
  if (swaps % 2 == 1 && syscall(SYS_renameat2, AT_FDCWD, argv[1], AT_FDCWD, argv[2], RENAME_EXCHANGE) == 0) swaps++;
  printf("%ld\\n", swaps);
  return 0;
}
`;

let built: string | null | undefined;
let buildDirectory: string | undefined;

/** Removes the compiled swapper (call from afterAll). */
export function removeSwapper(): void {
  if (buildDirectory) rmSync(buildDirectory, { recursive: true, force: true });
  buildDirectory = undefined;
  built = undefined;
}

/** Path of the compiled swapper, or null (with the reason) when this machine cannot build or run it. */
export function swapperBinary(): { path: string } | { skip: string } {
  if (process.platform !== "linux") return { skip: "renameat2(RENAME_EXCHANGE) is Linux-only" };
  if (built === undefined) {
    const cc = Bun.which("cc") ?? Bun.which("gcc") ?? Bun.which("clang");
    if (!cc) {
      built = null;
    } else {
      const directory = mkdtempSync(join(tmpdir(), "lapp-swapper-"));
      buildDirectory = directory;
      writeFileSync(join(directory, "swap.c"), SOURCE);
      const output = join(directory, "swap");
      const result = Bun.spawnSync([cc, "-O2", "-o", output, join(directory, "swap.c")]);
      built = result.exitCode === 0 ? output : null;
    }
  }
  return built ? { path: built } : { skip: "no C compiler (cc) to build the renameat2 swapper" };
}

/** Starts swapping `a` and `b` for `seconds`; resolves to the number of swaps made (even: both back in place). */
export function startSwapping(binary: string, a: string, b: string, seconds: number): Promise<number> {
  const child = Bun.spawn([binary, a, b, String(seconds)], { stdout: "pipe", stderr: "ignore" });
  return new Response(child.stdout).text().then(async (text) => {
    await child.exited;
    return Number(text.trim());
  });
}
