/*
 * Opening a directory of lapp_grep's walk so that no racing process can redirect it (compiled with prefilter.c and
 * list-directory.c: see native-code.ts). A path opened as a whole follows a symlink swapped in for any of its
 * folders; only the last component can be refused (O_NOFOLLOW). So the walk's directories are opened from a kept
 * descriptor of the root with openat2, which refuses a symlink in any component and any way out of the root, in the
 * kernel, in one call. Where openat2 is missing (Linux before 5.6) or the root cannot be kept, the caller opens by
 * path and checks where the descriptor landed (is_at), as before.
 */

/* libc's functions (open, close, readlink, strlen, memcmp, syscall) come from native-libc.c, compiled before. */

#define SYS_OPENAT2 437
#define RESOLVE_NO_MAGICLINKS 0x02
#define RESOLVE_NO_SYMLINKS 0x04
#define RESOLVE_BENEATH 0x08
#define KEPT_ROOT_MAX 4096

/* Whether the descriptor `fd` is at `expected` now, as the kernel tells (/proc/self/fd); no when it cannot tell. */
static int is_at(int fd, const char *expected) {
  const char *prefix = "/proc/self/fd/";
  char link[32];
  int at = 0;
  while (prefix[at]) {
    link[at] = prefix[at];
    at++;
  }
  char digits[12];
  int count = 0;
  do {
    digits[count++] = (char)('0' + fd % 10);
    fd /= 10;
  } while (fd > 0);
  while (count > 0) link[at++] = digits[--count];
  link[at] = 0;
  char where[4097];
  ssize_t length = readlink(link, where, sizeof where - 1);
  if (length < 0 || length >= (ssize_t)sizeof where - 1) return 0;
  size_t expected_length = strlen(expected);
  return (size_t)length == expected_length && memcmp(where, expected, expected_length) == 0;
}

struct open_how {
  unsigned long long flags;
  unsigned long long mode;
  unsigned long long resolve;
};

/*
 * This thread's kept root, for the current search (lapp_forget_root): its descriptor (checked to be at kept_root
 * when opened) and path; -1 when none.
 */
static int kept_root_fd = -1;
static char kept_root[KEPT_ROOT_MAX + 1];
static int openat2_missing = 0;

static void forget_root(void) {
  if (kept_root_fd >= 0) close(kept_root_fd);
  kept_root_fd = -1;
  kept_root[0] = 0;
}

/*
 * Keeps a descriptor of `root` (a real path, as the kernel names it), opened with `flags` (a directory's: no-follow,
 * close-on-exec); 0 when it cannot be opened or checked.
 */
static int keep_root(const char *root, size_t length, int flags) {
  forget_root();
  if (length > KEPT_ROOT_MAX) return 0;
  int fd = open(root, flags);
  if (fd < 0) return 0;
  if (!is_at(fd, root)) {
    close(fd);
    return 0;
  }
  struct open_how probe = {(unsigned long long)flags, 0, RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS};
  long self = syscall(SYS_OPENAT2, fd, ".", &probe, sizeof probe);
  if (self < 0) {
    /* No openat2 here (or it refuses even the root itself): path opens and is_at from now on. */
    openat2_missing = 1;
    close(fd);
    return 0;
  }
  close((int)self);
  memcpy(kept_root, root, length + 1);
  kept_root_fd = fd;
  return 1;
}

/*
 * Lets the kept root go: the next open keeps it anew, checked again. Called as each search begins (native-code.ts,
 * enterSearch), so a root replaced by a new folder at its path (a fresh clone, say) is searched, not the old one,
 * which a kept descriptor would go on naming.
 */
void lapp_forget_root(void) {
  forget_root();
}

/* Whether `root` (`length` bytes) is kept now, or can be kept with `flags`; 0 where openat2 is not used. */
static int hold_root(const char *root, size_t length, int flags) {
  if (kept_root_fd >= 0 && strlen(kept_root) == length && memcmp(kept_root, root, length) == 0) return 1;
  return keep_root(root, length, flags);
}

/*
 * Opens `path`, a directory at or below `root` (both absolute, `root` not ending in `/` unless it is `/`), with
 * `flags` (a directory's), from the kept root descriptor, through no symlink and not out of the root. Returns the
 * descriptor; -1 when the kernel refused or could not open it (a symlink in the way, gone, not a directory…); -2
 * when this cannot be done here (no root given, no openat2, a root that cannot be kept, a path not below it): the
 * caller then opens by path and checks it itself.
 */
static int open_beneath(const char *root, const char *path, int flags) {
  if (!root || !root[0] || openat2_missing) return -2;
  size_t length = strlen(root);
  size_t index = 0;
  while (index < length && path[index] == root[index]) index++;
  if (index < length) return -2;
  const char *relative;
  if (path[length] == 0) relative = ".";
  else if (length == 1) relative = path + 1;
  else if (path[length] == '/') relative = path + length + 1;
  else return -2;
  if (!relative[0]) relative = ".";
  if (!hold_root(root, length, flags)) return -2;
  struct open_how how = {(unsigned long long)flags, 0, RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS};
  long fd = syscall(SYS_OPENAT2, kept_root_fd, relative, &how, sizeof how);
  return fd >= 0 ? (int)fd : -1;
}

/* Whether directories below `root` are opened from it with openat2 here (1), or by path and checked (0). */
int lapp_opens_beneath(const char *root, int flags) {
  if (!root || !root[0] || openat2_missing) return 0;
  return hold_root(root, strlen(root), flags);
}
