// lapp's record of the rows it showed of ONE file, kept true for the whole session (docs/format.md, "What a ref
// means"): every showing of a row is a meaning (row number, ID) → the line it named, wherever that line is now.
// Showings only add meanings — a later read never rebinds an older ref — so a ref that two showings gave to
// different lines is ambiguous until an AMBIGUOUS_REF error has told the model every candidate (`retire`).
// lapp's own writes carry meanings exactly (they know every splice); changes made outside lapp are followed by a
// line diff that moves meanings only where certain, and marks the rest so a ref to them is refused, not guessed.
// Every line also carries the time its text appeared, so an edit can check that the lines it removes are the
// ones the model saw (`unverified`).

import { ID_ALPHABET, lineId } from "../hashline/hash.ts";
import type { ChangedRegion } from "../text/changed-region.ts";
import { clampLine, type RecordLookup } from "../hashline/verify-ref.ts";
import { carryVersion } from "./carry-version.ts";
import { LineArrays } from "./line-arrays.ts";
import { ForgottenKeys, type RefKey } from "./forgotten-keys.ts";
import { KeyIndex } from "./key-index.ts";
import { lineFates, walkRegions } from "./region-placer.ts";
import { diffLines } from "./line-diff.ts";
import { hashLines, textHash } from "../text/line-hashes.ts";

/** What a meaning's line is now. */
const State = {
  /** The shown line is at `pos`, unchanged (carried there by lapp's own writes, or never moved). */
  Live: 0,
  /** A change made outside lapp moved the line to `pos`: the model has not seen that, so refuse and show it. */
  Moved: 1,
  /** A change made outside lapp rewrote the line (or it changed before lapp could record the showing); `pos` is where its replacement is. */
  Changed: 2,
  /** lapp's own edit replaced or deleted the line; `pos` is where the new text is. */
  Gone: 3,
  /** An outside change left copies of its text in `[pos, pos + span)`; lapp cannot tell which one it is. */
  Uncertain: 4,
} as const;
type State = (typeof State)[keyof typeof State];

/** lapp's own writes a record remembers the regions of, to carry a search's rows from an older version. */
const MAX_HISTORY = 8;

/**
 * Meanings a record may always hold, however short the file (more for longer files: 16 per line). An agent that
 * re-reads a file it keeps editing adds a meaning for every line that moved since, each read: a 2,300-line file
 * read 30 times while 121 hunks went in held ~60,000 (bench/ workflow, re-reading agents).
 */
const MIN_ENTRY_LIMIT = 65_536;
const ENTRIES_PER_LINE = 16;

/** Bytes one meaning takes in the typed arrays below (the figure docs/format.md gives). */
export const BYTES_PER_ENTRY = 4 + 1 + 4 + 4 + 4 + 1 + 4 + 4;
/** Bytes per line of the version the record describes: its text hash and the time its text appeared. */
const BYTES_PER_VERSION_LINE = 8;

/** The current text of line `line` when known (a streamed file's record knows only the rows it showed). */
type Lines = readonly (string | undefined)[];

export class ShownRecord {
  /** Text hash of every line of the version the meanings describe; undefined before the first sync. */
  private version: Uint32Array | undefined;
  /** When each line's text appeared (the record's clock; 0: already in the first version lapp knew). */
  private appeared: Uint32Array | undefined;
  /** Whether `version` was made here (a carried version) rather than handed in by a caller, who may still hold it. */
  private ownsVersion = false;
  /** The arrays versions replace, kept for the next version of a file lapp writes (line-arrays.ts). */
  private readonly versionArrays = new LineArrays();
  private readonly appearedArrays = new LineArrays();
  /** Digest of the file's bytes in that version (identity.ts), when known: a load of the same bytes needs no sync. */
  private versionDigest: bigint | undefined;
  /**
   * A first version known only by its digest and line count (a search showed rows of a file lapp had not loaded):
   * its lines are hashed when the file is next loaded — from those very bytes, or else every meaning is refused.
   */
  private pending: { digest: bigint; lines: number } | undefined;
  /** Ticks at every showing and every new version, so times of showings and of lines compare. */
  private clock = 0;
  /**
   * lapp's own writes since the last change made outside lapp, oldest first (a few): the version each started from
   * (its digest and the clock then) and its regions. A search that read one of those versions has its rows carried
   * to today's lines exactly as meanings are, never laid over the newer version as if they were its rows.
   */
  private history: { digest: bigint; clock: number; regions: readonly ChangedRegion[] }[] = [];
  /** Refs whose meanings were dropped to stay within bounds (this record's, or a dropped record's before it). */
  private readonly forgotten: ForgottenKeys;
  private count = 0;
  /** Meaning indexes by (row, ID) key, built anew on the first need after meanings were added, dropped or moved. */
  private keys: KeyIndex | undefined;
  private keysFresh = false;
  private rowLine = new Uint32Array(64);
  private rowId = new Uint8Array(64);
  private pos = new Int32Array(64);
  private span = new Int32Array(64);
  private hash = new Uint32Array(64);
  private state = new Uint8Array(64);
  /** When the line was first shown under this ref (the oldest view the model may have planned from). */
  private firstShown = new Uint32Array(64);
  /** When it was last shown under this ref (which showing is the newest, for `retire`). */
  private lastShown = new Uint32Array(64);

