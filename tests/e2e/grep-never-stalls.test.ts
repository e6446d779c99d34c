// No regular expression can stall the server (issue 26): `^(a+)+$` backtracks for seconds on every line it does not
// match. The search runs in a worker, so a ping and a read sent meanwhile are answered while it runs; when its time is
// up the worker is stopped, the answer names the files it did not finish, and the next searches work.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startInProcess } from "../support/in-process.ts";
import { startLapp, type LappSession } from "../support/lapp-session.ts";

const CATASTROPHIC = "^(a+)+$";
/** Lines the pattern does not match, each one backtracking for about a second. */
const SLOW_FILE = Array.from({ length: 60 }, () => `${"a".repeat(31)}!`).join("\n") + "\n";

function writeTree(root: string): void {
  writeFileSync(join(root, "slow.txt"), SLOW_FILE);
  writeFileSync(join(root, "fast.txt"), "aaa\nneedle\n");
}

/** Sends the search, then a ping and a read while it runs; each must answer before the search does. */
async function pingDuringSearch(lapp: LappSession) {
  let searchDone = false;
  const search = lapp.call("lapp_grep", { pattern: CATASTROPHIC }).then((result) => {
    searchDone = true;
    return result;
  });
  await Bun.sleep(300);
  const t0 = performance.now();
  await lapp.client.ping();
  const pingMs = performance.now() - t0;
  const pingBeforeSearch = !searchDone;
  const read = await lapp.call("lapp_read", { path: "fast.txt" });
  const readBeforeSearch = !searchDone;
  return { search: await search, pingMs, pingBeforeSearch, read, readBeforeSearch };
}

describe("in process, with a 2-second search budget", () => {
  let lapp: LappSession;
  beforeAll(async () => {
    lapp = await startInProcess({ config: { internals: { searchBudgetMs: 2000 } } });
    writeTree(lapp.root);
  });
  afterAll(() => lapp.close());

  test("a catastrophic regex: ping and read are answered meanwhile; the answer names the unfinished file", async () => {
    const seen = await pingDuringSearch(lapp);
    expect(seen.pingBeforeSearch).toBe(true);
    expect(seen.readBeforeSearch).toBe(true);
    expect(seen.read.text).toContain(":needle");
    expect(seen.search.text).toContain("the search stopped after 2 s");
    expect(seen.search.text).toContain("not finished");
    expect(seen.search.text).toContain("slow.txt");
    // The stopped worker was replaced: searches go on, regex and literal alike.
    const regex = await lapp.call("lapp_grep", { pattern: "ne+dle" });
    expect(regex.text).toContain("fast.txt");
    expect(regex.text).not.toContain("stopped");
    const literal = await lapp.call("lapp_grep", { pattern: "needle", literal: true });
    expect(literal.text).toContain("fast.txt");
  }, 30_000);

  test("the structured answer lists the unfinished files too", async () => {
    const result = await lapp.call("lapp_grep", { pattern: CATASTROPHIC, format: "structured" });
    const json = JSON.parse(result.text) as { truncated: boolean; unfinished?: string[] };
    expect(json.truncated).toBe(true);
    // A batch answers as a whole: files searched beside slow.txt may be listed as well.
    expect(json.unfinished).toContain("slow.txt");
  }, 30_000);
});

describe("dist/lapp at the real budget", () => {
  let lapp: LappSession;
  beforeAll(async () => {
    lapp = await startLapp();
    writeTree(lapp.root);
  });
  afterAll(() => lapp.close());

  test("a catastrophic regex never holds up a ping (answered in well under a second) or a read", async () => {
    const seen = await pingDuringSearch(lapp);
    expect(seen.pingBeforeSearch).toBe(true);
    expect(seen.readBeforeSearch).toBe(true);
    // Behaviour, not speed: a ping that waited for the search would take seconds.
    expect(seen.pingMs).toBeLessThan(2000);
    expect(seen.search.text).toContain("not finished");
  }, 60_000);
});
