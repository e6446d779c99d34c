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
 */

struct line_automaton {
  const unsigned char *classes;
  const int *table;
  long accepting;
  /* No ASCII byte leads out of the start state (a pattern of non-ASCII characters, `\p{Greek}`): there, the bytes up
   * to the next of 0x80 or more are skipped 16 at a time (first_high_byte). */
  int ascii_stays_at_start;
};

#if defined(__x86_64__)
/* The first byte of 0x80 or more in [from, end), else `end`: 16 bytes' high bits at a time (pmovmskb, spelled out as
 * bytes as in window-scan.c). */
static const unsigned char *first_high_byte(const unsigned char *from, const unsigned char *end) {
  if (end - from >= 16) {
    const unsigned char *stop = end - 16;
    /* rsi: the block; rcx: the last whole block; rax: its high bits. */
    __asm__ __volatile__(
        "1:\n\t"
        "movups (%%rsi), %%xmm0\n\t"
        ".byte 0x66, 0x0f, 0xd7, 0xc0\n\t" /* pmovmskb %xmm0, %eax */
        "test %%eax, %%eax\n\t"
        "jnz 2f\n\t"
        "add $16, %%rsi\n\t"
        "cmp %%rcx, %%rsi\n\t"
        "jbe 1b\n\t"
        "2:\n\t"
        : "+S"(from)
        : "c"(stop)
        : "rax", "memory", "cc");
  }
  while (from < end && *from < 0x80) from++;
  return from;
}

/* Whether a line of [from, end) (complete lines, starting at the start state) holds a match: the table's steps in
 * assembly. */
static int automaton_steps(const unsigned char *from, const unsigned char *end,
                             const struct line_automaton *automaton) {
  long state = 0;
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
  return state >= accepting;
}
#else
static const unsigned char *first_high_byte(const unsigned char *from, const unsigned char *end) {
  while (from < end && *from < 0x80) from++;
  return from;
}

static int automaton_steps(const unsigned char *from, const unsigned char *end,
                           const struct line_automaton *automaton) {
  long state = 0;
  for (; from < end; from++) {
    state = automaton->table[state + automaton->classes[*from]];
    if (state >= automaton->accepting) return 1;
  }
  return 0;
}
#endif

/* Whether a line of [from, end) (complete lines, starting at the start state) holds a match. */
static int automaton_accepts(const unsigned char *from, const unsigned char *end,
                             const struct line_automaton *automaton) {
  if (!automaton->ascii_stays_at_start) return automaton_steps(from, end, automaton);
  long state = 0;
  while (from < end) {
    if (state == 0) {
      from = first_high_byte(from, end);
      if (from == end) return 0;
    }
    state = automaton->table[state + automaton->classes[*from++]];
    if (state >= automaton->accepting) return 1;
  }
  return 0;
}
