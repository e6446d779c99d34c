// The native strategy's tools, implemented by the harness after Claude Code's Read and Edit: numbered reads,
// and str_replace that refuses unread files, identical strings, missing and non-unique old_strings.

import { existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { countOccurrences } from "../costs/str-replace.ts";
import { nativeToolErrors as errors, nativeToolText as text } from "./messages.ts";
import type { ModelTool, ToolResult } from "./tool-types.ts";

const READ_LIMIT = 2000;
const MAX_LINE_CHARS = 2000;

export const NATIVE_TOOLS: ModelTool[] = [
  {
    name: "read_file",
    description: text.readDescription,
    parameters: {
      type: "object",
      properties: {
        file_path: { type: "string", description: text.filePath },
        offset: { type: "integer", minimum: 1, description: text.offset },
        limit: { type: "integer", minimum: 1, description: text.limit },
      },
      required: ["file_path"],
      additionalProperties: false,
    },
  },
  {
    name: "str_replace",
    description: text.editDescription,
    parameters: {
      type: "object",
      properties: {
        file_path: { type: "string", description: text.filePath },
        old_string: { type: "string", description: text.oldString },
        new_string: { type: "string", description: text.newString },
        replace_all: { type: "boolean", description: text.replaceAll },
      },
      required: ["file_path", "old_string", "new_string"],
      additionalProperties: false,
    },
  },
];

/** A session of the native tools on one workspace: remembers which files were read, as Claude Code does. */
export class NativeTools {
  private readonly read = new Set<string>();
  private readonly root: string;

  constructor(root: string) {
    this.root = realpathSync(root);
  }

  call(name: string, args: Record<string, unknown>): ToolResult {
    if (name === "read_file") return this.readFile(args);
    return this.strReplace(args);
  }

  private resolve(filePath: unknown): { absolute: string; shown: string } | ToolResult {
    const shown = typeof filePath === "string" ? filePath : String(filePath);
    const absolute = isAbsolute(shown) ? resolve(shown) : resolve(join(this.root, shown));
    const inside = relative(this.root, absolute);
    if (inside.startsWith("..") || isAbsolute(inside))
      return { text: errors.outsideRoot(shown), isError: true };
    if (!existsSync(absolute)) return { text: errors.notFound(shown), isError: true };
    return { absolute, shown };
  }

  private readFile(args: Record<string, unknown>): ToolResult {
    const target = this.resolve(args.file_path);
    if ("text" in target) return target;
    const lines = readFileSync(target.absolute, "utf8").split("\n");
    if (lines.at(-1) === "") lines.pop();
    this.read.add(target.absolute);
    if (lines.length === 0) return { text: errors.emptyFile, isError: false };
    const offset = typeof args.offset === "number" && args.offset >= 1 ? Math.floor(args.offset) : 1;
    const limit = typeof args.limit === "number" && args.limit >= 1 ? Math.floor(args.limit) : READ_LIMIT;
    if (offset > lines.length) return { text: errors.offsetPastEnd(offset, lines.length), isError: true };
    const shown = lines
      .slice(offset - 1, offset - 1 + limit)
      .map((line) => (line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line));
    const page = numbered(shown, offset);
    const last = offset - 1 + shown.length;
    return {
      text: last < lines.length ? `${page}\n${errors.continues(last + 1, lines.length)}` : page,
      isError: false,
    };
  }

  private strReplace(args: Record<string, unknown>): ToolResult {
    const target = this.resolve(args.file_path);
    if ("text" in target) return target;
    if (!this.read.has(target.absolute)) return { text: errors.notReadYet(target.shown), isError: true };
    const oldString = typeof args.old_string === "string" ? args.old_string : "";
    const newString = typeof args.new_string === "string" ? args.new_string : "";
    if (oldString === newString) return { text: errors.sameStrings, isError: true };
    const content = readFileSync(target.absolute, "utf8");
    const count = countOccurrences(content, oldString);
    if (count === 0 || oldString === "") return { text: errors.noMatch(oldString), isError: true };
    if (count > 1 && args.replace_all !== true)
      return { text: errors.manyMatches(count, oldString), isError: true };
    const at = content.indexOf(oldString);
    const updated =
      args.replace_all === true
        ? content.split(oldString).join(newString)
        : content.slice(0, at) + newString + content.slice(at + oldString.length);
    writeFileSync(target.absolute, updated);
    return {
      text: `${errors.edited(target.shown, args.replace_all === true ? count : 1)}\n${snippet(updated, at, newString)}`,
      isError: false,
    };
  }
}

/** The edited region with 4 lines either side, numbered like a read. */
function snippet(content: string, at: number, inserted: string): string {
  const firstLine = content.slice(0, at).split("\n").length;
  const lastLine = firstLine + inserted.split("\n").length - 1;
  const lines = content.split("\n");
  const from = Math.max(1, firstLine - 4);
  const to = Math.min(lines.length, lastLine + 4);
  return numbered(lines.slice(from - 1, to), from);
}

/** `cat -n` style rows: the number right-aligned in 6 columns, a tab, the text. */
function numbered(lines: readonly string[], firstNumber: number): string {
  return lines.map((line, index) => `${String(firstNumber + index).padStart(6)}\t${line}`).join("\n");
}
