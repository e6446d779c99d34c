// Two lapp servers on one root edit one file at the same time, 60 read→edit cycles each, every edit inserting a
// unique line after a random line (by ref). Every edit reported successful must be in the final file, exactly
// once; nothing else may be; refusals must be FILE_CHANGED, HASH_MISMATCH or AMBIGUOUS_REF, a read's FILE_CHANGED (all
// retried).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";
import { leftovers } from "../support/processes.ts";

const EDITS_PER_SERVER = 60;
const MAX_ATTEMPTS = 200;
const FILE = "shared.txt";

let root: string;
let servers: LappSession[];
beforeAll(async () => {
  root = makeTempRoot("lapp-race-");
  writeFileSync(
    join(root, FILE),
    Array.from({ length: 40 }, (_, index) => `base line ${index + 1}`).join("\n") + "\n",
  );
  servers = await Promise.all([startLapp({ root }), startLapp({ root })]);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  rmSync(root, { recursive: true, force: true });
});

interface Tally {
  succeeded: string[];
  refusals: Record<string, number>;
  /** Every refusal's answer, by the line it was meant to insert: what to look at when a line lands twice. */
  refused: Map<string, string[]>;
}

/** One client's loop: read, pick a random line, insert a unique line after it; retry on refusal. */
async function editLoop(lapp: LappSession, name: string, random: () => number): Promise<Tally> {
  const tally: Tally = { succeeded: [], refusals: {}, refused: new Map() };
  let attempts = 0;
  for (let edit = 0; edit < EDITS_PER_SERVER; edit++) {
    const marker = `${name} edit ${edit}`;
    while (true) {
      if (++attempts > EDITS_PER_SERVER * MAX_ATTEMPTS) throw new Error(`${name} made no progress`);
      const read = await lapp.call("lapp_read", { path: FILE });
      if (read.isError) {
        // A read may be refused while the other server renames its copy in (the fallback paths check where a
        // descriptor is): counted, then read again.
        const code = `read ${errorCode(read.text) ?? read.text}`;
        tally.refusals[code] = (tally.refusals[code] ?? 0) + 1;
        continue;
      }
      const refs = [...refsByLine(read.text).values()];
      if (refs.length === 0) throw new Error(`a read showed no rows:\n${read.text}`);
      const anchor = refs[Math.floor(random() * refs.length)];
      const result = await lapp.call("lapp_edit", {
        path: FILE,
        edits: [{ type: "insert_after", anchor, content: marker }],
      });
      if (!result.isError) {
        tally.succeeded.push(marker);
        break;
      }
      const code = errorCode(result.text) ?? result.text;
      tally.refusals[code] = (tally.refusals[code] ?? 0) + 1;
      tally.refused.set(marker, [...(tally.refused.get(marker) ?? []), result.text]);
    }
  }
  return tally;
}

/** A small deterministic generator, so a failing run can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

test("no update reported successful is ever lost", async () => {
  const [a, b] = await Promise.all([
    editLoop(servers[0]!, "A", seeded(1)),
    editLoop(servers[1]!, "B", seeded(2)),
  ]);
  const lines = readFileSync(join(root, FILE), "utf8").split("\n").slice(0, -1);
  const inserted = lines.filter((line) => !line.startsWith("base line"));
  const succeeded = [...a.succeeded, ...b.succeeded];
  expect(succeeded).toHaveLength(2 * EDITS_PER_SERVER);
  // A line that landed twice came from a call answered as refused: show what those answers said.
  const seen = new Set<string>();
  for (const line of inserted) {
    if (seen.has(line))
      console.error(
        `landed twice: ${line}; its refusals:\n${(a.refused.get(line) ?? b.refused.get(line) ?? []).join("\n---\n")}`,
      );
    seen.add(line);
  }
  expect(inserted.sort()).toEqual(succeeded.sort());
  expect(lines.filter((line) => line.startsWith("base line"))).toHaveLength(40);
  for (const code of Object.keys({ ...a.refusals, ...b.refusals })) {
    // A re-read does not rebind older refs: a ref two reads gave to different lines is AMBIGUOUS_REF.
    expect(["FILE_CHANGED", "HASH_MISMATCH", "AMBIGUOUS_REF", "read FILE_CHANGED"]).toContain(code);
  }
  expect(leftovers(root)).toEqual([]);
  console.error(`race: refusals A ${JSON.stringify(a.refusals)} B ${JSON.stringify(b.refusals)}`);
}, 120_000);
