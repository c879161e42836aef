import Foundation

/// Makes a folder of its own under the system's temporary folder, for a test's files.
///
/// - Parameter name: A word for what the folder is for, in its name.
/// - Returns: The folder's path; the caller removes it.
/// - Throws: When the folder cannot be made.
package func makeTemporaryFolder(_ name: String) throws -> String {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("drawdoc-\(name)-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
