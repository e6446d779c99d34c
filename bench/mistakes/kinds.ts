// The corpus of mistake kinds: each as the model meant the call and as it sent it, with where it was reported.
// Built from the public record: the hashline ports' issue trackers, oh-my-pi's boundary repairs, reports of models
// echoing LINE#ID: prefixes into files. A kind fits a target line only where it really is that mistake (the line it
// repeats is not blank unless the kind says so, not already doubled, the edited lines are not blank).

import type { Call, ContentLine, Kind, Mistake, Op, RefForm } from "./model.ts";

/** The intended new text of an edited line: a visible change that no other line carries. */
export const edited = (text: string): string => `${text} MB`;

const indentOf = (text: string): string => /^\s*/.exec(text)![0];
const newLines = (anchor: string): string[] => [`${indentOf(anchor)}MB_NEW_1`, `${indentOf(anchor)}MB_NEW_2`];
const blank = (text: string | undefined) => text === undefined || text.trim() === "";
const significant = (text: string | undefined) => text !== undefined && !blank(text);

/** Lines `from..to` exist, carry text, and none equals a neighbour (so nothing already repeats there). */
function plainSpan(file: readonly string[], from: number, to: number): boolean {
  if (from < 2 || to + 1 > file.length) return false;
  for (let line = from; line <= to; line++) {
    if (!significant(file[line - 1])) return false;
    if (file[line - 1] === file[line - 2] || file[line - 1] === file[line]) return false;
  }
  return true;
}

const replaceOf = (
  from: number,
  to: number,
  content: ContentLine[],
  forms: [RefForm?, RefForm?] = [],
): Op => ({
  type: "replace",
  start: { line: from, ...(forms[0] ? { form: forms[0] } : {}) },
  end: { line: to, ...(forms[1] ? { form: forms[1] } : {}) },
  content,
});
const editedSpan = (file: readonly string[], from: number, to: number) =>
  file.slice(from - 1, to).map(edited);
const call = (...ops: Op[]): Call => ({ ops });

/** A one-line replace whose ref the model miswrote in `form`. */
function refSlip(form: RefForm) {
  return (file: readonly string[], at: number): Mistake | undefined => {
    if (!plainSpan(file, at, at)) return undefined;
    const content = editedSpan(file, at, at);
    return {
      intent: call(replaceOf(at, at, content)),
      mistake: call(replaceOf(at, at, content, [form, form])),
      evidence: [],
    };
  };
}

/**
 * A replace of lines `at..at+last` with their edited text, sent with `slip(content)` instead: fits where lines
 * `at+check[0]..at+check[1]` are plain and `fits` holds. `evidence`: the lines the error must name.
 */
function contentSlip(options: {
  last: number;
  check: [number, number];
  slip: (content: string[], file: readonly string[], at: number) => ContentLine[];
  evidence?: (at: number) => number[];
  fits?: (file: readonly string[], at: number) => boolean;
}) {
  return (file: readonly string[], at: number): Mistake | undefined => {
    if (!plainSpan(file, at + options.check[0], at + options.check[1])) return undefined;
    if (options.fits && !options.fits(file, at)) return undefined;
    const content = editedSpan(file, at, at + options.last);
    return {
      intent: call(replaceOf(at, at + options.last, content)),
      mistake: call(replaceOf(at, at + options.last, options.slip(content, file, at))),
      evidence: options.evidence?.(at) ?? [],
    };
  };
}

const HASHLINE = ["lapp", "hashline"] as const;
const ALL = ["lapp", "hashline", "text"] as const;

