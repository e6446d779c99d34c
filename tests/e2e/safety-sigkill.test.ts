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
import { LAPP_BINARY, makeTempRoot, refsByLine } from "../support/lapp-session.ts";
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

test("a SIGKILL at any moment leaves the old or the new version, nothing else", async () => {
  let acknowledged = 0;
  const snapshots: (number | string)[] = [];
  let editsSent = 0;
  const outcomes = { inFlightLanded: 0, inFlightLost: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const { client, transport } = await connect();
    // The test knows line 1, so it can name it without a read (which would decode all 6 MB).
    let ref = refOf(1, `version ${acknowledged}`);
    const pid = transport.pid!;
    // Edits of this file take 0.1–1 s on a loaded machine: kills land before, during and between them.
    const killAt = 20 + Math.random() * 900;
    const killer = setTimeout(() => process.kill(pid, "SIGKILL"), killAt);
    const reader = setInterval(() => snapshots.push(versionOnDisk()), 15);
    try {
      while (true) {
        const next = acknowledged + 1;
        editsSent++;
        const result = (await client.callTool({
          name: "lapp_edit",
          arguments: { path: FILE, edits: [{ type: "replace", anchor: ref, content: `version ${next}` }] },
        })) as CallToolResult;
        expect(result.isError).toBeFalsy();
        acknowledged = next;
        ref = refsByLine(text(result)).get(1)!;
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
  expect(editsSent).toBeGreaterThanOrEqual(ROUNDS);

  // The next write by any lapp process sweeps what the killed ones left.
  const { client } = await connect();
  const ref = refOf(1, `version ${acknowledged}`);
  const final = (await client.callTool({
    name: "lapp_edit",
    arguments: { path: FILE, edits: [{ type: "replace", anchor: ref, content: "version final" }] },
  })) as CallToolResult;
  expect(final.isError).toBeFalsy();
  await client.close();
  expect(leftovers(root)).toEqual([]);
  expect(readdirSync(root)).toEqual([FILE]);
  console.error(
    `sigkill: ${ROUNDS} kills, ${editsSent} edits sent, ${acknowledged} landed, in-flight edit landed/lost ${outcomes.inFlightLanded}/${outcomes.inFlightLost}, ${snapshots.length} snapshots checked`,
  );
}, 120_000);
