// Test support: writing and reading files of a test's root by their relative paths (parents created).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export function rootFiles(root: () => string) {
  return {
    put(name: string, content: string | Uint8Array): void {
      mkdirSync(dirname(join(root(), name)), { recursive: true });
      writeFileSync(join(root(), name), content);
    },
    read: (name: string): string => readFileSync(join(root(), name), "utf8"),
    bytes: (name: string): Buffer => readFileSync(join(root(), name)),
  };
}

/** A new folder holding one file per content (`f0.txt`, `f1.txt`, …); their absolute paths in order. */
export function folderOfFiles(directory: string, contents: readonly (string | Uint8Array)[]): string[] {
  mkdirSync(directory);
  return contents.map((content, index) => {
    const path = join(directory, `f${index}.txt`);
    writeFileSync(path, content);
    return path;
  });
}
