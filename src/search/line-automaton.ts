// A regex with no run of text every match holds (`\w{5}\s+\w{5}…`) as a deterministic automaton over a line's bytes
// (pure), for the native prefilter (line-automaton.c) to decide files JavaScript's regex engine would otherwise scan
// whole: over the Linux kernel, that engine took ~2.2 ms per MB, the automaton ~1.7 in TinyCC-compiled code, with no
// decoding of the text at all.
//
// Exact on ASCII lines, never too strict on others: each ASCII character's membership in each piece of the pattern
// is asked of JavaScript's own engine with the matcher's flags, so it agrees with the regex by construction. A byte
// of 0x80 or more (part of a UTF-8 character, or a Latin-1 one in a file that is not UTF-8) may stand for any
// character or for none: the automaton then keeps every state it was in and adds every step any character could
// take, so it accepts every line the regex matches, and the JavaScript search decides the file.
//
// Only patterns of characters, classes, groups, alternations and quantifiers are taken, in Unicode mode; anchors,
// word boundaries, lookaround, backreferences, patterns that match the empty line and patterns past MAX_POSITIONS
// give undefined (the file is then searched by JavaScript as before).

import { classEnd } from "./regex-syntax.ts";
import { commonnessInCode, isCommonInCode } from "./required-literal.ts";

/** The automaton as line-automaton.c runs it. */
export interface LineAutomaton {
  /** Per byte value, its class: its column in a row of `table` (every byte ≥ 0x80 one class, `\n` one). */
  classes: Uint8Array;
  /**
   * Per state and class, the next state as the offset of its row (state × class count); a state at or past
   * `accepting` is the accepting one: the line holds a match. A `\n` leads every state to the start, row 0.
   */
  table: Int32Array;
  accepting: number;
  /**
   * The ASCII bytes that lead out of the start state, as ranges (first and last byte of each), when they are few and
   * none is common in code: the C code then skips the other bytes 16 at a time there (every byte of 0x80 or more
   * stops it). Empty: only those stop it (`\p{Greek}`). Undefined: no skipping.
   */
  skipRanges: Uint8Array | undefined;
  /**
   * With `skipRanges`, the ASCII bytes that keep alive what a leaving byte began (as ranges), when they are few: the
   * skip then stops only at a leaving byte followed by one of them (or by a byte of 0x80 or more), since a match
   * starting at any other leaving byte dies at the next byte (`\d+\.\d+`: a digit followed by a digit or a dot).
   * Undefined: the leaving byte alone stops it.
   */
  pairRanges: Uint8Array | undefined;
  /**
   * `skipRanges` and `pairRanges` are not the start's leaving bytes but a pair every match holds somewhere (where
   * the start is too common to skip to: `\w+\(\d+\)` holds a `(` followed by a digit; or rarer than the start:
   * `\d+\.\d+` a dot followed by a digit): the C code skips to such a pair, then steps its whole line from the
   * line's start (anchorOf).
   */
  anchored: boolean;
  /** No step on an ASCII byte was cut short by MAX_STATES: then it accepts an ASCII line exactly when the regex matches. */
  asciiExact: boolean;
}

/** Pattern positions past this (after counted repetitions are spelled out) give up: the automaton could grow big. */
const MAX_POSITIONS = 256;
/** States past this (or a table past MAX_TABLE_ENTRIES) are not made: a step to one leads to the accepting state. */
const MAX_STATES = 256;
const MAX_TABLE_ENTRIES = 65536;

type Node =
  | { kind: "atom"; atom: number }
  | { kind: "sequence"; items: Node[] }
  | { kind: "choice"; items: Node[] }
  | { kind: "repeat"; item: Node; min: number; max: number };

/** Thrown inside the parser for anything it does not take; the builder answers undefined. */
class NotTaken extends Error {}

/**
 * The automaton of `source` under `flags` (the line regex's: `u` must be among them), or undefined when the pattern
 * is not one it takes (see above).
 */
export function lineAutomaton(source: string, flags: string): LineAutomaton | undefined {
  if (!flags.includes("u")) return undefined;
  try {
    const parser = new Parser(source);
    const positions = positionsOf(parser.parse());
    if (positions.nullable) return undefined;
    return determinize(positions, bytesMatching(parser.atoms, flags));
  } catch (error) {
    if (error instanceof NotTaken) return undefined;
    throw error;
  }
}

