// `npm run demo`: builds dist/lapp if needed, then runs a real MCP session against it on a scratch copy of
// examples/sample-project and prints what an agent sees, step by step.

import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

const projectDir = resolve(import.meta.dir, "..");
const binary = join(projectDir, "dist", "lapp");
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: string, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const heading = (step: string, text: string) => console.log(`\n${paint("1;36", `── ${step} ${text}`)}`);
const note = (text: string) => console.log(paint("2", text));
const indent = (text: string) =>
  text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");

function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function buildIfNeeded() {
  let built = 0;
  try {
    built = statSync(binary).mtimeMs;
  } catch {}
  const sources = Math.max(
    newestMtime(join(projectDir, "src")),
    newestMtime(join(projectDir, "package.json")),
  );
  if (built > sources) return;
  note("building dist/lapp …");
  const result = Bun.spawnSync([process.execPath, "run", "build"], {
    cwd: projectDir,
    stdout: "inherit",
    stderr: "inherit",
  });
  if (result.exitCode !== 0) process.exit(result.exitCode ?? 1);
}

/** What src/cart.js must hold after the session: the demo checks itself and fails if lapp got anything wrong. */
const EXPECTED_CART = `// A tiny shopping cart, used by \`npm run demo\` to show lapp editing real code.
// Reviewed by the pricing team.

export function createCart() {
  return { items: [] };
}

export function addItem(cart, name, price) {
  if (typeof price !== "number" || price < 0) {
    throw new Error("price must not be negative");
  }
  cart.items.push({ name, price });
  return cart;
}

export function total(cart) {
  let sum = 0;
  for (const item of cart.items) {
    sum += item.price * (item.quantity ?? 1);
  }
  return Math.round(sum * 100) / 100;
}
`;

async function main() {
  buildIfNeeded();
  const root = mkdtempSync(join(tmpdir(), "lapp-demo-"));
  cpSync(join(projectDir, "examples", "sample-project"), root, { recursive: true });
  const transport = new StdioClientTransport({ command: binary, args: ["--root", root], stderr: "pipe" });
  const client = new Client({ name: "lapp-demo", version: "1.0.0" });
  const started = performance.now();
  await client.connect(transport);
  const { tools } = await client.listTools();
  const connectMs = performance.now() - started;

  const call = async (name: string, args: Record<string, unknown>) => {
    console.log(paint("33", `→ ${name} ${JSON.stringify(args)}`));
    const t0 = performance.now();
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const ms = performance.now() - t0;
    const text = result.content
      .map((block) => (block.type === "text" ? block.text : `[${block.type}]`))
      .join("\n");
    console.log(indent(result.isError ? paint("31", text) : text));
    note(`  (${ms.toFixed(1)} ms)`);
    return text;
  };
  const refOfLine = (text: string, line: number) =>
    new RegExp(`^(?:>>> |\\s*)?(${line}#[A-Z]{2})[:-]`, "m").exec(text)?.[1];

  try {
    heading(
      "1.",
      `Connected to ${binary.replace(projectDir + "/", "")} over stdio in ${connectMs.toFixed(0)} ms. The tools an agent sees:`,
    );
    for (const tool of tools)
      console.log(`  ${paint("1", tool.name.padEnd(19))} ${tool.description?.split("\n")[0]}`);
    note(`  instructions sent at initialize: "${client.getInstructions()?.split("\n")[0]}" …`);

    heading(
      "2.",
      "Read a file. Every line is N#ID:text — the ID is a hash of the line, so refs are checkable.",
    );
    const read = await call("lapp_read", { path: "src/cart.js" });

    heading("3.", "Edit by refs: three changes in one atomic call, no old code retyped.");
    note("   (validate the price type, let addItem() return the cart, and drop describe())");
    await call("lapp_edit", {
      path: "src/cart.js",
      edits: [
        {
          type: "replace",
          anchor: refOfLine(read, 8),
          content: '  if (typeof price !== "number" || price < 0) {',
        },
        { type: "insert_after", anchor: refOfLine(read, 11), content: "  return cart;" },
        { type: "delete", start: refOfLine(read, 21), end: refOfLine(read, 24) },
      ],
    });

    heading(
      "4.",
      "Keep editing with the refs of that first read: lapp followed the lines its own edit moved.",
    );
    note("   (line 17 of the read is line 18 now; the ref from the read still names it)");
    await call("lapp_edit", {
      path: "src/cart.js",
      edits: [
        {
          type: "replace",
          anchor: refOfLine(read, 17),
          content: "    sum += item.price * (item.quantity ?? 1);",
        },
      ],
    });

    heading(
      "5.",
      "Someone changes the file behind the agent's back: the old ref is refused, with the fresh one.",
    );
    const cartPath = join(root, "src", "cart.js");
    const onDisk = readFileSync(cartPath, "utf8").split("\n");
    onDisk.splice(1, 0, "// Reviewed by the pricing team.");
    writeFileSync(cartPath, onDisk.join("\n"));
    note("   (a teammate added a line at the top, on disk: every line below moved)");
    const refused = await call("lapp_edit", {
      path: "src/cart.js",
      edits: [
        { type: "replace", anchor: refOfLine(read, 19), content: "  return Math.round(sum * 100) / 100;" },
      ],
    });
    const fresh = / is now (\d+#[A-Z]{2})/.exec(refused)?.[1];
    note(`   Nothing was written. The error names where that line is now (${fresh}); one retry, no re-read:`);
    await call("lapp_edit", {
      path: "src/cart.js",
      edits: [{ type: "replace", anchor: fresh, content: "  return Math.round(sum * 100) / 100;" }],
    });

    heading(
      "6.",
      "Create a new file (lapp_write never overwrites; it answers with refs to edit right away).",
    );
    await call("lapp_write", {
      path: "src/discount.js",
      content: "export function discount(amount, percent) {\n  return amount * (1 - percent / 100);\n}\n",
    });

    if (tools.some((tool) => tool.name === "lapp_grep")) {
      heading("7.", "Search: matches come with the same refs, ready for lapp_edit.");
      await call("lapp_grep", { pattern: "price", path: "src", context: 0 });
    }
    if (tools.some((tool) => tool.name === "lapp_find_block")) {
      heading("8.", "Whole blocks: find a Python method by name and get its exact span.");
      await call("lapp_find_block", { path: "src/tax.py", pattern: "def render" });
      note("   … and replace a whole function by naming it, without knowing where it ends:");
      await call("lapp_replace_block", {
        path: "src/tax.py",
        pattern: "def with_tax",
        content: "def with_tax(amount, rate=RATE):\n    return round(amount * (1 + rate), 2)",
      });
    }

    heading("9.", "Secrets stay out of reach, and so does everything outside the root.");
    await call("lapp_read", { path: ".env" });
    await call("lapp_read", { path: "../../etc/passwd" });

    const final = readFileSync(cartPath, "utf8");
    if (final !== EXPECTED_CART) {
      heading("✗", "src/cart.js is not what the agent meant to write:");
      console.log(indent(final));
      process.exitCode = 1;
      return;
    }
    heading("✓", "The final src/cart.js is exactly what the agent meant (scratch copy, removed now):");
    console.log(indent(final));
  } finally {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
