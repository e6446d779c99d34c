// A record's meanings by (row, ID) key: for each key, the meanings shown under it in showing order. Built in one
// pass, meanings chained per bucket of rows: a Map of arrays took ~1.7 ms to build for a record of a whole
// 17,000-line file, once per edit call (every showing changes the meanings, and the next call's refs are looked up
// in them). The buffers belong to the record (the index it replaces hands them on), so building one never
// invalidates another record's index and reading a big file page by page makes no garbage per page.

export class KeyIndex {
  private readonly shift: number;
  /** Per bucket: the last meaning whose row falls in it, plus one (0: none). */
  private readonly last: Int32Array;
  /** Per meaning: the meaning before it in its bucket, plus one (0: none). */
  private readonly previous: Int32Array;

  /**
   * Indexes meanings 0 … count - 1 of a record, `rows[i]` and `ids[i]` being meaning i's key. The arrays are held,
   * not copied: the record builds a new index whenever it changes them. `replaced`: the record's previous index,
   * whose buffers are reused when large enough.
   */
  constructor(
    private readonly rows: Uint32Array,
    private readonly ids: Uint8Array,
    count: number,
    replaced?: KeyIndex,
  ) {
    let bits = 4;
    while (1 << bits < count) bits++;
    this.shift = 32 - bits;
    this.last =
      replaced && replaced.last.length === 1 << bits ? replaced.last.fill(0) : new Int32Array(1 << bits);
    this.previous =
      replaced && replaced.previous.length >= count
        ? replaced.previous
        : new Int32Array(Math.max(count, 2 * (replaced?.previous.length ?? 8)));
    for (let index = 0; index < count; index++) {
      const bucket = this.bucketOf(rows[index]!);
      this.previous[index] = this.last[bucket]!;
      this.last[bucket] = index + 1;
    }
  }

  get bytes(): number {
    return this.last.byteLength + this.previous.byteLength;
  }

  /** The meanings shown as (`row`, `id`), in index order; undefined when none was. */
  entries(row: number, id: number): number[] | undefined {
    const found: number[] = [];
    for (let at = this.last[this.bucketOf(row)]!; at !== 0; at = this.previous[at - 1]!) {
      if (this.rows[at - 1] === row && this.ids[at - 1] === id) found.push(at - 1);
    }
    return found.length === 0 ? undefined : found.reverse();
  }

  /** Rows spread over the buckets by a multiplicative hash (any pattern of row numbers, not only runs). */
  private bucketOf(row: number): number {
    return Math.imul(row, 0x9e3779b1) >>> this.shift;
  }
}
