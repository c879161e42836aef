import DrawdocSystem
import Foundation
import Testing

/// A fresh temporary folder, removed when the test is done with it (`defer remove()`).
struct Workspace {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "drawdoc-tls-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The store's `tls` folder, where the tests keep the authority.
  var authorityFolder: String { "\(path)/tls" }

  func remove() { try? FileManager.default.removeItem(atPath: path) }

  /// Writes a file of the workspace and returns its path.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = "\(path)/\(name)"
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  func read(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(path)/\(name)")))
  }

  /// A file's permission bits.
  func permissions(_ name: String) throws -> UInt16 {
    try FileSystem.status(of: "\(path)/\(name)").permissions & 0o777
  }

  /// Runs a program found on `PATH` in the workspace.
  func run(_ program: String, _ arguments: [String], input: [UInt8]? = nil) throws
    -> ChildProcess.Outcome
  {
    let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let executable = try #require(
      ChildProcess.find(program, in: searchPath), "\(program) is not installed")
    return try ChildProcess.run(
      executable, arguments, environment: ProcessInfo.processInfo.environment, in: path,
      input: input)
  }

  /// Runs `openssl` and expects it to succeed; returns what it printed.
  @discardableResult
  func openssl(_ arguments: [String], input: [UInt8]? = nil) throws -> String {
    let outcome = try run("openssl", arguments, input: input)
    #expect(
      outcome.status == 0,
      "openssl \(arguments.joined(separator: " ")): \(outcome.errorText) \(outcome.outputText)")
    return outcome.outputText
  }
}

/// The current time, in seconds since 1970.
func currentTime() -> Int64 { Int64(Date().timeIntervalSince1970) }

let day: Int64 = 86_400

/// The text of the error `body` throws, or "" (and a failed expectation) when it throws
/// none.
func errorText(_ body: () throws -> Void) -> String {
  do {
    try body()
    Issue.record("expected an error")
    return ""
  } catch {
    return "\(error)"
  }
}
