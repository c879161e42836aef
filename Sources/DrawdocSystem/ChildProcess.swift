#if canImport(Glibc)
  import CSystemLinux
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program this process runs to its end, with what it printed: how drawdoc drives `git`.
///
/// Standard input is `/dev/null`, or the bytes given; standard output and standard error are
/// read whole while the program runs, so neither can fill its pipe and stall it.
package enum ChildProcess {
  /// How a program ended and what it printed.
  package struct Outcome: Sendable {
    /// The exit status; 128 + the signal's number for a program a signal ended.
    package let status: Int32
    /// What it wrote to standard output.
    package let output: [UInt8]
    /// What it wrote to standard error.
    package let errorOutput: [UInt8]

    /// Standard output as text.
    package var outputText: String { String(decoding: output, as: UTF8.self) }
    /// Standard error as text, without the blanks at its ends.
    package var errorText: String {
      let text = String(decoding: errorOutput, as: UTF8.self)
      return String(
        text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
  }

  /// The first executable file named `name` in the folders of `path` (the form of `$PATH`),
  /// or `nil` when there is none.
  package static func find(_ name: String, in path: String) -> String? {
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/\(name)"
      if access(candidate, X_OK) == 0, let status = try? FileSystem.status(of: candidate),
        !status.isDirectory
      {
        return candidate
      }
    }
    return nil
  }

  /// Runs a program and waits for it to end.
  ///
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: Its arguments, without its name.
  ///   - environment: Its whole environment.
  ///   - folder: The folder it runs in.
  ///   - input: What it reads on standard input; `nil` for `/dev/null`.
  ///   - newSession: Whether it runs in a session of its own, without this process's
  ///     controlling terminal, so that nothing it starts can ask on the terminal.
  /// - Returns: Its exit status and what it printed.
  /// - Throws: ``Errno`` when it cannot be started. The corresponding C functions are
  ///   `posix_spawn`, `pipe`, `poll` and `waitpid`.
  package static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    in folder: String, input: [UInt8]? = nil, newSession: Bool = false
  ) throws(Errno) -> Outcome {
    // Each pair is (read end, write end); this process keeps one end of each.
    var made: [(read: Int32, write: Int32)] = []
    do throws(Errno) {
      for _ in 0..<(input == nil ? 2 : 3) { made.append(try pipeEnds()) }
    } catch {
      for pipe in made { for end in [pipe.read, pipe.write] { _ = close(end) } }
      throw error
    }
    let (output, errors) = (made[0], made[1])
    let feed = made.count == 3 ? made[2] : nil
    // Darwin's is an optional pointer that init fills in; Glibc's a structure.
    #if os(Linux)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t = nil
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let feed {
      posix_spawn_file_actions_adddup2(&actions, feed.read, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
    posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
    posix_spawn_file_actions_addchdir_np(&actions, folder)

    var argv: [UnsafeMutablePointer<CChar>?] =
      ([executable] + arguments).map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] =
      environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    // The program starts with the signals' default actions and none blocked, whatever this
    // process ignores (SIGPIPE) or blocks (the stop signals a server waits for).
    #if os(Linux)
      var attributes = posix_spawnattr_t()
    #else
      var attributes: posix_spawnattr_t = nil
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
    #if os(Linux)
      if newSession { flags |= Int32(DRAWDOC_POSIX_SPAWN_SETSID) }
    #else
      if newSession { flags |= Int32(POSIX_SPAWN_SETSID) }
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var pid = pid_t()
    let started = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
    // Only the program keeps the ends it writes to (and reads from), so the end of file is
    // seen when it ends.
    _ = close(output.write)
    _ = close(errors.write)
    if let feed { _ = close(feed.read) }
    guard started == 0 else {
      for end in [output.read, errors.read] + (feed.map { [$0.write] } ?? []) { _ = close(end) }
      throw Errno(rawValue: started)
    }
    // This process's ends never wait: a write to a full pipe must not stall reading the
    // output that would empty it.
    for end in [output.read, errors.read] + (feed.map { [$0.write] } ?? []) {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    let (printed, errorPrinted) = collect(
      output: output.read, errors: errors.read, feed: feed?.write, input: input ?? [])
    // Closed before the wait: a program still writing gets an error instead of waiting.
    _ = close(output.read)
    _ = close(errors.read)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && Errno.current == .interrupted {}
    let exited = status & 0x7f == 0
    return Outcome(
      status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: printed,
      errorOutput: errorPrinted)
  }

  /// A pipe whose ends are closed in programs started later (`O_CLOEXEC`; `dup2` clears it in
  /// the program that gets one as its standard stream). On Linux the flag is set as the pipe
  /// is made, so a program another thread starts meanwhile cannot inherit an end.
  private static func pipeEnds() throws(Errno) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    #if os(Linux)
      guard ends.withUnsafeMutableBufferPointer({ pipe2($0.baseAddress, O_CLOEXEC) }) == 0 else {
        throw Errno.current
      }
    #else
      guard ends.withUnsafeMutableBufferPointer({ pipe($0.baseAddress) }) == 0 else {
        throw Errno.current
      }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    #endif
    return (ends[0], ends[1])
  }

  /// Reads both outputs to their ends while writing `input`, waiting with `poll`.
  private static func collect(
    output: Int32, errors: Int32, feed: Int32?, input: [UInt8]
  ) -> ([UInt8], [UInt8]) {
    var collected: [[UInt8]] = [[], []]
    var open = [true, true]
    var written = 0
    var feeding = feed != nil
    if let feed, input.isEmpty {
      _ = close(feed)
      feeding = false
    }
    var buffer = [UInt8](repeating: 0, count: 65536)
    while open[0] || open[1] || feeding {
      var descriptors = [
        pollfd(fd: open[0] ? output : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: open[1] ? errors : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: feeding ? feed ?? -1 : -1, events: Int16(POLLOUT), revents: 0),
      ]
      // poll fails otherwise only for a lack of memory: stop reading, and the program gets
      // an error (or SIGPIPE) on its next write instead of waiting on a full pipe.
      guard poll(&descriptors, 3, -1) >= 0 || Errno.current == .interrupted else { break }
      for index in 0..<2 where open[index] && descriptors[index].revents != 0 {
        let count = buffer.withUnsafeMutableBytes {
          read(descriptors[index].fd, $0.baseAddress, $0.count)
        }
        if count > 0 {
          collected[index] += buffer[..<count]
        } else if count == 0 || (Errno.current != .interrupted && Errno.current != .wouldBlock) {
          open[index] = false
        }
      }
      if feeding, descriptors[2].revents != 0, let feed {
        let count = input[written...].withUnsafeBytes {
          write(feed, $0.baseAddress, $0.count)
        }
        if count > 0 { written += count }
        let stuck = count < 0 && Errno.current != .interrupted && Errno.current != .wouldBlock
        if written == input.count || stuck {
          _ = close(feed)
          feeding = false
        }
      }
    }
    return (collected[0], collected[1])
  }
}
