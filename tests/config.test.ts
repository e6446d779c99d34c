// Flags and env → Config: precedence, lists, validation, and the fast paths.
import { describe, expect, test } from "bun:test";
import { DEFAULT_BLOCK_PATTERNS, TOOL_NAMES, parseArgs } from "../src/config.ts";

const serve = (argv: string[], env: Record<string, string> = {}) => {
  const parsed = parseArgs(argv, env, "/work/proj");
  if (parsed.kind !== "serve") throw new Error(`expected serve, got ${JSON.stringify(parsed)}`);
  return parsed.config;
};

describe("parseArgs", () => {
  test("defaults: cwd root, limit 2000, default block list, all tools, stderr log", () => {
    const config = serve([]);
    expect(config).toEqual({
      root: "/work/proj",
      limit: 2000,
      maxOutputTokens: 20000,
      maxOutputTokensGiven: false,
      verbose: false,
      block: [...DEFAULT_BLOCK_PATTERNS],
      allow: [],
      onlyTools: [...TOOL_NAMES],
      logFile: undefined,
    });
  });

  test("flags beat env vars; relative paths resolve against cwd", () => {
    const config = serve(["--root", "sub", "--limit=50", "--log-file", "l.log"], {
      LAPP_ROOT: "/elsewhere",
      LAPP_LIMIT: "7",
    });
    expect(config.root).toBe("/work/proj/sub");
    expect(config.limit).toBe(50);
    expect(config.logFile).toBe("/work/proj/l.log");
    expect(serve([], { LAPP_ROOT: "/elsewhere", LAPP_LIMIT: "7" })).toMatchObject({
      root: "/elsewhere",
      limit: 7,
    });
  });

  test("--max-output-tokens beats LAPP_MAX_OUTPUT_TOKENS; below 2000 or not a number is an error", () => {
    expect(serve(["--max-output-tokens", "8000"], { LAPP_MAX_OUTPUT_TOKENS: "9000" }).maxOutputTokens).toBe(
      8000,
    );
    expect(serve([], { LAPP_MAX_OUTPUT_TOKENS: "9000" }).maxOutputTokens).toBe(9000);
    // Given by flag or variable, the budget no longer follows the client (src/server/client-budget.ts).
    expect(serve([], { LAPP_MAX_OUTPUT_TOKENS: "9000" }).maxOutputTokensGiven).toBe(true);
    expect(serve(["--max-output-tokens", "8000"]).maxOutputTokensGiven).toBe(true);
    expect(serve([]).maxOutputTokensGiven).toBe(false);
    for (const bad of ["1999", "lots", "-5"]) {
      expect(parseArgs(["--max-output-tokens", bad], {}, "/w").kind).toBe("error");
    }
  });

  test("--verbose and LAPP_VERBOSE (any value but 0) put the hint and the log on stderr", () => {
    expect(serve(["--verbose"]).verbose).toBe(true);
    expect(serve([], { LAPP_VERBOSE: "1" }).verbose).toBe(true);
    expect(serve([], { LAPP_VERBOSE: "0" }).verbose).toBe(false);
    expect(serve([]).verbose).toBe(false);
  });

  test("--block and --allow add up from env (colon-separated) and flags (repeatable)", () => {
    const config = serve(["--block", "**/*.sqlite", "--allow", "**/.env.local", "--block=dist/**"], {
      LAPP_BLOCK: "a/**:b/**",
      LAPP_ALLOW: "**/*.pem",
    });
    expect(config.block).toEqual([...DEFAULT_BLOCK_PATTERNS, "a/**", "b/**", "**/*.sqlite", "dist/**"]);
    expect(config.allow).toEqual(["**/*.pem", "**/.env.local"]);
  });

  test("--only-tools accepts short and full names and keeps the canonical order", () => {
    expect(serve(["--only-tools", "edit, lapp_read"]).onlyTools).toEqual(["lapp_read", "lapp_edit"]);
    expect(serve([], { LAPP_ONLY_TOOLS: "grep" }).onlyTools).toEqual(["lapp_grep"]);
  });

  test("version and help short-circuit", () => {
    expect(parseArgs(["--root", "x", "--version"], {}, "/").kind).toBe("version");
    expect(parseArgs(["-h"], {}, "/").kind).toBe("help");
  });

  test.each([
    [["--nope"], "unknown argument"],
    [["--root"], "needs a value"],
    [["--limit", "0"], "--limit"],
    [["--limit", "1.5"], "--limit"],
    [["--only-tools", "read,fly"], "lapp_fly"],
    [["--only-tools", ""], "--only-tools"],
    [["positional"], "unknown argument"],
  ])("%j is an error mentioning %s", (argv, fragment) => {
    const parsed = parseArgs(argv, {}, "/");
    expect(parsed.kind).toBe("error");
    expect(parsed.kind === "error" && parsed.message).toContain(fragment);
  });
});
