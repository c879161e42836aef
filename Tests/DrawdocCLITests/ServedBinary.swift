import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `drawdoc serve --port 0` on a sandbox's store, as a process of its own: its port and token
/// read from the line that gives its address, and its end waited for within a bound.
final class ServedBinary {
  let process = Process()
  /// The first line the server printed: `drawdoc serves STORE at ADDRESS`.
  let addressLine: String
  let port: Int
  let token: String
  private let output = Pipe()
  private let ended = DispatchSemaphore(value: 0)

  /// Starts the server and reads its first line. A server that prints nothing for 60 s is
  /// killed, which ends the read.
  init(_ box: Sandbox) throws {
    process.executableURL = drawdocExecutable
    process.arguments = ["serve", "--port", "0"]
    process.environment = box.environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.terminationHandler = { [ended] _ in ended.signal() }
    try process.run()
    let watchdog = DispatchWorkItem { [process] in
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    var bytes = Data()
    while !bytes.contains(UInt8(ascii: "\n")) {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { break }
      bytes += more
    }
    let text = String(decoding: bytes, as: UTF8.self)
    addressLine = String(text.prefix { $0 != "\n" })
    let address = addressLine.firstMatch(of: #/ at http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)$/#)
    port = address.flatMap { Int($0.output.1) } ?? 0
    token = address.map { String($0.output.2) } ?? ""
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  /// Waits for the server to end, killing it after `seconds`.
  ///
  /// - Returns: Whether it ended by itself; its exit status, or the signal that ended it;
  ///   and what it printed after its first line.
  func waitForEnd(within seconds: Double) -> (
    byItself: Bool, status: Int32, reason: Process.TerminationReason, rest: String
  ) {
    let byItself = ended.wait(timeout: .now() + seconds) == .success
    if !byItself {
      kill(process.processIdentifier, SIGKILL)
      ended.wait()
    }
    let rest = output.fileHandleForReading.readDataToEndOfFile()
    return (
      byItself, process.terminationStatus, process.terminationReason,
      String(decoding: rest, as: UTF8.self)
    )
  }
}
