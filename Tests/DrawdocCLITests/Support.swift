import DrawdocCLI
import Foundation

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

/// Runs the real `drawdoc` binary and waits for it.
func runBinary(_ arguments: [String], input: Data? = nil, environment: [String: String]? = nil)
  throws -> CommandResult
{
  let process = Process()
  process.executableURL = drawdocExecutable
  process.arguments = arguments
  if let environment { process.environment = environment }
  let output = Pipe()
  let error = Pipe()
  let standardInput = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = standardInput
  try process.run()
  if let input { standardInput.fileHandleForWriting.write(input) }
  try standardInput.fileHandleForWriting.close()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return CommandResult(
    status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
    standardError: String(decoding: errorData, as: UTF8.self))
}

/// A fresh temporary folder, removed by the caller.
func makeTemporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "drawdoc-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
