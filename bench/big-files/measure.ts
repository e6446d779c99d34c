// "Find and change" on big files where the agent knows the name of what to change, measured through dist/lapp:
// o200k tokens read and written and calls for (a) whole reads + lapp_edit, (b) outline → find_block → lapp_edit,
// (c) the native way (full `cat -n` read + str_replace). Every strategy must leave the same bytes.
// Inputs: big files of the bench corpus (JavaScript, Python, Markdown) and of the dev dependencies (TypeScript
// declarations), each at least 1,500 lines.

import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { corpusFilePath } from "../corpus/fetch.ts";
import type { FileRef } from "../corpus/manifest.ts";
import { startLappClient } from "../support/lapp-client.ts";

const MODULES = resolve(import.meta.dir, "../../node_modules");

interface BigFile {
  /** The file's name in the scratch root. */
  name: string;
  /** A corpus file, or a path inside node_modules. */
  source: FileRef | string;
  /** Text of the declaration line to change (its first occurrence in the file is the one changed). */
  names: string[];
}

const FILES: BigFile[] = [
  {
    name: "lodash.js",
    source: { package: "lodash", version: "4.17.21", path: "lodash.js" },
    names: ["function baseClone(", "function debounce(", "function template("],
  },
  {
    name: "input.py",
    source: { package: "node-gyp", version: "10.0.0", path: "gyp/pylib/gyp/input.py" },
    names: ["def ExpandVariables(", "class ParallelState", "def BuildTargetsDict("],
  },
  {
    name: "README.md",
    source: { package: "axios", version: "1.7.0", path: "README.md" },
    names: ["## Installing", "### Creating an instance", "## Cancellation"],
  },
  {
    name: "lib.es5.d.ts",
    source: "typescript/lib/lib.es5.d.ts",
    names: ["interface ArrayConstructor", "interface RegExp", "interface Date", "interface JSON"],
  },
  {
    name: "typescript.d.ts",
    source: "typescript/lib/typescript.d.ts",
    names: [
      "class ProjectService",
      "interface CompilerOptions",
      "function createProgram",
      "class ScriptInfo",
    ],
  },
  {
    name: "types.d.ts",
    source: "@modelcontextprotocol/sdk/dist/esm/types.d.ts",
    names: ["const CallToolResultSchema", "const ToolSchema"],
  },
];

/** The line every strategy inserts before the declaration. */
const MARK = "// changed by the benchmark";

export interface Cost {
  read: number;
  written: number;
  calls: number;
}

export type Strategy = "a" | "b" | "c";

export interface BigFileTask {
  file: string;
  lines: number;
  target: string;
  costs: Record<Strategy, Cost>;
}

export interface BigFilesResult {
  tasks: BigFileTask[];
  totals: Record<Strategy, Cost>;
}

const tokens = (text: string) => encode(text).length;
const json = (value: unknown) => JSON.stringify(value);
const zero = (): Cost => ({ read: 0, written: 0, calls: 0 });

