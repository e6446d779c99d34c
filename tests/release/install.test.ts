// scripts/install.sh run by the system's POSIX sh against release mirrors served on 127.0.0.1.
// The archives are real (built by scripts/archive.ts); the "binary" in each is a shell script naming its target.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tarGz } from "../../scripts/archive.ts";
import { renderChecksums, sha256Hex } from "../../scripts/checksums.ts";
import { executableFormatOf } from "../../scripts/executable-format.ts";
import { REPOSITORY, RELEASE_TARGETS, archiveName } from "../../scripts/release-targets.ts";

const INSTALL_SH = join(import.meta.dir, "../../scripts/install.sh");
const UNIX_TARGETS = RELEASE_TARGETS.filter((target) => target.archive === "tar.gz");

let scratch: string;
let server: ReturnType<typeof Bun.serve>;
/** mirror name → file name → bytes */
const mirrors = new Map<string, Map<string, Uint8Array>>();

function fakeBinary(asset: string, exitCode = 0): Uint8Array {
  return new TextEncoder().encode(`#!/bin/sh\necho "lapp 9.8.7 (commit fake, ${asset})"\nexit ${exitCode}\n`);
}

/** `served` replaces the archive a mirror hands out while SHA256SUMS keeps the checksum of `binary`'s. */
function buildMirror(name: string, shape: (asset: string) => { binary: Uint8Array; served?: Uint8Array }) {
  const files = new Map<string, Uint8Array>();
  const sums = new Map<string, string>();
  const pack = (bytes: Uint8Array) => tarGz({ name: "lapp", bytes, mode: 0o755, mtime: 1_700_000_000 });
  for (const target of UNIX_TARGETS) {
    const { binary, served } = shape(target.asset);
    const archive = pack(binary);
    sums.set(archiveName(target), sha256Hex(archive));
    files.set(archiveName(target), served ? pack(served) : archive);
  }
  files.set("SHA256SUMS", new TextEncoder().encode(renderChecksums(sums)));
  mirrors.set(name, files);
  return files;
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "lapp-install-test-"));
  buildMirror("good", (asset) => ({ binary: fakeBinary(asset) }));
  // A well-formed archive holding a different program: only the checksum can tell.
  const evil = new TextEncoder().encode("#!/bin/sh\necho 'lapp 9.8.7 (tampered)'\n");
  buildMirror("tampered", (asset) => ({ binary: fakeBinary(asset), served: evil }));
  buildMirror("broken-binary", (asset) => ({ binary: fakeBinary(asset, 3) }));
  const unlisted = buildMirror("unlisted", (asset) => ({ binary: fakeBinary(asset) }));
  unlisted.set("SHA256SUMS", new TextEncoder().encode(""));
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const [, mirror, file] = new URL(request.url).pathname.split("/");
      const bytes = mirrors.get(mirror ?? "")?.get(file ?? "");
      return bytes ? new Response(bytes) : new Response("not found", { status: 404 });
    },
  });
});

afterAll(() => {
  server.stop(true);
  rmSync(scratch, { recursive: true, force: true });
});

interface InstallRun {
  code: number;
  stdout: string;
  stderr: string;
  dir: string;
}

let runCount = 0;

