/*
 * A line automaton (line-automaton.ts builds it from a regex with no run of text every match holds): whether some
 * line of a buffer holds a match, one table step per byte. Compiled before prefilter.c, which runs it on the complete
 * lines it read (native-code.ts).
 *
 * `classes` gives each byte its class, `table` per state and class the next state as its row's offset (state ×
 * class count), so a step is one addition and one load; a `\n` leads back to the start (row 0); a state at or past
 * `accepting` means the line so far holds a match.
 *
 * Each step waits for the one before (the next row comes from the load), so the loop is as fast as that chain: under
 * TinyCC, whose code keeps the state in memory between statements, 0.25 GB/s over 300 MB of the kernel's C; the same
 * loop in inline assembly with the state in a register, 0.59 GB/s (x86_64; other machines run the C loop).
 *
 * On x86_64, four ways around that chain: in the start state, bytes that cannot begin a match are skipped 16 at a
 * time (first_leaving_byte, where with pair ranges the byte after a leaving one decides too); where a match may
 * begin at too common a byte, the same skip goes to a pair of bytes every match holds and steps only the lines that
 * hold one (automaton_anchored); without either, a long range is stepped as two halves at once
 * (automaton_steps_split); and automaton_count counts the lines it accepts, for files whose matching lines are only
 * counted.
 */

#define MAX_SKIP_RANGES 4
#define MAX_PAIR_RANGES 2

struct line_automaton {
  const unsigned char *classes;
  const int *table;
  long accepting;
  /* In the start state, the bytes up to the next one that leaves it are skipped 16 at a time when those are the bytes
   * of at most MAX_SKIP_RANGES ranges of ASCII (`skip_ranges` of them; -1: no skipping) and every byte of 0x80 or
   * more: first_leaving_byte. `skip` holds per range 16 copies of its first byte and 16 of its last minus its first. */
  int skip_ranges;
  unsigned char skip[MAX_SKIP_RANGES * 32];
  /* With skip ranges: a leaving byte stops the skip only when the byte after it is in one of `pair_ranges` ranges (or
   * is 0x80 or more), held as `skip` holds its own (first_leaving_byte); 0: the leaving byte alone stops it. */
  int pair_ranges;
  unsigned char pair[MAX_PAIR_RANGES * 32];
  /* The skip's ranges are a pair every match holds, not the start's leaving bytes (line-automaton.ts, anchorOf):
   * each line the skip stops in is stepped whole, from its start (automaton_anchored). */
  int anchored;
};

/* Makes the automaton skip in its start state over the bytes outside `count` ranges (`ranges`: first and last byte of
 * each); -1 or more than MAX_SKIP_RANGES: no skipping. */
static void set_skip_ranges(struct line_automaton *automaton, const unsigned char *ranges, int count) {
  automaton->skip_ranges = count >= 0 && count <= MAX_SKIP_RANGES ? count : -1;
  for (int range = 0; range < automaton->skip_ranges; range++)
    for (int copy = 0; copy < 16; copy++) {
      automaton->skip[32 * range + copy] = ranges[2 * range];
      automaton->skip[32 * range + 16 + copy] = ranges[2 * range + 1] - ranges[2 * range];
    }
}

/* Makes the skip stop only at a leaving byte followed by a byte of `count` ranges (`ranges`: first and last byte of
 * each) or of 0x80 or more; 0, or more than MAX_PAIR_RANGES: at every leaving byte. */
static void set_pair_ranges(struct line_automaton *automaton, const unsigned char *ranges, int count) {
  automaton->pair_ranges = count > 0 && count <= MAX_PAIR_RANGES && automaton->skip_ranges > 0 ? count : 0;
  for (int range = 0; range < automaton->pair_ranges; range++)
    for (int copy = 0; copy < 16; copy++) {
      automaton->pair[32 * range + copy] = ranges[2 * range];
      automaton->pair[32 * range + 16 + copy] = ranges[2 * range + 1] - ranges[2 * range];
    }
}

