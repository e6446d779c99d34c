/*
 * The libc functions lapp_grep's native code calls (prefilter.c, list-directory.c follow this file in one
 * compilation: native-code.ts). They are called through pointers that native-code.ts looks up with dlsym in the
 * running process and hands to lapp_bind before anything else runs: TinyCC then links nothing, so no libc
 * development files (libc.so) need to be installed. The macros keep the code below calling them by name.
 */

typedef unsigned long size_t;
typedef long ssize_t;

static int (*libc_open)(const char *path, int flags, ...);
static int (*libc_openat)(int dirfd, const char *name, int flags, ...);
static ssize_t (*libc_readlink)(const char *path, char *buffer, size_t size);
static size_t (*libc_strlen)(const char *text);
static int (*libc_memcmp)(const void *left, const void *right, size_t count);
static ssize_t (*libc_pread)(int fd, void *buffer, size_t count, long offset);
static int (*libc_close)(int fd);
static long (*libc_syscall)(long number, ...);
static void *(*libc_memchr)(const void *bytes, int value, size_t count);
static void *(*libc_memrchr)(const void *bytes, int value, size_t count);
static void *(*libc_memmem)(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);
static void *(*libc_memmove)(void *to, const void *from, size_t count);
static void *(*libc_memcpy)(void *to, const void *from, size_t count);

#define open libc_open
#define openat libc_openat
#define readlink libc_readlink
#define strlen libc_strlen
#define memcmp libc_memcmp
#define pread libc_pread
#define close libc_close
#define syscall libc_syscall
#define memchr libc_memchr
#define memrchr libc_memrchr
#define memmem libc_memmem
#define memmove libc_memmove
#define memcpy libc_memcpy

/* `table`: the functions above, in the order they are declared (native-code.ts, LIBC_FUNCTIONS). */
void lapp_bind(void *const *table) {
  libc_open = table[0];
  libc_openat = table[1];
  libc_readlink = table[2];
  libc_strlen = table[3];
  libc_memcmp = table[4];
  libc_pread = table[5];
  libc_close = table[6];
  libc_syscall = table[7];
  libc_memchr = table[8];
  libc_memrchr = table[9];
  libc_memmem = table[10];
  libc_memmove = table[11];
  libc_memcpy = table[12];
}
