// A first-call floor (bench/first-call-floor.ts): the least a fresh Bun process does to search a tree for a literal
// in JavaScript on one thread: walk it with readdir, read each file whole, count the literal with Buffer.indexOf.
// No ignore rules, no checks, no line numbers, no output but the count. Usage: <root> <literal>.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [root, literal] = [process.argv[2]!, process.argv[3]!];
const needle = Buffer.from(literal);
let found = 0;

function walk(directory: string): void {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.isFile()) {
      const bytes = readFileSync(path);
      for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) found++;
    }
  }
}

walk(root);
console.log(found);
