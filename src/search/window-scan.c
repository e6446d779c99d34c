/*
 * Where the prefilter's runs may stand, looked at 16 text positions at a time (x86_64, with SSE2, which every
 * x86_64 processor has; compiled before find-runs.c, which uses it: native-code.ts).
 *
 * memchr on a run's rarest byte hands back every place that byte stands. That is rare enough when the byte is an
 * uppercase letter (memchr then runs as fast as memory), but a lowercase letter stands every 60–200 bytes of C, and a
 * case-insensitive run is looked for by a letter in either case: two memchr streams, each hit costing a call and a
 * comparison — 2.6 GB/s for a caseless pm_resume against 10.6 for an exact PM_RESUME, timed on 300 MB of the
 * kernel's C in 256 KiB reads. A window is two or three consecutive bytes of a run, each standing for one text byte,
 * compared at 16 positions at once: such a triple rarely fits where the run does not stand, and the same scan runs
 * at 10–12 GB/s (measured the same way), taking every run of an alternation in one pass (find-runs.c,
 * choose_window, says which runs get one).
 *
 * A window is WINDOW_BYTES: per byte, 16 copies of a mask and 16 of a target; a text byte x fits when
 * (x | mask) == target. The mask is 0x20 for a letter of a caseless run (a letter's two ASCII cases differ only in
 * that bit, and no other byte turns into a letter with it), else 0; an unused third byte has mask and target 0xff,
 * which every byte fits.
 *
 * TinyCC's assembler knows movups, por, pand, pxor and pcmpeqb, but not pmovmskb, which is spelled out as bytes; it
 * takes no xmm clobbers either: it keeps no values in xmm registers across statements, and every caller of this
 * code treats them as scratch (the x86_64 calling convention).
 */

#define WINDOW_BYTES 96
#define WINDOW_MAX_WIDTH 3
/* The assembly below steps from window to window by this size and reads three bytes' masks and targets. */
_Static_assert(WINDOW_BYTES == 96 && WINDOW_MAX_WIDTH == 3, "window_blocks' assembly assumes these sizes");

#if defined(__x86_64__)
#define HAS_WINDOW_SCAN 1
#else
#define HAS_WINDOW_SCAN 0
#endif

/* Makes `window` stand for `width` (2 or 3) bytes of `bytes`; `caseless`: each letter in either ASCII case. */
static void set_window(unsigned char *window, const unsigned char *bytes, int width, int caseless) {
  for (int index = 0; index < WINDOW_MAX_WIDTH; index++) {
    unsigned char byte = bytes[index < width ? index : 0];
    unsigned char mask = index >= width ? 0xff : caseless && byte >= 'a' && byte <= 'z' ? 0x20 : 0;
    unsigned char target = index >= width ? 0xff : byte;
    for (int copy = 0; copy < 16; copy++) {
      window[32 * index + copy] = mask;
      window[32 * index + 16 + copy] = target;
    }
  }
}

/* Whether `window` (of `width` bytes) fits at `at`, which has at least `width` bytes after it. */
static int window_fits(const unsigned char *window, int width, const unsigned char *at) {
  for (int index = 0; index < width; index++)
    if ((at[index] | window[32 * index]) != window[32 * index + 16]) return 0;
  return 1;
}

#if HAS_WINDOW_SCAN
/*
 * From `from`, 16 positions at a time while all their windows' bytes lie before `limit`: the first such block where
 * one of the `count` windows at `windows` fits at one of its positions; `*fits` then has bit i set for each position
 * from + i where one does. Otherwise the first position no whole block was looked at from, and `*fits` 0.
 */
static const unsigned char *window_blocks(const unsigned char *from, const unsigned char *limit,
                                          const unsigned char *windows, int count, int *fits) {
  int found = 0;
  /* A block reads 16 + WINDOW_MAX_WIDTH - 1 bytes. */
  if (limit - from < 16 + WINDOW_MAX_WIDTH - 1) {
    *fits = 0;
    return from;
  }
  const unsigned char *stop = limit - (16 + WINDOW_MAX_WIDTH - 1);
  const unsigned char *windows_end = windows + WINDOW_BYTES * count;
  /* rsi: the block; rdi, rdx: the windows and their end; rcx: the last block; rax: the window at hand, then the
   * block's fits. xmm0-2: the block from each of its first three bytes; xmm3: the fits of every window so far. */
  __asm__ __volatile__(
      "1:\n\t"
      "movups (%%rsi), %%xmm0\n\t"
      "movups 1(%%rsi), %%xmm1\n\t"
      "movups 2(%%rsi), %%xmm2\n\t"
      "pxor %%xmm3, %%xmm3\n\t"
      "mov %%rdi, %%rax\n\t"
      "2:\n\t"
      "movups (%%rax), %%xmm4\n\t"
      "por %%xmm0, %%xmm4\n\t"
      "movups 16(%%rax), %%xmm5\n\t"
      "pcmpeqb %%xmm5, %%xmm4\n\t"
      "movups 32(%%rax), %%xmm5\n\t"
      "por %%xmm1, %%xmm5\n\t"
      "movups 48(%%rax), %%xmm6\n\t"
      "pcmpeqb %%xmm6, %%xmm5\n\t"
      "pand %%xmm5, %%xmm4\n\t"
      "movups 64(%%rax), %%xmm5\n\t"
      "por %%xmm2, %%xmm5\n\t"
      "movups 80(%%rax), %%xmm6\n\t"
      "pcmpeqb %%xmm6, %%xmm5\n\t"
      "pand %%xmm5, %%xmm4\n\t"
      "por %%xmm4, %%xmm3\n\t"
      "add $96, %%rax\n\t"
      "cmp %%rdx, %%rax\n\t"
      "jb 2b\n\t"
      ".byte 0x66, 0x0f, 0xd7, 0xc3\n\t" /* pmovmskb %xmm3, %eax */
      "test %%eax, %%eax\n\t"
      "jnz 3f\n\t"
      "add $16, %%rsi\n\t"
      "cmp %%rcx, %%rsi\n\t"
      "jbe 1b\n\t"
      "3:\n\t"
      : "=a"(found), "+S"(from)
      : "D"(windows), "d"(windows_end), "c"(stop)
      : "memory", "cc");
  *fits = found;
  return from;
}
#else
/* No window scan here (windows are then never made: find-runs.c, choose_window). */
static const unsigned char *window_blocks(const unsigned char *from, const unsigned char *limit,
                                          const unsigned char *windows, int count, int *fits) {
  *fits = 0;
  return from;
}
#endif
