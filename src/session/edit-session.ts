// The edit session: per file, the queue that serializes calls, path resolution inside that queue, the loaded
// file, the record of rows lapp showed (one per file, whatever its name; kept true through lapp's own writes),
// the commit and the new version. Tools go through it, so none can forget to record what it showed or verify a ref
// its own way: every answer that shows rows is presented here (present.ts).

import { unwrap } from "../errors.ts";
import { FileQueue } from "../files/file-queue.ts";
import { loadTextFile, readWholeFile } from "../files/load.ts";
import type { Answer, AnswerItem, ShownLine } from "../hashline/answer.ts";
import { lineId } from "../hashline/hash.ts";
import { MAX_EDIT_BYTES } from "../limits.ts";
import type { GuardedPath, PathGuard } from "../security/guard.ts";
import { isBinary } from "../text/binary.ts";
import { decodeDocument } from "../text/codec.ts";
import { someLines, versionHashes } from "../text/line-hashes.ts";
import { BlockAnalyses } from "./block-analyses.ts";
import { KnownDocuments } from "./known-documents.ts";
import { presentAnswer, recordShown } from "./present.ts";
import { SessionFile } from "./session-file.ts";
import type { ShownRecord } from "./shown-record.ts";
import { ShownRecords, type FileId } from "./shown-records.ts";

export type Resolve = (raw: string) => GuardedPath;

/** A version of a file known without loading it whole: a streamed read hashes every line, decodes only its page. */
export interface VersionSeen {
  /** The text of the lines the answer shows (others may be absent). */
  lines: readonly (string | undefined)[];
  /** Every line's text hash (shown-record.ts), when `lines` is not the whole file. */
  hashes?: Uint32Array;
  /** Digest of the bytes (identity.ts). */
  digest?: bigint;
  /** The file's device and inode as opened. */
  id?: FileId;
}

export class EditSession {
  private readonly queue = new FileQueue();
  /** Documents decoded or written last: a load of the same bytes reuses them (known-documents.ts). */
  readonly documents = new KnownDocuments();
  /** Block rules and outlines of recent versions, by digest: a big file is lexed once per version. */
  readonly analyses = new BlockAnalyses();

  constructor(
    private readonly guard: PathGuard,
    readonly records = new ShownRecords(),
  ) {}

  /**
   * Runs `task` with the file `input` names to itself. The path is checked once to find the file's queue (unless
   * the caller knows its real path: `knownReal`), then again inside it: what an earlier call in the queue did (a
   * rename over the file) is settled by then.
   */
  async withPath<T>(
    resolve: Resolve,
    input: string,
    task: (path: GuardedPath) => T | Promise<T>,
    knownReal?: string,
  ): Promise<T> {
    const key = knownReal ?? resolve(input).real;
    return this.queue.run(key, () => task(resolve(input)));
  }

  /** Like `withPath`, with the file loaded as text and its record brought up to date. */
  withFile<T>(resolve: Resolve, input: string, task: (file: SessionFile) => T | Promise<T>): Promise<T> {
    return this.withPath(resolve, input, (path) => task(this.open(path)));
  }

  /** Loads a guarded path as text and syncs its record (inside the file's queue). */
  open(path: GuardedPath): SessionFile {
    const isBlocked = (relative: string) => this.guard.isBlocked(relative);
    const loaded = unwrap(loadTextFile(path, isBlocked, MAX_EDIT_BYTES, this.documents.get(path.real)));
    this.documents.remember(path.real, loaded.identity.digest, loaded.doc, Number(loaded.identity.size));
    const record = this.records.obtain(path.real, { ...loaded.identity, links: loaded.links });
    record.syncTo(loaded.doc.lines, loaded.identity.digest);
    return new SessionFile(
      path,
      loaded,
      record,
      () => this.records.settle(),
      (doc, digest, bytes) => this.documents.remember(path.real, digest, doc, bytes),
      this.analyses,
    );
  }

  /**
   * Presents an answer about one file read without the session loading it (a read page, whole or streamed), as of
   * `version`: its record is brought to that version, then the rows the kept answer shows are recorded. Inside the
   * file's queue.
   */
  presentRead(path: GuardedPath, version: VersionSeen, answer: Answer, maxTokens: number): string {
    const record = this.records.obtain(path.real, version.id);
    if (version.hashes !== undefined) record.sync(version.hashes, version.digest);
    else record.syncTo(version.lines as readonly string[], version.digest);
    const text = presentAnswer(answer, maxTokens, (items) => recordShown(record, version.lines, items));
    this.records.settle();
    return text;
  }

