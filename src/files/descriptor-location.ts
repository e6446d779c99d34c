// Where an open descriptor really is, as the system tells it: Linux reads /proc/self/fd, Windows asks
// GetFinalPathNameByHandleW (through bun:ffi) about a handle proven to be the same file. Where a file was opened by
// path (no descriptor-relative open), this is what shows a directory on the way was swapped for a link out of the root.

import { fstatSync, readlinkSync } from "node:fs";
import { decodeName } from "../text/byte-names.ts";
import { loadOnce } from "./fs-native.ts";
import { nativeSpelling, parentOf, samePath, slashed, verbatim } from "./path-spelling.ts";

/** What the system says about a descriptor: its path now, that it cannot tell, or that it is not provably anywhere. */
export type Location = { at: string } | "unknown" | "elsewhere";

/** How this platform locates descriptors; tests and other platforms may give their own. */
export type Locator = (fd: number, openedAs: string) => Location;

/** This platform's locator: /proc on Linux, the Windows API on Windows, none elsewhere (macOS has no /proc). */
export const hostLocator: Locator =
  process.platform === "linux"
    ? procLocation
    : process.platform === "win32"
      ? (fd, openedAs) => windowsLocation(fd, openedAs)
      : () => "unknown";

/**
 * Linux: the kernel's answer, `… (deleted)` for an unlinked file, its bytes decoded exactly (src/text/byte-names.ts:
 * a lossy decode would make a name that is not UTF-8 look like another); "unknown" without /proc.
 */
function procLocation(fd: number): Location {
  try {
    return { at: decodeName(readlinkSync(`/proc/self/fd/${fd}`, { encoding: "buffer" })) };
  } catch {
    return "unknown";
  }
}

/**
 * Whether `fd`, opened as `openedAs`, is exactly at `expected` now. True where the system cannot tell (the caller's
 * other checks stand alone there: docs/safety.md's table says where).
 */
export function locatedAt(fd: number, openedAs: string, expected: string, locate = hostLocator): boolean {
  const location = locate(fd, openedAs);
  if (location === "unknown") return true;
  return location !== "elsewhere" && samePath(location.at, expected);
}

/**
 * Whether `fd`, a file opened by path, is the file at `expected`: there now, or removed or replaced there since it was
 * opened (Linux then adds ` (deleted)`). Not a file that is an entry elsewhere, even in the same directory: a name
 * the system followed to another file (a link it does not show as one) is not the name that was checked.
 */
export function locatedAsOpened(
  fd: number,
  openedAs: string,
  expected: string,
  locate = hostLocator,
): boolean {
  const location = locate(fd, openedAs);
  if (location === "unknown") return true;
  return location !== "elsewhere" && samePath(location.at.replace(/ \(deleted\)$/, ""), expected);
}

/**
 * Whether `fd`, a file opened by one name in `directory`, is still an entry of that directory (renamed within it, or
 * replaced there since: Linux then adds ` (deleted)`). True where the system cannot tell.
 */
export function locatedIn(fd: number, openedAs: string, directory: string, locate = hostLocator): boolean {
  const location = locate(fd, openedAs);
  if (location === "unknown") return true;
  if (location === "elsewhere") return false;
  return samePath(parentOf(location.at.replace(/ \(deleted\)$/, "")), directory);
}

// ---- Windows ----------------------------------------------------------------------------------------------------

const FILE_READ_ATTRIBUTES = 0x80;
const SHARE_ALL = 0x1 | 0x2 | 0x4; // read, write, delete: this handle never stands in anyone's way
const OPEN_EXISTING = 3;
/** Directories open too; a link at the last name is opened itself, as O_NOFOLLOW would. */
const FLAGS = 0x02000000 /* BACKUP_SEMANTICS */ | 0x00200000; /* OPEN_REPARSE_POINT */
const INFO_BYTES = 52; // BY_HANDLE_FILE_INFORMATION
const PATH_UNITS = 32_768;

interface WindowsApi {
  open(path: Buffer): bigint;
  close(handle: bigint): void;
  information(handle: bigint, into: Buffer): boolean;
  /** The handle's path as `\\?\C:\…`; undefined when the system does not tell. */
  finalPath(handle: bigint): string | undefined;
}

