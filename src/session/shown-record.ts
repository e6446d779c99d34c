// lapp's record of the rows it showed of ONE file, kept true for the whole session (docs/format.md, "Refs across
// calls"): every row shown is an entry (row number, ID) → the line it named, wherever that line is now.
// lapp's own writes carry entries exactly (they know every splice); changes made outside lapp are followed by a
// line diff that moves entries only where certain, and marks the rest so a ref to them is refused, not guessed.

import { ID_ALPHABET, lineId } from "../hashline/hash.ts";
import type { ChangedRegion } from "../hashline/edit-types.ts";
import type { RecordLookup } from "../hashline/verify-ref.ts";
import { carryVersion } from "./carry-version.ts";
import { KeyIndex } from "./key-index.ts";
import { lineFates, walkRegions } from "./region-placer.ts";
import { diffLines } from "./line-diff.ts";

/** What an entry's line is now. */
const State = {
  /** The shown line is at `pos`, unchanged (carried there by lapp's own writes, or never moved). */
  Live: 0,
  /** A change made outside lapp moved the line to `pos`: the model has not seen that, so refuse and show it. */
  Moved: 1,
  /** A change made outside lapp rewrote the line; `pos` is where its replacement is. */
  Changed: 2,
  /** lapp's own edit replaced or deleted the line; `pos` is where the new text is. */
  Gone: 3,
  /** An outside change left copies of its text in `[pos, pos + span)`; lapp cannot tell which one it is. */
  Uncertain: 4,
} as const;
type State = (typeof State)[keyof typeof State];

/** Entries a record may always hold, however short the file (more for longer files: 4 per line). */
const MIN_ENTRY_LIMIT = 8192;

/** Bytes one entry takes in the typed arrays below (the figure docs/format.md gives). */
export const BYTES_PER_ENTRY = 4 + 1 + 4 + 4 + 4 + 1;
/** Bytes per line of the version the record describes (one 32-bit text hash). */
const BYTES_PER_VERSION_LINE = 4;

function textHash(text: string): number {
  return Bun.hash.xxHash32(text);
}

export function hashLines(lines: readonly string[]): Uint32Array {
  const hashes = new Uint32Array(lines.length);
  for (let index = 0; index < lines.length; index++) hashes[index] = textHash(lines[index]!);
  return hashes;
}

export class ShownRecord {
  /** Text hash of every line of the version the entries describe; undefined when only shown rows are known. */
  private version: Uint32Array | undefined;
  /** Digest of the file's bytes in that version (identity.ts), when known: a load of the same bytes needs no sync. */
  private versionDigest: bigint | undefined;
  private count = 0;
  /** Entry indexes by (row, ID) key, built on the first need after entries were added, dropped or reordered. */
  private keys: KeyIndex | undefined;
  private rowLine = new Uint32Array(64);
  private rowId = new Uint8Array(64);
  private pos = new Int32Array(64);
  private span = new Int32Array(64);
  private hash = new Uint32Array(64);
  private state = new Uint8Array(64);

  get bytes(): number {
    return this.rowLine.length * BYTES_PER_ENTRY + (this.version?.length ?? 0) * BYTES_PER_VERSION_LINE;
  }

  get entries(): number {
    return this.count;
  }

