/*
 * lapp_grep's native prefilter (compiled when first needed by Bun's built-in TinyCC: see prefilter.ts).
 *
 * Most files of a search hold no match, and for a search with a required literal (a plain ASCII literal, or the
 * literal every match of a regex contains) a file without those bytes can hold none. Deciding that costs a few
 * system calls per file; done from JavaScript it cost about as much again in bindings, objects and interpreted code
 * (and a fresh server's first search runs that code cold). So this opens, checks and reads each file of a run in
 * one directory and answers, per file, only what it can prove — everything else is left to the JavaScript search
 * (UNDECIDED), which then does exactly what it did before:
 *   NO_MATCH    a regular file, no NUL byte, not UTF-16, and the needle nowhere in it: searched, no line matches.
 *   BINARY      a NUL in ripgrep's first 64 KiB fill, with no UTF-16 BOM or signature lead byte before it: the
 *               JavaScript search gives such a file up before handing out a line (search-file.ts, read-file.ts).
 *   UNREADABLE  it cannot be opened (no-follow, non-blocking, inside the directory's checked descriptor), or it
 *               is not a regular file.
 *   UNDECIDED   the needle is there, or a NUL after the first fill, a UTF-16 BOM, a byte that may start a binary signature,
 *               several hard links (the blocked-inode check needs them), a size past the limit, a read error.
 *
 * No headers: a machine running lapp need not have libc's. The few libc calls are declared here, and fstat goes
 * through syscall() with the kernel's own struct stat layout for the two architectures lapp ships for.
 */

typedef unsigned long size_t;
typedef long ssize_t;

extern int openat(int dirfd, const char *name, int flags, ...);
extern ssize_t pread(int fd, void *buffer, size_t count, long offset);
extern int close(int fd);
extern long syscall(long number, ...);
extern void *memchr(const void *bytes, int value, size_t count);
extern void *memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);
extern void *memmove(void *to, const void *from, size_t count);

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

/* ripgrep's buffer: its first fill is what the binary sniff looks at. */
#define FIRST_FILL 65536
/* Longer needles are left to JavaScript (a needle must fit the bytes kept between reads many times over). */
#define MAX_NEEDLE 4096

static int examine(int fd, const unsigned char *needle, int needle_length, long long max_bytes,
                   const unsigned char *leads, unsigned char *buffer, int buffer_length) {
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
  if (memmem(buffer, got, needle, needle_length)) return UNDECIDED;
  /* A short read of a regular file is its end. */
  if (got < FIRST_FILL) return NO_MATCH;

  /* The rest in larger reads; the last needle_length - 1 bytes stay in front, so a needle across reads is seen. */
  long long offset = got;
  ssize_t window = got;
  int keep = needle_length - 1;
  ssize_t room = buffer_length - keep;
  while (1) {
    memmove(buffer, buffer + window - keep, keep);
    got = pread(fd, buffer + keep, room, offset);
    if (got < 0) return UNDECIDED;
    if (got == 0) return NO_MATCH;
    offset += got;
    if (offset > max_bytes) return UNDECIDED;
    if (memchr(buffer + keep, 0, got)) return UNDECIDED;
    window = keep + got;
    if (memmem(buffer, window, needle, needle_length)) return UNDECIDED;
    if (got < room) return NO_MATCH;
  }
}

/*
 * Decides `count` files named in `names` (each ending with a NUL byte) inside the directory `dirfd`, writing one
 * status per file to `statuses`. `leads` has a 1 at each byte value that may start a binary signature;
 * `buffer` holds at least FIRST_FILL + needle_length bytes. `descriptors` receives, per file, the descriptor of an
 * UNDECIDED file left open for the caller (which must close it), else -1. Returns how many files it decided (not UNDECIDED), or
 * -1 (every file UNDECIDED) for a needle or buffer it does not take.
 */
int lapp_prefilter(int dirfd, const char *names, int count, int flags, const unsigned char *needle,
                   int needle_length, double max_bytes, const unsigned char *leads, unsigned char *buffer,
                   int buffer_length, unsigned char *statuses, int *descriptors) {
  if (needle_length < 1 || needle_length > MAX_NEEDLE || buffer_length < FIRST_FILL + needle_length) {
    for (int index = 0; index < count; index++) {
      statuses[index] = UNDECIDED;
      descriptors[index] = -1;
    }
    return -1;
  }
  int decided = 0;
  const char *name = names;
  for (int index = 0; index < count; index++) {
    int fd = openat(dirfd, name, flags);
    int status = UNREADABLE;
    descriptors[index] = -1;
    if (fd >= 0) {
      status = examine(fd, needle, needle_length, (long long)max_bytes, leads, buffer, buffer_length);
      /* An undecided regular file stays open for the JavaScript search, which closes it (no second open). */
      if (status == UNDECIDED) descriptors[index] = fd;
      else close(fd);
    }
    statuses[index] = (unsigned char)status;
    if (status != UNDECIDED) decided++;
    while (*name) name++;
    name++;
  }
  return decided;
}
