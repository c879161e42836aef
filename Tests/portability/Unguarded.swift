// Glibc-only names with no Linux-only block around them: each is reported.

import Glibc  // flagged

func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
  Glibc.read(descriptor, buffer, count)  // flagged
}

func startThread() {
  var thread = pthread_t()  // flagged
  _ = thread
}

func modified(_ status: stat) -> Int {
  Int(status.st_mtim.tv_sec)  // flagged
}

func linuxOnlyCalls(_ descriptor: Int32, folder: String) {
  let watch = inotify_init1(Int32(IN_CLOEXEC))  // flagged
  _ = inotify_add_watch(watch, folder, 0)  // flagged
  _ = epoll_create1(0)  // flagged
  _ = eventfd(0, 0)  // flagged
  _ = sync_file_range(descriptor, 0, 0, 2)  // flagged
  _ = accept4(descriptor, nil, nil, 0)  // flagged
  _ = send(descriptor, nil, 0, Int32(MSG_NOSIGNAL))  // flagged
  _ = open(folder, O_TMPFILE | O_RDWR)  // flagged
  _ = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)  // flagged
  _ = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range")  // flagged
  _ = dirfd(opendir(folder))  // flagged
}

func mapped(_ size: Int, _ descriptor: Int32) {
  let flags = MAP_PRIVATE | MAP_POPULATE  // flagged
  let address = mmap(nil, size, PROT_READ, flags, descriptor, 0)
  _ = madvise(address, size, MADV_HUGEPAGE)  // flagged
}

func spawn() {
  var actions = posix_spawn_file_actions_t()  // flagged
  let inherited = environ  // flagged
  _ = (actions, inherited)
  var timeout = timeval(tv_sec: 1, tv_usec: Int(0.5 * 1e6))  // flagged
  _ = timeout
}

// Not Glibc-only: the same spellings on Darwin.
func portable(_ descriptor: Int32) {
  var status = stat()
  _ = fstat(descriptor, &status)
  _ = Int32(_SC_NPROCESSORS_ONLN)
  _ = socket(AF_INET, SOCK_DGRAM, 0)
  _ = XML_PARSE_NONET.rawValue
  let environment = ["HOME": "/"]
  _ = environment
}