  /**
   * Brings the record to the file as it is now. Same text on every line: nothing to do. Otherwise (a change made
   * outside lapp) the two versions are diffed and every entry is moved, marked moved, changed or uncertain.
   * Without a known version (only streamed rows were shown), entries are checked against their own line.
   */
  sync(current: Uint32Array, digest?: bigint): void {
    const old = this.version;
    this.version = current;
    this.versionDigest = digest;
    if (old === undefined) {
      for (let index = 0; index < this.count; index++) {
        const at = this.pos[index]!;
        if (this.state[index] === State.Live && current[at - 1] !== this.hash[index])
          this.setState(index, State.Changed, Math.min(Math.max(at, 1), Math.max(current.length, 1)));
      }
      return;
    }
    if (sameHashes(old, current)) return;
    const fates = diffLines(old, current);
    const clamp = (line: number) => Math.min(Math.max(line, 1), Math.max(current.length, 1));
    for (let index = 0; index < this.count; index++) {
      const oldAt = this.pos[index]! - 1;
      const fate = fates[Math.min(Math.max(oldAt, 0), fates.length - 1)];
      const state = this.state[index]!;
      if (fate === undefined) {
        this.setState(index, State.Changed, 1);
        continue;
      }
      if (state === State.Live) {
        if (fate.kind === "same") {
          if (fate.at !== oldAt) this.setState(index, State.Moved, fate.at + 1);
        } else if (fate.kind === "uncertain") {
          this.setState(index, State.Uncertain, fate.from + 1, fate.to - fate.from);
        } else this.setState(index, State.Changed, clamp(fate.at + 1));
      } else {
        // Already refused: keep the reason, follow the position as well as the diff allows.
        const at = fate.kind === "same" ? fate.at : fate.kind === "changed" ? fate.at : fate.from;
        this.pos[index] = clamp(at + 1);
      }
    }
  }

  /**
   * `sync` to the file as loaded: `digest` is of its bytes. When they are the bytes of the version the record
   * describes (lapp wrote or synced them last), every line is known to be the same and nothing is hashed.
   */
  syncTo(lines: readonly string[], digest: bigint | undefined): void {
    const known = this.version !== undefined && digest !== undefined && digest === this.versionDigest;
    if (known && this.version!.length === lines.length) return;
    this.sync(hashLines(lines), digest);
  }

  /** The version the record describes, when the digest of its bytes is known: that digest and its line count. */
  get knownVersion(): { digest: bigint; lines: number } | undefined {
    if (this.version === undefined || this.versionDigest === undefined) return undefined;
    return { digest: this.versionDigest, lines: this.version.length };
  }

  /**
   * Carries every entry through lapp's own write: `regions` (from the edit engine) say exactly which old lines
   * were replaced and where every other line went. Lines replaced or deleted become Gone. `digest` is of the
   * bytes that landed.
   */
  carry(regions: readonly ChangedRegion[], newLines: readonly string[], digest?: bigint): void {
    const sorted = [...regions].sort((a, b) => a.oldStart - b.oldStart);
    let oldCount = newLines.length;
    for (const region of sorted) oldCount -= region.lineCount - region.removedCount;
    // A table of every old line pays off once walking the regions for each entry would cost more (a record of a
    // whole file); a few entries walk them, and no table the size of the file is made per write.
    const fates =
      this.count * sorted.length > oldCount ? lineFates(sorted, Math.max(oldCount, 0)) : undefined;
    for (let index = 0; index < this.count; index++) {
      const old = this.pos[index]!;
      let goneAt: number | undefined;
      if (fates !== undefined && old >= 1 && old < fates.length) {
        const fate = fates[old]!;
        if (fate > 0) {
          this.pos[index] = fate;
          continue;
        }
        goneAt = -fate;
      } else {
        const walked = walkRegions(sorted, old);
        if (walked.goneAt === undefined) {
          this.pos[index] = old + walked.delta;
          continue;
        }
        goneAt = walked.goneAt;
      }
      const at = Math.min(Math.max(goneAt, 1), Math.max(newLines.length, 1));
      if (this.state[index] === State.Live) this.setState(index, State.Gone, at);
      else this.pos[index] = at;
    }
    const carried = this.version && carryVersion(this.version, regions, newLines, textHash);
    this.version = carried ?? hashLines(newLines);
    this.versionDigest = digest;
  }

