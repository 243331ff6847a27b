// Every function of pathtext.h is exported from Swift with @_cdecl (Sources/Doors/C); the C side only
// answers where the library itself was loaded from, which needs dladdr (a GNU extension Swift's Glibc
// module does not show), and keeps each thread's last error key (C11 thread storage, which Swift lacks).
#define _GNU_SOURCE
#include <dlfcn.h>
#include "pathtext.h"
#include "pathtext_internal.h"
#include <string.h>

const char *pt_internal_library_file(void) {
    Dl_info info;
    if (dladdr((const void *)&pt_internal_library_file, &info) == 0) return NULL;
    return info.dli_fname;
}

static _Thread_local char last_error_key[256];

void pt_internal_set_error_key(const char *key) {
    size_t n = key ? strlen(key) : 0;
    if (n >= sizeof last_error_key) {
        n = sizeof last_error_key - 1;
        while (n > 0 && ((unsigned char)key[n] & 0xC0) == 0x80) n--;  /* not inside a UTF-8 sequence */
    }
    if (n) memcpy(last_error_key, key, n);
    last_error_key[n] = 0;
}

const char *pt_error_key(void) { return last_error_key; }
