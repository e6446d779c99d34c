// A conservative token count of text, without a tokenizer: an upper bound on o200k counts for code, bundles,
// minified code, prose, CJK, emoji, base64, hex, long digit runs, random letters and control characters
// (tests/budget/estimate.test.ts, against the real o200k encoder), cheap enough for every row shown.

import { isCommonPair } from "./common-bigrams.ts";

/** Letters per token in a run of letters of one case (words and identifiers merge into few tokens). */
const LETTERS_PER_TOKEN = 4;
/** Capital letters merge less (random three-letter capitals take two tokens, not one). */
const CAPITALS_PER_TOKEN = 2.5;
/** o200k never merges more than three digits into one token. */
const DIGITS_PER_TOKEN = 3;
/** Each switch between lower case, upper case, digits and `_` inside a word (base64, hashes) tends to cut a token. */
const TOKENS_PER_CLASS_SWITCH = 0.75;
/** Punctuation merges (`();`, `=>`) but random punctuation stays near two tokens per three characters. */
const TOKENS_PER_PUNCTUATION = 0.7;
/** Runs of spaces and tabs are merged up to about this length. */
const BLANKS_PER_TOKEN = 16;
/**
 * Each pair of letters that is rare inside words (common-bigrams.ts) tends to cut a token: random letters split about
 * every two letters (1.9 per o200k token in lower case, 1.8 in upper case), which letters / 4 alone would count as a
 * quarter of that.
 */
const TOKENS_PER_RARE_PAIR = 0.55;

const OTHER = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;
const UNDERSCORE = 4;

function wordClass(code: number): number {
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 48 && code <= 57) return DIGIT;
  return code === 95 ? UNDERSCORE : OTHER;
}

const isBlank = (code: number): boolean => code === 32 || code === 9;
const isLetter = (kind: number): boolean => kind === LOWER || kind === UPPER;

/** Codex counts a tool answer's tokens as its UTF-8 bytes / 4 (and cuts it there): the estimate is never below. */
const BYTES_PER_COUNTED_TOKEN = 4;

/**
 * Estimated tokens of `text`. Never more for a whole than for its parts: rows joined by `\n` estimate at most the
 * sum of the rows plus one per newline. Non-ASCII counts its UTF-8 bytes (no tokenizer spends more than a token
 * per byte). Never less than a quarter of the UTF-8 bytes, which is how Codex counts (indentation-heavy text is
 * cheap for tokenizers, not for that count).
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  /** UTF-8 bytes beyond one per UTF-16 unit. */
  let extraBytes = 0;
  const length = text.length;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    const kind = wordClass(code);
    if (kind !== OTHER) {
      let end = index + 1;
      let switches = 0;
      let rarePairs = 0;
      let digits = kind === DIGIT ? 1 : 0;
      let capitals = kind === UPPER ? 1 : 0;
      let previous = kind;
      for (; end < length; end++) {
        const code = text.charCodeAt(end);
        const next = wordClass(code);
        if (next === OTHER) break;
        if (next !== previous) switches++;
        if (next === DIGIT) digits++;
        if (next === UPPER) capitals++;
        const letterPair = isLetter(next) && isLetter(previous);
        if (letterPair && !isCommonPair(text.charCodeAt(end - 1), code)) rarePairs++;
        previous = next;
      }
      const letters = end - index - digits - capitals;
      tokens += Math.ceil(
        letters / LETTERS_PER_TOKEN +
          capitals / CAPITALS_PER_TOKEN +
          digits / DIGITS_PER_TOKEN +
          switches * TOKENS_PER_CLASS_SWITCH +
          rarePairs * TOKENS_PER_RARE_PAIR,
      );
      index = end;
    } else if (isBlank(code)) {
      let end = index + 1;
      while (end < length && isBlank(text.charCodeAt(end))) end++;
      // One space before a word or a sign is part of that token (` return`, ` =`); digits never take it.
      const joinsNext =
        end - index === 1 && code === 32 && end < length && wordClass(text.charCodeAt(end)) !== DIGIT;
      if (!joinsNext) tokens += Math.ceil((end - index) / BLANKS_PER_TOKEN);
      index = end;
    } else if (code < 32 || code === 127) {
      // Control characters: o200k gives each its own token.
      tokens++;
      index++;
    } else if (code < 128) {
      let end = index + 1;
      for (; end < length; end++) {
        const next = text.charCodeAt(end);
        if (next >= 128 || wordClass(next) !== OTHER || isBlank(next)) break;
      }
      tokens += Math.ceil((end - index) * TOKENS_PER_PUNCTUATION);
      index = end;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      tokens += 4; // a surrogate pair: four UTF-8 bytes
      extraBytes += 2;
      index += 2;
    } else {
      tokens += code < 0x800 ? 2 : 3;
      extraBytes += code < 0x800 ? 1 : 2;
      index++;
    }
  }
  return Math.max(tokens, Math.ceil((length + extraBytes) / BYTES_PER_COUNTED_TOKEN));
}
