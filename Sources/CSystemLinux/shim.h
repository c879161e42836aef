// The Linux headers that Swift's Glibc module leaves out, for DrawdocSystem only: epoll
// (readiness of many descriptors), eventfd (waking a thread that waits on readiness) and
// inotify (file-change notification), and what glibc declares only for _GNU_SOURCE: the
// chdir action of posix_spawn (2.29), its new-session flag and pipe2. Empty elsewhere.
#ifdef __linux__
#include <spawn.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
extern int posix_spawn_file_actions_addchdir_np(
    posix_spawn_file_actions_t *__restrict actions, const char *__restrict path);
// pipe2 (glibc 2.9) and posix_spawn's new-session flag (glibc 2.26) are _GNU_SOURCE too.
extern int pipe2(int pipefd[2], int flags);
#define DRAWDOC_POSIX_SPAWN_SETSID 0x80
#endif
