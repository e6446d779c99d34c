/*
 * Where the prefilter's runs stand in a buffer of text (prefilter.c reads the files; this finds the runs in what
 * it read): by a run's rarest byte with memchr, as ripgrep looks for a literal, or by a window of its bytes
 * 16 places at a time (window-scan.c, compiled before this file); whether a line holds every run in order, or
 * (an alternation) one of them. Compiled after native-libc.c and window-scan.c and before prefilter.c, in one
 * compilation (native-code.ts).
 */

/* Runs past this many, or longer than this in all, are left to JavaScript. */
#define MAX_RUNS 32
#define MAX_RUN_BYTES 4096

/*
 * The runs a matching line holds in order (`bytes` concatenated, `lengths` each), looked for first: `anchor`;
 * with `any_of`, the runs one of which a matching line holds (`anchor` unused). `caseless`: lowercased runs, held
 * in either ASCII case, k and s also as U+212A and U+017F (a case-insensitive search: find_caseless).
 */
struct runs {
  const unsigned char *bytes;
  const int *lengths;
  /* Per run, the offset of its rarest byte (exact runs are found by that byte: see find_exact). */
  const int *rares;
  int count;
  int anchor;
  int caseless;
  int any_of;
  const unsigned char *starts[MAX_RUNS];
  /* Per run, the most bytes it can take in the text (a caseless k or s stands as up to 3 or 2: fold_width). */
  long widths[MAX_RUNS];
  /* Per run, where its window starts in it, -1 for none (then it is found by its rarest byte), how many bytes the
   * window has, and whether it holds a k or s (choose_window); the windows, one after another (window-scan.c). */
  int window_at[MAX_RUNS];
  int window_width[MAX_RUNS];
  int window_folds[MAX_RUNS];
  unsigned char windows[MAX_RUNS * WINDOW_BYTES];
  /* Some window holds a k or s: whether the buffer holds wide foldings is then noted (note_wide_folds). */
  int some_window_folds;
  /* The bytes in the buffer hold no lead byte of a wide folding (note_wide_folds): each k or s there stands as one
   * byte, so a window holding k or s can be used. */
  int wide_free;
  /* The end of the buffer every range looked through lies in: a window scan may read up to here past a range's end
   * (bytes of no file, or of an earlier one), so it looks at whole blocks to the range's last place. */
  const unsigned char *readable_end;
};

/*
 * A case-insensitive Unicode regex matches k also with U+212A KELVIN SIGN and s with U+017F LONG S (their simple case
 * foldings; no other character folds to ASCII): in UTF-8, E2 84 AA and C5 BF. So a caseless needle's k or s may
 * stand as 1, 3 or 2 bytes (required-literal.ts, WIDE_FOLDS); every other byte as itself or its other ASCII case.
 * A file that is not UTF-8 is searched as Latin-1, where those bytes are no letters: accepting them keeps lines the
 * search then finds no match on, and never loses one.
 */
static size_t fold_width(unsigned char want) {
  return want == 'k' ? 3 : want == 's' ? 2 : 1;
}

static int is_wide_fold(const unsigned char *at, unsigned char want) {
  if (want == 'k') return at[0] == 0xe2 && at[1] == 0x84 && at[2] == 0xaa;
  if (want == 's') return at[0] == 0xc5 && at[1] == 0xbf;
  return 0;
}

/* The bytes of the wide folding of the needle's k or s (`want`) where it starts at `at`, before `end`; else 0. */
static size_t wide_after(const unsigned char *at, const unsigned char *end, unsigned char want) {
  size_t wide = fold_width(want);
  return wide > 1 && (size_t)(end - at) >= wide && is_wide_fold(at, want) ? wide : 0;
}

/* The bytes of the wide folding of the needle's k or s (`want`) where it ends just before `at`, after `start`. */
static size_t wide_before(const unsigned char *start, const unsigned char *at, unsigned char want) {
  size_t wide = fold_width(want);
  return wide > 1 && (size_t)(at - start) >= wide && is_wide_fold(at - wide, want) ? wide : 0;
}

/*
 * Where `needle` (lowercase) stands case-insensitively in [start, end) with its byte `pivot` (which stands for one
 * byte) at `hit`: its first byte, and its end in `*found_end`; else 0. Compared outwards from `hit`, each needle byte
 * as one ASCII byte in either case (inline: TinyCC inlines no calls), else a k or s as its wide folding.
 */
