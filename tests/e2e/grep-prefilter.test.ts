// The native prefilter changes no answer: the compiled binary with it (the default on Linux x64/arm64) and with it
// turned off (LAPP_NO_NATIVE_SEARCH=1) answer every search of the shared corpus, plus files made to sit on its
// boundaries, with the same text.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { linkSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeCorpus } from "../search/corpus.ts";
import { makeTempRoot, startLapp, type LappSession } from "../support/lapp-session.ts";

let temp: string;
let root: string;
let withPrefilter: LappSession;
let without: LappSession;

beforeAll(async () => {
  temp = makeTempRoot("lapp-grep-prefilter-");
  root = join(temp, "root");
  const home = join(temp, "home");
  writeCorpus(root, home);
  const filler = "const value = compute(input);\n".repeat(4000); // ~120 KB: read past the first 64 KiB fill
  writeFileSync(join(root, "src", "big-without.ts"), filler);
  writeFileSync(join(root, "src", "big-with.ts"), `${filler}throw new TypeError(needle);\n`);
  writeFileSync(join(root, "src", "late-nul.txt"), `${filler}needle\n\0tail\n`);
  writeFileSync(join(root, "src", "early-nul.txt"), "needle\n\0binary\n");
  writeFileSync(join(root, "src", "twin-a.txt"), "a needle with two names\n");
  linkSync(join(root, "src", "twin-a.txt"), join(root, "src", "twin-b.txt"));
  // For the line automaton (regexes with no literal): other scripts, a file that is not UTF-8, a line past its buffer.
  writeFileSync(join(root, "src", "greek.txt"), "plain words only\nthe word λόγος here\nCRLF line  here\r\n");
  writeFileSync(join(root, "src", "latin1.txt"), Buffer.from("caf\xe9 au lait\nna\xefve  words\n", "latin1"));
  writeFileSync(join(root, "src", "long-line.txt"), `${"word ".repeat(60000)}12345\n`);
  const env = { HOME: home };
  withPrefilter = await startLapp({ root, env });
  without = await startLapp({ root, env: { ...env, LAPP_NO_NATIVE_SEARCH: "1" } });
});

afterAll(async () => {
  await withPrefilter.close();
  await without.close();
  rmSync(temp, { recursive: true, force: true });
});

const searches: Array<Record<string, unknown>> = [
  { pattern: "needle", literal: true },
  { pattern: "NEEDLE", literal: true, context: 0 },
  { pattern: "needle", ignore_case: true },
  { pattern: String.raw`throw new \w+Error` },
  { pattern: "ne+dle", format: "structured" },
  { pattern: "compute(input)", literal: true, max_results: 3 },
  { pattern: "needle", literal: true, path: "src" },
  { pattern: "absent-everywhere", literal: true },
];

/** No literal every match holds: decided by the line automaton on x64. Each finds something. */
const automatonSearches: Array<Record<string, unknown>> = [
  { pattern: String.raw`\w{4}\s+\w{5}` },
  { pattern: String.raw`\p{Script=Greek}+`, context: 0 },
  { pattern: String.raw`\p{L}{4}\s{2}\w`, ignore_case: true },
  { pattern: String.raw`\d{5}|[A-Z]{4}\s`, output: "count" },
  { pattern: String.raw`[^\x00-\x7f]\w?`, output: "files" },
  // Rows for the first match only: the files after it are counted (natively where the automaton can).
  { pattern: String.raw`\w{4}\s+\w{5}`, max_results: 1 },
  { pattern: String.raw`[a-z]{3}\s[a-z]{4}`, max_results: 2, context: 0, ignore_case: true },
  { pattern: String.raw`\w+\s+\w{5}`, output: "count" },
];

for (const search of [...searches, ...automatonSearches]) {
  test(`same answer with and without the prefilter: ${JSON.stringify(search)}`, async () => {
    const [a, b] = await Promise.all([
      withPrefilter.call("lapp_grep", search),
      without.call("lapp_grep", search),
    ]);
    expect(a.isError).toBe(false);
    expect(a.text).toBe(b.text);
    if (automatonSearches.includes(search)) expect(a.text).not.toContain("no matches");
  });
}
