// The arguments of lapp's entry when setup updates one: lapp owns `--root`; every other flag the user put there
// (`--limit 500`, `--block …`) is kept, in its order.

/** Flags lapp setup writes itself; an old value of these is replaced, never kept. */
const OWNED_VALUE_FLAGS = ["--root"];

export function mergeServerArgs(previous: unknown, owned: readonly string[]): string[] {
  if (!Array.isArray(previous) || !previous.every((arg) => typeof arg === "string")) return [...owned];
  const kept: string[] = [];
  for (let index = 0; index < previous.length; index++) {
    const arg = previous[index] as string;
    if (OWNED_VALUE_FLAGS.includes(arg)) {
      index++; // its value
      continue;
    }
    if (OWNED_VALUE_FLAGS.some((flag) => arg.startsWith(`${flag}=`))) continue;
    kept.push(arg);
  }
  return [...owned, ...kept];
}
