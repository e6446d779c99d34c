// The mistakes bench's tables: per kind, what each server did with every call (side by side), the totals, and
// where each kind was reported. Also the README's short summary.

import { OUTCOMES, OUTCOME_TITLES, type Outcome } from "./outcome.ts";

export interface CallRecord {
  kind: string;
  file: string;
  line: number;
  contestant: string;
  outcome: Outcome;
  /** First line of the answer to the mistaken call. */
  answer: string;
  /** For a refusal: first line of the answer to the retry built from the error alone (absent when none was). */
  retry?: string;
  /** For a lapp warning: whether the call it names undid what it warned about. */
  undone?: boolean;
}

export interface KindInfo {
  id: string;
  title: string;
  group: string;
  sources: string[];
}

const SHORT: Record<Outcome, string> = {
  "as-meant": "as meant",
  "refused-fixable": "refused, fixed from the error",
  "refused-needs-read": "refused, needs a read",
  warned: "warned",
  "silently-wrong": "**silently wrong**",
  "refused-but-changed": "**refused but changed**",
};

function tally(records: readonly CallRecord[]): Map<Outcome, number> {
  const counts = new Map<Outcome, number>();
  for (const record of records) counts.set(record.outcome, (counts.get(record.outcome) ?? 0) + 1);
  return counts;
}

function cell(records: readonly CallRecord[]): string {
  if (records.length === 0) return "n/a";
  const counts = tally(records);
  return OUTCOMES.filter((outcome) => counts.has(outcome))
    .map((outcome) => `${counts.get(outcome)} ${SHORT[outcome]}`)
    .join(", ");
}

export function renderMistakes(
  kinds: readonly KindInfo[],
  contestants: readonly string[],
  records: readonly CallRecord[],
): string {
  const out: string[] = [];
  out.push(`| mistake | ${contestants.join(" | ")} |`, `|---|${contestants.map(() => "---").join("|")}|`);
  for (const kind of kinds) {
    const row = contestants.map((name) =>
      cell(records.filter((record) => record.kind === kind.id && record.contestant === name)),
    );
    out.push(`| ${kind.title} | ${row.join(" | ")} |`);
  }
  out.push("", "Totals (every call of the corpus the server's format can express):", "");
  out.push(`| outcome | ${contestants.join(" | ")} |`, `|---|${contestants.map(() => "---:").join("|")}|`);
  for (const outcome of OUTCOMES) {
    const row = contestants.map((name) =>
      String(records.filter((record) => record.contestant === name && record.outcome === outcome).length),
    );
    out.push(`| ${OUTCOME_TITLES[outcome]} | ${row.join(" | ")} |`);
  }
  const calls = contestants.map((name) =>
    String(records.filter((record) => record.contestant === name).length),
  );
  out.push(`| calls | ${calls.join(" | ")} |`);
  const warned = records.filter((record) => record.outcome === "warned" && record.undone !== undefined);
  if (warned.length > 0) {
    const undone = warned.filter((record) => record.undone).length;
    out.push(
      "",
      `lapp's warnings named the one call that undoes what they warn about: ${undone} of ${warned.length} undone by it.`,
    );
  }
  out.push("", "Where each kind was reported:", "");
  for (const kind of kinds) out.push(`- ${kind.title}: ${kind.sources.join(", ")}`);
  return out.join("\n");
}

/** The README's lines: per server, the calls and how many fell in each class. */
export function renderMistakesSummary(
  contestants: readonly string[],
  records: readonly CallRecord[],
): string {
  const out = [`| server | calls | ${OUTCOMES.map((outcome) => OUTCOME_TITLES[outcome]).join(" | ")} |`];
  out.push(`|---|---:|${OUTCOMES.map(() => "---:").join("|")}|`);
  for (const name of contestants) {
    const mine = records.filter((record) => record.contestant === name);
    const counts = tally(mine);
    out.push(
      `| ${name} | ${mine.length} | ${OUTCOMES.map((outcome) => counts.get(outcome) ?? 0).join(" | ")} |`,
    );
  }
  return out.join("\n");
}
