// Compares a platform's session with linux-x64's: every answer byte for byte (a step Windows answers otherwise by
// design is only required to pass its own Windows check), and the tree each session left behind (names, sizes,
// sha256 and symlink targets, as Linux sees them), outside the root included.

import { createHash } from "node:crypto";
import { lstatSync, readFileSync, readdirSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import type { Transcript } from "./session.ts";

export interface Comparison {
  label: string;
  steps: number;
  /** Steps whose own checks failed on this platform. */
  failedChecks: string[];
  identical: number;
  /** Answers that differ where the step says Windows answers otherwise (each passed its Windows check). */
  byDesign: string[];
  /** Answers that differ where they must not. */
  unexpected: string[];
  treeIdentical: boolean;
  treeDifference: string;
}

/** Every entry under `directory`: `name/` for folders, `name -> target` for symlinks, else size and sha256. */
export function manifest(directory: string, prefix = ""): string[] {
  const lines: string[] = [];
  for (const name of readdirSync(directory).sort()) {
    const path = join(directory, name);
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) lines.push(`${prefix}${name} -> ${readlinkSync(path)}`);
    else if (stats.isDirectory()) lines.push(`${prefix}${name}/`, ...manifest(path, `${prefix}${name}/`));
    else {
      const digest = createHash("sha256").update(readFileSync(path)).digest("hex").slice(0, 16);
      lines.push(`${prefix}${name} ${stats.size} ${digest}${stats.nlink > 1 ? ` links=${stats.nlink}` : ""}`);
    }
  }
  return lines;
}

export function compare(
  reference: Transcript,
  other: Transcript,
  referenceTree: string[],
  otherTree: string[],
): Comparison {
  const byName = new Map(other.steps.map((step) => [step.name, step]));
  const result: Comparison = {
    label: other.label,
    steps: other.steps.length,
    failedChecks: other.steps
      .filter((step) => step.failures.length > 0)
      .map((step) => `${step.name}: ${step.failures.join("; ")}`),
    identical: 0,
    byDesign: [],
    unexpected: [],
    treeIdentical: false,
    treeDifference: "",
  };
  if (other.tools !== reference.tools)
    result.unexpected.push(`tools/list: ${other.tools} vs ${reference.tools}`);
  for (const step of reference.steps) {
    const theirs = byName.get(step.name);
    if (theirs === undefined) {
      result.unexpected.push(`${step.name}: not answered`);
      continue;
    }
    if (theirs.text === step.text && theirs.isError === step.isError) result.identical++;
    else if (theirs.platformSpecific) result.byDesign.push(step.name);
    else result.unexpected.push(`${step.name}: ${firstDifference(step.text, theirs.text)}`);
  }
  const mine = new Set(referenceTree);
  const theirs = new Set(otherTree);
  result.treeIdentical = referenceTree.join("\n") === otherTree.join("\n");
  if (!result.treeIdentical) {
    const only = (lines: string[], not: Set<string>) => lines.filter((line) => !not.has(line)).join("; ");
    result.treeDifference = `only linux-x64: ${only(referenceTree, theirs)} | only ${other.label}: ${only(otherTree, mine)}`;
  }
  return result;
}

function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 40), at + 80));
  return `differs at ${at}: ${around(a)} vs ${around(b)}`;
}
