#if os(Linux)
  import CSystemLinux
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits for a folder to change — a file in it written, created or renamed into it — or to be
/// told to stop. On Linux an `inotify` watch of the folder wakes it at once; on Darwin a
/// `kqueue` watch of the folder wakes it for new and renamed files (not for appends to a file,
/// which a caller finds by waiting with a timeout and looking again). Where neither can be set
/// up, ``wait(seconds:)`` simply waits out its time.
package final class FolderWatcher: @unchecked Sendable {
  private let stopper: Pipe?
  private let nudger: Pipe?
  private var watch: Int32 = -1
  #if !os(Linux)
    private var folderDescriptor: Int32 = -1
  #endif

  /// Starts watching a folder.
  ///
  /// The corresponding C functions are `inotify_init1` and `inotify_add_watch` on Linux,
  /// `kqueue`, `open` (`O_EVTONLY`) and `kevent` (`EVFILT_VNODE`) on Darwin.
  package init(watching folder: String) {
    stopper = try? Pipe()
    nudger = try? Pipe()
    #if os(Linux)
      watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      if watch >= 0 {
        let mask = UInt32(IN_MODIFY | IN_MOVED_TO | IN_CREATE)
        if inotify_add_watch(watch, folder, mask) < 0 {
          close(watch)
          watch = -1
        }
      }
    #else
      folderDescriptor = open(folder, O_EVTONLY | O_CLOEXEC)
      watch = folderDescriptor >= 0 ? kqueue() : -1
      if watch >= 0 {
        var change = kevent()
        change.ident = UInt(folderDescriptor)
        change.filter = Int16(EVFILT_VNODE)
        change.flags = UInt16(EV_ADD | EV_CLEAR)
        change.fflags = UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_RENAME)
        if kevent(watch, &change, 1, nil, 0, nil) < 0 {
          close(watch)
          watch = -1
        }
      }
    #endif
  }

  deinit {
    if watch >= 0 { close(watch) }
    #if !os(Linux)
      if folderDescriptor >= 0 { close(folderDescriptor) }
    #endif
  }

  /// Whether ``stop()`` was called.
  package var isStopped: Bool { stopper?.isSignalled ?? false }

  /// Ends every wait, now and later.
  package func stop() { stopper?.signal() }

  /// Makes the current (or next) ``wait(seconds:)`` return at once, as a change would: for a
  /// program that knows it has just changed the folder itself.
  package func wake() { nudger?.signal() }

  /// Sleeps until the folder changes, ``stop()`` is called, or `seconds` pass. The
  /// corresponding C function is `poll`.
  package func wait(seconds: Double) {
    var descriptors: [pollfd] = []
    if let stopper {
      descriptors.append(pollfd(fd: stopper.readEnd.rawValue, events: Int16(POLLIN), revents: 0))
    }
    if let nudger {
      descriptors.append(pollfd(fd: nudger.readEnd.rawValue, events: Int16(POLLIN), revents: 0))
    }
    if watch >= 0 { descriptors.append(pollfd(fd: watch, events: Int16(POLLIN), revents: 0)) }
    let milliseconds = Int32(max(0, min(seconds, 3600)) * 1000)
    _ = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    // Drain what woke us; the stop byte stays readable so that later waits return at once.
    nudger?.drain()
    guard watch >= 0 else { return }
    #if os(Linux)
      var buffer = [UInt8](repeating: 0, count: 4096)
      while buffer.withUnsafeMutableBytes({ read(watch, $0.baseAddress, $0.count) }) > 0 {}
    #else
      var event = kevent()
      var none = timespec(tv_sec: 0, tv_nsec: 0)
      while kevent(watch, nil, 0, &event, 1, &none) > 0 {}
    #endif
  }
}