  /**
   * Presents a search's answer: rows of many files, each as of the bytes the search read (`source.digest`). Each
   * file's rows are recorded in its own queue, queued before the answer leaves, so any later call on that file
   * finds them recorded. A file whose bytes changed since the search had its rows shown as they no longer are:
   * those refs are recorded as refused (never placed on today's lines by guess).
   */
  presentFound(resolve: Resolve, answer: Answer, maxTokens: number): string {
    return presentAnswer(answer, maxTokens, (items) => {
      for (const [real, found] of foundByFile(items)) {
        // Queued now, so any later call on the file finds the rows recorded; done once the answer has left.
        const record = (path: GuardedPath) => afterAnswer().then(() => this.recordFound(path, found));
        this.withPath(resolve, real, record, real).catch(() => undefined);
      }
    });
  }

  /** Records a file lapp just created (`lines`, its bytes' `digest`) and presents the answer showing it. */
  presentCreated(
    path: GuardedPath,
    lines: readonly string[],
    digest: bigint | undefined,
    answer: Answer,
    maxTokens: number,
  ): string {
    const record = this.records.obtain(path.real);
    // A file that had a record before (deleted, then created again): every line it showed is gone.
    if (record.lineCount > 0 || record.entries > 0) {
      const whole = { start: 1, lineCount: lines.length, oldStart: 1, removedCount: record.lineCount };
      record.carry([whole], lines, digest);
    } else record.syncTo(lines, digest);
    const text = presentAnswer(answer, maxTokens, (items) => recordShown(record, lines, items));
    this.records.settle();
    return text;
  }

  /** A file lapp deleted (or moved away): every line it showed of it is gone, so no ref into it means a line. */
  forgetFile(path: GuardedPath): void {
    const record = this.records.peek(path.real);
    if (record === undefined) return;
    record.carry([{ start: 1, lineCount: 0, oldStart: 1, removedCount: record.lineCount }], []);
    this.records.settle();
  }

  /**
   * Records a search's rows of one file, in its queue. Most often the file still holds the bytes searched and only
   * the rows' text is decoded; a file lapp has no version of yet gets its lines hashed when it is next loaded
   * (ShownRecord.expect), so a search over big files costs the main thread little more than reading them again.
   */
  private recordFound(path: GuardedPath, found: FoundRows): void {
    const read = () => readWholeFile(path, (relative) => this.guard.isBlocked(relative), MAX_EDIT_BYTES);
    let raw = read();
    // Replaced while being opened (a rename over it): read again, the file settles.
    for (let again = 0; again < RECORD_READ_RETRIES && !raw.ok && raw.error.code === "FILE_CHANGED"; again++)
      raw = read();
    if (!raw.ok) {
      // The model has these refs now, and lapp cannot tell what their lines hold: refused, never a guess by number.
      const record = this.records.obtain(path.real);
      record.showStale(found.rows, Math.max(record.lineCount, ...found.rows.map((row) => row.line)));
      this.records.settle();
      return;
    }
    if (isBinary(raw.value.bytes)) return;
    const { bytes, identity, links } = raw.value;
    const record: ShownRecord = this.records.obtain(path.real, { ...identity, links });
    const rows = found.rows.map((row) => row.line);
    if (found.digest !== undefined && found.digest === identity.digest) {
      // The bytes the search read: its rows are exactly these lines.
      const { count, lines } = someLines(bytes, rows);
      if (!record.expect(identity.digest, count) && record.knownVersion?.digest !== identity.digest)
        record.sync(versionHashes(bytes), identity.digest);
      record.show(lines, rows);
    } else {
      // Changed since the search: its rows are carried from the version it read, or refused.
      const { lines } = decodeDocument(bytes);
      record.syncTo(lines, identity.digest);
      record.showOlder(found.digest, found.rows, lines);
    }
    this.records.settle();
  }
}

/** Reads again of a file replaced while its search rows were being recorded, before they are recorded as stale. */
const RECORD_READ_RETRIES = 3;

/** A macrotask later: after the answer being built has been handed to the transport. */
function afterAnswer(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

interface FoundRows {
  digest: bigint | undefined;
  rows: { line: number; id: string }[];
}

/** The ID a shown line was displayed with. */
function idOf(shown: ShownLine): string {
  return shown.ref?.split("#")[1] ?? lineId(shown.line, shown.text);
}

/** The lines kept items show, by the real path of their file (rows without a source are not a search's). */
function foundByFile(items: readonly AnswerItem[]): Map<string, FoundRows> {
  const files = new Map<string, FoundRows>();
  for (const item of items)
    for (const shown of item.shows ?? []) {
      if (shown.source === undefined) continue;
      const file = files.get(shown.source.real) ?? { digest: shown.source.digest, rows: [] };
      file.rows.push({ line: shown.line, id: idOf(shown) });
      files.set(shown.source.real, file);
    }
  return files;
}
