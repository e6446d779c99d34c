// Edits of a big file through the compiled binary, as an agent makes them: one place again and again and then top to
// bottom, a moment apart (so the server has made its spare arrays: src/text/spare-arrays.ts) and back to back, on a
// file of 60,000 lines with non-ASCII lines and CRLF among them (the encode finds changed bytes from the line start
// the encode before noted: src/text/splice-encode.ts). After every call the file's bytes are exactly the model's.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

const FILE = "big.ts";
const LINES = 60_000;

let root: string;
let lapp: LappSession;
/** The file as the model expects it: each line with its own terminator. */
let model: Array<{ text: string; end: string }>;

beforeAll(async () => {
  root = makeTempRoot("lapp-big-file-edits-");
  model = Array.from({ length: LINES }, (_, index) => ({
    text: index % 97 === 0 ? `const ä${index} = "→ ${index} ✓";` : `const v${index} = ${index};`,
    end: index % 1000 === 500 ? "\r\n" : "\n",
  }));
  writeFileSync(join(root, FILE), bytesOfModel());
  lapp = await startLapp({ root });
});

afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
});

function bytesOfModel(): string {
  return model.map((line) => line.text + line.end).join("");
}

/** The ref of `line` as a one-line read shows it now. */
async function refOf(line: number): Promise<string> {
  const row = await lapp.call("lapp_read", { path: FILE, offset: line, limit: 1 });
  return refsByLine(row.text).get(line)!;
}

async function edit(edits: Array<Record<string, unknown>>): Promise<string> {
  const outcome = await lapp.call("lapp_edit", { path: FILE, edits });
  expect(outcome.isError).toBe(false);
  return outcome.text;
}

function expectFileIsModel(): void {
  expect(readFileSync(join(root, FILE), "utf8")).toBe(bytesOfModel());
}

test("one place edited again and again, a moment apart and back to back, leaves exactly the model's bytes", async () => {
  const at = 30_001; // a CRLF line's neighbour region, deep in the file
  for (let round = 0; round < 12; round++) {
    const anchor = await refOf(at);
    if (round % 3 === 0) {
      await edit([{ type: "insert_after", anchor, content: `// note ${round} → ✓` }]);
      model.splice(at, 0, { text: `// note ${round} → ✓`, end: "\n" });
    } else if (round % 3 === 1) {
      await edit([{ type: "replace", anchor, content: `const r${round} = ${round};` }]);
      model[at - 1] = { text: `const r${round} = ${round};`, end: model[at - 1]!.end };
    } else {
      await edit([{ type: "delete", anchor }]);
      model.splice(at - 1, 1);
    }
    expectFileIsModel();
    if (round % 2 === 0) await Bun.sleep(30); // an agent's pause: the server makes its spares meanwhile
  }
});

test("edits from the top to the bottom of the file, each after the last, leave exactly the model's bytes", async () => {
  for (let line = 97; line < LINES - 100; line += 4_850) {
    const anchor = await refOf(line);
    await edit([{ type: "insert_after", anchor, content: `// after ${line}\n// and → ${line}` }]);
    model.splice(line, 0, { text: `// after ${line}`, end: "\n" }, { text: `// and → ${line}`, end: "\n" });
    expectFileIsModel();
    await Bun.sleep(10);
  }
});

test("a replacement by the same text changes nothing and says so", async () => {
  const line = 45_000;
  const anchor = await refOf(line);
  const outcome = await lapp.call("lapp_edit", {
    path: FILE,
    edits: [{ type: "replace", anchor, content: model[line - 1]!.text }],
  });
  expect(outcome.isError).toBe(true);
  expect(outcome.text).toStartWith("error NO_CHANGE");
  expectFileIsModel();
});
