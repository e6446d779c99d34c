// A record's entries by (row, ID) key: for each key, the entries shown under it in showing order. Built in one
// pass over typed arrays, entries chained per bucket of rows: the Map of arrays it replaces took ~1.7 ms to build
// for a record of a whole 17,000-line file, once per edit call (every showing changes the entries, and the next
// call's refs are looked up in them); this takes a few hundredths of that.

export class KeyIndex {
  private readonly shift: number;
  /** Per bucket: the last entry whose row falls in it, plus one (0: none). */
  private readonly last: Int32Array;
  /** Per entry: the entry before it in its bucket, plus one (0: none). */
  private readonly previous: Int32Array;
  /** The entries' rows and IDs as they were when the index was built. */
  private readonly rows: Uint32Array;
  private readonly ids: Uint8Array;

  /** The entries 0 … count - 1 of a record, `rows[i]` and `ids[i]` being entry i's key. */
  constructor(rows: Uint32Array, ids: Uint8Array, count: number) {
    let bits = 4;
    while (1 << bits < count) bits++;
    this.shift = 32 - bits;
    this.last = new Int32Array(1 << bits);
    this.previous = new Int32Array(count);
    this.rows = rows.slice(0, count);
    this.ids = ids.slice(0, count);
    for (let index = 0; index < count; index++) {
      const bucket = this.bucketOf(this.rows[index]!);
      this.previous[index] = this.last[bucket]!;
      this.last[bucket] = index + 1;
    }
  }

  /** The entries shown as (`row`, `id`), in showing order; undefined when none was. */
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
