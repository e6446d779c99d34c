// The tree every platform session works on, built on the Linux side (so Wine's and qemu's sessions start from the
// same bytes, symlinks and hard links included): FIXTURE/root is served, FIXTURE/outside.txt is what must never show.

import { linkSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const OUTSIDE_TEXT = "OUTSIDE-BYTES needle from beyond the root\n";
export const SAMPLE = [
  "export function first() {",
  "  return 1;",
  "}",
  "",
  "export function second() {",
  "  oldCall();",
  "  return 2;",
  "}",
  "",
].join("\n");

/** Rebuilds `fixture` from nothing. */
export function buildFixture(fixture: string): void {
  rmSync(fixture, { recursive: true, force: true });
  const root = join(fixture, "root");
  mkdirSync(root, { recursive: true });
  writeFileSync(join(fixture, "outside.txt"), OUTSIDE_TEXT);
  const put = (relative: string, content: string | Buffer) => {
    mkdirSync(dirname(join(root, relative)), { recursive: true });
    writeFileSync(join(root, relative), content);
  };
  put("sample.ts", SAMPLE);
  put("crlf.txt", "one\r\ntwo\r\nthree\r\n");
  put("latin1.txt", Buffer.from("na\xefve needle\nzwei\n", "latin1"));
  put(
    "utf16.txt",
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("wide needle\nline two\n", "utf16le")]),
  );
  put(".env", "API_KEY=sekrit-env needle\n");
  put("config/.env.local", "API_KEY=sekrit-local needle\n");
  put("keys/server.pem", "-----BEGIN needle KEY-----\n");
  put("notes/todo.md", "# Todo\n\n- needle in notes\n- nothing\n");
  put("src/app/main.ts", "import { helper } from './util/deep';\nconsole.log(helper(), 'needle main');\n");
  put("src/app/util/deep.ts", "export function helper() {\n  return 'needle deep';\n}\n");
  put("src/lib/other.ts", "export const other = 0;\n");
  put("docs/guide.txt", "needle in the guide\n");
  put("docs/private/plan.txt", "needle in the private plan\n");
  for (let index = 0; index < 30; index++) {
    const lines = Array.from({ length: 40 }, (_, line) =>
      index % 6 === 0 && line === 20 ? `row ${line} needle part${index}` : `row ${line} filler ${index}`,
    );
    put(`gen/part${String(index).padStart(2, "0")}.txt`, `${lines.join("\n")}\n`);
  }
  // A root-anchored rule, a name rule and a folder rule; .gitignore counts inside a git repository only.
  put(".gitignore", "/gen/part2*.txt\n*.log\nbuild/\n");
  put(".git/HEAD", "ref: refs/heads/main\n");
  put(".ignore", "skip-me.txt\n");
  put("skip-me.txt", "needle skipped by .ignore\n");
  put("build/out.txt", "needle in build output\n");
  put("trace.log", "needle in a log\n");
  put("blob.bin", Buffer.from("needle\0\0\x01\x02binary", "latin1"));
  put("twin-a.txt", "twin needle\nsecond\n");
  linkSync(join(root, "twin-a.txt"), join(root, "twin-b.txt"));
  symlinkSync("../outside.txt", join(root, "link-out.txt"));
  symlinkSync(".env", join(root, "link-env.txt"));
  // Above the 8 MiB whole-read limit: read a page at a time by the streaming reader.
  const big = Array.from(
    { length: 280_000 },
    (_, index) => `big ${String(index + 1).padStart(6, "0")} ${"z".repeat(20)}`,
  );
  put("big.txt", `${big.join("\n")}\n`);
}
