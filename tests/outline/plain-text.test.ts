// Files whose language lapp has no outline rules for (plain text, names it does not know) get rows, never an
// invented outline: a default read of a big one is its first page of rows with the continuation line, and
// `outline: true` says there is no outline before the rows. Known languages keep their outline.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { startInProcess } from "../support/in-process.ts";
import type { LappSession } from "../support/lapp-session.ts";

/** A release-notes file in the style of a vim help file: patch entries whose lines look like `key: value` pairs. */
function releaseNotes(patches: number): string {
  const out = ["*notes.txt*  Changes, patch by patch", ""];
  for (let patch = 1; patch <= patches; patch++) {
    out.push(
      `Patch 1.${patch}`,
      `Problem:    {not in the old editor} remarks get in the way of the text (${patch}).`,
      "Solution:   Make a list of the options instead, and say what each one does",
      "            when it is not set.",
      `Files:\t    src/option${patch % 7}.c, runtime/doc/options.txt`,
      "",
    );
  }
  return out.join("\n");
}

/** A to-do list whose items look like calls followed by an indented body. */
function todoList(items: number): string {
  const out = ["Things to do, most urgent first.", ""];
  for (let item = 1; item <= items; item++) {
    out.push(
      `Codes for focus gained and lost (currently using use_terminal_mouse_${item}())`,
      "  termcodes are hard-coded in set_termname(), not named.",
      "    Check if the flag is not empty.",
      `- item ${item}\tenable focus-event tracking`,
    );
  }
  return out.join("\n");
}

const FILES: Record<string, string> = {
  "version-notes.txt": releaseNotes(4_000),
  "todo.txt": todoList(5_000),
  NOTES: releaseNotes(4_000),
};

let lapp: LappSession;

beforeAll(async () => {
  lapp = await startInProcess();
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(lapp.root, name), text);
});

afterAll(async () => {
  await lapp.close();
});

for (const [name, text] of Object.entries(FILES)) {
  const lines = (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");

  test(`${name}: a default read is the first page of rows with the continuation line, no outline`, async () => {
    const { text: answer, isError } = await lapp.call("lapp_read", { path: name });
    expect(isError).toBe(false);
    const rows = answer.split("\n");
    expect(rows[0]).toBe(`${refOf(1, lines[0]!)}:${lines[0]}`);
    expect(answer).not.toContain("outline");
    expect(answer).not.toMatch(/^\s*\d+#[A-Z]{2}\.\.\d+#[A-Z]{2} /m);
    const last = rows.at(-1)!;
    const continued = /^\[showing lines 1-(\d+) of (\d+); continue with offset=(\d+)\]$/.exec(last);
    expect(continued).not.toBeNull();
    expect(Number(continued![2])).toBe(lines.length);
    expect(Number(continued![3])).toBe(Number(continued![1]) + 1);
    // Every row before the continuation line is the file's own line with its ref.
    for (const [index, row] of rows.slice(0, -1).entries())
      expect(row).toBe(`${refOf(index + 1, lines[index]!)}:${lines[index]}`);
  });

  test(`${name}: outline:true says there is no outline, then gives rows`, async () => {
    const { text: answer, isError } = await lapp.call("lapp_read", { path: name, outline: true });
    expect(isError).toBe(false);
    const [first, second] = answer.split("\n");
    expect(first).toContain(`${name} has no outline`);
    expect(second).toBe(`${refOf(1, lines[0]!)}:${lines[0]}`);
  });
}

test("a known language next to them still gets its outline", async () => {
  const source = Array.from(
    { length: 3_000 },
    (_, index) => `export function step${index}(input: number): number {\n  return input + ${index};\n}\n`,
  ).join("");
  writeFileSync(join(lapp.root, "steps.ts"), source);
  const { text } = await lapp.call("lapp_read", { path: "steps.ts" });
  expect(text.split("\n")[0]).toContain("here is its outline");
  expect(text).toMatch(/^1#[A-Z]{2}\.\.3#[A-Z]{2} function step0\(input: number\)$/m);
});
