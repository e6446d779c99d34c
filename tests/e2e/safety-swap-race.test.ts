// Issue 11, item 1: a process inside the root swaps a directory with a symlink pointing out of the root
// (renameat2 RENAME_EXCHANGE, in a loop) while lapp reads, searches, edits and creates files in it. Nothing may be
// read from or written to outside the root: no outside byte in any answer, the outside folder exactly as it was.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";
import { removeSwapper, startSwapping, swapperBinary } from "../support/swapper.ts";

const SWAP_SECONDS = 3;
const OUTSIDE = "OUTSIDE-SECRET-BYTES";

let base: string;
let root: string;
let outside: string;
let lapp: LappSession;
const swapper = swapperBinary();

beforeAll(async () => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "lapp-swap-")));
  root = join(base, "proj");
  outside = join(base, "outside");
  mkdirSync(join(root, "d"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, "x"), `${OUTSIDE}\nsecond outside line\n`);
  writeFileSync(join(root, "d", "x"), "inside line\nsecond inside line\n");
  symlinkSync("../outside", join(root, "d_swap"));
  lapp = await startLapp({ root });
});

afterAll(async () => {
  await lapp?.close();
  rmSync(base, { recursive: true, force: true });
  removeSwapper();
});

test.if("path" in swapper)(
  "reads, greps, edits and writes during a renameat2 directory swap never touch outside the root",
  async () => {
    const { path: binary } = swapper as { path: string };
    const swapping = startSwapping(binary, join(root, "d"), join(root, "d_swap"), SWAP_SECONDS);
    let done = false;
    const finished = swapping.then((count) => ((done = true), count));
    let calls = 0;
    let escapes = 0;
    let writes = 0;
    const seen = (text: string) => {
      calls++;
      if (text.includes(OUTSIDE) || text.includes("second outside line")) escapes++;
    };
    const worker = async (lane: number) => {
      let round = 0;
      while (!done) {
        round++;
        const read = await lapp.call("lapp_read", { path: "d/x" });
        seen(read.text);
        seen((await lapp.call("lapp_grep", { pattern: "line|SECRET" })).text);
        seen((await lapp.call("lapp_grep", { pattern: "SECRET", path: "d" })).text);
        const written = await lapp.call("lapp_write", {
          path: `d/new-${lane}-${round}.txt`,
          content: "created\n",
        });
        seen(written.text);
        if (!written.isError) writes++;
        const ref = refsByLine(read.text).get(1);
        if (ref) {
          seen(
            (
              await lapp.call("lapp_edit", {
                path: "d/x",
                edits: [{ type: "insert_after", anchor: ref, content: "edit" }],
              })
            ).text,
          );
        }
      }
    };
    await Promise.all([worker(1), worker(2), worker(3)]);
    const swaps = await finished;
    console.error(`swap race: ${swaps} swaps, ${calls} calls, ${writes} files created, ${escapes} escapes`);
    expect(swaps).toBeGreaterThan(0);
    expect(escapes).toBe(0);
    // Nothing written outside: same names, same bytes.
    expect(readdirSync(outside)).toEqual(["x"]);
    expect(readFileSync(join(outside, "x"), "utf8")).toBe(`${OUTSIDE}\nsecond outside line\n`);
  },
  SWAP_SECONDS * 1000 + 20_000,
);

if (!("path" in swapper)) console.error(`renameat2 swap race skipped: ${swapper.skip}`);
