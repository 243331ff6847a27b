// The playground page, compiled into the binary so `pathtext serve` needs no files at run time.
#include "playground_assets.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char page[] = {
#embed "page/index.html"
};
#pragma clang diagnostic pop

const unsigned char *pt_playground_page(size_t *length) {
    *length = sizeof page;
    return page;
}
