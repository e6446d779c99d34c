// Codex (`codex exec`) against a scripted model through a custom provider: which of lapp's tools run under its
// default approval and with `--approve-edits`, what it passes on of badly typed arguments, what its model sees of
// lapp before searching for tools, and how much of lapp's answers reaches the model (known and unknown models).

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { INSTRUCTIONS } from "../../src/messages.ts";
import { Checks, describeSize, firstLine, probeScript, SIZE_PROBES, sizeOf } from "./checks.ts";
import { startResponsesModel, type Script, type Turn } from "./endpoints.ts";
import { lappLogLines, makeScratch, withScratch, type Scratch } from "./scratch.ts";

const CLIENT = "Codex";
const KNOWN_MODEL = "gpt-5.5";
const UNKNOWN_MODEL = "local-coder";
const NOTES =
  "function total(items) {\n  return items.length;\n}\n\nfunction count(items) {\n  return items.length;\n}\n";

interface Session {
  requests: Record<string, unknown>[];
  /** The text of every tool output Codex sent back to the model, in order. */
  outputs: string[];
  stdout: string;
}

const call = (name: string, input: Record<string, unknown> | string): Turn => ({
  calls: [{ namespace: "mcp__lapp", name, input }],
});

/** Codex puts its own "Wall time: … Output:" part in front of a tool's answer; this is the answer after it. */
function outputsOf(requests: Record<string, unknown>[]): string[] {
  const input = (requests.at(-1)?.input ?? []) as { type?: string; output?: unknown }[];
  return input
    .filter((item) => item.type === "function_call_output")
    .map((item) => {
      if (typeof item.output === "string") return item.output;
      const parts = (item.output as { text?: string }[]).map((part) => part.text ?? "");
      return (/^Wall time: .*\nOutput:$/.test(parts[0] ?? "") ? parts.slice(1) : parts).join("\n");
    });
}

/** Writes Codex's config (a scripted provider, then lapp's entry by `lapp setup codex`) in the scratch home. */
function configure(
  scratch: Scratch,
  model: string,
  setupArgs: string[],
  extra = "",
  budget?: string,
): (baseUrl: string) => Promise<void> {
  const codexHome = join(scratch.home, ".codex");
  mkdirSync(codexHome, { recursive: true });
  return async (baseUrl) => {
    const provider = `model = "${model}"\nmodel_provider = "scripted"\n${extra}\n[model_providers.scripted]\nname = "scripted"\nbase_url = "${baseUrl}"\nwire_api = "responses"\n`;
    writeFileSync(join(codexHome, "config.toml"), provider);
    await scratch.setup(["codex", ...setupArgs]);
    // Codex passes servers only the environment their entry names: lapp's log file (and budget) go there.
    const file = join(codexHome, "config.toml");
    const env = { LAPP_LOG_FILE: scratch.lappLog, ...(budget ? { LAPP_MAX_OUTPUT_TOKENS: budget } : {}) };
    const lines = Object.entries(env).map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
    writeFileSync(file, `${readFileSync(file, "utf8")}\n[mcp_servers.lapp.env]\n${lines.join("\n")}\n`);
  };
}

async function runCodex(
  codex: string,
  scratch: Scratch,
  configureWith: (baseUrl: string) => Promise<void>,
  script: Script,
): Promise<Session> {
  const model = startResponsesModel(script);
  try {
    await configureWith(model.baseUrl);
    const run = await scratch.run([codex, "exec", "--skip-git-repo-check", "Work on the project."], {
      CODEX_HOME: join(scratch.home, ".codex"),
    });
    const bodies = model.requests.map((request) => request.body);
    return { requests: bodies, outputs: outputsOf(bodies), stdout: run.stdout + run.stderr };
  } finally {
    model.stop();
  }
}

/** Whether Codex ran the call (lapp's answer) or refused it (its own words). */
const verdict = (output: string | undefined) =>
  output === undefined
    ? "no output"
    : /requires approval|rejected|declined/.test(output)
      ? `refused: ${firstLine(output, 80)}`
      : "ran";

