// The walk, case by case: ripgrep's ignore behaviours (ported from its ignore-crate and regression tests) on small
// trees. Each case states the expected file list; when rg is installed, `rg --files` must list the same files.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { compileOverrides } from "../../src/search/overrides.ts";
import { walkFiles } from "../../src/search/walk.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const RG = Bun.which("rg");
const RG_VERSION = RG
  ? (/ripgrep (\S+)/.exec(Bun.spawnSync([RG, "--version"]).stdout.toString())?.[1] ?? "")
  : "";
const temps: string[] = [];
afterAll(() => {
  for (const temp of temps) rmSync(temp, { recursive: true, force: true });
});

interface Case {
  name: string;
  /** Path → content; a path ending in `/` is a directory; `-> target` makes a symlink. */
  tree: Record<string, string>;
  expected: string[];
  start?: string;
  globs?: string[];
  /** Lines of $HOME/.gitconfig; the global excludes file is $HOME/global-ignore when given. */
  globalIgnore?: string;
  blocked?: (relative: string) => boolean;
  /** Where ripgrep 13 (Debian's) is known to be wrong and lapp follows git and later ripgrep releases. */
  ripgrep13Bug?: string;
}

function build(tree: Record<string, string>, root: string) {
  for (const [path, content] of Object.entries(tree)) {
    const full = join(root, path);
    if (path.endsWith("/")) {
      mkdirSync(full, { recursive: true });
    } else if (content.startsWith("-> ")) {
      mkdirSync(dirname(full), { recursive: true });
      symlinkSync(content.slice(3), full);
    } else {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    }
  }
}

function setUp(testCase: Case) {
  const temp = makeTempRoot("lapp-walk-");
  temps.push(temp);
  const root = join(temp, "root");
  const home = join(temp, "home");
  mkdirSync(root);
  mkdirSync(join(home, ".config"), { recursive: true });
  build(testCase.tree, root);
  if (testCase.globalIgnore !== undefined) {
    writeFileSync(join(home, ".gitconfig"), `[core]\n  excludesfile = ~/global-ignore\n`);
    writeFileSync(join(home, "global-ignore"), testCase.globalIgnore);
  }
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, ".config") };
  return { root, env };
}

function lappFiles(testCase: Case, root: string, env: Record<string, string>): string[] {
  const compiled = compileOverrides(testCase.globs ?? []);
  if (!compiled.ok) throw new Error(`bad glob ${compiled.bad}`);
  const start = testCase.start ? join(root, testCase.start) : root;
  const walked = walkFiles({
    root,
    start,
    isBlocked: testCase.blocked ?? (() => false),
    overrides: compiled.overrides,
    env,
  });
  return [...walked].map((file) => file.relative);
}

function rgFiles(testCase: Case, root: string, env: Record<string, string>): string[] {
  const globs = ["!.git", ...(testCase.globs ?? [])].flatMap((glob) => ["-g", glob]);
  const args = [RG!, "--no-config", "--files", "--hidden", "--sort", "path", ...globs];
  if (testCase.start) args.push(testCase.start);
  const result = Bun.spawnSync(args, { cwd: root, env: { ...env, PATH: process.env.PATH ?? "" } });
  return result.stdout.toString().split("\n").filter(Boolean);
}

