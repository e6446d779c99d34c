// When lapp starts itself again with the heap setting (src/server/heap-setting.ts): only compiled, never on Windows,
// never when the variable is already set — by the relaunch itself or by a person choosing another value.
import { expect, test } from "bun:test";
import {
  HEAP_RAM_BYTES,
  HEAP_RAM_VARIABLE,
  heapRelaunch,
  runsCompiled,
} from "../../src/server/heap-setting.ts";

const LINUX = { platform: "linux", execPath: "/usr/local/bin/lapp", compiled: true };

test("a compiled lapp on Linux or macOS starts itself again with its arguments and the setting added", () => {
  const env = { PATH: "/usr/bin", HOME: "/home/a" };
  for (const platform of ["linux", "darwin"]) {
    const relaunch = heapRelaunch(env, ["--root", "/repo", "--verbose"], { ...LINUX, platform });
    expect(relaunch).toEqual({
      file: "/usr/local/bin/lapp",
      args: ["/usr/local/bin/lapp", "--root", "/repo", "--verbose"],
      env: { PATH: "/usr/bin", HOME: "/home/a", [HEAP_RAM_VARIABLE]: String(HEAP_RAM_BYTES) },
    });
  }
  expect(env).toEqual({ PATH: "/usr/bin", HOME: "/home/a" }); // the caller's environment is left alone
});

test("no relaunch once the variable is set (the relaunched process, or a person's own value such as 0)", () => {
  for (const value of [String(HEAP_RAM_BYTES), "0", "536870912", ""])
    expect(heapRelaunch({ [HEAP_RAM_VARIABLE]: value }, [], LINUX)).toBeUndefined();
});

test("no relaunch from the sources (the executable is the runtime) or on Windows (no execve)", () => {
  expect(heapRelaunch({}, [], { ...LINUX, compiled: false })).toBeUndefined();
  expect(heapRelaunch({}, [], { ...LINUX, platform: "win32" })).toBeUndefined();
});

test("a compiled executable is told by its embedded module paths", () => {
  expect(runsCompiled("/$bunfs/root/lapp")).toBe(true);
  expect(runsCompiled("B:/~BUN/root/lapp.exe")).toBe(true);
  expect(runsCompiled("/work/lapp/src/main.ts")).toBe(false);
});
