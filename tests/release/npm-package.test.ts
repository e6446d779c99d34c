// The npm packages `npm run dist` produces, tested as a user gets them: the launcher and this machine's platform
// package are packed with `npm pack`, installed (offline) into a scratch project, and run with `npx lapp --version`
// and an MCP session through the launcher. The manifests are checked for every platform.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import pkg from "../../package.json";
import { executableFormatOf } from "../../scripts/executable-format.ts";
import {
  LAUNCHER_PACKAGE,
  installTarballs,
  launcherManifest,
  npmPack,
  platformManifest,
  platformPackageName,
  tarballName,
  writeLauncherPackage,
  writePlatformPackage,
} from "../../scripts/npm-packages.ts";
import { RELEASE_TARGETS } from "../../scripts/release-targets.ts";
import { refOf } from "../../src/hashline/hash.ts";
import { LAPP_BINARY } from "../support/lapp-session.ts";

const launcher = createRequire(import.meta.url)("../../scripts/npm/launcher.cjs") as {
  packageFor(platform: string, arch: string, musl: boolean): string;
};

describe("manifests", () => {
  test("the launcher computes each platform package's name from Node's platform, arch and libc", () => {
    for (const target of RELEASE_TARGETS) {
      const platform = target.os === "windows" ? "win32" : target.os;
      expect(launcher.packageFor(platform, target.arch, target.libc === "musl")).toBe(
        platformPackageName(target),
      );
    }
  });

  test("the launcher: one bin, no install script, every platform as an optional dependency at its version", () => {
    const manifest = launcherManifest("1.2.3");
    expect(manifest.name).toBe(LAUNCHER_PACKAGE);
    expect(manifest.bin).toEqual({ lapp: "bin/lapp.cjs" });
    expect(manifest).not.toHaveProperty("scripts");
    expect(manifest).not.toHaveProperty("dependencies");
    expect(manifest.optionalDependencies).toEqual(
      Object.fromEntries(RELEASE_TARGETS.map((target) => [platformPackageName(target), "1.2.3"])),
    );
  });

  test("platform packages say their os, cpu and (Linux) libc, so npm installs only the matching one", () => {
    const fields = RELEASE_TARGETS.map((target) => {
      const { os, cpu, libc } = platformManifest(target, "1.2.3") as Record<string, string[] | undefined>;
      return [target.asset, os, cpu, libc];
    });
    expect(fields).toEqual([
      ["linux-x64", ["linux"], ["x64"], ["glibc"]],
      ["linux-arm64", ["linux"], ["arm64"], ["glibc"]],
      ["linux-x64-musl", ["linux"], ["x64"], ["musl"]],
      ["linux-arm64-musl", ["linux"], ["arm64"], ["musl"]],
      ["darwin-x64", ["darwin"], ["x64"], undefined],
      ["darwin-arm64", ["darwin"], ["arm64"], undefined],
      ["windows-x64", ["win32"], ["x64"], undefined],
    ]);
    for (const target of RELEASE_TARGETS)
      expect(platformManifest(target, "1.2.3")).not.toHaveProperty("scripts");
  });
});

const host = executableFormatOf(LAPP_BINARY);
const hostTarget = RELEASE_TARGETS.find(
  (target) => host?.os === target.os && host.arch === target.arch && host.libc === target.libc,
);

