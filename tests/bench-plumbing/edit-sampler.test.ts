// The benches' edit sampler (bench/measure/latency.ts) against the real server: a line has only 256 IDs, and a
// sampler that edited the same lines call after call ran out of fresh ones and looped for ever (bench:ab --calls 150
// hung). Its calls now move on from line to line, and a line out of IDs is an error, never a hang.
import { afterAll, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { editSampler } from "../../bench/measure/latency.ts";
import { startLappClient } from "../../bench/support/lapp-client.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const root = makeTempRoot("lapp-edit-sampler-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("300 one-edit calls on a file of a few lines all land (each line keeps getting fresh IDs)", async () => {
  const file = join(root, "edit-target");
  writeFileSync(file, "alpha();\nbeta();\n\ngamma();\ndelta();\n");
  const lapp = await startLappClient(root);
  try {
    const sampler = editSampler(lapp, file);
    for (let call = 0; call < 300; call++) await sampler.call(1);
    const marks = readFileSync(file, "utf8").match(/\/\*bench \d+\*\//g) ?? [];
    expect(marks.length).toBe(4); // every line with a word has its latest marker, the blank line none
  } finally {
    await lapp.close();
  }
}, 60_000);
