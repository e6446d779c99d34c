// Every sentence the agent harness shows a model: system prompts per strategy, the task, and the texts of the
// harness's own native tools (read_file, str_replace), written after the rules of Claude Code's Read and Edit.

import type { StrategyId } from "./strategies.ts";

const COMMON =
  "You are a coding agent applying a given change to one file of a project. The change is decided already: apply it exactly, " +
  "change nothing else, and do not reformat. Use only the tools you are given. When the file contains the change, " +
  "answer with one short sentence and no tool call.";

const GUIDANCE: Record<StrategyId, string> = {
  native:
    "Read the file with read_file, then change it with str_replace: old_string must match the file exactly " +
    "(indentation included) and occur exactly once, so include enough surrounding lines to make it unique.",
  "lapp-edit":
    "Read the file with lapp_read: every line comes as N#ID:text. Change it with lapp_edit, naming lines by their refs " +
    "(N#ID); several edits can go into one call. All refs point at the file as you read it.",
  "lapp-replace-block":
    'Locate each function, method or class that changes with lapp_find_block (by pattern, e.g. "def name"), then ' +
    "replace the whole block with lapp_replace_block, giving its complete new text. Use lapp_edit only for lines " +
    "outside any block.",
  "lapp-grep-edit":
    'Locate the lines to change with lapp_grep using format "structured" (each match carries the ref of its line and ' +
    "of its context lines), then change them with lapp_edit by those refs; several edits can go into one call.",
};

export function systemPrompt(strategy: StrategyId): string {
  return `${COMMON}\n${GUIDANCE[strategy]}`;
}

export function taskPrompt(path: string, patch: string): string {
  return [
    `Apply this change to \`${path}\` (a unified diff against the current file; lines starting with - are removed, + are added):`,
    "",
    "```diff",
    patch,
    "```",
  ].join("\n");
}

export const nativeToolText = {
  readDescription:
    "Read a text file. Lines come back numbered like `cat -n` (number, tab, text), at most `limit` lines (default 2000) from `offset` (1-based).",
  filePath: "Path of the file, relative to the project root.",
  offset: "First line to read (1-based).",
  limit: "Number of lines to read.",
  editDescription:
    "Replace text in a file. old_string must occur in the file exactly once (or set replace_all); include surrounding lines to make it unique. " +
    "The file must have been read with read_file first.",
  oldString: "The exact text to replace.",
  newString: "The text to put instead (must differ from old_string).",
  replaceAll: "Replace every occurrence of old_string (default false).",
};

export const nativeToolErrors = {
  notFound: (path: string) => `Error: file ${path} does not exist.`,
  outsideRoot: (path: string) => `Error: ${path} is outside the project.`,
  notReadYet: (path: string) => `Error: read ${path} with read_file before editing it.`,
  sameStrings: "Error: old_string and new_string are identical; nothing to change.",
  noMatch: (oldString: string) => `Error: old_string was not found in the file.\nold_string: ${oldString}`,
  manyMatches: (count: number, oldString: string) =>
    `Error: old_string occurs ${count} times but replace_all is false. Add surrounding lines so it occurs once, or set replace_all.\nold_string: ${oldString}`,
  offsetPastEnd: (offset: number, total: number) =>
    `Error: offset ${offset} is past the end of the file (${total} lines).`,
  emptyFile: "(the file is empty)",
  edited: (path: string, count: number) =>
    `Edited ${path} (${count} replacement${count === 1 ? "" : "s"}). The changed region now reads:`,
  continues: (next: number, total: number) => `(${total} lines in all; continue with offset=${next})`,
};

export const harnessErrors = {
  badArguments: (name: string, problem: string) =>
    `Error: the arguments of ${name} are not valid JSON (${problem}).`,
  unknownTool: (name: string, available: readonly string[]) =>
    `Error: there is no tool ${name}. Available: ${available.join(", ")}.`,
};