static const unsigned char *caseless_around(const unsigned char *start, const unsigned char *end,
                                            const unsigned char *hit, const unsigned char *needle,
                                            size_t needle_length, size_t pivot, const unsigned char **found_end) {
  const unsigned char *begin = hit;
  size_t index = pivot;
  while (index > 0) {
    unsigned char want = needle[index - 1];
    unsigned char byte = begin > start ? begin[-1] : 0;
    if (byte >= 'A' && byte <= 'Z') byte += 32;
    int ascii = begin > start && byte == want;
    size_t width = ascii ? 1 : want == 'k' || want == 's' ? wide_before(start, begin, want) : 0;
    if (!width) return 0;
    begin -= width;
    index--;
  }
  const unsigned char *after = hit + 1;
  index = pivot + 1;
  while (index < needle_length) {
    unsigned char want = needle[index];
    unsigned char byte = after < end ? *after : 0;
    if (byte >= 'A' && byte <= 'Z') byte += 32;
    int ascii = after < end && byte == want;
    size_t width = ascii ? 1 : want == 'k' || want == 's' ? wide_after(after, end, want) : 0;
    if (!width) return 0;
    after += width;
    index++;
  }
  *found_end = after;
  return begin;
}

/*
 * The first place in [start, start + length) where `needle` (lowercase) stands case-insensitively (each byte in
 * either ASCII case, k and s also as their wide foldings), its end in `*found_end`. Candidates come from memchr on
 * both cases of its rarest byte (at offset `rare`, never k or s: it stands for one byte), each then compared
 * outwards, byte by byte, from there. Each next occurrence is kept until passed, so the text is read once per case
 * however the two cases interleave. UTF-8 never has an ASCII byte inside a wide folding, so the candidate found
 * first also ends first (line_holds takes the earliest fit).
 */
static const unsigned char *find_caseless(const unsigned char *start, size_t length, const unsigned char *needle,
                                          size_t needle_length, size_t rare, const unsigned char **found_end) {
  if (needle_length > length) return 0;
  const unsigned char *end = start + length;
  unsigned char first = needle[rare];
  unsigned char other = first >= 'a' && first <= 'z' ? first - 32 : first;
  /* The last place the rare byte can stand with the whole needle inside the text (every byte at least one). */
  const unsigned char *last = start + (length - needle_length) + rare;
  const unsigned char *next_first = 0;
  const unsigned char *next_other = 0;
  int first_gone = 0;
  int other_gone = other == first;
  /* The byte checked first: beside the rare byte, after it where that is no k or s, else before it; none if both
   * are (0). A letter is compared with its case bit (0x20) set, so either case passes. */
  long check = rare + 1 < needle_length && fold_width(needle[rare + 1]) == 1 ? 1
               : rare > 0 && fold_width(needle[rare - 1]) == 1     ? -1
                                                                   : 0;
  unsigned char check_byte = check ? needle[rare + check] : 0;
  unsigned char check_fold = check_byte >= 'a' && check_byte <= 'z' ? 0x20 : 0;
  const unsigned char *from = start + rare;
  while (from <= last) {
    size_t span = last - from + 1;
    if (!first_gone && (!next_first || next_first < from)) {
      next_first = memchr(from, first, span);
      if (!next_first) first_gone = 1;
    }
    if (!other_gone && (!next_other || next_other < from)) {
      next_other = memchr(from, other, span);
      if (!next_other) other_gone = 1;
    }
    const unsigned char *hit = first_gone ? 0 : next_first;
    if (!other_gone && (!hit || next_other < hit)) hit = next_other;
    if (!hit) return 0;
    /* Most hits are not the needle: one byte beside the rare one (never a k or s, which may stand as several
     * bytes) rules them out before caseless_around is called. */
    if (check && (hit[check] | check_fold) != check_byte) {
      from = hit + 1;
      continue;
    }
    const unsigned char *begin = caseless_around(start, end, hit, needle, needle_length, rare, found_end);
    if (begin) return begin;
    from = hit + 1;
  }
  return 0;
}

/*
 * The first place in [start, start + length) where `needle` stands, found as ripgrep finds a literal: memchr (which
 * libc runs many bytes at a time) on the needle's rarest byte, at offset `rare`, then a comparison. memmem reads
 * the text about two to three times slower here. A rare byte that turns out common in this text (more than one
 * miss per MISS_SPAN bytes gone past, after MISS_GRACE misses) hands the rest to memmem, which stays linear in the
 * worst case, where candidates alone could cost needle_length per byte.
 */
