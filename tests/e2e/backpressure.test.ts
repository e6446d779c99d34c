// Backpressure on stdio, against the compiled binary: a client that pipelines thousands of requests without reading
// stdout makes lapp stop reading stdin (its memory stays bounded, where it grew by every unread answer before), and
// every answer arrives, once, as soon as the client reads again. A client that goes away without reading ends lapp.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { closeSync, constants, openSync, readFileSync, readSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { LAPP_BINARY, makeTempRoot } from "../support/lapp-session.ts";

/** Requests the client sends without reading a byte of the answers (each answer is ~23 KiB: ~45 MiB in all). */
const REQUESTS = 2000;
/**
 * Spaces inside each request line (valid JSON): 2,000 requests then take ~2 MiB, more than the pipe and Bun's
 * read-ahead hold, so a lapp that stops reading leaves some of them unsent by the client.
 */
const PADDING = " ".repeat(1024);
/**
 * Growth of lapp's RSS over its size after a first answered call that the flood may cause. Measured on a 2-core VM:
 * ~25-40 MB with backpressure; before it, past 100 MB within 3 s (~630 MB for 3,000 unread answers of 65 KiB).
 */
const MAX_GROWTH_MB = 100;

let root: string;
let fifo: string;
let readEnd: number | undefined;
let child: Subprocess<"pipe", number, "ignore"> | undefined;

beforeEach(() => {
  root = makeTempRoot("lapp-backpressure-");
  const lines = Array.from({ length: 300 }, (_, index) => `line ${index} ${"x".repeat(60)}`);
  writeFileSync(join(root, "page.txt"), `${lines.join("\n")}\n`);
  fifo = `${root}.stdout`;
  if (Bun.spawnSync(["mkfifo", fifo]).exitCode !== 0) throw new Error("mkfifo failed");
  // lapp's stdout is a pipe this test reads only when it chooses to (Bun would drain a "pipe" stdout by itself).
  readEnd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const writeEnd = openSync(fifo, constants.O_WRONLY);
  child = Bun.spawn([LAPP_BINARY, "--root", root], {
    cwd: root,
    stdin: "pipe",
    stdout: writeEnd,
    stderr: "ignore",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: root },
  });
  closeSync(writeEnd);
});

afterEach(async () => {
  child?.kill();
  await child?.exited;
  if (readEnd !== undefined) closeSync(readEnd);
  readEnd = undefined;
  rmSync(root, { recursive: true, force: true });
  rmSync(fifo, { force: true });
});

const send = (message: Record<string, unknown>) =>
  child!.stdin.write(`${JSON.stringify(message).replace("{", `{${PADDING}`)}\n`);
const readPage = (id: number) =>
  send({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "lapp_read", arguments: { path: "page.txt" } },
  });

const status = (field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${child!.pid}/status`, "utf8"))![1]);
const rssMb = () => status("VmRSS") / 1024;
/** CPU time lapp has used so far, in clock ticks. */
function cpuTicks(): number {
  const fields = readFileSync(`/proc/${child!.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

let pending = "";
const chunk = Buffer.alloc(1 << 20);
/** Reads answers until `wanted` of them (by numeric or string id) were counted into `seen`. */
async function readAnswers(seen: Map<unknown, number>, wanted: number, deadline = 60_000): Promise<void> {
  const decoder = new TextDecoder();
  const start = performance.now();
  while (seen.size < wanted) {
    if (performance.now() - start > deadline) throw new Error(`only ${seen.size} of ${wanted} answers`);
    let got: number;
    try {
      got = readSync(readEnd!, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      await Bun.sleep(2);
      continue;
    }
    if (got === 0) throw new Error("lapp closed its stdout");
    pending += decoder.decode(chunk.subarray(0, got), { stream: true });
    for (let newline = pending.indexOf("\n"); newline !== -1; newline = pending.indexOf("\n")) {
      const message = JSON.parse(pending.slice(0, newline)) as { id?: unknown; result?: unknown };
      pending = pending.slice(newline + 1);
      expect(message.result).toBeDefined();
      seen.set(message.id, (seen.get(message.id) ?? 0) + 1);
    }
  }
}

async function initialized(): Promise<number> {
  pending = "";
  send({
    jsonrpc: "2.0",
    id: "init",
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "flood", version: "1" } },
  });
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  readPage(-1);
  await child!.stdin.flush();
  await readAnswers(new Map(), 2);
  return rssMb();
}

test("a client that does not read stdout makes lapp stop reading stdin; memory stays bounded; every answer arrives once", async () => {
  const baseline = await initialized();
  for (let id = 0; id < REQUESTS; id++) readPage(id);
  let delivered = false;
  const requestsTaken = Promise.resolve(child!.stdin.flush()).then(
    () => (delivered = true),
    () => {}, // lapp killed after a failed check
  );
  // Until lapp stops working (it waits for the client), or its memory passes the bound.
  let peak = 0;
  let ticks = -1;
  let idleSamples = 0;
  const start = performance.now();
  while (idleSamples < 10 && performance.now() - start < 30_000) {
    await Bun.sleep(100);
    peak = Math.max(peak, rssMb());
    if (peak - baseline > MAX_GROWTH_MB) break;
    const now = cpuTicks();
    idleSamples = now === ticks ? idleSamples + 1 : 0;
    ticks = now;
  }
  expect(peak - baseline).toBeLessThan(MAX_GROWTH_MB);
  // lapp went quiet with requests still unread in its stdin: it stopped reading, not the client writing.
  expect(idleSamples).toBe(10);
  expect(delivered).toBe(false);

  const seen = new Map<unknown, number>();
  await readAnswers(seen, REQUESTS);
  await requestsTaken;
  expect(seen.size).toBe(REQUESTS);
  for (let id = 0; id < REQUESTS; id++) expect(seen.get(id)).toBe(1);
}, 120_000);

test("a client that goes away without reading ends lapp", async () => {
  await initialized();
  for (let id = 0; id < 500; id++) readPage(id);
  void Promise.resolve(child!.stdin.flush()).catch(() => {});
  await Bun.sleep(1000);
  closeSync(readEnd!);
  readEnd = undefined;
  child!.stdin.end();
  const exited = await Promise.race([child!.exited.then(() => true), Bun.sleep(10_000).then(() => false)]);
  expect(exited).toBe(true);
}, 30_000);
