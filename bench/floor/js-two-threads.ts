// A first-call floor (bench/first-call-floor.ts): js-one-thread.ts on both cores. A worker is started first thing;
// once the walk is done it reads and searches every other file while the main thread does the rest.
// Usage: <root> <literal>.
import { readFileSync } from "node:fs";
import { listFiles } from "./list-files.ts";

declare const self: Worker;

function count(paths: readonly string[], needle: Buffer): number {
  let found = 0;
  for (const path of paths) {
    const bytes = readFileSync(path);
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) found++;
  }
  return found;
}

if (!Bun.isMainThread) {
  self.onmessage = (event: MessageEvent<{ paths: string[]; literal: string }>) =>
    self.postMessage(count(event.data.paths, Buffer.from(event.data.literal)));
} else {
  const worker = new Worker(import.meta.url);
  const [root, literal] = [process.argv[2]!, process.argv[3]!];
  const paths = listFiles(root);
  const theirs = new Promise<number>((resolve) => (worker.onmessage = (event) => resolve(event.data)));
  worker.postMessage({ paths: paths.filter((_, index) => index % 2 === 1), literal });
  const mine = count(
    paths.filter((_, index) => index % 2 === 0),
    Buffer.from(literal),
  );
  console.log(mine + (await theirs));
  process.exit(0);
}