describe.skipIf(hostTarget === undefined)("packed, installed and run through npx", () => {
  let scratch: string;
  let project: string;
  let tarballs: { launcher: string; platform: string };

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), "lapp-npm-test-"));
    writePlatformPackage(join(scratch, "platform"), hostTarget!, LAPP_BINARY, pkg.version);
    writeLauncherPackage(join(scratch, "launcher"), pkg.version);
    tarballs = {
      platform: npmPack(join(scratch, "platform"), join(scratch, "packed")),
      launcher: npmPack(join(scratch, "launcher"), join(scratch, "packed")),
    };
    project = join(scratch, "project");
    const installed = installTarballs(project, [tarballs.launcher, tarballs.platform]);
    if (!installed.ok) throw new Error(`npm install failed:\n${installed.output}`);
  }, 120_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test("npm pack names the tarballs as dist and the release workflow expect", () => {
    expect(readdirSync(join(scratch, "packed")).sort()).toEqual(
      [
        tarballName(LAUNCHER_PACKAGE, pkg.version),
        tarballName(platformPackageName(hostTarget!), pkg.version),
      ].sort(),
    );
  });

  test("only this platform's package is installed, its binary executable; no other platform's", () => {
    const scope = readdirSync(join(project, "node_modules", "@lapp-dev")).sort();
    expect(scope).toEqual(["lapp", platformPackageName(hostTarget!).slice("@lapp-dev/".length)].sort());
    const binary = join(project, "node_modules", platformPackageName(hostTarget!), "bin", "lapp");
    expect(statSync(binary).mode & 0o111).toBe(0o111);
    expect(readFileSync(binary).equals(readFileSync(LAPP_BINARY))).toBe(true);
  });

  test("npx lapp --version prints the package version", () => {
    const run = Bun.spawnSync(["npx", "--offline", "lapp", "--version"], {
      cwd: project,
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(run.stderr.toString()).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.stdout.toString()).toStartWith(`lapp ${pkg.version} (commit `);
  });

  test("an MCP session through npx: initialize, a read and an edit, then a clean exit when stdin closes", async () => {
    const root = join(scratch, "work");
    Bun.spawnSync(["mkdir", "-p", root]);
    writeFileSync(join(root, "notes.txt"), "alpha\nbeta\n");
    const transport = new StdioClientTransport({
      command: "npx",
      args: ["--offline", "lapp", "--root", root],
      cwd: project,
      stderr: "pipe",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? scratch },
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: "npx-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toEqual({ name: "lapp", version: pkg.version });
      const read = (await client.callTool({ name: "lapp_read", arguments: { path: "notes.txt" } })) as {
        content: { text: string }[];
      };
      expect(read.content[0]!.text).toBe(`${refOf(1, "alpha")}:alpha\n${refOf(2, "beta")}:beta`);
      const edit = (await client.callTool({
        name: "lapp_edit",
        arguments: {
          path: "notes.txt",
          edits: [{ type: "replace", anchor: refOf(2, "beta"), content: "BETA" }],
        },
      })) as { isError?: boolean };
      expect(edit.isError).toBeFalsy();
      expect(readFileSync(join(root, "notes.txt"), "utf8")).toBe("alpha\nBETA\n");
    } finally {
      await client.close();
    }
    expect(stderr).toBe("");
  });

  test("SIGTERM to the launcher ends lapp too, and the launcher reports the signal", async () => {
    const child = Bun.spawn([join(project, "node_modules", ".bin", "lapp"), "--root", scratch], {
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
    const request = {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "t", version: "1" },
    };
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: request })}\n`,
    );
    await child.stdin.flush();
    const reader = child.stdout.getReader();
    const { value } = await reader.read(); // lapp answered: it runs under the launcher now
    expect(new TextDecoder().decode(value)).toContain('"serverInfo"');
    const lappPid = Number(
      Bun.spawnSync(["pgrep", "-P", String(child.pid)], { stdout: "pipe" })
        .stdout.toString()
        .trim(),
    );
    expect(lappPid).toBeGreaterThan(0);
    child.kill("SIGTERM");
    await child.exited;
    expect(child.signalCode).toBe("SIGTERM");
    for (let waited = 0; existsSync(`/proc/${lappPid}`) && waited < 50; waited++) await Bun.sleep(20);
    expect(existsSync(`/proc/${lappPid}`)).toBe(false);
  });

  test("without its platform package the launcher says which package is missing and exits 1", () => {
    // As after `npm install --omit=optional`: the platform package is not there.
    const installed = join(project, "node_modules", platformPackageName(hostTarget!));
    renameSync(installed, `${installed}.away`);
    try {
      const run = Bun.spawnSync(["npx", "--offline", "lapp", "--version"], {
        cwd: project,
        stdout: "pipe",
        stderr: "pipe",
      });
      expect(run.exitCode).toBe(1);
      expect(run.stdout.toString()).toBe("");
      expect(run.stderr.toString()).toContain(`npm did not install ${platformPackageName(hostTarget!)}`);
    } finally {
      renameSync(`${installed}.away`, installed);
    }
  });
});
