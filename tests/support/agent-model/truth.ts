// The model-based test's ground truth (tests/session/agent-model.test.ts): every line of every file with an
// identity of its own, kept in step with the disk. lapp's accepted edits and the test's outside changes both go
// through here, so the test always knows which line is which — what lapp can only infer.

import { readFileSync, renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { lineId } from "../../../src/hashline/hash.ts";

export interface Line {
  id: number;
  text: string;
}

/** How an outside change reaches the disk. */
export type WriteMode = "in-place" | "rename-over" | "keep-mtime";

export class Truth {
  private nextId = 1;
  readonly files = new Map<string, Line[]>();
  /** When each identity appeared by an outside change (the agent has not seen it unless a view showed it). */
  readonly outsideAt = new Map<number, number>();

  constructor(readonly root: string) {}

  /** A new file on disk with these texts. */
  create(name: string, texts: readonly string[]): void {
    this.files.set(
      name,
      texts.map((text) => this.line(text)),
    );
    this.flush(name, "in-place");
  }

  line(text: string): Line {
    return { id: this.nextId++, text };
  }

  lines(name: string): Line[] {
    return this.files.get(name)!;
  }

  texts(name: string): string[] {
    return this.lines(name).map((line) => line.text);
  }

  /** The disk must hold exactly the truth. */
  diskMatches(name: string): boolean {
    const disk = readFileSync(join(this.root, name), "utf8");
    return disk === serialize(this.texts(name));
  }

  disk(name: string): string {
    return readFileSync(join(this.root, name), "utf8");
  }

  /** Replaces the truth of `name` (an accepted edit or an outside change) without touching the disk. */
  set(name: string, lines: Line[]): void {
    this.files.set(name, lines);
  }

  /** Writes the truth of `name` to disk as an outside change would. */
  flush(name: string, mode: WriteMode): void {
    const path = join(this.root, name);
    const bytes = serialize(this.texts(name));
    if (mode === "rename-over") {
      writeFileSync(`${path}.outside-tmp`, bytes);
      renameSync(`${path}.outside-tmp`, path);
      return;
    }
    const before = mode === "keep-mtime" ? statSync(path) : undefined;
    writeFileSync(path, bytes);
    if (before) utimesSync(path, before.atime, before.mtime);
  }

  /** Position (1-based) of an identity in `name`, or undefined when it is gone. */
  positionOf(name: string, id: number): number | undefined {
    const index = this.lines(name).findIndex((line) => line.id === id);
    return index < 0 ? undefined : index + 1;
  }

  /** A text different from `text` whose ID at row `row` is the same (found by search). */
  sameIdText(row: number, text: string): string {
    const target = lineId(row, text);
    for (let attempt = 0; ; attempt++) {
      const candidate = `swapped(${attempt});`;
      if (candidate !== text && lineId(row, candidate) === target) return candidate;
    }
  }
}

export function serialize(texts: readonly string[]): string {
  return texts.length === 0 ? "" : `${texts.join("\n")}\n`;
}
