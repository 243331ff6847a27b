// Every function of pathtext.h is exported from Swift with @_cdecl (Sources/Doors/C); the C side only
// answers where the library itself was loaded from, which needs dladdr (a GNU extension Swift's Glibc
// module does not show).
#define _GNU_SOURCE
#include <dlfcn.h>
#include "pathtext.h"
#include "pathtext_internal.h"

const char *pt_internal_library_file(void) {
    Dl_info info;
    if (dladdr((const void *)&pt_internal_library_file, &info) == 0) return NULL;
    return info.dli_fname;
}
