/* Not installed: what the Swift side of libpathtext needs from C. */
#ifndef PATHTEXT_INTERNAL_H
#define PATHTEXT_INTERNAL_H

/* The file the library was loaded from (as the dynamic loader names it), or NULL. */
const char *pt_internal_library_file(void);

/* Sets what pt_error_key returns on this thread (cut at 255 bytes on a character boundary). */
void pt_internal_set_error_key(const char *key);

#endif
