#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension CurrentProcess {
  /// How many files the process may have open at once (`RLIMIT_NOFILE`): the soft limit is
  /// the one enforced; a process may raise it up to the hard one.
  package struct OpenFileLimit: Equatable, Sendable {
    /// The limit enforced now.
    package var soft: Int
    /// The most the soft limit may be raised to; `Int.max` when there is none.
    package var hard: Int
  }

  /// The process's limit on open files. The corresponding C function is `getrlimit`.
  ///
  /// - Throws: ``Errno``.
  package static func openFileLimit() throws(Errno) -> OpenFileLimit {
    var limit = rlimit()
    guard getrlimit(openFiles, &limit) == 0 else { throw Errno.current }
    return OpenFileLimit(soft: count(limit.rlim_cur), hard: count(limit.rlim_max))
  }

  /// Sets the soft limit on open files, keeping the hard one. The corresponding C function is
  /// `setrlimit`.
  ///
  /// - Parameter soft: The new soft limit, at most the hard one.
  /// - Throws: ``Errno``: ``Errno/notPermitted`` or `EINVAL` past the hard limit.
  package static func setOpenFileLimit(soft: Int) throws(Errno) {
    var limit = rlimit()
    guard getrlimit(openFiles, &limit) == 0 else { throw Errno.current }
    limit.rlim_cur = rlim_t(max(0, soft))
    guard setrlimit(openFiles, &limit) == 0 else { throw Errno.current }
  }

  /// Raises the soft limit on open files to the hard one (a server that holds a descriptor
  /// per connection wants every one it may have). On Darwin, where the hard limit is often
  /// "none" but the kernel allows `OPEN_MAX`, the soft limit goes to the lower of the two.
  ///
  /// - Returns: The soft limit now.
  /// - Throws: ``Errno``. The corresponding C functions are `getrlimit` and `setrlimit`.
  @discardableResult
  package static func raiseOpenFileLimitToHard() throws(Errno) -> Int {
    let limit = try openFileLimit()
    #if os(Linux)
      let wanted = limit.hard
    #else
      let wanted = min(limit.hard, Int(OPEN_MAX))
    #endif
    guard wanted > limit.soft else { return limit.soft }
    try setOpenFileLimit(soft: wanted)
    return wanted
  }

  #if os(Linux)
    private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    private static let unlimited = rlim_t.max
  #else
    private static let openFiles = RLIMIT_NOFILE
    // Darwin's RLIM_INFINITY: (1 << 63) - 1.
    private static let unlimited = rlim_t(Int64.max)
  #endif

  private static func count(_ value: rlim_t) -> Int {
    value >= unlimited || value > rlim_t(Int.max) ? Int.max : Int(value)
  }
}
