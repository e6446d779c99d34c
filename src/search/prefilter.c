/*
 * lapp_grep's native prefilter (compiled when first needed by Bun's built-in TinyCC: see prefilter.ts).
 *
 * Most files of a search hold no match. When every match must contain some runs of plain ASCII in a known order
 * (a literal is one run; `function\s+\w+Error` needs "function" and later "Error" on the same line), a file with
 * no line holding them in that order can hold none; when every match must contain one of several runs (an
 * alternation of literals, `ERR_SYS|PME_TURN_OFF`: ANY_OF), a file holding none of them anywhere can hold none; for a
 * regex with no such runs, a file none of whose lines its line automaton accepts (line-automaton.c) holds none.
 * Deciding that costs a few system calls per file; done from JavaScript it cost about as much again in bindings,
 * objects and interpreted code (and a fresh server's first search runs that code cold). So this opens, checks and reads each file of a run in one directory and answers,
 * per file, only what it can prove; everything else is left to the JavaScript search (UNDECIDED), which then does
 * exactly what it did before:
 *   NO_MATCH    a regular file, no NUL byte, not UTF-16, and no line holding the runs in order (or accepted by the
 *               automaton): searched, no line matches.
 *   BINARY      a NUL in ripgrep's first 64 KiB fill, with no UTF-16 BOM or signature lead byte before it: the
 *               JavaScript search gives such a file up before handing out a line (search-file.ts, read-file.ts).
 *   UNREADABLE  it cannot be opened (no-follow, non-blocking, inside the directory's descriptor, which is checked
 *               to be exactly at the walked path before and after), or it is not a regular file.
 *   COUNTED     (an automaton, for a file whose matching lines are only counted) no NUL, not UTF-16, and every line
 *               the automaton accepts is ASCII, where it is exact: searched, that many lines match.
 *   UNDECIDED   a line holds the runs in order, or: a NUL after the first fill, a UTF-16 BOM, a byte that may start
 *               a binary signature, several hard links (the blocked-inode check needs them), a size past the limit,
 *               a read error. Such a file is left open for the JavaScript search. (Past a line longer than the
 *               buffer, only the run looked for first is required; an automaton leaves such a file undecided.)
 *
 * No headers: a machine running lapp need not have libc's. The few libc calls are bound at load (native-libc.c),
 * and fstat goes through syscall() with the kernel's own struct stat layout for the two architectures lapp ships
 * for.
 */

/* libc's functions (open, pread, memmem, …) come from native-libc.c, open_beneath and is_at from beneath.c, the
 * runs (struct runs, some_line_holds, any_run_in, find, choose_windows) from find-runs.c, with its window scan from
 * window-scan.c, and automaton_accepts from line-automaton.c, all compiled before this file. */

#if defined(__x86_64__)
#define SYS_FSTAT 5
#define MODE_AT 24
#define NLINK_OF(stat) (*(unsigned long *)((stat) + 16))
#elif defined(__aarch64__)
#define SYS_FSTAT 80
#define MODE_AT 16
#define NLINK_OF(stat) (*(unsigned int *)((stat) + 20))
#else
#error "the prefilter knows struct stat on x86_64 and aarch64 Linux only"
#endif
#define SIZE_AT 48
#define S_IFMT 0170000
#define S_IFREG 0100000

#define NO_MATCH 0
#define BINARY 1
#define UNREADABLE 2
#define UNDECIDED 3
#define COUNTED 4

/* ripgrep's buffer: its first fill is what the binary sniff looks at. */
#define FIRST_FILL 65536

/*
 * The rest of a file whose current line fills the buffer (minified code): lines can no longer be told apart, so
 * only the anchor run (any_of: each run) is looked for, from the `filled` bytes held (the line so far, which ends at
 * file offset `offset`) to the end, the last widest - 1 bytes kept between reads (the most bytes a run looked for
 * can take: runs->widths). Absent: no line can match.
 */
static int anchor_anywhere(int fd, struct runs *runs, long long max_bytes, unsigned char *buffer,
                           long buffer_length, long filled, long long offset) {
  long keep = runs->widths[runs->anchor] - 1;
  if (runs->any_of)
    for (int index = 0; index < runs->count; index++)
      if (runs->widths[index] - 1 > keep) keep = runs->widths[index] - 1;
  while (1) {
    if (runs->any_of ? any_run_in(buffer, buffer + filled, runs) : find(runs, buffer, filled, runs->anchor) != 0)
      return UNDECIDED;
    memmove(buffer, buffer + filled - keep, keep);
    ssize_t got = pread(fd, buffer + keep, buffer_length - keep, offset);
    if (got < 0) return UNDECIDED;
    if (got == 0) return NO_MATCH;
    if (memchr(buffer + keep, 0, got)) return UNDECIDED;
    offset += got;
    if (offset > max_bytes) return UNDECIDED;
    filled = keep + got;
    note_wide_folds(runs, buffer, filled);
  }
}

