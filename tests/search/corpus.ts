// The shared search corpus: one tree exercising every ignore rule ripgrep honours, hidden and binary files,
// blocked secrets, encodings and a CRLF twin. Each entry says which rule it exercises.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Files whose content holds the word "needle" somewhere, keyed by the rule they exercise. */
export const APP_TS = [
  "import { needle } from './util';",
  "",
  "export function start(port: number) {",
  "  const needle = port + 1; // needle here",
  "  return needle;",
  "}",
  "",
  "function helper() {",
  "  return 'NEEDLE in caps';",
  "}",
  "export const needleful = 'needle';",
  "",
].join("\n");

/** Writes the corpus under `root`; `home` receives a .gitconfig naming a global excludes file. */
export function writeCorpus(root: string, home: string): void {
  const put = (path: string, content: string | Uint8Array) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  // A repository root: .gitignore files apply only inside one (ripgrep needs a .git).
  mkdirSync(join(root, ".git", "info"), { recursive: true });
  put(".git/HEAD", "ref: refs/heads/main needle\n");
  put(".git/info/exclude", "excluded-by-info.txt\n");
  put(
    ".gitignore",
    [
      "# a comment mentioning needle.txt",
      "*.log",
      "!keep.log",
      "build/",
      "/root-only.txt",
      "docs/**/*.tmp",
      "\\#hash.txt",
      "trailing.txt   ",
      "node_modules",
      "*.gen",
      "ignored-dir/**",
      "",
    ].join("\n"),
  );
  put(".ignore", "ignored-by-dot-ignore.txt\n!reincluded.log\n");
  put(".rgignore", "by-rgignore.txt\n");

  put("src/app.ts", APP_TS);
  put("src/app.crlf.ts", APP_TS.replaceAll("\n", "\r\n"));
  put("src/util.ts", "export const needle = 42;\nexport const hay = 'stack';\n");
  put("src/.gitignore", "generated.ts\n/anchored.ts\n");
  put("src/generated.ts", "const needle = 'generated';\n");
  put("src/anchored.ts", "const needle = 'anchored in src';\n");
  put("src/deeper/anchored.ts", "const needle = 'anchored rule does not reach here';\n");
  put("src/deeper/generated.ts", "const needle = 'generated deeper, still ignored';\n");
  put("src/nested/.gitignore", "!generated.ts\n");
  put("src/nested/generated.ts", "const needle = 're-included by a deeper negation';\n");

  put("logs/app.log", "needle in an ignored log\n");
  put("logs/keep.log", "needle in a negated log\n");
  put("logs/reincluded.log", "needle re-included by .ignore\n");
  put("build/out.js", "needle in an ignored directory\n");
  put("build/keep.js", "needle cannot be re-included inside an excluded directory\n");
  put("ignored-dir/inner.txt", "needle under dir/**\n");
  put("root-only.txt", "needle at the root is ignored\n");
  put("sub/root-only.txt", "needle in sub is not (anchored rule)\n");
  put("docs/a/b/note.tmp", "needle tmp deep\n");
  put("docs/note.tmp", "needle tmp shallow\n");
  put("docs/guide.md", "# Guide\n\nFind the needle.\n");
  put("#hash.txt", "needle in an escaped-hash name\n");
  put("trailing.txt", "needle in a file named with trailing spaces in .gitignore\n");
  put("node_modules/pkg/index.js", "module.exports = 'needle';\n");
  put("excluded-by-info.txt", "needle excluded by .git/info/exclude\n");
  put("ignored-by-dot-ignore.txt", "needle hidden by .ignore\n");
  put("by-rgignore.txt", "needle hidden by .rgignore\n");
  put("global-excluded.swp", "needle excluded by the global excludes file\n");

  // A nested repository: the outer .gitignore stops at its root, its own rules apply.
  mkdirSync(join(root, "vendor", "lib", ".git"), { recursive: true });
  put("vendor/lib/.gitignore", "secret-build/\n");
  put("vendor/lib/code.gen", "needle in a .gen file of a nested repo (outer *.gen does not apply)\n");
  put("vendor/lib/secret-build/x.txt", "needle ignored by the nested repo\n");
  put("vendor/top.gen", "needle in outer repo .gen file (ignored)\n");

  // Hidden files are searched; .git is never entered.
  put(".hidden/config.txt", "needle in a hidden directory\n");
  put(".hiddenfile", "needle in a hidden file\n");

  // Blocked secrets: never read, matched or listed.
  put(".env", "API_KEY=needle\n");
  put("config/.env.local", "needle=1\n");
  put("certs/server.pem", "needle pem\n");

  // Binary files are skipped, whatever they contain.
  put("assets/blob.bin", new Uint8Array([...new TextEncoder().encode("needle "), 0, 1, 2, 3, 10]));
  const pngHeader = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
  put("assets/logo.png", new Uint8Array([...pngHeader, ...new TextEncoder().encode("needle\n")]));
  // A NUL far into the file: ripgrep reports the lines of the 64 KiB buffers before it, lapp too.
  const early = "needle before the nul\n" + "filler line of text\n".repeat(6000);
  put(
    "data/late-nul.txt",
    new Uint8Array([
      ...new TextEncoder().encode(early + "needle near the nul\n"),
      0,
      ...new TextEncoder().encode("\nneedle after\n"),
    ]),
  );
  // A NUL inside the first 64 KiB (but after 8 KiB): ripgrep skips the whole file.
  put(
    "data/mid-nul.txt",
    new Uint8Array([...new TextEncoder().encode("needle first\n" + "x".repeat(9000) + "\n"), 0, 10]),
  );

  // Encodings: refs must equal lapp_read's.
  put(
    "enc/bom.txt",
    new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("needle with bom\nsecond\n")]),
  );
  put(
    "enc/latin1.txt",
    new Uint8Array([...new TextEncoder().encode("caf"), 0xe9, ...new TextEncoder().encode(" needle\n")]),
  );
  put("enc/utf16le.txt", utf16("needle in utf-16\r\nline two needle\r\n", true));
  put("enc/utf16be.txt", utf16("needle big endian\n", false));
  put("enc/unicode.txt", "Straße needle\nKelvin \u212A sign\nlong ſ s\n");

  // Symlinks are not followed.
  symlinkSync("src/app.ts", join(root, "link-to-app.ts"));
  symlinkSync("src", join(root, "link-to-src"));

  // The global excludes file (core.excludesFile), read from $HOME/.gitconfig.
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, ".gitconfig"), `[core]\n\texcludesFile = ${join(home, "global-ignore")}\n`);
  writeFileSync(join(home, "global-ignore"), "*.swp\n");
}

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out[0] = littleEndian ? 0xff : 0xfe;
  out[1] = littleEndian ? 0xfe : 0xff;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    out[2 + index * 2] = littleEndian ? code & 0xff : code >> 8;
    out[3 + index * 2] = littleEndian ? code >> 8 : code & 0xff;
  }
  return out;
}

/** The paths a search for "needle" must find (ripgrep --hidden, minus .git, blocked and signature-binary files). */
export const EXPECTED_NEEDLE_FILES = [
  ".gitignore",
  ".hidden/config.txt",
  ".hiddenfile",
  "data/late-nul.txt",
  "docs/guide.md",
  "enc/bom.txt",
  "enc/latin1.txt",
  "enc/unicode.txt",
  "enc/utf16be.txt",
  "enc/utf16le.txt",
  "logs/keep.log",
  "logs/reincluded.log",
  "src/app.crlf.ts",
  "src/app.ts",
  "src/deeper/anchored.ts",
  "src/nested/generated.ts",
  "src/util.ts",
  "sub/root-only.txt",
  "vendor/lib/code.gen",
];