/** Runs install.sh with a clean environment; `shims` are fake system commands put first on PATH. */
async function install(
  mirror: string,
  options: { shims?: Record<string, string>; env?: Record<string, string>; dir?: string } = {},
): Promise<InstallRun> {
  const home = join(scratch, `home-${++runCount}`);
  mkdirSync(home, { recursive: true });
  const dir = options.dir ?? join(home, "bin");
  let path = process.env.PATH ?? "/usr/bin:/bin";
  if (options.shims) {
    const shimDir = join(home, "shims");
    mkdirSync(shimDir);
    for (const [command, script] of Object.entries(options.shims)) {
      writeFileSync(join(shimDir, command), `#!/bin/sh\n${script}\n`);
      chmodSync(join(shimDir, command), 0o755);
    }
    path = `${shimDir}:${path}`;
  }
  const child = Bun.spawn(["sh", INSTALL_SH], {
    env: {
      PATH: path,
      HOME: home,
      SHELL: "/bin/bash",
      LAPP_INSTALL_DIR: dir,
      LAPP_DOWNLOAD_BASE: `${server.url.origin}/${mirror}`,
      ...options.env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, stdout, stderr, dir };
}

/** The release asset this machine should get, from the running Bun's own executable header. */
function hostAsset(): string {
  const format = executableFormatOf(process.execPath)!;
  return `${format.os}-${format.arch}${format.libc === "musl" ? "-musl" : ""}`;
}

function runInstalled(dir: string): string {
  return Bun.spawnSync([join(dir, "lapp"), "--version"])
    .stdout.toString()
    .trim();
}

describe("install.sh from a loopback mirror", () => {
  test("installs this machine's build, verified, and reports its version", async () => {
    const run = await install("good");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("checksum verified");
    expect(run.stdout).toContain(`installed lapp 9.8.7 (commit fake, ${hostAsset()})`);
    expect(runInstalled(run.dir)).toBe(`lapp 9.8.7 (commit fake, ${hostAsset()})`);
    expect(readdirSync(run.dir)).toEqual(["lapp"]);
  });

  test("a tampered archive is refused and nothing is installed", async () => {
    const run = await install("tampered");
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("checksum mismatch");
    expect(run.stderr).toContain("nothing was installed");
    expect(existsSync(run.dir)).toBe(false);
  });

  test("a tampered archive leaves an existing installation untouched", async () => {
    const dir = join(scratch, "existing-bin");
    mkdirSync(dir);
    writeFileSync(join(dir, "lapp"), "previous binary");
    const run = await install("tampered", { dir });
    expect(run.code).not.toBe(0);
    expect(readFileSync(join(dir, "lapp"), "utf8")).toBe("previous binary");
    expect(readdirSync(dir)).toEqual(["lapp"]);
  });

  test("an upgrade replaces the old binary", async () => {
    const dir = join(scratch, "upgrade-bin");
    mkdirSync(dir);
    writeFileSync(join(dir, "lapp"), "old binary");
    const run = await install("good", { dir });
    expect(run.code).toBe(0);
    expect(runInstalled(dir)).toContain("lapp 9.8.7");
    expect(readdirSync(dir)).toEqual(["lapp"]);
  });

  test("SHA256SUMS without a line for the archive installs nothing", async () => {
    const run = await install("unlisted");
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("no valid checksum");
    expect(existsSync(join(run.dir, "lapp"))).toBe(false);
  });

  test("a binary that does not run on this machine is not installed", async () => {
    const run = await install("broken-binary");
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("does not run on this machine");
    expect(readdirSync(run.dir)).toEqual([]);
  });

  test("a missing mirror fails without installing", async () => {
    const run = await install("no-such-mirror");
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("could not download");
    expect(existsSync(run.dir)).toBe(false);
  });

  test("prints a PATH hint only when the install dir is not on PATH", async () => {
    const off = await install("good");
    expect(off.stdout).toContain(`echo 'export PATH="${off.dir}:$PATH"' >> ~/.bashrc`);
    const dir = join(scratch, "on-path-bin");
    const on = await install("good", { dir, env: { PATH: `${dir}:${process.env.PATH}` } });
    expect(on.code).toBe(0);
    expect(on.stdout).not.toContain("is not on your PATH");
  });
});

describe("install.sh picks the asset for the machine", () => {
  const uname = (kernel: string, machine: string) =>
    `case "$1" in -s) echo ${kernel} ;; -m) echo ${machine} ;; *) exec /bin/uname "$@" ;; esac`;
  const cases: [string, Record<string, string>, string][] = [
    [
      "Linux x86_64 with glibc",
      { uname: uname("Linux", "x86_64"), ldd: "echo 'ldd (GNU libc) 2.36'" },
      "linux-x64",
    ],
    [
      "Linux aarch64 with glibc",
      { uname: uname("Linux", "aarch64"), ldd: "echo 'ldd (Debian GLIBC 2.36)'" },
      "linux-arm64",
    ],
    [
      "Alpine x86_64 (musl)",
      { uname: uname("Linux", "x86_64"), ldd: "echo 'musl libc (x86_64)' >&2; exit 1" },
      "linux-x64-musl",
    ],
    [
      "Alpine aarch64 (musl)",
      { uname: uname("Linux", "aarch64"), ldd: "echo 'musl libc (aarch64)' >&2; exit 1" },
      "linux-arm64-musl",
    ],
    ["Intel Mac", { uname: uname("Darwin", "x86_64"), sysctl: "echo 0" }, "darwin-x64"],
    ["Apple silicon", { uname: uname("Darwin", "arm64"), sysctl: "echo 0" }, "darwin-arm64"],
    [
      "Apple silicon shell under Rosetta 2",
      { uname: uname("Darwin", "x86_64"), sysctl: "echo 1" },
      "darwin-arm64",
    ],
  ];
  for (const [name, shims, asset] of cases) {
    test(`${name} → ${asset}`, async () => {
      const run = await install("good", { shims });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`downloading lapp-${asset}.tar.gz`);
      expect(runInstalled(run.dir)).toBe(`lapp 9.8.7 (commit fake, ${asset})`);
    });
  }

  test("Windows shells are pointed to the zip", async () => {
    const run = await install("good", { shims: { uname: uname("MINGW64_NT-10.0-22631", "x86_64") } });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("lapp-windows-x64.zip");
  });

  test("an unsupported CPU is refused by name", async () => {
    const run = await install("good", { shims: { uname: uname("Linux", "riscv64") } });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("riscv64");
  });
});

describe("install.sh download URLs", () => {
  // A curl that records what it was asked for and fails, so no request leaves the machine.
  const recordingCurl = (log: string) => ({ curl: `echo "$@" >> ${log}; exit 22` });

  test("LAPP_VERSION pins the release tag, with or without a leading v", async () => {
    for (const version of ["1.2.3", "v1.2.3"]) {
      const log = join(scratch, `curl-${version}.log`);
      const run = await install("good", {
        shims: recordingCurl(log),
        env: { LAPP_DOWNLOAD_BASE: "", LAPP_VERSION: version },
      });
      expect(run.code).not.toBe(0);
      expect(readFileSync(log, "utf8")).toContain(
        `https://github.com/${REPOSITORY}/releases/download/v1.2.3/SHA256SUMS`,
      );
    }
  });

  test("without LAPP_VERSION the latest release is used", async () => {
    const log = join(scratch, "curl-latest.log");
    const run = await install("good", { shims: recordingCurl(log), env: { LAPP_DOWNLOAD_BASE: "" } });
    expect(run.code).not.toBe(0);
    expect(readFileSync(log, "utf8")).toContain(
      `https://github.com/${REPOSITORY}/releases/latest/download/SHA256SUMS`,
    );
  });

  test("names the same repository as scripts/release-targets.ts", () => {
    expect(readFileSync(INSTALL_SH, "utf8")).toContain(`REPOSITORY="${REPOSITORY}"`);
  });
});
