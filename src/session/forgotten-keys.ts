// The refs (row, ID) of a file whose meanings lapp dropped to stay within its memory bounds. The model may still
// hold them, so such a ref is never resolved by a guess: with no meaning left it is refused as too old, and when a
// later showing gave it a meaning again it is ambiguous (that showing, or the forgotten line?) until a refusal has
// shown the model the ref's current line — then it means that line, like any ambiguous ref once refused.

/** A ref's key: row * 256 + the index of its two-letter ID. */
export type RefKey = number;

/** Bytes one forgotten key is counted at (a JavaScript Set's entry). */
const BYTES_PER_KEY = 32;

export class ForgottenKeys {
  /** "all": the file's record was dropped whole without its keys being kept: every key may be forgotten. */
  private keys: Set<RefKey> | "all";
  /** Under "all": keys a refusal has settled since. */
  private readonly settled = new Set<RefKey>();

  constructor(keys: Iterable<RefKey> | "all" = []) {
    this.keys = keys === "all" ? "all" : new Set(keys);
  }

  get bytes(): number {
    return ((this.keys === "all" ? 0 : this.keys.size) + this.settled.size) * BYTES_PER_KEY;
  }

  get any(): boolean {
    return this.keys === "all" || this.keys.size > 0;
  }

  has(key: RefKey): boolean {
    return this.keys === "all" ? !this.settled.has(key) : this.keys.has(key);
  }

  add(key: RefKey): void {
    if (this.keys !== "all") this.keys.add(key);
    else this.settled.delete(key);
  }

  /** A refusal showed the model the ref's current line: the forgotten meaning no longer counts. */
  settle(key: RefKey): void {
    if (this.keys === "all") this.settled.add(key);
    else this.keys.delete(key);
  }

  /** The keys themselves (undefined under "all"), to keep when the record is dropped. */
  list(): RefKey[] | undefined {
    return this.keys === "all" ? undefined : [...this.keys];
  }
}
