// Lexing a new version of a file from the lexed version it was edited from. The lexer notes its state (open
// strings, comments, templates, the flags that decide what a `/` is) at the start of every CHECKPOINT_EVERY-th
// line. After an edit only the lines from the last checkpoint before the change are lexed again, until the lexer
// reaches, past the change, a line where the earlier version had a checkpoint with the same state: from there on
// both versions have the same lines in the same state, so the earlier tokens are taken over, moved by the lines the
// edit added or removed. An edit that leaves a string or a comment open, or opens a `#if` branch of another
// balance, never meets an equal state and lexes to the end — the same as lexing the whole file.

import type { TokenStream } from "./tokens.ts";

/** Lines between checkpoints: ~800 for a 200,000-line bundle, and at most this many lines re-lexed before a change. */
export const CHECKPOINT_EVERY = 256;

/** The lexer's state at the start of line `line`, with `token` tokens emitted before it. */
export interface LexCheckpoint {
  readonly line: number;
  readonly token: number;
  /** Everything the lexing of the lines from `line` on depends on, as one comparable string. */
  readonly state: string;
}

/** Lines `[from, earlierEnd)` of the earlier version became lines `[from, end)` of the new one; the rest is equal. */
export interface LineChange {
  readonly from: number;
  readonly earlierEnd: number;
  readonly end: number;
}

/** Where `lines` differs from `earlier`: the common head and tail taken away (null when they are equal). */
export function changedLines(earlier: readonly string[], lines: readonly string[]): LineChange | null {
  const shorter = Math.min(earlier.length, lines.length);
  let from = 0;
  while (from < shorter && earlier[from] === lines[from]) from++;
  if (from === earlier.length && from === lines.length) return null;
  let tail = 0;
  while (tail < shorter - from && earlier[earlier.length - 1 - tail] === lines[lines.length - 1 - tail])
    tail++;
  return { from, earlierEnd: earlier.length - tail, end: lines.length - tail };
}

/** The last checkpoint at or before line `line` (the first checkpoint is always line 0). */
export function checkpointBefore(checkpoints: readonly LexCheckpoint[], line: number): number {
  let low = 0;
  let high = checkpoints.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (checkpoints[middle]!.line <= line) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Watches for the line where the new version's lexing meets the earlier version's again: past the change, at a line
 * the earlier version had a checkpoint for (moved by the change), with an equal state.
 */
export class Resync {
  private next: number;
  private readonly shift: number;

  constructor(
    readonly earlier: TokenStream & { readonly checkpoints: readonly LexCheckpoint[] },
    private readonly change: LineChange,
  ) {
    this.shift = change.end - change.earlierEnd;
    this.next = checkpointBefore(earlier.checkpoints, change.earlierEnd);
    const first = earlier.checkpoints[this.next]!.line;
    if (first < change.earlierEnd || first === 0) this.next++;
  }

  /**
   * The earlier checkpoint line `line` of the new version may resume from (state not yet compared), or null. Never
   * line 0 of either version: a first line is lexed by a rule of its own (a `#!` line is skipped there).
   */
  candidateAt(line: number): LexCheckpoint | null {
    if (line < this.change.end || line === 0) return null;
    const { checkpoints } = this.earlier;
    while (this.next < checkpoints.length && checkpoints[this.next]!.line + this.shift < line) this.next++;
    const candidate = checkpoints[this.next];
    return candidate !== undefined && candidate.line + this.shift === line ? candidate : null;
  }

  /** The earlier checkpoints from `from` on, moved into the new version whose token count there is `token`. */
  movedCheckpoints(from: LexCheckpoint, token: number): LexCheckpoint[] {
    const { checkpoints } = this.earlier;
    const moved: LexCheckpoint[] = [];
    for (let index = checkpoints.indexOf(from); index < checkpoints.length; index++) {
      const checkpoint = checkpoints[index]!;
      moved.push({
        line: checkpoint.line + this.shift,
        token: checkpoint.token - from.token + token,
        state: checkpoint.state,
      });
    }
    return moved;
  }

  /** Lines the edit added (negative: removed). */
  get lineShift(): number {
    return this.shift;
  }
}
