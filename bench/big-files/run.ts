// "Find and change" on big files where the agent knows the name of what to change, measured through dist/lapp:
// o200k tokens read and written and calls for (a) whole reads + lapp_edit, (b) outline → find_block → lapp_edit,
// (c) the native way (full `cat -n` read + str_replace). Every strategy must leave the same bytes.
// Usage: bun bench/big-files/run.ts [results.md]. Inputs: big files from node_modules (dev dependencies).

import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { startLappClient } from "../support/lapp-client.ts";

const modules = resolve(import.meta.dir, "../../node_modules");
const FILES: Record<string, { source: string; names: string[] }> = {
  "lib.es5.d.ts": {
    source: "typescript/lib/lib.es5.d.ts",
    names: ["interface ArrayConstructor", "interface RegExp", "interface Date", "interface JSON"],
  },
  "typescript.d.ts": {
    source: "typescript/lib/typescript.d.ts",
    names: [
      "class ProjectService",
      "interface CompilerOptions",
      "function createProgram",
      "class ScriptInfo",
    ],
  },
  "types.d.ts": {
    source: "@modelcontextprotocol/sdk/dist/esm/types.d.ts",
    names: ["const CallToolResultSchema", "const ToolSchema"],
  },
  "protocol.js": {
    source: "@modelcontextprotocol/sdk/dist/esm/shared/protocol.js",
    names: [
      "_onrequest(request, extra)",
      "_onresponse(response)",
      "setNotificationHandler(notificationSchema, handler)",
    ],
  },
};
const MARK = "// changed by the benchmark";
const tokens = (text: string) => encode(text).length;
const json = (value: unknown) => JSON.stringify(value);

interface Cost {
  read: number;
  written: number;
  calls: number;
}
const catN = (lines: string[]) =>
  lines.map((line, index) => `${String(index + 1).padStart(6)}\t${line}`).join("\n");

async function main() {
  const rows: string[] = [];
  const totals = {
    a: { read: 0, written: 0, calls: 0 },
    b: { read: 0, written: 0, calls: 0 },
    c: { read: 0, written: 0, calls: 0 },
  };
  for (const [name, spec] of Object.entries(FILES)) {
    const original = readFileSync(join(modules, spec.source), "utf8");
    const lines = original.split("\n");
    for (const target of spec.names) {
      const headerLine = lines.findIndex((line) => line.includes(target)) + 1;
      if (headerLine === 0) throw new Error(`${target} not in ${name}`);
      const expected = [...lines.slice(0, headerLine - 1), MARK, ...lines.slice(headerLine - 1)].join("\n");
      const costs: Record<"a" | "b" | "c", Cost> = {
        a: { read: 0, written: 0, calls: 0 },
        b: { read: 0, written: 0, calls: 0 },
        c: { read: 0, written: 0, calls: 0 },
      };

      for (const strategy of ["a", "b"] as const) {
        const root = mkdtempSync(join(tmpdir(), "lapp-bench-big-"));
        copyFileSync(join(modules, spec.source), join(root, name));
        const lapp = await startLappClient(root);
        const cost = costs[strategy];
        const call = async (tool: string, args: Record<string, unknown>) => {
          const outcome = await lapp.call(tool, args);
          cost.calls++;
          cost.written += tokens(json({ name: tool, arguments: args }));
          cost.read += tokens(outcome.text);
          if (outcome.isError) throw new Error(`${tool}: ${outcome.text.slice(0, 200)}`);
          return outcome.text;
        };
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
            const row = text
              .split("\n")
              .find((line) => line.includes(target) && /\d+#[A-Z]{2}\.\./.test(line));
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
        await call("lapp_edit", {
          path: name,
          edits: [{ type: "insert_before", anchor: ref, content: MARK }],
        });
        const result = readFileSync(join(root, name), "utf8");
        await lapp.close();
        rmSync(root, { recursive: true, force: true });
        if (result !== expected) throw new Error(`${strategy} on ${name} ${target}: result differs`);
      }

      // (c) native: the whole file as `cat -n`, then str_replace with the header line (plus lines until unique).
      const c = costs.c;
      c.read += tokens(catN(lines));
      c.calls++;
      let context = 1;
      while (original.split(lines.slice(headerLine - 1, headerLine - 1 + context).join("\n")).length !== 2)
        context++;
      const old = lines.slice(headerLine - 1, headerLine - 1 + context).join("\n");
      c.written += tokens(
        json({
          name: "str_replace",
          arguments: { file_path: name, old_string: old, new_string: `${MARK}\n${old}` },
        }),
      );
      c.calls++;
      c.read += tokens("The file has been updated.");
      if (original.replace(old, `${MARK}\n${old}`) !== expected) throw new Error("native result differs");

      for (const key of ["a", "b", "c"] as const) {
        totals[key].read += costs[key].read;
        totals[key].written += costs[key].written;
        totals[key].calls += costs[key].calls;
      }
      const cell = (cost: Cost) => `${cost.read.toLocaleString("en-US")} / ${cost.written} / ${cost.calls}`;
      rows.push(
        `| ${name} (${lines.length.toLocaleString("en-US")} lines) | \`${target}\` | ${cell(costs.a)} | ${cell(costs.b)} | ${cell(costs.c)} |`,
      );
    }
  }
  const cell = (cost: Cost) => `**${cost.read.toLocaleString("en-US")}** / ${cost.written} / ${cost.calls}`;
  rows.push(`| **total** | | ${cell(totals.a)} | ${cell(totals.b)} | ${cell(totals.c)} |`);
  const ratio = (x: number) => (x / totals.b.read).toFixed(1);
  const text = [
    "| file | change before | (a) whole reads + lapp_edit: read / written / calls | (b) outline → find_block → lapp_edit | (c) cat -n + str_replace |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
    `Tokens read: (a) is ${ratio(totals.a.read)}× and (c) ${ratio(totals.c.read)}× what (b) reads. All three strategies left byte-identical files.`,
  ].join("\n");
  console.log(text);
  if (process.argv[2]) writeFileSync(process.argv[2], `${text}\n`);
}

await main();
