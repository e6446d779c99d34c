// Dependencies flow one way (README, "Layout"): among src/'s parts — each folder, and each file directly in src/ — no
// part imports one that imports it back, directly or around a loop, and no two files import each other around a
// loop. Read from the sources' own import statements (type-only and dynamic imports count: each ties one file to
// another as much as any).
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { makeTempRoot } from "../support/lapp-session.ts";

const SRC = resolve(import.meta.dir, "../../src");

/** Every .ts file under `root`, relative to it. */
function sourceFiles(root: string, under = ""): string[] {
  return readdirSync(join(root, under)).flatMap((name) => {
    const path = join(under, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(root, path);
    return path.endsWith(".ts") && !path.endsWith(".d.ts") ? [path] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm;

/** Each file's relative imports of other .ts files, as paths relative to `root`. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), "utf8");
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => relative(root, resolve(root, dirname(file), match[1]!)))
      .filter((target) => target.endsWith(".ts"));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The part of src/ a file belongs to: its top folder, or the file itself when it lies directly in src/. */
const partOf = (file: string): string => (file.includes("/") ? file.slice(0, file.indexOf("/")) : file);

/** The loops of a graph: its strongly connected components of more than one node (Tarjan's algorithm). */
export function loopsOf(graph: Map<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) loops.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops;
}

/** The graph of src/'s parts: an arrow where some file of one imports some file of another. */
export function partGraph(files: Map<string, readonly string[]>): Map<string, string[]> {
  const parts = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = partOf(file);
    const arrows = parts.get(from) ?? new Set<string>();
    for (const target of targets) if (partOf(target) !== from) arrows.add(partOf(target));
    parts.set(from, arrows);
  }
  return new Map([...parts].map(([part, arrows]) => [part, [...arrows]]));
}

const temp = makeTempRoot("lapp-layers-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const root = join(temp, `tree-${Math.random().toString(36).slice(2)}`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

test("src/: no part imports one that imports it back, and no files import each other around a loop", () => {
  const files = importGraph(SRC);
  expect(files.size).toBeGreaterThan(200);
  expect(loopsOf(files)).toEqual([]);
  expect(loopsOf(partGraph(files))).toEqual([]);
});

test("the check sees a folder importing one above it, and files importing each other, whatever kind of import", () => {
  const layered = tree({
    "low/a.ts": "export const a = 1;\n",
    "high/b.ts": 'import { a } from "../low/a.ts";\nexport const b = a;\n',
  });
  expect(loopsOf(partGraph(importGraph(layered)))).toEqual([]);
  const backUp = tree({
    "low/a.ts": 'import type { B } from "../high/b.ts";\nexport const a = 1;\n',
    "low/c.ts": "export const c = 3;\n",
    "high/b.ts": 'import { c } from "../low/c.ts";\nexport type B = typeof c;\n',
  });
  // No file loop (a → b → c), but the folders import each other.
  expect(loopsOf(importGraph(backUp))).toEqual([]);
  expect(loopsOf(partGraph(importGraph(backUp)))).toEqual([["high", "low"]]);
  const mutual = tree({
    "x/one.ts": 'export const one = async () => (await import("./two.ts")).two;\n',
    "x/two.ts": 'import {\n  one,\n} from "./one.ts";\nexport const two = one;\n',
    "top.ts": 'import "./x/one.ts";\n',
  });
  expect(loopsOf(importGraph(mutual))).toEqual([["x/one.ts", "x/two.ts"]]);
});
