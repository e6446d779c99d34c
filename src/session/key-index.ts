// A record's entries by (row, ID) key: for each key, the entries shown under it in showing order. Built in one
// pass, entries chained per bucket of rows, over buffers every index of this thread shares: the Map of arrays it
// replaces took ~1.7 ms to build for a record of a whole 17,000-line file, once per edit call (every showing changes
// the entries, and the next call's refs are looked up in them), and fresh buffers per build made reading a
// 100,000-line file page by page slower than that Map (the garbage of every page).

/** Per bucket: the last entry whose row falls in it, plus one (0: none). */
let sharedLast = new Int32Array(16);
/** Per entry: the entry before it in its bucket, plus one (0: none). */
let sharedPrevious = new Int32Array(16);
/** The index the shared buffers hold now: an index answers only while they are its own. */
let owner: KeyIndex | undefined;

export class KeyIndex {
  private readonly shift: number;

  /**
   * Indexes entries 0 … count - 1 of a record, `rows[i]` and `ids[i]` being entry i's key. The arrays are held,
   * not copied: the record builds a new index whenever it changes them.
   */
  constructor(
    private readonly rows: Uint32Array,
    private readonly ids: Uint8Array,
    count: number,
  ) {
    let bits = 4;
    while (1 << bits < count) bits++;
    this.shift = 32 - bits;
    if (sharedLast.length === 1 << bits) sharedLast.fill(0);
    else sharedLast = new Int32Array(1 << bits);
    if (sharedPrevious.length < count)
      sharedPrevious = new Int32Array(Math.max(count, 2 * sharedPrevious.length));
    const last = sharedLast;
    const previous = sharedPrevious;
    for (let index = 0; index < count; index++) {
      const bucket = this.bucketOf(rows[index]!);
      previous[index] = last[bucket]!;
      last[bucket] = index + 1;
    }
    owner = this;
  }

  /** Whether this index can still answer (no other index was built since). */
  get current(): boolean {
    return owner === this;
  }

  /** The entries shown as (`row`, `id`), in showing order; undefined when none was. Only while `current`. */
  entries(row: number, id: number): number[] | undefined {
    const found: number[] = [];
    for (let at = sharedLast[this.bucketOf(row)]!; at !== 0; at = sharedPrevious[at - 1]!) {
      if (this.rows[at - 1] === row && this.ids[at - 1] === id) found.push(at - 1);
    }
    return found.length === 0 ? undefined : found.reverse();
  }

  /** Rows spread over the buckets by a multiplicative hash (any pattern of row numbers, not only runs). */
  private bucketOf(row: number): number {
    return Math.imul(row, 0x9e3779b1) >>> this.shift;
  }
}
