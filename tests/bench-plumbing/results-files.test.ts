// Where bench results go: dated files that never overwrite an earlier run, and the README section between markers.
// Plumbing of the benchmark, exercised in a temp directory; it writes nothing under bench/results.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { README_MARKERS, updateReadme, writeResults } from "../../bench/report/write.ts";

const dir = mkdtempSync(join(tmpdir(), "lapp-bench-results-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bench result files (plumbing)", () => {
  test("a second run of the same day gets a suffix instead of overwriting the first", () => {
    const first = writeResults("2025-01-02-box", { run: 1 }, "# one\n", dir);
    const second = writeResults("2025-01-02-box", { run: 2 }, "# two\n", dir);
    expect(first.json).toEndWith("2025-01-02-box.json");
    expect(second.json).toEndWith("2025-01-02-box-2.json");
    expect(JSON.parse(readFileSync(first.json, "utf8"))).toEqual({ run: 1 });
    expect(readFileSync(second.markdown, "utf8")).toBe("# two\n");
    expect(readdirSync(dir).sort()).toEqual([
      "2025-01-02-box-2.json",
      "2025-01-02-box-2.md",
      "2025-01-02-box.json",
      "2025-01-02-box.md",
    ]);
  });

  test("the README section between the markers is replaced, the rest is kept", () => {
    const readme = join(dir, "README.md");
    writeFileSync(
      readme,
      `# x\n\n## Benchmark\n${README_MARKERS.begin}\nold table\n${README_MARKERS.end}\n\n## License\n`,
    );
    expect(updateReadme(readme, "| new | table |\n")).toBe(true);
    expect(readFileSync(readme, "utf8")).toBe(
      `# x\n\n## Benchmark\n${README_MARKERS.begin}\n| new | table |\n${README_MARKERS.end}\n\n## License\n`,
    );
  });

  test("a README without the markers is left untouched", () => {
    const readme = join(dir, "PLAIN.md");
    writeFileSync(readme, "# x\n\n## Benchmark\nSee bench/.\n");
    expect(updateReadme(readme, "| new |")).toBe(false);
    expect(readFileSync(readme, "utf8")).toBe("# x\n\n## Benchmark\nSee bench/.\n");
    expect(updateReadme(join(dir, "missing.md"), "| new |")).toBe(false);
  });
});
