// The outcome class of every edit call a real model makes (the classes of bench:mistakes, bench/mistakes/outcome.ts),
// decided after the run from what each call did to the file and what the model did next. A model's intent is not
// known call by call, so "as meant" is judged against the task's reference change: a call that writes only lines
// the reference adds and removes only lines it removes is as meant; one that writes anything else (a doubled line, a
// copied prefix) is not.

import { OUTCOMES, type Outcome } from "../mistakes/outcome.ts";

/** Tools that change the task's file, and tools that show it (after which a retry counts as needing a read). */
const EDIT_TOOLS = new Set(["str_replace", "lapp_edit", "lapp_replace_block"]);
const READ_TOOLS = new Set(["read_file", "lapp_read", "lapp_grep", "lapp_find_block"]);

export interface ToolEvent {
  name: string;
  isError: boolean;
  text: string;
  /** For an edit tool: the file's lines before and after the call. */
  before?: readonly string[];
  after?: readonly string[];
}

export const isEditTool = (name: string) => EDIT_TOOLS.has(name);

/** Counts of `line` texts in `a` beyond those in `b`. */
function surplus(a: readonly string[], b: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of a) counts.set(line, (counts.get(line) ?? 0) + 1);
  for (const line of b) if (counts.has(line)) counts.set(line, counts.get(line)! - 1);
  for (const [line, count] of counts) if (count <= 0) counts.delete(line);
  return counts;
}

function within(part: Map<string, number>, whole: Map<string, number>): boolean {
  for (const [line, count] of part) if ((whole.get(line) ?? 0) < count) return false;
  return true;
}

/** The outcome of each edit call among `events`, in order. */
export function classifyEditCalls(
  events: readonly ToolEvent[],
  original: readonly string[],
  reference: readonly string[],
): Outcome[] {
  const referenceAdded = surplus(reference, original);
  const referenceRemoved = surplus(original, reference);
  const outcomes: Outcome[] = [];
  events.forEach((event, index) => {
    if (!isEditTool(event.name) || !event.before || !event.after) return;
    const changed = event.before.join("\n") !== event.after.join("\n");
    if (event.isError) {
      if (changed) return outcomes.push("refused-but-changed");
      // Fixed from the error alone when the next successful edit comes before any read of the file.
      const later = events.slice(index + 1);
      const nextEdit = later.findIndex((next) => isEditTool(next.name) && !next.isError);
      const nextRead = later.findIndex((next) => READ_TOOLS.has(next.name));
      const fixed = nextEdit !== -1 && (nextRead === -1 || nextEdit < nextRead);
      return outcomes.push(fixed ? "refused-fixable" : "refused-needs-read");
    }
    const meant =
      within(surplus(event.after, event.before), referenceAdded) &&
      within(surplus(event.before, event.after), referenceRemoved);
    if (meant) return outcomes.push("as-meant");
    outcomes.push(/^warning: /m.test(event.text) ? "warned" : "silently-wrong");
  });
  return outcomes;
}

export function countOutcomes(outcomes: readonly Outcome[]): Record<Outcome, number> {
  const counts = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<Outcome, number>;
  for (const outcome of outcomes) counts[outcome]++;
  return counts;
}