export const KINDS: readonly Kind[] = [
  {
    id: "id-mistyped",
    title: "ID mistyped (one letter off)",
    group: "ref",
    sources: [
      "https://github.com/code-yeongyu/oh-my-openagent/pull/2088",
      "https://github.com/coctostan/pi-hashline-readmap/issues/126",
    ],
    formats: HASHLINE,
    make: refSlip("mistyped"),
  },
  {
    id: "line-off-by-one",
    title: "line number off by one, ID of the meant line",
    group: "ref",
    sources: [
      "https://github.com/can1357/oh-my-pi/issues/8603",
      "https://github.com/can1357/oh-my-pi/issues/3775",
    ],
    formats: HASHLINE,
    make: refSlip("line+1"),
  },
  {
    id: "ref-from-another-file",
    title: "ref copied from another file's read (same line number)",
    group: "ref",
    sources: ["https://github.com/YuGiMob/pi-hashline-edit-pro/issues/32"],
    formats: HASHLINE,
    make: refSlip("other-file"),
  },
  {
    id: "range-reversed",
    title: "range end before its start",
    group: "ref",
    sources: ["https://github.com/can1357/oh-my-pi/pull/1214"],
    formats: HASHLINE,
    make(file, at) {
      if (!plainSpan(file, at, at + 2)) return undefined;
      const content = editedSpan(file, at, at + 2);
      return {
        intent: call(replaceOf(at, at + 2, content)),
        mistake: call({ type: "replace", start: { line: at + 2 }, end: { line: at }, content }),
        evidence: [],
      };
    },
  },
  {
    id: "overlapping-edits",
    title: "two edits of one call overlap",
    group: "ref",
    sources: ["https://github.com/marcusquinn/aidevops/pull/2151"],
    formats: HASHLINE,
    make(file, at) {
      if (!plainSpan(file, at, at + 2)) return undefined;
      return {
        intent: call(replaceOf(at, at + 2, editedSpan(file, at, at + 2))),
        mistake: call(
          replaceOf(at, at + 1, editedSpan(file, at, at + 1)),
          replaceOf(at + 1, at + 2, editedSpan(file, at + 1, at + 2)),
        ),
        evidence: [],
      };
    },
  },
  {
    id: "anchor-with-text",
    title: "anchor copied with its row text (`12#KT:const x`)",
    group: "absorbed",
    sources: ["https://github.com/FMXExpress/PasClaw/pull/264"],
    formats: HASHLINE,
    make: refSlip("with-text"),
  },
  {
    id: "id-case",
    title: "ID in the other letter case",
    group: "absorbed",
    sources: ["https://github.com/code-yeongyu/oh-my-openagent/issues/2069"],
    formats: HASHLINE,
    make: refSlip("case"),
  },
  {
    id: "every-line-prefixed",
    title: "every content line keeps its row prefix",
    group: "absorbed",
    sources: [
      "https://github.com/anomalyco/opencode/issues/17620",
      "https://github.com/code-yeongyu/oh-my-openagent/issues/2243",
    ],
    formats: HASHLINE,
    make: contentSlip({
      last: 2,
      check: [0, 2],
      slip: (content, _file, at) => content.map((text, step) => ({ row: at + step, text })),
    }),
  },
  {
    id: "crlf-content",
    title: "CRLF content for an LF file",
    group: "absorbed",
    sources: [
      "https://github.com/earendil-works/pi/issues/2744",
      "https://github.com/anomalyco/opencode/pull/9443",
    ],
    formats: ALL,
    make(file, at) {
      if (!plainSpan(file, at, at + 1)) return undefined;
      const content = editedSpan(file, at, at + 1);
      const intent = call(replaceOf(at, at + 1, content));
      return { intent, mistake: { ...intent, crlf: true }, evidence: [] };
    },
  },
  {
    id: "some-lines-prefixed",
    title: "some content lines keep their `N#ID:` prefix (a copied context row)",
    group: "content",
    sources: [
      "https://github.com/coctostan/pi-hashline-readmap/issues/126",
      "https://github.com/adolfousier/opencrabs/issues/573",
    ],
    formats: HASHLINE,
    make(file, at) {
      if (!plainSpan(file, at, at + 2)) return undefined;
      const content = [file[at - 1]!, ...editedSpan(file, at + 1, at + 2)];
      return {
        intent: call(replaceOf(at, at + 2, content)),
        mistake: call(replaceOf(at, at + 2, [{ row: at, text: file[at - 1]! }, ...content.slice(1)])),
        evidence: [at],
      };
    },
  },
  {
    id: "range-repeats-next-line",
    title: "a range's content repeats the line after the range",
    group: "content",
    sources: [
      "https://github.com/can1357/oh-my-pi/pull/1667",
      "https://github.com/Rianico/dsh-better-edit/issues/38",
    ],
    formats: ALL,
    make: contentSlip({
      last: 1,
      check: [0, 2],
      fits: (file, at) => file[at + 2] !== file[at + 1],
      slip: (content, file, at) => [...content, file[at + 1]!],
      evidence: (at) => [at + 2],
    }),
  },
  {
    id: "one-line-repeats-next-two",
    title: "a one-line replace whose content repeats the next two lines",
    group: "content",
    sources: ["https://github.com/can1357/oh-my-pi/pull/2709"],
    formats: ALL,
    make: contentSlip({
      last: 0,
      check: [0, 2],
      fits: (file, at) => file[at + 2] !== file[at + 1],
      slip: (content, file, at) => [...content, file[at]!, file[at + 1]!],
      evidence: (at) => [at + 1, at + 2],
    }),
  },
  {
    id: "range-repeats-previous-line",
    title: "a range's content repeats the line before the range",
    group: "content",
    sources: ["https://github.com/can1357/oh-my-pi/pull/1667"],
    formats: ALL,
    make: contentSlip({
      last: 1,
      check: [-1, 1],
      fits: (file, at) => at >= 3 && file[at - 3] !== file[at - 2],
      slip: (content, file, at) => [file[at - 2]!, ...content],
      evidence: (at) => [at - 1],
    }),
  },
  {
    id: "insert-after-repeats-anchor",
    title: "insert_after whose content repeats the anchor line",
    group: "content",
    sources: [
      "https://github.com/can1357/oh-my-pi/issues/1090",
      "https://github.com/tontinton/maki/pull/806",
    ],
    formats: HASHLINE,
    make(file, at) {
      if (!plainSpan(file, at, at)) return undefined;
      const content = newLines(file[at - 1]!);
      return {
        intent: call({ type: "insert_after", anchor: { line: at }, content }),
        mistake: call({ type: "insert_after", anchor: { line: at }, content: [file[at - 1]!, ...content] }),
        evidence: [at],
      };
    },
  },
  {
    id: "insert-before-repeats-anchor",
    title: "insert_before whose content ends with the anchor line",
    group: "content",
    sources: ["https://github.com/can1357/oh-my-pi/issues/1759"],
    formats: HASHLINE,
    make(file, at) {
      if (!plainSpan(file, at, at) || at < 3) return undefined;
      const content = newLines(file[at - 1]!);
      return {
        intent: call({ type: "insert_before", anchor: { line: at }, content }),
        mistake: call({ type: "insert_before", anchor: { line: at }, content: [...content, file[at - 1]!] }),
        evidence: [at],
      };
    },
  },
  {
    id: "range-repeats-blank-line",
    title: "a range's content repeats the blank line after it",
    group: "content",
    sources: ["https://github.com/can1357/oh-my-pi/pull/1667"],
    formats: ALL,
    make: contentSlip({
      last: 1,
      check: [0, 1],
      fits: (file, at) => file[at + 1] === "" && !blank(file[at + 2]),
      slip: (content) => [...content, ""],
      evidence: (at) => [at + 2],
    }),
  },
  {
    id: "diff-markers",
    title: "content lines copied from a diff, each with its `+`",
    group: "content",
    sources: [
      "https://github.com/RooCodeInc/Roo-Code/issues/3039",
      "https://github.com/can1357/oh-my-pi/issues/9717",
    ],
    formats: ALL,
    make: contentSlip({ last: 1, check: [0, 1], slip: (content) => content.map((text) => `+${text}`) }),
  },
  {
    id: "indentation-lost",
    title: "content inside an indented block written without its indentation",
    group: "content",
    sources: [
      "https://github.com/marcusquinn/aidevops/pull/2151",
      "https://github.com/gsd-build/gsd-2/pull/215",
    ],
    formats: ALL,
    make: contentSlip({
      last: 1,
      check: [0, 1],
      fits: (file, at) => file.slice(at - 2, at + 2).every((text) => /^[ \t]+\S/.test(text)),
      slip: (content) => content.map((text) => text.trimStart()),
    }),
  },
  {
    id: "line-doubled-on-purpose",
    title: "a correct call: a range's content repeats the line after it on purpose",
    group: "correct",
    sources: ["https://github.com/Rianico/dsh-better-edit/issues/38"],
    formats: ALL,
    make(file, at) {
      if (!plainSpan(file, at, at + 2) || file[at + 2] === file[at + 1]) return undefined;
      const content = editedSpan(file, at, at + 1);
      const meant = call(replaceOf(at, at + 1, [...content, file[at + 1]!]));
      return {
        intent: meant,
        mistake: meant,
        evidence: [at + 2],
        // The same lines as two edits: the range without the copy, and the repeated line replaced by two of it.
        alternative: call(
          replaceOf(at, at + 1, content),
          replaceOf(at + 2, at + 2, [file[at + 1]!, file[at + 1]!]),
        ),
      };
    },
  },
];
