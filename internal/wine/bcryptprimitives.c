/* A stand-in for Windows 10's bcryptprimitives.dll, which Wine 8.0 lacks:
   Go's runtime takes its random bytes from ProcessPrng at start-up. */
#include <windows.h>
#include <ntsecapi.h>
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
	while (len > 0) {
		ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
		if (!RtlGenRandom(data, n)) return FALSE;
		data += n; len -= n;
	}
	return TRUE;
}
