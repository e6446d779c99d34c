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
import { LISTING_SETTLED_MS } from "../../src/search/limits.ts";
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

test.if("path" in swapper)(
  "greps whose folder listings are kept from earlier searches never show outside bytes during a swap of a folder on the way",
  async () => {
    const { path: binary } = swapper as { path: string };
    // k/a/d/x inside; outside2/d/x outside, reached through k/a_swap once the swapper exchanges k/a and k/a_swap.
    const outside2 = join(base, "outside2");
    mkdirSync(join(root, "k", "a", "d"), { recursive: true });
    mkdirSync(join(outside2, "d"), { recursive: true });
    writeFileSync(join(root, "k", "a", "d", "x"), "kept inside line\n");
    writeFileSync(join(outside2, "d", "x"), `${OUTSIDE} kept\n`);
    symlinkSync("../../outside2", join(root, "k", "a_swap"));
    // Quiet for longer than the settle time (src/search/limits.ts), so this search keeps the listings of k, k/a, k/a/d.
    await Bun.sleep(LISTING_SETTLED_MS + 300);
    const first = await lapp.call("lapp_grep", { pattern: "kept|SECRET", path: "k" });
    expect(first.text).toContain("kept inside line");
    const swapping = startSwapping(binary, join(root, "k", "a"), join(root, "k", "a_swap"), 2);
    let done = false;
    const finished = swapping.then((count) => ((done = true), count));
    let calls = 0;
    let escapes = 0;
    let insideSeen = 0;
    const lane = async () => {
      while (!done) {
        for (const path of ["k", "k/a", "."]) {
          const { text } = await lapp.call("lapp_grep", { pattern: "kept|SECRET", path });
          calls++;
          if (text.includes(OUTSIDE)) escapes++;
          if (text.includes("kept inside line")) insideSeen++;
        }
      }
    };
    await Promise.all([lane(), lane(), lane()]);
    const swaps = await finished;
    console.error(
      `kept listings under a swap: ${swaps} swaps, ${calls} greps, ${insideSeen} with the inside line`,
    );
    expect(swaps).toBeGreaterThan(0);
    expect(escapes).toBe(0);
    expect(insideSeen).toBeGreaterThan(0);
    expect(readdirSync(outside2)).toEqual(["d"]);
  },
  LISTING_SETTLED_MS + 25_000,
);

if (!("path" in swapper)) console.error(`renameat2 swap race skipped: ${swapper.skip}`);