  /**
   * `forgotten`: the file had a record before that was dropped to stay within bounds (shown-records.ts): the refs it
   * had shown, or "all" when even those were not kept.
   */
  constructor(forgotten: ForgottenKeys = new ForgottenKeys()) {
    this.forgotten = forgotten;
  }

  get bytes(): number {
    return (
      this.rowLine.length * BYTES_PER_ENTRY +
      (this.version?.length ?? 0) * BYTES_PER_VERSION_LINE +
      this.versionArrays.bytes +
      this.appearedArrays.bytes +
      (this.keys?.bytes ?? 0) +
      this.forgotten.bytes
    );
  }

  get entries(): number {
    return this.count;
  }

  /** Refs shown by another record of this file that is being dropped: forgotten here (see ForgottenKeys). */
  forget(keys: Iterable<RefKey>): void {
    for (const key of keys) this.forgotten.add(key);
  }

  /** Every ref this record showed or forgot: kept when the record is dropped. */
  keysShown(): RefKey[] {
    const keys = new Set(this.forgotten.list() ?? []);
    for (let index = 0; index < this.count; index++)
      keys.add(keyOf(this.rowLine[index]!, this.rowId[index]!));
    return [...keys];
  }

  /** Whether the record may have forgotten any ref at all (a dropped record whose refs were not kept). */
  get forgotAll(): boolean {
    return this.forgotten.list() === undefined;
  }

  /** Lines of the version the record describes (0 before the first sync). */
  get lineCount(): number {
    return this.version?.length ?? this.pending?.lines ?? 0;
  }

  /**
   * Brings the record to the file as it is now. Same text on every line: nothing to do. Otherwise (a change made
   * outside lapp) the two versions are diffed and every meaning is moved, marked moved, changed or uncertain; the
   * lines the change wrote get the current time.
   */
  sync(current: Uint32Array, digest?: bigint): void {
    if (this.pending !== undefined && this.settlePending(current, digest)) return;
    const old = this.version;
    this.versionDigest = digest;
    if (old === undefined) {
      this.setVersion(current, false, new Uint32Array(current.length));
      return;
    }
    if (sameHashes(old, current)) return;
    const now = ++this.clock;
    this.history = [];
    const fates = diffLines(old, current);
    const appeared = new Uint32Array(current.length).fill(now);
    fates.forEach((fate, oldIndex) => {
      if (fate.kind === "same") appeared[fate.at] = this.appeared![oldIndex]!;
    });
    this.setVersion(current, false, appeared);
    const clamp = (line: number) => clampLine(line, current.length);
    for (let index = 0; index < this.count; index++) {
      const oldAt = this.pos[index]! - 1;
      const fate = fates[Math.min(Math.max(oldAt, 0), fates.length - 1)];
      const state = this.state[index]!;
      if (fate === undefined) {
        this.setState(index, state === State.Gone ? State.Gone : State.Changed, 1);
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
        if (state === State.Uncertain && fate.kind !== "same") this.span[index] = 0;
      }
    }
  }