/** Reads the pattern into a tree whose atoms are the source text of one character each (a class, an escape). */
class Parser {
  private index = 0;
  readonly atoms: string[] = [];

  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.choice();
    if (this.index !== this.source.length) throw new NotTaken();
    return node;
  }

  private choice(): Node {
    const items = [this.sequence()];
    while (this.source[this.index] === "|") {
      this.index++;
      items.push(this.sequence());
    }
    return items.length === 1 ? items[0]! : { kind: "choice", items };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (
      this.index < this.source.length &&
      this.source[this.index] !== "|" &&
      this.source[this.index] !== ")"
    )
      items.push(this.quantified(this.term()));
    return { kind: "sequence", items };
  }

  private term(): Node {
    const char = this.source[this.index]!;
    if (char === "(") return this.group();
    if (char === "^" || char === "$") throw new NotTaken();
    const start = this.index;
    if (char === "[") {
      const close = classEnd(this.source, start);
      if (close === -1) throw new NotTaken();
      this.index = close + 1;
    } else if (char === "\\") this.index = this.escapeEnd(start);
    else if ("*+?{}])".includes(char)) throw new NotTaken();
    else this.index += this.source.codePointAt(start)! > 0xffff ? 2 : 1;
    this.atoms.push(this.source.slice(start, this.index));
    return { kind: "atom", atom: this.atoms.length - 1 };
  }

  private group(): Node {
    const rest = this.source.slice(this.index);
    // Capturing and non-capturing groups only; a named one is a capturing group (no backreference is taken).
    const opening = /^\((?:\?:|\?<[A-Za-z_$][\w$]*>)?/.exec(rest)![0];
    if (opening === "(" && rest[1] === "?") throw new NotTaken();
    this.index += opening.length;
    const node = this.choice();
    if (this.source[this.index] !== ")") throw new NotTaken();
    this.index++;
    return node;
  }

  /** Where the escape at `start` ends; anchors, word boundaries and backreferences are not taken. */
  private escapeEnd(start: number): number {
    const letter = this.source[start + 1];
    if (letter === undefined || /[bB1-9k]/.test(letter)) throw new NotTaken();
    if (letter === "p" || letter === "P" || (letter === "u" && this.source[start + 2] === "{")) {
      const close = this.source.indexOf("}", start);
      if (close === -1) throw new NotTaken();
      return close + 1;
    }
    if (letter === "u") return start + 6;
    if (letter === "x") return start + 4;
    if (letter === "c") return start + 3;
    if (letter === "0" && /[0-9]/.test(this.source[start + 2] ?? "")) throw new NotTaken();
    return start + 2 + (this.source.codePointAt(start + 1)! > 0xffff ? 1 : 0);
  }

  private quantified(item: Node): Node {
    const rest = this.source.slice(this.index);
    const quantifier = /^(?:([*+?])|\{(\d+)(?:(,)(\d*))?\})\??/.exec(rest);
    if (!quantifier) return item;
    this.index += quantifier[0].length;
    const [, symbol, low, comma, high] = quantifier;
    if (symbol)
      return { kind: "repeat", item, min: symbol === "+" ? 1 : 0, max: symbol === "?" ? 1 : Infinity };
    const min = Number(low);
    const max = comma ? (high ? Number(high) : Infinity) : min;
    if (min > MAX_POSITIONS || (max !== Infinity && max > MAX_POSITIONS)) throw new NotTaken();
    return { kind: "repeat", item, min, max };
  }
}

/** The pattern's Glushkov automaton: each atom occurrence a position, with the positions that may follow it. */
interface Positions {
  nullable: boolean;
  first: number[];
  last: number[];
  follow: Set<number>[];
  /** Per position, its atom (Parser.atoms). */
  atomOf: number[];
}

type Part = Pick<Positions, "nullable" | "first" | "last">;

