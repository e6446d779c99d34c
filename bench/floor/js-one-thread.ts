// A first-call floor (bench/first-call-floor.ts): the least a fresh Bun process does to search a tree for a literal
// in JavaScript on one thread: list it with readdir, read each file whole, count the literal with Buffer.indexOf.
// No ignore rules, no checks, no line numbers, no output but the count. Usage: <root> <literal>.
import { readFileSync } from "node:fs";
import { listFiles } from "./list-files.ts";

const [root, literal] = [process.argv[2]!, process.argv[3]!];
const needle = Buffer.from(literal);
let found = 0;
for (const path of listFiles(root)) {
  const bytes = readFileSync(path);
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) found++;
}
console.log(found);
