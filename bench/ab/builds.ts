// What an A/B run compares: two lapp binaries, each named by its path or by a git revision of this repository. A
// revision is built in a temporary worktree that borrows this checkout's node_modules, so "the commit before" and
// "the working tree" can be measured side by side without stashing anything.

import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export interface Build {
  /** What the user named: a path or a revision. */
  name: string;
  binary: string;
}

/** The binary `name` stands for; a revision is built first. `cleanup` removes the worktrees made for them. */
export function resolveBuilds(
  names: readonly string[],
  repoDir: string,
  log: (line: string) => void,
): { builds: Build[]; cleanup(): void } {
  const worktrees: string[] = [];
  const cleanup = () => {
    for (const worktree of worktrees) {
      Bun.spawnSync(["git", "worktree", "remove", "--force", worktree], { cwd: repoDir });
      rmSync(worktree, { recursive: true, force: true });
    }
  };
  try {
    const builds = names.map((name) => {
      if (existsSync(name)) return { name, binary: resolve(name) };
      log(`building ${name} in a temporary worktree …`);
      const worktree = mkdtempSync(join(tmpdir(), "lapp-ab-"));
      rmSync(worktree, { recursive: true });
      worktrees.push(worktree);
      run(["git", "worktree", "add", "--detach", worktree, name], repoDir);
      symlinkSync(join(repoDir, "node_modules"), join(worktree, "node_modules"));
      run([process.execPath, "run", "build"], worktree);
      return { name, binary: join(worktree, "dist", "lapp") };
    });
    return { builds, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

function run(command: string[], cwd: string): void {
  const result = Bun.spawnSync(command, { cwd, stdout: "ignore", stderr: "pipe" });
  if (result.exitCode !== 0)
    throw new Error(
      `${command.join(" ")} failed: ${result.stderr.toString().trim().split("\n").slice(-3).join(" / ")}`,
    );
}
