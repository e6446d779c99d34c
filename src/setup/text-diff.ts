// A unified diff of one configuration edit, for `lapp setup --dry-run`.
// setup changes one contiguous region, so trimming the common head and tail is exact and linear even on a
// large ~/.claude.json, where a general diff algorithm would be quadratic.

const CONTEXT = 3;

export function unifiedDiff(before: string, after: string, label: string): string {
  const old = splitLines(before);
  const now = splitLines(after);
  let head = 0;
  while (head < old.length && head < now.length && old[head] === now[head]) head++;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < now.length - head &&
    old[old.length - 1 - tail] === now[now.length - 1 - tail]
  ) {
    tail++;
  }
  if (head === old.length && head === now.length) return "";

  const from = Math.max(0, head - CONTEXT);
  const oldEnd = Math.min(old.length, old.length - tail + CONTEXT);
  const newEnd = Math.min(now.length, now.length - tail + CONTEXT);
  const lines = [
    `--- ${label}`,
    `+++ ${label}`,
    `@@ -${range(from, oldEnd)} +${range(from, newEnd)} @@`,
    ...old.slice(from, head).map((line) => ` ${line}`),
    ...old.slice(head, old.length - tail).map((line) => `-${line}`),
    ...now.slice(head, now.length - tail).map((line) => `+${line}`),
    ...old.slice(old.length - tail, oldEnd).map((line) => ` ${line}`),
  ];
  return `${lines.join("\n")}\n`;
}

/** Lines without terminators; a final newline does not start another line. */
function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** `start,count` with 1-based start, as unified diff hunks write it (start 0 for an empty side). */
function range(from: number, end: number): string {
  const count = end - from;
  return `${count === 0 ? from : from + 1},${count}`;
}
