import Glibc

/// Runs a program as a child process and measures it from the outside: wall time from just
/// before `posix_spawn` to just after `wait4`, and the child's peak resident memory from the
/// `rusage` that `wait4` returns (what `/usr/bin/time -f %M` reports).
struct ChildProcess {
  /// What one run gave.
  struct Outcome {
    /// Wall-clock seconds.
    var seconds: Double
    /// CPU seconds, user + system, from `wait4`'s `rusage`.
    var cpuSeconds: Double
    /// Peak resident set size in bytes (`ru_maxrss`).
    var peakBytes: Double
    /// The exit status, or 128 + the signal number.
    var status: Int32
    /// Standard output, if captured.
    var output: String
    /// Standard error.
    var errors: String
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The program and its arguments; the program is looked up in `PATH` if it has no slash.
  var arguments: [String]
  /// Whether to keep standard output (else it goes to `/dev/null`).
  var captureOutput = false
  /// A file that receives standard error (read back into ``Outcome/errors``).
  var errorFile: String
  /// GNU time (`/usr/bin/time`), to measure peak memory; see ``run()``.
  var timeTool: String? = nil

  /// Runs the program once; standard input is `/dev/null`.
  ///
  /// With a ``timeTool``, the program runs under `time -f %M` and the peak memory is the one
  /// `time` reports; the wall time then includes `time`'s own start. Without it, the peak is
  /// `wait4`'s, which on Linux is at least the resident memory of this process: `posix_spawn`
  /// shares this process's memory until `exec`, and the kernel carries the high-water mark
  /// of that memory over `exec` into the child's `ru_maxrss`. GNU time, a small process that
  /// forks, keeps that floor at about 2 MB.
  func run() throws -> Outcome {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var pipeEnds: [Int32] = [-1, -1]
    if captureOutput {
      guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe failed") }
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
      posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    let rssFile = errorFile + ".rss"
    let command = timeTool.map { [$0, "-f", "%M", "-o", rssFile] + arguments } ?? arguments
    let cArguments = command.map { strdup($0) }
    defer { cArguments.forEach { free($0) } }
    var argv = cArguments + [nil]

    var pid: pid_t = 0
    let start = Clock.now()
    let spawned = posix_spawnp(&pid, command[0], &actions, nil, &argv, environ)
    if captureOutput { close(pipeEnds[1]) }
    guard spawned == 0 else {
      if captureOutput { close(pipeEnds[0]) }
      throw Failure(
        description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    var output: [UInt8] = []
    if captureOutput {
      var chunk = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        output += chunk[..<count]
      }
      close(pipeEnds[0])
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw Failure(description: "wait4 failed") }
    }
    let seconds = Clock.now() - start
    let signal = status & 0x7F
    let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    let errors = (try? Files.read(errorFile)) ?? []
    var peakKilobytes = Double(usage.ru_maxrss)
    if timeTool != nil {
      // `time -o` appends "Command exited with non-zero status N" before the figure.
      let report = String(decoding: try Files.read(rssFile), as: UTF8.self)
      guard let last = report.split(separator: "\n").last, let figure = Double(last) else {
        throw Failure(description: "cannot read the peak memory from '\(report)'")
      }
      peakKilobytes = figure
    }
    return Outcome(
      seconds: seconds,
      cpuSeconds: Self.seconds(usage.ru_utime) + Self.seconds(usage.ru_stime),
      peakBytes: peakKilobytes * 1024, status: exitStatus,
      output: String(decoding: output, as: UTF8.self),
      errors: String(decoding: errors, as: UTF8.self))
  }

  private static func seconds(_ time: timeval) -> Double {
    Double(time.tv_sec) + Double(time.tv_usec) / 1e6
  }

  /// Runs the program and fails unless it exits with status 0.
  func runChecked() throws -> Outcome {
    let outcome = try run()
    guard outcome.status == 0 else {
      throw Failure(
        description: "\(arguments.joined(separator: " ")) exited with status "
          + "\(outcome.status)\n\(outcome.errors)")
    }
    return outcome
  }
}

/// A program left running, its standard output on a pipe this process reads: how the
/// benchmark runs `drawdoc watch`.
struct RunningProcess {
  let pid: pid_t
  /// The pipe's reading end; its writing end is the child's standard output only, so a read
  /// returns 0 once the child has exited.
  let output: Int32

  /// Starts `arguments[0]` (looked up in `PATH` if it has no slash) with standard input from
  /// `/dev/null` and standard error into `errorFile`.
  init(_ arguments: [String], errorFile: String) throws {
    var pipeEnds: [Int32] = [-1, -1]
    // Close-on-exec, so that no other child ever holds the writing end open.
    guard pipe(&pipeEnds) == 0 else { throw ChildProcess.Failure(description: "pipe failed") }
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    // dup2 clears close-on-exec on the new descriptor.
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    let cArguments = arguments.map { strdup($0) }
    defer { cArguments.forEach { free($0) } }
    var argv = cArguments + [nil]
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
    close(pipeEnds[1])
    guard spawned == 0 else {
      close(pipeEnds[0])
      throw ChildProcess.Failure(
        description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    self.pid = pid
    output = pipeEnds[0]
  }

  /// Sends a signal.
  func signal(_ number: Int32) { kill(pid, number) }

  /// Waits for the child to end and returns its exit status, or 128 + the signal number;
  /// after `seconds`, it is sent SIGKILL.
  func wait(killingAfter seconds: Double = 5) -> Int32 {
    var status: Int32 = 0
    let deadline = Clock.now() + seconds
    var killed = false
    while true {
      let ended = waitpid(pid, &status, killed ? 0 : WNOHANG)
      if ended == pid { break }
      if ended < 0 {
        guard errno == EINTR else { return -1 }
        continue
      }
      if Clock.now() > deadline {
        kill(pid, SIGKILL)
        killed = true
      } else {
        usleep(2000)
      }
    }
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}
