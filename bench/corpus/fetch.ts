// Fetches the pinned tarballs with `npm pack` into bench/.cache, verifies their sha512 integrity and unpacks them.
// Everything after the first run is offline: a verified, unpacked tarball is reused as it is.

import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { BENCH_DIR, type FileRef, type Manifest } from "./manifest.ts";

export const CACHE_DIR = join(BENCH_DIR, ".cache");
const TARBALL_DIR = join(CACHE_DIR, "tarballs");
/** Every pinned package unpacked side by side: also the tree lapp_grep and rg search in the latency run. */
export const UNPACKED_DIR = join(CACHE_DIR, "unpacked");
/** Marker files saying an unpacked tree was verified (kept out of UNPACKED_DIR so searches never see them). */
const VERIFIED_DIR = join(CACHE_DIR, "verified");

/** Directory holding the unpacked `package/` contents of `name@version`. */
export function unpackedDir(spec: string): string {
  return join(UNPACKED_DIR, spec.replace("/", "__"));
}

export function corpusFilePath(file: FileRef): string {
  return join(unpackedDir(`${file.package}@${file.version}`), file.path);
}

export function readCorpusFile(file: FileRef): Uint8Array {
  return readFileSync(corpusFilePath(file));
}

/** Makes every pinned tarball available unpacked; returns how many had to be downloaded. */
export function ensureCorpus(manifest: Manifest, log: (line: string) => void): number {
  mkdirSync(TARBALL_DIR, { recursive: true });
  mkdirSync(UNPACKED_DIR, { recursive: true });
  mkdirSync(VERIFIED_DIR, { recursive: true });
  let downloaded = 0;
  for (const [spec, integrity] of Object.entries(manifest.tarballs)) {
    const target = unpackedDir(spec);
    const marker = join(VERIFIED_DIR, `${basename(target)}.verified`);
    if (existsSync(target) && existsSync(marker) && readFileSync(marker, "utf8").trim() === integrity)
      continue;
    const tarball = findTarball(spec) ?? (downloaded++, pack(spec, log));
    const actual = sha512(tarball);
    if (actual !== integrity)
      throw new Error(`${spec}: integrity ${actual} does not match the pinned ${integrity}`);
    unpack(tarball, target);
    writeFileSync(marker, `${integrity}\n`);
  }
  return downloaded;
}

function tarballName(spec: string): string {
  const [name, version] = splitSpec(spec);
  return `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
}

function splitSpec(spec: string): [string, string] {
  const at = spec.lastIndexOf("@");
  return [spec.slice(0, at), spec.slice(at + 1)];
}

function findTarball(spec: string): string | undefined {
  const path = join(TARBALL_DIR, tarballName(spec));
  return existsSync(path) ? path : undefined;
}

function pack(spec: string, log: (line: string) => void): string {
  log(`fetching ${spec} with npm pack …`);
  const result = Bun.spawnSync(["npm", "pack", spec, "--pack-destination", TARBALL_DIR, "--silent"], {
    cwd: TARBALL_DIR,
    stdout: "pipe",
    stderr: "pipe",
  });
  const path = findTarball(spec);
  if (result.exitCode !== 0 || !path) {
    throw new Error(`npm pack ${spec} failed (exit ${result.exitCode}): ${result.stderr.toString().trim()}`);
  }
  return path;
}

function sha512(path: string): string {
  const hasher = new Bun.CryptoHasher("sha512");
  hasher.update(readFileSync(path));
  return `sha512-${hasher.digest("base64")}`;
}

function unpack(tarball: string, target: string): void {
  const staging = `${target}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const result = Bun.spawnSync(["tar", "-xzf", tarball, "-C", staging], { stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0)
    throw new Error(`tar -xzf ${tarball} failed: ${result.stderr.toString().trim()}`);
  // npm tarballs hold one top folder, usually `package/`; its contents become the unpacked dir.
  const [top] = readdirSync(staging);
  if (!top) throw new Error(`${tarball} is empty`);
  rmSync(target, { recursive: true, force: true });
  renameSync(join(staging, top), target);
  rmSync(staging, { recursive: true, force: true });
}
