// Reads a file for searching the way ripgrep does: through one small line buffer per thread (64 KiB, grown only
// for longer lines), handing out regions of complete lines. Fresh memory is costly, so buffers are reused.

import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { hostLocator, locatedAt } from "../files/descriptor-location.ts";
import { DIRECTORY, nativeFs, NOFOLLOW, NONBLOCK } from "../files/fs-native.ts";
import { fsPath } from "../text/byte-names.ts";
import { RIPGREP_BUFFER_BYTES, WHOLE_READ_MAX_BYTES } from "./limits.ts";

const SEARCH_FLAGS = constants.O_RDONLY | NOFOLLOW | NONBLOCK;

/**
 * Opens a walked file for reading, the way nothing outside the root can be read: no-follow and non-blocking (a
 * FIFO swapped in cannot hang the search), a regular file only, and where the system tells (Linux, Windows) the
 * descriptor's real path must be exactly the walked path (a directory on the way swapped for a symlink sends it
 * elsewhere). Undefined otherwise.
 */
export function openForSearch(
  path: string,
  directories?: SearchDirectories,
): { fd: number; stats: Stats } | undefined {
  const beneath = directories?.open(path);
  let fd: number;
  try {
    fd = beneath
      ? beneath.native.openat(beneath.fd, beneath.name, SEARCH_FLAGS)
      : openSync(fsPath(path), SEARCH_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    // Opened by name inside a directory checked to be exactly the walked one: no symlink on the way.
    if (stats.isFile() && (beneath !== undefined || locatedAt(fd, path, path))) return { fd, stats };
  } catch {
    // fall through: not searchable
  }
  closeQuietly(fd);
  return undefined;
}

/**
 * A file the native prefilter opened (the way openForSearch opens one, through a checked directory) and left open
 * for the search: checked again to be a regular file. Closed and undefined otherwise.
 */
export function adoptForSearch(fd: number): { fd: number; stats: Stats } | undefined {
  try {
    const stats = fstatSync(fd);
    if (stats.isFile()) return { fd, stats };
  } catch {
    // fall through: not searchable
  }
  closeQuietly(fd);
  return undefined;
}

/**
 * The directories of a batch's files, each opened once (no-follow) and checked like a file would be: its real
 * path must be exactly the walked one — when it is opened and again when its run of files is done, so a directory
 * moved out of the root meanwhile refuses the files opened through it (`refused`). Files are opened by name inside
 * it (openat, no-follow), which needs no check of their own: a batch holds runs of files from one directory, so
 * this saves a /proc lookup per file. Only where the platform tells a descriptor's path (Linux); elsewhere files
 * are opened by path as before.
 */
export class SearchDirectories {
  /** The caller's tag for the file being opened (its index in the batch). */
  tag = 0;
  /** Tags of files opened through a directory that was no longer at its walked path when checked again. */
  readonly refused = new Set<number>();
  private path: string | undefined;
  private fd: number | undefined;
  private run: number[] = [];
  private readonly native = nativeFs();

  /** The checked directory holding `path` and the name to open in it; undefined: open `path` itself. */
  open(
    path: string,
  ): { native: NonNullable<ReturnType<typeof nativeFs>>; fd: number; name: string } | undefined {
    const native = this.native;
    const slash = path.lastIndexOf("/");
    if (!native || slash < 0) return undefined;
    const directory = slash === 0 ? "/" : path.slice(0, slash);
    if (directory !== this.path) {
      this.close();
      this.path = directory;
      this.fd = openCheckedDirectory(directory);
    }
    // A directory that fails its check: the file is opened by path and checked by itself (and refused).
    if (this.fd === undefined) return undefined;
    this.run.push(this.tag);
    return { native, fd: this.fd, name: path.slice(slash + 1) };
  }

  /** Checks the current directory again (its files opened through it are refused if it moved) and closes it. */
  close(): void {
    if (this.fd !== undefined) {
      if (!exactlyAt(this.fd, this.path ?? "")) for (const tag of this.run) this.refused.add(tag);
      closeQuietly(this.fd);
    }
    this.fd = undefined;
    this.path = undefined;
    this.run = [];
  }
}

function openCheckedDirectory(directory: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(fsPath(directory), constants.O_RDONLY | DIRECTORY | NOFOLLOW);
  } catch {
    return undefined;
  }
  if (exactlyAt(fd, directory)) return fd;
  closeQuietly(fd);
  return undefined;
}

/** Only where the system tells: a directory it cannot locate is not used (its files are opened by path). */
function exactlyAt(fd: number, path: string): boolean {
  const location = hostLocator(fd, path);
  return typeof location === "object" && location.at === path;
}

/** A region of complete lines: `bytes` is a view into the shared buffer, valid until the next `next()`. */
export interface Region {
  bytes: Buffer;
  /** File offset of `bytes[0]`. */
  offset: number;
}

let lineBuffer = Buffer.allocUnsafe(RIPGREP_BUFFER_BYTES);

/**
 * ripgrep's line buffer: each fill reads into the free space; when the new bytes hold a NUL the file is given up
 * (that buffer is not searched), otherwise the complete lines are handed out and the partial last line rolls to
 * the front. A buffer without any line terminator grows (×3, like ripgrep) until one fits.
 */
