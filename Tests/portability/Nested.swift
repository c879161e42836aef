// Which branches of nested `#if` blocks count as Linux-only.

#if os(Linux)
  import Glibc
  #if DEBUG
    let populate = MAP_POPULATE
  #else
    let noSignal = MSG_NOSIGNAL
  #endif
#elseif canImport(Darwin)
  let darwinNoSignal = MSG_NOSIGNAL  // flagged
#else
  let otherNoSignal = MSG_NOSIGNAL  // flagged
#endif

// The `#else` of a negated condition is Linux-only; its `#if` is not.
#if !os(Linux)
  let darwinTime = status.st_mtim  // flagged
#else
  let linuxTime = status.st_mtim
#endif

#if canImport(Darwin)
  let spelled = status.st_mtimespec
#elseif canImport(Glibc)
  let glibcRead = Glibc.read(0, nil, 0)
#else
  let muslRead = Glibc.read(0, nil, 0)  // flagged
#endif

// A disjunction is not Linux-only; a conjunction with Linux is.
#if os(Linux) || os(Android)
  let watch = inotify_init1(0)  // flagged
#endif
#if os(Linux) && DEBUG
  let poller = epoll_create1(0)
#endif
#if !(os(macOS) || os(Linux))
  let notLinux = eventfd(0, 0)  // flagged
#elseif !os(macOS)
  let linuxHere = eventfd(0, 0)
#endif

// An inner block of an unguarded one guards only itself.
#if DEBUG
  #if canImport(Glibc)
    let glibcWrite = Glibc.write(2, nil, 0)
  #endif
  let afterInner = eventfd(0, 0)  // flagged
#endif

// A guard ends at its `#endif`.
#if os(Linux)
  let before = MAP_POPULATE
#endif
let after = MAP_POPULATE  // flagged

// Conditions of enclosing blocks add up.
#if os(Linux) || os(Android)
  #if !os(Android)
    let together = MAP_POPULATE
  #endif
#endif
