/*
 * A directory's entries for lapp_grep's walk (compiled with prefilter.c: see native-code.ts). The walk lists every
 * directory of the tree on the main thread; through Node's readdir that cost ~20–35 µs a directory, most of it
 * around the two or three system calls. Here: open the directory (no-follow), read its entries with getdents64,
 * close, and pack them as [type byte][name][NUL] each ("." and ".." left out). The type byte is the kernel's d_type
 * (4 directory, 8 regular file, …); a directory with an entry of unknown type (0, which would also read as the end
 * of a name) is not packed: LIST_UNKNOWN_TYPE, and the caller asks again another way.
 */

/* libc's functions (open, close, syscall, memcpy) come from native-libc.c and open_beneath from beneath.c, compiled
 * before this file. */

#if defined(__x86_64__)
#define SYS_GETDENTS64 217
#elif defined(__aarch64__)
#define SYS_GETDENTS64 61
#else
#error "the directory lister knows getdents64 on x86_64 and aarch64 Linux only"
#endif

/* The packed entries did not fit `capacity`: the caller asks again with more room. */
#define LIST_TOO_SMALL -100000
/* An entry's type is unknown (some file systems do not tell it). */
#define LIST_UNKNOWN_TYPE -3
#define DT_UNKNOWN 0

static unsigned char listed[32768];

/* Lists `path` (opened with `flags` from `root` where it can: beneath.c; else by path, never through a symlink as its
 * last component) into `out`. Returns the bytes written, LIST_TOO_SMALL, LIST_UNKNOWN_TYPE, or -1
 * (it could not be opened) or -2 (it could not be read). */
int lapp_list_directory(const char *root, const char *path, int flags, unsigned char *out, int capacity) {
  int fd = open_beneath(root, path, flags);
  if (fd == -2) fd = open(path, flags);
  if (fd < 0) return -1;
  int written = 0;
  while (1) {
    long got = syscall(SYS_GETDENTS64, fd, listed, sizeof listed);
    if (got < 0) {
      close(fd);
      return -2;
    }
    if (got == 0) break;
    long at = 0;
    while (at < got) {
      unsigned char *entry = listed + at;
      unsigned short length = *(unsigned short *)(entry + 16);
      unsigned char type = entry[18];
      const char *name = (const char *)(entry + 19);
      at += length;
      if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
      if (type == DT_UNKNOWN) {
        close(fd);
        return LIST_UNKNOWN_TYPE;
      }
      int size = 0;
      while (name[size]) size++;
      if (written + size + 2 > capacity) {
        close(fd);
        return LIST_TOO_SMALL;
      }
      out[written] = type;
      memcpy(out + written + 1, name, size);
      out[written + 1 + size] = 0;
      written += size + 2;
    }
  }
  close(fd);
  return written;
}
