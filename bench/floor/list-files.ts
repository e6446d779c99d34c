// The floors' walk: every regular file below a folder, by readdir, nothing skipped (no ignore rules, no checks).
import { readdirSync } from "node:fs";
import { join } from "node:path";

export function listFiles(root: string): string[] {
  const paths: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) paths.push(path);
    }
  };
  walk(root);
  return paths;
}
