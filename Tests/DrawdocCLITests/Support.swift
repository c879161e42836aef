import DrawdocCLI
import Foundation
import Testing

/// The repository's root folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What one run of a command produced.
struct CommandResult {
  var status: Int32
  var standardOutput: String
  var standardError: String
}

/// Runs drawdoc in this process, as `main.swift` does.
func drawdoc(_ arguments: String..., environment: [String: String] = [:]) -> CommandResult {
  drawdoc(arguments, environment: environment)
}

/// Runs drawdoc in this process, as `main.swift` does.
func drawdoc(_ arguments: [String], environment: [String: String] = [:]) -> CommandResult {
  let output = BufferSink()
  let error = BufferSink()
  let status = DrawdocCLI.run(
    arguments: arguments, environment: environment, standardOutput: output,
    standardError: error)
  return CommandResult(status: status, standardOutput: output.text, standardError: error.text)
}

/// The built `drawdoc` executable, beside the test bundle.
let drawdocExecutable: URL = {
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("drawdoc").path),
    folder.path != "/"
  {
    folder.deleteLastPathComponent()
  }
  return folder.appendingPathComponent("drawdoc")
}()

/// Runs the real `drawdoc` binary and waits for it. A `launcher` such as
/// `["/usr/bin/valgrind", "-q"]` runs the binary under that program.
func runBinary(
  _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil,
  launcher: [String] = []
) throws -> CommandResult {
  if let program = launcher.first {
    return try runProgram(
      program, launcher.dropFirst() + [drawdocExecutable.path] + arguments, input: input,
      environment: environment)
  }
  return try runProgram(drawdocExecutable.path, arguments, input: input, environment: environment)
}

/// Runs a program and waits for it. Its output goes to temporary files, not pipes, so a
/// program that writes more than a pipe holds to both streams cannot deadlock with a reader
/// that drains one stream before the other.
func runProgram(
  _ program: String, _ arguments: [String], input: Data? = nil,
  environment: [String: String]? = nil, in directory: String? = nil
) throws -> CommandResult {
  let folder = try makeTemporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let outputURL = folder.appendingPathComponent("stdout")
  let errorURL = folder.appendingPathComponent("stderr")
  let inputURL = folder.appendingPathComponent("stdin")
  for url in [outputURL, errorURL] {
    FileManager.default.createFile(atPath: url.path, contents: nil)
  }
  FileManager.default.createFile(atPath: inputURL.path, contents: input ?? Data())
  let output = try FileHandle(forWritingTo: outputURL)
  let error = try FileHandle(forWritingTo: errorURL)
  let standardInput = try FileHandle(forReadingFrom: inputURL)
  defer {
    try? output.close()
    try? error.close()
    try? standardInput.close()
  }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = arguments
  if let environment { process.environment = environment }
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  process.standardOutput = output
  process.standardError = error
  process.standardInput = standardInput
  try process.run()
  process.waitUntilExit()
  return CommandResult(
    status: process.terminationStatus,
    standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
    standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}

/// Runs independent jobs side by side, as many at once as the machine has processors, and
/// returns their results in the jobs' order. A job that waits for a process waits on a thread
/// of its own. The caller checks the results, on its own thread, once every job is done.
func concurrently<Value: Sendable>(_ jobs: [@Sendable () throws -> Value]) -> [JobResult<Value>] {
  let results = Results<Value>(count: jobs.count)
  DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
    results.set(index, Result { try jobs[index]() })
  }
  return results.all
}

/// What one job of ``concurrently(_:)`` returned or threw.
typealias JobResult<Value> = Result<Value, any Error>

/// The results of ``concurrently(_:)``, each set once from any thread.
private final class Results<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [JobResult<Value>?]

  init(count: Int) { values = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: JobResult<Value>) {
    lock.lock()
    values[index] = value
    lock.unlock()
  }

  var all: [JobResult<Value>] {
    lock.lock()
    defer { lock.unlock() }
    return values.map { $0 ?? .failure(NotRun()) }
  }

  /// A job that did not run.
  private struct NotRun: Error {}
}

/// A fresh temporary folder, removed by the caller.
func makeTemporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "drawdoc-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// GNU time, which gives a run's peak resident set size (`-f %M`, in KB).
///
/// - Throws: When it is not installed.
func gnuTime() throws -> String {
  let time = "/usr/bin/time"
  try #require(
    FileManager.default.isExecutableFile(atPath: time),
    "GNU time is missing: bash .ci/setup installs it")
  return time
}

func schema(_ name: String) -> String {
  repositoryRoot.appendingPathComponent("Schema/\(name)").path
}

/// Validates JSON text against a JSON Schema with python3's jsonschema; returns the
/// violations, one per line, or "" when the text is valid.
func schemaViolations(_ json: String, schema schemaPath: String) throws -> String {
  let script = """
    import json, sys
    import jsonschema
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    data = json.load(open(sys.argv[2]))
    errors = [f"{list(e.absolute_path)}: {e.message}"
              for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]
    print("\\n".join(errors))
    sys.exit(1 if errors else 0)
    """
  let dataFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("drawdoc-schema-\(UUID().uuidString).json")
  try Data(json.utf8).write(to: dataFile)
  defer { try? FileManager.default.removeItem(at: dataFile) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", script, schemaPath, dataFile.path]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  if process.terminationStatus != 0 && text.isEmpty { return "python3 exited with failure" }
  return text.trimmingCharacters(in: .whitespacesAndNewlines)
}