/* Whether some line of [start, end) (complete lines) may match: holds the runs, or (with an automaton) a match. */
static int lines_may_match(const unsigned char *start, const unsigned char *end, const struct runs *runs,
                           const struct line_automaton *automaton) {
  return automaton ? automaton_accepts(start, end, automaton) : some_line_holds(start, end, runs);
}

static int examine(int fd, struct runs *runs, const struct line_automaton *automaton, long long max_bytes,
                   const unsigned char *leads, unsigned char *buffer, int buffer_length, int counting,
                   int *count) {
  *count = 0;
  unsigned char stat[256];
  if (syscall(SYS_FSTAT, fd, stat) != 0) return UNREADABLE;
  if ((*(unsigned int *)(stat + MODE_AT) & S_IFMT) != S_IFREG) return UNREADABLE;
  if (NLINK_OF(stat) > 1) return UNDECIDED;
  if (*(long long *)(stat + SIZE_AT) > max_bytes) return UNDECIDED;

  ssize_t got = pread(fd, buffer, FIRST_FILL, 0);
  if (got < 0) return UNDECIDED;
  if (got >= 2 && ((buffer[0] == 0xff && buffer[1] == 0xfe) || (buffer[0] == 0xfe && buffer[1] == 0xff)))
    return UNDECIDED;
  if (got > 0 && leads[buffer[0]]) return UNDECIDED;
  if (memchr(buffer, 0, got)) return BINARY;

  /* Complete lines are examined; the partial last line moves to the front and the next read follows it. */
  long filled = got;
  note_wide_folds(runs, buffer, filled);
  long long offset = got;
  /* A short read of a regular file is its end. */
  int end_of_file = got < FIRST_FILL;
  while (1) {
    long complete = filled;
    if (!end_of_file) {
      const unsigned char *last = memrchr(buffer, '\n', filled);
      complete = last ? last - buffer + 1 : 0;
    }
    if (lines_may_match(buffer, buffer + complete, runs, automaton)) {
      if (!counting) return UNDECIDED;
      long found = automaton_count(buffer, buffer + complete, automaton);
      if (found < 0) return UNDECIDED;
      *count += (int)found;
    }
    if (end_of_file) return *count > 0 ? COUNTED : NO_MATCH;
    long rest = filled - complete;
    /* A line longer than the buffer: an automaton cannot tell where its match would start; JavaScript decides. */
    if (rest == buffer_length)
      return automaton ? UNDECIDED : anchor_anywhere(fd, runs, max_bytes, buffer, buffer_length, rest, offset);
    memmove(buffer, buffer + complete, rest);
    filled = rest;
    long room = buffer_length - filled;
    got = pread(fd, buffer + filled, room, offset);
    if (got < 0) return UNDECIDED;
    if (memchr(buffer + filled, 0, got)) return UNDECIDED;
    offset += got;
    if (offset > max_bytes) return UNDECIDED;
    filled += got;
    note_wide_folds(runs, buffer, filled);
    if (got < room) end_of_file = 1;
  }
}
static void leave_undecided(int count, unsigned char *statuses, int *descriptors) {
  for (int index = 0; index < count; index++) {
    statuses[index] = UNDECIDED;
    descriptors[index] = -1;
  }
}

/*
 * Decides `count` files named in `names` (each ending with a NUL byte) inside `directory`, writing one status per
 * file to `statuses`. The directory is opened with `directory_flags` (no-follow) from the root (`root`, where
 * openat2 can: beneath.c), else by path and then checked to be exactly at its path (the kernel's answer); it must
 * still be there once every file is opened. Its files are opened inside it with `flags`. The runs: `run_count` of
 * them, `run_bytes` concatenated, `run_lengths` each, `run_rares` the offset of each one's rarest byte, the one
 * looked for first at `anchor`; `caseless`: lowercased, to be found case-insensitively (find_caseless; no rarest
 * byte a k or s); `any_of`: a matching line holds one of the runs rather than all of them in order. With
 * `automaton_table` (and no runs), a line automaton decides instead: `automaton_classes`, `automaton_accepting` and
 * `automaton_skip` (`automaton_skip_count` ranges of ASCII bytes, first and last byte each, that lead out of the start
 * state; -1: none) and `automaton_pairs` (`automaton_pair_count` ranges of the bytes that continue one; 0: none) as
 * line-automaton.c takes them (a line longer than the buffer is then left UNDECIDED).
 * `leads` has a 1
 * at each byte value that may start a binary signature; `buffer` holds `buffer_length` bytes, at least FIRST_FILL.
 * `descriptors` receives, per file, the descriptor of an UNDECIDED file left open for the caller (which must close
 * it), else -1. With an automaton, a file whose `count_only` byte is 1 (its matching lines are counted, none shown;
 * the caller passes none unless the automaton is exact on ASCII lines) is read to its end and answered COUNTED with
 * the number of lines the automaton accepts in `counts`, when every accepted line is ASCII; else UNDECIDED as before.
 * Returns how many files it decided (not UNDECIDED); -1 when it did nothing (every file UNDECIDED, no descriptor):
 * runs or a buffer it does not take, or a directory it cannot open or check; -2 when the directory was no longer at
 * its path after the files were opened: the caller refuses them all (and closes the descriptors).
 */
