// One MCP session against one lapp binary, speaking newline-delimited JSON-RPC over the child's stdio, and its
// transcript: every answer (the root's spellings replaced by <ROOT>), each step's checks, whether it passed. Runs in
// whatever Bun drives it: Linux's for linux-x64 and (through qemu) linux-arm64, Windows' bun.exe inside Wine for
// windows-x64, so lapp.exe gets the pipes a Windows client gives it.
//
//   bun scripts/platforms/session.ts --label NAME --fixture DIR --out FILE -- COMMAND [ARGS...]
//
// DIR is the fixture as this process spells it (Z:\… inside Wine); the server is started with
// `--root DIR/root --block docs/private/**` and DIR as its working directory.

import { readFileSync, writeFileSync } from "node:fs";
import { STEPS, type Check, type Step } from "./steps.ts";

export interface Answered {
  name: string;
  tool: string;
  /** The answer's text blocks joined, with the root's and the fixture's spellings replaced. */
  text: string;
  isError: boolean;
  /** This platform answers otherwise by design (Windows names: steps.ts). */
  platformSpecific: boolean;
  failures: string[];
  ms: number;
}

export interface Transcript {
  label: string;
  windows: boolean;
  serverInfo: string;
  tools: string;
  steps: Answered[];
  stderrTail: string;
  strayStdout: string[];
  exit: string;
}

function parseArgs(argv: string[]) {
  const separator = argv.indexOf("--");
  const flags = argv.slice(0, separator);
  const value = (name: string) => {
    const at = flags.indexOf(name);
    if (at === -1 || flags[at + 1] === undefined) throw new Error(`missing ${name}`);
    return flags[at + 1]!;
  };
  return {
    label: value("--label"),
    fixture: value("--fixture"),
    out: value("--out"),
    command: argv.slice(separator + 1),
  };
}

/** A child lapp and its answers by request id. */
function startServer(command: string[], root: string, cwd: string) {
  const child = Bun.spawn([...command, "--root", root, "--block", "docs/private/**"], {
    cwd,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  const stray: string[] = [];
  let stderr = "";
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of child.stdout) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let newline = buffer.indexOf("\n"); newline !== -1; newline = buffer.indexOf("\n")) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        let message: Record<string, unknown>;
        try {
          message = JSON.parse(line);
        } catch {
          stray.push(line);
          continue;
        }
        const answer = typeof message.id === "number" ? waiting.get(message.id) : undefined;
        if (answer && message.method === undefined) {
          waiting.delete(message.id as number);
          answer(message);
        } else if (message.method !== "notifications/progress") stray.push(line);
      }
    }
  })();
  void (async () => {
    for await (const chunk of child.stderr) stderr += new TextDecoder().decode(chunk);
  })();
  let nextId = 1;
  const send = (message: Record<string, unknown>) => {
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    void child.stdin.flush();
  };
  return {
    child,
    stray,
    stderr: () => stderr,
    notify: (method: string) => send({ method }),
    request(method: string, params?: unknown, timeoutMs = 180_000): Promise<Record<string, unknown>> {
      const id = nextId++;
      const answered = new Promise<Record<string, unknown>>((resolve) => {
        waiting.set(id, resolve);
        setTimeout(() => {
          if (waiting.delete(id))
            resolve({ error: { message: `no answer to ${method} in ${timeoutMs} ms` } });
        }, timeoutMs);
      });
      send({ id, method, ...(params === undefined ? {} : { params }) });
      return answered;
    },
  };
}