/** Runs every task in a fresh root under `scratch`; throws when a strategy leaves other bytes than intended. */
export async function measureBigFiles(scratch: string): Promise<BigFilesResult> {
  const tasks: BigFileTask[] = [];
  const totals = { a: zero(), b: zero(), c: zero() };
  for (const file of FILES) {
    const sourcePath =
      typeof file.source === "string" ? join(MODULES, file.source) : corpusFilePath(file.source);
    const original = readFileSync(sourcePath, "utf8");
    const lines = original.split("\n");
    for (const target of file.names) {
      const headerLine = lines.findIndex((line) => line.includes(target)) + 1;
      if (headerLine === 0) throw new Error(`${target} not in ${file.name}`);
      const expected = [...lines.slice(0, headerLine - 1), MARK, ...lines.slice(headerLine - 1)].join("\n");
      const costs = { a: zero(), b: zero(), c: zero() };
      for (const strategy of ["a", "b"] as const) {
        const root = join(scratch, `big-${strategy}`);
        mkdirSync(root, { recursive: true });
        copyFileSync(sourcePath, join(root, file.name));
        try {
          await throughLapp(strategy, root, file.name, target, headerLine, costs[strategy]);
          if (readFileSync(join(root, file.name), "utf8") !== expected)
            throw new Error(`(${strategy}) on ${file.name} ${target}: the result differs`);
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }
      costs.c = native(original, lines, headerLine, file.name);
      if (original.replace(nativeOld(original, lines, headerLine), (old) => `${MARK}\n${old}`) !== expected)
        throw new Error(`(c) on ${file.name} ${target}: the result differs`);
      for (const key of ["a", "b", "c"] as const) {
        totals[key].read += costs[key].read;
        totals[key].written += costs[key].written;
        totals[key].calls += costs[key].calls;
      }
      const count = original.endsWith("\n") ? lines.length - 1 : lines.length;
      tasks.push({ file: file.name, lines: count, target, costs });
    }
  }
  return { tasks, totals };
}

/** (a) every page of the file read, or (b) the outline (paged) and find_block; then one lapp_edit. */
async function throughLapp(
  strategy: "a" | "b",
  root: string,
  name: string,
  target: string,
  headerLine: number,
  cost: Cost,
): Promise<void> {
  const lapp = await startLappClient(root);
  const call = async (tool: string, args: Record<string, unknown>) => {
    const outcome = await lapp.call(tool, args);
    cost.calls++;
    cost.written += tokens(json({ name: tool, arguments: args }));
    cost.read += tokens(outcome.text);
    if (outcome.isError) throw new Error(`${tool}: ${outcome.text.slice(0, 200)}`);
    return outcome.text;
  };
  try {
    let ref: string | undefined;
    if (strategy === "a") {
      for (let offset = 1; ;) {
        const text = await call("lapp_read", { path: name, offset });
        ref ??= new RegExp(`^(${headerLine}#[A-Z]{2}):`, "m").exec(text)?.[1];
        const next = /continue with offset=(\d+)\]$/.exec(text);
        if (!next) break;
        offset = Number(next[1]);
      }
    } else {
      let args: Record<string, unknown> = { path: name };
      for (;;) {
        const text = await call("lapp_read", args);
        const row = text.split("\n").find((line) => line.includes(target) && /\d+#[A-Z]{2}\.\./.test(line));
        if (row) {
          const [, start, end] = /(\d+#[A-Z]{2})\.\.(\d+#[A-Z]{2})/.exec(row)!;
          // A one-line row is its own block: its ref is all the edit needs.
          if (start === end) ref = start;
          else {
            const block = await call("lapp_find_block", { path: name, anchor: start });
            ref = /^block (\d+#[A-Z]{2})\.\./.exec(block)![1];
          }
          break;
        }
        const next = /"offset": (\d+)\}\]$/.exec(text);
        if (!next) throw new Error(`${target} not in the outline of ${name}`);
        args = { path: name, outline: true, offset: Number(next[1]) };
      }
    }
    if (!ref) throw new Error(`no ref for line ${headerLine} of ${name}`);
    await call("lapp_edit", { path: name, edits: [{ type: "insert_before", anchor: ref, content: MARK }] });
  } finally {
    await lapp.close();
  }
}

/** (c) the whole file as `cat -n`, then str_replace of the header line (plus lines until it is unique). */
function native(original: string, lines: string[], headerLine: number, name: string): Cost {
  const old = nativeOld(original, lines, headerLine);
  const call = { file_path: name, old_string: old, new_string: `${MARK}\n${old}` };
  return {
    read: tokens(catN(lines)) + tokens("The file has been updated."),
    written: tokens(json({ name: "str_replace", arguments: call })),
    calls: 2,
  };
}

function nativeOld(original: string, lines: string[], headerLine: number): string {
  let context = 1;
  const old = () => lines.slice(headerLine - 1, headerLine - 1 + context).join("\n");
  while (original.split(old()).length !== 2) context++;
  return old();
}

const catN = (lines: string[]) =>
  lines.map((line, index) => `${String(index + 1).padStart(6)}\t${line}`).join("\n");

/** The result as a Markdown table and a closing sentence. */
export function renderBigFiles(result: BigFilesResult): string[] {
  const cell = (cost: Cost) => `${cost.read.toLocaleString("en-US")} / ${cost.written} / ${cost.calls}`;
  const bold = (cost: Cost) => `**${cost.read.toLocaleString("en-US")}** / ${cost.written} / ${cost.calls}`;
  const { totals } = result;
  const ratio = (read: number) => (read / totals.b.read).toFixed(1);
  return [
    "| file | change before | (a) whole reads + lapp_edit: read / written / calls | (b) outline → find_block → lapp_edit | (c) cat -n + str_replace |",
    "| --- | --- | --- | --- | --- |",
    ...result.tasks.map(
      (task) =>
        `| ${task.file} (${task.lines.toLocaleString("en-US")} lines) | \`${task.target}\` | ${cell(task.costs.a)} | ${cell(task.costs.b)} | ${cell(task.costs.c)} |`,
    ),
    `| **total** | | ${bold(totals.a)} | ${bold(totals.b)} | ${bold(totals.c)} |`,
    "",
    `Tokens read: (a) is ${ratio(totals.a.read)}× and (c) ${ratio(totals.c.read)}× what (b) reads. All three strategies left byte-identical files.`,
  ];
}
