// Which block rules apply to a file: a family (brace, indent, headings, keyword-end) and a dialect,
// chosen from the file name first and, when the name says nothing, from a shebang or a first-line marker.

export type BlockFamily = "brace" | "indent" | "headings" | "keyword-end";

export type BraceDialectName =
  | "js"
  | "jsx"
  | "ts"
  | "tsx"
  | "c"
  | "cpp"
  | "csharp"
  | "java"
  | "kotlin"
  | "scala"
  | "groovy"
  | "dart"
  | "go"
  | "rust"
  | "swift"
  | "php"
  | "css"
  | "scss"
  | "json"
  | "hcl"
  | "hash-comment"
  | "zig"
  | "generic";

export type IndentDialectName = "python" | "yaml" | "generic";
export type HeadingDialectName = "markdown" | "asciidoc" | "org" | "ini";
export type KeywordEndDialectName = "ruby" | "lua" | "shell" | "elixir" | "julia";

export type Language =
  | { readonly family: "brace"; readonly dialect: BraceDialectName }
  | { readonly family: "indent"; readonly dialect: IndentDialectName }
  | { readonly family: "headings"; readonly dialect: HeadingDialectName }
  | { readonly family: "keyword-end"; readonly dialect: KeywordEndDialectName };

const brace = (dialect: BraceDialectName): Language => ({ family: "brace", dialect });
const indent = (dialect: IndentDialectName): Language => ({ family: "indent", dialect });
const headings = (dialect: HeadingDialectName): Language => ({ family: "headings", dialect });
const keywordEnd = (dialect: KeywordEndDialectName): Language => ({ family: "keyword-end", dialect });

/** Lower-case extension (without the dot) → language. */
const BY_EXTENSION: Readonly<Record<string, Language>> = {
  js: brace("js"),
  mjs: brace("js"),
  cjs: brace("js"),
  jsx: brace("jsx"),
  ts: brace("ts"),
  mts: brace("ts"),
  cts: brace("ts"),
  tsx: brace("tsx"),
  c: brace("c"),
  h: brace("cpp"),
  i: brace("c"),
  cc: brace("cpp"),
  cpp: brace("cpp"),
  cxx: brace("cpp"),
  "c++": brace("cpp"),
  hh: brace("cpp"),
  hpp: brace("cpp"),
  hxx: brace("cpp"),
  ipp: brace("cpp"),
  inl: brace("cpp"),
  tpp: brace("cpp"),
  ino: brace("cpp"),
  cu: brace("cpp"),
  cuh: brace("cpp"),
  m: brace("c"),
  mm: brace("cpp"),
  glsl: brace("c"),
  vert: brace("c"),
  frag: brace("c"),
  hlsl: brace("c"),
  metal: brace("cpp"),
  proto: brace("c"),
  cs: brace("csharp"),
  java: brace("java"),
  kt: brace("kotlin"),
  kts: brace("kotlin"),
  scala: brace("scala"),
  sc: brace("scala"),
  sbt: brace("scala"),
  groovy: brace("groovy"),
  gradle: brace("groovy"),
  jenkinsfile: brace("groovy"),
  dart: brace("dart"),
  go: brace("go"),
  rs: brace("rust"),
  swift: brace("swift"),
  php: brace("php"),
  phtml: brace("php"),
  css: brace("css"),
  scss: brace("scss"),
  less: brace("scss"),
  json: brace("json"),
  jsonc: brace("json"),
  json5: brace("json"),
  geojson: brace("json"),
  ipynb: brace("json"),
  webmanifest: brace("json"),
  tf: brace("hcl"),
  tfvars: brace("hcl"),
  hcl: brace("hcl"),
  nomad: brace("hcl"),
  sol: brace("js"),
  zig: brace("zig"),
  pl: brace("hash-comment"),
  pm: brace("hash-comment"),
  t: brace("hash-comment"),
  r: brace("hash-comment"),
  awk: brace("hash-comment"),
  nix: brace("hash-comment"),
  graphql: brace("hash-comment"),
  gql: brace("hash-comment"),
  cmake: brace("hash-comment"),
  jsonnet: brace("generic"),
  libsonnet: brace("generic"),
  v: brace("go"),
  odin: brace("go"),
  hx: brace("java"),
  py: indent("python"),
  pyi: indent("python"),
  pyw: indent("python"),
  pyx: indent("python"),
  pxd: indent("python"),
  bzl: indent("python"),
  star: indent("python"),
  gyp: indent("python"),
  gypi: indent("python"),
  yml: indent("yaml"),
  yaml: indent("yaml"),
  nim: indent("generic"),
  coffee: indent("generic"),
  sass: indent("generic"),
  styl: indent("generic"),
  pug: indent("generic"),
  jade: indent("generic"),
  haml: indent("generic"),
  slim: indent("generic"),
  mk: indent("generic"),
  md: headings("markdown"),
  markdown: headings("markdown"),
  mdown: headings("markdown"),
  mkd: headings("markdown"),
  mkdn: headings("markdown"),
  mdx: headings("markdown"),
  mdc: headings("markdown"),
  adoc: headings("asciidoc"),
  asciidoc: headings("asciidoc"),
  org: headings("org"),
  toml: headings("ini"),
  ini: headings("ini"),
  cfg: headings("ini"),
  conf: headings("ini"),
  properties: headings("ini"),
  editorconfig: headings("ini"),
  gitconfig: headings("ini"),
  rb: keywordEnd("ruby"),
  rake: keywordEnd("ruby"),
  gemspec: keywordEnd("ruby"),
  ru: keywordEnd("ruby"),
  erb: keywordEnd("ruby"),
  cr: keywordEnd("ruby"),
  lua: keywordEnd("lua"),
  sh: keywordEnd("shell"),
  bash: keywordEnd("shell"),
  zsh: keywordEnd("shell"),
  ksh: keywordEnd("shell"),
  fish: keywordEnd("shell"),
  bats: keywordEnd("shell"),
  ex: keywordEnd("elixir"),
  exs: keywordEnd("elixir"),
  jl: keywordEnd("julia"),
};

