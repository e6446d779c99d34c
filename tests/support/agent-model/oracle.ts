// What the simulated agent meant by an edit call (tests/session/agent-model.test.ts), judged by line identity:
// whether lapp must refuse it, and what the file must hold if lapp accepts it. lapp may always refuse; it may
// never accept a call that changes any other line than the ones the agent meant.

import type { Line } from "./truth.ts";
import type { Memory } from "./views.ts";

export type EditKind = "replace" | "delete" | "insert_after" | "insert_before";

export interface PlannedEdit {
  kind: EditKind;
  /** The anchor (single-line edits and inserts) or the first line of a range. */
  start: Memory;
  /** The last line of a range. */
  end?: Memory;
  content: string[];
}

export interface Intent {
  /** Why lapp must refuse the call (the agent's line is gone, or a range would remove lines it never saw). */
  mustRefuse?: string;
  /** The file's lines after the call, when it may be accepted (identities of kept lines unchanged). */
  after?: Line[];
}

export interface Knowledge {
  /** When an identity appeared by an outside change. */
  outsideAt: ReadonlyMap<number, number>;
  /** Every identity any answer ever showed the agent. */
  everShown: ReadonlySet<number>;
  newLine: (text: string) => Line;
}

export function intentOf(lines: readonly Line[], edit: PlannedEdit, known: Knowledge): Intent {
  const position = (id: number) => {
    const index = lines.findIndex((line) => line.id === id);
    return index < 0 ? undefined : index + 1;
  };
  const first = position(edit.start.id);
  const last = edit.end ? position(edit.end.id) : first;
  if (first === undefined || last === undefined) return { mustRefuse: "a line the agent meant is gone" };
  if (last < first) return { mustRefuse: "the range's end is above its start" };
  const viewTime = Math.min(edit.start.time, edit.end?.time ?? edit.start.time);
  for (let line = first + 1; line < last; line++) {
    const id = lines[line - 1]!.id;
    const changedAt = known.outsideAt.get(id);
    if (changedAt !== undefined && changedAt > viewTime && !known.everShown.has(id))
      return { mustRefuse: `line ${line} inside the range changed outside lapp and was never shown` };
  }
  const fresh = edit.content.map(known.newLine);
  switch (edit.kind) {
    case "insert_after":
      return { after: [...lines.slice(0, first), ...fresh, ...lines.slice(first)] };
    case "insert_before":
      return { after: [...lines.slice(0, first - 1), ...fresh, ...lines.slice(first - 1)] };
    case "delete":
      return { after: [...lines.slice(0, first - 1), ...lines.slice(last)] };
    case "replace":
      return { after: replaced(lines, first, last, edit.content, fresh) };
  }
}

/** Lines first..last replaced as lapp splices them: equal lines at either end of the range stay (same identity). */
function replaced(
  lines: readonly Line[],
  first: number,
  last: number,
  content: readonly string[],
  fresh: readonly Line[],
): Line[] {
  const old = lines.slice(first - 1, last);
  let prefix = 0;
  while (prefix < old.length && prefix < content.length && old[prefix]!.text === content[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < old.length - prefix &&
    suffix < content.length - prefix &&
    old[old.length - 1 - suffix]!.text === content[content.length - 1 - suffix]
  )
    suffix++;
  return [
    ...lines.slice(0, first - 1),
    ...old.slice(0, prefix),
    ...fresh.slice(prefix, content.length - suffix),
    ...old.slice(old.length - suffix),
    ...lines.slice(last),
  ];
}
