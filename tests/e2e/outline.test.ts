// Big files through the compiled binary: every answer stays within the output budget by the o200k tokenizer; a
// default read of a big file is an outline listing what the TypeScript compiler finds, what Python's `ast` finds
// and every Markdown heading to level 3; outline refs go straight into lapp_edit; explicit ranges give rows and say
// where to continue.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import ts from "typescript";
import { refOf } from "../../src/hashline/hash.ts";
import { makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

const modules = resolve(import.meta.dir, "../../node_modules");
const SOURCES: Record<string, string> = {
  "lib.es5.d.ts": "typescript/lib/lib.es5.d.ts",
  "typescript.d.ts": "typescript/lib/typescript.d.ts",
  "types.d.ts": "@modelcontextprotocol/sdk/dist/esm/types.d.ts",
  "protocol.js": "@modelcontextprotocol/sdk/dist/esm/shared/protocol.js",
};
const BUDGET = 20_000;

/** A long real-looking Markdown guide: levels 1–4, setext headings, fenced code with `#` lines that are no headings. */
function bigMarkdown(): { text: string; headings: { level: number; title: string }[] } {
  const out: string[] = ["Guide to the project", "====================", ""];
  const headings = [{ level: 1, title: "Guide to the project" }];
  for (let chapter = 1; chapter <= 40; chapter++) {
    out.push(`## Chapter ${chapter}: configuring part ${chapter}`, "");
    headings.push({ level: 2, title: `Chapter ${chapter}: configuring part ${chapter}` });
    for (let section = 1; section <= 4; section++) {
      out.push(
        `### Step ${chapter}.${section} — options`,
        "",
        "Set the options below, then run the build.",
        "",
      );
      headings.push({ level: 3, title: `Step ${chapter}.${section} — options` });
      out.push("```sh", "# not a heading: a shell comment", `make part-${chapter}-${section}`, "```", "");
      out.push(`#### Notes on ${chapter}.${section}`, "", "- keep the cache warm", "- check the logs", "");
      for (let paragraph = 0; paragraph < 3; paragraph++) {
        out.push(
          `Paragraph ${paragraph} explains why part ${chapter} needs step ${section}; it is long enough to matter.`,
          "",
        );
      }
    }
  }
  return { text: out.join("\n"), headings };
}

/** Declarations the outline must list: top-level (and namespace-level) functions, classes, interfaces; class members. */
function compilerDeclarations(path: string): { line: number; name: string }[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { line: number; name: string }[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const nameOf = (node: ts.NamedDeclaration) => (node.name ? node.name.getText(source) : "constructor");
  const visit = (statements: readonly ts.Statement[]) => {
    for (const statement of statements) {
      if (ts.isFunctionDeclaration(statement) || ts.isInterfaceDeclaration(statement)) {
        found.push({ line: lineOf(statement.name ?? statement), name: nameOf(statement) });
      } else if (ts.isClassDeclaration(statement)) {
        found.push({ line: lineOf(statement.name ?? statement), name: nameOf(statement) });
        for (const member of statement.members) {
          if (ts.isSemicolonClassElement(member) || ts.isClassStaticBlockDeclaration(member)) continue;
          found.push({ line: lineOf(member.name ?? member), name: nameOf(member) });
        }
      } else if (ts.isModuleDeclaration(statement) && statement.body && ts.isModuleBlock(statement.body)) {
        visit(statement.body.statements);
      }
    }
  };
  visit(source.statements);
  return found;
}

/** Big modules of Python's standard library (python3 is on every machine lapp's CI runs on), by name in the root. */
const PYTHON_MODULES = ["argparse", "inspect", "typing", "subprocess"];

/**
 * What Python's own parser finds in the named modules: top-level functions and classes, and the functions and
 * classes of each class body (`def` or `class` line: a decorated one's decorators come before it).
 */
function pythonDeclarations(): Record<string, { file: string; found: { line: number; name: string }[] }> {
  const script = `
import ast, importlib, json, sys
out = {}
for name in sys.argv[1:]:
    path = importlib.import_module(name).__file__
    tree = ast.parse(open(path, encoding="utf-8").read())
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    found = []
    for node in tree.body:
        if isinstance(node, kinds):
            found.append({"line": node.lineno, "name": node.name})
        if isinstance(node, ast.ClassDef):
            found += [{"line": m.lineno, "name": m.name} for m in node.body if isinstance(m, kinds)]
    out[name] = {"file": path, "found": found}
print(json.dumps(out))
`;
  // Windows installs name it python.
  const python = Bun.which("python3") ?? Bun.which("python") ?? "python3";
  const run = Bun.spawnSync([python, "-c", script, ...PYTHON_MODULES]);
  if (run.exitCode !== 0) throw new Error(`python3 failed: ${run.stderr.toString()}`);
  return JSON.parse(run.stdout.toString());
}

interface Row {
  depth: number;
  start: number;
  startRef: string;
  end: number;
  endRef: string;
  label: string;
}
const ROW = /^( *)((\d+)#[A-Z]{2})\.\.((\d+)#[A-Z]{2}) (.+)$/;

let lapp: LappSession;
let root: string;
const answers: { call: string; text: string }[] = [];

async function call(name: string, args: Record<string, unknown>) {
  const result = await lapp.call(name, args);
  answers.push({ call: `${name} ${JSON.stringify(args)}`, text: result.text });
  return result;
}

/** Every page of a file's outline, following the continuation lines. */
async function wholeOutline(path: string): Promise<Row[]> {
  const rows: Row[] = [];
  let offset: number | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const { text, isError } = await call(
      "lapp_read",
      offset ? { path, outline: true, offset } : { path, outline: true },
    );
    expect(isError).toBe(false);
    for (const line of text.split("\n")) {
      const found = ROW.exec(line);
      if (found) {
        rows.push({
          depth: found[1]!.length / 2,
          startRef: found[2]!,
          start: Number(found[3]),
          endRef: found[4]!,
          end: Number(found[5]),
          label: found[6]!,
        });
      }
    }
    const next = /\{"outline": true, "offset": (\d+)\}\]$/.exec(text);
    if (!next) return rows;
    offset = Number(next[1]);
  }
  throw new Error("outline did not end in 50 pages");
}

const markdown = bigMarkdown();
const python = pythonDeclarations();

beforeAll(async () => {
  root = makeTempRoot("lapp-outline-");
  for (const [name, source] of Object.entries(SOURCES)) copyFileSync(join(modules, source), join(root, name));
  writeFileSync(join(root, "guide.md"), markdown.text);
  for (const [name, module] of Object.entries(python)) copyFileSync(module.file, join(root, `${name}.py`));
  lapp = await startLapp({ root });
});

afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
});

