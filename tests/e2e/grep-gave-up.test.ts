// lapp_grep over MCP with a regex the engine gives up on for one line: the other lines and files still match, and
// the answer is marked partial, naming the file (text) or with truncated and a partial note (structured).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startLapp, type LappSession } from "../support/lapp-session.ts";

let lapp: LappSession;

beforeAll(async () => {
  lapp = await startLapp();
  writeFileSync(join(lapp.root, "bad.txt"), `aab\n${"a".repeat(40)}\nab\n`);
  writeFileSync(join(lapp.root, "good.txt"), "ab\n");
});

afterAll(async () => {
  await lapp.close();
});

test("text: every decidable line is found and the note names the file", async () => {
  const { text, isError } = await lapp.call("lapp_grep", { pattern: "(a+)+b", context: 0 });
  expect(isError).toBe(false);
  expect(text).toMatch(/^bad\.txt\n1#[A-Z]{2}:aab\n--\n3#[A-Z]{2}:ab$/m);
  expect(text).toMatch(/^good\.txt\n1#[A-Z]{2}:ab$/m);
  expect(text).toContain("[partial: the regex engine gave up on lines of bad.txt (1 line)");
}, 60_000);

test("structured: truncated, with the same note", async () => {
  const { text } = await lapp.call("lapp_grep", { pattern: "(a+)+b", format: "structured", path: "bad.txt" });
  const result = JSON.parse(text);
  expect(result.matches.map((match: { line: number }) => match.line)).toEqual([1, 3]);
  expect(result.truncated).toBe(true);
  expect(result.partial).toContain("bad.txt");
}, 60_000);

test("without a pathological line nothing is marked partial", async () => {
  const { text } = await lapp.call("lapp_grep", { pattern: "(a+)+b", path: "good.txt" });
  expect(text).not.toContain("partial");
  rmSync(join(lapp.root, "good.txt"));
});