/* Whether `byte` leaves the start state by the skip ranges (a byte of 0x80 or more always does). */
static int leaves_start(const struct line_automaton *automaton, unsigned char byte) {
  if (byte >= 0x80) return 1;
  for (int range = 0; range < automaton->skip_ranges; range++)
    if ((unsigned char)(byte - automaton->skip[32 * range]) <= automaton->skip[32 * range + 16]) return 1;
  return 0;
}

#if defined(__x86_64__)
/*
 * The first byte in [from, end) that leaves the start state (leaves_start), else `end`: 16 bytes at a time, each
 * range tested as (byte - first) <= (last - first) unsigned (psubb, pminub, pcmpeqb), a byte's high bit taken as it
 * is; pmovmskb gives the block's answer. With pair ranges, a leaving byte counts only when the byte after it
 * continues what it began (a pair range, or 0x80 or more): the same test on the block one byte on, the two answers
 * and-ed (pand). The last bytes are tested one at a time, by the leaving byte alone. TinyCC's assembler lacks psubb,
 * pminub, pand, pmovmskb and a register-to-register movaps: spelled out as bytes (checked with GNU as). The pair
 * loop (5:) is the range loop (2:) again on the block one byte on, into its own answer: the registers differ, and a
 * macro writing both would hide which register each instruction reads.
 */
static const unsigned char *first_leaving_byte(const unsigned char *from, const unsigned char *end,
                                               const struct line_automaton *automaton) {
  /* The block one byte on is read too when there are pairs. */
  long reach = automaton->pair_ranges > 0 ? 17 : 16;
  if (end - from >= reach) {
    const unsigned char *stop = end - reach;
    const unsigned char *ranges_end = automaton->skip + 32 * automaton->skip_ranges;
    const unsigned char *pairs = automaton->pair;
    const unsigned char *pairs_end = automaton->pair + 32 * automaton->pair_ranges;
    int found = 0;
    /* rsi: the block; rcx: the last whole block; rdi, rdx: the ranges and their end; rax: the range at hand, then
     * the block's answer. xmm0: the block; xmm2: its answer so far (the block itself: its high bits); xmm3, xmm4:
     * one range's test; xmm1, xmm5: the block one byte on and its answer (its high bits, then its pair ranges). */
    __asm__ __volatile__(
        "1:\n\t"
        "movups (%%rsi), %%xmm0\n\t"
        ".byte 0x0f, 0x28, 0xd0\n\t" /* movaps %xmm0, %xmm2 */
        "mov %%rdi, %%rax\n\t"
        "cmp %%rdx, %%rax\n\t"
        "jae 3f\n\t"
        "2:\n\t"
        ".byte 0x0f, 0x28, 0xd8\n\t" /* movaps %xmm0, %xmm3 */
        "movups (%%rax), %%xmm4\n\t"
        ".byte 0x66, 0x0f, 0xf8, 0xdc\n\t" /* psubb %xmm4, %xmm3: byte - first */
        "movups 16(%%rax), %%xmm4\n\t"
        ".byte 0x66, 0x0f, 0xda, 0xe3\n\t" /* pminub %xmm3, %xmm4: min(byte - first, last - first) */
        "pcmpeqb %%xmm3, %%xmm4\n\t"
        "por %%xmm4, %%xmm2\n\t"
        "add $32, %%rax\n\t"
        "cmp %%rdx, %%rax\n\t"
        "jb 2b\n\t"
        "3:\n\t"
        "mov %5, %%rax\n\t"
        "cmp %6, %%rax\n\t"
        "jae 6f\n\t"
        "movups 1(%%rsi), %%xmm1\n\t"
        ".byte 0x0f, 0x28, 0xe9\n\t" /* movaps %xmm1, %xmm5 */
        "5:\n\t"
        ".byte 0x0f, 0x28, 0xd9\n\t" /* movaps %xmm1, %xmm3 */
        "movups (%%rax), %%xmm4\n\t"
        ".byte 0x66, 0x0f, 0xf8, 0xdc\n\t" /* psubb %xmm4, %xmm3 */
        "movups 16(%%rax), %%xmm4\n\t"
        ".byte 0x66, 0x0f, 0xda, 0xe3\n\t" /* pminub %xmm3, %xmm4 */
        "pcmpeqb %%xmm3, %%xmm4\n\t"
        "por %%xmm4, %%xmm5\n\t"
        "add $32, %%rax\n\t"
        "cmp %6, %%rax\n\t"
        "jb 5b\n\t"
        ".byte 0x66, 0x0f, 0xdb, 0xd5\n\t" /* pand %xmm5, %xmm2 */
        "6:\n\t"
        ".byte 0x66, 0x0f, 0xd7, 0xc2\n\t" /* pmovmskb %xmm2, %eax */
        "test %%eax, %%eax\n\t"
        "jnz 4f\n\t"
        "add $16, %%rsi\n\t"
        "cmp %%rcx, %%rsi\n\t"
        "jbe 1b\n\t"
        "xor %%eax, %%eax\n\t"
        "4:\n\t"
        : "=a"(found), "+S"(from)
        : "c"(stop), "D"(automaton->skip), "d"(ranges_end), "m"(pairs), "m"(pairs_end)
        : "memory", "cc");
    if (found)
      for (int bit = 0; bit < 16; bit++)
        if (found >> bit & 1) return from + bit;
  }
  while (from < end && !leaves_start(automaton, *from)) from++;
  return from;
}

