// The CLinux functions that need a feature macro the Swift importer does not set.
#ifdef __linux__
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "CLinux.h"

int CLinux_accept4(int fd, int flags) {
    return accept4(fd, NULL, NULL, flags);
}

int CLinux_setThreadName(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

/// Where the handler writes: the write end of the signal pipe (set before the handler is).
static volatile int signalPipeWriteEnd = -1;

/// The handler: one byte, the signal's number, into the pipe. Only async-signal-safe calls
/// (write), errno kept; a full pipe drops the byte (the write end is non-blocking), which
/// loses nothing a waiter needs (it wants the first signal).
static void CLinux_writeSignalToPipe(int signal) {
    int saved = errno;
    unsigned char number = (unsigned char)signal;
    ssize_t ignored = write(signalPipeWriteEnd, &number, 1);
    (void)ignored;
    errno = saved;
}

int CLinux_openSignalPipe(void) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    int flags = fcntl(ends[1], F_GETFL);
    if (flags < 0 || fcntl(ends[1], F_SETFL, flags | O_NONBLOCK) != 0) {
        close(ends[0]);
        close(ends[1]);
        return -1;
    }
    signalPipeWriteEnd = ends[1];
    return ends[0];
}

int CLinux_catchSignalIntoPipe(int signal) {
    if (signalPipeWriteEnd < 0) {
        errno = EBADF;
        return -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = CLinux_writeSignalToPipe;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(signal, &action, NULL);
}
#else
// A translation unit must not be empty (ISO C).
typedef int CLinux_unused;
#endif
