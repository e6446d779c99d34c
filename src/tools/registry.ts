// Every tool lapp has, in the order clients list them. --only-tools filters this list.
import type { ToolName } from "../config.ts";
import { editTool } from "./edit.ts";
import { applyPatchTool } from "./apply-patch.ts";
import { findBlockTool } from "./find-block.ts";
import { grepTool } from "./grep.ts";
import { insertBlockTool } from "./insert-block.ts";
import { readTool } from "./read.ts";
import { replaceBlockTool } from "./replace-block.ts";
import type { Tool } from "./tool.ts";
import { writeTool } from "./write.ts";

export const ALL_TOOLS: readonly Tool[] = [
  readTool,
  editTool,
  writeTool,
  grepTool,
  findBlockTool,
  replaceBlockTool,
  insertBlockTool,
  applyPatchTool,
] as unknown as Tool[];

export function selectTools(names: readonly ToolName[]): Tool[] {
  return ALL_TOOLS.filter((tool) => names.includes(tool.name));
}