/* Steps from the start state over [from, end) until the line so far holds a match (returns 1) or the state is the
 * start again (returns 0, `*at` past the byte that led there), or the bytes end (returns 0, `*at` = end). The loop
 * is automaton_steps_from's with that one more exit: a flag telling the two apart would be tested on every step of
 * the hottest loop of the prefilter, so each has its own. */
static int automaton_steps_from_start(const unsigned char **at, const unsigned char *end,
                                      const struct line_automaton *automaton) {
  const unsigned char *from = *at;
  long state = 0;
  long accepting = automaton->accepting;
  __asm__ __volatile__(
      "1:\n\t"
      "movzbl (%%rsi), %%eax\n\t"
      "movzbl (%4,%%rax), %%eax\n\t"
      "add %%rcx, %%rax\n\t"
      "movl (%%rdx,%%rax,4), %%ecx\n\t"
      "add $1, %%rsi\n\t"
      "test %%rcx, %%rcx\n\t"
      "jz 2f\n\t"
      "cmp %5, %%rcx\n\t"
      "jae 2f\n\t"
      "cmp %%rdi, %%rsi\n\t"
      "jb 1b\n\t"
      "2:\n\t"
      : "+S"(from), "+c"(state)
      : "D"(end), "d"(automaton->table), "b"(automaton->classes), "m"(accepting)
      : "rax", "memory", "cc");
  *at = from;
  return state >= accepting;
}

/* Whether a line of [*at, end) (complete lines, the first from `state`, the others from the start state) holds a
 * match: the table's steps in assembly; `*at` is left past the byte that made it match. */
static int automaton_steps_from(const unsigned char **at, const unsigned char *end,
                                const struct line_automaton *automaton, long state) {
  const unsigned char *from = *at;
  /* A local: TinyCC takes a memory operand of a variable, not of a member reached through a pointer. */
  long accepting = automaton->accepting;
  if (from >= end) return 0;
  /* rsi: the next byte; rdi: the end; rdx: the table; rbx: the classes; rcx: the state; rax: the byte, its class,
   * the index. */
  __asm__ __volatile__(
      "1:\n\t"
      "movzbl (%%rsi), %%eax\n\t"
      "movzbl (%4,%%rax), %%eax\n\t"
      "add %%rcx, %%rax\n\t"
      "movl (%%rdx,%%rax,4), %%ecx\n\t"
      "add $1, %%rsi\n\t"
      "cmp %5, %%rcx\n\t"
      "jae 2f\n\t"
      "cmp %%rdi, %%rsi\n\t"
      "jb 1b\n\t"
      "2:\n\t"
      : "+S"(from), "+c"(state)
      : "D"(end), "d"(automaton->table), "b"(automaton->classes), "m"(accepting)
      : "rax", "memory", "cc");
  *at = from;
  return state >= accepting;
}

