// Where a stale ID went: the one line near the old position whose current ID equals it, if exactly one.
// Only ever offered as a hint with the fresh ref — an edit is never relocated silently.

import { lineId, refOf } from "./hash.ts";

/** How far from the stale line the hint looks (SPEC §3: within ±20 lines). */
const NEARBY_RADIUS = 20;

/**
 * The fresh ref of the single line within ±NEARBY_RADIUS of `center` (1-based) whose ID is `id`,
 * or undefined when none or several carry it. `exclude` (the stale line itself) is never a candidate.
 */
export function uniqueNearbyRef(
  lines: readonly string[],
  center: number,
  id: string,
  exclude?: number,
): string | undefined {
  const from = Math.max(1, center - NEARBY_RADIUS);
  const to = Math.min(lines.length, center + NEARBY_RADIUS);
  let found: number | undefined;
  for (let line = from; line <= to; line++) {
    if (line === exclude) continue;
    if (lineId(line, lines[line - 1]!) !== id) continue;
    if (found !== undefined) return undefined;
    found = line;
  }
  return found === undefined ? undefined : refOf(found, lines[found - 1]!);
}
