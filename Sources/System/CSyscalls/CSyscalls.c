#define _GNU_SOURCE
#include <unistd.h>
#include "CSyscalls.h"

int pt_syncfs(int fd) {
#ifdef __linux__
    return syncfs(fd);
#else
    return fsync(fd);
#endif
}
