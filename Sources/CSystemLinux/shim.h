// The Linux headers that Swift's Glibc module leaves out, for DrawdocSystem only: epoll
// (readiness of many descriptors), eventfd (waking a thread that waits on readiness) and
// inotify (file-change notification). Empty elsewhere.
#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#endif
