// Brace languages: the header's body bracket is matched to its closer, and brackets inside strings,
// comments, templates, regexes, JSX, char literals and raw strings never count.

import { describe, expect, test } from "bun:test";
import { spanAt, type BlockCase } from "./helpers.ts";

const src = (...rows: string[]): string => rows.join("\n") + "\n";

const JS_HEADERS: BlockCase[] = [
  ["function declaration", "a.js", src("function f(a, b) {", "  return a;", "}", "f();"), 1, [1, 3]],
  ["multi-line parameters", "a.js", src("function f(a,", "    b) {", "  return a;", "}"), 1, [1, 4]],
  ["second line of a signature", "a.js", src("function f(a,", "    b) {", "  return a;", "}"), 2, [1, 4]],
  ["parameters one per line", "a.js", src("function f(", "  a,", "  b", ") {", "  x();", "}"), 1, [1, 6]],
  [
    "destructured parameters",
    "a.js",
    src("function f({", "  a,", "  b,", "}) {", "  return a;", "}"),
    1,
    [1, 6],
  ],
  [
    "default object parameter",
    "a.js",
    src("function f(a, o = {", "  x: 1,", "}) {", "  g();", "}"),
    1,
    [1, 5],
  ],
  ["default call parameter", "a.js", src("function f(a, c = get(", "  1)) {", "  g();", "}"), 1, [1, 4]],
  [
    "class with extends",
    "a.js",
    src("class A extends B {", "  m() {", "    return 1;", "  }", "}"),
    1,
    [1, 5],
  ],
  ["method", "a.js", src("class A extends B {", "  m() {", "    return 1;", "  }", "}"), 2, [2, 4]],
  [
    "static async method",
    "a.js",
    src("class A {", "  static async m(x) {", "    await x;", "  }", "}"),
    2,
    [2, 4],
  ],
  ["getter", "a.js", src("class A {", "  get x() {", "    return 1;", "  }", "}"), 2, [2, 4]],
  ["arrow function", "a.js", src("const f = (x) => {", "  return x;", "};"), 1, [1, 3]],
  ["async arrow in a call", "a.js", src('it("works", async () => {', "  await run();", "});"), 1, [1, 3]],
  ["arrow returning an object", "a.js", src("const f = (x) => ({", "  x,", "});"), 1, [1, 3]],
  ["object literal", "a.js", src("const config = {", "  a: 1,", "  b: [1, 2],", "};"), 1, [1, 4]],
  ["export default object", "a.js", src("export default {", "  name: 'x',", "};"), 1, [1, 3]],
  ["export default function", "a.js", src("export default function () {", "  return 1;", "}"), 1, [1, 3]],
  [
    "callback, chained",
    "a.js",
    src("p.then(function () {", "  a();", "}).catch(function (e) {", "  b(e);", "});"),
    1,
    [1, 3],
  ],
  [
    "second callback of a chain",
    "a.js",
    src("p.then(function () {", "  a();", "}).catch(function (e) {", "  b(e);", "});"),
    3,
    [3, 5],
  ],
  [
    "ternary function expression",
    "a.js",
    src("var f = x ? (function (o) {", "  a();", "}) : function (o, v) {", "  b();", "};"),
    3,
    [3, 5],
  ],
  [
    "UMD wrapper",
    "a.js",
    src("(function (root, factory) {", "  factory();", "})(this, function () {", "  return 1;", "});"),
    3,
    [3, 5],
  ],
  ["else branch", "a.js", src("if (a) {", "  x();", "} else {", "  y();", "}"), 3, [3, 5]],
  ["multi-line condition", "a.js", src("if (a &&", "    b) {", "  x();", "}"), 1, [1, 4]],
  ["one-line function", "a.js", src("function f() { return 1; }", "g();"), 1, [1, 1]],
  ["multi-line call", "a.js", src("foo(", "  a,", "  b,", ");", "bar();"), 1, [1, 4]],
  ["array literal", "a.js", src("const xs = [", "  1,", "  2,", "];"), 1, [1, 4]],
  ["Allman braces", "a.js", src("function f()", "{", "  return 1;", "}"), 1, [1, 4]],
  [
    "decorated class (TS)",
    "a.ts",
    src("@Component({", "  selector: 'x',", "})", "export class A {", "  m() {}", "}"),
    1,
    [1, 6],
  ],
  [
    "decorated method (TS)",
    "a.ts",
    src("class A {", "  @Input()", "  m(): void {", "    x();", "  }", "}"),
    2,
    [2, 5],
  ],
  [
    "TS return type with a type literal",
    "a.ts",
    src("function f(", "  a: string,", "): { ok: boolean } {", "  return { ok: true };", "}"),
    1,
    [1, 5],
  ],
  [
    "TS generic class over lines",
    "a.ts",
    src("class Server<", "  T extends object = {},", "> extends Base {", "  run() {}", "}"),
    1,
    [1, 5],
  ],
  [
    "TS object-typed parameter",
    "a.ts",
    src("function f(options: {", "  a: string;", "}): void {", "  g();", "}"),
    1,
    [1, 5],
  ],
  [
    "TS type-annotated multi-line arrow",
    "a.ts",
    src("const f = async (", "  a: number,", "): Promise<void> => {", "  await g(a);", "};"),
    1,
    [1, 5],
  ],
];