static int automaton_steps(const unsigned char **at, const unsigned char *end,
                           const struct line_automaton *automaton) {
  return automaton_steps_from(at, end, automaton, 0);
}

/* Ranges shorter than this are stepped as one chain (automaton_steps_split). */
#define SPLIT_AT_LEAST 1024

/*
 * Whether a line of [from, end) (complete lines) holds a match, the range stepped as two halves (split after a line
 * break near its middle) whose steps alternate in one loop. A step waits for the load of the one before it, so one
 * chain leaves the core idle most of each step; two chains overlap. Only yes or no: which half matched is not told.
 * r8, r9, r10: the second half's next byte, end and state; r11 its byte, class and index (TinyCC's constraints name
 * none of them, so they go through memory operands).
 */
static int automaton_steps_split(const unsigned char *from, const unsigned char *end,
                                 const struct line_automaton *automaton) {
  const unsigned char *half = from + (end - from) / 2;
  const unsigned char *newline = memchr(half, '\n', end - half);
  if (!newline || end - (newline + 1) < 64) return automaton_steps(&from, end, automaton);
  const unsigned char *first_end = newline + 1;
  const unsigned char *second = first_end;
  const unsigned char *second_end = end;
  long state = 0;
  long other = 0;
  long accepting = automaton->accepting;
  __asm__ __volatile__(
      "mov %2, %%r8\n\t"
      "mov %8, %%r9\n\t"
      "xor %%r10, %%r10\n\t"
      "1:\n\t"
      "movzbl (%%rsi), %%eax\n\t"
      "movzbq (%%r8), %%r11\n\t"
      "movzbl (%6,%%rax), %%eax\n\t"
      "movzbq (%6,%%r11), %%r11\n\t"
      "add %%rcx, %%rax\n\t"
      "add %%r10, %%r11\n\t"
      "movl (%%rdx,%%rax,4), %%ecx\n\t"
      "movslq (%%rdx,%%r11,4), %%r10\n\t"
      "add $1, %%rsi\n\t"
      "add $1, %%r8\n\t"
      "cmp %7, %%rcx\n\t"
      "jae 2f\n\t"
      "cmp %7, %%r10\n\t"
      "jae 2f\n\t"
      "cmp %%rdi, %%rsi\n\t"
      "jae 2f\n\t"
      "cmp %%r9, %%r8\n\t"
      "jb 1b\n\t"
      "2:\n\t"
      "mov %%r8, %2\n\t"
      "mov %%r10, %3\n\t"
      : "+S"(from), "+c"(state), "+m"(second), "=m"(other)
      : "D"(first_end), "d"(automaton->table), "b"(automaton->classes), "m"(accepting), "m"(second_end)
      : "rax", "r8", "r9", "r10", "r11", "memory", "cc");
  if (state >= accepting || other >= accepting) return 1;
  /* One half ended (the second, never the longer first, unless both did): the other goes on alone from its state. */
  if (from < first_end && automaton_steps_from(&from, first_end, automaton, state)) return 1;
  return second < end && automaton_steps_from(&second, end, automaton, other);
}
#else
static const unsigned char *first_leaving_byte(const unsigned char *from, const unsigned char *end,
                                               const struct line_automaton *automaton) {
  while (from < end && !leaves_start(automaton, *from)) from++;
  return from;
}

static int automaton_steps_from_start(const unsigned char **at, const unsigned char *end,
                                      const struct line_automaton *automaton) {
  long state = 0;
  while (*at < end) {
    state = automaton->table[state + automaton->classes[*(*at)++]];
    if (state == 0) return 0;
    if (state >= automaton->accepting) return 1;
  }
  return 0;
}

static int automaton_steps(const unsigned char **at, const unsigned char *end,
                           const struct line_automaton *automaton) {
  long state = 0;
  while (*at < end) {
    state = automaton->table[state + automaton->classes[*(*at)++]];
    if (state >= automaton->accepting) return 1;
  }
  return 0;
}
#endif

