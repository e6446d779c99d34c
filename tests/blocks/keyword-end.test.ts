// Keyword-`end` languages, best effort by indentation: the header, the lines indented deeper, clause lines
// (`else`, `rescue`, case items) at its indentation, and the closing `end`/`fi`/`done`/`}` line.

import { describe, expect, test } from "bun:test";
import { spanAt, type BlockCase } from "./helpers.ts";

const src = (...rows: string[]): string => rows.join("\n") + "\n";

const CASES: BlockCase[] = [
  ["Ruby method", "a.rb", src("def f(a)", "  a + 1", "end", "puts f(1)"), 1, [1, 3]],
  ["Ruby class", "a.rb", src("class A", "  def f", "  end", "end"), 1, [1, 4]],
  ["Ruby empty method", "a.rb", src("def f", "end", "g"), 1, [1, 2]],
  ["Ruby if with else", "a.rb", src("if a", "  b", "elsif c", "  d", "else", "  e", "end"), 1, [1, 7]],
  ["Ruby case/when", "a.rb", src("case x", "when 1", "  a", "when 2", "  b", "end"), 1, [1, 6]],
  ["Ruby begin/rescue", "a.rb", src("begin", "  a", "rescue E", "  b", "ensure", "  c", "end"), 1, [1, 7]],
  ["Ruby heredoc at column 0", "a.rb", src("def f", "  <<~SQL", "select 1", "SQL", "end"), 1, [1, 5]],
  ["Ruby =begin comment", "a.rb", src("def f", "=begin", "x", "=end", "  1", "end"), 1, [1, 6]],
  ["Ruby do block", "a.rb", src("items.each do |i|", "  puts i", "end"), 1, [1, 3]],
  ["Ruby line inside", "a.rb", src("class A", "  def f", "    1", "  end", "end"), 3, [2, 4]],
  ["Ruby closing end line", "a.rb", src("class A", "  def f", "    1", "  end", "end"), 4, [2, 4]],
  ["Lua function", "a.lua", src("local function f(a)", "  return a", "end"), 1, [1, 3]],
  [
    "Lua if/elseif/else",
    "a.lua",
    src("if a then", "  b()", "elseif c then", "  d()", "else", "  e()", "end"),
    1,
    [1, 7],
  ],
  ["Lua repeat/until", "a.lua", src("repeat", "  a()", "until done"), 1, [1, 3]],
  ["Lua long string", "a.lua", src("function f()", "  return [[", "text", "]]", "end"), 1, [1, 5]],
  ["Lua table", "a.lua", src("local t = {", "  a = 1,", "}"), 1, [1, 3]],
  ["shell function", "a.sh", src("f() {", "  echo a", "}", "f"), 1, [1, 3]],
  ["shell if/else", "a.sh", src('if [ -n "$a" ]; then', "  b", "else", "  c", "fi"), 1, [1, 5]],
  [
    "shell loop with do on its own line",
    "a.sh",
    src("while read -r x", "do", "  echo $x", "done"),
    1,
    [1, 4],
  ],
  [
    "shell case items at the case's indentation",
    "a.sh",
    src('case "$1" in', "a)", "  x", "  ;;", "*)", "  y", "  ;;", "esac"),
    1,
    [1, 8],
  ],
  ["shell heredoc at column 0", "a.sh", src("f() {", "  cat <<EOF", "text", "EOF", "}"), 1, [1, 5]],
  ["shell string over lines", "a.sh", src("f() {", '  echo "one', 'two"', "}"), 1, [1, 4]],
  ["shell backslash continuation", "a.sh", src("f() {", "  run \\", "--flag", "}"), 1, [1, 4]],
  ["shebang picks shell", "deploy", src("#!/usr/bin/env bash", "f() {", "  a", "}"), 2, [2, 4]],
  ["Elixir module", "a.ex", src("defmodule A do", "  def f, do: 1", "end"), 1, [1, 3]],
  ["Elixir heredoc", "a.ex", src("def f do", '  """', "text", '  """', "end"), 1, [1, 5]],
  ["Julia function", "a.jl", src("function f(x)", "    x + 1", "end"), 1, [1, 3]],
];

describe("keyword-end languages", () => {
  for (const [name, file, source, line, want] of CASES) {
    test(name, () => expect(spanAt(file, source, line)).toEqual(want));
  }
});
