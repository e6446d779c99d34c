// Documents with headings: a heading up to the next heading of the same or a higher level (trailing blank
// lines left out), code fences hiding `#` lines; AsciiDoc, Org and INI/TOML sections the same way.

import { describe, expect, test } from "bun:test";
import { spanAt, type BlockCase } from "./helpers.ts";

const src = (...rows: string[]): string => rows.join("\n") + "\n";

const DOC = src(
  "# Title", //         1
  "", //                2
  "Intro.", //          3
  "", //                4
  "## Install", //      5
  "", //                6
  "```sh", //           7
  "# not a heading", // 8
  "```", //             9
  "", //               10
  "### Linux", //      11
  "apt install x", //  12
  "", //               13
  "## Use", //         14
  "Run it.", //        15
);

const CASES: BlockCase[] = [
  ["top heading takes the whole document", "README.md", DOC, 1, [1, 15]],
  ["section through its subsections", "README.md", DOC, 5, [5, 12]],
  ["subsection", "README.md", DOC, 11, [11, 12]],
  ["last section", "README.md", DOC, 14, [14, 15]],
  ["a '#' line in a fence is no heading", "README.md", DOC, 8, [5, 12]],
  ["text line: innermost section", "README.md", DOC, 12, [11, 12]],
  ["blank line before a heading: the parent section", "README.md", DOC, 13, [1, 15]],
  ["before the first heading", "a.md", src("text", "# A", "b"), 1, "BLOCK_NOT_FOUND"],
  [
    "setext headings",
    "a.md",
    src("Title", "=====", "", "Part", "----", "text", "", "Next", "----", "more"),
    4,
    [4, 6],
  ],
  ["front matter is no heading", "a.md", src("---", "title: x", "---", "# A", "text"), 4, [4, 5]],
  ["hash without a space is no heading", "a.md", src("# A", "#tag", "text"), 1, [1, 3]],
  ["AsciiDoc", "a.adoc", src("= Title", "", "== One", "text", "== Two", "more"), 3, [3, 4]],
  ["Org", "a.org", src("* One", "** Sub", "text", "* Two"), 1, [1, 3]],
  ["TOML table", "Cargo.toml", src("[package]", 'name = "x"', "", "[dependencies]", 'a = "1"'), 1, [1, 2]],
  [
    "INI key inside a section",
    "setup.cfg",
    src("[metadata]", "name = x", "[options]", "zip_safe = false"),
    4,
    [3, 4],
  ],
];

describe("headings", () => {
  for (const [name, file, source, line, want] of CASES) {
    test(name, () => expect(spanAt(file, source, line)).toEqual(want));
  }
});
