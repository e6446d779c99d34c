// Test support for comparing lapp_grep with ripgrep on one tree: the same query run by `rg` (hidden files searched,
// .git left out, a test HOME for git's global excludes) and by lapp's search engine as lapp_grep runs it. Blocked
// files are left out of rg's side only: lapp never reads them.
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { runSearch, type LaneSource, type SearchOutcome } from "../../src/search/engine.ts";
import { fileTypeTest, withFileTypes } from "../../src/search/file-types.ts";
import { compileOverrides } from "../../src/search/overrides.ts";
import { compileBlocklist } from "../../src/security/blocklist.ts";

export const RG = Bun.which("rg");

/** Real package trees from node_modules: minified bundles, CRLF files, .d.ts/.d.cts, source maps, JSON, licenses. */
export const PACKAGE_TREES = ["zod", "valibot", "@modelcontextprotocol/sdk", "ajv"]
  .map((name) => resolve(import.meta.dir, "../../node_modules", name))
  .filter((path) => existsSync(path));
export const blocklist = compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []);

export interface Query {
  pattern: string;
  literal?: boolean;
  ignoreCase?: boolean;
  multiline?: boolean;
  globs?: string[];
  types?: string[];
  /** Root-relative file or directory. */
  path?: string;
}

/** rg's output for `query` with the output flags `mode`, every path followed by a NUL. */
export function runRipgrep(root: string, home: string, query: Query, mode: readonly string[]): string {
  const args = [RG!, "--no-config", "--hidden", "-g", "!.git", "--null", ...mode];
  if (query.literal) args.push("--fixed-strings");
  if (query.ignoreCase) args.push("--ignore-case");
  if (query.multiline) args.push("--multiline");
  for (const glob of query.globs ?? []) args.push("-g", glob);
  for (const type of query.types ?? []) args.push("-t", type);
  args.push("-e", query.pattern);
  if (query.path) args.push(query.path);
  const result = Bun.spawnSync(args, {
    cwd: root,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, ".config"), PATH: process.env.PATH ?? "" },
  });
  return result.stdout.toString();
}

/** The lines rg prints as matches, as sorted `path:N` (with -U, every line of every match). */
export function ripgrepMatchLines(root: string, home: string, query: Query): string[] {
  const found: string[] = [];
  const printed = runRipgrep(root, home, query, ["--line-number", "--with-filename", "--no-heading"]);
  for (const line of printed.split("\n")) {
    const nul = line.indexOf("\0");
    if (nul === -1) continue;
    const path = line.slice(0, nul);
    const number = /^(\d+):/.exec(line.slice(nul + 1))?.[1];
    if (number === undefined || blocklist.isBlocked(path)) continue; // rg's binary-file notices, lapp's block list
    found.push(`${path}:${number}`);
  }
  return found.sort();
}

/** lapp's search of `query` under `root`, keeping rows for the first `maxResults` matches (context 0). */
export async function searchLikeLapp(
  root: string,
  home: string,
  query: Query,
  maxResults: number,
  lanes: LaneSource,
): Promise<SearchOutcome> {
  const compiled = compileOverrides(query.globs ?? []);
  if (!compiled.ok) throw new Error(`bad glob ${compiled.bad}`);
  const overrides = query.types
    ? withFileTypes(compiled.overrides, fileTypeTest(query.types))
    : compiled.overrides;
  const start = query.path ? resolve(root, query.path) : root;
  return runSearch({
    root,
    start,
    startIsFile: statSync(start).isFile(),
    spec: {
      matcher: {
        pattern: query.pattern,
        literal: query.literal ?? false,
        ignoreCase: query.ignoreCase ?? false,
        ...(query.multiline && { multiline: true }),
      },
      context: 0,
      maxFileBytes: 1 << 30,
    },
    maxResults,
    overrides,
    isBlocked: (relative) => blocklist.isBlocked(relative),
    lanes,
    signal: new AbortController().signal,
    budgetMs: 60_000,
    progressIntervalMs: 1_000_000,
    progress: () => {},
    env: { HOME: home, XDG_CONFIG_HOME: join(home, ".config") },
  });
}