  /**
   * Records rows of the current version as shown. The most recent showing of a (row, ID) wins over entries whose
   * line is gone, but a live entry for ANOTHER line stays beside it (a ref to them is then ambiguous): the model
   * may still hold the older ref, and an answer that shows a few rows (an edit result, an error payload) does not
   * tell it that ref now means something else. A `refresh` (a read page or a block: the model chose to look again)
   * does: it supersedes the entries of other lines that it also showed, each under its own fresh ref.
   */
  show(lines: readonly string[], rows: Iterable<number>, refresh = false): void {
    const shown = new Map<number, number>();
    for (const line of rows) {
      if (line < 1 || line > lines.length) continue;
      shown.set(keyOf(line, idIndex(lineId(line, lines[line - 1]!))), line);
    }
    if (shown.size === 0) return;
    const reshown = new Set(shown.values());
    // Only entries under a key shown now can be superseded: found by key, not by a pass over every entry.
    const keys = this.keyIndex();
    const dropped = new Uint8Array(this.count);
    let firstDropped = this.count;
    for (const [key, at] of shown) {
      for (const index of keys.entries(Math.floor(key / 256), key % 256) ?? []) {
        // Gone and changed entries name no line any more; live, moved and uncertain ones name lines the model may
        // still mean, so only a refresh that showed that line again (or a showing of the same line) supersedes them.
        const state = this.state[index]!;
        const tombstone = state === State.Gone || state === State.Changed;
        if (tombstone || this.pos[index] === at || (refresh && reshown.has(this.pos[index]!))) {
          dropped[index] = 1;
          firstDropped = Math.min(firstDropped, index);
        }
      }
    }
    this.keys = undefined;
    let kept = firstDropped;
    for (let index = firstDropped; index < this.count; index++)
      if (dropped[index] === 0) this.move(index, kept++);
    this.count = kept;
    for (const [key, line] of shown) {
      this.push(Math.floor(key / 256), key % 256, line, textHash(lines[line - 1]!));
    }
    this.compact(lines.length);
  }

  /**
   * Keeps the record within a few entries per line: refused entries (gone, changed) go first, oldest first,
   * then the oldest entries of all. A dropped entry's ref falls back to the plain rule.
   */
  private compact(lineCount: number) {
    const limit = Math.max(4 * lineCount, MIN_ENTRY_LIMIT);
    if (this.count <= limit) return;
    let excess = this.count - limit;
    let kept = 0;
    for (let index = 0; index < this.count; index++) {
      const refused = this.state[index] === State.Gone || this.state[index] === State.Changed;
      if (excess > 0 && refused) excess--;
      else this.move(index, kept++);
    }
    if (excess > 0) {
      for (let index = excess; index < kept; index++) this.move(index, index - excess);
      kept -= excess;
    }
    this.count = kept;
  }

  /** Records one streamed row (a page of a file too large to hold): no version is known for it. */
  showStreamed(line: number, text: string): void {
    this.version = undefined;
    this.versionDigest = undefined;
    this.keys = undefined;
    const id = idIndex(lineId(line, text));
    let kept = 0;
    for (let index = 0; index < this.count; index++) {
      const same = this.rowLine[index] === line && this.rowId[index] === id;
      if (!same && !(this.pos[index] === line && this.state[index] === State.Live)) this.move(index, kept++);
    }
    this.count = kept;
    this.push(line, id, line, textHash(text));
  }

  /** What a ref (row, ID) means in the current version (call `sync` first). */
  lookup(line: number, id: string, lines: readonly string[]): RecordLookup {
    const matches = this.keyIndex().entries(line, idIndex(id));
    if (matches === undefined) return { kind: "unknown" };
    // Entries are in showing order: the last is the most recent showing.
    const last = matches[matches.length - 1]!;
    const others = matches.slice(0, -1);
    const state = this.state[last]!;
    const at = this.pos[last]!;
    if (state === State.Live) {
      // Another line the model may mean by the same ref (shown as this row earlier, not shown again since).
      const candidates = this.heldLines(others, lines);
      candidates.add(at);
      if (candidates.size > 1)
        return { kind: "ambiguous", candidates: [...candidates].sort((a, b) => a - b) };
      // A record that has lost step with the file must never name a line it does not hold.
      if (at < 1 || at > lines.length || textHash(lines[at - 1]!) !== this.hash[last])
        return { kind: "changed", at: clampLine(at, lines.length) };
      return { kind: "live", at };
    }
    if (state === State.Uncertain) {
      const candidates = this.copiesOf(last, lines);
      if (candidates.length === 0) return { kind: "changed", at: clampLine(at, lines.length) };
      return { kind: "ambiguous", candidates };
    }
    // The most recent showing's line moved or is gone, but an earlier showing of the same ref named a line that
    // is still there: the model may mean either, so neither is guessed.
    const held = this.heldLines(others, lines);
    if (held.size > 0) {
      if (state === State.Moved) held.add(at);
      const candidates = [...held].sort((a, b) => a - b);
      if (state === State.Moved) return { kind: "ambiguous", candidates };
      const by = state === State.Gone ? "edit" : "outside";
      return { kind: "ambiguous", candidates, replaced: { by, at: clampLine(at, lines.length) } };
    }
    const kind = state === State.Moved ? "moved" : state === State.Gone ? "gone" : "changed";
    return { kind, at: clampLine(at, lines.length) };
  }

