// Finds exports of src/ that no other file imports (src, tests, bench, scripts): dead code that only looks used.
// Run by tests/code-health/exports.test.ts, so `npm test` fails when one appears; `bun scripts/check-exports.ts`
// lists them.

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const REPO = join(import.meta.dir, "..");
const SEARCHED = ["src", "tests", "bench", "scripts"];

export interface UnusedExport {
  file: string;
  name: string;
}

export function unusedExports(repo = REPO): UnusedExport[] {
  const files = SEARCHED.flatMap((folder) => sourceFiles(join(repo, folder)));
  const texts = new Map(files.map((file) => [file, readFileSync(file, "utf8")]));
  const importedByFile = new Map([...texts].map(([file, text]) => [file, importedNames(text)]));
  const unused: UnusedExport[] = [];
  for (const [file, text] of texts) {
    if (!relative(repo, file).startsWith("src/")) continue;
    for (const name of exportedNames(text)) {
      const used = [...importedByFile].some(([other, names]) => other !== file && names.has(name));
      if (!used) unused.push({ file: relative(repo, file), name });
    }
  }
  return unused;
}

function sourceFiles(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder, { recursive: true }).map(String);
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /\.tsx?$/.test(entry) && !entry.includes("node_modules"))
    .map((entry) => join(folder, entry));
}

/**
 * Values declared with `export` (functions, constants, classes). Exported types are left out: a type often names
 * the shape of a function's parameter or result, used wherever that function is, without being imported.
 */
function exportedNames(text: string): string[] {
  const names: string[] = [];
  const declaration =
    /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|enum)\s+([A-Za-z_$][\w$]*)/gm;
  for (const match of text.matchAll(declaration)) names.push(match[1]!);
  return names;
}

/** Names a file takes from other modules: `import { a, b as c, type d }`, `export { a } from`, `const { a } = await import(…)`. */
function importedNames(text: string): Set<string> {
  const names = new Set<string>();
  const lists = [
    /import\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^{}]*)\}\s*from/g,
    /export\s+(?:type\s+)?\{([^{}]*)\}\s*from/g,
    /\{([^{}]*)\}\s*=\s*await\s+import\(/g,
  ];
  for (const pattern of lists) {
    for (const match of text.matchAll(pattern)) {
      for (const part of match[1]!.split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+|\s*:\s*/)[0]!
          .trim();
        if (name) names.add(name);
      }
    }
  }
  // `import * as ns` then `ns.name`: every `ns.x` counts as a use of x.
  for (const match of text.matchAll(/import\s+\*\s+as\s+([\w$]+)\s+from\s+"\.{1,2}\//g)) {
    for (const use of text.matchAll(new RegExp(`\\b${match[1]}\\.([\\w$]+)`, "g"))) names.add(use[1]!);
  }
  return names;
}

if (import.meta.main) {
  const unused = unusedExports();
  for (const { file, name } of unused) process.stdout.write(`${file}: ${name}\n`);
  process.exit(unused.length === 0 ? 0 : 1);
}
