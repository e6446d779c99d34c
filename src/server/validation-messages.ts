// The sentences of INVALID_ARGUMENTS: what is wrong with which field, in words a model can act on (no validator
// internals), and the shape of the arguments the tool expects.

export type IssueWords =
  | { kind: "required"; expected: string }
  | { kind: "wrong-type"; expected: string; got: string }
  | { kind: "unknown-field"; known: string }
  | { kind: "too-short"; min: number; unit: "item" | "character"; got: string }
  | { kind: "too-long"; max: number; unit: "item" | "character"; got: string }
  | { kind: "too-small"; min: string; got: string }
  | { kind: "too-large"; max: string; got: string }
  | { kind: "not-whole"; got: string }
  | { kind: "custom"; message: string };

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

function explain(words: IssueWords): string {
  switch (words.kind) {
    case "required":
      return `is required (${words.expected})`;
    case "wrong-type":
      return `must be ${words.expected}, got ${words.got}`;
    case "unknown-field":
      return `is not a known field${words.known ? ` (known: ${words.known})` : ""}`;
    case "too-short":
      return words.min === 1 && words.unit === "character"
        ? "must not be empty"
        : `must have at least ${count(words.min, words.unit)}`;
    case "too-long":
      return `must have at most ${count(words.max, words.unit)}`;
    case "too-small":
      return `must be ≥ ${words.min}, got ${words.got}`;
    case "too-large":
      return `must be ≤ ${words.max}, got ${words.got}`;
    case "not-whole":
      return `must be a whole number, got ${words.got}`;
    case "custom":
      return words.message;
  }
}

export const fieldIssue = (field: string, words: IssueWords): string => `${field}: ${explain(words)}`;

export const argumentsNotObject = (got: string): string => `arguments must be an object, got ${got}`;

/** The first problem is the summary; all of them (up to five) and the expected shape are the details. */
export function invalidArguments(
  tool: string,
  problems: readonly string[],
  shape: Record<string, string>,
): { summary: string; details: string } {
  return {
    summary: `${tool}: ${problems[0]}`,
    details: `${problems.map((problem) => `- ${problem}`).join("\n")}\nExpected arguments: ${JSON.stringify(shape)}`,
  };
}
