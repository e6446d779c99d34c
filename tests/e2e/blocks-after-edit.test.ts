// A new version of a file is analyzed from the version before it (blocks/brace/relex.ts, outline/header-namings.ts):
// through the compiled binary, a server that read a file's outline and then edited it answers the outline and
// find_block of every new version exactly as a fresh server answers them for the same bytes — across edits that
// open a comment or a template literal far from the lines they change, close it again, and add or remove blocks.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

const SOURCE = resolve(
  import.meta.dir,
  "../../node_modules/@modelcontextprotocol/sdk/dist/esm/shared/protocol.js",
);
const FILE = "protocol.js";
const PATTERNS = ["_setupTimeout\\(", "_onclose\\(\\) \\{", "constructor\\(_options\\)", "async request\\("];

let root: string;
let edited: LappSession;

beforeAll(async () => {
  root = makeTempRoot("lapp-blocks-after-edit-");
  copyFileSync(SOURCE, join(root, FILE));
  edited = await startLapp({ root });
});

afterAll(async () => {
  await edited.close();
  rmSync(root, { recursive: true, force: true });
});

/** The answers compared: the outline, and find_block by each pattern. */
async function answers(session: LappSession): Promise<string[]> {
  const outline = await session.call("lapp_read", { path: FILE, outline: true });
  const blocks = await Promise.all(
    PATTERNS.map(async (pattern) => (await session.call("lapp_find_block", { path: FILE, pattern })).text),
  );
  return [outline.text, ...blocks];
}

/** Inserts `lines` after line `after`, with the ref a one-line read of that line shows. */
async function insertAfter(after: number, lines: string[]): Promise<void> {
  const row = await edited.call("lapp_read", { path: FILE, offset: after, limit: 1 });
  const anchor = refsByLine(row.text).get(after)!;
  const outcome = await edited.call("lapp_edit", {
    path: FILE,
    edits: [{ type: "insert_after", anchor, content: lines.join("\n") }],
  });
  expect(outcome.isError).toBe(false);
}

test("every version after an edit answers as a fresh server does", async () => {
  // The edited server analyzes the first version, so each later one is analyzed from the one before.
  await answers(edited);
  const steps: [number, string[]][] = [
    [20, ["/* a comment left open {"]],
    [900, ["   closed here */ const after = 1;"]],
    [300, ["function added(a) {", "  return `open ${", "  a } still open", "  closed` + a;", "}"]],
    [10, ["const tpl = `"]],
    [1000, ["`;"]],
    [600, ["class Extra {", "  method() {", "    return 1;", "  }", "}"]],
  ];
  for (const [after, lines] of steps) {
    await insertAfter(after, lines);
    const fresh = await startLapp({ root });
    try {
      expect(await answers(edited)).toEqual(await answers(fresh));
    } finally {
      await fresh.close();
    }
  }
  // The file really changed as the steps say (the answers compared were of these bytes).
  const text = readFileSync(join(root, FILE), "utf8");
  expect(text).toContain("/* a comment left open {");
  expect(text).toContain("class Extra {");
}, 60_000);