const JS_LEXING: BlockCase[] = [
  ["brace in a string", "a.js", src("function f() {", '  const s = "}";', "  return s;", "}"), 1, [1, 4]],
  ["brace in a single-quoted string", "a.js", src("function f() {", "  const s = '{';", "}"), 1, [1, 3]],
  ["brace in a line comment", "a.js", src("function f() {", "  // }", "}"), 1, [1, 3]],
  ["brace in a block comment", "a.js", src("function f() {", "  /* }", "  } */", "}"), 1, [1, 4]],
  ["brace in a regex", "a.js", src("function f(s) {", "  return s.replace(/[}]+/g, '');", "}"), 1, [1, 3]],
  [
    "regex with a slash in a class",
    "a.js",
    src("function f(s) {", "  return /[/}]/.test(s);", "}"),
    1,
    [1, 3],
  ],
  ["regex after return", "a.js", src("function f() {", "  return /}/;", "}"), 1, [1, 3]],
  [
    "keyword as a property name",
    "a.js",
    src("function f(a) {", "  return a.return / 2 + a.default / (3 + '{');", "}"),
    1,
    [1, 3],
  ],
  [
    "division is not a regex",
    "a.js",
    src("function f(a, b) {", "  return a / b / 2;", "}", "const r = /{/;"),
    1,
    [1, 3],
  ],
  ["template with a brace", "a.js", src("function f() {", "  return `}`;", "}"), 1, [1, 3]],
  [
    "template with nested expressions",
    "a.js",
    src("function f(a) {", "  return `${a ? `${'}'}` : '{'} }`;", "}"),
    1,
    [1, 3],
  ],
  ["template over lines", "a.js", src("function f() {", "  return `", "}", "  `;", "}"), 1, [1, 5]],
  [
    "template hole with a block",
    "a.js",
    src("const html = `", "  ${items.map((item) => {", "    return item;", "  })}", "`;"),
    2,
    [2, 4],
  ],
  ["escaped quote", "a.js", src("function f() {", "  const s = 'it\\'s }';", "}"), 1, [1, 3]],
  [
    "string continued by a backslash",
    "a.js",
    src("function f() {", '  const s = "a \\', '}";', "}"),
    1,
    [1, 4],
  ],
  ["hashbang", "a.js", src("#!/usr/bin/env node {", "function f() {", "}"), 2, [2, 3]],
  [
    "private field",
    "a.js",
    src("class A {", "  #x = 1;", "  m() {", "    return this.#x / 2;", "  }", "}"),
    3,
    [3, 5],
  ],
  [
    "JSX text with an apostrophe",
    "a.jsx",
    src("function A() {", "  return <p>Don't {x}</p>;", "}", "function B() {", "}"),
    1,
    [1, 3],
  ],
  [
    "JSX with braces in attributes",
    "a.jsx",
    src(
      "function A() {",
      "  return (",
      '    <div style={{ a: "}" }}>',
      "      it's {'{'}",
      "    </div>",
      "  );",
      "}",
    ),
    1,
    [1, 7],
  ],
  [
    "JSX return block",
    "a.jsx",
    src("function A() {", "  return (", "    <div>", "      <B />", "    </div>", "  );", "}"),
    2,
    [2, 6],
  ],
  ["JSX fragment", "a.tsx", src("const A = () => {", "  return <>it's</>;", "};"), 1, [1, 3]],
  ["TSX generic arrow is no JSX", "a.tsx", src("const f = <T,>(x: T) => {", "  return x;", "};"), 1, [1, 3]],
  [
    "TS type assertion is no JSX",
    "a.ts",
    src("function f(x) {", "  const y = <any>x;", "  return y;", "}"),
    1,
    [1, 4],
  ],
  [
    "less-than is no JSX",
    "a.js",
    src("function f(a, b) {", "  if (a <b) {", "    return a;", "  }", "}"),
    2,
    [2, 4],
  ],
];

