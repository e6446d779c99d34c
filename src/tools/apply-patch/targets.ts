// The files a patch touches, guarded and held: every path goes through the guard (containment, block list) before
// anything is loaded, then the queue of every file is taken in one fixed order — sorted real paths — so two patch
// calls touching the same files in any order can never wait on each other. Inside the queues each path is checked again.

import { LappError } from "../../errors.ts";
import * as say from "../../patch/messages.ts";
import type { FilePatch } from "../../patch/types.ts";
import type { GuardedPath } from "../../security/guard.ts";
import type { EditSession, Resolve } from "../../session/edit-session.ts";

export interface FileTarget {
  readonly patch: FilePatch;
  readonly path: GuardedPath;
  /** Where an update renames the file to. */
  readonly moveTo?: GuardedPath | undefined;
}

/** Runs `task` holding the queue of every file `files` names; targets come in the patch's order. */
export function withPatchFiles<T>(
  session: EditSession,
  resolve: Resolve,
  files: readonly FilePatch[],
  task: (targets: FileTarget[]) => T | Promise<T>,
): Promise<T> {
  const inputs = files.flatMap((file) => [
    file.path,
    ...(file.kind === "update" && file.moveTo ? [file.moveTo] : []),
  ]);
  const byReal = new Map<string, string>();
  for (const input of inputs) {
    const guarded = resolve(input);
    if (byReal.has(guarded.real)) throw new LappError("INVALID_PATCH", say.sameFileTwice(guarded.display));
    byReal.set(guarded.real, input);
  }
  const order = [...byReal.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const held = new Map<string, GuardedPath>();
  const hold = (index: number): Promise<T> => {
    if (index === order.length) {
      const targets = files.map((file) => ({
        patch: file,
        path: held.get(file.path)!,
        moveTo: file.kind === "update" && file.moveTo ? held.get(file.moveTo) : undefined,
      }));
      return Promise.resolve(task(targets));
    }
    const [real, input] = order[index]!;
    return session.withPath(
      resolve,
      input,
      (path) => {
        held.set(input, path);
        return hold(index + 1);
      },
      real,
    );
  };
  return hold(0);
}
