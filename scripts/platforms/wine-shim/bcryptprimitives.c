/* A stand-in for bcryptprimitives.dll, for running lapp.exe under Wine 8 only (real Windows 10+ ships the DLL).
 * Bun's Windows runtime imports one function from it, ProcessPrng, which fills a buffer with random bytes; Wine 8
 * does not have it, so the process stops before it starts. Here it is answered with advapi32's RtlGenRandom
 * (exported as SystemFunction036), which Wine has. `npm run test:platforms` compiles it with mingw-w64:
 *   x86_64-w64-mingw32-gcc -O2 -shared -o bcryptprimitives.dll bcryptprimitives.c bcryptprimitives.def -ladvapi32
 */
#include <windows.h>

/* Declared here rather than through ntsecapi.h, whose macro renames it. */
BOOLEAN NTAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE out, SIZE_T count) {
  /* RtlGenRandom takes a 32-bit length: larger requests are filled a gigabyte at a time. */
  const SIZE_T most = 1u << 30;
  for (SIZE_T done = 0; done < count;) {
    ULONG step = (ULONG)(count - done > most ? most : count - done);
    if (!SystemFunction036(out + done, step)) return FALSE;
    done += step;
  }
  return TRUE;
}
