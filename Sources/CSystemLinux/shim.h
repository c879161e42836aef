// The Linux headers that Swift's Glibc module leaves out, for DrawdocSystem only: epoll
// (readiness of many descriptors), eventfd (waking a thread that waits on readiness) and
// inotify (file-change notification), and the chdir action of posix_spawn that glibc (2.29
// and later) declares only for _GNU_SOURCE. Empty elsewhere.
#ifdef __linux__
#include <spawn.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
extern int posix_spawn_file_actions_addchdir_np(
    posix_spawn_file_actions_t *__restrict actions, const char *__restrict path);
#endif
