// SHA256SUMS in the format `sha256sum` writes and `sha256sum -c` / `shasum -a 256 -c` read: `<hex>  <name>`.
// Pure text in, text out; dist writes the file, formula and verify-release read it back.

export type ChecksumTable = ReadonlyMap<string, string>;

export type ParsedChecksums = { ok: true; sums: ChecksumTable } | { ok: false; problem: string };

/** One line per file, sorted by name so the file is the same on every build. */
export function renderChecksums(sums: ChecksumTable): string {
  return [...sums]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, hex]) => `${hex}  ${name}\n`)
    .join("");
}

// `*name` is sha256sum's binary-mode marker; both modes hash the same bytes on every platform we publish for.
const LINE = /^([0-9a-fA-F]{64}) [ *](.+)$/;

export function parseChecksums(text: string): ParsedChecksums {
  const sums = new Map<string, string>();
  const lines = text.split("\n");
  for (const [index, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, "");
    if (line === "") continue;
    const match = LINE.exec(line);
    if (!match)
      return { ok: false, problem: `line ${index + 1} is not "<sha256>  <name>": ${JSON.stringify(line)}` };
    const [, hex, name] = match as unknown as [string, string, string];
    if (sums.has(name)) return { ok: false, problem: `line ${index + 1} lists ${name} a second time` };
    sums.set(name, hex.toLowerCase());
  }
  if (sums.size === 0) return { ok: false, problem: "no checksums in the file" };
  return { ok: true, sums };
}

export function sha256Hex(bytes: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
}
