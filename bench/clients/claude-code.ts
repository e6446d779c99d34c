// Claude Code in print mode (`claude -p`) against a scripted model: what it needs to run lapp's tools, what it logs
// of lapp's stderr, how it loads MCP tools, and what reaches the model of lapp's answers (and of a larger one).

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { installTarballs } from "../../scripts/npm-packages.ts";
import { refOf } from "../../src/hashline/hash.ts";
import { Checks, describeSize, firstLine, probeScript, SIZE_PROBES, sizeOf } from "./checks.ts";
import { startMessagesModel, type Script, type Turn } from "./endpoints.ts";
import { lappLogLines, makeScratch, withScratch, type Scratch } from "./scratch.ts";

const CLIENT = "Claude Code";
const NOTES = "export function total(items: number[]): number {\n  return items.length;\n}\n";

interface Session {
  result: Record<string, unknown> | undefined;
  requests: Record<string, unknown>[];
  toolResults: string[];
  debugLog: string;
}

/** The text of every tool result the client sent back to the model, in order. */
function toolResults(requests: Record<string, unknown>[]): string[] {
  const last = requests.at(-1);
  const messages = (last?.messages ?? []) as { role: string; content: unknown }[];
  const texts: string[] = [];
  for (const message of messages) {
    if (message.role !== "user" || !Array.isArray(message.content)) continue;
    for (const block of message.content as { type: string; content?: unknown }[]) {
      if (block.type !== "tool_result") continue;
      const content = block.content;
      texts.push(
        typeof content === "string"
          ? content
          : (content as { type: string; text?: string }[]).map((part) => part.text ?? "").join("\n"),
      );
    }
  }
  return texts;
}

const call = (name: string, input: Record<string, unknown>): Turn => ({
  calls: [{ name: `mcp__lapp__${name}`, input }],
});

async function runClaude(
  claude: string,
  scratch: Scratch,
  script: Script,
  env: Record<string, string> = {},
  flags: string[] = [],
): Promise<Session> {
  const model = startMessagesModel(script);
  try {
    const run = await scratch.run(
      [claude, "-p", "Work on the project.", "--output-format", "json", "--debug", ...flags],
      {
        ANTHROPIC_BASE_URL: model.baseUrl,
        ANTHROPIC_API_KEY: "sk-scripted",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_AUTOUPDATER: "1",
        ...env,
      },
    );
    let result: Record<string, unknown> | undefined;
    try {
      result = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "");
    } catch {
      result = undefined;
    }
    const main = model.requests.filter((request) => ((request.body.tools ?? []) as unknown[]).length > 3);
    const bodies = main.map((request) => request.body);
    return { result, requests: bodies, toolResults: toolResults(bodies), debugLog: latestDebugLog(scratch) };
  } finally {
    model.stop();
  }
}

function latestDebugLog(scratch: Scratch): string {
  const dir = join(scratch.home, ".claude", "debug");
  try {
    const files = readdirSync(dir).filter((name) => name.endsWith(".txt"));
    return files.map((name) => readFileSync(join(dir, name), "utf8")).join("\n");
  } catch {
    return "";
  }
}

const denials = (session: Session) =>
  ((session.result?.permission_denials ?? []) as { tool_name: string }[]).map((denial) => denial.tool_name);

/** The debug log lines at [ERROR] that carry lapp's stderr. */
const lappErrors = (session: Session) =>
  session.debugLog.split("\n").filter((line) => line.includes("[ERROR]") && /lapp/i.test(line));

