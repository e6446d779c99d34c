// What answering a tools/call takes — the tools with their schemas, the path guard with its compiled block list,
// the edit session — built once per server. create.ts loads this module on the first need, after the start.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Config } from "../config.ts";
import { nativeFs, nativeFsRefusal } from "../files/fs-native.ts";
import { searchBegun } from "../search/engine.ts";
import { warmWalk } from "../search/warm-walk.ts";
import { compileBlocklist } from "../security/blocklist.ts";
import { PathGuard } from "../security/guard.ts";
import { EditSession } from "../session/edit-session.ts";
import { ShownRecords } from "../session/shown-records.ts";
import { selectTools } from "../tools/registry.ts";
import { callTool } from "./call.ts";
import { writeLogLine, type Logger } from "./log.ts";
import { warmWalkLine } from "./messages.ts";
import type { RequestExtra } from "./mcp-server.ts";

export type CallToolFn = (name: string, args: unknown, extra: RequestExtra) => Promise<CallToolResult>;

/** `busy`: whether a call is in progress (the walk before the first search lets it go first). */
export function createToolRuntime(
  config: Config,
  log: Logger,
  busy: () => boolean = () => false,
): CallToolFn {
  // Every tool opens files through these libc bindings; creating them (dlopen and Bun's FFI trampolines) takes
  // ~15 ms, which this runtime, built after tools/list, takes off the first call's path.
  nativeFs();
  const refusal = nativeFsRefusal();
  if (refusal !== undefined) writeLogLine(config.logFile, refusal);
  const tools = selectTools(config.onlyTools);
  const toolsByName = new Map(tools.map((tool) => [tool.name as string, tool]));
  const guard = new PathGuard(config.root, compileBlocklist(config.block, config.allow));
  const { recordFiles, recordBytes } = config.internals ?? {};
  const session = new EditSession(guard, new ShownRecords(recordFiles, recordBytes));
  if (toolsByName.has("lapp_grep")) {
    const started = performance.now();
    void warmWalk({ root: config.root, isBlocked: guard.isBlocked, busy, searched: searchBegun }).then(
      ({ end, files }) =>
        writeLogLine(config.logFile, warmWalkLine(end, files, Math.round(performance.now() - started))),
    );
  }
  return (name, args, extra) =>
    callTool(
      toolsByName,
      name,
      args,
      {
        config,
        guard,
        session,
        signal: extra.signal,
        progress: async (progress, total, message) => {
          if (extra.progressToken === undefined) return;
          await extra.notify("notifications/progress", {
            progressToken: extra.progressToken,
            progress,
            ...(total === undefined ? {} : { total }),
            ...(message ? { message } : {}),
          });
        },
      },
      log,
    );
}