  /**
   * `sync` to the file as loaded: `digest` is of its bytes. When they are the bytes of the version the record
   * describes (lapp wrote or synced them last), every line is known to be the same and nothing is hashed.
   */
  syncTo(lines: readonly string[], digest: bigint | undefined): void {
    if (this.pending !== undefined && digest !== undefined && digest === this.pending.digest) {
      this.settlePending(hashLines(lines), digest);
      return;
    }
    const known = this.version !== undefined && digest !== undefined && digest === this.versionDigest;
    if (known && this.version!.length === lines.length) return;
    this.sync(hashLines(lines), digest);
  }

  /** The version the record describes, when the digest of its bytes is known: that digest and its line count. */
  get knownVersion(): { digest: bigint; lines: number } | undefined {
    if (this.pending !== undefined) return this.pending;
    if (this.version === undefined || this.versionDigest === undefined) return undefined;
    return { digest: this.versionDigest, lines: this.version.length };
  }

  /**
   * The first version of a file is known by the digest of its bytes and its line count only (see `pending`): a
   * search's rows of a big file are recorded without hashing every line of it now. Only for a record with no version.
   */
  expect(digest: bigint, lines: number): boolean {
    if (this.version !== undefined || this.pending !== undefined || this.count > 0) return false;
    this.pending = { digest, lines };
    return true;
  }

  /**
   * The pending version meets the file's lines: the same bytes give the version its hashes; other bytes (changed
   * outside lapp since, with no hashes to diff against) leave every meaning refused where its line was. Returns
   * whether the record is now in step (the caller's sync is done).
   */
  private settlePending(current: Uint32Array, digest: bigint | undefined): boolean {
    const same = digest !== undefined && digest === this.pending!.digest;
    this.pending = undefined;
    const appeared = new Uint32Array(current.length);
    this.setVersion(current, false, appeared);
    this.versionDigest = digest;
    if (same) return true;
    const now = ++this.clock;
    appeared.fill(now);
    for (let index = 0; index < this.count; index++)
      if (this.state[index] === State.Live)
        this.setState(index, State.Changed, clampLine(this.pos[index]!, current.length));
    return true;
  }

