// What a tool is: a valibot schema (the one source of its JSON Schema and its runtime check), a description
// written for models, annotations, and a handler that reads as guard → load → core → render.

import type * as v from "valibot";
import type { Config, ToolName } from "../config.ts";
import type { GuardedPath, PathGuard } from "../security/guard.ts";
import type { EditSession } from "../session/edit-session.ts";

export type ContentBlock = { type: "text"; text: string } | { type: "image"; data: string; mimeType: string };

/** A handler returns plain text (the usual case) or content blocks (images). Errors are thrown LappErrors. */
export type ToolOutput = string | { content: ContentBlock[] };

export interface ToolContext {
  config: Config;
  guard: PathGuard;
  /** Per-file queue, loading, the record of shown rows and commits: every tool reads and writes through it. */
  session: EditSession;
  /** Aborted when the client cancels the request. */
  signal: AbortSignal;
  /** Sends an MCP progress notification when the client asked for them; a no-op otherwise. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /**
   * Guards a path argument (containment, block list, real path) and notes it for the log line; throws the
   * guard's LappError (PATH_OUTSIDE_ROOT, PATH_BLOCKED, …) when refused.
   */
  resolve(input: string): GuardedPath;
}

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: false;
}

export interface Tool<S extends v.GenericSchema = v.GenericSchema> {
  name: ToolName;
  description: string;
  schema: S;
  annotations: ToolAnnotations;
  run(input: v.InferOutput<S>, context: ToolContext): Promise<ToolOutput> | ToolOutput;
}

/** The annotations of a tool that changes files it is not sure to leave as it found them. */
export const changesFiles = (title: string): ToolAnnotations => ({
  title,
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
});

/** Identity helper so each tool file gets its input type inferred from its schema. */
export function defineTool<S extends v.GenericSchema>(tool: Tool<S>): Tool<S> {
  return tool;
}
