import Foundation

/// What a program (found on `PATH`) writes to its standard output when given `input` on its
/// standard input: for results from independent tools.
func output(of arguments: [String], input: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  let standardInput = Pipe()
  let standardOutput = Pipe()
  process.standardInput = standardInput
  process.standardOutput = standardOutput
  try process.run()
  standardInput.fileHandleForWriting.write(Data(input.utf8))
  try standardInput.fileHandleForWriting.close()
  let data = standardOutput.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}