#define MISS_GRACE 64
#define MISS_SPAN 32
static const unsigned char *find_exact(const unsigned char *start, size_t length, const unsigned char *needle,
                                       size_t needle_length, size_t rare) {
  if (needle_length > length) return 0;
  unsigned char byte = needle[rare];
  const unsigned char *from = start + rare;
  /* The last place the rare byte can stand with the whole needle inside the text. */
  const unsigned char *last = start + (length - needle_length) + rare;
  /* A byte beside the rare one, compared before memcmp is called (as in find_caseless); 0: a one-byte needle. */
  long check = rare + 1 < needle_length ? 1 : rare > 0 ? -1 : 0;
  unsigned char check_byte = needle[rare + check];
  size_t misses = 0;
  while (from <= last) {
    const unsigned char *hit = memchr(from, byte, last - from + 1);
    if (!hit) return 0;
    const unsigned char *candidate = hit - rare;
    if (hit[check] == check_byte && memcmp(candidate, needle, needle_length) == 0) return candidate;
    from = hit + 1;
    if (++misses > MISS_GRACE && misses * MISS_SPAN > (size_t)(from - start)) {
      const unsigned char *rest = from - rare;
      return memmem(rest, start + length - rest, needle, needle_length);
    }
  }
  return 0;
}

/* Where run `index` first stands in [start, start + length), found by its rarest byte; its end in `*found_end`. */
static const unsigned char *find_by_rare_byte(const struct runs *runs, const unsigned char *start, size_t length,
                                              int index, const unsigned char **found_end) {
  const unsigned char *needle = runs->starts[index];
  size_t needle_length = runs->lengths[index];
  if (runs->caseless) return find_caseless(start, length, needle, needle_length, runs->rares[index], found_end);
  const unsigned char *found = find_exact(start, length, needle, needle_length, runs->rares[index]);
  *found_end = found ? found + needle_length : 0;
  return found;
}

/*
 * Where run `index` stands in [start, end) with its window's first byte at `hit` (the window fits there): its first
 * byte, its end in `*found_end`; else 0.
 */
static const unsigned char *run_at(const struct runs *runs, int index, const unsigned char *start,
                                   const unsigned char *end, const unsigned char *hit,
                                   const unsigned char **found_end) {
  const unsigned char *needle = runs->starts[index];
  size_t needle_length = runs->lengths[index];
  size_t at = runs->window_at[index];
  if (runs->caseless) return caseless_around(start, end, hit, needle, needle_length, at, found_end);
  if ((size_t)(hit - start) < at || (size_t)(end - (hit - at)) < needle_length) return 0;
  if (memcmp(hit - at, needle, needle_length) != 0) return 0;
  *found_end = hit - at + needle_length;
  return hit - at;
}

/*
 * Where a window scan whose places end before `places_end` may stop reading: past the last place's block, so the
 * scan's blocks reach every place, unless the buffer ends first (its last places are then looked at one by one).
 */
static const unsigned char *scan_limit(const struct runs *runs, const unsigned char *places_end) {
  long room = runs->readable_end - places_end;
  return room >= 16 + WINDOW_MAX_WIDTH - 1 ? places_end + 16 + WINDOW_MAX_WIDTH - 1 : runs->readable_end;
}

/*
 * Where run `index` first stands in [start, start + length), by its window (window-scan.c): candidates in the order
 * their window's first byte stands, as find_caseless takes its rare byte's, so the first found also ends first. A
 * window that turns out to fit far more often than the run stands (misses as find_exact counts them) hands the
 * search back to the rarest byte, from the start: that stays linear where each candidate could cost the run's
 * length.
 */