export class RegionReader {
  /** A NUL byte stopped the reading (ripgrep calls the file binary). */
  stoppedAtNul = false;
  /** Bytes handed out in regions so far. */
  private handedOut = 0;
  private start = 0;
  private end = 0;
  private fileOffset = 0;
  private eof = false;
  /** Bytes of the first fill, read by `first()` and not yet examined by `next()`. */
  private primed = false;
  /**
   * This file's buffer size, as ripgrep's would be: 64 KiB, grown only by this file's long lines. The shared
   * buffer may be larger from an earlier file, but reading more per fill would change where a NUL stops ripgrep.
   */
  private capacity = RIPGREP_BUFFER_BYTES;

  /** The file is longer than the reader's limit (it stops reading). */
  tooLarge = false;
  private total = 0;

  /** `maxBytes`: reading stops (tooLarge) past this many bytes. */
  constructor(
    private readonly fd: number,
    private readonly maxBytes: number,
  ) {}

  /** Performs the first fill and returns its raw bytes (for the binary and BOM checks) without handing them out. */
  first(): Buffer {
    const read = this.read();
    this.primed = true;
    return lineBuffer.subarray(0, read);
  }

  /** True when nothing at all was handed out before a NUL stopped the reading. */
  get nulInFirstBuffer(): boolean {
    return this.stoppedAtNul && this.handedOut === 0;
  }

  next(): Region | undefined {
    if (this.stoppedAtNul || this.tooLarge) return undefined;
    if (this.start > 0) {
      // Roll the partial line to the front.
      lineBuffer.copy(lineBuffer, 0, this.start, this.end);
      this.end -= this.start;
      this.start = 0;
    }
    let fresh = 0; // where the bytes not yet examined begin
    if (this.primed) {
      this.primed = false;
      if (this.end === 0) this.eof = true;
    } else {
      fresh = this.end;
      if (!this.eof) this.read();
    }
    while (true) {
      if (this.tooLarge) return undefined;
      const added = lineBuffer.subarray(fresh, this.end);
      if (added.indexOf(0) !== -1) {
        this.stoppedAtNul = true;
        return undefined;
      }
      const newline = added.lastIndexOf(10);
      if (newline !== -1) return this.hand(fresh + newline + 1);
      if (this.eof) return this.hand(this.end);
      fresh = this.end;
      this.read();
    }
  }

  /**
   * Reads into the free space (growing the buffer when it is full). A short read of a regular file means its end,
   * which saves the extra read (and the fstat) per file that would otherwise only confirm it.
   */
  private read(): number {
    if (this.end === this.capacity) this.grow();
    const wanted = this.capacity - this.end;
    const read = readSync(this.fd, lineBuffer, this.end, wanted, this.fileOffset);
    this.end += read;
    this.fileOffset += read;
    this.total += read;
    if (read < wanted) this.eof = true;
    if (this.total > this.maxBytes) this.tooLarge = true;
    return read;
  }

  private hand(cut: number): Region | undefined {
    if (cut === 0) return undefined;
    const offset = this.fileOffset - this.end;
    this.start = cut;
    this.handedOut += cut;
    return { bytes: lineBuffer.subarray(0, cut), offset };
  }

  private grow(): void {
    this.capacity *= 3;
    if (lineBuffer.length >= this.capacity) return;
    const bigger = Buffer.allocUnsafe(this.capacity);
    lineBuffer.copy(bigger, 0, 0, this.end);
    lineBuffer = bigger;
  }
}

let wholeBuffer: Buffer = Buffer.allocUnsafe(0);

/** How big this thread's kept whole-read buffer has grown (bytes). */
export function keptWholeBytes(): number {
  return wholeBuffer.length;
}

/**
 * The whole file (for rows of matching files and for UTF-16 / Latin-1 files), in a reused buffer; undefined when
 * it is larger than `maxBytes`.
 */
export function readWhole(fd: number, maxBytes: number): Buffer | undefined {
  const size = fstatSync(fd).size;
  if (size > maxBytes) return undefined;
  // The kept buffer doubles (fewer regrowths) up to the largest size searched whole; a bigger file, read whole only
  // for its rows, gets a buffer of its own that is let go: each thread keeps one, so it bounds the server's memory.
  if (size > WHOLE_READ_MAX_BYTES) return fill(fd, Buffer.allocUnsafeSlow(size), size);
  if (wholeBuffer.length < size)
    wholeBuffer = Buffer.allocUnsafeSlow(
      Math.min(Math.max(size, wholeBuffer.length * 2), WHOLE_READ_MAX_BYTES),
    );
  return fill(fd, wholeBuffer, size);
}

function fill(fd: number, buffer: Buffer, size: number): Buffer {
  let filled = 0;
  while (filled < size) {
    const read = readSync(fd, buffer, filled, size - filled, filled);
    if (read === 0) break;
    filled += read;
  }
  return buffer.subarray(0, filled);
}

export function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // nothing to do: the file was only read
  }
}
