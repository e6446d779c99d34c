// Arrays as long as a big file's lines, made between calls for the edit that will need them. An edit of a file of
// 200,000 lines builds two such arrays (its lines and their terminators). Made inside the call, each took ~1 ms
// before the first entry was copied into it — three times the copying — since the memory behind an array that long
// comes fresh from the system (the heap had given the last ones back) and is touched for the first time. A spare
// made once the answer is out is ready when the next edit of that file comes; it is never handed out twice.
// session/line-arrays.ts reuses the typed arrays a version replaces; a document's arrays can never be known free
// (earlier versions stay kept and shared), so these spares are made new rather than given back.

import { SPARE_ARRAY_KEEP_MS, SPARE_ARRAY_MAX_LENGTH, SPARE_ARRAY_MIN_LENGTH } from "../limits.ts";

/** Room a spare has beyond the last length asked for: the next edit may add lines. */
const SLACK = 4096;
/** Spares kept at once: an edit takes two (lines and terminators). */
const KEPT = 2;

let spares: unknown[][] = [];
/** The length the last big array was asked for (0: no spare wanted). */
let wanted = 0;
let dropTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * An array of `length` empty slots for the caller to fill, each one: a spare where one fits, else a new array. A
 * length worth a spare is remembered for `prepareSpareArrays`.
 */
export function arrayOfLength<T>(length: number): T[] {
  if (length < SPARE_ARRAY_MIN_LENGTH || length > SPARE_ARRAY_MAX_LENGTH) return new Array<T>(length);
  wanted = length;
  const at = spares.findIndex((spare) => spare.length >= length && spare.length <= length + 2 * SLACK);
  if (at === -1) return new Array<T>(length);
  const [spare] = spares.splice(at, 1) as [T[]];
  spare.length = length;
  return spare;
}

/**
 * Makes spares for the length last asked for, when one was asked for since the last time. For idle moments (the
 * server calls it once an answer is out); spares not taken within SPARE_ARRAY_KEEP_MS are let go.
 */
export function prepareSpareArrays(): void {
  if (wanted === 0) return;
  const length = wanted + SLACK;
  wanted = 0;
  spares = spares.filter((spare) => spare.length >= length - SLACK && spare.length <= length + SLACK);
  while (spares.length < KEPT) spares.push(new Array(length));
  clearTimeout(dropTimer);
  dropTimer = setTimeout(dropSpareArrays, SPARE_ARRAY_KEEP_MS);
  dropTimer.unref();
}

/** Lets every spare go (SPARE_ARRAY_KEEP_MS after the last preparation; tests start from none). */
export function dropSpareArrays(): void {
  clearTimeout(dropTimer);
  spares = [];
  wanted = 0;
}

/** How many spares are ready (tests). */
export function spareArrayCount(): number {
  return spares.length;
}
