// Per-line arrays (a hash and a time per line of a file) kept for reuse from one version to the next. On the VMs
// lapp is measured on, touching freshly mapped memory costs ~3 ms per MiB (a page fault per 4 KiB), and a write of a
// 200,000-line file made two such arrays (1.6 MB) per call, which the runtime gave back to the system before the
// next call: a third of what an edit of that file cost beyond its write. The array a version replaces is kept as the
// spare the next version is made in, with room for lines an edit adds.

/** Lines of headroom beyond the version's own, so inserts keep using the same memory. */
const HEADROOM_SHARE = 1 / 16;
const HEADROOM_MIN = 256;

export class LineArrays {
  private spare: ArrayBuffer | undefined;

  /** A Uint32Array of `length` entries with unspecified contents (the spare's memory when it holds them). */
  take(length: number): Uint32Array {
    const spare = this.spare;
    if (spare !== undefined && spare.byteLength >= length * 4) {
      this.spare = undefined;
      return new Uint32Array(spare, 0, length);
    }
    const room = length + Math.max(HEADROOM_MIN, Math.ceil(length * HEADROOM_SHARE));
    return new Uint32Array(new ArrayBuffer(room * 4), 0, length);
  }

  /** `array`, replaced and referenced by nothing else now, becomes the spare (the larger of the two is kept). */
  giveBack(array: Uint32Array | undefined): void {
    if (array === undefined || array.byteOffset !== 0) return;
    if (this.spare === undefined || array.buffer.byteLength > this.spare.byteLength)
      this.spare = array.buffer as ArrayBuffer;
  }

  /** Bytes the spare holds. */
  get bytes(): number {
    return this.spare?.byteLength ?? 0;
  }
}