function positionsOf(tree: Node): Positions {
  const follow: Set<number>[] = [];
  const atomOf: number[] = [];
  const link = (from: readonly number[], to: readonly number[]) => {
    for (const position of from) for (const after of to) follow[position]!.add(after);
  };
  const sequence = (items: Array<() => Part>): Part => {
    let whole: Part = { nullable: true, first: [], last: [] };
    for (const make of items) {
      const next = make();
      link(whole.last, next.first);
      whole = {
        nullable: whole.nullable && next.nullable,
        first: whole.nullable ? [...whole.first, ...next.first] : whole.first,
        last: next.nullable ? [...whole.last, ...next.last] : next.last,
      };
    }
    return whole;
  };
  const repeat = (node: Extract<Node, { kind: "repeat" }>): Part => {
    // x{n,m} as n copies of x and m − n optional ones; x{n,} as n − 1 copies and x+ (x* when n is 0).
    const copies: Array<() => Part> = [];
    const required = node.max === Infinity ? Math.max(0, node.min - 1) : node.min;
    for (let copy = 0; copy < required; copy++) copies.push(() => part(node.item));
    if (node.max === Infinity)
      copies.push(() => {
        const inner = part(node.item);
        link(inner.last, inner.first);
        return { ...inner, nullable: inner.nullable || node.min === 0 };
      });
    else
      for (let copy = node.min; copy < node.max; copy++)
        copies.push(() => ({ ...part(node.item), nullable: true }));
    return sequence(copies);
  };
  const part = (node: Node): Part => {
    if (node.kind === "atom") {
      if (follow.length >= MAX_POSITIONS) throw new NotTaken();
      follow.push(new Set());
      atomOf.push(node.atom);
      return { nullable: false, first: [follow.length - 1], last: [follow.length - 1] };
    }
    if (node.kind === "sequence") return sequence(node.items.map((item) => () => part(item)));
    if (node.kind === "repeat") return repeat(node);
    const parts = node.items.map(part);
    return {
      nullable: parts.some((each) => each.nullable),
      first: parts.flatMap((each) => each.first),
      last: parts.flatMap((each) => each.last),
    };
  };
  return { ...part(tree), follow, atomOf };
}

/** Per atom, which ASCII characters it matches under `flags`, asked of JavaScript's engine (a `\n` none: no line has one). */
function bytesMatching(atoms: readonly string[], flags: string): Uint8Array[] {
  const lineFlags = flags.replace(/[gmy]/g, "");
  const known = new Map<string, Uint8Array>();
  return atoms.map((atom) => {
    let matching = known.get(atom);
    if (!matching) {
      const whole = new RegExp(`^(?:${atom})$`, lineFlags);
      matching = new Uint8Array(128);
      for (let byte = 0; byte < 128; byte++)
        matching[byte] = byte !== NEWLINE && whole.test(String.fromCharCode(byte)) ? 1 : 0;
      known.set(atom, matching);
    }
    return matching;
  });
}

const NEWLINE = 0x0a;

/**
 * The automaton's states: sets of positions reached (the start, before any, always among them: the regex may
 * match from any place of the line). Bytes are grouped into classes the atoms cannot tell apart. States reached by
 * ASCII bytes come first; the steps of wider characters (which make unions of states) get what room is left, and
 * past MAX_STATES a step leads to the accepting state (the line may match: JavaScript decides the file).
 */
