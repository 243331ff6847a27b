// The OS calls that Swift's Glibc module does not show (glibc declares them only under _GNU_SOURCE),
// behind names of our own for Sources/Support/Syscalls.swift, the one Swift file that makes OS calls.
#ifndef PATHTEXT_CSYSCALLS_H
#define PATHTEXT_CSYSCALLS_H

/// `syncfs(fd)` on Linux: writes back every dirty file of the file system `fd` is on and waits for it
/// (one journal commit); elsewhere `fsync(fd)`. 0, or -1 with errno set.
int pt_syncfs(int fd);

#endif