const CASES: Case[] = [
  {
    name: ".gitignore is honoured only inside a repository (ripgrep requires .git)",
    tree: { ".gitignore": "a.txt\n", "a.txt": "", "b.txt": "" },
    expected: [".gitignore", "a.txt", "b.txt"],
  },
  {
    name: ".gitignore applies in a repository",
    tree: { ".git/": "", ".gitignore": "a.txt\n", "a.txt": "", "b.txt": "" },
    expected: [".gitignore", "b.txt"],
  },
  {
    name: ".ignore applies without a repository",
    tree: { ".ignore": "a.txt\n", "a.txt": "", "b.txt": "" },
    expected: [".ignore", "b.txt"],
  },
  {
    name: ".rgignore overrides .ignore",
    tree: { ".rgignore": "!a.txt\n", ".ignore": "a.txt\n", "a.txt": "" },
    expected: [".ignore", ".rgignore", "a.txt"],
  },
  {
    name: ".ignore overrides .gitignore",
    tree: { ".git/": "", ".gitignore": "*.txt\n", ".ignore": "!a.txt\n", "a.txt": "", "b.txt": "" },
    expected: [".gitignore", ".ignore", "a.txt"],
  },
  {
    name: ".gitignore overrides .git/info/exclude",
    tree: {
      ".git/info/exclude": "a.txt\n!b.txt\n",
      ".gitignore": "b.txt\n",
      "a.txt": "",
      "b.txt": "",
      "c.txt": "",
    },
    expected: [".gitignore", "c.txt"],
  },
  {
    name: "a nested .gitignore is relative to its own directory",
    tree: { ".git/": "", "sub/.gitignore": "/x.txt\n", "x.txt": "", "sub/x.txt": "", "sub/deep/x.txt": "" },
    expected: ["sub/.gitignore", "sub/deep/x.txt", "x.txt"],
  },
  {
    name: "a deeper negation re-includes for its directory only",
    tree: {
      ".git/": "",
      ".gitignore": "*.gen\n",
      "sub/.gitignore": "!keep.gen\n",
      "sub/keep.gen": "",
      "sub/drop.gen": "",
      "keep.gen": "",
    },
    expected: [".gitignore", "sub/.gitignore", "sub/keep.gen"],
  },
  {
    name: "a file inside an excluded directory cannot be re-included",
    tree: { ".git/": "", ".gitignore": "out/\n!out/keep.txt\n", "out/keep.txt": "", "out/x.txt": "" },
    expected: [".gitignore"],
  },
  {
    name: "r67: /* with !/dir keeps only dir",
    tree: { ".git/": "", ".gitignore": "/*\n!/dir\n", "dir/bar": "", foo: "" },
    expected: ["dir/bar"],
  },
  {
    name: "r25: an anchored directory pattern does not match deeper",
    tree: { ".git/": "", ".gitignore": "/llvm/\n", "src/llvm/foo": "", "llvm/bar": "" },
    expected: [".gitignore", "src/llvm/foo"],
  },
  {
    name: "r50: a slash in the middle anchors the pattern",
    tree: { ".git/": "", ".gitignore": "XXX/YYY/\n", "abc/def/XXX/YYY/bar": "", "XXX/YYY/baz": "" },
    expected: [".gitignore", "abc/def/XXX/YYY/bar"],
  },
  {
    name: "r1174: **/**/* ignores everything",
    tree: { ".git/": "", ".gitignore": "**/**/*\n", "a/foo": "" },
    expected: [],
  },
  {
    name: "r90: a negated hidden file is searched",
    tree: { ".git/": "", ".gitignore": ".*\n!.foo\n", ".foo": "", ".bar": "" },
    expected: [".foo"],
  },
  {
    name: "r2236: an escaped trailing slash still means a directory",
    tree: { ".git/": "", ".gitignore": "foo\\/\n", "foo/a.txt": "", "bar/foo": "" },
    expected: [".gitignore", "bar/foo"],
    ripgrep13Bug: "ripgrep issue 2236, fixed after 13.0: the escaped slash made the line invalid",
  },
  {
    name: "dir/** hides the contents, trailing spaces are trimmed",
    tree: {
      ".git/": "",
      ".gitignore": "gen/**\nname.txt   \n",
      "gen/a/b.txt": "",
      "name.txt": "",
      "ok.txt": "",
    },
    expected: [".gitignore", "ok.txt"],
  },
  {
    name: "a nested repository stops the outer repository's rules",
    tree: { ".git/": "", ".gitignore": "*.gen\n", "lib/.git/": "", "lib/a.gen": "", "b.gen": "" },
    expected: [".gitignore", "lib/a.gen"],
  },
  {
    name: "parent directories' ignore files apply when walking a subdirectory",
    tree: {
      ".git/": "",
      ".gitignore": "*.tmp\n/sub/anchored.txt\n",
      "sub/a.tmp": "",
      "sub/b.txt": "",
      "sub/anchored.txt": "",
    },
    start: "sub",
    expected: ["sub/b.txt"],
    ripgrep13Bug: "ripgrep 13 matched parents' anchored rules against a doubled path, so they never applied",
  },
  {
    name: "rules above a repository's root do not reach into it",
    tree: { ".gitignore": "*.txt\n", "repo/.git/": "", "repo/a.txt": "" },
    start: "repo",
    expected: ["repo/a.txt"],
  },
  {
    name: "the global excludes file applies inside a repository",
    tree: { ".git/": "", "a.swp": "", "b.txt": "" },
    globalIgnore: "*.swp\n",
    expected: ["b.txt"],
  },
  {
    name: "the global excludes file does not apply outside a repository",
    tree: { "a.swp": "", "b.txt": "" },
    globalIgnore: "*.swp\n",
    expected: ["a.swp", "b.txt"],
  },
  {
    name: "hidden files are listed; .git is never entered",
    tree: { ".git/config": "x", ".hidden/a": "", ".b": "", c: "" },
    expected: [".b", ".hidden/a", "c"],
  },
  {
    name: "symlinks are not followed",
    tree: { "a.txt": "", link: "-> a.txt", dirlink: "-> sub", "sub/x": "" },
    expected: ["a.txt", "sub/x"],
  },
  {
    name: "entries are sorted by name within each directory (ripgrep --sort path)",
    tree: { "a-c": "", "a/b": "", B: "", "a.txt": "", "a/a": "" },
    expected: ["B", "a/a", "a/b", "a-c", "a.txt"],
  },
  {
    name: "glob: a glob without a slash matches names at any depth",
    tree: { "a.ts": "", "src/b.ts": "", "src/c.js": "" },
    globs: ["*.ts"],
    expected: ["a.ts", "src/b.ts"],
  },
  {
    name: "glob: a glob with a slash matches from the root",
    tree: { "src/a/b.ts": "", "lib/src/c.ts": "", "src/d.js": "" },
    globs: ["src/**/*.ts"],
    expected: ["src/a/b.ts"],
  },
  {
    name: "glob: ! excludes, the last matching glob wins",
    tree: { "a.ts": "", "b.ts": "", "vendor/c.ts": "" },
    globs: ["*.ts", "!b.ts", "!vendor"],
    expected: ["a.ts"],
  },
  {
    name: "glob: an including glob beats .gitignore for a file",
    tree: { ".git/": "", ".gitignore": "*.min.js\n", "a.min.js": "", "b.js": "" },
    globs: ["*.js"],
    expected: ["a.min.js", "b.js"],
  },
  {
    name: "glob: an ignored directory is still not entered",
    tree: { ".git/": "", ".gitignore": "dist/\n", "dist/a.js": "", "b.js": "" },
    globs: ["*.js"],
    expected: ["b.js"],
  },
  {
    name: "blocked paths are never listed",
    tree: { ".env": "", "sub/.env.local": "", "a.pem": "", "ok.txt": "", "secret/x": "" },
    blocked: (relative) => /(^|\/)\.env/.test(relative) || relative.endsWith(".pem") || relative === "secret",
    expected: ["ok.txt"],
  },
  {
    name: "a blocked ignore file is neither listed nor read",
    tree: { ".git/": "", ".gitignore": "a.txt\n", "a.txt": "", "b.txt": "" },
    blocked: (relative) => relative === ".gitignore",
    expected: ["a.txt", "b.txt"],
  },
];

describe("walkFiles", () => {
  for (const testCase of CASES) {
    test(testCase.name, () => {
      const { root, env } = setUp(testCase);
      const files = lappFiles(testCase, root, env);
      expect(files).toEqual(testCase.expected);
      if (RG && !testCase.blocked && !(testCase.ripgrep13Bug && RG_VERSION.startsWith("13."))) {
        expect(files).toEqual(rgFiles(testCase, root, env));
      }
    });
  }

  test("a missing start directory yields nothing", () => {
    const root = makeTempRoot("lapp-walk-");
    temps.push(root);
    const compiled = compileOverrides([]);
    if (!compiled.ok) throw new Error("unreachable");
    expect([
      ...walkFiles({
        root,
        start: join(root, "nope"),
        isBlocked: () => false,
        overrides: compiled.overrides,
      }),
    ]).toEqual([]);
  });
});
