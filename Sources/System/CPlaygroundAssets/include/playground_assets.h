#ifndef PLAYGROUND_ASSETS_H
#define PLAYGROUND_ASSETS_H
#include <stddef.h>

/// The playground page (one self-contained HTML file with its CSS and JavaScript), compiled into the
/// binary from page/index.html. Returns the bytes and stores their count in *length.
const unsigned char *pt_playground_page(size_t *length);

#endif
