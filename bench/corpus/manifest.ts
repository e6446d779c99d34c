// The pinned corpus of bench/corpus.json: which published tarballs, which file pairs, which latency files.
// Loaded and checked once here so every measurement works from typed, validated data.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as v from "valibot";

export const BENCH_DIR = join(import.meta.dir, "..");

const fileRef = v.object({ package: v.string(), version: v.string(), path: v.string() });

const manifestSchema = v.object({
  about: v.optional(v.string()),
  tarballs: v.record(v.string(), v.pipe(v.string(), v.startsWith("sha512-"))),
  cases: v.array(
    v.object({
      id: v.string(),
      language: v.picklist(["python", "javascript", "typescript"]),
      reference: v.optional(v.boolean()),
      package: v.string(),
      from: v.string(),
      to: v.string(),
      path: v.string(),
    }),
  ),
  latency: v.object({
    read: v.object({ ...fileRef.entries, lines: v.number() }),
    edit: fileRef,
    findBlock: v.array(v.object({ ...fileRef.entries, pattern: v.string() })),
    grep: v.object({ pattern: v.string(), literal: v.string() }),
  }),
  agentTasks: v.array(v.string()),
});

export type Manifest = v.InferOutput<typeof manifestSchema>;
export type CorpusCase = Manifest["cases"][number];
export type FileRef = v.InferOutput<typeof fileRef>;

export function loadManifest(path = join(BENCH_DIR, "corpus.json")): Manifest {
  const manifest = v.parse(manifestSchema, JSON.parse(readFileSync(path, "utf8")));
  const known = new Set(Object.keys(manifest.tarballs));
  const needed = [
    ...manifest.cases.flatMap((item) => [`${item.package}@${item.from}`, `${item.package}@${item.to}`]),
    ...[manifest.latency.read, manifest.latency.edit, ...manifest.latency.findBlock].map(
      (file) => `${file.package}@${file.version}`,
    ),
  ];
  for (const spec of needed)
    if (!known.has(spec)) throw new Error(`bench/corpus.json: ${spec} is used but not pinned in "tarballs"`);
  const ids = new Set(manifest.cases.map((item) => item.id));
  if (ids.size !== manifest.cases.length) throw new Error("bench/corpus.json: case ids must be unique");
  for (const id of manifest.agentTasks)
    if (!ids.has(id)) throw new Error(`bench/corpus.json: agent task ${id} is not a case`);
  return manifest;
}