/** Refs of the rows in a text, by line number (`12#KT:` or `12#KT-`). */
export function refsOf(text: string): Map<number, string> {
  const refs = new Map<number, string>();
  for (const match of text.matchAll(/^(?:>>> |\s*)?(\d+)#([A-Z]{2})[:-]/gm))
    refs.set(Number(match[1]), `${match[1]}#${match[2]}`);
  return refs;
}

function errorCodeOf(text: string): string | undefined {
  return /^error ([A-Z_]+):/.exec(text)?.[1];
}

/** What failed of `check` for an answer (empty when it all held). */
function judge(
  check: Check,
  text: string,
  isError: boolean,
  fileBytes: (relative: string) => Buffer | string,
): string[] {
  const failures: string[] = [];
  if (check.error === false && isError) failures.push(`an error: ${text.slice(0, 200)}`);
  if (typeof check.error === "string" || Array.isArray(check.error)) {
    const codes = [check.error].flat();
    const code = errorCodeOf(text);
    if (!isError || code === undefined || !codes.includes(code))
      failures.push(`expected ${codes.join(" or ")}, got ${code ?? "no error"}`);
  }
  for (const wanted of check.contains ?? [])
    if (!text.includes(wanted)) failures.push(`lacks ${JSON.stringify(wanted)}`);
  for (const unwanted of check.lacks ?? [])
    if (text.includes(unwanted)) failures.push(`shows ${JSON.stringify(unwanted)}`);
  for (const [relative, expected] of Object.entries(check.files ?? {})) {
    const actual = fileBytes(relative);
    const wanted = typeof expected === "string" ? Buffer.from(expected, "latin1") : expected;
    if (typeof actual === "string" || !actual.equals(wanted))
      failures.push(
        `${relative} on disk is ${typeof actual === "string" ? actual : JSON.stringify(actual.toString("latin1"))}`,
      );
  }
  return failures;
}

async function main(): Promise<void> {
  const { label, fixture, out, command } = parseArgs(process.argv.slice(2));
  const windows = /^[A-Za-z]:\\/.test(fixture);
  const separator = windows ? "\\" : "/";
  const root = `${fixture}${separator}root`;
  const onDisk = (relative: string) => `${root}${separator}${relative.replaceAll("/", separator)}`;
  const normalize = (text: string) => {
    let normalized = text;
    // Longest first: the root is inside the fixture. JSON-escaped and `/` spellings too.
    for (const [spelling, name] of [
      [root, "<ROOT>"],
      [fixture, "<FIXTURE>"],
    ] as const) {
      for (const variant of new Set([
        spelling,
        JSON.stringify(spelling).slice(1, -1),
        spelling.replaceAll("\\", "/"),
      ]))
        normalized = normalized.split(variant).join(name);
    }
    return normalized;
  };
  const fileBytes = (relative: string): Buffer | string => {
    try {
      return readFileSync(onDisk(relative));
    } catch (error) {
      return `<${(error as NodeJS.ErrnoException).code}>`;
    }
  };

  const server = startServer(command, root, fixture);
  const transcript: Transcript = {
    label,
    windows,
    serverInfo: "",
    tools: "",
    steps: [],
    stderrTail: "",
    strayStdout: server.stray,
    exit: "",
  };
  const init = await server.request("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "lapp-platforms", version: "1" },
  });
  const initResult = init.result as { serverInfo?: { name: string } } | undefined;
  transcript.serverInfo = JSON.stringify(initResult?.serverInfo?.name ?? init.error);
  server.notify("notifications/initialized");
  const listed = (await server.request("tools/list")).result as { tools?: { name: string }[] } | undefined;
  transcript.tools = (listed?.tools ?? []).map((tool) => tool.name).join(",");

  const shown = new Map<string, string>();
  const context = {
    absolute: (relative: string) => (relative === "" ? root : onDisk(relative)),
    outside: `${fixture}${separator}outside.txt`,
    windows,
    refs: (stepName: string) => refsOf(shown.get(stepName) ?? ""),
  };
  let failed = 0;
  for (const step of STEPS as readonly Step[]) {
    const args = typeof step.args === "function" ? step.args(context) : step.args;
    const started = performance.now();
    const answer = await server.request("tools/call", { name: step.tool, arguments: args });
    const ms = Math.round(performance.now() - started);
    const result = answer.result as
      { content?: { type: string; text?: string }[]; isError?: boolean } | undefined;
    const raw = result
      ? (result.content ?? [])
          .map((block) => (block.type === "text" ? block.text : `[${block.type}]`))
          .join("\n")
      : `rpc error ${JSON.stringify(answer.error)}`;
    const isError = result?.isError === true || result === undefined;
    shown.set(step.name, raw);
    const platformSpecific = windows && step.windows !== undefined;
    const check = platformSpecific ? step.windows! : step.check;
    const failures = judge(check, raw, isError, fileBytes);
    if (failures.length > 0) failed++;
    transcript.steps.push({
      name: step.name,
      tool: step.tool,
      text: normalize(raw),
      isError,
      platformSpecific,
      failures,
      ms,
    });
    process.stderr.write(
      `${failures.length ? "FAIL" : "ok  "} ${step.name} (${ms} ms)${failures.map((f) => `\n       ${f}`).join("")}\n`,
    );
  }

  const ping = await server.request("ping");
  transcript.steps.push({
    name: "ping",
    tool: "-",
    text: JSON.stringify(ping.result),
    isError: false,
    platformSpecific: false,
    failures: [],
    ms: 0,
  });
  server.child.stdin.end();
  const exited = await Promise.race([server.child.exited, Bun.sleep(20_000).then(() => "no exit in 20 s")]);
  if (typeof exited === "string") server.child.kill();
  transcript.exit = String(exited);
  transcript.stderrTail = server.stderr().slice(-2000);
  writeFileSync(out, JSON.stringify(transcript, null, 1));
  process.stderr.write(`${label}: ${transcript.steps.length} steps, ${failed} failed\n`);
  process.exit(failed === 0 && transcript.exit === "0" ? 0 : 1);
}

if (import.meta.main) await main();
