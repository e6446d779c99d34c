// When rg is installed: lapp_grep's (path, line) matches equal ripgrep's on the shared corpus and on real package
// trees, for literals, regexes, ignore_case, globs and paths. Blocked files are removed from rg's side only.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { runSearch } from "../../src/search/engine.ts";
import { LanePool } from "../../src/search/lanes.ts";
import { compileOverrides } from "../../src/search/overrides.ts";
import { compileBlocklist } from "../../src/security/blocklist.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { writeCorpus } from "./corpus.ts";

const RG = Bun.which("rg");
const blocklist = compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []);
const pool = new LanePool(1);
let temp: string;
let corpusRoot: string;
let home: string;

beforeAll(() => {
  temp = makeTempRoot("lapp-parity-");
  corpusRoot = join(temp, "root");
  home = join(temp, "home");
  writeCorpus(corpusRoot, home);
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

interface Query {
  pattern: string;
  literal?: boolean;
  ignoreCase?: boolean;
  globs?: string[];
  /** Root-relative file or directory. */
  path?: string;
}

function ripgrep(root: string, query: Query): string[] {
  const args = [
    RG!,
    "--no-config",
    "--hidden",
    "-g",
    "!.git",
    "--null",
    "--line-number",
    "--with-filename",
    "--no-heading",
  ];
  if (query.literal) args.push("--fixed-strings");
  if (query.ignoreCase) args.push("--ignore-case");
  for (const glob of query.globs ?? []) args.push("-g", glob);
  args.push("-e", query.pattern, query.path ?? ".");
  const result = Bun.spawnSync(args, {
    cwd: root,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, ".config"), PATH: process.env.PATH ?? "" },
  });
  const found: string[] = [];
  for (const line of result.stdout.toString("latin1").split("\n")) {
    const nul = line.indexOf("\0");
    if (nul === -1) continue;
    const path = line.slice(0, nul).replace(/^\.\//, "");
    const number = /^(\d+):/.exec(line.slice(nul + 1))?.[1];
    if (number === undefined || blocklist.isBlocked(path)) continue; // rg's binary-file notices, lapp's block list
    found.push(`${path}:${number}`);
  }
  return found.sort();
}

async function lapp(root: string, query: Query): Promise<string[]> {
  const compiled = compileOverrides(query.globs ?? []);
  if (!compiled.ok) throw new Error(`bad glob ${compiled.bad}`);
  const start = query.path ? resolve(root, query.path) : root;
  const outcome = await runSearch({
    root,
    start,
    startIsFile: statSync(start).isFile(),
    spec: {
      matcher: {
        pattern: query.pattern,
        literal: query.literal ?? false,
        ignoreCase: query.ignoreCase ?? false,
      },
      context: 0,
      maxFileBytes: 1 << 30,
    },
    maxResults: Number.MAX_SAFE_INTEGER,
    overrides: compiled.overrides,
    isBlocked: (relative) => blocklist.isBlocked(relative),
    lanes: pool,
    signal: new AbortController().signal,
    budgetMs: 60_000,
    progressIntervalMs: 1_000_000,
    progress: () => {},
    env: { HOME: home, XDG_CONFIG_HOME: join(home, ".config") },
  });
  return outcome.files.flatMap((file) => file.matches.map((line) => `${file.relative}:${line}`)).sort();
}

const CORPUS_QUERIES: Query[] = [
  { pattern: "needle", literal: true },
  { pattern: "needle" },
  { pattern: "need(le|ful)\\s*\\d*" },
  { pattern: "needle$" },
  { pattern: "needle.$" },
  { pattern: "needle'?;$" },
  { pattern: "NEEDLE", ignoreCase: true },
  { pattern: "NeEdLe", literal: true, ignoreCase: true },
  { pattern: "stra(ss|ß)e", ignoreCase: true },
  { pattern: "k", ignoreCase: true },
  { pattern: "^\\s+return" },
  { pattern: "\\bneedle\\b" },
  { pattern: "x?" },
  { pattern: "(?:a|e)d" },
  { pattern: "needle", literal: true, globs: ["*.ts"] },
  { pattern: "needle", literal: true, globs: ["!src/**"] },
  { pattern: "needle", literal: true, globs: ["*.log"] },
  { pattern: "needle", literal: true, globs: ["src/**/*.ts", "!**/nested/**"] },
  { pattern: "needle", literal: true, globs: ["*.gen"] },
  { pattern: "needle", literal: true, path: "src" },
  { pattern: "needle", literal: true, path: "logs/app.log" },
  { pattern: "needle", path: "vendor" },
];

describe.skipIf(!RG)("lapp_grep matches what ripgrep matches", () => {
  for (const query of CORPUS_QUERIES) {
    test(`corpus: ${JSON.stringify(query)}`, async () => {
      const expected = ripgrep(corpusRoot, query);
      expect(expected.length).toBeGreaterThan(0);
      expect(await lapp(corpusRoot, query)).toEqual(expected);
    });
  }

  // Real package trees from node_modules: minified bundles, CRLF files, .d.ts, JSON, licenses.
  const packages = ["zod", "valibot", "@modelcontextprotocol/sdk", "ajv"]
    .map((name) => resolve(import.meta.dir, "../../node_modules", name))
    .filter((path) => existsSync(path));
  const realQueries: Query[] = [
    { pattern: "function", literal: true },
    { pattern: "import\\s+\\{[^}]*\\}\\s+from" },
    { pattern: "error", ignoreCase: true },
    { pattern: "=>\\s*\\{$" },
    { pattern: "TODO|FIXME" },
  ];
  for (const packageRoot of packages) {
    test(`real tree ${packageRoot.split("node_modules/")[1]}`, async () => {
      for (const query of realQueries) {
        expect({ query, found: await lapp(packageRoot, query) }).toEqual({
          query,
          found: ripgrep(packageRoot, query),
        });
      }
    });
  }
});
