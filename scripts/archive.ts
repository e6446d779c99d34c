// Builds the one-file release archives (.tar.gz and .zip) in memory, byte-for-byte reproducible.
// Written here instead of shelling out because GNU tar, bsdtar and zip disagree on the flags that pin owners/times.

import { deflateRawSync, gzipSync } from "node:zlib";

export interface ArchiveEntry {
  name: string;
  bytes: Uint8Array;
  /** Unix permission bits, e.g. 0o755. */
  mode: number;
  /** Seconds since the epoch (the commit time), so rebuilding a commit yields identical archives. */
  mtime: number;
}

const BLOCK = 512;

/** A POSIX ustar archive holding one regular file, gzip-compressed. */
export function tarGz(entry: ArchiveEntry, level = 9): Uint8Array {
  if (entry.name.length > 100) throw new Error(`tar member name too long: ${entry.name}`);
  const header = new Uint8Array(BLOCK);
  const ascii = (offset: number, text: string) => header.set(new TextEncoder().encode(text), offset);
  const octal = (offset: number, width: number, value: number) =>
    ascii(offset, `${value.toString(8).padStart(width - 1, "0")}\0`);
  ascii(0, entry.name);
  octal(100, 8, entry.mode);
  octal(108, 8, 0); // uid
  octal(116, 8, 0); // gid
  octal(124, 12, entry.bytes.length);
  octal(136, 12, entry.mtime);
  ascii(148, "        "); // the checksum is computed with its own field as spaces
  ascii(156, "0"); // regular file
  ascii(257, "ustar\0");
  ascii(263, "00");
  const checksum = header.reduce((sum, byte) => sum + byte, 0);
  ascii(148, `${checksum.toString(8).padStart(6, "0")}\0 `);

  const padded = Math.ceil(entry.bytes.length / BLOCK) * BLOCK;
  // Header, data padded to a block, then two zero blocks that end the archive.
  const tar = new Uint8Array(BLOCK + padded + 2 * BLOCK);
  tar.set(header, 0);
  tar.set(entry.bytes, BLOCK);
  return new Uint8Array(gzipSync(tar, { level }));
}

/** A zip archive holding one deflated file (no extra fields, so no host-dependent bytes). */
export function zip(entry: ArchiveEntry, level = 9): Uint8Array {
  const name = new TextEncoder().encode(entry.name);
  const data = new Uint8Array(deflateRawSync(entry.bytes, { level }));
  const crc = Bun.hash.crc32(entry.bytes);
  const { time, date } = dosDateTime(entry.mtime);

  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 20, true); // version needed: deflate
  local.setUint16(6, 0, true); // flags
  local.setUint16(8, 8, true); // method: deflate
  local.setUint16(10, time, true);
  local.setUint16(12, date, true);
  local.setUint32(14, crc, true);
  local.setUint32(18, data.length, true);
  local.setUint32(22, entry.bytes.length, true);
  local.setUint16(26, name.length, true);
  local.setUint16(28, 0, true); // extra length

  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, (3 << 8) | 20, true); // made by Unix, so unzip restores the permission bits below
  central.setUint16(6, 20, true);
  central.setUint16(8, 0, true);
  central.setUint16(10, 8, true);
  central.setUint16(12, time, true);
  central.setUint16(14, date, true);
  central.setUint32(16, crc, true);
  central.setUint32(20, data.length, true);
  central.setUint32(24, entry.bytes.length, true);
  central.setUint16(28, name.length, true);
  // extra, comment, disk number, internal attributes: all zero
  central.setUint32(38, ((0o100000 | entry.mode) << 16) >>> 0, true); // external attributes: regular file + mode
  central.setUint32(42, 0, true); // the local header is at offset 0

  const centralOffset = 30 + name.length + data.length;
  const centralSize = 46 + name.length;
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true); // entries on this disk
  end.setUint16(10, 1, true); // entries in total
  end.setUint32(12, centralSize, true);
  end.setUint32(16, centralOffset, true);

  return concat([
    new Uint8Array(local.buffer),
    name,
    data,
    new Uint8Array(central.buffer),
    name,
    new Uint8Array(end.buffer),
  ]);
}

/** MS-DOS date and time fields, in UTC so the archive does not depend on the build machine's time zone. */
function dosDateTime(epochSeconds: number): { time: number; date: number } {
  const at = new Date(Math.max(epochSeconds, 315532800) * 1000); // DOS dates start in 1980
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
