// The read-once agent, whatever its edit tool: one call per hunk, top to bottom. The single-read agent (A) builds
// each call from its latest read and, on a refusal, retries once with what the error names, else re-reads; the
// re-reading agents re-read on every refusal, retry from that read, and go on with their first read's refs (C) or
// with their latest read's (D) — optionally re-reading every few hunks as well, so their views mix even more.
// Every call is judged against the expected intermediate file, so a success on the wrong line is counted.

import { readFileSync, writeFileSync } from "node:fs";
import { decodeDocument, encodeDocument } from "../../src/text/codec.ts";
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

/** One edit tool as the agent uses it. `Call` is the tool's arguments for one hunk. */
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

/** How the agent behaves after a refusal (see the file's head). */
export interface AgentPolicy {
  /** "named-retry" (A), "reread-first" (C) or "reread-latest" (D). */
  kind: "named-retry" | "reread-first" | "reread-latest";
  /** Also re-read before every `rereadEvery`-th hunk (0: only after refusals). */
  rereadEvery?: number;
}

export async function runAgent<Read extends ReadSnapshot, Call>(
  pair: FilePair,
  absolutePath: string,
  tool: AgentTool<Read, Call>,
  policy: AgentPolicy = { kind: "named-retry" },
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
  const firstRead = read;
  for (const step of steps) {
    if (policy.rereadEvery && step.index > 0 && step.index % policy.rereadEvery === 0) {
      read = await tool.read(step.shiftBefore);
      result.rereads++;
    }
    const first = tool.plan(step, policy.kind === "reread-first" ? firstRead : read);
    if (first !== undefined) {
      const reply = await send(step, first, "first try");
      if (reply.ok) {
        result.acceptedFirst++;
        continue;
      }
      // The single-read agent retries once with the fresh ref the error names for its line, and re-reads otherwise.
      const named = policy.kind === "named-retry" ? tool.retryFromError(first, reply, read) : undefined;
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
      const reply = await send(step, fresh, "after re-read");
      if (reply.ok) continue;
      // A ref of the read it just took that an older view gave to another line: the error says the same ref sent
      // again means the line the newest showing named — this read's.
      if (tool.codeOf(reply) === "AMBIGUOUS_REF") {
        result.retries++;
        if ((await send(step, fresh, "sent again")).ok) continue;
      }
    }
    result.gaveUp++;
    // The agent gets the hunk done another way (a direct write, an outside change to the tool), so every later
    // call is still judged against the right intermediate text.
    writeFileSync(absolutePath, encodeLike(readFileSync(absolutePath), step.after));
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

/** `lines` encoded as the file `current` is (encoding, BOM, dominant terminator, final newline). */
function encodeLike(current: Uint8Array, lines: readonly string[]): Uint8Array {
  const doc = decodeDocument(current);
  const terminator = doc.terminators.find((item) => item !== "") ?? "\n";
  const last = doc.terminators.at(-1) ?? terminator;
  const terminators = lines.map((_, index) => (index < lines.length - 1 ? terminator : last));
  const encoded = encodeDocument({ ...doc, lines: [...lines], terminators });
  if (!encoded.ok) throw encoded.error;
  return encoded.value;
}
