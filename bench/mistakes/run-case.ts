// One mistaken call against one server: the file written fresh, the lines around the target read, the mistake sent,
// its outcome class decided from the answer and the file, a refusal retried from the error alone, a lapp warning's
// undo tried. Used by bench/mistakes.ts and by the plumbing test.

import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { Case } from "./cases.ts";
import { lapp, type Contestant, type Session } from "./contestants.ts";
import { applyMeant, textOf } from "./model.ts";
import { firstOutcome, replaceNamedIn, retryFromError, undoNamedIn } from "./outcome.ts";
import type { CallRecord } from "./report.ts";

const firstLine = (text: string) => text.split("\n").find((line) => line.trim() !== "") ?? "";

/** Reading context around the target, as the trial did: a read of the lines around it. */
const READ_BEFORE = 6;
const READ_AFTER = 8;

export async function runCase(
  contestant: Contestant,
  session: Session,
  root: string,
  item: Case,
  index: number,
) {
  const name = `case-${index}${extname(item.file.path)}`;
  const path = join(root, name);
  writeFileSync(path, item.text);
  const from = Math.max(1, item.at - READ_BEFORE);
  const to = Math.min(item.lines.length, item.at + READ_AFTER);
  const view = await session.read(name, from, to, item.lines);
  const intended = `${applyMeant(item.lines, item.mistake.intent).join("\n")}\n`;
  const sent = await session.send(name, item.mistake.mistake, view, item.lines);
  const after = readFileSync(path, "utf8");
  const first = firstOutcome(sent.answer, item.text, after, intended, contestant.warns);
  const record: CallRecord = {
    kind: item.kind.id,
    file: `${item.file.package}@${item.file.version}/${item.file.path}`,
    line: item.at,
    contestant: contestant.name,
    outcome: first === "refused" ? "refused-needs-read" : first,
    answer: firstLine(sent.answer.text),
  };
  if (first === "refused") {
    const retry = retryFromError(
      item.mistake,
      sent.answer.text,
      sent.args,
      contestant.refsIn,
      (line) => view.ref(line),
      (line) => view.rowPrefix(line),
    );
    if (retry) {
      const again = await session.send(name, retry, view, item.lines);
      record.retry = firstLine(again.answer.text);
      if (!again.answer.isError && readFileSync(path, "utf8") === intended)
        record.outcome = "refused-fixable";
    }
  }
  if (first === "warned" && contestant === lapp) {
    // The call the warning names: the delete of a repeat, or the lines it wrote replaced by those meant.
    const undo = undoNamedIn(sent.answer.text);
    const span = replaceNamedIn(sent.answer.text);
    const meantLines = item.mistake.intent.ops[0]!.content.map(textOf);
    const call =
      undo ?? (span ? { type: "replace", ...span, content: `${meantLines.join("\n")}\n` } : undefined);
    if (call) await session.raw("lapp_edit", { path: name, edits: [call] });
    record.undone = call !== undefined && readFileSync(path, "utf8") === intended;
  }
  rmSync(path, { force: true });
  return record;
}