  /**
   * Carries every meaning through lapp's own write: `regions` (from the edit engine) say exactly which old lines
   * were replaced and where every other line went. Lines replaced or deleted become Gone; the lines the write
   * added get the current time. `digest` is of the bytes that landed.
   */
  carry(regions: readonly ChangedRegion[], newLines: readonly string[], digest?: bigint): void {
    if (this.versionDigest !== undefined)
      this.history = [
        ...this.history.slice(1 - MAX_HISTORY),
        { digest: this.versionDigest, clock: this.clock, regions },
      ];
    else this.history = [];
    const now = ++this.clock;
    const sorted = [...regions].sort((a, b) => a.oldStart - b.oldStart);
    let oldCount = newLines.length;
    for (const region of sorted) oldCount -= region.lineCount - region.removedCount;
    // A table of every old line pays off once walking the regions for each meaning would cost more (a record of a
    // whole file); a few meanings walk them, and no table the size of the file is made per write.
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
      const at = clampLine(goneAt, newLines.length);
      if (this.state[index] === State.Live) this.setState(index, State.Gone, at);
      else this.pos[index] = at;
    }
    const carried =
      this.version &&
      carryVersion(this.version, regions, newLines, textHash, (length) => this.versionArrays.take(length));
    const appeared =
      this.appeared &&
      carryVersion(
        this.appeared,
        regions,
        newLines,
        () => now,
        (length) => this.appearedArrays.take(length),
      );
    this.setVersion(
      carried ?? hashLines(newLines),
      true,
      carried && appeared ? appeared : new Uint32Array(newLines.length).fill(now),
    );
    this.versionDigest = digest;
  }

  /** The version's hashes (`owned`: made by this record) and times; the arrays they replace are kept for reuse. */
  private setVersion(version: Uint32Array, owned: boolean, appeared: Uint32Array): void {
    if (this.ownsVersion && this.version !== version) this.versionArrays.giveBack(this.version);
    if (this.appeared !== appeared) this.appearedArrays.giveBack(this.appeared);
    this.version = version;
    this.ownsVersion = owned;
    this.appeared = appeared;
  }

  /**
   * Records rows of the current version as shown (`lines`: its text, at least of those rows). Every showing adds a
   * meaning; none is dropped (docs/format.md): a showing of the same line under the same ref renews that meaning,
   * a showing of another line under a ref that already named one makes that ref ambiguous.
   */
  show(lines: Lines, rows: Iterable<number>): void {
    const now = ++this.clock;
    const keys = this.keyIndex();
    let added = false;
    const seen = new Set<number>();
    for (const line of rows) {
      const text = lines[line - 1];
      if (line < 1 || line > lines.length || text === undefined || seen.has(line)) continue;
      seen.add(line);
      const id = idIndex(lineId(line, text));
      const hash = textHash(text);
      let same = -1;
      for (const index of keys.entries(line, id) ?? []) {
        if (this.state[index] === State.Live && this.pos[index] === line && this.hash[index] === hash)
          same = index;
      }
      if (same >= 0) {
        this.lastShown[same] = now;
        continue;
      }
      this.push(line, id, line, hash, State.Live, now);
      added = true;
    }
    if (added) {
      this.keysFresh = false;
      this.compact(lines.length);
    }
  }

  /**
   * Records rows a search showed of the version with `digest`, which lapp's own writes have since changed: each row
   * is carried through those writes (a line they replaced is a gone meaning), as of the time of that version. A
   * version lapp cannot reach that way (changed outside lapp, or too many writes ago) makes the rows stale.
   */
  showOlder(
    digest: bigint | undefined,
    rows: readonly { line: number; id: string }[],
    lines: readonly string[],
  ): void {
    const from = digest === undefined ? -1 : this.history.findIndex((version) => version.digest === digest);
    if (from < 0) {
      this.showStale(rows, lines.length);
      return;
    }
    const writes = this.history.slice(from);
    const seenAt = writes[0]!.clock;
    const keys = this.keyIndex();
    for (const row of rows) {
      let at = row.line;
      let goneAt: number | undefined;
      for (const write of writes) {
        const walked = walkRegions(
          [...write.regions].sort((a, b) => a.oldStart - b.oldStart),
          at,
        );
        if (walked.goneAt !== undefined) {
          goneAt = walked.goneAt;
          break;
        }
        at += walked.delta;
      }
      const state = goneAt === undefined ? State.Live : State.Gone;
      const pos = clampLine(goneAt ?? at, lines.length);
      const id = idIndex(row.id);
      const same = (keys.entries(row.line, id) ?? []).find(
        (index) => this.state[index] === state && this.pos[index] === pos,
      );
      if (same !== undefined) this.firstShown[same] = Math.min(this.firstShown[same]!, seenAt);
      else this.push(row.line, id, pos, textHash(lines[pos - 1] ?? ""), state, seenAt);
    }
    this.keysFresh = false;
    this.compact(lines.length);
  }

  /**
   * Records rows a search showed of a version that changed before lapp could record them: lapp cannot tell
   * where those lines are now, so their refs are refused with the rows around where they were.
   */
  showStale(rows: readonly { line: number; id: string }[], lineCount: number): void {
    const now = ++this.clock;
    for (const row of rows)
      this.push(row.line, idIndex(row.id), clampLine(row.line, lineCount), 0, State.Changed, now);
    this.keysFresh = false;
    this.compact(lineCount);
  }

  /** What a ref (row, ID) means in the current version (call `sync` first). */
  lookup(line: number, id: string, lines: readonly string[]): RecordLookup {
    const matches = this.keyIndex().entries(line, idIndex(id));
    const forgotten = this.forgotten.any && this.forgotten.has(keyOf(line, idIndex(id)));
    if (matches === undefined) return forgotten ? { kind: "dropped" } : { kind: "unknown" };
    // The newest showing first.
    const newestFirst = [...matches].sort((a, b) => this.lastShown[b]! - this.lastShown[a]!);
    const current = new Set<number>();
    let tombstones = 0;
    let live: { at: number; seen: number } | undefined;
    for (const index of newestFirst) {
      const at = this.pos[index]!;
      switch (this.state[index]) {
        case State.Live:
          // A record that has lost step with the file must never name a line it does not hold.
          if (at < 1 || at > lines.length || textHash(lines[at - 1]!) !== this.hash[index]) tombstones++;
          else {
            current.add(at);
            live = { at, seen: Math.min(live?.seen ?? Number.POSITIVE_INFINITY, this.firstShown[index]!) };
          }
          break;
        case State.Moved:
          current.add(at);
          break;
        case State.Uncertain: {
          // Any copy of its text, or none: where a change outside lapp left fewer copies than there were, which
          // one it removed cannot be told from the bytes, so the line may be gone even beside a live showing.
          for (const copy of this.copiesOf(index, lines)) current.add(copy);
          tombstones++;
          break;
        }
        default:
          tombstones++;
      }
    }
    const newest = newestFirst[0]!;
    // A meaning lapp forgot counts as one more: the model may mean that line.
    if (forgotten) tombstones++;
    const meanings = current.size + tombstones;
    if (meanings === 1 && live !== undefined) return { kind: "live", at: live.at, seen: live.seen };
    if (current.size === 0 || (meanings === 1 && this.state[newest] !== State.Uncertain)) {
      // One meaning, or only lines that are gone: refused for the newest showing's reason.
      const at = clampLine(this.pos[newest]!, lines.length);
      const state = this.state[newest]!;
      if (state === State.Moved) return { kind: "moved", at };
      if (state === State.Gone) return { kind: "gone", at };
      return { kind: "changed", at };
    }
    const candidates = [...current].sort((a, b) => a - b);
    // After the error retires the older showings, the same ref means the newest one's line (when it still exists).
    const state = this.state[newest]!;
    const newestLine =
      (state === State.Live || state === State.Moved) && !this.isTombstone(newest, lines)
        ? this.pos[newest]
        : undefined;
    const ambiguous = {
      kind: "ambiguous" as const,
      candidates,
      ...(newestLine !== undefined && { newest: newestLine }),
      ...(forgotten && { forgotten: true }),
    };
    const gone = newestFirst.find((index) => this.isTombstone(index, lines));
    if (gone === undefined) return ambiguous;
    const by = this.state[gone] === State.Gone ? "edit" : "outside";
    return { ...ambiguous, replaced: { by, at: clampLine(this.pos[gone]!, lines.length) } };
  }

  /**
   * A refusal told the model every line (row, ID) may mean, with fresh refs: its older showings are retired, so
   * the same ref sent again means the newest showing's line. `newestAt`: the refusal pointed at that line only
   * (a stale ref), so nothing is retired unless the newest showing is of it.
   */
  retire(line: number, id: string, newestAt?: number): void {
    const matches = this.keyIndex().entries(line, idIndex(id));
    if (matches === undefined) return;
    if (matches.length < 2) {
      // Only a forgotten meaning stood beside this one: the refusal showed the model the line it names now.
      const only = matches[0]!;
      if (newestAt === undefined || (this.state[only] === State.Live && this.pos[only] === newestAt))
        this.forgotten.settle(keyOf(line, idIndex(id)));
      return;
    }
    const newest = matches.reduce((best, index) =>
      this.lastShown[index]! > this.lastShown[best]! ? index : best,
    );
    // A refusal that pointed at one line retires the others only if the ref would then mean that very line.
    if (newestAt !== undefined && (this.state[newest] !== State.Live || this.pos[newest] !== newestAt))
      return;
    this.forgotten.settle(keyOf(line, idIndex(id)));
    this.removeWhere((index) => index !== newest && matches.includes(index));
  }

  /**
   * The lines in `from..to` whose text appeared after `seen` (the time of the model's view that named the range)
   * and that no live meaning shows: lines an edit of that range would remove without the model having seen them.
   */
  unverified(from: number, to: number, seen: number, lines: readonly string[]): number[] {
    const appeared = this.appeared;
    if (appeared === undefined) return [];
    const late: number[] = [];
    for (let line = Math.max(from, 1); line <= Math.min(to, appeared.length); line++)
      if (appeared[line - 1]! > seen) late.push(line);
    if (late.length === 0) return late;
    const shownLive = new Set<number>();
    for (let index = 0; index < this.count; index++) {
      const at = this.pos[index]!;
      if (
        this.state[index] === State.Live &&
        at >= from &&
        at <= to &&
        textHash(lines[at - 1] ?? "") === this.hash[index]
      )
        shownLive.add(at);
    }
    return late.filter((line) => !shownLive.has(line));
  }

  private isTombstone(index: number, lines: readonly string[]): boolean {
    const state = this.state[index]!;
    if (state === State.Gone || state === State.Changed) return true;
    if (state === State.Uncertain) return this.copiesOf(index, lines).length === 0;
    if (state === State.Live) {
      const at = this.pos[index]!;
      return at < 1 || at > lines.length || textHash(lines[at - 1]!) !== this.hash[index];
    }
    return false;
  }

  /**
   * Keeps the record within a few meanings per line: refused ones (gone, changed) go first, oldest first, then the
   * oldest of all. Their refs are kept as forgotten (forgotten-keys.ts): refused, never guessed.
   */
  private compact(lineCount: number) {
    const limit = Math.max(ENTRIES_PER_LINE * lineCount, MIN_ENTRY_LIMIT);
    if (this.count <= limit) return;
    let excess = this.count - limit;
    const refused = (index: number) =>
      this.state[index] === State.Gone || this.state[index] === State.Changed;
    const forget = (index: number) => {
      this.forgotten.add(keyOf(this.rowLine[index]!, this.rowId[index]!));
      return true;
    };
    this.removeWhere((index) => {
      if (excess > 0 && refused(index)) {
        excess--;
        return forget(index);
      }
      return false;
    });
    if (excess > 0) {
      const drop = excess;
      this.removeWhere((index) => index < drop && forget(index));
    }
  }

  /** The current lines in an uncertain meaning's span that hold its text. */
  private copiesOf(index: number, lines: Lines): number[] {
    const copies: number[] = [];
    const end = Math.min(this.pos[index]! + this.span[index]!, lines.length + 1);
    for (let line = Math.max(this.pos[index]!, 1); line < end; line++) {
      const text = lines[line - 1];
      if (text !== undefined && textHash(text) === this.hash[index]) copies.push(line);
    }
    return copies;
  }

  /** The index of the meanings as they are, built anew when they changed. */
  private keyIndex(): KeyIndex {
    if (!this.keysFresh || this.keys === undefined) {
      this.keys = new KeyIndex(this.rowLine, this.rowId, this.count, this.keys);
      this.keysFresh = true;
    }
    return this.keys;
  }

  private setState(index: number, state: State, at: number, span = 0) {
    this.state[index] = state;
    this.pos[index] = at;
    this.span[index] = span;
  }

  private push(line: number, id: number, at: number, hash: number, state: State, now: number) {
    if (this.count === this.rowLine.length) this.grow();
    const index = this.count++;
    this.rowLine[index] = line;
    this.rowId[index] = id;
    this.pos[index] = at;
    this.span[index] = 0;
    this.hash[index] = hash;
    this.state[index] = state;
    this.firstShown[index] = now;
    this.lastShown[index] = now;
  }

  /** Drops the meanings `drop` names (by their index before the call), keeping the others in order. */
  private removeWhere(drop: (index: number) => boolean) {
    let kept = 0;
    for (let index = 0; index < this.count; index++) if (!drop(index)) this.move(index, kept++);
    if (kept !== this.count) this.keysFresh = false;
    this.count = kept;
  }

  private move(from: number, to: number) {
    if (from === to) return;
    this.rowLine[to] = this.rowLine[from]!;
    this.rowId[to] = this.rowId[from]!;
    this.pos[to] = this.pos[from]!;
    this.span[to] = this.span[from]!;
    this.hash[to] = this.hash[from]!;
    this.state[to] = this.state[from]!;
    this.firstShown[to] = this.firstShown[from]!;
    this.lastShown[to] = this.lastShown[from]!;
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
    this.firstShown = widen(this.firstShown, (n) => new Uint32Array(n));
    this.lastShown = widen(this.lastShown, (n) => new Uint32Array(n));
    this.keysFresh = false;
  }
}

function keyOf(line: number, id: number): RefKey {
  return line * 256 + id;
}

function idIndex(id: string): number {
  return (ID_ALPHABET.indexOf(id[0]!.toUpperCase()) << 4) | ID_ALPHABET.indexOf(id[1]!.toUpperCase());
}

function sameHashes(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}