const JS_ENCLOSING: BlockCase[] = [
  ["line inside a function", "a.js", src("function f() {", "  const a = 1;", "  return a;", "}"), 2, [1, 4]],
  ["closing line", "a.js", src("function f() {", "  return 1;", "}"), 3, [1, 3]],
  [
    "innermost of nested blocks",
    "a.js",
    src("function f() {", "  if (a) {", "    b();", "  }", "}"),
    3,
    [2, 4],
  ],
  [
    "line in a multi-line parameter list",
    "a.js",
    src("function f(", "  a,", "  b", ") {", "  x();", "}"),
    2,
    [1, 6],
  ],
  [
    "line inside a callback",
    "a.js",
    src("p.then(function () {", "  a();", "}).catch(function (e) {", "  b(e);", "});"),
    4,
    [3, 5],
  ],
  ["line inside an Allman body", "a.js", src("function f()", "{", "  return 1;", "}"), 3, [1, 4]],
  [
    "line inside a multi-line template",
    "a.js",
    src("function f() {", "  return `", "  text", "  `;", "}"),
    3,
    [1, 5],
  ],
  ["top-level statement", "a.js", src("import x from 'y';", "function f() {", "}"), 1, "BLOCK_NOT_FOUND"],
  [
    "blank line between functions",
    "a.js",
    src("function f() {", "}", "", "function g() {", "}"),
    3,
    "BLOCK_NOT_FOUND",
  ],
];

const OTHER_BRACE_LANGUAGES: BlockCase[] = [
  ["C function", "a.c", src("int f(int a)", "{", "  char c = '}';", "  return a;", "}"), 1, [1, 5]],
  [
    "C char literal with an escape",
    "a.c",
    src("int f(void) {", "  char q = '\\'';", "  return q;", "}"),
    1,
    [1, 4],
  ],
  ["C string with a brace", "a.c", src("void f(void) {", '  puts("}");', "}"), 1, [1, 3]],
  [
    "C alternative headers under #if",
    "a.c",
    src("#ifdef WIDE", "void f(int a) {", "#else", "void f(void) {", "#endif", "  g();", "}"),
    2,
    [2, 7],
  ],
  [
    "C balanced #else branch counts",
    "a.c",
    src("#ifdef X", "int a(void) { return 1; }", "#else", "int a(void) {", "  return 2;", "}", "#endif"),
    4,
    [4, 6],
  ],
  ["C macro lines never count", "a.c", src("#define OPEN {", "void f(void) {", "}"), 2, [2, 3]],
  ["C++ raw string", "a.cpp", src("void f() {", '  auto s = R"x(})x";', "}"), 1, [1, 3]],
  ["C++ digit separators", "a.cpp", src("int f() {", "  return 1'000'000;", "}"), 1, [1, 3]],
  [
    "C++ constructor initializer list",
    "a.cpp",
    src("A::A(int a)", "    : a_(a), b_(2) {", "  g();", "}"),
    1,
    [1, 4],
  ],
  [
    "Java method with throws",
    "A.java",
    src("void run(String a,", "    int b) throws IOException {", "  go();", "}"),
    1,
    [1, 4],
  ],
  [
    "Java annotation",
    "A.java",
    src("@Override", "public String toString() {", '  return "}";', "}"),
    1,
    [1, 4],
  ],
  ["Java text block", "A.java", src("String f() {", '  return """', "    }", '    """;', "}"), 1, [1, 5]],
  ["C# verbatim string", "A.cs", src("void F() {", '  var s = @"}""";', "}"), 1, [1, 3]],
  ["C# interpolated string", "A.cs", src("void F() {", '  var s = $"{a} }}";', "}"), 1, [1, 3]],
  ["C# attribute", "A.cs", src("[Test]", "public void F()", "{", "  G();", "}"), 1, [1, 5]],
  ["Go raw string", "a.go", src("func f() string {", "\treturn `}", "`", "}"), 1, [1, 4]],
  ["Go rune", "a.go", src("func f() rune {", "\treturn '}'", "}"), 1, [1, 3]],
  [
    "Go multi-line parameters and results",
    "a.go",
    src("func f(", "\ta int,", ") (int, error) {", "\treturn a, nil", "}"),
    1,
    [1, 5],
  ],
  ["Rust lifetimes", "a.rs", src("fn f<'a>(x: &'a str) -> &'a str {", "    x", "}"), 1, [1, 3]],
  ["Rust raw string", "a.rs", src("fn f() {", '    let s = r#"}"#;', "}"), 1, [1, 3]],
  ["Rust char literal", "a.rs", src("fn f() -> char {", "    '}'", "}"), 1, [1, 3]],
  ["Rust nested block comment", "a.rs", src("fn f() {", "    /* /* } */ } */", "}"), 1, [1, 3]],
  [
    "Rust where clause",
    "a.rs",
    src("fn f<T>(x: T) -> T", "where", "    T: Clone,", "{", "    x", "}"),
    1,
    [1, 6],
  ],
  ["Rust attribute", "a.rs", src("#[derive(Debug)]", "struct A {", "    a: u8,", "}"), 1, [1, 4]],
  ["Kotlin template", "a.kt", src("fun f(): String {", '    return "${a.map { "}" }}"', "}"), 1, [1, 3]],
  ["Kotlin raw string", "a.kt", src("fun f() {", '    val s = """', "}", '"""', "}"), 1, [1, 5]],
  [
    "Swift interpolation",
    "a.swift",
    src("func f() -> String {", '    return "\\(g(")")) }"', "}"),
    1,
    [1, 3],
  ],
  ["Swift raw string", "a.swift", src("func f() {", '    let s = #"}"#', "}"), 1, [1, 3]],
  [
    "PHP before <?php is HTML",
    "a.php",
    src("<p>{</p>", "<?php", "function f() {", "  return '}';", "}"),
    3,
    [3, 5],
  ],
  ["PHP hash comment", "a.php", src("<?php", "function f() {", "  # }", "}"), 2, [2, 4]],
  ["PHP attribute", "a.php", src("<?php", "#[Route('/')]", "function f() {", "}"), 2, [2, 4]],
  [
    "PHP heredoc",
    "a.php",
    src("<?php", "function f() {", "  return <<<EOT", "  }", "  EOT;", "}"),
    2,
    [2, 6],
  ],
  [
    "PHP interpolation with quotes",
    "a.php",
    src("<?php", "function f($a) {", '  return "{$a["}"]}";', "}"),
    2,
    [2, 4],
  ],
  ["CSS rule", "a.css", src("a:hover {", "  content: '}';", "}"), 1, [1, 3]],
  ["CSS unquoted url", "a.scss", src(".a {", "  background: url(http://x/y.png);", "  // }", "}"), 1, [1, 4]],
  ["JSON object", "a.json", src("{", '  "a": {', '    "b": "}"', "  }", "}"), 2, [2, 4]],
  ["HCL block", "main.tf", src('resource "x" "y" {', '  name = "${var.a}}"', "  # }", "}"), 1, [1, 4]],
];