/* Lines stepped whole past this many bytes, and more than half of the bytes gone past, make a yes-or-no question
 * step the rest as two halves instead (automaton_anchored): the pair then stands on most lines. */
#define ANCHOR_GRACE 4096

/*
 * Whether a line of [*at, end) (complete lines) holds a match, for an anchored automaton: the skip stops at a pair
 * every match holds, and the line it stops in is stepped from its start (a match may begin anywhere before the
 * pair); lines with no such pair are never stepped. `*at` is left past the byte that made a line match. `whether`:
 * only yes or no is asked, so where the pair turns out common the rest is stepped as two halves (x86_64), and `*at`
 * is then not told.
 */
static int automaton_anchored(const unsigned char **at, const unsigned char *end,
                              const struct line_automaton *automaton, int whether) {
  const unsigned char *from = *at;
  long stepped = 0;
  while (*at < end) {
    const unsigned char *hit = first_leaving_byte(*at, end, automaton);
    if (hit == end) {
      *at = end;
      return 0;
    }
    const unsigned char *before = memrchr(*at, '\n', hit - *at);
    const unsigned char *line = before ? before + 1 : *at;
    const unsigned char *newline = memchr(hit, '\n', end - hit);
    const unsigned char *line_end = newline ? newline + 1 : end;
#if defined(__x86_64__)
    if (whether && stepped > ANCHOR_GRACE && 2 * stepped > line - from)
      return automaton_steps_split(line, end, automaton);
#endif
    *at = line;
    if (automaton_steps(at, line_end, automaton)) return 1;
    stepped += line_end - line;
    *at = line_end;
  }
  return 0;
}

/* Whether a line of [*at, end) (complete lines, starting at the start state) holds a match; `*at` is left past the
 * byte that made it match. */
static int automaton_accepts_at(const unsigned char **at, const unsigned char *end,
                                const struct line_automaton *automaton) {
  if (*at >= end) return 0;
  if (automaton->anchored) return automaton_anchored(at, end, automaton, 0);
  if (automaton->skip_ranges < 0) return automaton_steps(at, end, automaton);
  while (*at < end) {
    *at = first_leaving_byte(*at, end, automaton);
    if (*at == end) return 0;
    if (automaton_steps_from_start(at, end, automaton)) return 1;
  }
  return 0;
}

/* Whether a line of [from, end) (complete lines, starting at the start state) holds a match. */
static int automaton_accepts(const unsigned char *from, const unsigned char *end,
                             const struct line_automaton *automaton) {
  if (automaton->anchored) return automaton_anchored(&from, end, automaton, 1);
#if defined(__x86_64__)
  if (automaton->skip_ranges < 0 && end - from >= SPLIT_AT_LEAST) return automaton_steps_split(from, end, automaton);
#endif
  return automaton_accepts_at(&from, end, automaton);
}

/* How many lines of [from, end) (complete lines) the automaton accepts; -1 when an accepted line holds a byte of
 * 0x80 or more, where it only says the line may match (line-automaton.ts: exact on ASCII lines, and only when no
 * ASCII step was cut short, which the caller checks). From each accepted line on, the next line is stepped from the
 * start state. */
static long automaton_count(const unsigned char *from, const unsigned char *end,
                            const struct line_automaton *automaton) {
  long count = 0;
  const unsigned char *at = from;
  while (at < end) {
    const unsigned char *searched = at;
    if (!automaton_accepts_at(&at, end, automaton)) break;
    /* The byte before `at` made its line match (a line break never does: it leads back to the start). */
    const unsigned char *before = memrchr(searched, '\n', at - searched);
    const unsigned char *newline = memchr(at, '\n', end - at);
    const unsigned char *next = newline ? newline + 1 : end;
    for (const unsigned char *byte = before ? before + 1 : searched; byte < next; byte++)
      if (*byte >= 0x80) return -1;
    count++;
    at = next;
  }
  return count;
}