int lapp_prefilter(const char *root, const char *directory, int directory_flags, const char *names, int count,
                   int flags, const unsigned char *run_bytes, const int *run_lengths, const int *run_rares,
                   int run_count, int anchor, int caseless, int any_of, const unsigned char *automaton_classes,
                   const int *automaton_table, int automaton_accepting, const unsigned char *automaton_skip,
                   int automaton_skip_count, const unsigned char *automaton_pairs, int automaton_pair_count,
                   int automaton_anchored, double max_bytes,
                   const unsigned char *leads, unsigned char *buffer, int buffer_length, unsigned char *statuses,
                   int *descriptors, const unsigned char *count_only, int *counts) {
  struct line_automaton line_automaton;
  line_automaton.classes = automaton_classes;
  line_automaton.table = automaton_table;
  line_automaton.accepting = automaton_accepting;
  set_skip_ranges(&line_automaton, automaton_skip, automaton_table ? automaton_skip_count : -1);
  set_pair_ranges(&line_automaton, automaton_pairs, automaton_table ? automaton_pair_count : 0);
  line_automaton.anchored = automaton_anchored && line_automaton.skip_ranges >= 0;
  const struct line_automaton *automaton = automaton_table ? &line_automaton : 0;
  struct runs runs = {0};
  runs.bytes = run_bytes;
  runs.lengths = run_lengths;
  runs.rares = run_rares;
  runs.count = run_count;
  runs.anchor = anchor;
  runs.caseless = caseless;
  runs.any_of = any_of;
  int total = 0;
  int usable = buffer_length >= FIRST_FILL &&
               (automaton ? automaton_accepting > 0 && run_count == 0
                          : run_count >= 1 && run_count <= MAX_RUNS && anchor >= 0 && anchor < run_count);
  for (int index = 0; usable && index < run_count; index++) {
    if (run_lengths[index] < 1 || run_rares[index] < 0 || run_rares[index] >= run_lengths[index]) usable = 0;
    else {
      runs.starts[index] = run_bytes + total;
      runs.widths[index] = 0;
      for (int at = 0; at < run_lengths[index]; at++)
        runs.widths[index] += caseless ? fold_width(run_bytes[total + at]) : 1;
      /* A caseless run is found by a byte standing for one byte only (find_caseless). */
      if (caseless && fold_width(run_bytes[total + run_rares[index]]) != 1) usable = 0;
      total += run_lengths[index];
    }
  }
  leave_undecided(count, statuses, descriptors);
  if (!usable || total > MAX_RUN_BYTES) return -1;
  if (!automaton) choose_windows(&runs, buffer + buffer_length);
  int dirfd = open_beneath(root, directory, directory_flags);
  if (dirfd == -1) return -1;
  if (dirfd == -2) {
    dirfd = open(directory, directory_flags);
    if (dirfd < 0) return -1;
    if (!is_at(dirfd, directory)) {
      close(dirfd);
      return -1;
    }
  }
  int decided = 0;
  const char *name = names;
  for (int index = 0; index < count; index++) {
    int fd = openat(dirfd, name, flags);
    int status = UNREADABLE;
    counts[index] = 0;
    if (fd >= 0) {
      int counting = automaton && count_only && count_only[index];
      status = examine(fd, &runs, automaton, (long long)max_bytes, leads, buffer, buffer_length, counting,
                       &counts[index]);
      /* An undecided regular file stays open for the JavaScript search, which closes it (no second open). */
      if (status == UNDECIDED) descriptors[index] = fd;
      else close(fd);
    }
    statuses[index] = (unsigned char)status;
    if (status != UNDECIDED) decided++;
    while (*name) name++;
    name++;
  }
  /* Moved meanwhile (out of the root, say): what was opened through it may lie elsewhere. */
  int moved = !is_at(dirfd, directory);
  close(dirfd);
  return moved ? -2 : decided;
}