static const unsigned char *find_windowed(const struct runs *runs, const unsigned char *start, size_t length,
                                          int index, const unsigned char **found_end) {
  size_t needle_length = runs->lengths[index];
  if (needle_length > length) return 0;
  size_t at = runs->window_at[index];
  int width = runs->window_width[index];
  const unsigned char *window = runs->windows + index * WINDOW_BYTES;
  const unsigned char *end = start + length;
  /* The last place the window can start with the whole run inside the text (every byte at least one). */
  const unsigned char *last = start + (length - needle_length) + at;
  const unsigned char *from = start + at;
  size_t misses = 0;
  /* Blocks read up to WINDOW_MAX_WIDTH - 1 + 16 bytes from their first place: one may start at `last`. */
  const unsigned char *limit = scan_limit(runs, last + 1);
  while (from <= last) {
    int fits;
    const unsigned char *block = window_blocks(from, limit, window, 1, &fits);
    if (!fits) {
      /* Too few bytes left for a whole block: the last places one by one. */
      for (const unsigned char *hit = block; hit <= last; hit++) {
        if (!window_fits(window, width, hit)) continue;
        const unsigned char *found = run_at(runs, index, start, end, hit, found_end);
        if (found) return found;
      }
      return 0;
    }
    for (int bit = 0; bit < 16; bit++) {
      if (!(fits >> bit & 1)) continue;
      const unsigned char *hit = block + bit;
      if (hit > last) return 0;
      const unsigned char *found = run_at(runs, index, start, end, hit, found_end);
      if (found) return found;
      misses++;
    }
    from = block + 16;
    if (misses > MISS_GRACE && misses * MISS_SPAN > (size_t)(from - start))
      return find_by_rare_byte(runs, start, length, index, found_end);
  }
  return 0;
}

/*
 * Ranges shorter than this (most single lines that line_holds looks through) are searched by the rarest byte: a
 * window scan's blocks and its last places one by one cost more there than a memchr.
 */
#define WINDOW_MIN_RANGE 256

/*
 * Whether run `index` is looked for by its window in `length` bytes: it has one, and any k or s in it stands as
 * one byte here.
 */
static int window_usable(const struct runs *runs, int index, size_t length) {
  return length >= WINDOW_MIN_RANGE && runs->window_at[index] >= 0 &&
         (!runs->window_folds[index] || runs->wide_free);
}

/*
 * Where run `index` first stands in [start, start + length), exactly or (caseless runs) case-insensitively, and
 * (`found_end`, when not null) where it ends there.
 */
static const unsigned char *find_run(const struct runs *runs, const unsigned char *start, size_t length, int index,
                                     const unsigned char **found_end) {
  const unsigned char *ignored;
  if (!found_end) found_end = &ignored;
  if (window_usable(runs, index, length)) return find_windowed(runs, start, length, index, found_end);
  return find_by_rare_byte(runs, start, length, index, found_end);
}

static const unsigned char *find(const struct runs *runs, const unsigned char *start, size_t length, int index) {
  return find_run(runs, start, length, index, 0);
}

/* Whether the line [line, end) holds every run in order, none overlapping the next (earliest fit first). */
static int line_holds(const unsigned char *line, const unsigned char *end, const struct runs *runs) {
  const unsigned char *at = line;
  for (int index = 0; index < runs->count; index++) {
    const unsigned char *found_end;
    if (!find_run(runs, at, end - at, index, &found_end)) return 0;
    at = found_end;
  }
  return 1;
}

/* Whether a run whose window fits at `hit` (its bytes before `end`) stands there. */
static int some_run_at(const struct runs *runs, const unsigned char *start, const unsigned char *end,
                       const unsigned char *hit) {
  const unsigned char *found_end;
  for (int index = 0; index < runs->count; index++) {
    int width = runs->window_width[index];
    if (end - hit >= width && window_fits(runs->windows + index * WINDOW_BYTES, width, hit) &&
        run_at(runs, index, start, end, hit, &found_end))
      return 1;
  }
  return 0;
}

/*
 * Whether any of the runs stands in [start, end), each run's window looked for in one pass; -1 when the windows
 * fit far more often than a run stands (as in find_windowed): the caller then looks for each run by its rarest byte.
 */
static int any_window_in(const unsigned char *start, const unsigned char *end, const struct runs *runs) {
  const unsigned char *from = start;
  const unsigned char *limit = scan_limit(runs, end);
  size_t misses = 0;
  while (1) {
    int fits;
    const unsigned char *block = window_blocks(from, limit, runs->windows, runs->count, &fits);
    if (!fits) {
      for (const unsigned char *hit = block; hit < end; hit++)
        if (some_run_at(runs, start, end, hit)) return 1;
      return 0;
    }
    for (int bit = 0; bit < 16; bit++) {
      if (!(fits >> bit & 1)) continue;
      if (block + bit >= end) return 0;
      if (some_run_at(runs, start, end, block + bit)) return 1;
      misses++;
    }
    from = block + 16;
    if (misses > MISS_GRACE && misses * MISS_SPAN > (size_t)(from - start)) return -1;
  }
}