describe("outline reads through dist/lapp", () => {
  for (const name of Object.keys(SOURCES)) {
    test(`${name}: the outline lists every declaration the TypeScript compiler finds`, async () => {
      const rows = await wholeOutline(name);
      for (const declaration of compilerDeclarations(join(root, name))) {
        const row = rows.find(
          (row) =>
            row.start <= declaration.line &&
            declaration.line <= row.end &&
            (declaration.name === "constructor" ||
              row.label.includes(declaration.name.replace(/^["']|["']$/g, ""))),
        );
        if (!row)
          throw new Error(`${name}: no outline row for ${declaration.name} (line ${declaration.line})`);
      }
    });
  }

  for (const name of PYTHON_MODULES) {
    test(`${name}.py: the outline lists every function, class and class member Python's ast finds`, async () => {
      const rows = await wholeOutline(`${name}.py`);
      const declarations = python[name]!.found;
      expect(declarations.length).toBeGreaterThan(20);
      for (const declaration of declarations) {
        const row = rows.find(
          (row) =>
            row.start <= declaration.line &&
            declaration.line <= row.end &&
            new RegExp(`\\b(def|class) ${declaration.name}\\b`).test(row.label),
        );
        if (!row)
          throw new Error(`${name}.py: no outline row for ${declaration.name} (line ${declaration.line})`);
      }
    });
  }

  test("a default read of a big file is the outline, headed by one line saying how to read rows", async () => {
    const { text } = await call("lapp_read", { path: "lib.es5.d.ts" });
    const [heading, ...rest] = text.split("\n");
    expect(heading).toContain("outline");
    expect(heading).toContain('{"offset": N, "limit": M}');
    expect(ROW.test(rest[0]!)).toBe(true);
  });

  test("a small file read without arguments still gives rows", async () => {
    writeFileSync(join(root, "small.ts"), "export function one() {\n  return 1;\n}\n");
    const { text } = await call("lapp_read", { path: "small.ts" });
    expect(text.split("\n")[0]).toMatch(/^1#[A-Z]{2}:export function one\(\) \{$/);
  });

  test("explicit offset/limit give rows and say where to continue", async () => {
    const { text } = await call("lapp_read", { path: "typescript.d.ts", offset: 100 });
    expect(text.split("\n")[0]).toMatch(/^100#[A-Z]{2}:/);
    expect(text.split("\n").at(-1)).toMatch(/^\[showing lines 100-\d+ of 11437; continue with offset=\d+\]$/);
  });

  test("guide.md: every heading to level 3 is in the outline, nested by level", async () => {
    const rows = await wholeOutline("guide.md");
    for (const heading of markdown.headings) {
      const row = rows.find((row) => row.label === `${"#".repeat(heading.level)} ${heading.title}`);
      if (!row) throw new Error(`no outline row for heading ${heading.title}`);
      expect(row.depth).toBe(heading.level - 1);
    }
    expect(rows.some((row) => row.label.includes("not a heading"))).toBe(false);
  });

  test("both refs of an outline row work in lapp_edit without another read", async () => {
    const rows = await wholeOutline("protocol.js");
    const method = rows.find((row) => row.label.startsWith("method ") && row.end > row.start + 2)!;
    const before = readFileSync(join(root, "protocol.js"), "utf8").split("\n");
    const { text, isError } = await call("lapp_edit", {
      path: "protocol.js",
      edits: [
        { type: "insert_before", anchor: method.startRef, content: "// above the method" },
        { type: "insert_after", anchor: method.endRef, content: "// below the method" },
      ],
    });
    expect(isError).toBe(false);
    expect(text).toStartWith("edited protocol.js: 2 edits");
    const after = readFileSync(join(root, "protocol.js"), "utf8").split("\n");
    expect(after[method.start - 1]).toBe("// above the method");
    expect(after[method.end + 1]).toBe("// below the method");
    expect(after.length).toBe(before.length + 2);
  });

  test("find_block, grep and ranged reads of big files page within the budget", async () => {
    const rows = await wholeOutline("lib.es5.d.ts");
    const biggest = rows.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
    await call("lapp_find_block", { path: "lib.es5.d.ts", anchor: biggest.startRef });
    await call("lapp_grep", { pattern: "e", path: "." });
    await call("lapp_grep", { pattern: "interface", path: ".", format: "structured", context: 3 });
    await call("lapp_read", { path: "typescript.d.ts", offset: 1, limit: 2000 });
    await call("lapp_read", { path: "types.d.ts", offset: 1 });
  });

  test("every answer above stayed within 20,000 o200k tokens", () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) {
      const tokens = encode(answer.text).length;
      if (tokens > BUDGET) throw new Error(`${answer.call}: ${tokens} tokens`);
    }
  });
});

describe("a smaller --max-output-tokens", () => {
  test("pages every answer to it (outline pages and rows alike)", async () => {
    const small = await startLapp({ root, args: ["--max-output-tokens", "4000"] });
    try {
      const texts: string[] = [];
      let offset = 0;
      for (let page = 0; page < 40; page++) {
        const { text } = await small.call("lapp_read", {
          path: "typescript.d.ts",
          outline: true,
          ...(offset ? { offset } : {}),
        });
        texts.push(text);
        const next = /"offset": (\d+)\}\]$/.exec(text);
        if (!next) break;
        expect(Number(next[1])).toBeGreaterThan(offset);
        offset = Number(next[1]);
      }
      expect(texts.length).toBeGreaterThan(2);
      texts.push((await small.call("lapp_read", { path: "lib.es5.d.ts", offset: 1 })).text);
      texts.push((await small.call("lapp_grep", { pattern: "function", path: "." })).text);
      for (const text of texts) expect(encode(text).length).toBeLessThanOrEqual(4000);
    } finally {
      await small.close();
    }
  });

  test("cuts an error too: 100 stale refs on long lines, and a retry with the refs it shows applies", async () => {
    const small = await startLapp({ root, args: ["--max-output-tokens", "4000"] });
    try {
      const old = Array.from({ length: 300 }, (_, index) => `const v${index + 1} = "${"x".repeat(200)}";`);
      writeFileSync(join(root, "long-lines.ts"), `${old.join("\n")}\n`);
      // Refs of the old text (never shown, so the plain rule judges them); then every line changes outside lapp.
      const stale = old.map((text, index) => refOf(index + 1, text));
      const now = old.map((text) => text.replace("x", "y"));
      writeFileSync(join(root, "long-lines.ts"), `${now.join("\n")}\n`);
      const edits = Array.from({ length: 100 }, (_, index) => ({
        type: "replace",
        anchor: stale[2 * index]!,
        content: `const w${2 * index + 1} = 0;`,
      }));
      const refused = await small.call("lapp_edit", { path: "long-lines.ts", edits });
      expect(refused.isError).toBe(true);
      expect(refused.text).toStartWith("error HASH_MISMATCH:");
      expect(encode(refused.text).length).toBeLessThanOrEqual(4000);
      expect(refused.text.split("\n").at(-1)).toStartWith("[error cut at the output budget:");
      expect(readFileSync(join(root, "long-lines.ts"), "utf8")).toBe(`${now.join("\n")}\n`);
      // The fresh refs the cut payload shows apply as they are.
      const fresh = refsByLine(refused.text);
      const retry = [...fresh].filter(([line]) => line % 2 === 1).slice(0, 5);
      expect(retry.length).toBe(5);
      const applied = await small.call("lapp_edit", {
        path: "long-lines.ts",
        edits: retry.map(([line, ref]) => ({ type: "replace", anchor: ref, content: `const w${line} = 0;` })),
      });
      expect(applied.isError).toBe(false);
      const after = readFileSync(join(root, "long-lines.ts"), "utf8").split("\n");
      for (const [line] of retry) expect(after[line - 1]).toBe(`const w${line} = 0;`);
    } finally {
      await small.close();
    }
  });
});