describe("JavaScript and TypeScript headers", () => {
  for (const [name, file, source, line, want] of JS_HEADERS) {
    test(name, () => expect(spanAt(file, source, line)).toEqual(want));
  }
});

describe("JavaScript lexing", () => {
  for (const [name, file, source, line, want] of JS_LEXING) {
    test(name, () => expect(spanAt(file, source, line)).toEqual(want));
  }
});

describe("enclosing blocks", () => {
  for (const [name, file, source, line, want] of JS_ENCLOSING) {
    test(name, () => expect(spanAt(file, source, line)).toEqual(want));
  }
});

describe("other brace languages", () => {
  for (const [name, file, source, line, want] of OTHER_BRACE_LANGUAGES) {
    test(name, () => expect(spanAt(file, source, line)).toEqual(want));
  }
});

describe("robustness", () => {
  test("an unclosed brace does not claim the rest of the file as a block of a later header", () => {
    const source = src("function broken() {", "  x(;", "function ok() {", "  return 1;", "}");
    expect(spanAt("a.js", source, 3)).toEqual([3, 5]);
  });
  test("an unterminated string ends at its line", () => {
    const source = src("function f() {", '  const s = "oops;', "  return s;", "}");
    expect(spanAt("a.js", source, 1)).toEqual([1, 4]);
  });
  test("CRLF line endings", () => {
    expect(spanAt("a.js", "function f() {\r\n  return 1;\r\n}\r\n", 1)).toEqual([1, 3]);
  });
  test("a line past the end is LINE_OUT_OF_RANGE", () => {
    expect(spanAt("a.js", src("function f() {", "}"), 9)).toBe("LINE_OUT_OF_RANGE");
  });
});
