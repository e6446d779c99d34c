// What bench/big-file-speed.ts measures on one big file, through dist/lapp (and a baseline build when named), calls
// alternating between the builds: the default read (the outline) of fresh servers, then warm on that version — the
// default read, an outline page further on, find_block by pattern and by anchor — then edits (a marker line put in and
// taken out, every call a real atomic write) next to the floor of that write: the file's bytes written and fsynced
// once, by this process, in the same folder, after each call. Then find_block, and the default read, right after an
// edit (a new version).

import {
  closeSync,
  copyFileSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { lineId } from "../../src/hashline/hash.ts";
import type { LappClient } from "../support/lapp-client.ts";
import { startRawLappClient } from "../support/raw-mcp.ts";
import { summarize, type Timing } from "../support/stats.ts";

export interface BigFileCase {
  /** The file's name in the scratch root. */
  name: string;
  /** Where it is copied from. */
  source: string;
  /** A pattern naming one block header (find_block by pattern). */
  pattern: string;
  /** The line after which the edits put their marker (it is shown by a read first). */
  editLine: number;
}

/** The figures of one build on one file (milliseconds). */
export interface BuildFigures {
  build: string;
  /** The first default read of fresh servers (one per sample): nothing of the file known yet. */
  firstRead: Timing;
  read: Timing;
  outlinePage: Timing;
  findByPattern: Timing;
  findByAnchor: Timing;
  edit: Timing;
  /** find_block by pattern right after an edit: the new version has no analysis yet. */
  findAfterEdit: Timing;
  /** The default read (the outline) right after an edit: the new version has no analysis yet. */
  readAfterEdit: Timing;
  peakRssMiB: number | undefined;
  /** The first answer of each kind, for the report to say what was measured. */
  firstLines: { read: string; find: string };
}

export interface BigFileResult {
  name: string;
  bytes: number;
  lines: number;
  /** Writing and fsyncing the file's bytes once, sampled between the edit calls of every build. */
  floor: Timing;
  builds: BuildFigures[];
}

export interface Build {
  label: string;
  binary: string;
}

/**
 * The marker line the edits put in and take out again, so the file keeps its size. Each one is new text whose ID no
 * line shown at its place had before: a ref shown for several lines is refused as ambiguous (docs/format.md), so a
 * marker taken out and put back with the same text would make its next removal a retry.
 */
const MARKER = "// lapp big-file bench marker";

interface Server {
  build: Build;
  root: string;
  lapp: LappClient;
  figures: Samples;
  firstReads: number[];
  firstLines: { read: string; find: string };
  /** The ref of the block find_block finds (its header line). */
  anchor: string;
  /** The ref of the line the edits put their marker after, as a read showed it. */
  editRef: string;
  /** The marker's ref while it is in the file. */
  marker: string | undefined;
  /** IDs shown at the marker's line so far (the line there before any edit, the markers put in). */
  usedIds: Set<string>;
  markers: number;
}

interface Samples {
  read: number[];
  outlinePage: number[];
  findByPattern: number[];
  findByAnchor: number[];
  edit: number[];
  findAfterEdit: number[];
  readAfterEdit: number[];
}

/**
 * `freshServers`: how many fresh servers of each build answer a first default read (the one measured on below is the
 * first of them; the others are started, asked once and stopped, builds alternating): one such read is too noisy to
 * compare builds by.
 */
export async function measureBigFile(
  file: BigFileCase,
  builds: readonly Build[],
  scratch: string,
  rounds: number,
  freshServers = 1,
): Promise<BigFileResult> {
  const bytes = readFileSync(file.source);
  const text = bytes.toString("utf8").split("\n");
  const lines = text.length - 1;
  const servers: Server[] = [];
  try {
    for (const [index, build] of builds.entries()) {
      const root = join(scratch, `build-${index}`);
      mkdirSync(root, { recursive: true });
      copyFileSync(file.source, join(root, file.name));
      const lapp = await startRawLappClient(root, [], build.binary);
      const read = await call(lapp, "lapp_read", { path: file.name });
      servers.push({
        build,
        root,
        lapp,
        figures: {
          read: [],
          outlinePage: [],
          findByPattern: [],
          findByAnchor: [],
          edit: [],
          findAfterEdit: [],
          readAfterEdit: [],
        },
        firstReads: [read.ms],
        firstLines: { read: read.text.split("\n")[0]!, find: "" },
        anchor: "",
        editRef: "",
        marker: undefined,
        usedIds: new Set([lineId(file.editLine + 1, text[file.editLine]!)]),
        markers: 0,
      });
    }
    const turning = (run: number) => (run % 2 === 0 ? servers : [...servers].reverse());
    for (let run = 1; run < freshServers; run++)
      for (const server of turning(run)) {
        const fresh = await startRawLappClient(server.root, [], server.build.binary);
        try {
          server.firstReads.push((await call(fresh, "lapp_read", { path: file.name })).ms);
        } finally {
          await fresh.close();
        }
      }
    // The anchor of find_block, the next outline page and the edit's line: from each server's own answers.
    const pages = new Map<Server, number>();
    for (const server of servers) {
      const find = await call(server.lapp, "lapp_find_block", { path: file.name, pattern: file.pattern });
      server.firstLines.find = find.text.split("\n")[0]!;
      server.anchor = /^block (\d+#[A-Z]{2})\.\./.exec(find.text)?.[1] ?? fail(find.text);
      const outline = await call(server.lapp, "lapp_read", { path: file.name, outline: true });
      pages.set(server, Number(/"offset": (\d+)\}\]$/.exec(outline.text)?.[1] ?? 1));
      const row = await call(server.lapp, "lapp_read", { path: file.name, offset: file.editLine, limit: 1 });
      server.editRef = /^(\d+#[A-Z]{2}):/m.exec(row.text)?.[1] ?? fail(row.text);
    }
    const warm: Array<[keyof Samples, (server: Server) => Promise<number>]> = [
      ["read", async (server) => (await call(server.lapp, "lapp_read", { path: file.name })).ms],
      [
        "outlinePage",
        async (server) =>
          (
            await call(server.lapp, "lapp_read", {
              path: file.name,
              outline: true,
              offset: pages.get(server)!,
            })
          ).ms,
      ],
      [
        "findByPattern",
        async (server) =>
          (await call(server.lapp, "lapp_find_block", { path: file.name, pattern: file.pattern })).ms,
      ],
      [
        "findByAnchor",
        async (server) =>
          (await call(server.lapp, "lapp_find_block", { path: file.name, anchor: server.anchor })).ms,
      ],
    ];
    // Warm: the same version throughout (no edit in between), as an agent reads and looks before it edits.
    for (let run = -1; run < rounds; run++)
      for (const [figure, sample] of warm)
        for (const server of turning(run)) {
          const ms = await sample(server);
          if (run >= 0) server.figures[figure].push(ms);
        }
    const floor: number[] = [];
    for (let run = -1; run < rounds; run++)
      for (const server of turning(run)) {
        const ms = await editOnce(server, file);
        // An edit leaves the replaced file's blocks to be freed after its answer (src/files/close-later.ts): the floor
        // is sampled once that is done, on a quiet disk, not slowed by it.
        await Bun.sleep(FLOOR_SETTLE_MS);
        const floorMs = writeFloor(server.root, bytes);
        if (run < 0) continue;
        server.figures.edit.push(ms);
        floor.push(floorMs);
      }
    // find_block on a version no call has analyzed yet: one edit before each sample.
    for (let run = 0; run < rounds; run++)
      for (const server of turning(run)) {
        await editOnce(server, file, true);
        const find = await call(server.lapp, "lapp_find_block", { path: file.name, pattern: file.pattern });
        server.figures.findAfterEdit.push(find.ms);
      }
    // The default read on a version no call has analyzed yet, as an agent reads again after its edit.
    for (let run = 0; run < rounds; run++)
      for (const server of turning(run)) {
        await editOnce(server, file, true);
        server.figures.readAfterEdit.push((await call(server.lapp, "lapp_read", { path: file.name })).ms);
      }
    return {
      name: file.name,
      bytes: bytes.length,
      lines,
      floor: summarize(floor),
      builds: servers.map((server) => ({
        build: server.build.label,
        firstRead: summarize(server.firstReads),
        read: summarize(server.figures.read),
        outlinePage: summarize(server.figures.outlinePage),
        findByPattern: summarize(server.figures.findByPattern),
        findByAnchor: summarize(server.figures.findByAnchor),
        edit: summarize(server.figures.edit),
        findAfterEdit: summarize(server.figures.findAfterEdit),
        readAfterEdit: summarize(server.figures.readAfterEdit),
        peakRssMiB: server.lapp.peakRssMiB(),
        firstLines: server.firstLines,
      })),
    };
  } finally {
    for (const server of servers) await server.lapp.close();
  }
}

/**
 * One edit call: the marker put in after the edit line, or taken out again (its ref from the last answer). With
 * `newVersion`, a marker in place is replaced by another instead: taking it out would bring back a version the
 * server analyzed before, and the calls after the edit are timed on versions no call has analyzed.
 */
async function editOnce(server: Server, file: BigFileCase, newVersion = false): Promise<number> {
  if (server.marker !== undefined && !newVersion) {
    const outcome = await call(server.lapp, "lapp_edit", {
      path: file.name,
      edits: [{ type: "delete", anchor: server.marker }],
    });
    server.marker = undefined;
    return outcome.ms;
  }
  let content: string;
  do content = `${MARKER} ${++server.markers}`;
  while (server.usedIds.has(lineId(file.editLine + 1, content)));
  server.usedIds.add(lineId(file.editLine + 1, content));
  const edit =
    server.marker === undefined
      ? { type: "insert_after", anchor: server.editRef, content }
      : { type: "replace", anchor: server.marker, content };
  const outcome = await call(server.lapp, "lapp_edit", { path: file.name, edits: [edit] });
  server.marker =
    new RegExp(`^(${file.editLine + 1}#[A-Z]{2}):${content}$`, "m").exec(outcome.text)?.[1] ??
    fail(outcome.text);
  return outcome.ms;
}

async function call(lapp: LappClient, tool: string, args: Record<string, unknown>) {
  const outcome = await lapp.call(tool, args);
  if (outcome.isError) fail(`${tool} ${JSON.stringify(args)}: ${outcome.text}`);
  return outcome;
}

/** The pause between an edit and the floor sample after it (freeing 9 MB takes ~5 ms). */
const FLOOR_SETTLE_MS = 50;

/** The floor of an atomic rewrite: the file's bytes written to a new file in the same folder and fsynced, once. */
export function writeFloor(folder: string, bytes: Uint8Array): number {
  const path = join(folder, "floor.tmp");
  const started = performance.now();
  const fd = openSync(path, "w");
  try {
    for (let written = 0; written < bytes.length;)
      written += writeSync(fd, bytes, written, bytes.length - written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const ms = performance.now() - started;
  unlinkSync(path);
  return ms;
}

function fail(text: string): never {
  throw new Error(text.split("\n").slice(0, 3).join(" / "));
}
