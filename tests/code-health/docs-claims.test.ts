// Every promise in README.md and docs/ names the test that proves it: each `tests/…` path named there must exist,
// and each test name quoted after it ("…") must be in that file, so a renamed or deleted test cannot leave a claim
// pointing at nothing.
import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const DOCUMENTS = ["README.md", ...readdirSync(join(ROOT, "docs")).map((name) => join("docs", name))].filter(
  (name) => name.endsWith(".md"),
);

/** `tests/x.test.ts`, "a name", "another" — the path and the names quoted right after it. */
function namedTests(text: string): { path: string; names: string[] }[] {
  const flat = text.replace(/\s+/g, " ");
  const named: { path: string; names: string[] }[] = [];
  for (const match of flat.matchAll(/`(tests\/[^`]+?)`((?:,? ?"[^"]+")*)/g))
    named.push({ path: match[1]!, names: [...match[2]!.matchAll(/"([^"]+)"/g)].map((name) => name[1]!) });
  return named;
}

test("the documents name tests, and every test they name exists with the names quoted", () => {
  const missing: string[] = [];
  let count = 0;
  for (const document of DOCUMENTS) {
    for (const { path, names } of namedTests(readFileSync(join(ROOT, document), "utf8"))) {
      count++;
      const full = join(ROOT, path);
      if (!existsSync(full)) {
        missing.push(`${document}: ${path}`);
        continue;
      }
      if (statSync(full).isDirectory()) continue;
      const body = readFileSync(full, "utf8").replace(/\s+/g, " ");
      for (const name of names)
        if (!body.includes(name)) missing.push(`${document}: ${path} has no "${name}"`);
    }
  }
  expect(missing).toEqual([]);
  expect(count).toBeGreaterThan(50);
});

test("a claim naming a test that is not there is caught", () => {
  const [named] = namedTests('(`tests/none.test.ts`, "never written")');
  expect(named).toEqual({ path: "tests/none.test.ts", names: ["never written"] });
  expect(existsSync(join(ROOT, named!.path))).toBe(false);
});