export async function checkCodex(
  codex: string,
  lappBinary: string,
  files: Record<string, string>,
  checks: Checks,
): Promise<void> {
  const version = (await makeScratch(lappBinary).run([codex, "--version"])).stdout.trim();
  checks.add(CLIENT, "version", version.includes("0.171.0"), version);

  const writesScript: Script = (step) => {
    if (step === 0) return call("lapp_read", { path: "notes.js" });
    if (step === 1) return call("lapp_write", { path: "new.txt", content: "hello\n" });
    if (step === 2)
      return call("lapp_edit", {
        path: "notes.js",
        edits: [
          {
            type: "replace",
            anchor: refOf(2, "  return items.length;"),
            content: "  return items.length + 0;",
          },
        ],
      });
    if (step === 3)
      return call("lapp_replace_block", {
        path: "notes.js",
        pattern: "function count(",
        literal: true,
        content: "function count(items) {\n  return items.length * 1;\n}",
      });
    if (step === 4) return call("lapp_grep", { pattern: "items", path: "notes.js" });
    if (step === 5)
      return call("lapp_find_block", { path: "notes.js", pattern: "function total(", literal: true });
    return { text: "Done." };
  };
  const tools = [
    "lapp_read",
    "lapp_write",
    "lapp_edit",
    "lapp_replace_block",
    "lapp_grep",
    "lapp_find_block",
  ];

  await checks.scenario(CLIENT, "default approval", async () => {
    await withScratch(lappBinary, { "notes.js": NOTES }, async (scratch) => {
      const session = await runCodex(codex, scratch, configure(scratch, KNOWN_MODEL, []), writesScript);
      const verdicts = tools.map((tool, index) => `${tool}: ${verdict(session.outputs[index])}`);
      const ran = session.outputs.map((output) => verdict(output) === "ran");
      checks.add(
        CLIENT,
        "`codex exec` with the default approval runs lapp_read, lapp_write, lapp_grep and lapp_find_block, refuses lapp_edit and lapp_replace_block",
        ran.join(",") === "true,true,false,false,true,true",
        verdicts.join("; "),
      );
      const list = await scratch.run([codex, "mcp", "list"], { CODEX_HOME: join(scratch.home, ".codex") });
      checks.add(
        CLIENT,
        "`codex mcp list` reads the file `lapp setup codex` wrote",
        /^lapp\s+lapp\s/m.test(list.stdout),
        firstLine(list.stdout.split("\n").find((line) => line.startsWith("lapp")) ?? list.stdout),
      );
      const client = lappLogLines(scratch).find((line) => line.includes(" client "));
      checks.add(
        CLIENT,
        "clientInfo at initialize, and lapp's budget for it",
        client?.includes('"codex-mcp-client ') === true && client.includes("within 10000 tokens"),
        client?.replace(/^\S+ /, "") ?? "no client line in lapp's log",
      );
      const developer = JSON.stringify(session.requests[0]?.input ?? "");
      const firstInstruction = INSTRUCTIONS.split("\n")[0]!;
      checks.add(
        CLIENT,
        "before a tool search the model sees the first line of lapp's instructions",
        developer.includes(JSON.stringify(`- mcp__lapp: ${firstInstruction}`).slice(1, -1)),
        `"Deferred tool namespaces: - mcp__lapp: ${firstLine(firstInstruction, 90)}"`,
      );
    });
  });

  await checks.scenario(CLIENT, "--approve-edits", async () => {
    await withScratch(lappBinary, { "notes.js": NOTES }, async (scratch) => {
      const session = await runCodex(
        codex,
        scratch,
        configure(scratch, KNOWN_MODEL, ["--approve-edits"]),
        writesScript,
      );
      const expected = NOTES.replace("items.length;\n}\n\n", "items.length + 0;\n}\n\n").replace(
        "function count(items) {\n  return items.length;",
        "function count(items) {\n  return items.length * 1;",
      );
      checks.add(
        CLIENT,
        "after `setup codex --approve-edits` all six run, and the file is byte-exact",
        session.outputs.length === 6 &&
          session.outputs.every((output) => verdict(output) === "ran") &&
          scratch.read("notes.js") === expected &&
          scratch.read("new.txt") === "hello\n",
        tools.map((tool, index) => `${tool}: ${verdict(session.outputs[index])}`).join("; "),
      );
    });
  });

  await checks.scenario(CLIENT, "badly typed arguments", async () => {
    await withScratch(lappBinary, { "notes.js": NOTES }, async (scratch) => {
      const edits = JSON.stringify([{ type: "delete", anchor: refOf(4, "") }]);
      const session = await runCodex(
        codex,
        scratch,
        configure(scratch, KNOWN_MODEL, ["--approve-edits"]),
        (step) => {
          if (step === 0) return call("lapp_read", '{"path":"notes.js","offset":"2","limit":"1"}');
          if (step === 1) return call("lapp_edit", { path: "notes.js", edits });
          return { text: "Done." };
        },
      );
      const sent = JSON.stringify(session.requests.at(-1)?.input ?? "");
      checks.add(
        CLIENT,
        'Codex passes `offset: "2"` and `edits` as a JSON string on unchanged; lapp takes them as meant',
        sent.includes('\\"offset\\":\\"2\\"') &&
          session.outputs[0]?.startsWith(`${refOf(2, "  return items.length;")}:`) === true &&
          session.outputs[1]?.startsWith("edited notes.js: 1 edit") === true,
        `read: ${JSON.stringify(firstLine(session.outputs[0] ?? "", 50))}; edit: ${JSON.stringify(firstLine(session.outputs[1] ?? "", 60))}`,
      );
    });
  });

  const sizes = probeScript(call);
  const cut = (text: string) => /…\d+ (tokens|chars) truncated…/.exec(text)?.[0];

  await checks.scenario(CLIENT, "answers within the limit (known model)", async () => {
    await withScratch(lappBinary, files, async (scratch) => {
      const session = await runCodex(codex, scratch, configure(scratch, KNOWN_MODEL, []), sizes);
      for (const [index, text] of session.outputs.entries()) {
        const size = sizeOf(text);
        checks.add(
          CLIENT,
          `${KNOWN_MODEL}: answer reaches the model uncut: ${SIZE_PROBES[index]?.name}`,
          cut(text) === undefined && size.bytes / 4 <= 10_000,
          describeSize(size),
        );
      }
    });
  });

  // Where Codex cuts: a page at 20,000 (lapp's budget before it followed the client) for a model it knows, and
  // for a model it does not know, with and without the setting or a smaller lapp budget.
  const cases: { model: string; extra: string; budget?: string; label: string; cutExpected: boolean }[] = [
    {
      model: KNOWN_MODEL,
      extra: "",
      budget: "20000",
      label: "lapp --max-output-tokens 20000",
      cutExpected: true,
    },
    { model: UNKNOWN_MODEL, extra: "", label: "no setting", cutExpected: true },
    {
      model: UNKNOWN_MODEL,
      extra: "tool_output_token_limit = 10000\n",
      label: "tool_output_token_limit = 10000",
      cutExpected: false,
    },
    {
      model: UNKNOWN_MODEL,
      extra: "",
      budget: "2500",
      label: "lapp --max-output-tokens 2500",
      cutExpected: false,
    },
  ];
  for (const { model, extra, budget, label, cutExpected } of cases) {
    await checks.scenario(CLIENT, `where Codex cuts: ${model}, ${label}`, async () => {
      await withScratch(lappBinary, files, async (scratch) => {
        const session = await runCodex(
          codex,
          scratch,
          configure(scratch, model, [], extra, budget),
          (step) =>
            step === 0
              ? call("lapp_read", { path: "lib.es5.d.ts", offset: 1, limit: 5000 })
              : { text: "Done." },
        );
        const text = session.outputs[0] ?? "";
        const marker = cut(text);
        checks.add(
          CLIENT,
          `${model === KNOWN_MODEL ? "" : "unknown "}model "${model}", ${label}: ${cutExpected ? "Codex cuts the middle out of the answer" : "the answer reaches the model uncut"}`,
          cutExpected ? marker !== undefined : marker === undefined,
          `${describeSize(sizeOf(text))}${marker ? `; marker ${JSON.stringify(marker)}` : ""}`,
        );
      });
    });
  }
}