function determinize(positions: Positions, matching: readonly Uint8Array[]): LineAutomaton {
  const groups = new Map<string, number[]>();
  for (let byte = 0; byte < 128; byte++) {
    if (byte === NEWLINE) continue;
    const key = matching.map((atom) => atom[byte]).join("");
    groups.set(key, [...(groups.get(key) ?? []), byte]);
  }
  const ascii = [...groups.values()];
  const newlineClass = ascii.length;
  const highClass = ascii.length + 1;
  const classCount = ascii.length + 2;
  const classes = new Uint8Array(256).fill(highClass);
  ascii.forEach((bytes, index) => bytes.forEach((byte) => (classes[byte] = index)));
  classes[NEWLINE] = newlineClass;
  const stateLimit = Math.min(MAX_STATES, Math.floor(MAX_TABLE_ENTRIES / classCount));

  const last = new Set(positions.last);
  const states: number[][] = [[]];
  const index = new Map<string, number>([["", 0]]);
  const ACCEPT = -1;
  let asciiExact = true;
  let wideSteps = false;
  const target = (set: Iterable<number>): number => {
    const sorted = [...new Set(set)].sort((a, b) => a - b);
    if (sorted.some((position) => last.has(position))) return ACCEPT;
    const key = sorted.join(",");
    let found = index.get(key);
    if (found === undefined) {
      if (states.length >= stateLimit) {
        if (!wideSteps) asciiExact = false;
        return ACCEPT;
      }
      found = states.length;
      states.push(sorted);
      index.set(key, found);
    }
    return found;
  };
  const candidatesOf = (state: number): Set<number> => {
    const candidates = new Set(positions.first);
    for (const position of states[state]!)
      for (const after of positions.follow[position]!) candidates.add(after);
    return candidates;
  };
  const rows: number[][] = [];
  let wide = 0;
  for (let state = 0; state < states.length || wide < states.length;) {
    if (state < states.length) {
      const candidates = [...candidatesOf(state)];
      rows[state] = ascii.map(([byte]) =>
        target(candidates.filter((position) => matching[positions.atomOf[position]!]![byte!] === 1)),
      );
      rows[state]!.push(0);
      state++;
    } else {
      wideSteps = true;
      // A byte of a wider character, or a Latin-1 one: it may stand for any character (every step) or none (stay).
      rows[wide]![highClass] = target([...states[wide]!, ...candidatesOf(wide)]);
      wide++;
    }
  }
  const accepting = states.length * classCount;
  const table = new Int32Array(accepting);
  rows.forEach((row, state) =>
    row.forEach(
      (next, klass) => (table[state * classCount + klass] = next === ACCEPT ? accepting : next * classCount),
    ),
  );
  const leaves = (byte: number) => rows[0]![classes[byte]!] !== 0;
  const skipRanges = skipRangesOf(leaves);
  // The anchor where the start cannot be skipped to; else where it is a pair whose first byte is rarer in code than
  // the start's commonest (`\d+\.\d+\.\d+`: a dot and then a digit, rather than any digit followed by a digit
  // or a dot — in the kernel's C the prefilter's own time 1,249 → 600–780 ms; anchored on the start itself, as
  // `[#@]\w{3}\d` would be, lines are stepped from their start for nothing: 1,016 → 1,501–1,765).
  const anchor = anchorOf(positions, matching);
  if (anchor && (skipRanges === undefined || (anchor.pairRanges && anchor.score < codeScore(leaves)))) {
    const { skipRanges: first, pairRanges: second } = anchor;
    return { classes, table, accepting, skipRanges: first, pairRanges: second, anchored: true, asciiExact };
  }
  const pairRanges =
    skipRanges !== undefined && skipRanges.length > 0
      ? pairRangesOf((state, byte) => rows[state]![classes[byte]!]!, ACCEPT)
      : undefined;
  return { classes, table, accepting, skipRanges, pairRanges, anchored: false, asciiExact };
}

/** A pair every match holds (anchorOf): its skip and pair ranges, and how common its first bytes are (codeScore). */
interface Anchor {
  skipRanges: Uint8Array;
  pairRanges: Uint8Array | undefined;
  score: number;
}

/**
 * A pair of characters every match holds side by side, rare enough in code to skip to, when the start is not
 * (`\w+\(\d+\)`: a match may begin at any word character, but holds a `(` followed by a digit). Its first
 * character is a position every way through the pattern goes through (`mandatory`) and that a match cannot end
 * at; its second, one of the positions that may follow it. As skip ranges: the ASCII bytes the first may be, at
 * most MAX_SKIP_RANGES ranges and none among the COMMON_STOPS commonest characters of code; as pair ranges, those
 * the second may be, when at most MAX_PAIR_RANGES. Bytes of 0x80 or more always stop the skip (they may stand for
 * any character: line-automaton.c), so a match in any text is still stepped. Of several such positions, the one
 * whose commonest byte is rarest in code; undefined when there is none.
 */
