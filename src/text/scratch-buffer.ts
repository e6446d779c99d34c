// A byte buffer reused call after call for bytes that are looked at once (decoded, hashed, written) and never kept:
// fresh memory per call was garbage whose collection showed up in later calls. It grows up to a cap.

export class ScratchBuffer {
  private buffer = new Uint8Array(0);
  private taken = 0;

  constructor(private readonly maxBytes: number) {}

  /** The first `size` bytes of the buffer, valid until the next `take`; undefined past the cap. */
  take(size: number): Uint8Array | undefined {
    if (size > this.maxBytes) return undefined;
    this.taken++;
    if (this.buffer.length < size)
      this.buffer = new Uint8Array(Math.min(Math.max(size, 2 * this.buffer.length), this.maxBytes));
    return this.buffer.subarray(0, size);
  }

  /**
   * The whole buffer with room for more than `used` bytes (grown to twice as long, up to the cap), its first `used`
   * bytes kept: for reading something of unknown length. Undefined when it is at the cap already.
   */
  grown(used: number): Uint8Array | undefined {
    const size = Math.min(Math.max(used + 1, 2 * this.buffer.length), this.maxBytes);
    if (size <= used) return undefined;
    this.taken++;
    if (this.buffer.length < size) {
      const bigger = new Uint8Array(size);
      bigger.set(this.buffer.subarray(0, used));
      this.buffer = bigger;
    }
    return this.buffer;
  }

  /** How many views were taken so far: a view taken when this was `n` still holds its bytes while it is `n`. */
  get takes(): number {
    return this.taken;
  }
}
