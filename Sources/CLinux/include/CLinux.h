// CLinux: the Linux and glibc calls the toolchain's Glibc module does not export, from the
// system's own headers (so Swift sees glibc's real prototypes, constants and struct layouts).
//
//  - <sys/epoll.h>: epoll_create1, epoll_ctl, epoll_wait, struct epoll_event (packed on x86-64:
//    12 bytes; Swift imports it with that layout) and the EPOLL* constants;
//  - <sys/eventfd.h>: eventfd and the EFD_* flags;
//  - <malloc.h>: mallopt and the M_* parameters;
//  - accept4, which <sys/socket.h> declares only under _GNU_SOURCE, and pthread_setname_np
//    (same): wrapped in CLinux.c, compiled with _GNU_SOURCE;
//  - a signal handler written in C (async-signal-safe: a `write` to a pipe), which Swift code
//    cannot be.
//
// Include only headers whose enums the Glibc module does not have: a header it already
// includes (such as <sys/socket.h>) would be copied into this module too, and its enum
// constants (SOCK_STREAM, ...) then vanish from Swift files that import only Glibc (seen in
// release builds). The headers below add enums of their own only (EPOLL_EVENTS, EFD_*).
//
// Used by HTTPServer (the event loops) and MenagerieCLI (MemoryTuning). A C target of this
// package, not a package dependency.
#ifndef CLINUX_H
#define CLINUX_H

#ifdef __linux__
#include <malloc.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

/// accept4(2) without the peer's address: accepts a connection on `fd`, applying `flags`
/// (SOCK_NONBLOCK, SOCK_CLOEXEC) to the new descriptor in the same call.
int CLinux_accept4(int fd, int flags);

/// Names the calling thread (at most 15 bytes; longer names are refused with ERANGE), as
/// `top -H` and /proc/PID/task/TID/comm show it.
int CLinux_setThreadName(const char *name);

/// Opens the process's signal pipe (close-on-exec; its write end non-blocking and kept here, for
/// the handler of CLinux_catchSignalIntoPipe) and returns its read end (-1 with errno on
/// failure). One pipe per process: a later call replaces the write end the handler uses.
int CLinux_openSignalPipe(void);

/// Catches `signal` with a handler that writes the signal's number, as one byte, into the signal
/// pipe: the self-pipe way of turning signals into reads, whichever thread a signal interrupts
/// (a full pipe drops the byte). The handler is in place when this returns (0; -1 with errno
/// when there is no pipe or `sigaction` failed).
int CLinux_catchSignalIntoPipe(int signal);
#endif

#endif
