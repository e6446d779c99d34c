// The servers the mistakes are sent to, each over stdio with the MCP SDK client: lapp (dist/lapp), the hashline peer
// mcp-hashline-edit-server (`N:hh|text` rows, set_line / replace_lines / insert_after) and the MCP filesystem server's
// edit_file (oldText/newText). Each reads the lines around a target the way its tool shows them, and turns a neutral
// call (model.ts) into its tool's arguments, slips included.

import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ID_ALPHABET, lineId } from "../../src/hashline/hash.ts";
import { LAPP_BINARY } from "../support/lapp-client.ts";
import { textOf, type Call, type ContentLine, type Format, type Op, type Slot } from "./model.ts";

export interface Answer {
  text: string;
  isError: boolean;
}

/** What one read showed: the ref of each line, as this tool writes it. */
export interface View {
  ref(line: number): string;
  /** The row prefix a model copies along with the text (`12#KT:`, `12:ab|`). */
  rowPrefix(line: number): string;
}

export interface Session {
  read(path: string, from: number, to: number, lines: readonly string[]): Promise<View>;
  /** Sends `call` as this tool's edit; `lines` is the file as the model knows it. */
  send(
    path: string,
    call: Call,
    view: View,
    lines: readonly string[],
  ): Promise<{ answer: Answer; args: unknown }>;
  /** Any tool call, as given. */
  raw(tool: string, args: Record<string, unknown>): Promise<Answer>;
  close(): Promise<void>;
}

export interface Contestant {
  name: string;
  format: Format;
  /** Refs named in an answer, as this tool writes them. */
  refsIn(text: string): Set<string>;
  /** Whether a successful answer carries a warning. */
  warns(text: string): boolean;
  open(root: string): Promise<Session>;
}