export async function checkClaudeCode(
  claude: string,
  lappBinary: string,
  files: Record<string, string>,
  checks: Checks,
  npmTarballs: string[],
): Promise<void> {
  const version = (await makeScratch(lappBinary).run([claude, "--version"])).stdout.trim();
  checks.add(CLIENT, "version", version.startsWith("2.1.332"), version);

  await checks.scenario(CLIENT, "print mode without the permission rule", async () => {
    await withScratch(lappBinary, { "notes.ts": NOTES }, async (scratch) => {
      await scratch.setup(["claude"]);
      const session = await runClaude(claude, scratch, (step) =>
        step === 0 ? call("lapp_read", { path: "notes.ts" }) : { text: "Done." },
      );
      checks.add(
        CLIENT,
        "`claude -p` refuses lapp's tools (reads too) without a rule",
        denials(session).includes("mcp__lapp__lapp_read"),
        `permission_denials: ${JSON.stringify(denials(session))}`,
      );
      const readOnce: Script = (step) =>
        step === 0 ? call("lapp_read", { path: "notes.ts" }) : { text: "Done." };
      const acceptEdits = await runClaude(claude, scratch, readOnce, {}, [
        "--permission-mode",
        "acceptEdits",
      ]);
      checks.add(
        CLIENT,
        "`--permission-mode acceptEdits` does not allow them",
        denials(acceptEdits).includes("mcp__lapp__lapp_read"),
        `permission_denials: ${JSON.stringify(denials(acceptEdits))}`,
      );
      const allowed = await runClaude(claude, scratch, readOnce, {}, ["--allowedTools", "mcp__lapp"]);
      checks.add(
        CLIENT,
        "`--allowedTools mcp__lapp` allows them for one run",
        denials(allowed).length === 0 && (allowed.toolResults[0] ?? "").startsWith("1#"),
        `permission_denials: ${JSON.stringify(denials(allowed))}; read answered ${JSON.stringify(firstLine(allowed.toolResults[0] ?? "", 50))}`,
      );
      const list = await scratch.run([claude, "mcp", "list"]);
      checks.add(
        CLIENT,
        "`claude mcp list` after `lapp setup claude`",
        /lapp: lapp\s+- ✔ Connected/.test(list.stdout),
        firstLine(list.stdout.split("\n").find((line) => line.startsWith("lapp")) ?? list.stdout),
      );
    });
  });

  await checks.scenario(CLIENT, "setup claude --allow-tools: read and edit in print mode", async () => {
    await withScratch(lappBinary, { "notes.ts": NOTES }, async (scratch) => {
      await scratch.setup(["claude", "--allow-tools"]);
      const line2 = refOf(2, "  return items.length;");
      const session = await runClaude(claude, scratch, (step) => {
        if (step === 0) return call("lapp_read", { path: "notes.ts" });
        if (step === 1)
          return call("lapp_edit", {
            path: "notes.ts",
            edits: [
              {
                type: "replace",
                anchor: line2,
                content: "  return items.reduce((sum, item) => sum + item, 0);",
              },
            ],
          });
        return { text: "Done." };
      });
      const expected = NOTES.replace("items.length", "items.reduce((sum, item) => sum + item, 0)");
      checks.add(
        CLIENT,
        "after `setup claude --allow-tools`: no permission denial, the edit lands byte-exact",
        denials(session).length === 0 && scratch.read("notes.ts") === expected,
        `permission_denials: ${JSON.stringify(denials(session))}; edit answered ${JSON.stringify(firstLine(session.toolResults[1] ?? "", 60))}`,
      );
      const errors = session.debugLog.split("\n").filter((line) => line.includes("[ERROR]"));
      checks.add(
        CLIENT,
        "no [ERROR] in Claude Code's debug log at start (lapp is silent on stderr)",
        errors.length === 0,
        `${errors.length} [ERROR] lines; lapp's server connected: ${/MCP server "lapp": Successfully connected/.test(session.debugLog)}`,
      );
      const client = lappLogLines(scratch).find((line) => line.includes(" client "));
      checks.add(
        CLIENT,
        "clientInfo at initialize, and lapp's budget for it",
        client?.includes('"claude-code ') === true && client.includes("within 20000 tokens"),
        client?.replace(/^\S+ /, "") ?? "no client line in lapp's log",
      );
      const first = session.requests[0] ?? {};
      const tools = ((first.tools ?? []) as { name: string }[]).map((tool) => tool.name);
      const system = JSON.stringify(first.system ?? "") + JSON.stringify(first.messages ?? "");
      checks.add(
        CLIENT,
        "MCP tools are deferred behind ToolSearch by default",
        !tools.some((name) => name.startsWith("mcp__lapp__")) &&
          tools.includes("ToolSearch") &&
          system.includes("mcp__lapp__lapp_read"),
        `first request's tools: ${tools.join(", ")}; lapp's tools named among the deferred tools: ${system.includes("mcp__lapp__lapp_read")}`,
      );
    });
  });

  await checks.scenario(CLIENT, "ENABLE_TOOL_SEARCH=false", async () => {
    await withScratch(lappBinary, { "notes.ts": NOTES }, async (scratch) => {
      await scratch.setup(["claude", "--allow-tools"]);
      const session = await runClaude(claude, scratch, () => ({ text: "Done." }), {
        ENABLE_TOOL_SEARCH: "false",
      });
      const tools = ((session.requests[0]?.tools ?? []) as { name: string }[]).map((tool) => tool.name);
      const lapp = tools.filter((name) => name.startsWith("mcp__lapp__"));
      checks.add(
        CLIENT,
        "with ENABLE_TOOL_SEARCH=false lapp's tools are loaded up front",
        lapp.length === 6,
        lapp.join(", "),
      );
    });
  });

  await checks.scenario(CLIENT, "stderr lines become [ERROR]", async () => {
    await withScratch(lappBinary, { "notes.ts": NOTES }, async (scratch) => {
      await scratch.setup(["claude", "--allow-tools"]);
      // What every start looked like before lapp went quiet: --verbose prints the hint (and the log) on stderr.
      const config = join(scratch.home, ".claude.json");
      const settings = JSON.parse(readFileSync(config, "utf8"));
      settings.mcpServers.lapp.args = ["--verbose"];
      writeFileSync(config, JSON.stringify(settings, null, 2));
      const session = await runClaude(claude, scratch, () => ({ text: "Done." }));
      const errors = lappErrors(session);
      checks.add(
        CLIENT,
        "Claude Code logs any stderr line of a server at [ERROR] (shown with lapp --verbose)",
        errors.length > 0,
        `${errors.length} lines, e.g. ${JSON.stringify(firstLine(errors[0]?.replace(/^\S+ /, "") ?? "", 120))}`,
      );
    });
  });

  await checks.scenario(CLIENT, "answers within the limit", async () => {
    await withScratch(lappBinary, files, async (scratch) => {
      await scratch.setup(["claude", "--allow-tools"]);
      const session = await runClaude(claude, scratch, probeScript(call));
      for (const [index, text] of session.toolResults.entries()) {
        const size = sizeOf(text);
        // lapp's own rows, not Claude Code's note that it set the answer aside.
        const inline = !/exceeds maximum allowed tokens/.test(text) && /^\s*\d+#[A-Z]{2}[:.-]/m.test(text);
        checks.add(
          CLIENT,
          `answer reaches the model whole: ${SIZE_PROBES[index]?.name}`,
          inline && size.o200k <= 25_000,
          describeSize(size),
        );
      }
    });
  });

  await checks.scenario(CLIENT, "an answer over 25,000 tokens", async () => {
    await withScratch(lappBinary, files, async (scratch) => {
      await scratch.setup(["claude", "--allow-tools"]);
      const config = join(scratch.home, ".claude.json");
      const settings = JSON.parse(readFileSync(config, "utf8"));
      settings.mcpServers.lapp.args = ["--max-output-tokens", "60000"];
      writeFileSync(config, JSON.stringify(settings, null, 2));
      const session = await runClaude(claude, scratch, (step) =>
        step === 0 ? call("lapp_read", { path: "lib.es5.d.ts", offset: 1, limit: 4601 }) : { text: "Done." },
      );
      const text = session.toolResults[0] ?? "";
      checks.add(
        CLIENT,
        "over 25,000 tokens Claude Code saves the answer to a file and tells the model to read it in parts",
        !text.startsWith("1#") && /file/i.test(text),
        `the model got ${sizeOf(text).bytes} bytes: ${JSON.stringify(firstLine(text.replaceAll(scratch.home, "~").replace(/\s+/g, " "), 300))}`,
      );
    });
  });

  await checks.scenario(CLIENT, "lapp started through npx", async () => {
    await withScratch(lappBinary, { "notes.ts": NOTES }, async (scratch) => {
      await scratch.setup(["claude", "--allow-tools"]);
      // The packed npm packages installed (offline) as a user's project would have them, lapp started through
      // `npx lapp` there: the launcher finds this platform's package and runs its binary.
      const prefix = join(scratch.home, "npm-project");
      const installed = installTarballs(prefix, npmTarballs);
      if (!installed.ok) throw new Error(`npm install of the packed packages failed: ${installed.output}`);
      const config = join(scratch.home, ".claude.json");
      const settings = JSON.parse(readFileSync(config, "utf8"));
      settings.mcpServers.lapp = {
        type: "stdio",
        command: "npx",
        args: ["--offline", "--prefix", prefix, "lapp", "--root", scratch.project],
      };
      writeFileSync(config, JSON.stringify(settings, null, 2));
      const session = await runClaude(
        claude,
        scratch,
        (step) => (step === 0 ? call("lapp_read", { path: "notes.ts" }) : { text: "Done." }),
        { MCP_TIMEOUT: "120000", npm_config_update_notifier: "false" },
      );
      const text = session.toolResults[0] ?? "";
      checks.add(
        CLIENT,
        "started through `npx lapp` from the packed npm packages, lapp answers",
        text.startsWith(`${refOf(1, "export function total(items: number[]): number {")}:`),
        JSON.stringify(firstLine(text, 80)),
      );
    });
  });
}
