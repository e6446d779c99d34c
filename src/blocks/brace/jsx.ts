// Pure scanners for JSX inside JavaScript: where a tag starts (and where `<T,>` is a TSX generic instead),
// and how far tag attributes and element children run before a `{` hole, a string, or a tag boundary.

import { CH, isIdentStart } from "./chars.ts";

/** Position just past the tag name of a JSX element opening at `start` (the `<`), or -1 when it is none. */
export function jsxTagStart(text: string, start: number): number {
  const next = text.charCodeAt(start + 1);
  if (next !== CH.greater && !isIdentStart(next)) return -1;
  const name = /^[\w$.:-]*/.exec(text.slice(start + 1, start + 200))![0];
  const after = text.slice(start + 1 + name.length).trimStart();
  // `<T,>(x) =>` and `<T extends U>(x) =>` are generic arrow functions in TSX.
  if (after.startsWith(",") || /^extends\b/.test(after)) return -1;
  return start + 1 + name.length;
}

export type JsxTagStop =
  | { readonly pos: number; readonly stop: "hole" | "self-closed" | "tag-end" | "line-end" }
  | { readonly pos: number; readonly stop: "string"; readonly quote: string };

/** Scans a tag's attributes from `pos` until a `{` hole, an attribute string, `/>`, `>` or the line end. */
export function scanJsxTag(text: string, pos: number): JsxTagStop {
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c === CH.lbrace) return { pos: pos + 1, stop: "hole" };
    if (c === CH.dquote || c === CH.quote) return { pos: pos + 1, stop: "string", quote: text[pos]! };
    if (c === CH.slash && text.charCodeAt(pos + 1) === CH.greater)
      return { pos: pos + 2, stop: "self-closed" };
    if (c === CH.greater) return { pos: pos + 1, stop: "tag-end" };
    pos++;
  }
  return { pos, stop: "line-end" };
}

export type JsxChildrenStop = {
  readonly pos: number;
  readonly stop: "hole" | "open-tag" | "close-tag" | "line-end";
};

/** Scans element children (text) from `pos` until a `{` hole, a child tag `<x`, a closing tag `</` or the line end. */
export function scanJsxChildren(text: string, pos: number): JsxChildrenStop {
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c === CH.lbrace) return { pos: pos + 1, stop: "hole" };
    if (c === CH.less) {
      return text.charCodeAt(pos + 1) === CH.slash
        ? { pos: pos + 2, stop: "close-tag" }
        : { pos: pos + 1, stop: "open-tag" };
    }
    pos++;
  }
  return { pos, stop: "line-end" };
}
