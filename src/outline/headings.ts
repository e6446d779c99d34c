// The level and title of a heading line the block engine found (Markdown ATX and setext, AsciiDoc, Org, INI):
// the outline names a section by its marker (`##`, `==`, `**`, `[section]`) and its text.

import type { HeadingDialectName } from "../blocks/language.ts";

export interface HeadingName {
  level: number;
  kind: string;
  name: string;
}

export function headingAt(
  lines: readonly string[],
  index: number,
  dialect: HeadingDialectName,
): HeadingName | null {
  const text = lines[index]!;
  switch (dialect) {
    case "markdown": {
      const atx = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(text);
      if (atx) return { level: atx[1]!.length, kind: atx[1]!, name: atx[2] ?? "" };
      const underline = lines[index + 1] ?? "";
      const level = /^ {0,3}=+[ \t]*$/.test(underline) ? 1 : 2;
      return { level, kind: "#".repeat(level), name: text.trim() };
    }
    case "asciidoc": {
      const found = /^(={1,6})[ \t]+(.*)$/.exec(text);
      return found ? { level: found[1]!.length, kind: found[1]!, name: found[2]!.trim() } : null;
    }
    case "org": {
      const found = /^(\*+)[ \t]+(.*)$/.exec(text);
      return found ? { level: found[1]!.length, kind: found[1]!, name: found[2]!.trim() } : null;
    }
    case "ini": {
      const found = /^\s*\[([^\]]*)\]/.exec(text);
      return found ? { level: 1, kind: "section", name: found[1]!.trim() } : null;
    }
  }
}
