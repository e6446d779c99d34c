// Summary statistics of repeated timings: the median is the figure reported, min and max show the spread.
// Warm-up runs are made and thrown away first, so a one-off cost (page cache, JIT) never lands in a median.

export interface Timing {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function summarize(samples: readonly number[]): Timing {
  if (samples.length === 0) throw new Error("no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median: round(median), min: round(sorted[0]!), max: round(sorted.at(-1)!), runs: sorted.length };
}

export function round(value: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Runs `sample` `warmup` times unmeasured, then `runs` times, and summarizes the returned milliseconds. */
export async function repeat(
  runs: number,
  warmup: number,
  sample: (index: number) => Promise<number>,
): Promise<Timing> {
  for (let index = 0; index < warmup; index++) await sample(index);
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) samples.push(await sample(warmup + index));
  return summarize(samples);
}
