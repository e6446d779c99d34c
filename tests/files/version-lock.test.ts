// The per-version lock and the sweeper: dead holders are skipped by generation (never deleted while their version
// is current), live holders win, and the sweeper removes exactly what can no longer matter.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lockPath } from "../../src/files/artifacts.ts";
import { currentIdentity, versionKey, type FileIdentity } from "../../src/files/identity.ts";
import { sweepLeftovers } from "../../src/files/sweep.ts";
import { lockVersion } from "../../src/files/version-lock.ts";
import { deadProcessId } from "../support/processes.ts";

let root: string;
let target: string;
let version: FileIdentity;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "lapp-lock-")));
  target = join(root, "file.txt");
  writeFileSync(target, "content\n");
  version = currentIdentity(target)!;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const lockAt = (generation: number, identity = version) => lockPath(target, versionKey(identity), generation);

describe("lockVersion", () => {
  test("the first taker holds generation 0; a second taker (alive holder) is refused; release frees it", () => {
    const first = lockVersion(target, version);
    expect(first.held).toBe(true);
    expect(existsSync(lockAt(0))).toBe(true);
    expect(lockVersion(target, version).held).toBe(false);
    if (first.held) first.release();
    expect(existsSync(lockAt(0))).toBe(false);
    const again = lockVersion(target, version);
    expect(again.held).toBe(true);
    if (again.held) again.release();
  });

  test("a dead holder is skipped by taking the next generation, its lock is left in place", () => {
    writeFileSync(lockAt(0), String(deadProcessId()));
    const taken = lockVersion(target, version);
    expect(taken.held).toBe(true);
    expect(existsSync(lockAt(1))).toBe(true);
    expect(existsSync(lockAt(0))).toBe(true);
    if (taken.held) taken.release();
  });

  test("a dead holder followed by a live one: refused (two holders are impossible)", () => {
    writeFileSync(lockAt(0), String(deadProcessId()));
    writeFileSync(lockAt(1), String(process.pid));
    expect(lockVersion(target, version).held).toBe(false);
  });

  test("locks of another version do not interfere", () => {
    writeFileSync(lockAt(0, { ...version, size: version.size + 1n }), String(process.pid));
    const taken = lockVersion(target, version);
    expect(taken.held).toBe(true);
    if (taken.held) taken.release();
  });

  test("an empty lock is a holder still writing its pid, unless it is old", () => {
    writeFileSync(lockAt(0), "");
    expect(lockVersion(target, version).held).toBe(false);
    utimesSync(lockAt(0), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const taken = lockVersion(target, version);
    expect(taken.held).toBe(true);
    if (taken.held) taken.release();
  });

  test("taking the lock leaves no staging file behind", () => {
    const taken = lockVersion(target, version);
    if (taken.held) taken.release();
    expect(readdirSync(root)).toEqual(["file.txt"]);
  });
});

describe("sweepLeftovers", () => {
  test("removes dead temps and locks of old versions; keeps live temps and the current version's dead lock", () => {
    const dead = deadProcessId();
    const names = {
      deadTemp: `.file.txt.lapp-${dead}-aaaaaaaa.tmp`,
      liveTemp: `.file.txt.lapp-${process.pid}-bbbbbbbb.tmp`,
      oldLock: lockAt(3, { ...version, mtimeNs: version.mtimeNs - 1n }),
      currentDeadLock: lockAt(0),
      otherFileTemp: `.other.txt.lapp-${dead}-cccccccc.tmp`,
      userFile: ".file.txt.lapp-notes",
    };
    writeFileSync(join(root, names.deadTemp), "x");
    writeFileSync(join(root, names.liveTemp), "x");
    writeFileSync(names.oldLock, String(process.pid));
    writeFileSync(names.currentDeadLock, String(dead));
    writeFileSync(join(root, names.otherFileTemp), "x");
    writeFileSync(join(root, names.userFile), "mine");
    sweepLeftovers(target, true);
    expect(existsSync(join(root, names.deadTemp))).toBe(false);
    expect(existsSync(names.oldLock)).toBe(false);
    expect(existsSync(join(root, names.liveTemp))).toBe(true);
    // Removing it would let a second writer take generation 0 while another holds generation 1.
    expect(existsSync(names.currentDeadLock)).toBe(true);
    expect(existsSync(join(root, names.otherFileTemp))).toBe(true);
    expect(existsSync(join(root, names.userFile))).toBe(true);
  });

  test("a dead process's recovery copy is removed only when the file already holds its content", () => {
    const dead = deadProcessId();
    const differs = join(root, `.file.txt.lapp-${dead}-dddddddd.recovery`);
    writeFileSync(differs, "the only complete copy\n");
    sweepLeftovers(target, true);
    expect(existsSync(differs)).toBe(true);
    writeFileSync(target, "the only complete copy\n");
    sweepLeftovers(target, true);
    expect(existsSync(differs)).toBe(false);
  });
});
