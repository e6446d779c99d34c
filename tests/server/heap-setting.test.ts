// When lapp starts itself again with the heap setting (src/server/heap-setting.ts): only compiled, never on Windows,
// never when the variable is already set — by the relaunch itself or by a person choosing another value.
import { expect, test } from "bun:test";
import {
  HEAP_RAM_BYTES,
  HEAP_RAM_VARIABLE,
  heapRelaunch,
  type Relaunch,
  runsCompiled,
} from "../../src/server/heap-setting.ts";

const LINUX = { platform: "linux", execPath: "/usr/local/bin/lapp", compiled: true };

test("a compiled lapp on Linux or macOS starts itself again with its arguments and the settings added", () => {
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

test("another runtime setting a person made (a heap's growth) reaches the relaunched process unchanged", () => {
  const relaunch = heapRelaunch({ BUN_JSC_smallHeapGrowthFactor: "1.5" }, [], LINUX);
  expect(relaunch?.env).toEqual({
    BUN_JSC_smallHeapGrowthFactor: "1.5",
    [HEAP_RAM_VARIABLE]: String(HEAP_RAM_BYTES),
  });
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

/** Runs tests/support/execve-child.ts with `relaunch` in a fresh Bun process; its stdout, stderr and exit code. */
function execveInChild(relaunch: Relaunch): { stdout: string; stderr: string; exitCode: number } {
  const child = new URL("../support/execve-child.ts", import.meta.url).pathname;
  const result = Bun.spawnSync([process.execPath, child, JSON.stringify(relaunch)], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
  });
  return { stdout: result.stdout.toString(), stderr: result.stderr.toString(), exitCode: result.exitCode };
}

test.skipIf(process.platform === "win32")(
  "execve replaces the process with the program, its arguments and exactly the environment given",
  () => {
    const run = execveInChild({
      file: "/bin/sh",
      args: ["/bin/sh", "-c", 'echo "$0|$1|$X|$Y"', "zero", "one two"],
      env: { X: "x=1", Y: undefined },
    });
    expect(run.stdout).toBe("zero|one two|x=1|\n");
    expect(run.stderr).toBe("");
  },
);

test.skipIf(process.platform === "win32")(
  "an execve that fails returns and prints nothing (stderr stays silent under a client)",
  () => {
    const run = execveInChild({ file: "/nonexistent/lapp", args: ["/nonexistent/lapp"], env: {} });
    expect(run.stdout).toBe("still here\n");
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
  },
);
