// When rg is installed: lapp_grep's (path, line) matches equal ripgrep's on the shared corpus and on real package
// trees, for literals, regexes, ignore_case, globs and paths. Blocked files are removed from rg's side only.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { LanePool } from "../../src/search/lanes.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { writeCorpus } from "./corpus.ts";
import { PACKAGE_TREES, RG, ripgrepMatchLines, searchLikeLapp, type Query } from "./ripgrep-support.ts";

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

const ripgrep = (root: string, query: Query) => ripgrepMatchLines(root, home, query);

async function lapp(root: string, query: Query): Promise<string[]> {
  const outcome = await searchLikeLapp(root, home, query, Number.MAX_SAFE_INTEGER, pool);
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
  // Alternations of literals: searched through their set of runs (literal-set.ts), as rg does.
  { pattern: "needle|return" },
  { pattern: "NEEDLE|RETURN", ignoreCase: true },
  { pattern: "\\b(?:needle|return)\\b" },
  { pattern: "\\b(?:NEEDLE|strasse)\\b", ignoreCase: true },
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

  const packages = PACKAGE_TREES;
  const realQueries: Query[] = [
    { pattern: "function", literal: true },
    { pattern: "import\\s+\\{[^}]*\\}\\s+from" },
    { pattern: "error", ignoreCase: true },
    { pattern: "=>\\s*\\{$" },
    { pattern: "TODO|FIXME" },
    { pattern: "\\b(?:Error|Warning)\\b" },
    { pattern: "IMPORT|EXPORT|REQUIRE", ignoreCase: true },
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