function anchorOf(positions: Positions, matching: readonly Uint8Array[]): Anchor | undefined {
  const last = new Set(positions.last);
  let best: Anchor | undefined;
  let bestScore = Infinity;
  for (let position = 0; position < positions.atomOf.length; position++) {
    if (last.has(position)) continue;
    const atom = matching[positions.atomOf[position]!]!;
    const skipRanges = skipRangesOf((byte) => atom[byte] === 1);
    // The walk through the positions last: most are too common to skip to, and that is told at once.
    if (skipRanges === undefined || !mandatory(positions, position)) continue;
    const follow = [...positions.follow[position]!].map((after) => matching[positions.atomOf[after]!]!);
    const pairs = rangesOf((byte) => follow.some((atomAfter) => atomAfter[byte] === 1));
    const pairRanges = pairs.length > 0 && pairs.length / 2 <= MAX_PAIR_RANGES ? pairs : undefined;
    const score = codeScore((byte) => atom[byte] === 1);
    // A pair narrows the stops further: on a tie, the position with one.
    const ranked = score * 2 + (pairRanges ? 0 : 1);
    if (ranked < bestScore) {
      best = { skipRanges, pairRanges, score };
      bestScore = ranked;
    }
  }
  return best;
}

/** How common in code the commonest ASCII byte `holds` is true for is (commonnessInCode; -1 for none). */
function codeScore(holds: (byte: number) => boolean): number {
  let score = -1;
  for (let byte = 0; byte < 128; byte++)
    if (holds(byte)) score = Math.max(score, commonnessInCode(String.fromCharCode(byte)));
  return score;
}

/** Whether every way from a first position to a last one goes through `position` (removing it, none is left). */
function mandatory(positions: Positions, position: number): boolean {
  const reached = new Set<number>();
  const pending = positions.first.filter((first) => first !== position);
  for (const first of pending) reached.add(first);
  const last = new Set(positions.last);
  while (pending.length > 0) {
    const at = pending.pop()!;
    if (last.has(at)) return false;
    for (const after of positions.follow[at]!)
      if (after !== position && !reached.has(after)) {
        reached.add(after);
        pending.push(after);
      }
  }
  return true;
}

/** The bytes below 0x80 for which `holds` is true, as ranges (first and last byte of each). */
function rangesOf(holds: (byte: number) => boolean): Uint8Array {
  const ranges: number[] = [];
  for (let byte = 0; byte < 128; byte++) {
    if (!holds(byte)) continue;
    if (ranges.length > 0 && ranges[ranges.length - 1] === byte - 1) ranges[ranges.length - 1] = byte;
    else ranges.push(byte, byte);
  }
  return Uint8Array.from(ranges);
}

/** Pair ranges past this many cost more per block than they save (line-automaton.c, MAX_PAIR_RANGES). */
const MAX_PAIR_RANGES = 2;

/**
 * The ranges of ASCII bytes after which some state a leaving byte leads to is still not the start
 * (LineAutomaton.pairRanges); undefined when a leaving byte alone accepts, or when they are too many ranges.
 */
function pairRangesOf(next: (state: number, byte: number) => number, accept: number): Uint8Array | undefined {
  const continuing = new Uint8Array(128);
  for (let byte = 0; byte < 128; byte++) {
    const reached = next(0, byte);
    if (reached === 0) continue;
    if (reached === accept) return undefined;
    for (let second = 0; second < 128; second++) if (next(reached, second) !== 0) continuing[second] = 1;
  }
  const ranges = rangesOf((byte) => continuing[byte] === 1);
  return ranges.length / 2 <= MAX_PAIR_RANGES ? ranges : undefined;
}

/** Skip ranges past this many cost more per block than they save (line-automaton.c, MAX_SKIP_RANGES). */
const MAX_SKIP_RANGES = 4;
/** A start-state skip stopping at one of this many commonest characters of code would stop every few bytes. */
const COMMON_STOPS = 12;

/** The ranges of ASCII bytes that leave the start state (LineAutomaton.skipRanges), or undefined for no skipping. */
function skipRangesOf(leaves: (byte: number) => boolean): Uint8Array | undefined {
  for (let byte = 0; byte < 128; byte++)
    if (leaves(byte) && isCommonInCode(String.fromCharCode(byte), COMMON_STOPS)) return undefined;
  const ranges = rangesOf(leaves);
  return ranges.length / 2 <= MAX_SKIP_RANGES ? ranges : undefined;
}
