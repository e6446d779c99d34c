#!/usr/bin/env node
// The `lapp` command of the npm package: runs the native lapp binary that npm installed for this platform as one
// of the package's optional dependencies (one small package per platform, no install script). stdin, stdout and
// stderr are the binary's own, so MCP over stdio passes straight through; its exit code and signals are lapp's.
"use strict";

const { spawn } = require("node:child_process");
const { dirname, join } = require("node:path");

const SCOPE = "@lapp-dev";

/** The platform package for an OS, CPU and C library, as `npm run dist` names them. */
function packageFor(platform, arch, musl) {
  const os = platform === "win32" ? "windows" : platform;
  return `${SCOPE}/lapp-${os}-${arch}${platform === "linux" && musl ? "-musl" : ""}`;
}

function isMusl() {
  if (process.platform !== "linux") return false;
  try {
    // glibc reports its version here; musl does not.
    return !process.report.getReport().header.glibcVersionRuntime;
  } catch {
    return false;
  }
}

/** The binary's path, trying the other C library's build too (npm may not filter packages by libc). */
function findBinary() {
  const musl = isMusl();
  const names = [packageFor(process.platform, process.arch, musl)];
  if (process.platform === "linux") names.push(packageFor(process.platform, process.arch, !musl));
  const file = process.platform === "win32" ? "lapp.exe" : "lapp";
  for (const name of names) {
    try {
      return join(dirname(require.resolve(`${name}/package.json`)), "bin", file);
    } catch {
      // not installed: try the next
    }
  }
  const wanted = names[0];
  process.stderr.write(
    `lapp: no lapp binary for ${process.platform}-${process.arch}${musl ? " (musl)" : ""}: npm did not install ` +
      `${wanted}. Optional dependencies may be turned off (--omit=optional, --no-optional): install again ` +
      "without that, or install lapp another way (https://github.com/lapp-dev/lapp#install).\n",
  );
  return undefined;
}

function main() {
  const binary = findBinary();
  if (binary === undefined) return process.exit(1);
  const child = spawn(binary, process.argv.slice(2), { stdio: "inherit", windowsHide: true });
  const forward = (signal) => () => child.kill(signal);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, forward(signal));
  child.on("error", (error) => {
    process.stderr.write(`lapp: cannot run ${binary}: ${error.message}\n`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    if (signal) {
      // End as lapp ended: by the same signal, with our own handlers out of the way.
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
}

if (require.main === module) main();
else module.exports = { packageFor };
