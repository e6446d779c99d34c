// The edit session: per file, the queue that serializes calls, path resolution inside that queue, the loaded
// file, the record of rows lapp showed (kept true through lapp's own writes), the commit and the new version.
// Tools go through it, so none can forget to record what it showed or verify a ref its own way.

import { unwrap } from "../errors.ts";
import { FileQueue } from "../files/file-queue.ts";
import { loadTextFile, type KnownDocument } from "../files/load.ts";
import { MAX_EDIT_BYTES } from "../limits.ts";
import type { GuardedPath, PathGuard } from "../security/guard.ts";
import { refOf } from "../hashline/hash.ts";
import { SessionFile } from "./session-file.ts";
import type { ShownRecord } from "./shown-record.ts";
import { ShownRecords } from "./shown-records.ts";

export type Resolve = (raw: string) => GuardedPath;

export class EditSession {
  private readonly queue = new FileQueue();
  /**
   * The last document lapp wrote (one file, so its memory stays one file's): agents edit one file call after call,
   * and the next load of the same bytes reuses it instead of decoding and splitting them again.
   */
  private lastWritten: (KnownDocument & { realPath: string }) | undefined;

  constructor(
    private readonly guard: PathGuard,
    readonly records = new ShownRecords(),
  ) {}

  /**
   * Runs `task` with the file `input` names to itself. The path is checked once to find the file's queue, then
   * again inside it: what an earlier call in the queue did (a rename over the file) is settled by then.
   */
  async withPath<T>(
    resolve: Resolve,
    input: string,
    task: (path: GuardedPath) => T | Promise<T>,
  ): Promise<T> {
    const key = resolve(input).real;
    return this.queue.run(key, () => task(resolve(input)));
  }

  /** Like `withPath`, with the file loaded as text and its record brought up to date. */
  withFile<T>(resolve: Resolve, input: string, task: (file: SessionFile) => T | Promise<T>): Promise<T> {
    return this.withPath(resolve, input, (path) => task(this.open(path)));
  }

  /** Loads a guarded path as text and syncs its record (inside the file's queue). */
  open(path: GuardedPath): SessionFile {
    const known = this.lastWritten?.realPath === path.real ? this.lastWritten : undefined;
    const isBlocked = (relative: string) => this.guard.isBlocked(relative);
    const loaded = unwrap(loadTextFile(path, isBlocked, MAX_EDIT_BYTES, known));
    const record = this.sync(path.real, loaded.doc.lines, loaded.identity.digest);
    return new SessionFile(
      path,
      loaded,
      record,
      () => this.records.settle(),
      (doc, digest) => (this.lastWritten = { realPath: path.real, doc, digest }),
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
   * Records the rows a search showed of a file (`refs` by line). The file is read again in its queue so the rows
   * join the record of its current version; rows that no longer match it (it changed since) are not recorded.
   */
  async showFound(resolve: Resolve, input: string, refs: ReadonlyMap<number, string>): Promise<void> {
    await this.withPath(resolve, input, (path) => {
      const loaded = loadTextFile(path, (relative) => this.guard.isBlocked(relative), MAX_EDIT_BYTES);
      if (!loaded.ok) return;
      const { lines } = loaded.value.doc;
      const rows = [...refs].filter(
        ([line, ref]) => line <= lines.length && refOf(line, lines[line - 1]!) === ref,
      );
      this.showRows(
        path.real,
        lines,
        rows.map(([line]) => line),
      );
    });
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
