// A file whose rows are not wanted streams through the line buffer, one whose rows may be shown is read whole
// (search-file.ts): through dist/lapp, big files of every shape get the same per-file counts either way — asked for
// counts, and asked for every row, page after page — with the native prefilter and without it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempRoot, startLapp, type LappSession } from "../support/lapp-session.ts";

let temp: string;
let sessions: LappSession[] = [];

const LINES = 60_000; // ~2.5 MB a file: past the 64 KiB first fill, read whole when its rows are wanted

beforeAll(async () => {
  temp = makeTempRoot("lapp-grep-counted-");
  const root = join(temp, "root");
  mkdirSync(root);
  const body = (at: number) => (at % 97 === 0 ? `the needle at line ${at}` : `filler line number ${at}`);
  const lines = Array.from({ length: LINES }, (_, at) => body(at));
  writeFileSync(join(root, "a-utf8.txt"), `${lines.join("\n")}\n`);
  writeFileSync(join(root, "b-crlf.txt"), `${lines.join("\r\n")}\r\n`);
  // A NUL past the first 64 KiB: ripgrep stops there and counts the lines before the buffer that held it.
  const half = lines.slice(0, LINES / 2).join("\n");
  writeFileSync(join(root, "c-late-nul.txt"), `${half}\n\0${lines.slice(LINES / 2).join("\n")}\n`);
  // Not UTF-8: searched as Latin-1 text.
  writeFileSync(join(root, "d-latin1.txt"), Buffer.from(`${lines.join("\n")}\ncaf\xe9 needle\n`, "latin1"));
  writeFileSync(join(root, "e-one-long-line.txt"), `${"needle ".repeat(400_000)}\nneedle\n`);
  writeFileSync(join(root, "f-utf8-bom.txt"), `\ufeff${lines.join("\n")}\n`);
  const home = join(temp, "home");
  mkdirSync(home);
  sessions = await Promise.all([
    startLapp({ root, env: { HOME: home } }),
    startLapp({ root, env: { HOME: home, LAPP_NO_NATIVE_SEARCH: "1" } }),
  ]);
});

afterAll(async () => {
  for (const session of sessions) await session.close();
  rmSync(temp, { recursive: true, force: true });
});

/** Per file, its matching lines shown as rows: every page of a structured answer (the output budget cuts pages). */
async function shownCounts(session: LappSession, search: object): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const page = await session.call("lapp_grep", { ...search, format: "structured", context: 0, offset });
    expect(page.isError).toBe(false);
    const parsed = JSON.parse(page.text) as { matches: Array<{ path: string }>; next_offset?: number };
    for (const match of parsed.matches) counts[match.path] = (counts[match.path] ?? 0) + 1;
    offset = parsed.next_offset;
  }
  return counts;
}

/** Per file, its matching lines, from a count answer (`path:N`). */
function countsOf(text: string): Record<string, number> {
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => /:\d+$/.test(line))
      .map((line) => [line.slice(0, line.lastIndexOf(":")), Number(line.slice(line.lastIndexOf(":") + 1))]),
  );
}

for (const search of [
  { pattern: "needle", literal: true },
  { pattern: "ne+dle" },
  { pattern: String.raw`needle at line \d+5\b` },
]) {
  test(`streamed counts equal the rows read whole: ${JSON.stringify(search)}`, async () => {
    for (const session of sessions) {
      const counted = await session.call("lapp_grep", { ...search, output: "count" });
      expect(counted.isError).toBe(false);
      const fromCount = countsOf(counted.text);
      expect(Object.keys(fromCount).length).toBeGreaterThanOrEqual(4);
      const shown = await shownCounts(session, search);
      // Its reading stopped at a NUL byte after some matches: rows shown, left out of the counts as rg --count
      // leaves it out (and named there).
      expect(shown["c-late-nul.txt"]).toBeGreaterThan(0);
      expect(counted.text).toContain("c-late-nul.txt.");
      delete shown["c-late-nul.txt"];
      expect(fromCount).toEqual(shown);
    }
  });
}
