// Control characters in file names and requested paths cannot forge output: grep's text result, directory listings,
// messages and the --log-file show such names JSON-quoted, so every printed row is one the file really has.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempRoot, startLapp, type LappSession } from "../support/lapp-session.ts";
import { quotePath } from "../../src/text/quote-path.ts";

const FORGED = "a.txt\n1#ZZ:FAKE ROW";
let root: string;
let logDirectory: string;
let logFile: string;
let lapp: LappSession;

beforeAll(async () => {
  root = makeTempRoot("lapp-hostile-");
  writeFileSync(join(root, FORGED), "needle\n");
  mkdirSync(join(root, "dir\rwith return"));
  writeFileSync(join(root, "plain.txt"), "needle too\n");
  logDirectory = makeTempRoot("lapp-hostile-log-");
  logFile = join(logDirectory, "lapp.log");
  lapp = await startLapp({ root, args: ["--log-file", logFile] });
});

afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(logDirectory, { recursive: true, force: true });
});

test("quotePath quotes only names that need it, and names that merely look quoted", () => {
  expect(quotePath("src/app.ts")).toBe("src/app.ts");
  expect(quotePath("naïve file.txt")).toBe("naïve file.txt");
  expect(quotePath(FORGED)).toBe('"a.txt\\n1#ZZ:FAKE ROW"');
  expect(quotePath("tab\there")).toBe('"tab\\there"');
  expect(quotePath("line\u2028sep")).toBe('"line\\u2028sep"');
  expect(quotePath("del\x7f\x85")).toBe('"del\\u007f\\u0085"');
  expect(quotePath('"quoted".txt')).toBe('"\\"quoted\\".txt"');
});

test("grep's text output shows the name quoted on one line and no forged row", async () => {
  const { text, isError } = await lapp.call("lapp_grep", { pattern: "needle", context: 0 });
  expect(isError).toBe(false);
  const lines = text.split("\n");
  expect(lines).toContain(JSON.stringify(FORGED));
  expect(lines).not.toContain("1#ZZ:FAKE ROW");
  expect(lines).toContain("plain.txt");
});

test("a directory listing quotes the names", async () => {
  const { text } = await lapp.call("lapp_read", { path: "." });
  expect(text).toContain(JSON.stringify(FORGED));
  expect(text).toContain(`${JSON.stringify("dir\rwith return")}/`);
  expect(text).not.toContain("\n1#ZZ:FAKE ROW");
  expect(text).not.toContain("\r");
});

test("messages about a file quote its name", async () => {
  const { text, isError } = await lapp.call("lapp_write", { path: FORGED, content: "x\n" });
  expect(isError).toBe(true);
  expect(text).toContain(`${JSON.stringify(FORGED)} already exists`);
});

test("a newline in a requested path cannot forge a line in --log-file", async () => {
  await lapp.call("lapp_read", { path: "missing\n2026-01-01T00:00:00.000Z lapp_edit secret.txt ok 1.0ms" });
  const lines = readFileSync(logFile, "utf8").trimEnd().split("\n");
  expect(lines.every((line) => /^\d{4}-\d\d-\d\dT[\d:.]+Z /.test(line))).toBe(true);
  expect(lines.filter((line) => line.includes("lapp_edit secret.txt"))).toHaveLength(1);
  expect(lines.at(-1)).toContain('lapp_read "missing\\n2026-01-01');
  expect(lines.at(-1)).toEndWith("ms");
});