const windowsApi = loadOnce<WindowsApi>(() => {
  const { dlopen, FFIType, ptr: addressOf } = require("bun:ffi") as typeof import("bun:ffi");
  const { u32, i32, u64, ptr } = FFIType;
  const { symbols } = dlopen("kernel32.dll", {
    CreateFileW: { args: [ptr, u32, u32, ptr, u32, u32, ptr], returns: u64 },
    CloseHandle: { args: [u64], returns: i32 },
    GetFileInformationByHandle: { args: [u64, ptr], returns: i32 },
    GetFinalPathNameByHandleW: { args: [u64, ptr, u32, u32], returns: u32 },
  });
  const nt = dlopen("ntdll.dll", {
    NtQueryObject: { args: [u64, u32, ptr, u32, ptr], returns: i32 },
  }).symbols;
  const buffer = Buffer.alloc(PATH_UNITS * 2 + 16);
  return {
    open: (path) =>
      BigInt(symbols.CreateFileW(path, FILE_READ_ATTRIBUTES, SHARE_ALL, null, OPEN_EXISTING, FLAGS, null)),
    close: (handle) => void symbols.CloseHandle(handle),
    information: (handle, into) => symbols.GetFileInformationByHandle(handle, into) !== 0,
    finalPath(handle) {
      const units = symbols.GetFinalPathNameByHandleW(handle, buffer, PATH_UNITS, 0);
      if (units > 0 && units < PATH_UNITS) return buffer.toString("utf16le", 0, units * 2);
      // Wine 8 answers ERROR_MORE_DATA past 260 characters whatever the buffer; its object name is `\??\Z:\…`, a
      // DOS path. (Windows names the device there, `\Device\HarddiskVolume3\…`: not taken.)
      if (nt.NtQueryObject(handle, OBJECT_NAME_INFORMATION, buffer, buffer.length, null) !== 0)
        return undefined;
      const bytes = buffer.readUInt16LE(0);
      const at = Number(buffer.readBigUInt64LE(8) - BigInt(addressOf(buffer)));
      if (at < 0 || at + bytes > buffer.length) return undefined;
      const name = buffer.toString("utf16le", at, at + bytes);
      return /^\\\?\?\\[A-Za-z]:\\/.test(name) ? name : undefined;
    },
  };
});

const OBJECT_NAME_INFORMATION = 1;

/** What the system calls each drive's root (`Z:/` → `//server/share/` for a mapped drive), by drive, this thread. */
const driveFinals = new Map<string, string | undefined>();

function driveFinal(drive: string): string | undefined {
  if (driveFinals.has(drive)) return driveFinals.get(drive);
  const api = windowsApi();
  let final: string | undefined;
  const handle = api?.open(Buffer.from(`${verbatim(drive, "win32")}\0`, "utf16le"));
  if (api && handle !== undefined && handle !== INVALID_HANDLE && handle !== 0n) {
    final = api.finalPath(handle);
    api.close(handle);
  }
  driveFinals.set(drive, final);
  return final;
}

/**
 * The system's answer for a file (`final`) spelled through the drive `openedAs` names: a mapped drive's files are
 * answered as `\\?\UNC\server\share\…`, a `subst` drive's as the folder behind it, while lapp's paths (the root's
 * real path) keep the drive letter. Only the drive's own root is translated, never a folder below it, so a link
 * swapped in below the root still shows. `finalOfDrive` tells what the system calls a drive's root.
 */
export function throughDrive(
  final: string,
  openedAs: string,
  finalOfDrive: (drive: string) => string | undefined,
): string {
  const drive = /^(?:[A-Z]:\/|\/\/[^/]+\/[^/]+\/)/.exec(slashed(openedAs, "win32"))?.[0];
  const answered = slashed(final, "win32");
  if (drive === undefined || answered.toLowerCase().startsWith(drive.toLowerCase())) return answered;
  const base = finalOfDrive(drive);
  if (base === undefined) return answered;
  const prefix = slashed(base, "win32").replace(/\/?$/, "/");
  return answered.toLowerCase().startsWith(prefix.toLowerCase())
    ? drive + answered.slice(prefix.length)
    : answered;
}

const INVALID_HANDLE = 0xffffffffffffffffn;

/**
 * Windows: a descriptor's handle is private to Bun's C runtime, so lapp opens `openedAs` once more (attributes only,
 * sharing everything), proves it is the same file (volume serial and file index against the descriptor's device and
 * inode), and asks where that is. A different file, or one that cannot be opened again, is "elsewhere".
 */
function windowsLocation(fd: number, openedAs: string): Location {
  const api = windowsApi();
  if (!api) return "unknown";
  // Verbatim: as deep as the path Bun opened (past 260 characters), and no name rewritten on the way.
  const handle = api.open(Buffer.from(`${verbatim(openedAs, "win32")}\0`, "utf16le"));
  if (handle === INVALID_HANDLE || handle === 0n) return "elsewhere";
  try {
    const info = Buffer.alloc(INFO_BYTES);
    if (!api.information(handle, info)) return "elsewhere";
    const volume = BigInt(info.readUInt32LE(28));
    const index = (BigInt(info.readUInt32LE(44)) << 32n) | BigInt(info.readUInt32LE(48));
    const stats = fstatSync(fd, { bigint: true });
    if (stats.dev !== volume || stats.ino !== index) return "elsewhere";
    const path = api.finalPath(handle);
    if (path === undefined) return "elsewhere";
    return { at: nativeSpelling(throughDrive(path, openedAs, driveFinal), "win32") };
  } finally {
    api.close(handle);
  }
}
