// The read-once agent, whatever its edit tool: one call per hunk, top to bottom, built from its latest read; on a
// refusal one retry with what the error names, else a re-read and a retry. Every call is judged against the
// expected intermediate file, so a success on the wrong line is counted, never missed.

import { readFileSync } from "node:fs";
import { decodeDocument } from "../../src/text/codec.ts";
import { argumentTokens } from "../costs/tool-calls.ts";
import type { FilePair } from "../diff/file-pair.ts";
import { emptyFileResult, type AgentFileResult, type WrongCall } from "./results.ts";
import { firstDifference, hunkSteps, judgeAccepted, sameLines, type HunkStep } from "./steps.ts";

/** What the agent remembers of its latest read: enough to build calls, and where the hunks were at that time. */
export interface ReadSnapshot {
  /** Lines added minus removed by the hunks applied before the read (the read shows later hunks this far down). */
  shift: number;
}

export interface CallReply {
  ok: boolean;
  text: string;
}

/** One edit tool as the agent uses it. `Call` is the tool's arguments for one hunk (their tokens are what it costs). */
export interface AgentTool<Read extends ReadSnapshot, Call> {
  /** Reads the whole file (every page); `shift` says which hunks are already applied. */
  read(shift: number): Promise<Read>;
  /** The call for one hunk, built from the read only; undefined when the read offers no way to express it. */
  plan(step: HunkStep, read: Read): Call | undefined;
  send(call: Call): Promise<CallReply>;
  /** The call again with the fresh refs the error named for its lines; undefined when it named none. */
  retryFromError(call: Call, reply: CallReply, read: Read): Call | undefined;
  /** Stable code of a refusal (lapp's `error CODE:`, or the peer's kind of error). */
  codeOf(reply: CallReply): string;
}

export async function runAgent<Read extends ReadSnapshot, Call>(
  pair: FilePair,
  absolutePath: string,
  tool: AgentTool<Read, Call>,
): Promise<AgentFileResult> {
  const t0 = performance.now();
  const steps = hunkSteps(pair.oldDoc.lines, pair.newDoc.lines, pair.hunks);
  const result = emptyFileResult(pair.id, steps.length);
  let onTrack = true;

  /** Sends one call and judges it: the file must be the expected intermediate after a success, untouched after a refusal. */
  const send = async (step: HunkStep, call: Call, via: WrongCall["via"]): Promise<CallReply> => {
    const before = readFileSync(absolutePath);
    const reply = await tool.send(call);
    result.calls++;
    result.requestTokens += argumentTokens(call);
    const after = readFileSync(absolutePath);
    if (reply.ok) {
      const verdict = judgeAccepted(decodeDocument(after).lines, step.after, onTrack);
      if (verdict === "silently-wrong") {
        result.wrongCalls++;
        result.wrong ??= {
          hunk: step.index + 1,
          line: firstDifference(decodeDocument(after).lines, step.after),
          via,
        };
        onTrack = false;
      }
      return reply;
    }
    result.refusals++;
    const code = tool.codeOf(reply);
    result.codes[code] = (result.codes[code] ?? 0) + 1;
    if (Buffer.compare(before, after) !== 0) {
      result.writtenOnRefusal++;
      onTrack = onTrack && sameLines(decodeDocument(after).lines, step.before);
    }
    return reply;
  };

  let read = await tool.read(0);
  for (const step of steps) {
    const first = tool.plan(step, read);
    if (first !== undefined) {
      const reply = await send(step, first, "first try");
      if (reply.ok) {
        result.acceptedFirst++;
        continue;
      }
      // A real agent retries once with the fresh ref the error names for its line, and re-reads otherwise.
      const named = tool.retryFromError(first, reply, read);
      if (named !== undefined) {
        result.retries++;
        result.namedRetries++;
        if ((await send(step, named, "named ref")).ok) continue;
      }
    }
    read = await tool.read(step.shiftBefore);
    result.rereads++;
    const fresh = tool.plan(step, read);
    if (fresh !== undefined) {
      result.retries++;
      if ((await send(step, fresh, "after re-read")).ok) continue;
    }
    result.gaveUp++;
  }

  const final = readFileSync(absolutePath);
  result.exact = Buffer.compare(final, Buffer.from(pair.newBytes)) === 0;
  if (!result.exact && result.wrong === undefined && onTrack) {
    // Every call matched its expected intermediate yet the bytes differ (terminators, encoding): still wrong.
    result.wrong = {
      hunk: steps.length,
      line: firstDifference(decodeDocument(final).lines, pair.newDoc.lines),
      via: "final bytes",
    };
  }
  result.silentlyWrong = result.wrongCalls > 0 || (!result.exact && result.gaveUp === 0);
  result.ms = Math.round(performance.now() - t0);
  return result;
}
