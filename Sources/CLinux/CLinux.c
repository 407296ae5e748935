// The CLinux functions that need a feature macro the Swift importer does not set.
#ifdef __linux__
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/socket.h>
#include "CLinux.h"

int CLinux_accept4(int fd, int flags) {
    return accept4(fd, NULL, NULL, flags);
}

int CLinux_setThreadName(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}
#else
// A translation unit must not be empty (ISO C).
typedef int CLinux_unused;
#endif
