// A record's entries by (row, ID) key: for each key, the entries shown under it in showing order. Built in one
// pass over typed arrays, by open addressing: the Map of arrays it replaces took ~1.7 ms to build for a record of
// a whole 17,000-line file, once per edit call (every showing changes the entries, and the next call's refs are
// looked up in them).

export class KeyIndex {
  private readonly mask: number;
  /** Per slot: its key's row, its ID plus one (0: an empty slot), and the last entry shown under that key. */
  private readonly slotRow: Uint32Array;
  private readonly slotId: Uint16Array;
  private readonly slotLast: Int32Array;
  /** Per entry: the entry shown under the same key before it, -1 for none. */
  private readonly previous: Int32Array;

  /** The entries 0 … count - 1 of a record, `rows[i]` and `ids[i]` being entry i's key. */
  constructor(rows: Uint32Array, ids: Uint8Array, count: number) {
    let size = 16;
    while (size < 2 * count) size *= 2;
    this.mask = size - 1;
    this.slotRow = new Uint32Array(size);
    this.slotId = new Uint16Array(size);
    this.slotLast = new Int32Array(size);
    this.previous = new Int32Array(count);
    for (let index = 0; index < count; index++) {
      const row = rows[index]!;
      const id = ids[index]!;
      const slot = this.slotOf(row, id);
      if (this.slotId[slot] === 0) {
        this.slotRow[slot] = row;
        this.slotId[slot] = id + 1;
        this.previous[index] = -1;
      } else {
        this.previous[index] = this.slotLast[slot]!;
      }
      this.slotLast[slot] = index;
    }
  }

  /** The entries shown as (`row`, `id`), in showing order; undefined when none was. */
  entries(row: number, id: number): number[] | undefined {
    const slot = this.slotOf(row, id);
    if (this.slotId[slot] === 0) return undefined;
    const found: number[] = [];
    for (let index = this.slotLast[slot]!; index !== -1; index = this.previous[index]!) found.push(index);
    return found.reverse();
  }

  /** The slot holding (`row`, `id`), or the empty slot where it would go. */
  private slotOf(row: number, id: number): number {
    let slot = (Math.imul(row, 0x9e3779b1) ^ Math.imul(id + 1, 0x85ebca6b)) & this.mask;
    while (this.slotId[slot] !== 0 && (this.slotRow[slot] !== row || this.slotId[slot] !== id + 1))
      slot = (slot + 1) & this.mask;
    return slot;
  }
}