  /** The current lines that entries still name: live and moved ones' lines, uncertain ones' copies. */
  private heldLines(entries: readonly number[], lines: readonly string[]): Set<number> {
    const held = new Set<number>();
    for (const index of entries) {
      const state = this.state[index]!;
      if (state === State.Live || state === State.Moved) held.add(this.pos[index]!);
      if (state === State.Uncertain) for (const line of this.copiesOf(index, lines)) held.add(line);
    }
    return held;
  }

  /** The current lines in an uncertain entry's span that hold its text. */
  private copiesOf(index: number, lines: readonly string[]): number[] {
    const copies: number[] = [];
    const end = Math.min(this.pos[index]! + this.span[index]!, lines.length + 1);
    for (let line = Math.max(this.pos[index]!, 1); line < end; line++) {
      if (textHash(lines[line - 1]!) === this.hash[index]) copies.push(line);
    }
    return copies;
  }

  /** The index of the entries as they are, built anew when they changed or another record's index was built since. */
  private keyIndex(): KeyIndex {
    if (this.keys === undefined || !this.keys.current)
      this.keys = new KeyIndex(this.rowLine, this.rowId, this.count);
    return this.keys;
  }

  private setState(index: number, state: State, at: number, span = 0) {
    this.state[index] = state;
    this.pos[index] = at;
    this.span[index] = span;
  }

  private push(line: number, id: number, at: number, hash: number) {
    if (this.count === this.rowLine.length) this.grow();
    const index = this.count++;
    this.rowLine[index] = line;
    this.rowId[index] = id;
    this.pos[index] = at;
    this.span[index] = 0;
    this.hash[index] = hash;
    this.state[index] = State.Live;
  }

  private move(from: number, to: number) {
    if (from === to) return;
    this.rowLine[to] = this.rowLine[from]!;
    this.rowId[to] = this.rowId[from]!;
    this.pos[to] = this.pos[from]!;
    this.span[to] = this.span[from]!;
    this.hash[to] = this.hash[from]!;
    this.state[to] = this.state[from]!;
  }

  private grow() {
    const size = this.rowLine.length * 2;
    const widen = <T extends Uint32Array | Uint8Array | Int32Array>(array: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(array);
      return next;
    };
    this.rowLine = widen(this.rowLine, (n) => new Uint32Array(n));
    this.rowId = widen(this.rowId, (n) => new Uint8Array(n));
    this.pos = widen(this.pos, (n) => new Int32Array(n));
    this.span = widen(this.span, (n) => new Int32Array(n));
    this.hash = widen(this.hash, (n) => new Uint32Array(n));
    this.state = widen(this.state, (n) => new Uint8Array(n));
  }
}

function keyOf(line: number, id: number): number {
  return line * 256 + id;
}

function idIndex(id: string): number {
  return (ID_ALPHABET.indexOf(id[0]!.toUpperCase()) << 4) | ID_ALPHABET.indexOf(id[1]!.toUpperCase());
}

function clampLine(line: number, count: number): number {
  return Math.min(Math.max(line, 1), Math.max(count, 1));
}

function sameHashes(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}
