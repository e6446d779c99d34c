// Fault injection: a 6 MB file is edited in a loop (line 1 becomes "version N") while the server is killed with
// SIGKILL at random moments. After every kill — and in every snapshot a concurrent reader takes — the file is
// exactly one version lapp could have written: the last acknowledged one or the one in flight, never a mix.
// Temp files of a killed server may stay until the next lapp write to that file, which sweeps them.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { refOf } from "../../src/hashline/hash.ts";
import { LAPP_BINARY, makeTempRoot } from "../support/lapp-session.ts";
import { leftovers } from "../support/processes.ts";

const FILE = "big.txt";
const ROUNDS = 8;
let root: string;
let tail: Buffer;

beforeAll(() => {
  root = makeTempRoot("lapp-sigkill-");
  const lines: string[] = [];
  for (let index = 0; lines.length < 80_000; index++)
    lines.push(`row ${index}: ${"payload ".repeat(8)}${index % 97}`);
  tail = Buffer.from(lines.join("\n") + "\n");
  expect(tail.length).toBeGreaterThan(6_000_000);
  writeFileSync(join(root, FILE), Buffer.concat([Buffer.from("version 0\n"), tail]));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The version number the file holds, or an explanation of why it is no version lapp could have written. */
function versionOnDisk(): number | string {
  const bytes = readFileSync(join(root, FILE));
  const newline = bytes.indexOf(0x0a);
  const head = /^version (\d+)$/.exec(bytes.subarray(0, newline).toString());
  if (!head) return `bad first line ${JSON.stringify(bytes.subarray(0, 40).toString())}`;
  if (bytes.length - newline - 1 !== tail.length || !bytes.subarray(newline + 1).equals(tail)) {
    return `the rest of the file is not the original (length ${bytes.length})`;
  }
  return Number(head[1]);
}

async function connect() {
  const transport = new StdioClientTransport({
    command: LAPP_BINARY,
    args: ["--root", root],
    stderr: "pipe",
  });
  const client = new Client({ name: "sigkill", version: "1" });
  await client.connect(transport);
  return { client, transport };
}

const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/** Replaces line 1 (`version N-1`) with `version N`; the test knows line 1, so no read of all 6 MB is needed. */
const editToVersion = (client: Client, version: number) =>
  client.callTool({
    name: "lapp_edit",
    arguments: {
      path: FILE,
      edits: [{ type: "replace", anchor: refOf(1, `version ${version - 1}`), content: `version ${version}` }],
    },
  }) as Promise<CallToolResult>;

test("a SIGKILL at any moment leaves the old or the new version, nothing else", async () => {
  let acknowledged = 0;
  const snapshots: (number | string)[] = [];
  let editsSent = 0;
  const outcomes = { inFlightLanded: 0, inFlightLost: 0 };

  // Calibrate: how long one edit of this file takes here (it varies tenfold with machine load).
  const calibration = await connect();
  expect((await editToVersion(calibration.client, ++acknowledged)).isError).toBeFalsy();
  const started = performance.now();
  expect((await editToVersion(calibration.client, ++acknowledged)).isError).toBeFalsy();
  const editMs = performance.now() - started;
  await calibration.client.close();

  for (let round = 0; round < ROUNDS; round++) {
    const { client, transport } = await connect();
    const pid = transport.pid!;
    // Kills land anywhere in the first two or three edits: loading, writing the temp copy, renaming, between.
    const killer = setTimeout(() => process.kill(pid, "SIGKILL"), 5 + Math.random() * 2.5 * editMs);
    const reader = setInterval(() => snapshots.push(versionOnDisk()), 15);
    try {
      while (true) {
        editsSent++;
        const result = await editToVersion(client, acknowledged + 1);
        expect(result.isError).toBeFalsy();
        acknowledged++;
        expect(text(result)).toContain(`version ${acknowledged}`);
      }
    } catch {
      // The connection died with the server: expected.
    } finally {
      clearTimeout(killer);
      clearInterval(reader);
      await client.close().catch(() => {});
    }
    const onDisk = versionOnDisk();
    expect({ round, onDisk, ok: onDisk === acknowledged || onDisk === acknowledged + 1 }).toMatchObject({
      ok: true,
    });
    if (onDisk === acknowledged + 1) {
      acknowledged++; // the in-flight edit landed just before the kill
      outcomes.inFlightLanded++;
    } else outcomes.inFlightLost++;
    // Whatever a killed server left is its own temp copy (or a lock of an old version): nothing else.
    for (const name of leftovers(root))
      expect(name).toMatch(/^\.big\.txt\.lapp-(\d+-[a-z0-9]+\.tmp|lock-[a-z0-9]+-\d+)$/);
  }
  for (const snapshot of snapshots) expect(typeof snapshot).toBe("number");

  // The next write by any lapp process sweeps what the killed ones left.
  const { client } = await connect();
  expect((await editToVersion(client, acknowledged + 1)).isError).toBeFalsy();
  await client.close();
  expect(leftovers(root)).toEqual([]);
  expect(readdirSync(root)).toEqual([FILE]);
  console.error(
    `sigkill: one edit ${editMs.toFixed(0)} ms; ${ROUNDS} kills, ${editsSent} edits sent, ${acknowledged + 1} versions written, in-flight edit landed/lost ${outcomes.inFlightLanded}/${outcomes.inFlightLost}, ${snapshots.length} snapshots checked`,
  );
}, 120_000);
