// The kernel tree bench:kernel searches: given by path (`--tree PATH`, the first argument, or LAPP_BENCH_KERNEL),
// never downloaded by the bench. Described for the results by what it is (kernel version, files, size, git or not),
// never by where it lies on this machine.

import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export const KERNEL_TREE_ENV = "LAPP_BENCH_KERNEL";

/** How to get a tree, for the message of a run started without one (and bench/README.md says the same). */
export const HOW_TO_GET_A_TREE = [
  "bench:kernel needs a Linux source tree and downloads nothing itself. Either:",
  "  apt-get install linux-source-6.1 && mkdir -p ~/kernel && tar -xf /usr/src/linux-source-6.1.tar.xz -C ~/kernel",
  "  (Debian 12; the tree is ~/kernel/linux-source-6.1), or",
  "  git clone --depth 1 --branch v6.1 https://github.com/torvalds/linux ~/kernel/linux",
  `then: npm run bench:kernel -- --tree <path>   (or set ${KERNEL_TREE_ENV}=<path>)`,
].join("\n");

export interface TreeDescription {
  /** `Linux 6.1.192`, or undefined when the tree's Makefile names no kernel version. */
  kernel: string | undefined;
  files: number;
  megabytes: number;
  /** The tree is a git checkout (its .gitignore files then apply to both tools). */
  git: boolean;
}

/** The tree named by the arguments or the environment; undefined when none is named. */
export function kernelTreeFrom(args: readonly string[], env = process.env): string | undefined {
  const flag = args.indexOf("--tree");
  if (flag !== -1) return args[flag + 1];
  const positional = args.find((arg, index) => !arg.startsWith("-") && !isFlagValue(args, index));
  return positional ?? (env[KERNEL_TREE_ENV] || undefined);
}

/** Flags of bench:kernel that take a value (their value is no positional tree). */
const VALUED_FLAGS = new Set(["--tree", "--rounds", "--first-calls", "--only", "--results-dir"]);

function isFlagValue(args: readonly string[], index: number): boolean {
  return index > 0 && VALUED_FLAGS.has(args[index - 1]!);
}

/** An error message when `tree` is no directory, else undefined. */
export function treeProblem(tree: string): string | undefined {
  if (!existsSync(tree)) return `no such directory: ${tree}\n\n${HOW_TO_GET_A_TREE}`;
  if (!statSync(tree).isDirectory()) return `not a directory: ${tree}\n\n${HOW_TO_GET_A_TREE}`;
  return undefined;
}

/** The tree the arguments name, or undefined after saying (through `log`) why there is none to use. */
export function usableTree(args: readonly string[], log: (line: string) => void): string | undefined {
  const tree = kernelTreeFrom(args);
  const problem = tree === undefined ? HOW_TO_GET_A_TREE : treeProblem(tree);
  if (problem === undefined) return tree;
  log(problem);
  return undefined;
}

export function describeTree(tree: string): TreeDescription {
  const listed = Bun.spawnSync(["find", ".", "-type", "f", "-not", "-path", "./.git/*", "-printf", "%s\\n"], {
    cwd: tree,
    stdout: "pipe",
  });
  const sizes = listed.stdout.toString().split("\n").filter(Boolean).map(Number);
  const bytes = sizes.reduce((total, size) => total + size, 0);
  return {
    kernel: kernelVersion(tree),
    files: sizes.length,
    megabytes: Math.round(bytes / 1e5) / 10,
    git: existsSync(join(tree, ".git")),
  };
}

/** `Linux VERSION.PATCHLEVEL.SUBLEVEL` from the top Makefile, as the kernel's build names itself. */
export function kernelVersion(tree: string): string | undefined {
  const makefile = join(tree, "Makefile");
  if (!existsSync(makefile)) return undefined;
  const head = readFileSync(makefile, "utf8").slice(0, 4096);
  const field = (name: string) => new RegExp(`^${name}\\s*=\\s*(\\d+)`, "m").exec(head)?.[1];
  const [version, patch, sub] = [field("VERSION"), field("PATCHLEVEL"), field("SUBLEVEL")];
  if (version === undefined || patch === undefined) return undefined;
  return `Linux ${version}.${patch}${sub === undefined ? "" : `.${sub}`}`;
}