async function connect(command: string, args: string[], cwd: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command,
    args,
    cwd,
    stderr: "pipe",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? cwd },
  });
  transport.stderr?.on("data", () => {});
  const client = new Client({ name: "lapp-bench-mistakes", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  try {
    const result = (await client.callTool({ name, arguments: args }, undefined, {
      timeout: 60_000,
    })) as CallToolResult;
    const text = result.content
      .filter((block) => block.type === "text")
      .map((block) => (block as { text: string }).text)
      .join("\n");
    return { text, isError: result.isError === true };
  } catch (error) {
    // A protocol-level refusal (arguments the schema rejects) is a refusal too.
    return { text: error instanceof Error ? error.message : String(error), isError: true };
  }
}

const joinContent = (lines: readonly string[], call: Call) => lines.join(call.crlf ? "\r\n" : "\n");

/** A hashline tool's refs: line number, separator, ID; and the slips applied to one. */
interface RefStyle {
  separator: string;
  rowSeparator: string;
  id(line: number, text: string): string;
  /** The ID with one symbol changed. */
  mistype(id: string): string;
  /** The ID in the other case. */
  flipCase(id: string): string;
}

function slotText(style: RefStyle, view: View, slot: Slot, lines: readonly string[]): string {
  const ref = view.ref(slot.line);
  const [line, id] = ref.split(style.separator) as [string, string];
  switch (slot.form) {
    case undefined:
      return ref;
    case "mistyped":
      return `${line}${style.separator}${style.mistype(id)}`;
    case "line+1":
      return `${slot.line + 1}${style.separator}${id}`;
    case "other-file": {
      // The ID another file's line of that number has: any text but this line's gives one, skipping a collision.
      for (let salt = 0; ; salt++) {
        const other = style.id(slot.line, `other file, line ${slot.line}, ${salt}`);
        if (other !== id) return `${line}${style.separator}${other}`;
      }
    }
    case "case":
      return `${line}${style.separator}${style.flipCase(id)}`;
    case "with-text":
      return `${ref}${style.rowSeparator}${lines[slot.line - 1]}`;
  }
}

const contentText = (view: View, content: readonly ContentLine[]): string[] =>
  content.map((line) => (typeof line === "string" ? line : `${view.rowPrefix(line.row)}${line.text}`));

function viewFrom(refs: Map<number, string>, rowSeparator: string): View {
  return {
    ref(line) {
      const ref = refs.get(line);
      if (!ref) throw new Error(`line ${line} was not in the read`);
      return ref;
    },
    rowPrefix: (line) => `${refs.get(line)}${rowSeparator}`,
  };
}

/** One read through `tool`: the ref of every row `rowPattern` finds (its first group), by line number. */
async function readView(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  rowPattern: RegExp,
  rowSeparator: string,
): Promise<View> {
  const page = await callTool(client, tool, args);
  if (page.isError) throw new Error(`${tool} ${JSON.stringify(args)}: ${page.text}`);
  const refs = new Map<number, string>();
  for (const match of page.text.matchAll(rowPattern)) refs.set(Number.parseInt(match[1]!, 10), match[1]!);
  return viewFrom(refs, rowSeparator);
}

/** A session with a hashline tool: reads by offset and limit, edits as `{path, edits}` built by `toEdit`. */
function hashlineSession(
  client: Client,
  tools: {
    /** The read tool, the pattern of its rows (the ref as first group), and its row separator. */
    read: [string, RegExp, string];
    edit: string;
    toEdit: (op: Op, view: View, lines: readonly string[], call: Call) => Record<string, unknown>;
  },
): Session {
  const [readTool, rowPattern, rowSeparator] = tools.read;
  return {
    read: (path, from, to) =>
      readView(client, readTool, { path, offset: from, limit: to - from + 1 }, rowPattern, rowSeparator),
    async send(path, call, view, lines) {
      const args = { path, edits: call.ops.map((op) => tools.toEdit(op, view, lines, call)) };
      return { answer: await callTool(client, tools.edit, args), args };
    },
    raw: (tool, args) => callTool(client, tool, args),
    close: () => client.close(),
  };
}

// ---- lapp

const LAPP_STYLE: RefStyle = {
  separator: "#",
  rowSeparator: ":",
  id: (line, text) => lineId(line, text),
  mistype: (id) => id[0] + ID_ALPHABET[(ID_ALPHABET.indexOf(id[1]!) + 1) % ID_ALPHABET.length]!,
  flipCase: (id) => id.toLowerCase(),
};

function lappEdit(op: Op, view: View, lines: readonly string[], call: Call): Record<string, unknown> {
  const ref = (slot: Slot) => slotText(LAPP_STYLE, view, slot, lines);
  // lapp ignores one trailing newline, so each line ends with one: a last empty line is then really sent.
  const newLines = contentText(view, op.content);
  const content = newLines.length === 0 ? "" : `${joinContent(newLines, call)}${call.crlf ? "\r\n" : "\n"}`;
  if (op.type !== "replace") return { type: op.type, anchor: ref(op.anchor), content };
  return op.start.line === op.end.line && op.start.form === op.end.form
    ? { type: "replace", anchor: ref(op.start), content }
    : { type: "replace", start: ref(op.start), end: ref(op.end), content };
}

export const lapp: Contestant = {
  name: "lapp",
  format: "lapp",
  refsIn: (text) => new Set([...text.matchAll(/(\d+)#([A-Z]{2})(?![A-Za-z])/g)].map((match) => match[0])),
  warns: (text) => /^warning: /m.test(text),
  async open(root) {
    const client = await connect(LAPP_BINARY, ["--root", root], root);
    return hashlineSession(client, {
      read: ["lapp_read", /^(\d+#[A-Z]{2})[:-]/gm, ":"],
      edit: "lapp_edit",
      toEdit: lappEdit,
    });
  },
};

// ---- mcp-hashline-edit-server

/** Its line hash: xxHash32 of the text without whitespace, low byte as two hex digits. */
const peerHash = (text: string) =>
  (Bun.hash.xxHash32(text.replace(/\r$/, "").replace(/\s+/g, "")) % 256).toString(16).padStart(2, "0");

const PEER_STYLE: RefStyle = {
  separator: ":",
  rowSeparator: "|",
  id: (_line, text) => peerHash(text),
  mistype: (id) => id[0] + ((parseInt(id[1]!, 16) + 1) % 16).toString(16),
  flipCase: (id) => id.toUpperCase(),
};

function peerEdit(op: Op, view: View, lines: readonly string[], call: Call): Record<string, unknown> {
  const ref = (slot: Slot) => slotText(PEER_STYLE, view, slot, lines);
  const text = joinContent(contentText(view, op.content), call);
  if (op.type !== "replace") {
    // It has no insert_before: the same lines go after the line above the anchor.
    const anchor = op.type === "insert_after" ? op.anchor : { line: op.anchor.line - 1 };
    return { insert_after: { anchor: ref(anchor), text } };
  }
  return op.start.line === op.end.line && op.start.form === op.end.form
    ? { set_line: { anchor: ref(op.start), new_text: text } }
    : { replace_lines: { start_anchor: ref(op.start), end_anchor: ref(op.end), new_text: text } };
}

export function hashlinePeer(peersDir: string): Contestant {
  const entry = join(peersDir, "node_modules", "mcp-hashline-edit-server", "src", "index.ts");
  return {
    name: "mcp-hashline-edit-server 0.2.0",
    format: "hashline",
    refsIn: (text) =>
      new Set([...text.matchAll(/(\d+):([0-9a-f]{2})(?![0-9a-zA-Z])/g)].map((match) => match[0])),
    warns: (text) => /^Warnings:$/m.test(text),
    async open(root) {
      const client = await connect(process.execPath, [entry], root);
      return hashlineSession(client, {
        read: ["read_file", /^(\d+:[0-9a-f]{2})\|/gm, "|"],
        edit: "edit_file",
        toEdit: peerEdit,
      });
    },
  };
}

// ---- @modelcontextprotocol/server-filesystem edit_file

/** oldText/newText for a replace of lines `from..to`: grown upwards by context until oldText occurs once. */
function textEdit(lines: readonly string[], op: Op, call: Call): { oldText: string; newText: string } {
  if (op.type !== "replace") throw new Error("the filesystem server's format has no inserts by line");
  const whole = `${lines.join("\n")}\n`;
  const content = op.content.map(textOf);
  for (let context = op.start.line; context >= 1; context--) {
    const oldText = lines.slice(context - 1, op.end.line).join("\n");
    if (whole.indexOf(oldText) !== whole.lastIndexOf(oldText)) continue;
    const newLines = [...lines.slice(context - 1, op.start.line - 1), ...content];
    return { oldText, newText: joinContent(newLines, call) };
  }
  throw new Error(`no unique oldText for lines ${op.start.line}..${op.end.line}`);
}

export function filesystemPeer(peersDir: string): Contestant {
  const entry = join(
    peersDir,
    "node_modules",
    "@modelcontextprotocol",
    "server-filesystem",
    "dist",
    "index.js",
  );
  return {
    name: "@modelcontextprotocol/server-filesystem 2026.8.31 (edit_file)",
    format: "text",
    refsIn: () => new Set(),
    warns: () => false,
    async open(root) {
      const node = Bun.which("node");
      const client = await connect(node ?? process.execPath, [entry, root], root);
      return {
        // Its read_file shows plain text: the model knows the lines, there are no refs to read.
        read: async () => ({ ref: () => "", rowPrefix: () => "" }),
        async send(path, call, _view, lines) {
          const args = { path: join(root, path), edits: call.ops.map((op) => textEdit(lines, op, call)) };
          return { answer: await callTool(client, "edit_file", args), args };
        },
        raw: (tool, args) => callTool(client, tool, args),
        close: () => client.close(),
      };
    },
  };
}
