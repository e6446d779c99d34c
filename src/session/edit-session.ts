// The edit session: per file, the queue that serializes calls, path resolution inside that queue, the loaded
// file, the record of rows lapp showed (kept true through lapp's own writes), the commit and the new version.
// Tools go through it, so none can forget to record what it showed or verify a ref its own way.

import { unwrap } from "../errors.ts";
import { FileQueue } from "../files/file-queue.ts";
import { loadTextFile } from "../files/load.ts";
import { MAX_EDIT_BYTES } from "../limits.ts";
import type { GuardedPath, PathGuard } from "../security/guard.ts";
import { refOf } from "../hashline/hash.ts";
import { KnownDocuments } from "./known-documents.ts";
import { SessionFile } from "./session-file.ts";
import type { ShownRecord } from "./shown-record.ts";
import { ShownRecords } from "./shown-records.ts";

export type Resolve = (raw: string) => GuardedPath;

/**
 * A version of a file as a search saw it, with the full text of the rows it showed: every line's text hash and the
 * digest of its bytes — or only that digest (`sameAs`), when the search found the very bytes the file's record
 * already describes.
 */
export type FoundVersion = {
  texts: ReadonlyArray<readonly [line: number, text: string]>;
} & ({ hashes: Uint32Array; digest: bigint } | { sameAs: bigint });

export class EditSession {
  private readonly queue = new FileQueue();
  /** Documents decoded or written last: a load of the same bytes reuses them (known-documents.ts). */
  readonly documents = new KnownDocuments();

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
    const record = this.sync(path.real, loaded.doc.lines, loaded.identity.digest);
    return new SessionFile(
      path,
      loaded,
      record,
      () => this.records.settle(),
      (doc, digest, bytes) => this.documents.remember(path.real, digest, doc, bytes),
    );
  }

  /**
   * Records rows of a file whose whole text is at hand: `lines` is the file as it is now. `refresh` for a read
   * page, which supersedes older showings of the lines it shows again (docs/format.md).
   */
  showRows(
    realPath: string,
    lines: readonly string[],
    rows: Iterable<number>,
    refresh = false,
    digest?: bigint,
  ): void {
    this.sync(realPath, lines, digest).show(lines, rows, refresh);
    this.records.settle();
  }

  /** Records rows of a file read by streaming (too large to hold): only the rows themselves are known. */
  showStreamed(realPath: string, rows: readonly { line: number; text: string }[]): void {
    const record = this.records.obtain(realPath);
    for (const row of rows) record.showStreamed(row.line, row.text);
    this.records.settle();
  }

  /**
   * Records the rows a search showed of a file (`refs` by line), in the file's queue. With `version` (every line's
   * hash and the shown rows' text, from the very bytes the rows were taken from) the rows join the record as of
   * that version, and a later change is found by the usual diff; a caller may then leave this running, since any
   * later call on the file queues behind it. Without it the file is read again and rows that no longer match it
   * (it changed since) are not recorded. Refs that do not match their row's text are never recorded.
   * `walked`: `input` is a real path as a search's walk found it (it follows no symlink), so it names the file's
   * queue as is; the path is still checked in the queue. A search shows dozens of files, and resolving each path
   * name by name twice took ~3 ms of the main thread per search of a deep tree.
   */
  async showFound(
    resolve: Resolve,
    input: string,
    refs: ReadonlyMap<number, string>,
    version?: Promise<FoundVersion>,
    walked = false,
  ): Promise<void> {
    await this.withPath(
      resolve,
      input,
      async (path) => {
        if (version === undefined) {
          const loaded = loadTextFile(path, (relative) => this.guard.isBlocked(relative), MAX_EDIT_BYTES);
          if (!loaded.ok) return;
          const { lines } = loaded.value.doc;
          this.showRows(path.real, lines, matchingRows(refs, lines));
          return;
        }
        const found = await version;
        const record = this.records.obtain(path.real);
        let lineCount: number;
        if ("sameAs" in found) {
          // The bytes of the version the record holds (by digest); an edit that landed meanwhile changed that
          // version, and then the rows go unrecorded (their refs follow the plain rule).
          const known = record.knownVersion;
          if (known === undefined || known.digest !== found.sameAs) return;
          lineCount = known.lines;
        } else {
          record.sync(found.hashes, found.digest);
          lineCount = found.hashes.length;
        }
        // Only the shown rows' text is known: the record reads no other line of `lines` when showing rows.
        const lines: string[] = new Array<string>(lineCount);
        for (const [line, text] of found.texts) if (line >= 1 && line <= lineCount) lines[line - 1] = text;
        record.show(lines, matchingRows(refs, lines));
        this.records.settle();
      },
      walked ? input : undefined,
    );
  }

  /** Records a file lapp just created as shown in the rows its answer lists. */
  showCreated(realPath: string, lines: readonly string[], rows: Iterable<number>): void {
    this.records.forget(realPath);
    this.showRows(realPath, lines, rows);
  }

  /** `digest`: of the bytes `lines` were decoded from, when known (a load of unchanged bytes hashes nothing). */
  private sync(realPath: string, lines: readonly string[], digest?: bigint): ShownRecord {
    const record = this.records.obtain(realPath);
    record.syncTo(lines, digest);
    return record;
  }
}

/** The shown rows whose ref matches their line's text in `lines` (lines not known count as not matching). */
function matchingRows(refs: ReadonlyMap<number, string>, lines: readonly (string | undefined)[]): number[] {
  const rows: number[] = [];
  for (const [line, ref] of refs) {
    const text = line <= lines.length ? lines[line - 1] : undefined;
    if (text !== undefined && refOf(line, text) === ref) rows.push(line);
  }
  return rows;
}