/*
 * Whether any of the runs stands in [start, end) (no run holds a newline, so it lies within a line): every run's
 * window in one pass where each run may be looked for by its window here, else each run by its rarest byte.
 */
static int any_run_in(const unsigned char *start, const unsigned char *end, const struct runs *runs) {
  int windowed = 1;
  for (int index = 0; index < runs->count && windowed; index++)
    windowed = window_usable(runs, index, end - start);
  if (windowed) {
    int found = any_window_in(start, end, runs);
    if (found >= 0) return found;
  }
  const unsigned char *found_end;
  for (int index = 0; index < runs->count; index++)
    if (find_by_rare_byte(runs, start, end - start, index, &found_end)) return 1;
  return 0;
}

/*
 * Whether some line of [start, end) (complete lines; the last may lack its newline) holds the runs in order, or
 * (any_of) one of them.
 */
static int some_line_holds(const unsigned char *start, const unsigned char *end, const struct runs *runs) {
  if (runs->any_of) return any_run_in(start, end, runs);
  const unsigned char *from = start;
  while (from < end) {
    const unsigned char *hit = find(runs, from, end - from, runs->anchor);
    if (!hit) return 0;
    const unsigned char *before = memrchr(from, '\n', hit - from);
    const unsigned char *line = before ? before + 1 : from;
    const unsigned char *newline = memchr(hit, '\n', end - hit);
    const unsigned char *line_end = newline ? newline : end;
    if (line_holds(line, line_end, runs)) return 1;
    from = line_end + 1;
  }
  return 0;
}

/* Notes whether the `filled` bytes of the buffer hold a lead byte of a wide folding (E2 for U+212A, C5 for U+017F). */
static void note_wide_folds(struct runs *runs, const unsigned char *buffer, long filled) {
  if (runs->some_window_folds) runs->wide_free = !memchr(buffer, 0xe2, filled) && !memchr(buffer, 0xc5, filled);
}


/*
 * Gives run `index` a window (window-scan.c) of three bytes, else two, holding its rarest byte, as far to the front
 * of the window as fits, when memchr would stop often: a caseless run, or an exact run whose rarest byte is a
 * lowercase letter (each at least ~0.5 % of the bytes of code). Timed on 300 MB of the kernel's C read 256 KiB at a
 * time: `Ah` 5.6 → 10.3 GB/s, `resume` 4.0 → 11.5, `printk` 9.1 → 11.0, a caseless `pm_resume` 2.6 → 12. An
 * uppercase rarest byte is rare enough for memchr (PM_RESUME: 10.6 GB/s, as fast as its window), and windows made
 * such alternations slower (the kernel's ERR_SYS|PME_TURN_OFF|… 1.08×, calls alternating, its threads' time +10 %,
 * measured twice; in 16 KiB reads four memchr passes took 45 ms over those 300 MB, four windows 75). None for a
 * one-byte run or where there is no window scan: the run is then found by its rarest byte. A k or s in a caseless
 * run's window stands there for one byte: such a window is used only on bytes that hold no wide folding
 * (window_usable).
 */
static void choose_window(struct runs *runs, int index) {
  runs->window_at[index] = -1;
  runs->window_width[index] = 0;
  runs->window_folds[index] = 0;
  const unsigned char *run = runs->starts[index];
  int length = runs->lengths[index];
  int rare = runs->rares[index];
  if (!HAS_WINDOW_SCAN || !(runs->caseless || (run[rare] >= 'a' && run[rare] <= 'z'))) return;
  for (int width = WINDOW_MAX_WIDTH; width >= 2; width--)
    for (int at = rare; at > rare - width; at--) {
      if (at < 0 || at + width > length) continue;
      set_window(runs->windows + index * WINDOW_BYTES, run + at, width, runs->caseless);
      runs->window_at[index] = at;
      runs->window_width[index] = width;
      for (int byte = at; byte < at + width; byte++)
        if (runs->caseless && fold_width(run[byte]) != 1) runs->window_folds[index] = 1;
      return;
    }
}

/* Gives every run its window, if any (choose_window), for a buffer whose bytes end at `readable_end`. */
static void choose_windows(struct runs *runs, const unsigned char *readable_end) {
  runs->some_window_folds = 0;
  runs->wide_free = 0;
  runs->readable_end = readable_end;
  for (int index = 0; index < runs->count; index++) {
    choose_window(runs, index);
    if (runs->window_folds[index]) runs->some_window_folds = 1;
  }
}
