/*
 * native-one-thread.ts's search: open, read whole and count a literal with memmem in each file of a list, as lapp's
 * prefilter reads and searches. The libc functions come through `bind` (no headers, no linking, as in lapp).
 */
typedef unsigned long size_t;
typedef long ssize_t;

static int (*libc_open)(const char *path, int flags, ...);
static ssize_t (*libc_read)(int fd, void *buffer, size_t count);
static int (*libc_close)(int fd);
static void *(*libc_memmem)(const void *haystack, size_t length, const void *needle, size_t needle_length);

void bind(void *const *table) {
  libc_open = table[0];
  libc_read = table[1];
  libc_close = table[2];
  libc_memmem = table[3];
}

/* `paths`: `count` NUL-terminated paths one after another; `buffer` holds a file (longer files are cut). */
int count_in(const char *paths, int count, const char *needle, int needle_length, char *buffer, int capacity) {
  int found = 0;
  const char *path = paths;
  for (int index = 0; index < count; index++) {
    int fd = libc_open(path, 0);
    while (*path) path++;
    path++;
    if (fd < 0) continue;
    size_t length = 0;
    ssize_t got;
    while (length < (size_t)capacity && (got = libc_read(fd, buffer + length, capacity - length)) > 0) length += got;
    libc_close(fd);
    const char *at = buffer;
    const char *end = buffer + length;
    while (at < end) {
      const char *hit = libc_memmem(at, end - at, needle, needle_length);
      if (!hit) break;
      found++;
      at = hit + 1;
    }
  }
  return found;
}
