#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// This process: its id, its environment, its signals, and the programs it starts.
package enum CurrentProcess {
  /// The process's id. The corresponding C function is `getpid`.
  package static var id: Int32 { getpid() }

  /// How many processor cores are online, at least 1. The corresponding C function is
  /// `sysconf` with `_SC_NPROCESSORS_ONLN`.
  package static var activeProcessorCount: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// Whether a process with this id exists (a process of another user counts). The
  /// corresponding C function is `kill` with signal 0.
  package static func isRunning(_ id: Int32) -> Bool {
    kill(id, 0) == 0 || Errno.current != .noSuchProcess
  }

  /// One environment variable, or `nil` when it is not set. The corresponding C function is
  /// `getenv`.
  package static func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Every environment variable.
  package static func environment() -> [String: String] {
    var environment: [String: String] = [:]
    #if os(Linux)
      var entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    #else
      // Darwin declares no `environ` for programs to use; this is its accessor.
      var entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
    #endif
    while let entry = entries, let pointer = entry.pointee {
      let pair = String(cString: pointer)
      if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      entries = entry + 1
    }
    return environment
  }

  /// Makes a write to a closed pipe (`drawdoc list | head -1`) fail with ``Errno/brokenPipe``
  /// instead of ending the process; and lets the signals that ask a program to stop (SIGHUP,
  /// SIGINT, SIGTERM) reach it even when the program that started it had them blocked (a
  /// blocked mask is inherited). The corresponding C functions are `signal` and
  /// `sigprocmask`.
  package static func prepareSignals() {
    signal(SIGPIPE, SIG_IGN)
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    for stopSignal in [SIGHUP, SIGINT, SIGTERM] { sigaddset(&stopSignals, stopSignal) }
    sigprocmask(SIG_UNBLOCK, &stopSignals, nil)
  }

  /// The signals that ask a program to stop, for ``StopSignals``.
  package enum StopSignal: CaseIterable, Sendable {
    /// Ctrl-C (`SIGINT`).
    case interrupt
    /// `kill`'s default (`SIGTERM`).
    case terminate

    /// The C library's number.
    package var rawValue: Int32 {
      switch self {
      case .interrupt: SIGINT
      case .terminate: SIGTERM
      }
    }
  }

  /// Ends the process with an exit status, flushing the C library's buffers. The
  /// corresponding C function is `exit`.
  package static func exit(_ status: Int32) -> Never { systemExit(status) }

  /// Starts a program found on `PATH` with these arguments (the first being its name) and
  /// this process's environment, and does not wait for it: ``waitForExit(_:)`` does, so that
  /// it does not linger as a zombie.
  ///
  /// - Returns: The new process's id.
  /// - Throws: ``Errno``. The corresponding C function is `posix_spawnp`.
  package static func spawn(_ arguments: [String]) throws(Errno) -> Int32 {
    precondition(!arguments.isEmpty, "spawn needs the program's name")
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    #if os(Linux)
      let inherited = environ
    #else
      let inherited = _NSGetEnviron().pointee
    #endif
    let status = posix_spawnp(&pid, arguments[0], nil, nil, &argv, inherited)
    guard status == 0 else { throw Errno(rawValue: status) }
    return pid
  }

  /// Waits for a process this one started to end. The corresponding C function is `waitpid`.
  package static func waitForExit(_ id: Int32) {
    var status: Int32 = 0
    while waitpid(id, &status, 0) < 0 && Errno.current == .interrupted {}
  }
}

/// The C library's `exit`, which ``CurrentProcess/exit(_:)`` hides inside the type.
private func systemExit(_ status: Int32) -> Never { exit(status) }