/** Whole base names (lower-case) that carry no telling extension. */
const BY_BASENAME: Readonly<Record<string, Language>> = {
  makefile: indent("generic"),
  gnumakefile: indent("generic"),
  dockerfile: indent("generic"),
  containerfile: indent("generic"),
  build: indent("python"),
  workspace: indent("python"),
  sconstruct: indent("python"),
  sconscript: indent("python"),
  gemfile: keywordEnd("ruby"),
  rakefile: keywordEnd("ruby"),
  vagrantfile: keywordEnd("ruby"),
  podfile: keywordEnd("ruby"),
  brewfile: keywordEnd("ruby"),
  jenkinsfile: brace("groovy"),
  "cmakelists.txt": brace("hash-comment"),
  ".babelrc": brace("json"),
  ".eslintrc": brace("json"),
  ".prettierrc": brace("json"),
  ".bashrc": keywordEnd("shell"),
  ".bash_profile": keywordEnd("shell"),
  ".profile": keywordEnd("shell"),
  ".zshrc": keywordEnd("shell"),
  ".gitconfig": headings("ini"),
  ".editorconfig": headings("ini"),
};

/** Interpreter named by a shebang → language. */
const BY_INTERPRETER: readonly (readonly [RegExp, Language])[] = [
  [/^python[0-9.]*$/, indent("python")],
  [/^(node|nodejs|bun|deno|zx)$/, brace("js")],
  [/^(ts-node|tsx|ts-node-esm)$/, brace("ts")],
  [/^(sh|bash|zsh|ksh|dash|ash|mksh|fish)$/, keywordEnd("shell")],
  [/^(ruby|jruby|crystal)$/, keywordEnd("ruby")],
  [/^(lua|luajit)[0-9.]*$/, keywordEnd("lua")],
  [/^(elixir)$/, keywordEnd("elixir")],
  [/^(julia)$/, keywordEnd("julia")],
  [/^(perl[0-9.]*|awk|gawk|Rscript|groovy)$/, brace("hash-comment")],
  [/^php[0-9.]*$/, brace("php")],
];

/** The interpreter a `#!` line runs (`/usr/bin/env -S node --x` → `node`), or undefined. */
export function shebangInterpreter(firstLine: string): string | undefined {
  if (!firstLine.startsWith("#!")) return undefined;
  const words = firstLine.slice(2).trim().split(/\s+/);
  let index = 0;
  if (words[index]?.endsWith("/env")) {
    index++;
    while (words[index]?.startsWith("-")) index++;
  }
  const program = words[index];
  if (!program) return undefined;
  return program.slice(program.lastIndexOf("/") + 1);
}

function baseNameOf(fileName: string): string {
  const slash = Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\"));
  return fileName.slice(slash + 1).toLowerCase();
}

function fromContent(lines: readonly string[]): Language | undefined {
  const first = lines[0] ?? "";
  const interpreter = shebangInterpreter(first);
  if (interpreter !== undefined) {
    for (const [pattern, language] of BY_INTERPRETER) if (pattern.test(interpreter)) return language;
  }
  if (/^\s*<\?php/.test(first)) return brace("php");
  if (/^\s*[{[]\s*$/.test(first)) return brace("json");
  return undefined;
}

/**
 * The language whose block rules apply to `fileName` with these `lines`.
 * Order: exact base name, extension, content (shebang, `<?php`), then the generic brace rules,
 * which fall back to indentation on lines that open no bracket.
 */
export function detectLanguage(fileName: string, lines: readonly string[]): Language {
  const base = baseNameOf(fileName);
  const byBase = BY_BASENAME[base];
  if (byBase) return byBase;
  const dot = base.lastIndexOf(".");
  if (dot > 0 || (dot === 0 && base.length > 1)) {
    const byExtension = BY_EXTENSION[base.slice(dot + 1)];
    if (byExtension) return byExtension;
  }
  if (base.startsWith("makefile") || base.endsWith(".mk")) return indent("generic");
  if (base.startsWith("dockerfile")) return indent("generic");
  return fromContent(lines) ?? brace("generic");
}
