// The native code links nothing (native-code.ts compiles it with -nostdlib): every libc function it calls is bound
// through dlsym (native-libc.c), so a machine without libc's development files (libc.so) still gets it. This
// checks the sources keep to that, and that the compiled code is there where it is supported.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { nativeCode } from "../../src/search/native-code.ts";

const folder = join(import.meta.dir, "../../src/search");
const source = (name: string) => readFileSync(join(folder, name), "utf8");
/** Every C file of the search, as native-code.ts compiles them together. */
const cFiles = readdirSync(folder).filter((name) => name.endsWith(".c"));

test("no C file declares an external function or includes a header: libc comes through native-libc.c", () => {
  expect(cFiles).toEqual(
    expect.arrayContaining(["find-runs.c", "prefilter.c", "window-scan.c", "native-libc.c"]),
  );
  for (const name of cFiles) {
    const code = source(name).replace(/\/\*[\s\S]*?\*\//g, "");
    expect({ name, extern: /\bextern\b/.test(code), include: /#\s*include/.test(code) }).toEqual({
      name,
      extern: false,
      include: false,
    });
  }
});

test("every libc function the C code calls is one native-libc.c binds", () => {
  const bound = [...source("native-libc.c").matchAll(/#define (\w+) libc_\1/g)].map((match) => match[1]);
  const called = new Set<string>();
  for (const name of cFiles.filter((name) => name !== "native-libc.c")) {
    const code = source(name).replace(/\/\*[\s\S]*?\*\//g, "");
    for (const match of code.matchAll(
      /\b(open|openat|readlink|strlen|memcmp|pread|close|syscall|mem\w+|str\w+)\(/g,
    ))
      called.add(match[1]!);
  }
  for (const name of called) expect(bound).toContain(name);
});

test.skipIf(process.platform !== "linux" || (process.arch !== "x64" && process.arch !== "arm64"))(
  "compiles here (Linux x64/arm64)",
  () => expect(nativeCode()).not.toBeNull(),
);
